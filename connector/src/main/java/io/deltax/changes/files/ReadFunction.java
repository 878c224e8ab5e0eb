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
package io.deltax.changes.files;

import io.deltax.read.metadata.MetadataReadPlan;
import java.io.Serializable;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.types.StructType;
import scala.Function1;
import scala.collection.Iterator;

/**
 * One way a change feed reads a file, built on the driver: Spark's Parquet read function, the
 * {@link MetadataReadPlan} that adds row IDs and applies deletion vectors, the Parquet reader's row
 * schema for the row assembler, and whether the function returns batches (where Spark's vectorized
 * reader can return the schema as batches) or rows.
 */
public record ReadFunction(
    Function1<PartitionedFile, Iterator<InternalRow>> readFunction,
    MetadataReadPlan plan,
    StructType parquetOutput,
    boolean batch)
    implements Serializable {}
