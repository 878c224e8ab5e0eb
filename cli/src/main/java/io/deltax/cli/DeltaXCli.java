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

import io.deltax.backfill.BackfillResult;
import io.deltax.backfill.RowTrackingBackfill;
import io.deltax.cli.CommandLine.UsageException;
import io.deltax.conf.ReadOptions;
import io.deltax.conf.SessionSettings;
import io.deltax.conf.WholeNumberRange;
import io.deltax.errors.DeltaXThrowable;
import io.deltax.extensions.procedures.SessionWriters;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.Supplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructField;

/**
 * The {@code deltax} command: deltax on an embedded local Spark. Exit codes: 0 done, 1 the table or
 * the work failed, 2 the command line is wrong. Errors are one line; {@code --verbose} adds the
 * stack trace. The backfill and the preservation are set up by {@link SessionWriters}, as for
 * {@code CALL}: the same session conf ({@code -Dspark.deltax.…} in {@code DELTAX_JAVA_OPTS}), the
 * same table names where its session has a catalog (the embedded one has only an empty in-memory
 * catalog, so {@code bin/deltax} takes paths).
 */
public final class DeltaXCli {
  static final String USAGE =
      String.join(
          "\n",
          "usage: deltax <command> [options]",
          "",
          "commands:",
          "  status <table>                            row tracking state and the backfill"
              + " boundary",
          "  features <table>                          table features and whether deltax reads"
              + " them",
          "  backfill <table> [--batch-size N] [--dry-run] [--max-commits N]",
          "                                            enable row tracking, N files per commit"
              + " (22000)",
          "  preserve <table>                          store the data versions of backfilled rows",
          "                                            before log clean-up removes them",
          "  show <table> [--version N] [--row-ids] [--limit N]",
          "                                            print rows (with _metadata.row_id,",
          "                                            row_commit_version and row_data_version",
          "                                            with --row-ids)",
          "  demo                                      build deltax and run the README demo"
              + " (bin/deltax)",
          "",
          "<table> is a path (/data/t, s3a://bucket/t); a table name needs a session with a"
              + " catalog.",
          "Options: --verbose (stack traces), --help. Session conf:"
              + " DELTAX_JAVA_OPTS='-Dspark.…=…'.");

  /** The engine deltax's commits name in their {@code engineInfo}. */
  private static final String ENGINE = "deltax-cli";

  private static final WholeNumberRange VERSION =
      new WholeNumberRange(0, Long.MAX_VALUE, "(a table version)", null);
  private static final WholeNumberRange ROWS =
      new WholeNumberRange(0, Integer.MAX_VALUE, "rows", null);

  private final PrintStream out;
  private final PrintStream err;
  private final Supplier<SparkSession> spark;

  DeltaXCli(PrintStream out, PrintStream err) {
    this(out, err, DeltaXCli::localSpark);
  }

  /** A command line run in {@code spark}'s session: for callers that have one, and for tests. */
  public DeltaXCli(PrintStream out, PrintStream err, Supplier<SparkSession> spark) {
    this.out = out;
    this.err = err;
    this.spark = spark;
  }

  public static void main(String[] args) {
    System.exit(new DeltaXCli(System.out, System.err).run(args));
  }

  /** Runs one command line; returns its exit code. */
  public int run(String[] args) {
    List<String> words = new ArrayList<>(List.of(args));
    boolean verbose = words.remove("--verbose");
    try {
      if (words.isEmpty() || words.get(0).equals("--help") || words.get(0).equals("help")) {
        out.println(USAGE);
        return words.isEmpty() ? 2 : 0;
      }
      String command = words.remove(0);
      if (words.contains("--help")) {
        out.println(USAGE);
        return 0;
      }
      CommandLine line = new CommandLine(command, words);
      switch (command) {
        case "status" -> procedure("row_tracking_status", line, true);
        case "features" -> procedure("table_features", line, false);
        case "preserve" -> procedure("preserve_row_data_versions", line, true);
        case "backfill" -> backfill(line);
        case "show" -> show(line);
        case "demo" -> throw new UsageException("the demo runs from a checkout: bin/deltax demo");
        default -> throw new UsageException("unknown command '" + command + "'; see deltax --help");
      }
      return 0;
    } catch (UsageException e) {
      err.println("deltax: " + e.getMessage());
      return 2;
    } catch (Exception e) { // a deltax AnalysisException too, which Java counts as checked
      err.println("deltax: " + oneLine(e));
      if (verbose) {
        e.printStackTrace(err);
      }
      return 1;
    }
  }

