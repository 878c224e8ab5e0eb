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
package io.deltax.actions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Actions written as Parquet rows from their schemas read back equal; foreign columns are skipped.
 */
class ParquetActionsTest {
  private static final List<ActionSchema<? extends Action>> CHECKPOINT =
      List.of(
          SetTransaction.SCHEMA,
          AddFile.SCHEMA,
          RemoveFile.SCHEMA,
          Metadata.SCHEMA,
          Protocol.SCHEMA,
          DomainMetadata.SCHEMA,
          Sidecar.SCHEMA);

  @TempDir Path dir;

  private final Configuration conf = new Configuration();

  /**
   * The classic checkpoint schema deltax has always written (and delta-spark reads, which the
   * integration tests show): deriving it from the actions' schemas changed no column.
   */
  @Test
  void derivedCheckpointSchemaIsTheOneDeltaxAlwaysWrote() {
    String map =
        "(MAP) { repeated group key_value { required binary key (STRING); "
            + "optional binary value (STRING); } }";
    String list = "(LIST) { repeated group list { optional binary element (STRING); } }";
    String dv =
        "optional group deletionVector { optional binary storageType (STRING); optional binary"
            + " pathOrInlineDv (STRING); optional int32 offset; optional int32 sizeInBytes;"
            + " optional int64 cardinality; optional int64 maxRowIndex; }";
    String add =
        "optional group add { optional binary path (STRING); optional group partitionValues "
            + map
            + " optional int64 size; optional int64 modificationTime; optional boolean dataChange; "
            + "optional binary stats (STRING); optional group tags "
            + map
            + " "
            + dv
            + " optional int64 baseRowId; optional int64 defaultRowCommitVersion; "
            + "optional binary clusteringProvider (STRING); }";
    String remove =
        "optional group remove { optional binary path (STRING); optional int64 deletionTimestamp;"
            + " optional boolean dataChange; optional boolean extendedFileMetadata; optional group"
            + " partitionValues "
            + map
            + " optional int64 size; optional group tags "
            + map
            + " "
            + dv
            + " optional int64 baseRowId; optional int64 defaultRowCommitVersion; }";
    MessageType classic =
        MessageTypeParser.parseMessageType(
            "message spark_schema { "
                + "optional group txn { optional binary appId (STRING); optional int64 version; "
                + "optional int64 lastUpdated; } "
                + add
                + " "
                + remove
                + " optional group metaData { optional binary id (STRING); optional binary name"
                + " (STRING); optional binary description (STRING); optional group format {"
                + " optional binary provider (STRING); optional group options "
                + map
                + " } optional binary schemaString (STRING); "
                + "optional group partitionColumns "
                + list
                + " optional group configuration "
                + map
                + " optional int64 createdTime; } optional group protocol { optional int32"
                + " minReaderVersion; optional int32 minWriterVersion; optional group"
                + " readerFeatures "
                + list
                + " optional group writerFeatures "
                + list
                + " } "
                + "optional group domainMetadata { optional binary domain (STRING); "
                + "optional binary configuration (STRING); optional boolean removed; } }");
    assertEquals(classic, ParquetActionWriter.schema(CHECKPOINT.subList(0, 6)));
    assertEquals(
        MessageTypeParser.parseMessageType("message spark_schema { " + add + " " + remove + " }"),
        ParquetActionWriter.schema(List.of(AddFile.SCHEMA, RemoveFile.SCHEMA)));
  }

