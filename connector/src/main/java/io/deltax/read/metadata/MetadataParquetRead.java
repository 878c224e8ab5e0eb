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
package io.deltax.read.metadata;

import java.util.function.Predicate;
import org.apache.spark.sql.types.StructType;

/**
 * Which of a metadata read's two plans Spark's Parquet reader is given, and whether it reads by
 * batches: the one choice a table scan and a change feed make alike.
 *
 * <p>The counting plan leaves out Spark's row index column and has the batch assembler count
 * indexes instead (Spark fills that column from a boxed Scala range; see README, "Row IDs in a
 * scan"). It is taken only where counting is exact and the reader still returns batches:
 *
 * <ul>
 *   <li>the caller allows it: no filter reaches the reader, which could otherwise skip row groups
 *       and pages, so that every row read follows the one before it in its file;
 *   <li>the reading plan's output is read by batches (counting needs a batch assembler);
 *   <li>the counting plan's output is too (it has one column fewer, so it is unless Spark's rule
 *       changes).
 * </ul>
 *
 * @param plan the plan to ship with the reader factory
 * @param output what Spark's reader returns for it: required data columns, then partition values
 * @param byBatches whether the reader returns batches
 */
public record MetadataParquetRead(MetadataReadPlan plan, StructType output, boolean byBatches) {

  /**
   * @param reading the plan that reads Spark's row index column
   * @param counting the same plan, counting row indexes
   * @param mayCount whether the caller's reads allow counting (no filter reaches the reader)
   * @param readData the data columns the query reads, physical names
   * @param readPartition the partition columns the query reads
   * @param readsByBatches Spark's answer to "does the vectorized reader return this by batches?"
   */
  public static MetadataParquetRead choose(
      MetadataReadPlan reading,
      MetadataReadPlan counting,
      boolean mayCount,
      StructType readData,
      StructType readPartition,
      Predicate<StructType> readsByBatches) {
    StructType readingOutput = reading.parquetOutputSchema(readData, readPartition);
    if (!readsByBatches.test(readingOutput)) {
      return new MetadataParquetRead(reading, readingOutput, false);
    }
    if (mayCount) {
      StructType countingOutput = counting.parquetOutputSchema(readData, readPartition);
      if (readsByBatches.test(countingOutput)) {
        return new MetadataParquetRead(counting, countingOutput, true);
      }
    }
    return new MetadataParquetRead(reading, readingOutput, true);
  }
}
