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
 * How a change feed task reads a commit's files, as {@code changes.derive} consumes them ({@link
 * io.deltax.changes.derive.FileRows}). {@link io.deltax.changes.files.ChangeFileReader} opens one
 * {@code ChangeFile} with the {@link io.deltax.changes.files.ReadFunction} built for its kind on
 * the driver ({@link io.deltax.changes.files.TaskReadFunctions}): Spark's Parquet read function,
 * the {@code _metadata} read plan and deletion vectors. The live rows come by batches ({@code
 * LiveRowsByBatch}) or by rows ({@code LiveRowsByRow}); change data files' rows with their recorded
 * change type ({@code RecordedChangeRows}).
 */
package io.deltax.changes.files;
