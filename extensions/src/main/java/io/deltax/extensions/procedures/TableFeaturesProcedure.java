package io.deltax.extensions.procedures;

import io.deltax.log.CommitSummary;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import io.deltax.actions.Protocol;
import io.deltax.protocol.ReaderFeatures;
import io.deltax.conf.DeltaXConf;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * {@code CALL table_features(table => …)}: one row per table feature (PROTOCOL.md, "Table
 * Features"): whether readers or only writers must know it, since which version the log shows
 * it, and whether deltax can read the table with it. Legacy protocols list the features their
 * versions stand for.
 */
public final class TableFeaturesProcedure extends BaseProcedure {
  public static final String NAME = "table_features";

  static final StructType OUTPUT = new StructType()
      .add("feature", DataTypes.StringType, false)
      .add("type", DataTypes.StringType, false)
      .add("since_version", DataTypes.LongType, true)
      .add("readable_by_deltax", DataTypes.BooleanType, false);

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "The table features of a Delta table and whether deltax reads them";
  }

  @Override
  StructType output() {
    return OUTPUT;
  }

  @Override
  InternalRow[] rows(SparkSession spark, String path, InternalRow input) {
    TransactionLog log = TransactionLog.open(path, DeltaXConf.of(spark).hadoopConf());
    Snapshot snapshot = log.latestSnapshot();
    List<CommitSummary> history = log.history();
    Set<String> readerFeatures = readerFeatures(snapshot.protocol());
    Set<String> all = new LinkedHashSet<>(readerFeatures);
    all.addAll(writerFeatures(snapshot.protocol()));
    List<InternalRow> rows = new ArrayList<>();
    for (String feature : all) {
      boolean reader = readerFeatures.contains(feature);
      rows.add(new GenericInternalRow(new Object[] {
          UTF8String.fromString(feature),
          UTF8String.fromString(reader ? "reader-writer" : "writer"),
          since(history, feature),
          !reader || ReaderFeatures.SUPPORTED.contains(feature)}));
    }
    return rows.toArray(new InternalRow[0]);
  }

  /**
   * The version from which the protocol names the feature without a break, where the log still
   * shows the change: with version 0 gone, a feature already in the oldest protocol seen may be
   * older than that, so it is unknown.
   */
  private static Long since(List<CommitSummary> history, String feature) {
    boolean sawAbsent = !history.isEmpty() && history.get(0).version() == 0;
    Long since = null;
    for (CommitSummary c : history) {
      if (c.protocol() == null) {
        continue;
      }
      if (!has(c.protocol(), feature)) {
        sawAbsent = true;
        since = null;
      } else if (since == null && sawAbsent) {
        since = c.version();
      }
    }
    return since;
  }

  private static boolean has(Protocol p, String feature) {
    return readerFeatures(p).contains(feature) || writerFeatures(p).contains(feature);
  }

  /** Reader features, with the legacy reader version 2 standing for column mapping. */
  static Set<String> readerFeatures(Protocol p) {
    if (p.supportsReaderFeatures()) {
      return p.readerFeatures();
    }
    return p.minReaderVersion() >= 2 ? Set.of("columnMapping") : Set.of();
  }

  static Set<String> writerFeatures(Protocol p) {
    return io.deltax.backfill.WriterFeatures.effective(p);
  }
}