  @Test
  void everyKindOfActionReadsBackEqual() throws IOException {
    Map<String, String> partition = new HashMap<>();
    partition.put("p", null);
    List<Action> written =
        List.of(
            new Protocol(
                3,
                7,
                new LinkedHashSet<>(List.of("deletionVectors", "v2Checkpoint")),
                new LinkedHashSet<>(List.of("deletionVectors", "v2Checkpoint", "rowTracking"))),
            new Protocol(1, 2, Set.of(), Set.of()),
            new Metadata(
                "id", "name", "about", "parquet", "{}", List.of("p", "q"), Map.of("k", "v"), 7L),
            new Metadata("id", null, null, "parquet", "{}", List.of(), Map.of(), null),
            new SetTransaction("app", 3, 99L),
            new SetTransaction("other", 4, null),
            new DomainMetadata("delta.rowTracking", "{\"rowIdHighWaterMark\":9}", false),
            new AddFile(
                "p=1/a.parquet",
                Map.of("p", "1"),
                10,
                5,
                false,
                "{\"numRecords\":2}",
                Map.of("k", "v"),
                new DeletionVectorDescriptor("u", "ab^-aqEH.-t@S}K{vb[*k^", 4, 40, 6, 9L),
                100L,
                3L,
                "liquid"),
            new AddFile(
                "b.parquet",
                partition,
                10,
                5,
                true,
                null,
                Map.of(),
                new DeletionVectorDescriptor(
                    "i", "wi5b=000010000siXQKl0rr91000f55c8Xg0@@D72lkbi5=-{L", null, 40, 6, null),
                null,
                null,
                null),
            new RemoveFile(
                "c.parquet",
                null,
                12L,
                true,
                true,
                Map.of("p", "1"),
                10L,
                Map.of("k", "v"),
                1L,
                2L),
            new RemoveFile(
                "d.parquet",
                new DeletionVectorDescriptor("p", "file:/dv.bin", 1, 2, 3, null),
                null,
                false,
                false,
                null,
                null,
                Map.of(),
                null,
                null),
            new Sidecar("s.parquet", 100, 200));
    org.apache.hadoop.fs.Path file =
        new org.apache.hadoop.fs.Path(dir.resolve("actions.parquet").toUri());
    try (ParquetActionWriter out = new ParquetActionWriter(conf, file, CHECKPOINT)) {
      for (Action action : written) {
        out.write(action);
      }
      assertEquals(written.size(), out.count());
    }
    List<Action> read = new ArrayList<>();
    ParquetActionReader.read(conf, file, CHECKPOINT, read::add);
    assertEquals(written, read);
    // Read whole in one request, from the listed status: the same actions.
    List<Action> readWhole = new ArrayList<>();
    ParquetActionReader.read(
        conf, file.getFileSystem(conf).getFileStatus(file), CHECKPOINT, readWhole::add);
    assertEquals(written, readWhole);

    // Every protocol and metadata row (a real checkpoint holds one of each), in file order.
    List<Action> protocolAndMetadata = new ArrayList<>();
    ParquetActionReader.readProtocolAndMetadata(
        conf, file.getFileSystem(conf).getFileStatus(file), protocolAndMetadata::add);
    assertEquals(written.subList(0, 4), protocolAndMetadata);
  }

  /**
   * A checkpoint of many files with the protocol and metadata among them: only those two rows are
   * decoded, and they equal what a full read of the file finds.
   */
  @Test
  void protocolAndMetadataReadDecodesOnlyTheirRows() throws IOException {
    int files = 20_000;
    Protocol protocol =
        new Protocol(
            3,
            7,
            new LinkedHashSet<>(List.of("deletionVectors")),
            new LinkedHashSet<>(List.of("deletionVectors", "rowTracking")));
    Metadata metadata =
        new Metadata(
            "table-id",
            "t",
            null,
            "parquet",
            "{\"type\":\"struct\",\"fields\":[]}",
            List.of("p"),
            Map.of("delta.enableDeletionVectors", "true"),
            7L);
    org.apache.hadoop.fs.Path file =
        new org.apache.hadoop.fs.Path(dir.resolve("many.parquet").toUri());
    try (ParquetActionWriter out = new ParquetActionWriter(conf, file, CHECKPOINT)) {
      for (int i = 0; i < files; i++) {
        // The two rows far apart and away from the start, as a distributed writer may place them.
        if (i == 7_321) {
          out.write(metadata);
        } else if (i == 15_002) {
          out.write(protocol);
        }
        out.write(
            new AddFile(
                "part-" + i + ".parquet",
                Map.of("p", String.valueOf(i % 7)),
                1000 + i,
                i,
                false,
                "{\"numRecords\":" + i + "}",
                Map.of(),
                null,
                null,
                null,
                null));
      }
    }
    org.apache.hadoop.fs.FileStatus status = file.getFileSystem(conf).getFileStatus(file);
    List<Action> full = new ArrayList<>();
    ParquetActionReader.read(conf, status, CHECKPOINT, full::add);
    List<Action> expected =
        full.stream().filter(a -> a instanceof Protocol || a instanceof Metadata).toList();
    assertEquals(List.of(metadata, protocol), expected);
    assertEquals(files + 2, full.size());

    // The row-ranges read served it (no fallback), and assembled two records of 20,002 rows.
    List<Action> read = new ArrayList<>();
    assertEquals(
        java.util.Optional.of(2),
        KeyRowReader.read(
            ParquetActionReader.open(conf, status),
            status,
            List.of(Protocol.SCHEMA, Metadata.SCHEMA),
            read::add));
    assertEquals(expected, read);
    List<Action> viaPublicRead = new ArrayList<>();
    ParquetActionReader.readProtocolAndMetadata(conf, status, viaPublicRead::add);
    assertEquals(expected, viaPublicRead);
  }

