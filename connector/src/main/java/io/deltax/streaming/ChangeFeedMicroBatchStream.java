package io.deltax.streaming;

import io.deltax.changes.ChangeRange;
import io.deltax.changes.ChangeRangePlanner;
import io.deltax.columnmapping.ColumnMapping;
import io.deltax.conf.ChangeFeedRequest;
import io.deltax.conf.ChangeFeedRequest.ChangeMode;
import io.deltax.conf.DeltaXConf;
import io.deltax.conf.StreamRequest;
import io.deltax.errors.DeltaXErrors;
import io.deltax.log.TransactionLog;
import io.deltax.read.MicroBatchStreams.ChangeStreamScan;
import io.deltax.read.StreamBatches;
import io.deltax.snapshots.LoadedSnapshot;
import io.deltax.snapshots.SnapshotLoader;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.streaming.MicroBatchStream;
import org.apache.spark.sql.connector.read.streaming.Offset;
import org.apache.spark.sql.connector.read.streaming.ReadLimit;
import org.apache.spark.sql.connector.read.streaming.ReportsSourceMetrics;
import org.apache.spark.sql.connector.read.streaming.SupportsAdmissionControl;
import org.apache.spark.sql.connector.read.streaming.SupportsTriggerAvailableNow;
import org.apache.spark.sql.types.StructType;

/**
 * {@code readStream} with {@code readChangeFeed = true}: the change feed of
 * {@code io.deltax.changes}, whole commits per micro-batch (each batch is the batch change feed of
 * its versions, {@code changeMode = all}), from {@code startingVersion} or
 * {@code startingTimestamp}. Offsets are {@link DeltaXSourceOffset}s before a version.
 * {@code maxFilesPerTrigger} counts the files the commits add and remove; a batch holds at least
 * one commit.
 */
final class ChangeFeedMicroBatchStream implements MicroBatchStream, SupportsAdmissionControl,
    SupportsTriggerAvailableNow, ReportsSourceMetrics {
  private final ChangeStreamScan scan;
  private final DeltaXConf conf;
  private final String path;
  private final String table;
  private final String tableId;
  private final StructType schema;
  private final StreamRequest limits;
  private Long availableNowLastVersion;

  ChangeFeedMicroBatchStream(ChangeStreamScan scan) {
    if (scan.request().mode() != ChangeMode.ALL) {
      throw DeltaXErrors.badOption(DeltaXConf.CHANGE_MODE, "net",
          "all in a stream (changeMode = net is for batch reads)");
    }
    if (scan.request().endVersion() != null || scan.request().endTimestamp() != null) {
      throw DeltaXErrors.badOption(scan.request().endVersion() != null ? DeltaXConf.ENDING_VERSION
          : DeltaXConf.ENDING_TIMESTAMP, String.valueOf(scan.request().endVersion() != null
          ? scan.request().endVersion() : scan.request().endTimestamp()), "no end in a stream");
    }
    this.scan = scan;
    this.conf = scan.conf();
    this.path = conf.path();
    this.table = scan.range().endSnapshot().tableRoot().toString();
    this.tableId = scan.range().endSnapshot().metadata().id();
    this.schema = ColumnMapping.logicalSchema(scan.range().endSnapshot().schema());
    this.limits = new StreamRequest(null, false, null, null, conf.stream().maxFilesPerTrigger(),
        null, false, false);
  }

  private LoadedSnapshot latest() {
    LoadedSnapshot loaded = SnapshotLoader.latest(path, conf);
    if (!tableId.equals(loaded.snapshot().metadata().id())) {
      throw DeltaXErrors.streamTableChanged(table, tableId, loaded.snapshot().metadata().id());
    }
    return loaded;
  }

  private DeltaXSourceOffset own(Offset offset) {
    DeltaXSourceOffset o = offset instanceof DeltaXSourceOffset d ? d
        : DeltaXSourceOffset.fromJson(table, offset.json());
    if (!o.tableId().equals(tableId)) {
      throw DeltaXErrors.streamTableChanged(table, o.tableId(), tableId);
    }
    return o;
  }

  /** The range's start, as planned when the query was started. */
  @Override
  public Offset initialOffset() {
    return DeltaXSourceOffset.before(tableId, scan.range().start());
  }

  @Override
  public Offset deserializeOffset(String json) {
    return DeltaXSourceOffset.fromJson(table, json);
  }

  @Override
  public ReadLimit getDefaultReadLimit() {
    return ReadLimits.defaultLimit(limits);
  }

  @Override
  public Offset latestOffset() {
    throw new UnsupportedOperationException("latestOffset(Offset, ReadLimit) is the one to call");
  }

  /** Whole commits, as many as the file limit allows (at least one). */
  @Override
  public Offset latestOffset(Offset start, ReadLimit limit) {
    LoadedSnapshot loaded = latest();
    DeltaXSourceOffset from = start == null ? (DeltaXSourceOffset) initialOffset() : own(start);
    long last = loaded.snapshot().version();
    if (availableNowLastVersion != null) {
      last = Math.min(last, availableNowLastVersion);
    }
    long maxFiles = ReadLimits.of(limit).maxFiles();
    TransactionLog log = loaded.log();
    long files = 0;
    long next = from.version();
    while (next <= last) {
      long inCommit = commitFiles(log, next);
      if (next > from.version() && files + inCommit > maxFiles) {
        break;
      }
      files += inCommit;
      next++;
    }
    return next == from.version() ? from : DeltaXSourceOffset.before(tableId, next);
  }

  private long commitFiles(TransactionLog log, long version) {
    CommitFiles commit = log.listing().commit(version)
        .map(f -> CommitFiles.read(log, f, version))
        .orElseThrow(() -> DeltaXErrors.streamVersionsMissing(table, version, version,
            "versions up to " + log.listing().latestVersion()));
    return commit.adds().size() + commit.removes();
  }

  @Override
  public void prepareForTriggerAvailableNow() {
    availableNowLastVersion = latest().snapshot().version();
  }

  @Override
  public InputPartition[] planInputPartitions(Offset start, Offset end) {
    DeltaXSourceOffset from = start == null ? (DeltaXSourceOffset) initialOffset() : own(start);
    DeltaXSourceOffset to = own(end);
    if (to.version() <= from.version()) {
      return new InputPartition[0];
    }
    LoadedSnapshot loaded = latest();
    ChangeRange range = new ChangeRangePlanner(loaded.log()).plan(new ChangeFeedRequest(
        from.version(), null, null, to.version() - 1, null, null, ChangeMode.ALL));
    StructType now = ColumnMapping.logicalSchema(range.endSnapshot().schema());
    if (!org.apache.spark.sql.types.DataType.equalsIgnoreNullability(schema, now)) {
      throw DeltaXErrors.streamSchemaChanged(table, range.end(), schema.toDDL(), now.toDDL());
    }
    Batch read = StreamBatches.changes(SparkSession.active(), loaded.log(), range, scan.requiredSchema(), conf);
    PartitionReaderFactory factory = read.createReaderFactory();
    return StreamReaderFactory.wrap(read.planInputPartitions(), factory);
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    return StreamReaderFactory.INSTANCE;
  }

  @Override
  public Map<String, String> metrics(Optional<Offset> latestConsumedOffset) {
    return latestConsumedOffset.map(o -> Map.of("latestOffset", o.json())).orElse(Map.of());
  }

  @Override
  public void commit(Offset end) {}

  @Override
  public void stop() {}

  @Override
  public String toString() {
    return "DeltaXChangeFeedSource[" + table + "]";
  }
}
