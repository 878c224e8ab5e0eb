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
package io.deltax.catalog;

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_INVALID_OPTION;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_IO_ERROR;
import static io.deltax.testing.TestLog.PROTOCOL;
import static io.deltax.testing.TestLog.commit;
import static io.deltax.testing.TestLog.metadata;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.conf.ReadConf;
import io.deltax.conf.SessionSettings;
import io.deltax.errors.DeltaXIllegalArgumentException;
import io.deltax.errors.DeltaXRuntimeException;
import io.deltax.read.CountingFileSystem;
import io.deltax.read.DeltaXTable;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load uses one Hadoop configuration, read options included, for the log too; its options are
 * checked before the log is listed.
 */
class LoadOptionsTest {
  /** The file system that only the read options name; not cached, so each load asks anew. */
  private static final Map<String, String> FILE_SYSTEM_OPTIONS =
      Map.of(
          "fs." + CountingFileSystem.SCHEME + ".impl",
          CountingFileSystem.class.getName(),
          "fs." + CountingFileSystem.SCHEME + ".impl.disable.cache",
          "true");

  @TempDir Path dir;

  @BeforeEach
  void twoCommits() throws IOException {
    commit(dir, 0, PROTOCOL, metadata("t"));
    commit(
        dir,
        1,
        "{\"add\":{\"path\":\"a.parquet\",\"partitionValues\":{},\"size\":1,"
            + "\"modificationTime\":1,\"dataChange\":true}}");
    CountingFileSystem.reset();
  }

  private String countingPath() {
    return CountingFileSystem.SCHEME + ":" + dir.toAbsolutePath();
  }

  private static DeltaXTable load(Map<String, String> options) {
    // The session's Hadoop configuration knows no counting: file system.
    return DeltaXDataSource.loadSnapshot(
        ReadConf.of(SessionSettings.of(new Configuration(), Map.of(), ZoneOffset.UTC), options));
  }

  private static Map<String, String> with(Map<String, String> base, String... keysAndValues) {
    Map<String, String> options = new HashMap<>(base);
    for (int i = 0; i < keysAndValues.length; i += 2) {
      options.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return options;
  }

  @Test
  void fileSystemSettingsGivenAsReadOptionsReachTheLog() {
    DeltaXTable table = load(with(FILE_SYSTEM_OPTIONS, "path", countingPath()));
    assertEquals(1, table.snapshot().version());
    assertEquals(1, table.snapshot().activeFiles().size());
    assertTrue(
        CountingFileSystem.LOOKUPS.get() > 0,
        "the log was listed through the option's file system");
    assertEquals(
        0,
        load(with(FILE_SYSTEM_OPTIONS, "path", countingPath(), "versionAsOf", "0"))
            .snapshot()
            .activeFiles()
            .size());

    // Without the options the table cannot be opened: the setting is one only they give.
    DeltaXRuntimeException e =
        assertThrows(DeltaXRuntimeException.class, () -> load(Map.of("path", countingPath())));
    assertEquals(DELTAX_IO_ERROR, e.condition());
  }

  @Test
  void malformedTimeTravelIsRefusedBeforeAnythingIsListed() {
    for (String[] bad :
        new String[][] {
          {"versionAsOf", "abc"}, {"versionAsOf", "-1"}, {"timestampAsOf", "not a time"}
        }) {
      CountingFileSystem.reset();
      DeltaXIllegalArgumentException e =
          assertThrows(
              DeltaXIllegalArgumentException.class,
              () -> load(with(FILE_SYSTEM_OPTIONS, "path", countingPath(), bad[0], bad[1])));
      assertEquals(DELTAX_INVALID_OPTION, e.condition(), e.getMessage());
      assertTrue(e.getMessage().contains(bad[0]), e.getMessage());
      assertEquals(0, CountingFileSystem.CREATED.get(), "no file system was even created");
      assertEquals(0, CountingFileSystem.LOOKUPS.get());
    }
    // A table that does not exist gets the option's error too: nothing was looked up.
    DeltaXIllegalArgumentException e =
        assertThrows(
            DeltaXIllegalArgumentException.class,
            () -> load(Map.of("path", dir.resolve("missing").toString(), "versionAsOf", "x")));
    assertEquals(DELTAX_INVALID_OPTION, e.condition(), e.getMessage());
  }
}
