package io.deltax.it;

import static io.deltax.it.DeltaOracle.assertSameRows;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SQL forms the README shows. */
class SqlUsageTest {
  @TempDir
  static Path dir;
  static String path;

  @BeforeAll
  static void createTable() {
    path = dir.resolve("sql").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT, day STRING) USING delta PARTITIONED BY (day)");
    sql("INSERT INTO " + quote(path) + " VALUES (1, 'a'), (2, 'b'), (3, 'b')");
  }

  @Test
  void temporaryViewUsingDeltax() {
    sql("CREATE OR REPLACE TEMPORARY VIEW deltax_events USING deltax OPTIONS (path '" + path + "')");
    assertSameRows(spark().sql("SELECT day, count(*) AS n FROM " + quote(path) + " GROUP BY day"),
        spark().sql("SELECT day, count(*) AS n FROM deltax_events GROUP BY day"));
  }

  @Test
  void pathsThroughTheDeltaxCatalog() {
    spark().conf().set("spark.sql.catalog.deltax", "io.deltax.catalog.DeltaXCatalog");
    assertSameRows(spark().sql("SELECT * FROM " + quote(path)),
        spark().sql("SELECT * FROM deltax.`" + path + "`"));
    assertSameRows(spark().sql("SELECT * FROM " + quote(path) + " VERSION AS OF 0"),
        spark().sql("SELECT * FROM deltax.`" + path + "` VERSION AS OF 0"));
    assertSameRows(spark().sql("SELECT * FROM " + quote(path) + " WHERE day = 'b'"),
        spark().sql("SELECT * FROM deltax.`" + path + "` WHERE day = 'b'"));
  }
}
