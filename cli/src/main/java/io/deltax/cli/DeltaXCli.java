package io.deltax.cli;

import io.deltax.backfill.BackfillResult;
import io.deltax.backfill.RowTrackingBackfill;
import io.deltax.conf.DeltaXConf;
import io.deltax.errors.DeltaXException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructField;

/**
 * The {@code deltax} command: deltax on an embedded local Spark. Exit codes: 0 done, 1 the table
 * or the work failed, 2 the command line is wrong. Errors are one line; {@code --verbose} adds the
 * stack trace.
 */
public final class DeltaXCli {
  static final String USAGE = String.join("\n",
      "usage: deltax <command> [options]",
      "",
      "commands:",
      "  status <table>                            row tracking state and the backfill boundary",
      "  features <table>                          table features and whether deltax reads them",
      "  backfill <table> [--batch-size N] [--dry-run] [--max-commits N]",
      "                                            enable row tracking, N files per commit (22000)",
      "  preserve <table>                          store the data versions of backfilled rows",
      "                                            before log clean-up removes them",
      "  show <table> [--version N] [--row-ids] [--limit N]",
      "                                            print rows (with _metadata.row_id,",
      "                                            row_commit_version and row_data_version",
      "                                            with --row-ids)",
      "  demo                                      build deltax and run the README demo (bin/deltax)",
      "",
      "<table> is a path (/data/t, s3a://bucket/t). Options: --verbose (stack traces), --help.");

  private final PrintStream out;
  private final PrintStream err;

  DeltaXCli(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  public static void main(String[] args) {
    System.exit(new DeltaXCli(System.out, System.err).run(args));
  }

  /** Bad command lines: exit code 2. */
  static final class UsageException extends RuntimeException {
    UsageException(String message) {
      super(message);
    }
  }

  int run(String[] args) {
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
      switch (command) {
        case "status" -> procedure("row_tracking_status", table(words), true);
        case "features" -> procedure("table_features", table(words), false);
        case "preserve" -> procedure("preserve_row_data_versions", table(words), true);
        case "backfill" -> backfill(words);
        case "show" -> show(words);
        case "demo" -> throw new UsageException("the demo runs from a checkout: bin/deltax demo");
        default -> throw new UsageException("unknown command '" + command + "'; see deltax --help");
      }
      return 0;
    } catch (UsageException e) {
      err.println("deltax: " + e.getMessage());
      return 2;
    } catch (RuntimeException e) {
      err.println("deltax: " + oneLine(e));
      if (verbose) {
        e.printStackTrace(err);
      }
      return 1;
    }
  }

  private static String oneLine(Throwable e) {
    Throwable root = e;
    while (!(root instanceof DeltaXException) && root.getCause() != null) {
      root = root.getCause();
    }
    String message = root instanceof DeltaXException ? root.getMessage() : e.getMessage();
    return message == null ? e.toString() : message.lines().findFirst().orElse(e.toString());
  }

  private static String table(List<String> words) {
    if (words.isEmpty() || words.get(0).startsWith("--")) {
      throw new UsageException("missing <table>; see deltax --help");
    }
    return words.remove(0);
  }

  private static String option(List<String> words, String name) {
    int i = words.indexOf(name);
    if (i < 0) {
      return null;
    }
    if (i + 1 >= words.size()) {
      throw new UsageException(name + " needs a value");
    }
    String value = words.remove(i + 1);
    words.remove(i);
    return value;
  }

  private static int intOption(List<String> words, String name, int otherwise) {
    String value = option(words, name);
    if (value == null) {
      return otherwise;
    }
    try {
      return Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new UsageException(name + " takes a whole number, not '" + value + "'");
    }
  }

  private static void noneLeft(List<String> words) {
    if (!words.isEmpty()) {
      throw new UsageException("unexpected " + words + "; see deltax --help");
    }
  }

  private static SparkSession spark() {
    SparkSession spark = SparkSession.builder()
        .master("local[*]")
        .appName("deltax")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.sql.extensions", "io.deltax.extensions.DeltaXSparkSessionExtension")
        .getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    return spark;
  }

  private void procedure(String name, String table, boolean vertical) {
    Dataset<Row> rows = spark().sql("CALL " + name + "(table => '" + table.replace("'", "\\'") + "')");
    if (!vertical) {
      rows.show(1000, false);
      return;
    }
    StructField[] fields = rows.schema().fields();
    for (Row row : rows.collectAsList()) {
      for (int i = 0; i < fields.length; i++) {
        Object value = row.get(i);
        out.printf("%-40s %s%n", fields[i].name(), value instanceof scala.collection.Seq<?> seq
            ? scala.jdk.javaapi.CollectionConverters.asJava(seq) : value);
      }
    }
  }

  private void backfill(List<String> words) {
    String table = table(words);
    int batchSize = intOption(words, "--batch-size", DeltaXConf.BACKFILL_MAX_FILES_PER_COMMIT_DEFAULT);
    int maxCommits = intOption(words, "--max-commits", 0);
    boolean dryRun = words.remove("--dry-run");
    noneLeft(words);
    SparkSession spark = spark();
    RowTrackingBackfill backfill = new RowTrackingBackfill(table, DeltaXConf.of(spark).hadoopConf(),
        batchSize, maxCommits, "deltax-cli Apache-Spark/" + spark.version())
        .onProgress((batch, batches, files, version) -> out.println(bar(batch, batches)
            + String.format(" batch %d of %d: %d files, version %d", batch, batches, files, version)));
    BackfillResult result;
    try {
      result = dryRun ? backfill.plan() : backfill.run();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    out.println(result.message());
    out.printf("files: %d, commits: %d, versions: %s, row ID high-water mark: %d, enabled: %s%n",
        result.files(), result.commits(),
        result.firstVersion() == null ? "none" : result.firstVersion() + "-" + result.lastVersion(),
        result.highWaterMark(), result.enabled());
  }

  static String bar(int done, int total) {
    int width = 30;
    int filled = total == 0 ? width : (int) ((long) width * done / total);
    return "[" + "#".repeat(filled) + "-".repeat(width - filled) + "]";
  }

  private void show(List<String> words) {
    String table = table(words);
    String version = option(words, "--version");
    int limit = intOption(words, "--limit", 20);
    boolean rowIds = words.remove("--row-ids");
    noneLeft(words);
    var reader = spark().read().format("deltax");
    if (version != null) {
      reader = reader.option(DeltaXConf.VERSION_AS_OF, version);
    }
    Dataset<Row> rows = reader.load(table);
    if (rowIds) {
      rows = rows.selectExpr("*", "_metadata.row_id", "_metadata.row_commit_version",
          "_metadata.row_data_version");
    }
    rows.show(limit, false);
  }
}
