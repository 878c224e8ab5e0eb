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

import io.deltax.backfill.RowTrackingBackfill;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * A row tracking backfill alone in a JVM of its own, for tests that kill it: {@link #start} runs
 * {@link #main} with the test JVM's classpath; {@link #kill} is {@code kill -9}.
 */
final class BackfillProcess {
  private final Process process;
  private final Path output;

  private BackfillProcess(Process process, Path output) {
    this.process = process;
    this.output = output;
  }

  /**
   * Backfills {@code args[0]} in commits of {@code args[1]} files, with Hadoop's defaults and the
   * {@code key=value} settings that follow.
   */
  public static void main(String[] args) throws IOException {
    Configuration conf = new Configuration();
    for (int i = 2; i < args.length; i++) {
      int equals = args[i].indexOf('=');
      conf.set(args[i].substring(0, equals), args[i].substring(equals + 1));
    }
    new RowTrackingBackfill(args[0], conf, Integer.parseInt(args[1]), 0, "deltax-crash-test").run();
  }

  static BackfillProcess start(
      String url, int batchSize, Map<String, String> hadoopSettings, Path output)
      throws IOException {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-XX:TieredStopAtLevel=1",
                BackfillProcess.class.getName(),
                url,
                Integer.toString(batchSize)));
    hadoopSettings.forEach((key, value) -> command.add(key + "=" + value));
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
    // The classpath through the environment: it is too long to be read comfortably in `ps`.
    builder.environment().put("CLASSPATH", System.getProperty("java.class.path"));
    return new BackfillProcess(builder.start(), output);
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** SIGKILL: no shutdown hook, no finally block, no close() runs. */
  void kill() throws InterruptedException {
    process.destroyForcibly().waitFor();
  }

  String output() throws IOException {
    return Files.readString(output);
  }
}
