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
 * How a data file is split and read, for the batch scan, the change feed and the streams alike:
 * {@code FileSplitter} cuts files into {@code FileSplit}s and groups them into tasks ({@code
 * DeltaXInputPartition}, or {@code KeyedInputPartition} where a task holds one partition's files);
 * {@code SparkParquet} is the one touch point with Spark's internal vectorized Parquet reader, with
 * {@code FieldIdLookup} for column mapping's id mode in its row-based reader; {@code SplitFirstRow}
 * is the row index a split's counted indexes start at; {@code DataFileFooter} reads a data file's
 * whole footer on the driver, and what its statistics tell of a whole-number column; {@code
 * Schemas} holds the small schema operations the scans share.
 */
package io.deltax.read.files;
