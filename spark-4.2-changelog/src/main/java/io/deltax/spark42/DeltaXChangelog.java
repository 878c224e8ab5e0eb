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
package io.deltax.spark42;

import io.deltax.changes.ChangeFeedTable;
import io.deltax.changes.plan.ChangeRange;
import io.deltax.changes.plan.CommitChanges;
import io.deltax.errors.ChangeFeedErrors;
import io.deltax.rowtracking.RowTrackingConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.connector.catalog.Changelog;
import org.apache.spark.sql.connector.catalog.ChangelogContext;
import org.apache.spark.sql.connector.catalog.ChangelogContext.DeduplicationMode;
import org.apache.spark.sql.connector.catalog.Column;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A deltax change feed (mode {@code all}) as Spark 4.2's {@code Changelog}: the table's columns,
 * {@code _change_type}, {@code _commit_version}, {@code _commit_timestamp}, and a {@code _metadata}
 * column with {@code row_id} (the {@link #rowId()}) and {@code row_data_version} (the {@link
 * #rowVersion()}: the version of the row's last content change, which a row tracking backfill does
 * not move, unlike {@code row_commit_version}).
 *
 * <p>The flags say what Spark's {@code ResolveChangelogTable} must still do. Where every commit of
 * the range is matched by row ID, deltax already drops copy-on-write carry-overs and writes updates
 * as pre- and post-images, so only net changes are left to Spark (when the range has more than one
 * commit). Commits before row tracking have no row IDs: their rows are those of their change data
 * files (exact changes, updates as pre- and post-images), else file-level (rows of removed files
 * are deletes, of added files inserts). Such a range names no row ID, so Spark post-processes
 * nothing, and {@link #checkCanServe} refuses every query whose answer post-processing would
 * change: net changes over several commits, carry-over removal or update detection where such a
 * commit removed files without change data files to tell its changes. What it lets through has no
 * carry-over, no update as delete and insert, and no row changed twice, so the flags are then true
 * to the rows.
 */
final class DeltaXChangelog implements Changelog {
  private static final String METADATA = "_metadata";

  private final ChangeFeedTable changes;

  /**
   * The range's commits the log still holds, which the flags describe. Spark loads a changelog for
   * a stream too, also when the query restarts from its checkpoint, whose offset may lie past a
   * start log clean-up removed since: that is no error here. A batch scan still refuses such a
   * start by name ({@link ChangeFeedTable#range}).
   */
  private final ChangeRange range;

  /**
   * The version of the first commit of the range not matched by row ID, if any. A range without
   * commits (a stream's, starting after the latest version) has row IDs where the end has row
   * tracking enabled, as the commits after it will.
   */
  private final Optional<Long> firstFileLevel;

  DeltaXChangelog(ChangeFeedTable changes) {
    this.changes = changes;
    this.range = changes.availableRange();
    this.firstFileLevel =
        range.commits().isEmpty()
            ? RowTrackingConfig.of(range.endSnapshot()).enabled()
                ? Optional.empty()
                : Optional.of(range.start())
            : range.commits().stream()
                .filter(c -> !c.rowTracked())
                .map(CommitChanges::version)
                .findFirst();
  }

  @Override
  public String name() {
    return changes.name();
  }

  @Override
  public Column[] columns() {
    List<Column> columns = new ArrayList<>();
    for (StructField f : changes.schema().fields()) {
      columns.add(Column.create(f.name(), f.dataType(), f.nullable()));
    }
    // Row IDs are never null where every commit is matched by row ID; Spark needs that of rowId().
    boolean nullable = firstFileLevel.isPresent();
    StructType metadata =
        new StructType()
            .add("row_id", DataTypes.LongType, nullable)
            .add("row_data_version", DataTypes.LongType, nullable);
    columns.add(Column.create(METADATA, metadata, nullable));
    return columns.toArray(new Column[0]);
  }

  // Without row identity Spark accepts no flag set (INVALID_CHANGELOG_SCHEMA.MISSING_ROW_ID):
  // such a range is served only where the flags change nothing, see checkCanServe.

  @Override
  public boolean containsCarryoverRows() {
    return false;
  }

  @Override
  public boolean representsUpdateAsDeleteAndInsert() {
    return false;
  }

  @Override
  public boolean containsIntermediateChanges() {
    return firstFileLevel.isEmpty() && severalCommits();
  }

  private boolean severalCommits() {
    return range.commits().size() > 1;
  }

  @Override
  public NamedReference[] rowId() {
    return firstFileLevel.isPresent()
        ? new NamedReference[0]
        : new NamedReference[] {Expressions.column(METADATA + ".row_id")};
  }

  @Override
  public NamedReference rowVersion() {
    return Expressions.column(METADATA + ".row_data_version");
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    return changes.newScanBuilder(options);
  }

  /**
   * A range with file-level commits has no row identity, so Spark would return its raw rows
   * unprocessed; refuse what that would get wrong: net changes over several commits, and carry-over
   * removal or update detection where a file-level commit rewrote files.
   */
  void checkCanServe(ChangelogContext context) {
    if (firstFileLevel.isEmpty()) {
      return;
    }
    boolean net = context.deduplicationMode() == DeduplicationMode.NET_CHANGES && severalCommits();
    boolean rowLevel =
        fileLevelRewrite()
            && (context.deduplicationMode() != DeduplicationMode.NONE || context.computeUpdates());
    if (net || rowLevel) {
      if (range.start() > changes.bounds().start()) {
        changes
            .range(); // the range starts before what the log still holds: that is the error to name
      }
      throw ChangeFeedErrors.changelogWithoutRowIds(
          range.endSnapshot().tableRoot().toString(),
          firstFileLevel.get(),
          context.deduplicationMode().value(),
          context.computeUpdates());
    }
  }

  /**
   * Whether a commit not matched by row ID removed files, so its deletes and inserts may pair up (a
   * commit read from its change data files lists none: its updates come as pre- and post-images).
   */
  private boolean fileLevelRewrite() {
    return range.commits().stream().anyMatch(c -> !c.rowTracked() && !c.removed().isEmpty());
  }
}
