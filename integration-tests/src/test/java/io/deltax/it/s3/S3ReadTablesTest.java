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
package io.deltax.it.s3;

import static io.deltax.it.DeltaOracle.assertSameRows;
import static io.deltax.it.DeltaOracle.canonicalRows;
import static io.deltax.it.DeltaOracle.checkpoint;
import static io.deltax.it.DeltaOracle.logFiles;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.it.DeletionVectorTable;
import io.deltax.it.SharedSpark;
import io.deltax.it.TruncatedVectorFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * deltax reads {@code s3a://} tables as delta-spark reads the same {@code s3a://} tables: a classic
 * checkpoint, and an upgraded table's shape (V2 checkpoint with sidecars, deletion vectors, column
 * mapping, row tracking with {@code _metadata}). Few rows, few files: S3 requests are what is
 * tested. delta-spark makes each table on local disk, it is uploaded to the S3 server, and both
 * read it there. The session knows nothing of S3: the endpoint and the credentials are given only
 * as read options, to both readers.
 */
class S3ReadTablesTest {
  @RegisterExtension static final S3ServerExtension S3 = S3ServerExtension.withSpark();

  @TempDir static Path dir;

  private static DataFrameReader reader(String format) {
    assertFalse(spark().conf().contains("fs.s3a.endpoint"), "the session does not know the server");
    return spark().read().format(format).options(S3.server().s3aSettings());
  }

  /**
   * Uploads the local table {@code name} and compares the two readers there: the whole table, and
   * {@code columns} (row tracking's {@code _metadata} fields, whose schema metadata differs).
   */
  private static void assertSameOnS3(String name, String... columns) throws IOException {
    String url = uploaded(name);
    Dataset<Row> expected = reader("delta").load(url);
    Dataset<Row> actual = reader("deltax").load(url);
    assertTrue(expected.count() > 0, "delta-spark reads rows from " + url);
    assertSameRows(expected, actual);
    if (columns.length > 0) {
      assertEquals(
          canonicalRows(expected.selectExpr(columns)), canonicalRows(actual.selectExpr(columns)));
    }
  }

  private static String local(String name) {
    return dir.resolve(name).toString();
  }

  /** Two appends, a delete, a checkpoint, then an append after it. */
  private static void historyWithCheckpoint(String path) {
    sql("INSERT INTO " + quote(path) + " VALUES (0, 'p0', 'a'), (1, 'p1', 'b'), (2, 'p2', 'c')");
    sql("INSERT INTO " + quote(path) + " VALUES (10, 'p0', 'd'), (11, 'p1', 'e')");
    sql("DELETE FROM " + quote(path) + " WHERE id = 1");
    checkpoint(path);
    sql("INSERT INTO " + quote(path) + " VALUES (20, 'p9', 'after')");
  }

  @Test
  void classicCheckpoint() throws IOException {
    String path = local("classic");
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (id INT, part STRING, v STRING) USING delta "
            + "PARTITIONED BY (part) TBLPROPERTIES ('delta.checkpointInterval' = '1000')");
    historyWithCheckpoint(path);
    assertTrue(
        logFiles(path).stream()
            .anyMatch(p -> p.getFileName().toString().endsWith(".checkpoint.parquet")));
    assertSameOnS3("classic");
  }

  /**
   * What an upgraded table has: a V2 checkpoint with sidecars, row tracking, deletion vectors; and
   * column mapping.
   */
  @Test
  void v2CheckpointWithSidecarsRowTrackingDeletionVectorsAndColumnMapping() throws IOException {
    String path = local("v2");
    SharedSpark.withConf(
        Map.of(
            "spark.databricks.delta.checkpointV2.topLevelFileFormat",
            "json",
            "spark.databricks.delta.checkpoint.partSize",
            "2"),
        () -> {
          sql(
              "CREATE TABLE "
                  + quote(path)
                  + " (id INT, part STRING, v STRING) USING delta "
                  + "PARTITIONED BY (part) TBLPROPERTIES ('delta.checkpointInterval' = '1000', "
                  + "'delta.checkpointPolicy' = 'v2', 'delta.enableRowTracking' = 'true', "
                  + "'delta.enableDeletionVectors' = 'true', 'delta.columnMapping.mode' = 'name')");
          historyWithCheckpoint(path);
        });
    try (var sidecars = Files.list(Path.of(path, "_delta_log", "_sidecars"))) {
      assertTrue(sidecars.findAny().isPresent(), "delta-spark wrote sidecars");
    }
    assertSameOnS3("v2", "id", "_metadata.row_id", "_metadata.row_commit_version");
  }

  /**
   * A truncated deletion vector file on S3: deltax asks S3A for the vector's range alone (no HEAD,
   * the vector's end declared as the length), and still names the file, what is missing and the
   * file's real length.
   */
  @Test
  void aTruncatedDeletionVectorFileIsNamed() throws IOException {
    assertNamedWhenCut("truncated-dv", TruncatedVectorFile::inTable);
  }

  /**
   * A vector file that ends before its first vector starts: the GET's range starts past the end,
   * which S3 refuses (416) rather than answering with a short body; deltax names the file all the
   * same.
   */
  @Test
  void aDeletionVectorFileEndingBeforeItsVectorsIsNamed() throws IOException {
    assertNamedWhenCut("cut-dv", TruncatedVectorFile::toItsVersionByte);
  }

  /** A way to cut a table's vector file short. */
  private interface VectorFileCut {
    TruncatedVectorFile cut(String table) throws IOException;
  }

  private static void assertNamedWhenCut(String name, VectorFileCut cut) throws IOException {
    TruncatedVectorFile truncated = cut.cut(tableWithVectors(name));
    truncated.assertNamedBy(
        assertThrows(Exception.class, () -> reader("deltax").load(uploaded(name)).collect()));
  }

  /** A missing vector file on S3, found at the GET (no HEAD goes first), is named as missing. */
  @Test
  void aMissingDeletionVectorFileIsNamed() throws IOException {
    String path = tableWithVectors("missing-dv");
    Path file = DeletionVectorTable.deleteVectorFile(path);
    String message =
        DeletionVectorTable.unreadableVectorError(
            assertThrows(
                Exception.class, () -> reader("deltax").load(uploaded("missing-dv")).collect()));
    assertTrue(message.contains(file.getFileName() + " does not exist"), message);
  }

  private static String tableWithVectors(String name) {
    String path = local(name);
    DeletionVectorTable.create(spark(), path, 2);
    return path;
  }

  /** Uploads the local table {@code name} to the bucket; returns its URL. */
  private static String uploaded(String name) throws IOException {
    String url = S3.server().url("tables/" + name);
    S3.server().upload(dir.resolve(name), url);
    return url;
  }
}
