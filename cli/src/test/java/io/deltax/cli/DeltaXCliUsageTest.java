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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The command line as a user types it, with no Spark: help and the version on stdout with exit 0; a
 * wrong line refused with exit 2, one line naming what is wrong and the command's usage on stderr,
 * nothing on stdout, before any Spark session is asked for; options before or after the table, as
 * {@code --name value} or {@code --name=value}.
 */
class DeltaXCliUsageTest {
  private record Outcome(int exit, String out, String err) {}

  /** Where a line is accepted, the session is asked for: this Spark answers with exit 1. */
  private static final String NO_SPARK = "no Spark in this test";

  private static Outcome run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        new DeltaXCli(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                () -> {
                  throw new IllegalStateException(NO_SPARK);
                })
            .run(args);
    return new Outcome(
        exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** Exit 2, nothing on stdout, {@code expected} then the usage of {@code command} on stderr. */
  private static void assertUsage(String command, String expected, String... args) {
    Outcome o = run(args);
    assertEquals(2, o.exit(), o.err());
    assertEquals("", o.out(), "nothing on stdout");
    List<String> lines = o.err().lines().toList();
    assertEquals("deltax: " + expected, lines.get(0), o.err());
    assertEquals(
        List.of(
            "usage: " + Usage.synopsis(Command.named(command).orElseThrow()),
            "See 'deltax " + command + " --help'."),
        lines.subList(1, lines.size()));
  }

  /** Accepted: the line got as far as asking for the Spark session. */
  private static void assertAccepted(String... args) {
    Outcome o = run(args);
    assertEquals(
        "deltax: " + NO_SPARK, o.err().lines().findFirst().orElse(""), String.join(" ", args));
    assertEquals(1, o.exit());
  }

  @Test
  void versionNamesDeltaxAndTheSparkItIsBuiltAgainstAndRunsOn() {
    Outcome o = run("--version");
    assertEquals(0, o.exit(), o.err());
    assertEquals("", o.err());
    List<String> lines = o.out().lines().toList();
    assertEquals(2, lines.size(), o.out());
    assertEquals(
        "deltax "
            + System.getProperty("deltax.version")
            + ", built against Spark "
            + System.getProperty("deltax.built.spark.version"),
        lines.get(0));
    assertTrue(
        lines
            .get(1)
            .startsWith(
                "running on Spark "
                    + org.apache.spark.package$.MODULE$.SPARK_VERSION()
                    + ", Java 17"),
        lines.get(1));
    Outcome extra = run("--version", "status");
    assertEquals(2, extra.exit());
    assertEquals("", extra.out());
    assertTrue(extra.err().startsWith("deltax: unexpected 'status'\n"), extra.err());
  }

  @Test
  void helpGoesToStdoutWithZero() {
    for (String[] args : new String[][] {{"--help"}, {"-h"}, {"help"}, {"--verbose", "--help"}}) {
      Outcome o = run(args);
      assertEquals(0, o.exit(), o.err());
      assertEquals("", o.err());
      assertEquals(Usage.overview() + System.lineSeparator(), o.out());
    }
    String overview = Usage.overview();
    for (Command command : Command.values()) {
      assertTrue(overview.contains("\n  " + command.word + " "), command.word);
    }
    assertTrue(overview.contains("--version"), overview);
  }

  @Test
  void eachCommandHasItsOwnHelp() {
    for (String[] args :
        new String[][] {
          {"backfill", "--help"},
          {"backfill", "-h"},
          {"help", "backfill"},
          {"--help", "backfill"},
          {"backfill", "/data/t", "--batch-size=oops", "--help"}
        }) {
      Outcome o = run(args);
      assertEquals(0, o.exit(), String.join(" ", args) + ": " + o.err());
      assertEquals("", o.err());
      assertTrue(
          o.out()
              .startsWith(
                  "usage: deltax backfill <table> [--batch-size N] [--max-commits N]"
                      + " [--dry-run]\n"),
          o.out());
      assertTrue(o.out().contains("\n  --max-commits N   stop after N"), o.out());
      assertFalse(o.out().contains("--row-ids"), "show's options are not backfill's");
    }
    Outcome status = run("status", "--help");
    assertTrue(status.out().contains("\n  --json "), status.out());
    assertFalse(status.out().contains("--batch-size"), status.out());
    Outcome unknown = run("help", "frobnicate");
    assertEquals(2, unknown.exit());
    assertEquals("", unknown.out());
    assertTrue(unknown.err().startsWith("deltax: unknown command 'frobnicate'\n"), unknown.err());
  }

  @Test
  void helpTextsFitEightyColumns() {
    for (String text :
        List.of(
            Usage.overview(),
            Usage.of(Command.STATUS),
            Usage.of(Command.FEATURES),
            Usage.of(Command.BACKFILL),
            Usage.of(Command.PRESERVE),
            Usage.of(Command.SHOW),
            Usage.of(Command.DEMO))) {
      text.lines().forEach(line -> assertTrue(line.length() <= 80, line));
    }
  }

  @Test
  void noCommandPrintsTheOverviewOnStderrWithTwo() {
    Outcome o = run();
    assertEquals(2, o.exit());
    assertEquals("", o.out());
    assertEquals(Usage.overview() + System.lineSeparator(), o.err());
    Outcome unknown = run("frobnicate", "/data/t");
    assertEquals(2, unknown.exit());
    assertEquals("", unknown.out());
    assertEquals(
        List.of(
            "deltax: unknown command 'frobnicate'",
            "usage: deltax status|features|history|detail|backfill|preserve|show|demo [options]"
                + " <table>",
            "See 'deltax --help'."),
        unknown.err().lines().toList());
    Outcome option = run("--frobnicate", "status", "/data/t");
    assertEquals(2, option.exit());
    assertEquals("", option.out());
    assertTrue(option.err().startsWith("deltax: unknown option '--frobnicate'\n"), option.err());
  }

  @Test
  void unknownOptionsAndExtraWordsAreRefusedByEverySubcommand() {
    for (String command : new String[] {"status", "features", "preserve", "backfill", "show"}) {
      assertUsage(
          command,
          command + ": unknown option '--no-such-flag'",
          command,
          "/data/t",
          "--no-such-flag");
      assertUsage(command, command + ": unknown option '-x'", command, "-x", "/data/t");
      assertUsage(command, command + ": unexpected 'extra'", command, "/data/t", "extra");
      assertUsage(command, command + ": missing <table>", command);
      assertUsage(command, command + ": missing <table>", command, "--verbose");
    }
    assertUsage(
        "status",
        "status: unknown option '--batch-size'",
        "status",
        "/data/t",
        "--batch-size",
        "5");
    assertUsage("backfill", "backfill: unknown option '--json'", "backfill", "/data/t", "--json");
    assertUsage("demo", "demo: unexpected '/data/t'", "demo", "/data/t");
    assertUsage("demo", "demo: the demo runs from a checkout: bin/deltax demo", "demo");
  }

  @Test
  void numbersNameTheOptionTheValueAndTheRange() {
    assertUsage(
        "backfill",
        "backfill: --batch-size 1000000000000 exceeds the range of 1 to 2147483647 files per"
            + " commit. Nothing was written.",
        "backfill",
        "/data/t",
        "--batch-size",
        "1000000000000");
    assertUsage(
        "backfill",
        "backfill: --batch-size 0 is below the range of 1 to 2147483647 files per commit."
            + " Nothing was written.",
        "backfill",
        "/data/t",
        "--batch-size=0");
    assertUsage(
        "backfill",
        "backfill: --batch-size takes a whole number from 1 to 2147483647 files per commit, not"
            + " 2.5. Nothing was written.",
        "backfill",
        "--batch-size",
        "2.5",
        "/data/t");
    assertUsage(
        "backfill",
        "backfill: --batch-size takes a whole number from 1 to 2147483647 files per commit, not"
            + " 'many'. Nothing was written.",
        "backfill",
        "/data/t",
        "--batch-size",
        "many");
    assertUsage(
        "backfill",
        "backfill: --batch-size takes a whole number from 1 to 2147483647 files per commit, not"
            + " ''. Nothing was written.",
        "backfill",
        "/data/t",
        "--batch-size=");
    assertUsage(
        "backfill",
        "backfill: --max-commits -1 is below the range of 0 (no limit) to 2147483647 commits."
            + " Nothing was written.",
        "backfill",
        "/data/t",
        "--max-commits",
        "-1");
    assertUsage(
        "show",
        "show: --limit -1 is below the range of 0 to 2147483647 rows. Nothing was written.",
        "show",
        "/data/t",
        "--limit=-1");
    assertUsage(
        "history",
        "history: --limit 0 is below the range of 1 to 2147483647 versions. Nothing was written.",
        "history",
        "/data/t",
        "--limit=0");
    assertUsage(
        "show",
        "show: --version takes a whole number from 0 to 9223372036854775807 (a table version),"
            + " not 'latest'. Nothing was written.",
        "show",
        "/data/t",
        "--version",
        "latest");
    assertUsage(
        "backfill", "backfill: --batch-size needs a value", "backfill", "/data/t", "--batch-size");
    assertUsage(
        "backfill",
        "backfill: --batch-size is given twice",
        "backfill",
        "/data/t",
        "--batch-size",
        "1",
        "--batch-size=2");
    assertUsage(
        "backfill", "backfill: --dry-run takes no value", "backfill", "/data/t", "--dry-run=true");
  }

  @Test
  void theEqualsFormAndAnyOrderReadTheSameLine() {
    CommandLine spaced =
        CommandLine.parse(
            Command.BACKFILL,
            List.of("/data/t", "--batch-size", "5", "--max-commits", "2", "--dry-run"));
    assertEquals("/data/t", spaced.table());
    assertEquals(5, spaced.number(Option.BATCH_SIZE).getAsLong());
    assertEquals(2, spaced.number(Option.MAX_COMMITS).getAsLong());
    assertTrue(spaced.flag(Option.DRY_RUN));
    assertFalse(spaced.flag(Option.VERBOSE));
    for (List<String> words :
        List.of(
            List.of("--batch-size=5", "--max-commits=2", "--dry-run", "/data/t"),
            List.of("--dry-run", "--batch-size", "5", "/data/t", "--max-commits=2"),
            List.of("--max-commits", "2", "--batch-size=5", "--dry-run", "--", "/data/t"))) {
      assertEquals(spaced, CommandLine.parse(Command.BACKFILL, words), words.toString());
    }
    CommandLine defaults = CommandLine.parse(Command.BACKFILL, List.of("/data/t"));
    assertTrue(defaults.number(Option.BATCH_SIZE).isEmpty());
    assertEquals(Set.of(), defaults.flags());

    CommandLine show =
        CommandLine.parse(Command.SHOW, List.of("--version=3", "s3a://b/t=1", "--row-ids"));
    assertEquals("s3a://b/t=1", show.table(), "an '=' in the table is the table's");
    assertEquals(3, show.number(Option.VERSION).getAsLong());
    assertEquals(
        "--odd", CommandLine.parse(Command.STATUS, List.of("--json", "--", "--odd")).table());
  }

  @Test
  void anAcceptedLineReachesSparkWhereverItsOptionsAre() {
    assertAccepted("status", "/data/t", "--json");
    assertAccepted("status", "--json", "/data/t");
    assertAccepted("--verbose", "features", "--json", "/data/t");
    assertAccepted("backfill", "--batch-size=5", "/data/t", "--max-commits", "1", "--dry-run");
    assertAccepted("show", "--limit=5", "--version", "0", "/data/t", "--row-ids", "--verbose");
    assertAccepted("preserve", "--", "-dashed");
    assertAccepted("history", "--limit=3", "/data/t", "--json");
    assertAccepted("detail", "/data/t", "--json");
  }

  @Test
  void verboseBeforeOrAfterTheCommandAddsTheStackTrace() {
    for (String[] args :
        new String[][] {{"--verbose", "status", "/data/t"}, {"status", "/data/t", "--verbose"}}) {
      Outcome o = run(args);
      assertEquals(1, o.exit());
      assertTrue(o.err().startsWith("deltax: " + NO_SPARK + "\n"), o.err());
      assertTrue(o.err().contains("\tat io.deltax.cli."), o.err());
    }
    assertEquals(1, run("status", "/data/t").err().lines().count());
  }
}
