package io.deltax.it.s3;

import io.deltax.backfill.RowTrackingBackfill;
import org.apache.hadoop.conf.Configuration;

/**
 * A row tracking backfill in a JVM of its own, for {@code S3KillTest} to kill: one file per
 * commit, so it writes commit after commit until it is killed.
 * Arguments: the table's {@code s3a://} URL, then the S3A settings as {@code key=value}.
 */
public final class S3BackfillProcess {
  private S3BackfillProcess() {}

  public static void main(String[] args) throws Exception {
    Configuration conf = new Configuration();
    for (int i = 1; i < args.length; i++) {
      int eq = args[i].indexOf('=');
      conf.set(args[i].substring(0, eq), args[i].substring(eq + 1));
    }
    new RowTrackingBackfill(args[0], conf, 1, 0, "deltax-kill-test").run();
    System.exit(0);
  }
}
