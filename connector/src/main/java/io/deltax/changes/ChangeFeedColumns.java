package io.deltax.changes;

import io.deltax.errors.DeltaXErrors;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/** The columns a change feed adds after the table's, with delta-spark's names and types. */
public final class ChangeFeedColumns {
  public static final String CHANGE_TYPE = "_change_type";
  public static final String COMMIT_VERSION = "_commit_version";
  public static final String COMMIT_TIMESTAMP = "_commit_timestamp";

  private ChangeFeedColumns() {}

  /**
   * The table's columns, then {@code _change_type}, {@code _commit_version}, {@code _commit_timestamp};
   * refused where a table column already has one of those names (Spark resolves names without
   * case, so any case).
   */
  public static StructType appendTo(StructType tableSchema, String tablePath) {
    for (StructField f : tableSchema.fields()) {
      if (isChangeColumn(f.name())) {
        throw DeltaXErrors.tableHasChangeFeedColumn(tablePath, f.name());
      }
    }
    return tableSchema
        .add(CHANGE_TYPE, DataTypes.StringType, true)
        .add(COMMIT_VERSION, DataTypes.LongType, true)
        .add(COMMIT_TIMESTAMP, DataTypes.TimestampType, true);
  }

  public static boolean isChangeColumn(String name) {
    return name.equalsIgnoreCase(CHANGE_TYPE) || name.equalsIgnoreCase(COMMIT_VERSION)
        || name.equalsIgnoreCase(COMMIT_TIMESTAMP);
  }
}
