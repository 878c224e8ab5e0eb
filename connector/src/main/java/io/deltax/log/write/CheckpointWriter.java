package io.deltax.log.write;

import io.deltax.actions.ActionJson;
import io.deltax.log.Snapshot;
import io.deltax.actions.AddFile;
import io.deltax.actions.DeletionVectorDescriptor;
import io.deltax.actions.DomainMetadata;
import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import io.deltax.actions.RemoveFile;
import io.deltax.actions.SetTransaction;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Writes a checkpoint of a snapshot (PROTOCOL.md, "Checkpoints"): the protocol, the metadata, the
 * transactions, the domains, every active file and every unexpired tombstone. A classic
 * {@code N.checkpoint.parquet} for tables without {@code v2Checkpoint}; for tables with it, a V2
 * checkpoint: {@code N.checkpoint.<uuid>.json} with the non-file actions and a sidecar in
 * {@code _delta_log/_sidecars/} with the file actions. Then {@code _last_checkpoint}.
 */
public final class CheckpointWriter {
  /** The checkpoint's Parquet schema: the action columns delta-spark writes and reads. */
  private static final String MAP = "(MAP) { repeated group key_value { required binary key (STRING); "
      + "optional binary value (STRING); } }";
  private static final String STRING_LIST = "(LIST) { repeated group list { optional binary element (STRING); } }";
  private static final String DELETION_VECTOR = "optional group deletionVector { "
      + "optional binary storageType (STRING); optional binary pathOrInlineDv (STRING); "
      + "optional int32 offset; optional int32 sizeInBytes; optional int64 cardinality; "
      + "optional int64 maxRowIndex; }";
  private static final String ADD = "optional group add { optional binary path (STRING); "
      + "optional group partitionValues " + MAP + " optional int64 size; optional int64 modificationTime; "
      + "optional boolean dataChange; optional binary stats (STRING); optional group tags " + MAP + " "
      + DELETION_VECTOR + " optional int64 baseRowId; optional int64 defaultRowCommitVersion; "
      + "optional binary clusteringProvider (STRING); }";
  private static final String REMOVE = "optional group remove { optional binary path (STRING); "
      + "optional int64 deletionTimestamp; optional boolean dataChange; "
      + "optional boolean extendedFileMetadata; optional group partitionValues " + MAP + " "
      + "optional int64 size; optional group tags " + MAP + " " + DELETION_VECTOR + " "
      + "optional int64 baseRowId; optional int64 defaultRowCommitVersion; }";
  private static final MessageType FILE_ACTIONS =
      MessageTypeParser.parseMessageType("message spark_schema { " + ADD + " " + REMOVE + " }");
  private static final MessageType CLASSIC = MessageTypeParser.parseMessageType("message spark_schema { "
      + "optional group txn { optional binary appId (STRING); optional int64 version; optional int64 lastUpdated; } "
      + ADD + " " + REMOVE + " "
      + "optional group metaData { optional binary id (STRING); optional binary name (STRING); "
      + "optional binary description (STRING); optional group format { optional binary provider (STRING); "
      + "optional group options " + MAP + " } optional binary schemaString (STRING); "
      + "optional group partitionColumns " + STRING_LIST + " optional group configuration " + MAP + " "
      + "optional int64 createdTime; } "
      + "optional group protocol { optional int32 minReaderVersion; optional int32 minWriterVersion; "
      + "optional group readerFeatures " + STRING_LIST + " optional group writerFeatures " + STRING_LIST + " } "
      + "optional group domainMetadata { optional binary domain (STRING); optional binary configuration (STRING); "
      + "optional boolean removed; } }");

  private final Configuration conf;

  public CheckpointWriter(Configuration conf) {
    this.conf = conf;
  }

  /** Whether a table whose log went from {@code fromVersion} to {@code toVersion} is due one. */
  public static boolean isDue(Snapshot snapshot, long fromVersion) {
    long interval = snapshot.properties().checkpointInterval();
    return interval > 0 && snapshot.version() / interval > fromVersion / interval;
  }

  public void write(Snapshot snapshot) throws IOException {
    Path logDir = new Path(snapshot.tableRoot(), "_delta_log");
    List<RemoveFile> tombstones = unexpired(snapshot);
    long size;
    Map<String, Object> lastCheckpoint = new LinkedHashMap<>();
    lastCheckpoint.put("version", snapshot.version());
    if (snapshot.protocol().readerFeatures().contains("v2Checkpoint")
        || snapshot.protocol().writerFeatures().contains("v2Checkpoint")) {
      size = writeV2(snapshot, logDir, tombstones);
    } else {
      Path file = new Path(logDir, String.format("%020d.checkpoint.parquet", snapshot.version()));
      size = writeParquet(file, CLASSIC, rows -> {
        writeNonFileActions(snapshot, rows);
        writeFileActions(snapshot, tombstones, rows);
      });
    }
    lastCheckpoint.put("size", size);
    lastCheckpoint.put("numOfAddFiles", snapshot.activeFiles().size());
    writeText(new Path(logDir, "_last_checkpoint"), List.of(ActionJson.objectJson(lastCheckpoint)));
  }