  @Test
  void aFileRefusesActionsItHasNoColumnsFor() throws IOException {
    org.apache.hadoop.fs.Path file =
        new org.apache.hadoop.fs.Path(dir.resolve("sidecar.parquet").toUri());
    try (ParquetActionWriter out =
        new ParquetActionWriter(conf, file, List.of(AddFile.SCHEMA, RemoveFile.SCHEMA))) {
      assertThrows(
          IllegalArgumentException.class, () -> out.write(new SetTransaction("app", 1, null)));
    }
  }

  /**
   * Another writer's file: extra columns ({@code cdc}), versions typed {@code int64}, a legacy
   * two-level list, statistics only as {@code stats_parsed} (read as the JSON an add carries). Only
   * the declared columns are read.
   */
  @Test
  void foreignColumnsAndTypesAreReadAsDeclared() throws IOException {
    MessageType schema =
        MessageTypeParser.parseMessageType(
            "message m { optional group protocol { optional int64 minReaderVersion; optional int64"
                + " minWriterVersion; optional group readerFeatures (LIST) { repeated binary array"
                + " (STRING); } } optional group add { optional binary path (STRING); optional"
                + " group stats_parsed { optional int64 numRecords; } optional int64 size; optional"
                + " group deletionVector { optional binary storageType (STRING); optional binary"
                + " pathOrInlineDv (STRING); optional int32 sizeInBytes; optional int64"
                + " cardinality; optional binary future (STRING); } } optional group cdc { optional"
                + " binary path (STRING); } }");
    org.apache.hadoop.fs.Path file =
        new org.apache.hadoop.fs.Path(dir.resolve("foreign.parquet").toUri());
    SimpleGroupFactory rows = new SimpleGroupFactory(schema);
    try (ParquetWriter<Group> out =
        ExampleParquetWriter.builder(file).withConf(conf).withType(schema).build()) {
      Group row = rows.newGroup();
      Group protocol = row.addGroup("protocol");
      protocol.append("minReaderVersion", 3L).append("minWriterVersion", 7L);
      protocol
          .addGroup("readerFeatures")
          .append("array", "deletionVectors")
          .append("array", "v2Checkpoint");
      out.write(row);
      row = rows.newGroup();
      Group add = row.addGroup("add");
      add.append("path", "a.parquet");
      add.addGroup("stats_parsed").append("numRecords", 5L);
      add.append("size", 10L);
      add.addGroup("deletionVector")
          .append("storageType", "i")
          .append("pathOrInlineDv", "x")
          .append("sizeInBytes", 1)
          .append("cardinality", 2L)
          .append("future", "?");
      out.write(row);
      row = rows.newGroup();
      row.addGroup("cdc").append("path", "c.parquet");
      out.write(row);
    }
    List<Action> read = new ArrayList<>();
    ParquetActionReader.read(conf, file, CHECKPOINT, read::add);
    assertEquals(
        List.of(
            new Protocol(3, 7, Set.of("deletionVectors", "v2Checkpoint"), Set.of()),
            new AddFile(
                "a.parquet",
                Map.of(),
                10,
                0,
                true,
                "{\"numRecords\":5}",
                Map.of(),
                new DeletionVectorDescriptor("i", "x", null, 1, 2, null),
                null,
                null,
                null)),
        read);

    // The filter on int32 columns does not fit this file: every row is read instead.
    List<Action> protocolOnly = new ArrayList<>();
    ParquetActionReader.readProtocolAndMetadata(
        conf, file.getFileSystem(conf).getFileStatus(file), protocolOnly::add);
    assertEquals(List.of(read.get(0)), protocolOnly);
  }
}
