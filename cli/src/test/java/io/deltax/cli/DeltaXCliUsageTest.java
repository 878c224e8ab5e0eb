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

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Wrong command lines exit with 2 and one line naming what is wrong, before any Spark session is
 * started: every subcommand refuses an option or a word it does not know.
 */
class DeltaXCliUsageTest {
  private record Outcome(int exit, String err) {}

  private static Outcome run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        new DeltaXCli(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                () -> {
                  throw new AssertionError("a wrong command line starts no Spark session");
                })
            .run(args);
    return new Outcome(exit, err.toString(StandardCharsets.UTF_8).strip());
  }

  private static void assertUsage(String expected, String... args) {
    Outcome o = run(args);
    assertEquals(2, o.exit(), o.err());
    assertEquals("deltax: " + expected, o.err());
  }

  @Test
  void unknownOptionsAndExtraWordsAreRefusedByEverySubcommand() {
    for (String command : new String[] {"status", "features", "preserve", "backfill", "show"}) {
      assertUsage(
          command + ": unknown option '--no-such-flag'; see deltax --help",
          command,
          "/data/t",
          "--no-such-flag");
      assertUsage(command + ": unexpected 'extra'; see deltax --help", command, "/data/t", "extra");
      assertUsage(command + ": missing <table>; see deltax --help", command);
    }
    assertUsage(
        "status: unknown option '--batch-size'; see deltax --help",
        "status",
        "/data/t",
        "--batch-size",
        "5");
  }

  @Test
  void numbersNameTheOptionTheValueAndTheRange() {
    assertUsage(
        "--batch-size 1000000000000 exceeds the range of 1 to 2147483647 files per commit. "
            + "Nothing was written.",
        "backfill",
        "/data/t",
        "--batch-size",
        "1000000000000");
    assertUsage(
        "--batch-size 0 is below the range of 1 to 2147483647 files per commit. Nothing was"
            + " written.",
        "backfill",
        "/data/t",
        "--batch-size",
        "0");
    assertUsage(
        "--batch-size takes a whole number from 1 to 2147483647 files per commit, not 2.5. "
            + "Nothing was written.",
        "backfill",
        "/data/t",
        "--batch-size",
        "2.5");
    assertUsage(
        "--batch-size takes a whole number from 1 to 2147483647 files per commit, not 'many'. "
            + "Nothing was written.",
        "backfill",
        "/data/t",
        "--batch-size",
        "many");
    assertUsage(
        "--max-commits -1 is below the range of 0 (no limit) to 2147483647 commits. "
            + "Nothing was written.",
        "backfill",
        "/data/t",
        "--max-commits",
        "-1");
    assertUsage(
        "--limit -1 is below the range of 0 to 2147483647 rows. Nothing was written.",
        "show",
        "/data/t",
        "--limit",
        "-1");
    assertUsage(
        "--version takes a whole number from 0 to 9223372036854775807 (a table version), "
            + "not 'latest'. Nothing was written.",
        "show",
        "/data/t",
        "--version",
        "latest");
    assertUsage(
        "--batch-size needs a value; see deltax --help", "backfill", "/data/t", "--batch-size");
  }
}