  private static String oneLine(Throwable e) {
    Throwable root = e;
    while (!(root instanceof DeltaXThrowable) && root.getCause() != null) {
      root = root.getCause();
    }
    String message = root instanceof DeltaXThrowable ? root.getMessage() : e.getMessage();
    return message == null ? e.toString() : message.lines().findFirst().orElse(e.toString());
  }

  private static SparkSession localSpark() {
    SparkSession spark =
        SparkSession.builder()
            .master("local[*]")
            .appName("deltax")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "4")
            .config("spark.sql.extensions", "io.deltax.extensions.DeltaXSparkSessionExtension")
            .getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    return spark;
  }

  /** {@code text} as the body of an SQL string literal: backslashes and quotes escaped. */
  private static String sqlString(String text) {
    return text.replace("\\", "\\\\").replace("'", "\\'");
  }

  /** A procedure whose one argument is the table, through CALL as a user would write it. */
  private void procedure(String name, CommandLine line, boolean vertical) {
    String table = line.table();
    line.noneLeft();
    Dataset<Row> rows = spark.get().sql("CALL " + name + "(table => '" + sqlString(table) + "')");
    if (!vertical) {
      rows.show(1000, false);
      return;
    }
    StructField[] fields = rows.schema().fields();
    for (Row row : rows.collectAsList()) {
      for (int i = 0; i < fields.length; i++) {
        Object value = row.get(i);
        out.printf(
            "%-40s %s%n",
            fields[i].name(),
            value instanceof scala.collection.Seq<?> seq
                ? scala.jdk.javaapi.CollectionConverters.asJava(seq)
                : value);
      }
    }
  }

  /** The backfill with a progress bar: built by {@link SessionWriters}, as CALL builds it. */
  private void backfill(CommandLine line) {
    String table = line.table();
    long batchSize = line.number("--batch-size", SessionSettings::filesPerCommit, -1);
    long maxCommits = line.number("--max-commits", WholeNumberRange.MAX_COMMITS, 0);
    boolean dryRun = line.flag("--dry-run");
    line.noneLeft();
    RowTrackingBackfill backfill =
        SessionWriters.backfill(
                spark.get(),
                table,
                batchSize < 0 ? OptionalInt.empty() : OptionalInt.of((int) batchSize),
                (int) maxCommits,
                ENGINE)
            .onProgress(
                (batch, batches, files, version) ->
                    out.println(
                        bar(batch, batches)
                            + String.format(
                                " batch %d of %d: %d files, version %d",
                                batch, batches, files, version)));
    BackfillResult result = dryRun ? backfill.plan() : backfill.run();
    out.println(result.message());
    out.printf(
        "files: %d, commits: %d, versions: %s, row ID high-water mark: %d, enabled: %s%n",
        result.files(),
        result.commits(),
        result.firstVersion() == null ? "none" : result.firstVersion() + "-" + result.lastVersion(),
        result.highWaterMark(),
        result.enabled());
  }

  static String bar(int done, int total) {
    int width = 30;
    int filled = total == 0 ? width : (int) ((long) width * done / total);
    return "[" + "#".repeat(filled) + "-".repeat(width - filled) + "]";
  }

  private void show(CommandLine line) {
    String table = line.table();
    long version = line.number("--version", VERSION, -1);
    long limit = line.number("--limit", ROWS, 20);
    boolean rowIds = line.flag("--row-ids");
    line.noneLeft();
    SparkSession session = spark.get();
    var reader = session.read().format("deltax");
    if (version >= 0) {
      reader = reader.option(ReadOptions.VERSION_AS_OF.key(), version);
    }
    Dataset<Row> rows = reader.load(SessionWriters.tablePath(session, table));
    if (rowIds) {
      rows =
          rows.selectExpr(
              "*",
              "_metadata.row_id",
              "_metadata.row_commit_version",
              "_metadata.row_data_version");
    }
    rows.show((int) limit, false);
  }
}
