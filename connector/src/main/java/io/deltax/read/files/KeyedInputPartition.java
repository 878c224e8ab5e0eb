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
package io.deltax.read.files;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.HasPartitionKey;

/**
 * A task whose splits all hold files of one table partition, with that partition's values as the
 * key Spark groups tasks by in a storage-partitioned join. Several tasks may share a key: Spark
 * reads them as one group.
 *
 * @param partition the task's splits
 * @param partitionKey the partition's values in Spark's internal form, in the order of the keys the
 *     scan reports
 */
public record KeyedInputPartition(DeltaXInputPartition partition, InternalRow partitionKey)
    implements HasPartitionKey {}
