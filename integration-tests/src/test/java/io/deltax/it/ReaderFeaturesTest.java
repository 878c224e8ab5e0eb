package io.deltax.it;

import static io.deltax.it.DeltaOracle.assertSameRows;
import static io.deltax.it.DeltaOracle.assertSameTable;
import static io.deltax.it.DeltaOracle.canonicalRows;
import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.deltax;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reader features an upgraded table can carry: column mapping, type widening, timestampNtz, variant. */
class ReaderFeaturesTest {
  @TempDir
  static Path dir;

  @BeforeAll
  static void start() {
    spark();
  }

  private static void assertSameWhere(String path, String where) {
    assertSameRows(delta(path).where(where), deltax(path).where(where));
  }

  private static String mappedTable(String name, String mode) {
    String path = dir.resolve(name).toString();
    sql("CREATE TABLE " + quote(path) + " (id INT, name STRING, s STRUCT<a: INT, b: STRING>, "
        + "arr ARRAY<STRUCT<x: INT>>, m MAP<STRING, STRUCT<y: INT>>, part STRING) USING delta "
        + "PARTITIONED BY (part) TBLPROPERTIES ('delta.columnMapping.mode' = '" + mode + "')");
    sql("INSERT INTO " + quote(path) + " VALUES (1, 'one', named_struct('a', 1, 'b', 'x'), "
        + "array(named_struct('x', 1)), map('k', named_struct('y', 1)), 'p1'), "
        + "(2, 'two', named_struct('a', 2, 'b', 'y'), array(), map(), 'p2')");
    sql("ALTER TABLE " + quote(path) + " RENAME COLUMN name TO label");
    sql("ALTER TABLE " + quote(path) + " RENAME COLUMN s.a TO alpha");
    sql("ALTER TABLE " + quote(path) + " RENAME COLUMN part TO region");
    sql("ALTER TABLE " + quote(path) + " DROP COLUMN arr");
    sql("ALTER TABLE " + quote(path) + " ADD COLUMNS (name STRING)");
    sql("INSERT INTO " + quote(path) + " VALUES (3, 'three', named_struct('alpha', 3, 'b', 'z'), "
        + "map('k3', named_struct('y', 3)), 'p1', 'new name')");
    return path;
  }

  @Test
  void columnMappingByNameWithRenamesDropsAndNestedFields() {
    String path = mappedTable("mapping-name", "name");
    assertSameTable(path);
    assertSameWhere(path, "label = 'two'");
    assertSameWhere(path, "region = 'p1'");
    assertSameWhere(path, "s.alpha = 3");
    assertSameRows(delta(path).select("s.alpha", "m", "label"), deltax(path).select("s.alpha", "m", "label"));
  }

  @Test
  void columnMappingById() {
    String path = mappedTable("mapping-id", "id");
    assertSameTable(path);
    assertSameWhere(path, "id >= 2 AND region = 'p1'");
  }

