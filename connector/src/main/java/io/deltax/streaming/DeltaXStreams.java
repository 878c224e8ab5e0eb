package io.deltax.streaming;

import io.deltax.read.MicroBatchStreams;
import org.apache.spark.sql.connector.read.streaming.MicroBatchStream;

/**
 * The read chain's way in (the service {@code read.MicroBatchStreams}, listed in
 * {@code META-INF/services}). Offsets live in the query's checkpoint, so the checkpoint location
 * itself is not used.
 */
public final class DeltaXStreams implements MicroBatchStreams {
  @Override
  public MicroBatchStream files(FileStreamScan scan, String checkpointLocation) {
    return new DeltaXMicroBatchStream(scan);
  }

  @Override
  public MicroBatchStream changes(ChangeStreamScan scan, String checkpointLocation) {
    return new ChangeFeedMicroBatchStream(scan);
  }
}
