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
package io.deltax.conf;

import java.util.List;

/**
 * The configuration reference, {@code docs/configuration.md}, written from the entries of {@link
 * ReadOptions} and {@link SessionSettings}: one Markdown table of the options and one of the
 * session confs, each row a key, its type, its default and its description. A test checks that the
 * documented file is this text.
 */
public final class ConfigurationReference {
  private ConfigurationReference() {}

  /** The whole file. */
  public static String markdown() {
    StringBuilder out = new StringBuilder();
    out.append("# Configuration\n\n")
        .append("Every read option and `spark.deltax.*` session conf deltax takes, with its type ")
        .append("and default.\n")
        .append("This file is generated from `io.deltax.conf.ReadOptions` and ")
        .append("`io.deltax.conf.SessionSettings`\n")
        .append("(see `ConfigurationReferenceTest` to refresh it); do not edit it by hand.\n\n")
        .append("## Read and stream options\n\n")
        .append("Given with `.option(key, value)` on `spark.read` or `spark.readStream`; keys ")
        .append("are matched ignoring case.\n")
        .append("Any other option is a Hadoop configuration entry for this read (`fs.s3a.*`, ")
        .append("`fs.<scheme>.impl`, ...).\n\n");
    table(out, ReadOptions.ALL);
    out.append("\n## Session confs\n\n")
        .append("Set with `spark.conf.set(key, value)`, `--conf` or `SET key = value`.\n\n");
    table(out, SessionSettings.ALL);
    return out.toString();
  }

  private static void table(StringBuilder out, List<ConfEntry<?>> entries) {
    out.append("| key | type | default | description |\n").append("| --- | --- | --- | --- |\n");
    for (ConfEntry<?> entry : entries) {
      out.append("| `")
          .append(entry.key())
          .append("` | ")
          .append(cell(entry.type()))
          .append(" | ")
          .append(entry.defaultText().isEmpty() ? "none" : "`" + entry.defaultText() + "`")
          .append(" | ")
          .append(cell(entry.description()))
          .append(" |\n");
    }
  }

  private static String cell(String text) {
    return text.replace("|", "\\|");
  }
}