  /** Tombstones younger than {@code delta.deletedFileRetentionDuration} (default one week). */
  private static List<RemoveFile> unexpired(Snapshot snapshot) {
    long retention = snapshot.properties().deletedFileRetentionMillis();
    long cutoff = System.currentTimeMillis() - retention;
    List<RemoveFile> kept = new ArrayList<>();
    for (RemoveFile r : snapshot.tombstones()) {
      if (r.deletionTimestamp() == null || r.deletionTimestamp() > cutoff) {
        kept.add(r);
      }
    }
    return kept;
  }

  private long writeV2(Snapshot snapshot, Path logDir, List<RemoveFile> tombstones) throws IOException {
    Path sidecar = new Path(new Path(logDir, "_sidecars"), UUID.randomUUID() + ".parquet");
    long fileActions = writeParquet(sidecar, FILE_ACTIONS,
        rows -> writeFileActions(snapshot, tombstones, rows));
    FileStatus sidecarStatus = sidecar.getFileSystem(conf).getFileStatus(sidecar);
    List<String> lines = new ArrayList<>();
    lines.add(ActionJson.objectJson(Map.of("checkpointMetadata", Map.of("version", snapshot.version()))));
    Map<String, Object> sidecarAction = new LinkedHashMap<>();
    sidecarAction.put("path", sidecar.getName());
    sidecarAction.put("sizeInBytes", sidecarStatus.getLen());
    sidecarAction.put("modificationTime", sidecarStatus.getModificationTime());
    lines.add(ActionJson.objectJson(Map.of("sidecar", sidecarAction)));
    lines.add(ActionJson.toJson(snapshot.protocol()));
    lines.add(ActionJson.toJson(snapshot.metadata()));
    for (SetTransaction txn : snapshot.transactions().values()) {
      Map<String, Object> t = new LinkedHashMap<>();
      t.put("appId", txn.appId());
      t.put("version", txn.version());
      if (txn.lastUpdated() != null) {
        t.put("lastUpdated", txn.lastUpdated());
      }
      lines.add(ActionJson.objectJson(Map.of("txn", t)));
    }
    for (DomainMetadata domain : snapshot.domains().values()) {
      lines.add(ActionJson.toJson(domain));
    }
    writeText(new Path(logDir, String.format("%020d.checkpoint.%s.json", snapshot.version(),
        UUID.randomUUID())), lines);
    return fileActions + lines.size();
  }

  private void writeText(Path file, List<String> lines) throws IOException {
    FileSystem fs = file.getFileSystem(conf);
    try (OutputStream out = fs.create(file, true)) {
      out.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    }
  }

  /** Rows of one Parquet file, one action each. */
  private static final class Rows {
    private final SimpleGroupFactory factory;
    private final ParquetWriter<Group> writer;
    private long count;

    Rows(MessageType schema, ParquetWriter<Group> writer) {
      this.factory = new SimpleGroupFactory(schema);
      this.writer = writer;
    }

    Group newRow() {
      return factory.newGroup();
    }

    void write(Group row) throws IOException {
      writer.write(row);
      count++;
    }
  }

  private interface RowsBody {
    void write(Rows rows) throws IOException;
  }

