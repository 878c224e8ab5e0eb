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
 * Change rows derived from one commit's files. {@link io.deltax.changes.derive.CommitChangeDeriver}
 * matches a commit's removed and added rows by row ID (inserts, updates with pre-images, deletes);
 * {@link io.deltax.changes.derive.CommitSlice} deals a large commit's files to several tasks;
 * {@link io.deltax.changes.derive.NetChanges} collapses a range to one entry per row ID; {@link
 * io.deltax.changes.derive.ChangeFeedColumns} names the columns a change feed adds, as delta-spark
 * names them.
 *
 * <p>Rows come through {@link io.deltax.changes.derive.FileRows}, which {@code changes.files}
 * implements with Spark's Parquet reader: nothing here opens a file.
 */
package io.deltax.changes.derive;
