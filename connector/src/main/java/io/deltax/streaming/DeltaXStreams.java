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
package io.deltax.streaming;

import io.deltax.changes.ChangeStreams;
import io.deltax.read.FileStreams;
import org.apache.spark.sql.connector.read.streaming.MicroBatchStream;

/**
 * The two streams, as the load's entry point hands them to the tables it loads ({@code
 * io.deltax.catalog}): the table's files ({@link FileStreams}) and its changes ({@link
 * ChangeStreams}).
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
