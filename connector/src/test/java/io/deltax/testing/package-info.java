/**
 * Test helpers shared by the connector's tests and, through the connector's test jar, by the
 * integration tests: real components under a test's own name, never mocks. The integration tests'
 * local file system is Hadoop's, with permissions and link status read and set without starting
 * processes ({@link io.deltax.testing.ShellFreeLocalFileSystem}).
 */
package io.deltax.testing;
