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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reader features an upgraded table can carry: column mapping, type widening, timestampNtz,
 * variant, shredded variant.
 */
class ReaderFeaturesTest {
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark();
  }

  private static void assertSameWhere(String path, String where) {
    assertSameRows(delta(path).where(where), deltax(path).where(where));
  }

  private static String mappedTable(String name, String mode) {
    String path = dir.resolve(name).toString();
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (id INT, name STRING, s STRUCT<a: INT, b: STRING>, "
            + "arr ARRAY<STRUCT<x: INT>>, m MAP<STRING, STRUCT<y: INT>>, part STRING) USING delta "
            + "PARTITIONED BY (part) TBLPROPERTIES ('delta.columnMapping.mode' = '"
            + mode
            + "')");
    sql(
        "INSERT INTO "
            + quote(path)
            + " VALUES (1, 'one', named_struct('a', 1, 'b', 'x'), "
            + "array(named_struct('x', 1)), map('k', named_struct('y', 1)), 'p1'), "
            + "(2, 'two', named_struct('a', 2, 'b', 'y'), array(), map(), 'p2')");
    sql("ALTER TABLE " + quote(path) + " RENAME COLUMN name TO label");
    sql("ALTER TABLE " + quote(path) + " RENAME COLUMN s.a TO alpha");
    sql("ALTER TABLE " + quote(path) + " RENAME COLUMN part TO region");
    sql("ALTER TABLE " + quote(path) + " DROP COLUMN arr");
    sql("ALTER TABLE " + quote(path) + " ADD COLUMNS (name STRING)");
    sql(
        "INSERT INTO "
            + quote(path)
            + " VALUES (3, 'three', named_struct('alpha', 3, 'b', 'z'), "
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
    assertSameRows(
        delta(path).select("s.alpha", "m", "label"), deltax(path).select("s.alpha", "m", "label"));
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
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (id INT, v STRING, extra INT, part INT) USING delta PARTITIONED BY (part)");
    sql("INSERT INTO " + quote(path) + " VALUES (1, 'a', 10, 1), (2, 'b', 20, 2)");
    sql(
        "ALTER TABLE "
            + quote(path)
            + " SET TBLPROPERTIES ('delta.columnMapping.mode' = 'name', "
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
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (id INT, v STRING) USING delta TBLPROPERTIES ("
            + "'delta.columnMapping.mode' = 'name', 'delta.enableRowTracking' = 'true')");
    sql("INSERT INTO " + quote(path) + " VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    sql("ALTER TABLE " + quote(path) + " RENAME COLUMN v TO w");
    sql("UPDATE " + quote(path) + " SET w = 'changed' WHERE id = 2");
    String[] columns = {"id", "w", "_metadata.row_id", "_metadata.row_commit_version"};
    assertEquals(
        canonicalRows(delta(path).selectExpr(columns)),
        canonicalRows(deltax(path).selectExpr(columns)));
  }

  @Test
  void typeWidening() {
    String path = dir.resolve("widening").toString();
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (b TINYINT, s SMALLINT, i INT, f FLOAT, d DECIMAL(5, 2), dt DATE, part SMALLINT)"
            + " USING delta PARTITIONED BY (part) TBLPROPERTIES ('delta.enableTypeWidening' ="
            + " 'true', 'delta.feature.timestampNtz' = 'supported')");
    sql("INSERT INTO " + quote(path) + " VALUES (1, 2, 3, 1.5, 123.45, DATE'2024-01-02', 7)");
    sql("ALTER TABLE " + quote(path) + " ALTER COLUMN b TYPE INT");
    sql("ALTER TABLE " + quote(path) + " ALTER COLUMN s TYPE BIGINT");
    sql("ALTER TABLE " + quote(path) + " ALTER COLUMN i TYPE BIGINT");
    sql("ALTER TABLE " + quote(path) + " ALTER COLUMN f TYPE DOUBLE");
    sql("ALTER TABLE " + quote(path) + " ALTER COLUMN d TYPE DECIMAL(12, 4)");
    sql("ALTER TABLE " + quote(path) + " ALTER COLUMN dt TYPE TIMESTAMP_NTZ");
    sql("ALTER TABLE " + quote(path) + " ALTER COLUMN part TYPE INT");
    sql(
        "INSERT INTO "
            + quote(path)
            + " VALUES (100000, 10000000000, 10000000000, 2.25, "
            + "12345678.1234, TIMESTAMP_NTZ'2024-05-06 07:08:09', 100000)");
    assertSameTable(path);
    assertSameWhere(path, "i > 5");
    assertSameWhere(path, "part = 7");
    SharedSpark.withConf(
        Map.of("spark.sql.parquet.enableVectorizedReader", "false"), () -> assertSameTable(path));
  }

  /**
   * A type change outside PROTOCOL.md's widenings recorded in delta.typeChanges (a foreign
   * writer's: string to bigint) is refused by name, as delta-spark refuses it, not left to fail in
   * Parquet.
   */
  @Test
  void anUnsupportedRecordedTypeChangeIsRefused() throws IOException {
    String path = dir.resolve("bad-widening").toString();
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (i INT) USING delta TBLPROPERTIES ('delta.enableTypeWidening' = 'true')");
    sql("INSERT INTO " + quote(path) + " VALUES (1)");
    sql("ALTER TABLE " + quote(path) + " ALTER COLUMN i TYPE BIGINT");
    Path alter = Path.of(path, "_delta_log", String.format("%020d.json", 2));
    String commit = Files.readString(alter);
    String recorded = "\\\"fromType\\\":\\\"integer\\\"";
    assertTrue(commit.contains(recorded), commit);
    Files.writeString(alter, commit.replace(recorded, recorded.replace("integer", "string")));
    Files.deleteIfExists(alter.resolveSibling("." + alter.getFileName() + ".crc"));
    Files.deleteIfExists(
        alter.resolveSibling(String.format("%020d.crc", 2))); // delta-spark's checksum
    org.apache.spark.sql.delta.DeltaLog.clearCache();

    Exception deltaSpark =
        org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> delta(path).collect());
    assertTrue(
        deltaSpark.getMessage().contains("DELTA_UNSUPPORTED_TYPE_CHANGE_IN_SCHEMA"),
        deltaSpark.getMessage());
    Exception e =
        org.junit.jupiter.api.Assertions.assertThrows(
            Exception.class, () -> deltax(path).collect());
    assertTrue(
        e.getMessage().contains("[DELTAX_UNSUPPORTED_TYPE_CHANGE]")
            && e.getMessage().contains("column i from string to long"),
        e.getMessage());
  }

  @Test
  void timestampNtzColumnsAndPartitions() {
    String path = dir.resolve("ntz").toString();
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (id INT, t TIMESTAMP_NTZ, p TIMESTAMP_NTZ) USING delta PARTITIONED BY (p)");
    sql(
        "INSERT INTO "
            + quote(path)
            + " VALUES (1, TIMESTAMP_NTZ'2024-01-01 00:00:00.123456', "
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
    sql(
        "INSERT INTO "
            + quote(path)
            + " SELECT 1, parse_json('{\"a\": 1, \"b\": [1, 2]}') "
            + "UNION ALL SELECT 2, parse_json('\"text\"') UNION ALL SELECT 3, NULL");
    assertEquals(delta(path).schema(), deltax(path).schema());
    assertEquals(
        canonicalRows(delta(path).selectExpr("id", "to_json(v)", "variant_get(v, '$.a', 'int')")),
        canonicalRows(deltax(path).selectExpr("id", "to_json(v)", "variant_get(v, '$.a', 'int')")));
  }

  /**
   * delta-spark writes the variant shredded (Parquet's typed_value beside value and metadata), as
   * Spark does with writeShredding on; deltax hands the file to Spark's Parquet reader, which
   * rebuilds each variant, so both must answer alike, on Spark 4.1 and 4.2.
   */
  @Test
  void shreddedVariantColumn() throws IOException {
    String path = dir.resolve("shredded-variant").toString();
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (id INT, v VARIANT) USING delta "
            + "TBLPROPERTIES ('delta.enableVariantShredding' = 'true')");
    SharedSpark.withConf(
        Map.of(
            "spark.sql.variant.writeShredding.enabled",
            "true",
            "spark.sql.variant.forceShreddingSchemaForTest",
            "struct<a: int, b: string>"),
        () ->
            sql(
                "INSERT INTO "
                    + quote(path)
                    + " SELECT CAST(id AS INT), CASE WHEN id % 4 = 0 THEN parse_json('{\"a\": ' ||"
                    + " id || ', \"b\": \"s' || id || '\", \"c\": [1, 2]}') WHEN id % 4 = 1 THEN"
                    + " parse_json('{\"a\": \"not an int\"}') WHEN id % 4 = 2 THEN"
                    + " parse_json('12.5') END FROM range(0, 12)"));
    String features =
        spark().sql("DESCRIBE DETAIL " + quote(path)).first().getAs("tableFeatures").toString();
    assertTrue(features.contains("variantShredding"), features);
    assertTrue(
        shreddedSchemaOf(Path.of(path)).contains("typed_value"), "the data file is shredded");

    assertEquals(delta(path).schema(), deltax(path).schema());
    String[] columns = {
      "id",
      "to_json(v)",
      "try_variant_get(v, '$.a', 'int')",
      "try_variant_get(v, '$.b', 'string')",
      "try_variant_get(v, '$.c[1]', 'int')",
      "schema_of_variant(v)"
    };
    assertEquals(
        canonicalRows(delta(path).selectExpr(columns)),
        canonicalRows(deltax(path).selectExpr(columns)));
    assertSameRows(
        delta(path).where("try_variant_get(v, '$.a', 'int') > 4").select("id"),
        deltax(path).where("try_variant_get(v, '$.a', 'int') > 4").select("id"));
  }

  /** The Parquet schema of the table's one data file. */
  private static String shreddedSchemaOf(Path table) throws IOException {
    try (Stream<Path> files = Files.list(table)) {
      Path file =
          files
              .filter(f -> f.getFileName().toString().endsWith(".parquet"))
              .findFirst()
              .orElseThrow();
      try (ParquetFileReader reader =
          ParquetFileReader.open(
              HadoopInputFile.fromPath(
                  new org.apache.hadoop.fs.Path(file.toUri()), new Configuration()))) {
        return reader.getFooter().getFileMetaData().getSchema().toString();
      }
    }
  }
}
