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
package io.deltax.streaming.schema;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.deltax.actions.Action;
import io.deltax.actions.ActionJson;
import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * One entry of a schema log: the metadata a stream reads with from {@code deltaCommitVersion} on,
 * with delta-spark's fields and JSON ({@code PersistedMetadata} in {@code
 * DeltaSourceMetadataTrackingLog.scala}): absent optional fields are left out, unknown ones are
 * ignored.
 *
 * @param tableId the table's id
 * @param deltaCommitVersion the version whose snapshot the metadata reads
 * @param dataSchemaJson the table's whole schema (Spark's JSON, column mapping metadata kept)
 * @param partitionSchemaJson the partition columns' schema
 * @param sourceMetadataPath the checkpoint directory of the stream's source
 * @param tableConfigurations the table's configuration at the change, or null
 * @param protocolJson the protocol at the change as a log line, or null
 * @param previousMetadataSeqNum the entry before this one where it is not the one numbered one
 *     less, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({
  "tableId",
  "deltaCommitVersion",
  "dataSchemaJson",
  "partitionSchemaJson",
  "sourceMetadataPath",
  "tableConfigurations",
  "protocolJson",
  "previousMetadataSeqNum"
})
public record PersistedMetadata(
    @JsonProperty("tableId") String tableId,
    @JsonProperty("deltaCommitVersion") long deltaCommitVersion,
    @JsonProperty("dataSchemaJson") String dataSchemaJson,
    @JsonProperty("partitionSchemaJson") String partitionSchemaJson,
    @JsonProperty("sourceMetadataPath") String sourceMetadataPath,
    @JsonProperty("tableConfigurations") Map<String, String> tableConfigurations,
    @JsonProperty("protocolJson") String protocolJson,
    @JsonProperty("previousMetadataSeqNum") Long previousMetadataSeqNum) {

  private static final ObjectMapper JSON =
      new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  /** The entry for {@code metadata} and {@code protocol} as of {@code version}. */
  public static PersistedMetadata of(
      long version, Metadata metadata, Protocol protocol, String sourceMetadataPath) {
    return new PersistedMetadata(
        metadata.id(),
        version,
        metadata.schema().json(),
        partitionSchemaJson(metadata),
        sourceMetadataPath,
        Map.copyOf(metadata.configuration()),
        ActionJson.toJson(protocol),
        null);
  }

  private static String partitionSchemaJson(Metadata metadata) {
    StructType schema = metadata.schema();
    List<StructField> partitions = new ArrayList<>();
    for (String column : metadata.partitionColumns()) {
      partitions.add(schema.apply(column));
    }
    return new StructType(partitions.toArray(new StructField[0])).json();
  }

  /**
   * This entry moved on to {@code version}, the last of a run of commits that change only the
   * metadata, with the run's last metadata and last protocol (either may be null: this entry's is
   * kept), pointing back at entry {@code previousSeqNum}: as delta-spark's {@code
   * getMergedConsecutiveMetadataChanges} copies the entry.
   */
  PersistedMetadata mergedAt(
      long version, Metadata metadata, Protocol protocol, long previousSeqNum) {
    return new PersistedMetadata(
        tableId,
        version,
        metadata != null ? metadata.schema().json() : dataSchemaJson,
        metadata != null ? partitionSchemaJson(metadata) : partitionSchemaJson,
        sourceMetadataPath,
        metadata != null ? Map.copyOf(metadata.configuration()) : tableConfigurations,
        protocol != null ? ActionJson.toJson(protocol) : protocolJson,
        previousSeqNum);
  }

  /** The table's whole schema; throws where the JSON is not a schema. */
  public StructType dataSchema() {
    return parse(dataSchemaJson);
  }

  public StructType partitionSchema() {
    return parse(partitionSchemaJson);
  }

  private static StructType parse(String json) {
    if (json == null || !(DataType.fromJson(json) instanceof StructType s)) {
      throw new IllegalArgumentException("not a schema: " + json);
    }
    return s;
  }

  /**
   * {@code latest}'s metadata with this entry's schema, partition columns and configuration, as
   * delta-spark builds the snapshot it reads with from an entry.
   */
  public Metadata metadata(Metadata latest) {
    return new Metadata(
        latest.id(),
        latest.name(),
        latest.description(),
        latest.formatProvider(),
        dataSchemaJson,
        List.of(partitionSchema().fieldNames()),
        tableConfigurations != null ? tableConfigurations : latest.configuration(),
        latest.createdTime());
  }

  /** The logged protocol, or {@code fallback} where the entry holds none. */
  public Protocol protocol(Protocol fallback) {
    if (protocolJson == null) {
      return fallback;
    }
    try {
      Action action = ActionJson.parseLine(protocolJson);
      if (action instanceof Protocol p) {
        return p;
      }
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("not a protocol: " + protocolJson, e);
    }
    throw new IllegalArgumentException("not a protocol: " + protocolJson);
  }

  String toJson() {
    try {
      return JSON.writeValueAsString(this);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Reads an entry's JSON line; throws where it is not one. */
  static PersistedMetadata fromJson(String json) throws JsonProcessingException {
    PersistedMetadata m = JSON.readValue(json, PersistedMetadata.class);
    if (m.tableId() == null || m.dataSchemaJson() == null || m.partitionSchemaJson() == null) {
      throw new IllegalArgumentException("missing tableId, dataSchemaJson or partitionSchemaJson");
    }
    return m;
  }
}
