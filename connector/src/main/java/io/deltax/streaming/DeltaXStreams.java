package io.deltax.streaming;

import io.deltax.changes.ChangeStreams;
import io.deltax.read.FileStreams;
import org.apache.spark.sql.connector.read.streaming.MicroBatchStream;

/**
 * The two streams, as the load's entry point hands them to the tables it loads
 * ({@code io.deltax.catalog}): the table's files ({@link FileStreams}) and its changes
 * ({@link ChangeStreams}).
 */
public final class DeltaXStreams implements FileStreams, ChangeStreams {
  public static final DeltaXStreams INSTANCE = new DeltaXStreams();

  private DeltaXStreams() {}

  @Override
  public MicroBatchStream files(FileStreamScan scan) {
    return new DeltaXMicroBatchStream(scan);
  }

  @Override
  public MicroBatchStream changes(ChangeStreamScan scan) {
    return new ChangeFeedMicroBatchStream(scan);
  }
}
