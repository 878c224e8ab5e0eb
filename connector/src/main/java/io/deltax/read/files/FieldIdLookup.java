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

import java.io.Serializable;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.internal.SQLConf$;
import scala.Function1;
import scala.collection.Iterator;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractFunction1;

/**
 * A read function run with Spark's field-ID lookup on in the task's SQL conf too, for a session
 * that has it off. Spark's vectorized Parquet reader takes the flag from the Hadoop configuration
 * it is given ({@link SparkParquet#readFunction} sets it there); its row-based converter ({@code
 * ParquetRowConverter}, used where the vectorized reader is off or cannot read a type) takes it
 * from {@code SQLConf.get}, the task's copy of the session's conf. Without it there, the columns of
 * an id-mode file named otherwise than their physical names would read as nulls.
 */
final class FieldIdLookup extends AbstractFunction1<PartitionedFile, Iterator<InternalRow>>
    implements Serializable {
  private static final long serialVersionUID = 1L;

  private final Function1<PartitionedFile, Iterator<InternalRow>> read;

  /** The task's conf with the lookup on, made once per task: the task's own cannot be copied. */
  private transient SQLConf withLookup;

  FieldIdLookup(Function1<PartitionedFile, Iterator<InternalRow>> read) {
    this.read = read;
  }

  @Override
  public Iterator<InternalRow> apply(PartitionedFile file) {
    if (withLookup == null) {
      SQLConf conf = new SQLConf();
      CollectionConverters.asJava(SQLConf.get().getAllConfs()).forEach(conf::setConfString);
      conf.setConfString(SQLConf.PARQUET_FIELD_ID_READ_ENABLED().key(), "true");
      withLookup = conf;
    }
    // The row converter is built when the file is opened, within this call.
    return SQLConf$.MODULE$.withExistingConf(withLookup, () -> read.apply(file));
  }
}
