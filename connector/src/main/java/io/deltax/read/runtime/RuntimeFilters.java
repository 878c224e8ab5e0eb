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
package io.deltax.read.runtime;

import io.deltax.actions.AddFile;
import io.deltax.read.skipping.DataSkipping;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.apache.spark.sql.sources.And;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThanOrEqual;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.sources.LessThanOrEqual;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The runtime filters one scan was given, and the files they leave. Each filter only drops files
 * that cannot hold a matching row, judged as the pushed filters are ({@link DataSkipping}): exactly
 * on partition values (nulls and the session time zone included), by {@code minValues} and {@code
 * maxValues} on data columns, by row ID ranges on {@code _metadata.row_id}. Spark evaluates the
 * join on the rows read all the same.
 *
 * <p>Spark may call {@code filter} again on the same scan (adaptive execution plans a stage anew):
 * the filters accumulate, and a filter given twice counts once.
 */
public final class RuntimeFilters {
  private static final Logger LOG = LoggerFactory.getLogger(RuntimeFilters.class);

  /**
   * Past this many values, an {@code IN} list from the build side is checked as its range: a file
   * is then judged in two comparisons rather than one per value.
   */
  static final int MAX_IN_VALUES = 256;

  private final List<Filter> filters = new ArrayList<>();

  /**
   * Adds the filters Spark hands over.
   *
   * @return whether any was new, so the scan's files must be chosen again
   */
  public synchronized boolean add(Filter[] given) {
    boolean changed = false;
    for (Filter f : given) {
      Filter usable = compact(f);
      if (!filters.contains(usable)) {
        filters.add(usable);
        changed = true;
      }
    }
    return changed;
  }

  public synchronized List<Filter> filters() {
    return List.copyOf(filters);
  }

  public synchronized boolean isEmpty() {
    return filters.isEmpty();
  }

  /**
   * The files of {@code files} the runtime filters may match, in their order.
   *
   * @param snapshotFiles whether {@code files} is the snapshot's own file list ({@link
   *     DataSkipping#select(List, boolean)}): where the pushed filters kept every file
   * @param skippingOf builds the scan's skipping for a list of filters (its table's schema,
   *     partition columns, session time zone and row ID ranges)
   */
  public List<AddFile> select(
      List<AddFile> files, boolean snapshotFiles, Function<List<Filter>, DataSkipping> skippingOf) {
    List<Filter> current = filters();
    if (current.isEmpty()) {
      return files;
    }
    List<AddFile> kept = skippingOf.apply(current).select(files, snapshotFiles);
    LOG.debug("Runtime filters {} kept {} of {} files", current, kept.size(), files.size());
    return kept;
  }

  /**
   * A long {@code IN} list of ordered values becomes the range from its least to its greatest
   * value: it keeps every file the list keeps, and more. Strings keep their list, as Java orders
   * them otherwise than their statistics do.
   */
  @SuppressWarnings({"rawtypes", "unchecked"})
  static Filter compact(Filter filter) {
    if (!(filter instanceof In in) || in.values().length <= MAX_IN_VALUES) {
      return filter;
    }
    Comparable min = null;
    Comparable max = null;
    for (Object v : in.values()) {
      if (v == null) {
        continue; // a join key never equals null
      }
      if (!(v instanceof Comparable c) || v instanceof String) {
        return filter;
      }
      if (min == null || c.compareTo(min) < 0) {
        min = c;
      }
      if (max == null || c.compareTo(max) > 0) {
        max = c;
      }
    }
    if (min == null) {
      return filter;
    }
    return new And(
        new GreaterThanOrEqual(in.attribute(), min), new LessThanOrEqual(in.attribute(), max));
  }

  @Override
  public boolean equals(Object other) {
    // One lock at a time: two threads comparing a and b both ways must not wait on each other.
    if (!(other instanceof RuntimeFilters r)) {
      return false;
    }
    List<Filter> mine = filters();
    return mine.equals(r.filters());
  }

  @Override
  public int hashCode() {
    return filters().hashCode();
  }

  @Override
  public synchronized String toString() {
    return Arrays.toString(filters.toArray());
  }
}
