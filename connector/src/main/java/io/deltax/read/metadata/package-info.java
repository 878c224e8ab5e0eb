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
 * The {@code _metadata} column: the fields a scan may select ({@code MetadataField}, {@code
 * MetadataColumns}), the read plan that says where each comes from ({@code MetadataReadPlan}), and
 * the columnar and row-based assemblers that put it together per batch. {@code MetadataParquetRead}
 * chooses, for a table scan and a change feed alike, whether row indexes are counted or read from
 * Spark's column. Row IDs are computed in {@code io.deltax.rowtracking.RowIdVectors}; deleted rows
 * are dropped in {@code io.deltax.deletionvectors}.
 */
package io.deltax.read.metadata;