  /** Writes a Parquet file; returns the number of rows (actions) written. */
  private long writeParquet(Path file, MessageType schema, RowsBody body) throws IOException {
    try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(file)
        .withConf(conf)
        .withType(schema)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
        .withCompressionCodec(CompressionCodecName.SNAPPY)
        .build()) {
      Rows rows = new Rows(schema, writer);
      body.write(rows);
      return rows.count;
    }
  }

  private static void writeNonFileActions(Snapshot snapshot, Rows rows) throws IOException {
    Protocol p = snapshot.protocol();
    Group row = rows.newRow();
    Group protocol = row.addGroup("protocol");
    protocol.append("minReaderVersion", p.minReaderVersion());
    protocol.append("minWriterVersion", p.minWriterVersion());
    if (p.supportsReaderFeatures()) {
      list(protocol.addGroup("readerFeatures"), p.readerFeatures());
    }
    if (p.supportsWriterFeatures()) {
      list(protocol.addGroup("writerFeatures"), p.writerFeatures());
    }
    rows.write(row);

    Metadata m = snapshot.metadata();
    row = rows.newRow();
    Group metadata = row.addGroup("metaData");
    metadata.append("id", m.id());
    appendIfNotNull(metadata, "name", m.name());
    appendIfNotNull(metadata, "description", m.description());
    Group format = metadata.addGroup("format");
    format.append("provider", m.formatProvider());
    map(format.addGroup("options"), Map.of());
    metadata.append("schemaString", m.schemaString());
    list(metadata.addGroup("partitionColumns"), m.partitionColumns());
    map(metadata.addGroup("configuration"), m.configuration());
    if (m.createdTime() != null) {
      metadata.append("createdTime", m.createdTime());
    }
    rows.write(row);

    for (SetTransaction txn : snapshot.transactions().values()) {
      row = rows.newRow();
      Group t = row.addGroup("txn");
      t.append("appId", txn.appId());
      t.append("version", txn.version());
      if (txn.lastUpdated() != null) {
        t.append("lastUpdated", txn.lastUpdated());
      }
      rows.write(row);
    }
    for (DomainMetadata domain : snapshot.domains().values()) {
      row = rows.newRow();
      Group d = row.addGroup("domainMetadata");
      d.append("domain", domain.domain());
      d.append("configuration", domain.configuration());
      d.append("removed", domain.removed());
      rows.write(row);
    }
  }

  private static void writeFileActions(Snapshot snapshot, List<RemoveFile> tombstones, Rows rows)
      throws IOException {
    for (AddFile f : snapshot.activeFiles()) {
      Group row = rows.newRow();
      Group add = row.addGroup("add");
      add.append("path", f.path());
      map(add.addGroup("partitionValues"), f.partitionValues());
      add.append("size", f.size());
      add.append("modificationTime", f.modificationTime());
      add.append("dataChange", f.dataChange());
      appendIfNotNull(add, "stats", f.stats());
      if (!f.tags().isEmpty()) {
        map(add.addGroup("tags"), f.tags());
      }
      deletionVector(add, f.deletionVector());
      appendIfNotNull(add, "baseRowId", f.baseRowId());
      appendIfNotNull(add, "defaultRowCommitVersion", f.defaultRowCommitVersion());
      appendIfNotNull(add, "clusteringProvider", f.clusteringProvider());
      rows.write(row);
    }
    for (RemoveFile r : tombstones) {
      Group row = rows.newRow();
      Group remove = row.addGroup("remove");
      remove.append("path", r.path());
      appendIfNotNull(remove, "deletionTimestamp", r.deletionTimestamp());
      remove.append("dataChange", r.dataChange());
      remove.append("extendedFileMetadata", r.extendedFileMetadata());
      if (r.partitionValues() != null) {
        map(remove.addGroup("partitionValues"), r.partitionValues());
      }
      appendIfNotNull(remove, "size", r.size());
      if (r.tags() != null && !r.tags().isEmpty()) {
        map(remove.addGroup("tags"), r.tags());
      }
      deletionVector(remove, r.deletionVector());
      appendIfNotNull(remove, "baseRowId", r.baseRowId());
      appendIfNotNull(remove, "defaultRowCommitVersion", r.defaultRowCommitVersion());
      rows.write(row);
    }
  }

  private static void deletionVector(Group parent, DeletionVectorDescriptor dv) {
    if (dv == null) {
      return;
    }
    Group g = parent.addGroup("deletionVector");
    g.append("storageType", dv.storageType());
    g.append("pathOrInlineDv", dv.pathOrInlineDv());
    if (dv.offset() != null) {
      g.append("offset", dv.offset());
    }
    g.append("sizeInBytes", dv.sizeInBytes());
    g.append("cardinality", dv.cardinality());
    appendIfNotNull(g, "maxRowIndex", dv.maxRowIndex());
  }

  private static void map(Group map, Map<String, String> values) {
    values.forEach((k, v) -> {
      Group entry = map.addGroup("key_value");
      entry.append("key", k);
      if (v != null) {
        entry.append("value", v);
      }
    });
  }

  private static void list(Group list, Collection<String> values) {
    for (String v : values) {
      list.addGroup("list").append("element", v);
    }
  }

  private static void appendIfNotNull(Group g, String field, String value) {
    if (value != null) {
      g.append(field, value);
    }
  }

  private static void appendIfNotNull(Group g, String field, Long value) {
    if (value != null) {
      g.append(field, value);
    }
  }
}
