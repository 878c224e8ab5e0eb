/**
 * Test helpers shared by the connector's tests and, through the connector's test jar, by the
 * integration tests: real components under a test's own name, never mocks. The integration tests'
 * local file system is Hadoop's, with permissions and link status read and set without starting
 * processes ({@link io.deltax.testing.ShellFreeLocalFileSystem}). Unit tests that read a log
 * write it by hand through {@link io.deltax.testing.TestLog}: commits as lines or actions, and
 * the action lines most of them need.
 */
package io.deltax.testing;
