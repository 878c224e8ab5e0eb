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
package io.deltax.changes.derive;

import org.apache.spark.sql.catalyst.InternalRow;

/**
 * One row of the change feed before its output columns are put together.
 *
 * @param row as {@link FileRows} read it: the read columns, then (for files with row IDs) the
 *     {@code (row_id, row_commit_version)} struct
 */
public record ChangeRow(InternalRow row, ChangeType type, long version, long timestampMillis) {}
