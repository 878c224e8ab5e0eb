/**
 * Which files a scan can skip: partition pruning and data skipping from the log's statistics
 * (PROTOCOL.md, "Per-file Statistics"), row ID ranges and row data version bounds.
 */
package io.deltax.read.skipping;
