/**
 * Which tables deltax may read and write (PROTOCOL.md, "Protocol Evolution" and "Table Features"):
 * the reader features deltax implements and the check every snapshot passes before a data file is
 * opened. Depends only on the actions and the errors.
 */
package io.deltax.protocol;
