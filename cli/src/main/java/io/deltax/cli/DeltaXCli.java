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
import io.deltax.errors.DeltaXThrowable;
import io.deltax.extensions.DeltaXProcedureCatalog;
import io.deltax.extensions.procedures.SessionWriters;
import io.deltax.names.TableArgument;
import java.io.PrintStream;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Supplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The {@code deltax} command: deltax on an embedded local Spark. Exit codes: 0 done, 1 the table or
 * the work failed, 2 the command line is wrong. A wrong command line is refused before Spark
 * starts, with nothing on stdout. Errors are one line; {@code --verbose} adds the stack trace. The
 * backfill and the preservation are set up by {@link SessionWriters}, as for {@code CALL}: the same
 * session conf ({@code -Dspark.deltax.…} in {@code DELTAX_JAVA_OPTS}), the same table names where
 * its session has a metastore: the embedded session has one where its conf names it ({@code
 * -Dspark.sql.catalogImplementation=hive} and the metastore's address), else it takes paths.
 */
public final class DeltaXCli {
  /** The engine deltax's commits name in their {@code engineInfo}. */
  private static final String ENGINE = "deltax-cli";

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
    List<String> words = List.of(args);
    boolean verbose = false;
    try {
      int i = 0;
      for (; i < words.size() && words.get(i).startsWith("-"); i++) {
        switch (words.get(i)) {
          case "-h", "--help" -> {
            return help(words.subList(i + 1, words.size()));
          }
          case "--version" -> {
            if (i + 1 < words.size()) {
              throw new UsageException(null, "unexpected '" + words.get(i + 1) + "'");
            }
            out.println(Version.text());
            return 0;
          }
          case "--verbose" -> verbose = true;
          default -> throw new UsageException(null, "unknown option '" + words.get(i) + "'");
        }
      }
      if (i == words.size()) {
        err.println(Usage.overview());
        return 2;
      }
      String word = words.get(i);
      List<String> rest = words.subList(i + 1, words.size());
      if (word.equals("help")) {
        return help(rest);
      }
      Command command =
          Command.named(word)
              .orElseThrow(() -> new UsageException(null, "unknown command '" + word + "'"));
      if (CommandLine.asksForHelp(rest)) {
        out.println(Usage.of(command));
        return 0;
      }
      CommandLine line = CommandLine.parse(command, rest);
      verbose |= line.flag(Option.VERBOSE);
      switch (command) {
        case STATUS, FEATURES, PRESERVE, HISTORY, DETAIL -> call(command.answer, line);
        case BACKFILL -> backfill(line);
        case SHOW -> show(line);
        case DEMO ->
            throw new UsageException(command, "the demo runs from a checkout: bin/deltax demo");
      }
      return 0;
    } catch (UsageException e) {
      err.println("deltax: " + (e.command == null ? "" : e.command.word + ": ") + e.getMessage());
      err.println(Usage.after(e.command));
      return 2;
    } catch (Exception e) { // a deltax AnalysisException too, which Java counts as checked
      err.println("deltax: " + oneLine(e));
      if (verbose) {
        e.printStackTrace(err);
      }
      return 1;
    }
  }

  /** {@code deltax help [<command>]}: the overview, or the command's help, on stdout. */
  private int help(List<String> words) {
    if (words.isEmpty()) {
      out.println(Usage.overview());
      return 0;
    }
    Command command =
        Command.named(words.get(0))
            .orElseThrow(() -> new UsageException(null, "unknown command '" + words.get(0) + "'"));
    if (words.size() > 1) {
      throw new UsageException(null, "unexpected '" + words.get(1) + "'");
    }
    out.println(Usage.of(command));
    return 0;
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
            .config(DELTAX_CATALOG, DeltaXProcedureCatalog.class.getName())
            .getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    return spark;
  }

  /** {@code text} as the body of an SQL string literal: backslashes and quotes escaped. */
  private static String sqlString(String text) {
    return text.replace("\\", "\\\\").replace("'", "\\'");
  }

  /** The conf that registers a catalog named {@code deltax}. */
  private static final String DELTAX_CATALOG = "spark.sql.catalog.deltax";

  /**
   * How a CALL names {@code procedure} in {@code session}: qualified where the session's {@code
   * deltax} catalog holds the procedures; else unqualified, which the extension binds (Spark's Hive
   * support drops the extension's rule that does, so the embedded session registers the catalog).
   */
  private static String procedureName(SparkSession session, String procedure) {
    boolean catalog =
        session.conf().get(DELTAX_CATALOG, "").equals(DeltaXProcedureCatalog.class.getName());
    return catalog ? "deltax." + DeltaXProcedureCatalog.NAMESPACE + "." + procedure : procedure;
  }

  /** A procedure whose one argument is the table, through CALL as a user would write it. */
  private void call(Answer answer, CommandLine line) {
    SparkSession session = spark.get();
    Dataset<Row> rows =
        session.sql(
            "CALL "
                + procedureName(session, answer.procedure())
                + "(table => '"
                + sqlString(line.table())
                + "'"
                + line.number(Option.HISTORY_LIMIT).stream()
                    .mapToObj(n -> ", limit => " + n)
                    .findFirst()
                    .orElse("")
                + ")");
    List<Row> answered = rows.collectAsList();
    if (line.flag(Option.JSON)) {
      out.println(answer.json(rows.schema(), answered));
    } else {
      out.print(answer.text(rows.schema(), answered));
    }
  }

  /** The backfill with a progress bar: built by {@link SessionWriters}, as CALL builds it. */
  private void backfill(CommandLine line) {
    OptionalLong batchSize = line.number(Option.BATCH_SIZE);
    RowTrackingBackfill backfill =
        SessionWriters.backfill(
                spark.get(),
                line.table(),
                batchSize.isPresent()
                    ? OptionalInt.of((int) batchSize.getAsLong())
                    : OptionalInt.empty(),
                (int) line.number(Option.MAX_COMMITS).orElse(0),
                ENGINE)
            .onProgress(
                (batch, batches, files, version) ->
                    out.println(
                        bar(batch, batches)
                            + String.format(
                                " batch %d of %d: %d files, version %d",
                                batch, batches, files, version)));
    BackfillResult result = line.flag(Option.DRY_RUN) ? backfill.plan() : backfill.run();
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
    SparkSession session = spark.get();
    TableArgument.Resolved table = TableArgument.resolveTable(session, line.table());
    // A metastore entry's options (file system settings) reach the files, as a read by name's do.
    var reader = session.read().format("deltax").options(table.options());
    OptionalLong version = line.number(Option.VERSION);
    if (version.isPresent()) {
      reader = reader.option(ReadOptions.VERSION_AS_OF.key(), version.getAsLong());
    }
    Dataset<Row> rows = reader.load(table.path());
    if (line.flag(Option.ROW_IDS)) {
      rows =
          rows.selectExpr(
              "*",
              "_metadata.row_id",
              "_metadata.row_commit_version",
              "_metadata.row_data_version");
    }
    rows.show((int) line.number(Option.LIMIT).orElse(20), false);
  }
}
