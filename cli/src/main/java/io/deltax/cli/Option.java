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
package io.deltax.cli;

import io.deltax.conf.SessionSettings;
import io.deltax.conf.WholeNumberRange;
import java.util.function.ToLongBiFunction;

/**
 * An option of a {@code deltax} command: a flag ({@code --dry-run}), or one that takes a whole
 * number ({@code --batch-size N}) read and checked by the range of the CALL argument or session
 * conf it stands for. Its help line is written here once, for the usage text and the command's help
 * alike.
 *
 * @param value what the option takes, for the usage text ("N"); null for a flag
 * @param parse reads and checks the value as {@code parse(name, text)}; null for a flag
 */
record Option(String name, String value, String help, ToLongBiFunction<String, String> parse) {
  static final Option JSON =
      flag("--json", "one JSON object on stdout, the CALL's columns as keys");
  static final Option VERBOSE = flag("--verbose", "a failure's stack trace on stderr");

  static final Option BATCH_SIZE =
      new Option(
          "--batch-size",
          "N",
          "files per commit (default: "
              + SessionSettings.BACKFILL_MAX_FILES_PER_COMMIT.key()
              + ", "
              + SessionSettings.BACKFILL_MAX_FILES_PER_COMMIT.defaultText()
              + ")",
          SessionSettings::filesPerCommit);
  static final Option MAX_COMMITS =
      number(
          "--max-commits",
          "stop after N backfill commits and leave the rest for a later run (default: 0, no"
              + " limit)",
          WholeNumberRange.MAX_COMMITS);
  static final Option DRY_RUN = flag("--dry-run", "print the plan, write nothing");

  static final Option VERSION =
      number(
          "--version",
          "read the table as of version N (default: the latest)",
          new WholeNumberRange(0, Long.MAX_VALUE, "(a table version)", null));
  static final Option LIMIT =
      number(
          "--limit",
          "print at most N rows (default: 20)",
          new WholeNumberRange(0, Integer.MAX_VALUE, "rows", null));
  static final Option HISTORY_LIMIT =
      number(
          "--limit",
          "the newest N versions (default: every commit the log holds)",
          new WholeNumberRange(1, Integer.MAX_VALUE, "versions", null));
  static final Option ROW_IDS =
      flag("--row-ids", "add _metadata.row_id, row_commit_version and row_data_version");

  static Option flag(String name, String help) {
    return new Option(name, null, help, null);
  }

  static Option number(String name, String help, WholeNumberRange range) {
    return new Option(name, "N", help, range::parse);
  }

  boolean isFlag() {
    return parse == null;
  }

  /** As the usage text shows it: {@code --batch-size N}, {@code --dry-run}. */
  String synopsis() {
    return isFlag() ? name : name + " " + value;
  }
}
