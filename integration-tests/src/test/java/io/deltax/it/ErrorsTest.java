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

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_CORRUPT_LOG;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_INVALID_OPTION;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_TABLE_NOT_FOUND;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.errors.DeltaXThrowable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.spark.SparkThrowable;
import org.apache.spark.sql.AnalysisException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * deltax's errors are caught as Spark's own (what PySpark converts too): a missing table is an
 * {@link AnalysisException}, a malformed option an {@link IllegalArgumentException}, a damaged log
 * a {@link SparkThrowable}; each with its condition, SQLSTATE and parameters.
 */
class ErrorsTest {
  @TempDir static Path dir;

  private static String table;

  @BeforeAll
  static void createTable() {
    table = dir.resolve("t").toString();
    sql("CREATE TABLE " + quote(table) + " (id INT) USING delta");
    sql("INSERT INTO " + quote(table) + " VALUES (1), (2)");
  }

  @Test
  void aMissingTableIsAnAnalysisException() {
    String missing = dir.resolve("nothing-here").toString();
    AnalysisException e =
        assertThrows(AnalysisException.class, () -> spark().read().format("deltax").load(missing));
    assertEquals("DELTAX_TABLE_NOT_FOUND", e.getCondition());
    assertEquals("42P01", e.getSqlState());
    assertEquals(missing, e.getMessageParameters().get("tablePath"));
    assertTrue(
        e.getMessage().startsWith("[DELTAX_TABLE_NOT_FOUND] No Delta table at " + missing),
        e.getMessage());
    assertTrue(e.getMessage().endsWith(" SQLSTATE: 42P01"), e.getMessage());
    assertEquals(DELTAX_TABLE_NOT_FOUND, assertInstanceOf(DeltaXThrowable.class, e).condition());
  }

  @Test
  void aMalformedVersionAsOfIsAnIllegalArgumentException() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> spark().read().format("deltax").option("versionAsOf", "abc").load(table));
    SparkThrowable spark = assertInstanceOf(SparkThrowable.class, e);
    assertEquals("DELTAX_INVALID_OPTION", spark.getCondition());
    assertEquals("22023", spark.getSqlState());
    assertEquals("abc", spark.getMessageParameters().get("value"));
    assertTrue(
        e.getMessage().contains("Invalid value 'abc' for option versionAsOf"), e.getMessage());
    assertTrue(e.getMessage().endsWith(" SQLSTATE: 22023"), e.getMessage());
    assertEquals(DELTAX_INVALID_OPTION, ((DeltaXThrowable) e).condition());
  }

  @Test
  void aDamagedLogIsASparkThrowableNamingTheFile() throws IOException {
    String damaged = dir.resolve("damaged").toString();
    sql("CREATE TABLE " + quote(damaged) + " (id INT) USING delta");
    sql("INSERT INTO " + quote(damaged) + " VALUES (1), (2)");
    Path last = Path.of(damaged, "_delta_log", "00000000000000000001.json");
    byte[] bytes = Files.readAllBytes(last);
    Files.write(last, Arrays.copyOf(bytes, bytes.length / 2));
    RuntimeException e =
        assertThrows(
            RuntimeException.class, () -> spark().read().format("deltax").load(damaged).collect());
    DeltaXThrowable deltax = assertInstanceOf(DeltaXThrowable.class, e);
    assertEquals(DELTAX_CORRUPT_LOG, deltax.condition());
    assertEquals("DELTAX_CORRUPT_LOG", deltax.getCondition());
    assertEquals("XX001", deltax.getSqlState());
    assertTrue(
        deltax.getMessageParameters().get("file").endsWith("00000000000000000001.json"),
        deltax.getMessageParameters().toString());
    assertTrue(e.getMessage().contains("00000000000000000001.json"), e.getMessage());
  }
}
