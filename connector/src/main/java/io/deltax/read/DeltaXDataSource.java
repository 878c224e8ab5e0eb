package io.deltax.read;

import io.deltax.errors.DeltaXErrors;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import java.util.HashMap;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.util.DateTimeUtils;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.apache.spark.unsafe.types.UTF8String;
import scala.Option;

/**
 * {@code spark.read.format("deltax")}: opens the table's log, rebuilds the requested snapshot
 * (latest, {@code versionAsOf} or {@code timestampAsOf}) and exposes it as a Spark table.
 */
public final class DeltaXDataSource implements TableProvider, DataSourceRegister {
  public static final String VERSION_AS_OF = "versionAsOf";
  public static final String TIMESTAMP_AS_OF = "timestampAsOf";

  /** Spark asks for the schema, then the table: the snapshot is loaded once for both. */
  private DeltaXTable loaded;
  private Map<String, String> loadedFor;

  @Override
  public String shortName() {
    return "deltax";
  }

  @Override
  public StructType inferSchema(CaseInsensitiveStringMap options) {
    return table(options.asCaseSensitiveMap()).schema();
  }

  @Override
  public Transform[] inferPartitioning(CaseInsensitiveStringMap options) {
    return table(options.asCaseSensitiveMap()).partitioning();
  }

  @Override
  public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
    return table(properties);
  }

  private synchronized DeltaXTable table(Map<String, String> properties) {
    if (loaded == null || !properties.equals(loadedFor)) {
      CaseInsensitiveStringMap options = new CaseInsensitiveStringMap(properties);
      loaded = load(SparkSession.active(), options, new HashMap<>(properties));
      loadedFor = new HashMap<>(properties);
    }
    return loaded;
  }

  private static DeltaXTable load(SparkSession spark, CaseInsensitiveStringMap options,
      Map<String, String> properties) {
    String path = options.get("path");
    if (path == null || path.isBlank()) {
      throw DeltaXErrors.missingPathOption();
    }
    String version = options.get(VERSION_AS_OF);
    String timestamp = options.get(TIMESTAMP_AS_OF);
    if (version != null && timestamp != null) {
      throw DeltaXErrors.conflictingTimeTravel();
    }
    TransactionLog log = TransactionLog.open(path, SparkParquet.hadoopConf(spark));
    Snapshot snapshot = version != null ? log.snapshotAt(parseVersion(version))
        : timestamp != null ? log.snapshotAsOf(parseTimestampMillis(timestamp), timestamp)
        : log.latestSnapshot();
    return new DeltaXTable(log, snapshot, properties);
  }

  private static long parseVersion(String value) {
    try {
      long v = Long.parseLong(value.trim());
      if (v >= 0) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw DeltaXErrors.badOption(VERSION_AS_OF, value, "a table version, a whole number >= 0");
  }

  /** Reads a timestamp as Spark casts a string to a timestamp, in the session time zone. */
  private static long parseTimestampMillis(String value) {
    Option<Object> micros = DateTimeUtils.stringToTimestamp(
        UTF8String.fromString(value.trim()), SparkParquet.sessionZone());
    if (micros.isEmpty()) {
      throw DeltaXErrors.badOption(TIMESTAMP_AS_OF, value,
          "a timestamp such as '2026-07-29 12:00:00' or '2026-07-29T12:00:00Z'");
    }
    return Math.floorDiv((Long) micros.get(), 1000L);
  }
}
