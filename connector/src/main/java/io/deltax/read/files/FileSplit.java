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

import io.deltax.actions.DeletionVectorDescriptor;
import java.io.Serializable;
import org.apache.spark.sql.execution.datasources.PartitionedFile;

/**
 * A byte range of one data file, as Spark's Parquet reader takes it, with the file's deletion
 * vector (null when it has none).
 */
public record FileSplit(PartitionedFile file, DeletionVectorDescriptor deletionVector)
    implements Serializable {}
