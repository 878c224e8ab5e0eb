/**
 * Test helpers shared by the connector's tests and, through the connector's test jar, by the
 * integration tests: real components under a test's own name, never mocks.
 */
package io.deltax.testing;
