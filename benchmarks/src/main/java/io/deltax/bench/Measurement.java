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

import java.util.Arrays;

/** Timings of one system on one case, in milliseconds. */
record Measurement(double[] millis) {
  double median() {
    double[] sorted = millis.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  double min() {
    return Arrays.stream(millis).min().orElse(Double.NaN);
  }

  double max() {
    return Arrays.stream(millis).max().orElse(Double.NaN);
  }

  String describe() {
    return String.format("%.0f ms (%.0f–%.0f)", median(), min(), max());
  }
}
