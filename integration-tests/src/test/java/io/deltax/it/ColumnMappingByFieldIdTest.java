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

import static io.deltax.it.DeltaOracle.assertSameTable;
import static io.deltax.it.DeltaOracle.canonicalRows;
import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.deltax;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * In column mapping {@code id} mode a data file's columns are found by their Parquet field IDs, as
 * delta-spark finds them: a file whose column names are not the physical names (a table converted
 * from Iceberg keeps its files, written under the names their columns had then) reads the same.
 * Each test rewrites delta-spark's data files under other names with the same field IDs, then
 * compares deltax with delta-spark's answers.
 */
class ColumnMappingByFieldIdTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String MAPPING_ID = "delta.columnMapping.id";
  private static final String PHYSICAL_NAME = "delta.columnMapping.physicalName";
  private static final String MODE = "delta.columnMapping.mode";
  private static final String FIELD_ID = "parquet.field.id";
  private static final String LOOKUP = "spark.sql.parquet.fieldId.read.enabled";
  private static final String VECTORIZED = "spark.sql.parquet.enableVectorizedReader";

  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark();
  }

  /** delta-spark's data files replaced by one file of the same rows under other names, same IDs. */
  @Test
  void filesWithOtherColumnNamesReadByFieldId() throws IOException {
    String path = dir.resolve("converted").toString();
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (id INT, s STRUCT<a: INT, b: STRING>) USING delta "
            + "TBLPROPERTIES ('delta.columnMapping.mode' = 'id')");
    sql(
        "INSERT INTO "
            + quote(path)
            + " VALUES (1, named_struct('a', 10, 'b', 'x')), "
            + "(2, named_struct('a', 20, 'b', 'y'))");
    List<String> before = canonicalRows(delta(path));
    String[] written = delta(path).inputFiles();
    StructType renamed = renamed(delta(path).schema(), loggedSchema(path));
    Path staging = dir.resolve("converted-staging");
    spark()
        .createDataFrame(delta(path).collectAsList(), renamed)
        .coalesce(1)
        .write()
        .parquet(staging.toString());
    Path converted = Files.move(partFile(staging), Path.of(path, "converted-0.parquet"));
    StringBuilder commit = new StringBuilder();
    for (String file : written) {
      // Relative to the table: with column mapping, delta-spark writes files under random prefixes.
      commit
          .append("{\"remove\":{\"path\":\"")
          .append(Path.of(path).toUri().relativize(URI.create(file)))
          .append("\",\"deletionTimestamp\":1,\"dataChange\":true}}\n");
    }
    commit
        .append("{\"add\":{\"path\":\"converted-0.parquet\",\"partitionValues\":{},\"size\":")
        .append(Files.size(converted))
        .append(",\"modificationTime\":1,\"dataChange\":true}}\n");
    Files.writeString(Path.of(path, "_delta_log", "00000000000000000002.json"), commit);
    assertEquals(before, canonicalRows(delta(path)), "delta-spark finds the columns by field ID");
    assertSameTable(path);
    assertEquals(
        canonicalRows(delta(path).where("s.a = 20")),
        canonicalRows(deltax(path).where("s.a = 20")));
    assertSameWithLookupOff(() -> canonicalRows(deltax(path)), before);
  }

  /**
   * Maps and arrays of structs, row tracking (with the materialized row ID and row commit version
   * columns, which have no field ID and are found by name), deletion vectors and the change feed,
   * all on files renamed in place after UPDATE, DELETE and MERGE.
   */
  @Test
  void rowTrackingDeletionVectorsAndChangesOnRenamedFiles() throws IOException {
    String path = dir.resolve("renamed-in-place").toString();
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (id INT, s STRUCT<a: INT>, arr ARRAY<STRUCT<x: INT>>, m MAP<STRING, STRUCT<y:"
            + " INT>>) USING delta TBLPROPERTIES ('delta.columnMapping.mode' = 'id', "
            + ChangeFeeds.ROW_TRACKING
            + ", "
            + ChangeFeeds.VECTORS
            + ", "
            + ChangeFeeds.CDF
            + ")");
    sql(
        "INSERT INTO "
            + quote(path)
            + " SELECT id, named_struct('a', id), array(named_struct('x', id)), "
            + "map(CAST(id AS STRING), named_struct('y', id)) FROM range(0, 8)");
    sql(
        "UPDATE "
            + quote(path)
            + " SET s = named_struct('a', -s.a), m = map('u', named_struct('y', -1)) "
            + "WHERE id % 3 = 0");
    sql("DELETE FROM " + quote(path) + " WHERE id = 4");
    sql(
        "MERGE INTO "
            + quote(path)
            + " t USING (SELECT CAST(id AS INT) AS id FROM range(5, 10)) src ON t.id = src.id WHEN"
            + " MATCHED AND t.id = 5 THEN UPDATE SET arr = array(named_struct('x', 55)) WHEN"
            + " MATCHED AND t.id = 7 THEN DELETE WHEN NOT MATCHED THEN INSERT (id, s, arr, m)"
            + " VALUES (src.id, named_struct('a', 1), array(), map())");
    String[] tracked = {"id", "s", "arr", "m", "_metadata.row_id", "_metadata.row_commit_version"};
    List<String> rows = canonicalRows(delta(path).selectExpr(tracked));
    long last = ChangeFeeds.latest(path);
    List<String> changes = ChangeFeeds.rows(ChangeFeeds.changes("delta", path, 1, last, "all"));

    int files = renameColumnsInPlace(path);
    assertTrue(files >= 4, "the test rewrote the files of every commit: " + files);
    assertEquals(
        rows,
        canonicalRows(delta(path).selectExpr(tracked)),
        "delta-spark reads the renamed files");
    assertEquals(rows, canonicalRows(deltax(path).selectExpr(tracked)));
    assertEquals(
        canonicalRows(delta(path).where("s.a < 0")), canonicalRows(deltax(path).where("s.a < 0")));
    assertSameWithLookupOff(() -> canonicalRows(deltax(path).selectExpr(tracked)), rows);
    assertEquals(changes, ChangeFeeds.rows(ChangeFeeds.changes("deltax", path, 1, last, "all")));
    ChangeFeeds.assertSameChanges(path, path, 1, last);
  }

  /**
   * A session without delta-spark's extension has Spark's field-ID lookup off: deltax turns it on
   * for its own reads, in the vectorized reader and in the row-based one.
   */
  private static void assertSameWithLookupOff(Supplier<List<String>> read, List<String> expected) {
    for (String vectorized : List.of("true", "false")) {
      List<String> rows =
          SharedSpark.withConf(Map.of(LOOKUP, "false", VECTORIZED, vectorized), read);
      assertEquals(expected, rows, "lookup off in the session, vectorized reader " + vectorized);
    }
  }

  /**
   * Rewrites every data file of the table in place, its columns renamed {@code written_<name>} with
   * their field IDs kept, and the rows in the same order (deletion vectors and row IDs count rows
   * by their index in the file); the commits' {@code add} sizes follow. Returns how many.
   */
  private static int renameColumnsInPlace(String path) throws IOException {
    StructType logged = loggedSchema(path);
    Map<String, Long> sizes = new HashMap<>();
    List<Path> dataFiles;
    try (Stream<Path> all = Files.walk(Path.of(path))) {
      dataFiles =
          all.filter(f -> f.getFileName().toString().endsWith(".parquet"))
              .filter(
                  f ->
                      !f.toString().contains("_delta_log")
                          && !f.toString().contains("_change_data"))
              .toList();
    }
    for (Path file : dataFiles) {
      var original = spark().read().parquet(file.toString());
      StructType schema = renamed(original.schema(), logged);
      Path staging = dir.resolve("staging-" + sizes.size());
      // One small file is one split, so the rows keep their order through one task.
      spark()
          .createDataFrame(original.collectAsList(), schema)
          .coalesce(1)
          .write()
          .parquet(staging.toString());
      Files.move(partFile(staging), file, StandardCopyOption.REPLACE_EXISTING);
      // The local file system's checksum of the old bytes would fail the new ones.
      Files.deleteIfExists(file.resolveSibling("." + file.getFileName() + ".crc"));
      sizes.put(Path.of(path).relativize(file).toString(), Files.size(file));
    }
    try (Stream<Path> log = Files.list(Path.of(path, "_delta_log"))) {
      for (Path entry : log.toList()) {
        String name = entry.getFileName().toString();
        if (name.endsWith(".crc")) {
          Files.delete(entry); // table sizes that no longer hold
        } else if (name.endsWith(".json")) {
          Files.writeString(entry, withSizes(Files.readAllLines(entry), sizes));
        }
      }
    }
    return sizes.size();
  }

  private static String withSizes(List<String> lines, Map<String, Long> sizes) {
    StringBuilder out = new StringBuilder();
    for (String line : lines) {
      try {
        JsonNode action = JSON.readTree(line);
        if (action.has("add") && sizes.containsKey(action.get("add").get("path").asText())) {
          ((ObjectNode) action.get("add"))
              .put("size", sizes.get(action.get("add").get("path").asText()));
          line = JSON.writeValueAsString(action);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      out.append(line).append('\n');
    }
    return out.toString();
  }

  /** The table's schema as logged, with each field's column mapping ID and physical name. */
  /**
   * A table without column mapping whose schema still carries physical names and IDs (what
   * delta-spark calls "metadata present but feature disabled": an old bug copied a mapped table's
   * schema). Its files hold the display names, by which delta-spark reads them, and so does deltax
   * (PROTOCOL.md, "Reader Requirements for Column Mapping": mode none reads display names); it read
   * every column as null.
   */
  @Test
  void physicalNamesInASchemaWithoutColumnMappingAreNotRead() throws IOException {
    String path = dir.resolve("stray-physical-names").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT, s STRUCT<a: INT>) USING delta");
    sql(
        "INSERT INTO "
            + quote(path)
            + " VALUES (1, named_struct('a', 10)), (2, named_struct('a', 20))");
    String metadataLine =
        Stream.of(ChangeFeeds.commit(path, 0).split("\n"))
            .filter(l -> l.startsWith("{\"metaData\""))
            .findFirst()
            .orElseThrow();
    ObjectNode action = (ObjectNode) JSON.readTree(metadataLine);
    ObjectNode metadata = (ObjectNode) action.get("metaData");
    StructType stray = withPhysicalNames(loggedSchema(path), new long[] {0});
    metadata.put("schemaString", stray.json());
    // The mode in upper case: readers take it without case, as delta-spark does.
    ((ObjectNode) metadata.get("configuration")).put(MODE, "NONE");
    Files.writeString(
        Path.of(path, "_delta_log", "00000000000000000002.json"),
        JSON.writeValueAsString(action) + "\n");
    sql("INSERT INTO " + quote(path) + " VALUES (3, named_struct('a', 30))");
    assertEquals(
        3, delta(path).where("s.a IS NOT NULL").count(), "delta-spark reads by display names");
    assertSameTable(path);
    assertEquals(
        canonicalRows(delta(path).where("s.a = 20")),
        canonicalRows(deltax(path).where("s.a = 20")));
    // A stream across the commit that brought the physical names: no column was renamed.
    assertEquals(streamFromVersion1("delta", path), streamFromVersion1("deltax", path));
  }

  /**
   * The rows of {@code format}'s stream of {@code path} from version 1, as an AvailableNow run
   * writes them.
   */
  private static List<String> streamFromVersion1(String format, String path) {
    Path out = dir.resolve("stream-" + format + "-" + Path.of(path).getFileName());
    try {
      spark()
          .readStream()
          .format(format)
          .option("startingVersion", "1")
          .load(path)
          .writeStream()
          .format("parquet")
          .option("path", out.resolve("data").toString())
          .option("checkpointLocation", out.resolve("checkpoint").toString())
          .trigger(org.apache.spark.sql.streaming.Trigger.AvailableNow())
          .start()
          .awaitTermination();
    } catch (Exception e) {
      throw new RuntimeException(e);
    }
    return canonicalRows(spark().read().parquet(out.resolve("data").toString()));
  }

  /** Every field of {@code schema}, nested too, with a physical name and a column mapping ID. */
  private static StructType withPhysicalNames(StructType schema, long[] nextId) {
    List<StructField> fields = new ArrayList<>();
    for (StructField f : schema.fields()) {
      DataType type =
          f.dataType() instanceof StructType struct
              ? withPhysicalNames(struct, nextId)
              : f.dataType();
      Metadata metadata =
          new MetadataBuilder()
              .withMetadata(f.metadata())
              .putString(PHYSICAL_NAME, "col-" + f.name())
              .putLong(MAPPING_ID, ++nextId[0])
              .build();
      fields.add(new StructField(f.name(), type, f.nullable(), metadata));
    }
    return new StructType(fields.toArray(new StructField[0]));
  }

  private static StructType loggedSchema(String path) throws IOException {
    String metadata =
        Stream.of(ChangeFeeds.commit(path, 0).split("\n"))
            .filter(l -> l.startsWith("{\"metaData\""))
            .findFirst()
            .orElseThrow();
    return (StructType)
        DataType.fromJson(JSON.readTree(metadata).get("metaData").get("schemaString").asText());
  }

  /**
   * {@code written}'s fields renamed {@code written_<name>}, each with the column mapping ID of the
   * logged field it stores as its Parquet field ID; fields matched by logical name (a read through
   * delta-spark) or physical name (a data file's own). A field the schema does not hold (a
   * materialized row tracking column) keeps its name, without an ID.
   */
  private static DataType renamed(DataType written, DataType logged) {
    if (written instanceof StructType struct && logged instanceof StructType loggedStruct) {
      List<StructField> fields = new ArrayList<>();
      for (StructField f : struct.fields()) {
        StructField match = null;
        for (StructField l : loggedStruct.fields()) {
          if (l.name().equals(f.name()) || l.metadata().getString(PHYSICAL_NAME).equals(f.name())) {
            match = l;
          }
        }
        if (match == null) {
          fields.add(new StructField(f.name(), f.dataType(), f.nullable(), Metadata.empty()));
        } else {
          fields.add(
              new StructField(
                  "written_" + f.name(),
                  renamed(f.dataType(), match.dataType()),
                  f.nullable(),
                  new MetadataBuilder()
                      .putLong(FIELD_ID, match.metadata().getLong(MAPPING_ID))
                      .build()));
        }
      }
      return new StructType(fields.toArray(new StructField[0]));
    }
    if (written instanceof ArrayType array && logged instanceof ArrayType loggedArray) {
      return new ArrayType(
          renamed(array.elementType(), loggedArray.elementType()), array.containsNull());
    }
    if (written instanceof MapType map && logged instanceof MapType loggedMap) {
      return new MapType(
          renamed(map.keyType(), loggedMap.keyType()),
          renamed(map.valueType(), loggedMap.valueType()),
          map.valueContainsNull());
    }
    return written;
  }

  private static StructType renamed(StructType written, StructType logged) {
    return (StructType) renamed((DataType) written, logged);
  }

  private static Path partFile(Path staging) throws IOException {
    try (Stream<Path> files = Files.list(staging)) {
      return files
          .filter(f -> f.getFileName().toString().endsWith(".parquet"))
          .findFirst()
          .orElseThrow();
    }
  }
}
