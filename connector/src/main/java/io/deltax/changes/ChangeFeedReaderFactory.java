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
package io.deltax.changes;

import io.deltax.changes.derive.ChangeRow;
import io.deltax.changes.derive.CommitChangeDeriver;
import io.deltax.changes.derive.CommitSlice;
import io.deltax.changes.derive.NetChanges;
import io.deltax.changes.files.ChangeFileReader;
import io.deltax.changes.files.TaskReadFunctions;
import io.deltax.conf.ChangeFeedRequest.ChangeMode;
import java.time.ZoneId;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.SerializableConfiguration;

/**
 * Ships what a change feed task needs to the executors and runs it: the commits' changes derived
 * one commit after another ({@code all}), or collapsed per row ID over the task's commits ({@code
 * net}), each put into the output row Spark asked for.
 */
final class ChangeFeedReaderFactory implements PartitionReaderFactory {
  private final TaskReadFunctions reads;
  private final StructType physicalPartitionSchema;
  private final ZoneId sessionZone;
  private final String tableRoot;
  private final Broadcast<SerializableConfiguration> hadoopConf;
  private final ChangeFeedOutput output;
  private final ChangeMode mode;

  ChangeFeedReaderFactory(
      TaskReadFunctions reads,
      StructType physicalPartitionSchema,
      ZoneId sessionZone,
      String tableRoot,
      Broadcast<SerializableConfiguration> hadoopConf,
      ChangeFeedOutput output,
      ChangeMode mode) {
    this.reads = reads;
    this.physicalPartitionSchema = physicalPartitionSchema;
    this.sessionZone = sessionZone;
    this.tableRoot = tableRoot;
    this.hadoopConf = hadoopConf;
    this.output = output;
    this.mode = mode;
  }

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    ChangeFileReader files =
        new ChangeFileReader(
            reads, physicalPartitionSchema, sessionZone, tableRoot, hadoopConf.value().value());
    return new ChangesReader(((ChangeFeedInputPartition) partition).commits(), files);
  }

  /** The changes of the task's commits, in version order. */
  private final class ChangesReader implements PartitionReader<InternalRow> {
    private final Iterator<CommitSlice> commits;
    private final ChangeFileReader files;
    private CommitChangeDeriver current;

    /** Set in net mode once every commit was read. */
    private Iterator<ChangeRow> net;

    private InternalRow value;

    ChangesReader(List<CommitSlice> commits, ChangeFileReader files) {
      this.commits = commits.iterator();
      this.files = files;
    }

    @Override
    public boolean next() {
      if (mode == ChangeMode.NET) {
        if (net == null) {
          NetChanges collapse = new NetChanges();
          ChangeRow change;
          while ((change = nextChange()) != null) {
            collapse.add(change, output.hasRowId(change.row()));
          }
          net = collapse.result();
        }
        return emit(net.hasNext() ? net.next() : null);
      }
      return emit(nextChange());
    }

    private boolean emit(ChangeRow change) {
      value = change == null ? null : output.toOutput(change);
      return change != null;
    }

    /** The next change of the task's commits, or null after the last. */
    private ChangeRow nextChange() {
      while (current == null || !current.hasNext()) {
        if (current != null) {
          current.close();
          current = null;
        }
        if (!commits.hasNext()) {
          return null;
        }
        current = new CommitChangeDeriver(commits.next(), files);
      }
      return current.next();
    }

    @Override
    public InternalRow get() {
      return value;
    }

    @Override
    public void close() {
      if (current != null) {
        current.close();
      }
    }
  }
}
