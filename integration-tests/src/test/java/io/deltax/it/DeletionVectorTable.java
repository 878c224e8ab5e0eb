package io.deltax.it;

import org.apache.spark.sql.SparkSession;

/**
 * The smallest table with deletion vectors on several files: 40 rows ({@code id} 0 to 39) in a
 * few files, then one DELETE that hides rows in each of them. delta-spark writes the vectors of one
 * DELETE into one file, so that file holds a vector per data file. The request benchmarks measure
 * the same table as the S3 tests.
 */
public final class DeletionVectorTable {
  private DeletionVectorTable() {}

  /** Creates the table at {@code path} with {@code files} data files (1 to 4: each gets a vector). */
  public static void create(SparkSession spark, String path, int files) {
    if (files < 1 || files > 4) {
      throw new IllegalArgumentException("1 to 4 files, so that each holds a deleted row: " + files);
    }
    spark.sql("CREATE TABLE delta.`" + path + "` (id INT) USING delta "
        + "TBLPROPERTIES ('delta.enableDeletionVectors' = 'true')").collect();
    spark.range(0, 40, 1, files).selectExpr("CAST(id AS INT) AS id").write().format("delta")
        .mode("append").save(path);
    spark.sql("DELETE FROM delta.`" + path + "` WHERE id % 10 = 3").collect();
  }
}
