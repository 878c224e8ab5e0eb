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
package io.deltax.read.metrics;

import java.util.Locale;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomSumMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * The metrics deltax's scan nodes show in the Spark UI. Spark builds each by its class name, so
 * each is a public class with a public constructor and no state; every one is a sum, of the tasks'
 * values or of the one value the driver reports. The names are what the UI and {@code
 * SQLAppStatusStore} key them by.
 */
public final class ScanMetrics {
  public static final String FILES_PLANNED = "deltaxFilesPlanned";
  public static final String BYTES_PLANNED = "deltaxBytesPlanned";
  public static final String PRUNED_BY_PARTITION = "deltaxFilesPrunedByPartition";
  public static final String SKIPPED_BY_STATISTICS = "deltaxFilesSkippedByStatistics";
  public static final String SKIPPED_BY_ROW_ID = "deltaxFilesSkippedByRowId";
  public static final String SKIPPED_BY_RUNTIME_FILTER = "deltaxFilesSkippedByRuntimeFilter";
  public static final String DELETION_VECTOR_ROWS_DROPPED = "deltaxDeletionVectorRowsDropped";
  public static final String SNAPSHOT_LOAD_TIME = "deltaxSnapshotLoadTime";
  public static final String LOG_FILES_READ = "deltaxLogFilesRead";

  private ScanMetrics() {}

  /** Every metric a batch scan reports. */
  public static CustomMetric[] batchScan() {
    return new CustomMetric[] {
      new FilesPlanned(),
      new BytesPlanned(),
      new FilesPrunedByPartition(),
      new FilesSkippedByStatistics(),
      new FilesSkippedByRowId(),
      new FilesSkippedByRuntimeFilter(),
      new DeletionVectorRowsDropped(),
      new SnapshotLoadTime(),
      new LogFilesRead()
    };
  }

  /**
   * What a change feed scan reports: the files its commits name, their bytes, and what loading the
   * table's latest snapshot took.
   */
  public static CustomMetric[] changeFeedScan() {
    return new CustomMetric[] {
      new FilesPlanned(), new BytesPlanned(), new SnapshotLoadTime(), new LogFilesRead()
    };
  }

  /** A value for the metric named {@code name}. */
  public static CustomTaskMetric value(String name, long value) {
    return new CustomTaskMetric() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public long value() {
        return value;
      }
    };
  }

  private abstract static class Sum extends CustomSumMetric {
    private final String name;
    private final String description;

    Sum(String name, String description) {
      this.name = name;
      this.description = description;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public String description() {
      return description;
    }
  }

  public static final class FilesPlanned extends Sum {
    public FilesPlanned() {
      super(FILES_PLANNED, "deltax files planned");
    }
  }

  public static final class BytesPlanned extends Sum {
    public BytesPlanned() {
      super(BYTES_PLANNED, "deltax bytes planned");
    }
  }

  public static final class FilesPrunedByPartition extends Sum {
    public FilesPrunedByPartition() {
      super(PRUNED_BY_PARTITION, "deltax files pruned by partition filters");
    }
  }

  public static final class FilesSkippedByStatistics extends Sum {
    public FilesSkippedByStatistics() {
      super(SKIPPED_BY_STATISTICS, "deltax files skipped by statistics");
    }
  }

  public static final class FilesSkippedByRowId extends Sum {
    public FilesSkippedByRowId() {
      super(SKIPPED_BY_ROW_ID, "deltax files skipped by row ID");
    }
  }

  public static final class FilesSkippedByRuntimeFilter extends Sum {
    public FilesSkippedByRuntimeFilter() {
      super(SKIPPED_BY_RUNTIME_FILTER, "deltax files skipped by runtime filters");
    }
  }

  public static final class DeletionVectorRowsDropped extends Sum {
    public DeletionVectorRowsDropped() {
      super(DELETION_VECTOR_ROWS_DROPPED, "deltax rows dropped by deletion vectors");
    }
  }

  public static final class LogFilesRead extends Sum {
    public LogFilesRead() {
      super(LOG_FILES_READ, "deltax log files read");
    }
  }

  /** Nanoseconds, summed, shown in milliseconds. */
  public static final class SnapshotLoadTime implements CustomMetric {
    @Override
    public String name() {
      return SNAPSHOT_LOAD_TIME;
    }

    @Override
    public String description() {
      return "deltax snapshot load time";
    }

    @Override
    public String aggregateTaskMetrics(long[] nanos) {
      long sum = 0;
      for (long n : nanos) {
        sum += n;
      }
      return String.format(Locale.ROOT, "%.1f ms", sum / 1e6);
    }
  }
}
