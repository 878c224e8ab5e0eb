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
 * A stream's schema log ({@code schemaTrackingLocation}), as delta-spark keeps it: {@code
 * SchemaLog}, the directory of numbered entries in delta-spark's on-disk format; {@code
 * PersistedMetadata}, one entry; {@code SchemaChange}, what a logged change renamed, dropped or
 * widened; {@code UnblockSettings}, the SQL confs and reader options that let a stream read on past
 * one; {@code ConsecutiveMetadataChanges}, the run of metadata-only commits a restart merges into
 * one entry; {@code SchemaTracking}, what a stream asks of its log.
 *
 * <p>Below {@code io.deltax.streaming}, which cuts its micro-batches where the metadata changes and
 * stops there; above {@code io.deltax.log} (the commits a merge reads) and {@code
 * io.deltax.actions}. The load ({@code io.deltax.catalog}) reads the log for the schema a restarted
 * stream reads with.
 */
package io.deltax.streaming.schema;
