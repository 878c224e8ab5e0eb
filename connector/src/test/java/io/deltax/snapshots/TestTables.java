package io.deltax.snapshots;

import io.deltax.log.LogFileName;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Small tables written by hand into {@code _delta_log}: one long column, files named by letter. */
public final class TestTables {
  private TestTables() {}

  public static final String PROTOCOL = "{\"protocol\":{\"minReaderVersion\":1,\"minWriterVersion\":2}}";

  public static String metadata(String id) {
    return metadata(id, "{}");
  }

  /** @param configuration the table properties, as a JSON object */
  public static String metadata(String id, String configuration) {
    return "{\"metaData\":{\"id\":\"" + id + "\",\"format\":{\"provider\":\"parquet\",\"options\":{}},"
        + "\"schemaString\":\"{\\\"type\\\":\\\"struct\\\",\\\"fields\\\":[{\\\"name\\\":\\\"v\\\","
        + "\\\"type\\\":\\\"long\\\",\\\"nullable\\\":true,\\\"metadata\\\":{}}]}\","
        + "\"partitionColumns\":[],\"configuration\":" + configuration + "}}";
  }

  public static String add(String name) {
    return "{\"add\":{\"path\":\"" + name + ".parquet\",\"partitionValues\":{},\"size\":1,"
        + "\"modificationTime\":1,\"dataChange\":true,\"stats\":\"{\\\"numRecords\\\":1}\"}}";
  }

  public static String remove(String name) {
    return "{\"remove\":{\"path\":\"" + name + ".parquet\",\"deletionTimestamp\":1,\"dataChange\":true}}";
  }

  public static void commit(Path table, long version, String... lines) throws IOException {
    Path log = Files.createDirectories(table.resolve(LogFileName.LOG_DIR));
    Files.writeString(log.resolve(LogFileName.commitName(version)), String.join("\n", lines) + "\n");
  }
}
