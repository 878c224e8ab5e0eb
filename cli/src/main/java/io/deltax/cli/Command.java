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

import io.deltax.extensions.procedures.PreserveRowDataVersionsProcedure;
import io.deltax.extensions.procedures.RowTrackingStatusProcedure;
import io.deltax.extensions.procedures.TableDetailProcedure;
import io.deltax.extensions.procedures.TableFeaturesProcedure;
import io.deltax.extensions.procedures.TableHistoryProcedure;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The commands of {@code deltax}: the word that names each, whether it takes a table, its options
 * and its help, written once for the parser, the usage text and the command's {@code --help}.
 */
enum Command {
  STATUS(
      "status",
      "row tracking state and the backfill boundary",
      """
      Row tracking on the table: its protocol, whether row tracking is enabled, the row ID
      high-water mark, the files still without row IDs and the versions the backfill wrote.
      The answer of CALL row_tracking_status, one field per line.\
      """,
      Answer.oneRow(RowTrackingStatusProcedure.NAME),
      Option.JSON),
  FEATURES(
      "features",
      "table features and whether deltax reads them",
      """
      The table features of the table's protocol, the version that added each, and whether
      deltax reads it. The answer of CALL table_features, one row per feature.\
      """,
      Answer.rows(TableFeaturesProcedure.NAME, "features"),
      Option.JSON),
  HISTORY(
      "history",
      "the table's commits, newest first",
      """
      The table's commits, newest first, with the columns of delta-spark's DESCRIBE HISTORY,
      from each commit's commitInfo, for the versions the log still holds. The answer of
      CALL table_history, one row per commit.\
      """,
      Answer.rows(TableHistoryProcedure.NAME, "commits"),
      Option.HISTORY_LIMIT,
      Option.JSON),
  DETAIL(
      "detail",
      "the table's detail, as DESCRIBE DETAIL shows it",
      """
      The table's format, id, location, partition and clustering columns, files, size,
      properties and protocol, from the latest snapshot. The answer of CALL table_detail,
      one field per line.\
      """,
      Answer.oneRow(TableDetailProcedure.NAME),
      Option.JSON),
  BACKFILL(
      "backfill",
      "enable row tracking, N files per commit",
      """
      Enables row tracking as CALL backfill_row_tracking does: a protocol upgrade where needed,
      commits that give the files row IDs, N files each, then the commit that enables row
      tracking. Prints a progress bar per commit, then what was written.\
      """,
      null,
      Option.BATCH_SIZE,
      Option.MAX_COMMITS,
      Option.DRY_RUN),
  PRESERVE(
      "preserve",
      "store the data versions of backfilled rows",
      """
      Stores in the table the data versions of the rows a backfill numbered, before log
      clean-up removes the commits they are read from. The answer of
      CALL preserve_row_data_versions, one field per line.\
      """,
      Answer.oneRow(PreserveRowDataVersionsProcedure.NAME)),
  SHOW(
      "show",
      "print rows, with row IDs and versions with --row-ids",
      """
      Reads the table with deltax (spark.read.format("deltax")) and prints its rows; with
      --row-ids, also _metadata.row_id, row_commit_version and row_data_version.\
      """,
      null,
      Option.VERSION,
      Option.LIMIT,
      Option.ROW_IDS),
  DEMO(
      "demo",
      "build deltax and run the README demo (from a checkout)",
      """
      Builds deltax with Maven and runs the README demo on an embedded local Spark. It runs
      from a checkout of deltax, through bin/deltax.\
      """,
      null);

  /** The word that names the command. */
  final String word;

  /** The command in the overview: one line. */
  final String summary;

  /** The command in its own help. */
  final String description;

  /** The procedure whose answer the command prints, or null where the command does the work. */
  final Answer answer;

  private final List<Option> options;

  Command(String word, String summary, String description, Answer answer, Option... options) {
    this.word = word;
    this.summary = summary;
    this.description = description;
    this.answer = answer;
    this.options = List.of(options);
  }

  /** The command {@code word} names. */
  static Optional<Command> named(String word) {
    return Arrays.stream(values()).filter(c -> c.word.equals(word)).findFirst();
  }

  /** Whether the command takes a {@code <table>}. */
  boolean takesTable() {
    return this != DEMO;
  }

  /** The command's own options, then {@code --verbose}, which every command takes. */
  List<Option> options() {
    List<Option> all = new ArrayList<>(options);
    all.add(Option.VERBOSE);
    return all;
  }

  /** The option called {@code name}, where the command takes it. */
  Optional<Option> option(String name) {
    return options().stream().filter(o -> o.name().equals(name)).findFirst();
  }
}
