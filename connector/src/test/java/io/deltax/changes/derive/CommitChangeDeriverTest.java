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
package io.deltax.changes.derive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.deltax.actions.DeletionVectorDescriptor;
import io.deltax.changes.plan.ChangeFile;
import io.deltax.changes.plan.CommitChanges;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

/**
 * Which reads a commit not matched by row ID makes, slice by slice, and what each read's rows stand
 * for: files read through a stand-in {@link FileRows} whose every read returns one row naming the
 * read.
 */
class CommitChangeDeriverTest {
  private static DeletionVectorDescriptor vector(String id) {
    return new DeletionVectorDescriptor("i", id, null, 1, 1, null);
  }

  private static ChangeFile file(String path, DeletionVectorDescriptor vector) {
    return new ChangeFile(path, new HashMap<>(), 100, 0L, vector, null, null);
  }

  /**
   * One row per read, "how:path[:vector]", with the change type {@code recorded} for change data.
   */
  private static final class NamingReads implements FileRows {
    private static RowIterator one(String name) {
      Iterator<InternalRow> row =
          List.<InternalRow>of(new GenericInternalRow(new Object[] {UTF8String.fromString(name)}))
              .iterator();
      return new RowIterator() {
        public boolean hasNext() {
          return row.hasNext();
        }

        public InternalRow next() {
          return row.next();
        }

        public void close() {}
      };
    }

    @Override
    public RowIterator rows(ChangeFile file) {
      return one("rows:" + file.path());
    }

    @Override
    public RowIterator rows(ChangeFile file, RowFilter keep) {
      throw new AssertionError("no row IDs to filter by");
    }

    @Override
    public RowIterator rowIds(ChangeFile file) {
      throw new AssertionError("no row IDs to index");
    }

    @Override
    public RowIterator hiddenRows(ChangeFile file, DeletionVectorDescriptor vector) {
      return one("hidden:" + file.path() + ":" + vector.pathOrInlineDv());
    }

    @Override
    public RecordedRows changeDataRows(ChangeFile file) {
      RowIterator rows = one("recorded:" + file.path());
      return new RecordedRows() {
        public ChangeType changeType() {
          return ChangeType.UPDATE_POSTIMAGE;
        }

        public boolean hasNext() {
          return rows.hasNext();
        }

        public InternalRow next() {
          return rows.next();
        }

        public void close() {}
      };
    }
  }

  /** Every slice's changes, each "type read", sorted. */
  private static List<String> changes(CommitChanges commit, int slices) {
    List<String> result = new ArrayList<>();
    for (CommitSlice slice : CommitSlice.of(commit, 1, slices)) {
      try (CommitChangeDeriver deriver = new CommitChangeDeriver(slice, new NamingReads())) {
        deriver.forEachRemaining(
            c -> result.add(c.type().label() + " " + c.row().getUTF8String(0)));
      }
    }
    result.sort(null);
    return result;
  }

  /**
   * A file re-added with a vector where it had none yields the rows that vector hides as deletes;
   * one re-added without the vector it had, the rows that vector hid as inserts; one re-added with
   * another, both. The other files' rows are deletes and inserts. The same, read whole or by
   * slices.
   */
  @Test
  void filesReAddedWithAnotherVectorYieldOnlyTheRowsOneVectorHides() {
    CommitChanges commit =
        new CommitChanges(
            5,
            0,
            false,
            List.of(
                file("a", null),
                file("b", vector("b1")),
                file("c", vector("c1")),
                file("gone", null)),
            List.of(
                file("a", vector("a1")),
                file("b", null),
                file("c", vector("c2")),
                file("new", null)));
    List<String> expected =
        List.of(
            "delete hidden:a:a1",
            "delete hidden:c:c2",
            "delete rows:gone",
            "insert hidden:b:b1",
            "insert hidden:c:c1",
            "insert rows:new");
    assertEquals(expected, changes(commit, 1));
    assertEquals(expected, changes(commit, 3), "three slices");
    assertEquals(expected, changes(commit, 8), "a slice per file");
  }

  /** A commit with change data files is read from them alone, each row the change it records. */
  @Test
  void changeDataFilesAreReadAlone() {
    CommitChanges commit =
        new CommitChanges(
            5,
            0,
            false,
            List.of(),
            List.of(),
            List.of(file("_change_data/x", null), file("_change_data/y", null)));
    List<String> expected =
        List.of(
            "update_postimage recorded:_change_data/x", "update_postimage recorded:_change_data/y");
    assertEquals(expected, changes(commit, 1));
    assertEquals(expected, changes(commit, 2));
  }
}
