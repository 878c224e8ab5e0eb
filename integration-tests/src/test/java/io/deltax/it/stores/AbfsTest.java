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
package io.deltax.it.stores;

import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * deltax on ADLS through the ABFS client, against Azurite's Blob endpoint (FNS): a backfill and
 * reads compared with delta-spark over {@code abfs://}, and two racing backfills. Skipped when
 * Azurite is not installed ({@code .ci/run} installs it).
 */
class AbfsTest {
  private static final int RACE_TRIALS = 2;

  @RegisterExtension static final AzuriteExtension AZURITE = new AzuriteExtension();

  @Test
  void backfillThenReadsAsDeltaSparkReads() throws Exception {
    String url = AZURITE.server().url("/backfill/batches");
    StoreTables.create(url, 4, "'delta.checkpointInterval' = '3'");
    Row result = StoreTables.backfill(url, 2);
    assertEquals(4L, result.getLong(2), "files backfilled");
    assertEquals(2, result.getInt(3), "backfill commits");
    assertTrue(result.getBoolean(7), "row tracking enabled");
    List<String> operations = StoreTables.operations(url);
    assertEquals(
        List.of(
            "UPGRADE PROTOCOL",
            "ROW TRACKING BACKFILL",
            "ROW TRACKING BACKFILL",
            "SET TBLPROPERTIES"),
        operations.subList(2, operations.size()));
    assertTrue(
        StoreTables.hasCheckpoint(url, operations.size() - 1),
        StoreTables.logNames(url).toString());
    StoreTables.assertBackfillAgrees(url);
    // delta-spark writes on top (materialized row IDs), and both still agree.
    sql("UPDATE " + quote(url) + " SET v = 'u' WHERE id % 3 = 0");
    StoreTables.assertSameRowsAndMetadata(url);
  }

  @Test
  void racingBackfillsLoseNoCommit() throws Exception {
    for (int trial = 0; trial < RACE_TRIALS; trial++) {
      String url = AZURITE.server().url("/race/" + trial);
      StoreTables.create(url, 6, "'delta.checkpointInterval' = '4'");
      BackfillRace.assertSound(url, 6, BackfillRace.race(url, 1));
    }
  }
}
