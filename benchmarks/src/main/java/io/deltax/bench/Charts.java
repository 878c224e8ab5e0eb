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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Draws a results file of {@link Benchmarks} as an SVG picture beside it (same name, {@code .svg}):
 * one panel per benchmark, one row per size, deltax's and delta-spark's medians as bars on one
 * logarithmic time axis (so growth with files reads across rows), the ratio written at the end.
 * Read from the Markdown table, never drawn by hand: {@code java -cp ... io.deltax.bench.Charts
 * benchmarks/results/<file>.md}.
 */
final class Charts {
  private static final Pattern ROW =
      Pattern.compile(
          "^\\| ([^|]+) \\| ([^|]+) \\| ([0-9.]+) ms[^|]*\\| ([0-9.]+) ms[^|]*\\| ([0-9.]+)"
              + " \\|.*$");
  private static final int WIDTH = 900;
  private static final int LABEL = 250;
  private static final int BAR = 11;
  private static final int ROW_HEIGHT = 2 * BAR + 8;

  private Charts() {}

  record Row(String size, double deltax, double delta, double ratio) {}

  public static void main(String[] args) throws IOException {
    for (String file : args) {
      System.out.println("written " + write(Path.of(file)));
    }
  }

  /** Writes the SVG of {@code results} beside it; returns its path. */
  static Path write(Path results) throws IOException {
    Map<String, List<Row>> groups = new LinkedHashMap<>();
    for (String line : Files.readAllLines(results)) {
      Matcher m = ROW.matcher(line);
      if (m.matches()) {
        groups
            .computeIfAbsent(m.group(1).trim(), g -> new ArrayList<>())
            .add(
                new Row(
                    m.group(2).trim(),
                    Double.parseDouble(m.group(3)),
                    Double.parseDouble(m.group(4)),
                    Double.parseDouble(m.group(5))));
      }
    }
    double max =
        groups.values().stream()
            .flatMap(List::stream)
            .mapToDouble(r -> Math.max(r.deltax(), r.delta()))
            .max()
            .orElse(1);
    double logMax = Math.log10(Math.max(max, 10)) + 0.2;
    StringBuilder body = new StringBuilder();
    int y = 40;
    for (Map.Entry<String, List<Row>> group : groups.entrySet()) {
      body.append(text(10, y, 14, "bold", group.getKey()));
      y += 10;
      for (Row r : group.getValue()) {
        body.append(text(10, y + BAR + 4, 12, "normal", r.size()));
        body.append(bar(y, r.deltax(), logMax, "#1f77b4"));
        body.append(bar(y + BAR + 2, r.delta(), logMax, "#ff7f0e"));
        body.append(
            text(
                WIDTH - 90,
                y + BAR + 4,
                12,
                "bold",
                String.format(Locale.ROOT, "× %.2f", r.ratio())));
        y += ROW_HEIGHT;
      }
      y += 18;
    }
    StringBuilder svg = new StringBuilder();
    svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        .append(WIDTH)
        .append("\" height=\"")
        .append(y + 20)
        .append("\" font-family=\"sans-serif\">\n")
        .append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n")
        .append(
            text(
                10,
                18,
                12,
                "normal",
                "median time, log scale: deltax (blue) and delta-spark 4.3.1 "
                    + "(orange); × ratio = deltax / delta-spark, from "
                    + results.getFileName()))
        .append(body)
        .append("</svg>\n");
    Path out =
        results.resolveSibling(results.getFileName().toString().replaceAll("\\.md$", "") + ".svg");
    Files.writeString(out, svg);
    return out;
  }

  private static String bar(int y, double millis, double logMax, String colour) {
    double usable = WIDTH - LABEL - 100;
    double w = Math.max(1, usable * Math.log10(Math.max(millis, 1)) / logMax);
    return String.format(
            Locale.ROOT,
            "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>%n",
            LABEL,
            y,
            w,
            BAR,
            colour)
        + text(
            (int) (LABEL + w + 4),
            y + BAR - 1,
            10,
            "normal",
            String.format(Locale.ROOT, "%.0f ms", millis));
  }

  private static String text(int x, int y, int size, String weight, String content) {
    return String.format(
        Locale.ROOT,
        "<text x=\"%d\" y=\"%d\" font-size=\"%d\" font-weight=\"%s\">%s</text>%n",
        x,
        y,
        size,
        weight,
        content.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"));
  }
}
