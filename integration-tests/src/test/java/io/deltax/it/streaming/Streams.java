package io.deltax.it.streaming;

import static io.deltax.it.DeltaOracle.spark;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.StreamingQueryException;
import org.apache.spark.sql.streaming.Trigger;

/**
 * A stream run to the end with {@code Trigger.AvailableNow} into a Parquet sink (exactly once:
 * the sink's own log), from a checkpoint that later runs resume.
 */
final class Streams {
  private Streams() {}

  /** One run of {@code format}'s stream of {@code table} into {@code out}, checkpointed beside it. */
  static StreamingQuery run(String format, String table, Path out, Map<String, String> options) {
    var reader = spark().readStream().format(format);
    options.forEach(reader::option);
    Dataset<Row> stream = reader.load(table);
    return runInto(stream, out);
  }

  static StreamingQuery runInto(Dataset<Row> stream, Path out) {
    try {
      StreamingQuery query = stream.writeStream()
          .format("parquet")
          .option("path", out.resolve("data").toString())
          .option("checkpointLocation", out.resolve("checkpoint").toString())
          .trigger(Trigger.AvailableNow())
          .start();
      query.awaitTermination();
      return query;
    } catch (TimeoutException | StreamingQueryException e) {
      throw new RuntimeException(e);
    }
  }

  /** How many rows the sink holds; 0 before its first file. */
  static long count(Path out) {
    java.io.File[] files = out.resolve("data").toFile().listFiles((d, n) -> n.endsWith(".parquet"));
    return files == null || files.length == 0 ? 0 : sink(out).count();
  }

  /** What the sink holds. */
  static Dataset<Row> sink(Path out) {
    return spark().read().parquet(out.resolve("data").toString());
  }
}
