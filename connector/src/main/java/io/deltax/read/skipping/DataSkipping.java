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
package io.deltax.read.skipping;

import io.deltax.actions.AddFile;
import io.deltax.log.CompactFileList;
import io.deltax.partitions.PartitionValues;
import io.deltax.rowtracking.RowDataVersions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.spark.sql.catalyst.analysis.UnresolvedAttribute;
import org.apache.spark.sql.sources.AlwaysTrue;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The filters of one scan and what they do to its files: partition pruning from the files'
 * partition values (exact), data skipping from their {@code stats} (PROTOCOL.md, "Per-file
 * Statistics": {@code numRecords}, {@code minValues}, {@code maxValues}, {@code nullCount}), and
 * skipping on {@code _metadata.row_id} and {@code _metadata.row_data_version}. Built once per scan,
 * when Spark pushes the filters; {@link FileBounds} says what a file tells, {@link FilterEvaluator}
 * whether a filter can hold on it.
 *
 * <p>A file is dropped only where it provably holds no matching row. Filters on partition columns
 * alone that deltax evaluates exactly ({@link #postScanFilters()} leaves them out) need no second
 * look; Spark evaluates every other filter on the rows that are read.
 */
public final class DataSkipping {
  /** What ruled a file out: the kind of the first filter that did, partition filters first. */
  public enum SkipReason {
    PARTITION,
    STATISTICS,
    ROW_ID
  }

  private final List<Filter> filters;
  private final FileBounds bounds;
  private final List<Filter> usable = new ArrayList<>();
  private final List<Filter> postScan = new ArrayList<>();
  private final Set<String> partitionColumns;

  /** Each filter's reason, worked out once: a scan asks it for every file a filter drops. */
  private final Map<Filter, SkipReason> reasons = new IdentityHashMap<>();

  /** How many filters, first in {@link #filters}, name partition columns alone. */
  private final int partitionFilters;

  /** A partition's verdict where it fails no partition filter. */
  private static final Filter PASSES = new AlwaysTrue();

  /**
   * The column path a pushed filter's attribute names, as Spark writes it: quoted where a name
   * needs it ({@code `event-date`}), dotted for a nested field ({@code s.x}).
   */
  public static List<String> columnPath(String attribute) {
    return CollectionConverters.asJava(UnresolvedAttribute.parseAttributeName(attribute));
  }

  /** Filters on columns and partition values only: no row tracking fields. */
  public DataSkipping(
      StructType schema,
      Set<String> partitionColumns,
      List<Filter> filters,
      PartitionValues partitionValues) {
    this(
        schema,
        partitionColumns,
        filters,
        partitionValues,
        null,
        () -> null,
        new SnapshotColumnBounds());
  }

  /**
   * @param schema the table's logical schema
   * @param partitionColumns the partition column names, lower case
   * @param materializedRowIds where row tracking is enabled, the footers' materialized row ID
   *     ranges, consulted only if some filter names {@code _metadata.row_id}; else null
   * @param rowDataVersions where row tracking is enabled, the table's row data version map, asked
   *     for only if some filter names {@code _metadata.row_data_version}; else a supplier of null
   * @param parsedStats where the files' statistics are parsed and kept: the snapshot's ({@link
   *     SnapshotColumnBounds#of}), so the next scan of it does not parse them again
   */
  public DataSkipping(
      StructType schema,
      Set<String> partitionColumns,
      List<Filter> filters,
      PartitionValues partitionValues,
      MaterializedRowIdRange materializedRowIds,
      Supplier<RowDataVersions> rowDataVersions,
      SnapshotColumnBounds parsedStats) {
    this.partitionColumns = partitionColumns;
    // Partition filters first: they are the cheapest, and a file they drop counts as pruned.
    for (Filter f : filters) {
      reasons.put(f, reasonOf(f));
    }
    // PARTITION is the first SkipReason: partition filters lead, which the partition verdicts of
    // select rely on.
    this.filters = filters.stream().sorted(Comparator.comparing(reasons::get)).toList();
    this.partitionFilters =
        (int) filters.stream().filter(f -> reasons.get(f) == SkipReason.PARTITION).count();
    Set<String> referenced = new LinkedHashSet<>();
    for (Filter f : filters) {
      referenced.addAll(Arrays.asList(f.references()));
    }
    this.bounds =
        new FileBounds(
            schema,
            partitionColumns,
            partitionValues,
            referenced,
            referenced.contains(FileBounds.ROW_ID) ? materializedRowIds : null,
            referenced.contains(FileBounds.ROW_DATA_VERSION) ? rowDataVersions.get() : null,
            parsedStats);
    for (Filter f : filters) {
      if (Arrays.stream(f.references()).allMatch(bounds::canBound)) {
        usable.add(f);
      }
      if (!FilterEvaluator.isExact(f, bounds::isExact)) {
        postScan.add(f);
      }
    }
  }

  /** The filters that can skip files: those naming only columns some file can bound. */
  public List<Filter> usableFilters() {
    return usable;
  }

  /**
   * The filters Spark must still evaluate on the rows read: all but those naming only partition
   * columns that {@link #mightMatch} answers exactly, as Iceberg's and Delta's DSv2 connectors
   * report partition filters complete.
   */
  public List<Filter> postScanFilters() {
    return postScan;
  }

  public boolean mightMatch(AddFile file) {
    return filters.isEmpty() || mightMatch(bounds.of(file));
  }

  /**
   * The files of {@code files} that may hold matching rows, in their order.
   *
   * @param snapshotFiles whether {@code files} is the snapshot's own file list, whose order the
   *     statistics kept with the snapshot follow ({@link SnapshotColumnBounds}); false for any
   *     other list
   */
  public List<AddFile> select(List<AddFile> files, boolean snapshotFiles) {
    return select(files, snapshotFiles, reason -> {});
  }

  /** As {@link #select(List, boolean)}, telling {@code skipped} why each dropped file went. */
  public List<AddFile> select(
      List<AddFile> files, boolean snapshotFiles, Consumer<SkipReason> skipped) {
    if (filters.isEmpty()) {
      return files;
    }
    List<AddFile> selected = new ArrayList<>();
    int count = files.size();
    if (snapshotFiles && files instanceof CompactFileList compact) {
      // Only the files kept are built, and none where every file is kept: the list itself is the
      // answer. The others are judged from the list's fields. Partition filters judge each
      // partition once, by the list's index of its values.
      List<FileBounds.View> kept = new ArrayList<>();
      Filter[] byPartition = partitionFilters > 0 ? new Filter[compact.partitionCount()] : null;
      for (int i = 0; i < count; i++) {
        int partition = byPartition == null ? -1 : compact.partitionIndex(i);
        if (partition >= 0) {
          Filter verdict = byPartition[partition];
          if (verdict == null) {
            Filter failed = failedFilter(bounds.of(compact, i), 0, partitionFilters);
            verdict = failed == null ? PASSES : failed;
            byPartition[partition] = verdict;
          }
          if (verdict != PASSES) {
            skipped.accept(SkipReason.PARTITION);
            continue;
          }
        }
        FileBounds.View view = bounds.of(compact, i);
        SkipReason reason = skipReason(view, partition >= 0 ? partitionFilters : 0);
        if (reason == null) {
          kept.add(view);
        } else {
          skipped.accept(reason);
        }
      }
      if (kept.size() == count) {
        return files;
      }
      for (FileBounds.View view : kept) {
        selected.add(view.file());
      }
      return selected;
    }
    for (int i = 0; i < count; i++) {
      AddFile file = files.get(i);
      SkipReason reason = skipReason(snapshotFiles ? bounds.of(file, i, count) : bounds.of(file));
      if (reason == null) {
        selected.add(file);
      } else {
        skipped.accept(reason);
      }
    }
    return selected;
  }

  private boolean mightMatch(FileBounds.View view) {
    return skipReason(view) == null;
  }

  private SkipReason skipReason(FileBounds.View view) {
    return skipReason(view, 0);
  }

  /**
   * Null where the file may hold a matching row; else the kind of filter that rules it out.
   *
   * @param first the first filter to check: those before it, partition filters, the file passed
   */
  private SkipReason skipReason(FileBounds.View view, int first) {
    Filter failed = failedFilter(view, first, filters.size());
    if (failed == null) {
      return null;
    }
    // Rows may carry materialized row IDs instead: only the footer tells, so it is read only now.
    // The two ranges are checked apart, as one interval around both would match far too much.
    if (bounds.readsMaterializedRowIds() && view.baseRowId() != null) {
      Filter failedMaterialized =
          failedFilter(view.withMaterializedRowIds(), first, filters.size());
      if (failedMaterialized == null) {
        return null;
      }
    }
    return reasons.get(failed);
  }

  private Filter failedFilter(FileBounds.View view, int from, int to) {
    for (int i = from; i < to; i++) {
      Filter f = filters.get(i);
      if (!FilterEvaluator.mightMatch(f, view)) {
        return f;
      }
    }
    return null;
  }

  /** Partition filters name partition columns alone; row ID filters a row tracking field. */
  private SkipReason reasonOf(Filter filter) {
    String[] columns = filter.references();
    if (Arrays.stream(columns)
        .anyMatch(c -> c.equals(FileBounds.ROW_ID) || c.equals(FileBounds.ROW_DATA_VERSION))) {
      return SkipReason.ROW_ID;
    }
    boolean partitionOnly =
        columns.length > 0
            && Arrays.stream(columns)
                .allMatch(
                    c -> partitionColumns.contains(columnPath(c).get(0).toLowerCase(Locale.ROOT)));
    return partitionOnly ? SkipReason.PARTITION : SkipReason.STATISTICS;
  }

  /** The physical names of the columns whose statistics a file's check parses. */
  Set<String> statsColumns() {
    return bounds.statsColumns();
  }
}
