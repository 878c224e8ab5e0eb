package io.deltax.read;

import io.deltax.changes.ChangeFeedColumns;
import io.deltax.changes.ChangeRange;
import io.deltax.columnmapping.ColumnMapping;
import io.deltax.conf.ChangeFeedRequest.ChangeMode;
import io.deltax.conf.DeltaXConf;
import io.deltax.log.TransactionLog;
import io.deltax.read.metadata.MetadataColumns;
import io.deltax.rowtracking.RowTrackingConfig;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.MetadataColumn;
import org.apache.spark.sql.connector.catalog.SupportsMetadataColumns;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A table's changes over a range of versions ({@code readChangeFeed = true}), as Spark sees them:
 * the columns of the range's last schema, then {@code _change_type}, {@code _commit_version} and
 * {@code _commit_timestamp}, as delta-spark's change data feed. Where row tracking is enabled at
 * the end, {@code _metadata.row_id} and {@code _metadata.row_commit_version} are selectable (null
 * for the rows of commits before row tracking).
 */
public final class ChangeFeedTable implements SupportsRead, SupportsMetadataColumns {
  /**
   * The {@code _metadata} fields a change feed row carries. {@code row_data_version} is the version
   * that wrote the row's content as the change shows it: the change's own commit for an insert or
   * post-image; for a delete or pre-image, the removed row's data version (its row commit version
   * unless a backfill re-stamped it, see {@code RowDataVersions}).
   */
  public static final StructType METADATA_TYPE = new StructType()
      .add("row_id", DataTypes.LongType, true)
      .add("row_commit_version", DataTypes.LongType, true)
      .add("row_data_version", DataTypes.LongType, true);
  /** What the reader reads of each row with row IDs: row ID, row commit version, row index. */
  static final StructType READ_TYPE = new StructType()
      .add("row_id", DataTypes.LongType, true)
      .add("row_commit_version", DataTypes.LongType, true)
      .add("row_index", DataTypes.LongType, true);

  private final TransactionLog log;
  private final ChangeRange range;
  private final ChangeMode mode;
  private final DeltaXConf conf;

  ChangeFeedTable(TransactionLog log, ChangeRange range, ChangeMode mode, DeltaXConf conf) {
    this.log = log;
    this.range = range;
    this.mode = mode;
    this.conf = conf;
  }

  /** The range as planned: its commits, and whether each is matched by row ID. */
  public ChangeRange range() {
    return range;
  }

  @Override
  public String name() {
    return "deltax.`" + range.endSnapshot().tableRoot() + "` changes v" + range.start() + "-v"
        + range.end() + " (" + mode.name().toLowerCase(java.util.Locale.ROOT) + ")";
  }

  @Override
  public StructType schema() {
    return ChangeFeedColumns.appendTo(ColumnMapping.logicalSchema(range.endSnapshot().schema()));
  }

  @Override
  public Transform[] partitioning() {
    return new Transform[0];
  }

  @Override
  public Map<String, String> properties() {
    return range.endSnapshot().metadata().configuration();
  }

  @Override
  public MetadataColumn[] metadataColumns() {
    return RowTrackingConfig.of(range.endSnapshot()).enabled()
        ? new MetadataColumn[] {MetadataColumns.column(METADATA_TYPE)}
        : new MetadataColumn[0];
  }

  @Override
  public Set<TableCapability> capabilities() {
    return Set.of(TableCapability.BATCH_READ, TableCapability.MICRO_BATCH_READ);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    return new ChangeFeedScanBuilder(SparkSession.active(), log, range, mode, conf, schema());
  }
}