  @Test
  void tableUpgradedFromNoMappingToNameMapping() {
    String path = dir.resolve("mapping-upgraded").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT, v STRING, extra INT, part INT) USING delta PARTITIONED BY (part)");
    sql("INSERT INTO " + quote(path) + " VALUES (1, 'a', 10, 1), (2, 'b', 20, 2)");
    sql("ALTER TABLE " + quote(path) + " SET TBLPROPERTIES ('delta.columnMapping.mode' = 'name', "
        + "'delta.minReaderVersion' = '2', 'delta.minWriterVersion' = '5')");
    sql("ALTER TABLE " + quote(path) + " RENAME COLUMN v TO value");
    sql("INSERT INTO " + quote(path) + " VALUES (3, 'c', 30, 1)");
    sql("ALTER TABLE " + quote(path) + " DROP COLUMN extra");
    sql("INSERT INTO " + quote(path) + " VALUES (4, 'd', 2)");
    assertSameTable(path);
    assertSameWhere(path, "value > 'a'");
  }

  @Test
  void rowTrackingWithColumnMapping() {
    String path = dir.resolve("mapping-row-tracking").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT, v STRING) USING delta TBLPROPERTIES ("
        + "'delta.columnMapping.mode' = 'name', 'delta.enableRowTracking' = 'true')");
    sql("INSERT INTO " + quote(path) + " VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    sql("ALTER TABLE " + quote(path) + " RENAME COLUMN v TO w");
    sql("UPDATE " + quote(path) + " SET w = 'changed' WHERE id = 2");
    String[] columns = {"id", "w", "_metadata.row_id", "_metadata.row_commit_version"};
    assertEquals(canonicalRows(delta(path).selectExpr(columns)), canonicalRows(deltax(path).selectExpr(columns)));
  }

  @Test
  void typeWidening() {
    String path = dir.resolve("widening").toString();
    sql("CREATE TABLE " + quote(path) + " (b TINYINT, s SMALLINT, i INT, f FLOAT, "
        + "d DECIMAL(5, 2), dt DATE, part SMALLINT) USING delta PARTITIONED BY (part) "
        + "TBLPROPERTIES ('delta.enableTypeWidening' = 'true', 'delta.feature.timestampNtz' = 'supported')");
    sql("INSERT INTO " + quote(path) + " VALUES (1, 2, 3, 1.5, 123.45, DATE'2024-01-02', 7)");
    sql("ALTER TABLE " + quote(path) + " ALTER COLUMN b TYPE INT");
    sql("ALTER TABLE " + quote(path) + " ALTER COLUMN s TYPE BIGINT");
    sql("ALTER TABLE " + quote(path) + " ALTER COLUMN i TYPE BIGINT");
    sql("ALTER TABLE " + quote(path) + " ALTER COLUMN f TYPE DOUBLE");
    sql("ALTER TABLE " + quote(path) + " ALTER COLUMN d TYPE DECIMAL(12, 4)");
    sql("ALTER TABLE " + quote(path) + " ALTER COLUMN dt TYPE TIMESTAMP_NTZ");
    sql("ALTER TABLE " + quote(path) + " ALTER COLUMN part TYPE INT");
    sql("INSERT INTO " + quote(path) + " VALUES (100000, 10000000000, 10000000000, 2.25, "
        + "12345678.1234, TIMESTAMP_NTZ'2024-05-06 07:08:09', 100000)");
    assertSameTable(path);
    assertSameWhere(path, "i > 5");
    assertSameWhere(path, "part = 7");
    SharedSpark.withConf(java.util.Map.of("spark.sql.parquet.enableVectorizedReader", "false"),
        () -> assertSameTable(path));
  }

  @Test
  void timestampNtzColumnsAndPartitions() {
    String path = dir.resolve("ntz").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT, t TIMESTAMP_NTZ, p TIMESTAMP_NTZ) USING delta PARTITIONED BY (p)");
    sql("INSERT INTO " + quote(path) + " VALUES (1, TIMESTAMP_NTZ'2024-01-01 00:00:00.123456', "
        + "TIMESTAMP_NTZ'2024-01-01 10:00:00'), (2, NULL, NULL)");
    assertTrue(DeltaOracle.logFiles(path).size() > 0);
    assertSameTable(path);
    assertSameWhere(path, "p = TIMESTAMP_NTZ'2024-01-01 10:00:00'");
    assertSameWhere(path, "t < TIMESTAMP_NTZ'2024-01-01 00:00:01'");
  }

  @Test
  void variantColumn() {
    String path = dir.resolve("variant").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT, v VARIANT) USING delta");
    sql("INSERT INTO " + quote(path) + " SELECT 1, parse_json('{\"a\": 1, \"b\": [1, 2]}') "
        + "UNION ALL SELECT 2, parse_json('\"text\"') UNION ALL SELECT 3, NULL");
    assertEquals(delta(path).schema(), deltax(path).schema());
    assertEquals(canonicalRows(delta(path).selectExpr("id", "to_json(v)", "variant_get(v, '$.a', 'int')")),
        canonicalRows(deltax(path).selectExpr("id", "to_json(v)", "variant_get(v, '$.a', 'int')")));
  }
}
