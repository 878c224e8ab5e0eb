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
package io.deltax.log;

import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;

/**
 * What one commit still in the log did, for history questions ("when was row tracking enabled?").
 *
 * @param timestamp the in-commit timestamp where the commit has one, else the file's time
 * @param operation the {@code commitInfo} operation, or null when the commit has none
 * @param metadata the commit's {@code metaData} action, or null
 * @param protocol the commit's {@code protocol} action, or null
 */
public record CommitSummary(
    long version, long timestamp, String operation, Metadata metadata, Protocol protocol) {}
