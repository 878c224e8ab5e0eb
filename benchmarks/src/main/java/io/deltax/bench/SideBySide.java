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
package io.deltax.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * Times deltax and delta-spark on the same case in one run: a warm-up of each, then rounds that
 * alternate the two so that a noisy neighbour hurts both alike. Each run gets a fresh input from
 * {@code prepare} (untimed) where the case changes the table.
 */
final class SideBySide {
  interface Run {
    void run(String input) throws Exception;
  }

  interface Prepare {
    String input(String system, int round) throws Exception;
  }

  record Result(String benchmark, String size, Measurement deltax, Measurement delta, String note) {
    /** deltax's time over delta-spark's: below 1 means deltax is faster. */
    double ratio() {
      return deltax.median() / delta.median();
    }
  }

  private final int rounds;
  private final List<Result> results = new ArrayList<>();

  SideBySide(int rounds) {
    this.rounds = rounds;
  }

  Result measure(String benchmark, String size, Prepare prepare, Run deltax, Run delta, String note)
      throws Exception {
    return measure(benchmark, size, prepare, deltax, delta, note, rounds);
  }

  /** As above, with fewer rounds for a case whose one run takes minutes. */
  Result measure(
      String benchmark,
      String size,
      Prepare prepare,
      Run deltax,
      Run delta,
      String note,
      int rounds)
      throws Exception {
    deltax.run(prepare.input("deltax", -1));
    delta.run(prepare.input("delta", -1));
    double[] x = new double[rounds];
    double[] d = new double[rounds];
    for (int r = 0; r < rounds; r++) {
      x[r] = time(deltax, prepare.input("deltax", r));
      d[r] = time(delta, prepare.input("delta", r));
    }
    return record(benchmark, size, x, d, note);
  }

  /** Timings measured by the case itself (such as Spark's own per-trigger durations). */
  Result record(String benchmark, String size, double[] deltax, double[] delta, String note) {
    Result result =
        new Result(benchmark, size, new Measurement(deltax), new Measurement(delta), note);
    results.add(result);
    System.out.printf(
        "%-34s %-12s deltax %-24s delta-spark %-24s ratio %.2f%n",
        benchmark, size, result.deltax().describe(), result.delta().describe(), result.ratio());
    return result;
  }

  private static double time(Run run, String input) throws Exception {
    long start = System.nanoTime();
    run.run(input);
    return (System.nanoTime() - start) / 1e6;
  }

  List<Result> results() {
    return results;
  }
}
