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
package io.deltax.it.s3;

import io.deltax.backfill.RowTrackingBackfill;
import org.apache.hadoop.conf.Configuration;

/**
 * A row tracking backfill in a JVM of its own, for {@code S3KillTest} to kill: one file per commit,
 * so it writes commit after commit until it is killed. Arguments: the table's {@code s3a://} URL,
 * then the S3A settings as {@code key=value}.
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
