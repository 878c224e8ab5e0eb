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
package io.deltax.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import scala.jdk.javaapi.CollectionConverters;

/** A procedure's rows as a command prints them: text, and one JSON object with {@code --json}. */
class AnswerTest {
  private static final StructType STATUS =
      new StructType()
          .add("table", DataTypes.StringType, false)
          .add("version", DataTypes.LongType, false)
          .add("min_writer_version", DataTypes.IntegerType, false)
          .add("enabled", DataTypes.BooleanType, false)
          .add("column", DataTypes.StringType, true)
          .add("backfill_versions", DataTypes.createArrayType(DataTypes.LongType, false), false)
          .add(
              "backfill_timestamps",
              DataTypes.createArrayType(DataTypes.TimestampType, false),
              false);

  private static final StructType FEATURES =
      new StructType()
          .add("feature", DataTypes.StringType, false)
          .add("since_version", DataTypes.LongType, true);

  private static scala.collection.Seq<Object> seq(Object... values) {
    return CollectionConverters.asScala(List.of(values)).toSeq();
  }

  private static final Row STATUS_ROW =
      RowFactory.create(
          "file:/data/t",
          6L,
          7,
          true,
          null,
          seq(5L, 6L),
          seq(
              Timestamp.from(Instant.parse("2026-01-02T03:04:05.678Z")),
              Timestamp.from(Instant.parse("2026-01-02T03:04:06Z"))));

  @Test
  void oneRowIsTheObject() {
    assertEquals(
        "{\"table\":\"file:/data/t\",\"version\":6,\"min_writer_version\":7,\"enabled\":true,"
            + "\"column\":null,\"backfill_versions\":[5,6],"
            + "\"backfill_timestamps\":[\"2026-01-02T03:04:05.678Z\",\"2026-01-02T03:04:06Z\"]}",
        Answer.oneRow("row_tracking_status").json(STATUS, List.of(STATUS_ROW)));
    assertThrows(
        IllegalStateException.class,
        () -> Answer.oneRow("row_tracking_status").json(STATUS, List.of()));
  }

  @Test
  void manyRowsAreAnArrayUnderTheirName() {
    Answer features = Answer.rows("table_features", "features");
    assertEquals(
        "{\"features\":[{\"feature\":\"appendOnly\",\"since_version\":0},"
            + "{\"feature\":\"rowTracking\",\"since_version\":null}]}",
        features.json(
            FEATURES,
            List.of(RowFactory.create("appendOnly", 0L), RowFactory.create("rowTracking", null))));
    assertEquals("{\"features\":[]}", features.json(FEATURES, List.of()));
  }

  @Test
  void text() {
    String n = System.lineSeparator();
    assertEquals(
        String.format("%-40s %s%n", "table", "file:/data/t")
            + String.format("%-40s %s%n", "version", "6")
            + String.format("%-40s %s%n", "min_writer_version", "7")
            + String.format("%-40s %s%n", "enabled", "true")
            + String.format("%-40s %s%n", "column", "null")
            + String.format("%-40s %s%n", "backfill_versions", "[5, 6]")
            + String.format(
                "%-40s [%s, %s]%n",
                "backfill_timestamps",
                Timestamp.from(Instant.parse("2026-01-02T03:04:05.678Z")),
                Timestamp.from(Instant.parse("2026-01-02T03:04:06Z"))),
        Answer.oneRow("row_tracking_status").text(STATUS, List.of(STATUS_ROW)));
    assertEquals(
        "feature      since_version" + n + "appendOnly   0" + n + "rowTracking  null" + n,
        Answer.rows("table_features", "features")
            .text(
                FEATURES,
                List.of(
                    RowFactory.create("appendOnly", 0L), RowFactory.create("rowTracking", null))));
  }
}
