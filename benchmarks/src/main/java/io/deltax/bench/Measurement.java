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
