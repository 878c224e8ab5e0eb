/*
 * Copyright 2026 The deltax Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
/**
 * Test helpers shared by the connector's tests and, through the connector's test jar, by the
 * integration tests: real components under a test's own name, never mocks. The integration tests'
 * local file system is Hadoop's, with permissions and link status read and set without starting
 * processes ({@link io.deltax.testing.ShellFreeLocalFileSystem}). Unit tests that read a log write
 * it by hand through {@link io.deltax.testing.TestLog}: commits as lines or actions, and the action
 * lines most of them need.
 */
package io.deltax.testing;
