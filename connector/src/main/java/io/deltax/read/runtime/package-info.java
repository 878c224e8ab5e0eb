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
 * Runtime filtering: the filters Spark hands a scan once the other side of a join has run (dynamic
 * partition pruning, {@code SupportsRuntimeFiltering}). {@link
 * io.deltax.read.runtime.RuntimeFilterColumns} says which columns Spark may filter on; {@link
 * io.deltax.read.runtime.RuntimeFilters} keeps the filters a scan was given and drops the files
 * they rule out, by the same partition values, statistics and row ID ranges as {@code
 * io.deltax.read.skipping}. {@link io.deltax.read.runtime.PlannedFiles} is a batch scan's choice of
 * files: the pushed filters' skipping, then the runtime filters, then the files an aggregate or an
 * order with a limit needs and a pushed limit ({@code io.deltax.read.pushdown}), counted for the UI
 * ({@code io.deltax.read.metrics}).
 *
 * <p>Not here: the evaluation of a filter on a file's bounds ({@code io.deltax.read.skipping}); the
 * rows' own filtering, which Spark still does after the scan.
 */
package io.deltax.read.runtime;
