package io.deltax.read;

import io.deltax.changes.ChangeBounds;
import io.deltax.conf.ChangeFeedRequest;
import io.deltax.conf.ReadConf;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import java.util.ServiceLoader;
import org.apache.spark.sql.connector.read.streaming.MicroBatchStream;
import org.apache.spark.sql.types.StructType;

/**
 * Where the read chain hands a {@code readStream} to {@code io.deltax.streaming}. That package
 * sits above this one (it reads its micro-batches through {@link StreamBatches}), so the scans
 * find it as a service ({@code META-INF/services}) instead of importing it.
 */
public interface MicroBatchStreams {

  /** What a scan knows when Spark asks it for a stream of the table's files. */
  record FileStreamScan(TransactionLog log, Snapshot snapshot, StructType requiredSchema,
      ReadConf conf) {}

  /**
   * What a change feed scan knows when Spark asks it for a stream of changes: the range's bounds
   * only, since the stream reads each micro-batch's commits itself.
   */
  record ChangeStreamScan(ChangeBounds bounds, ChangeFeedRequest request, StructType requiredSchema,
      ReadConf conf) {}

  MicroBatchStream files(FileStreamScan scan, String checkpointLocation);

  MicroBatchStream changes(ChangeStreamScan scan, String checkpointLocation);

  /** The one implementation on the class path. */
  static MicroBatchStreams get() {
    return ServiceLoader.load(MicroBatchStreams.class, MicroBatchStreams.class.getClassLoader())
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("deltax's streaming classes are missing "
            + "from the class path (io.deltax.streaming)"));
  }
}
