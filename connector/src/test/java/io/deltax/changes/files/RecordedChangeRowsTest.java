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
package io.deltax.changes.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.changes.derive.ChangeType;
import io.deltax.changes.derive.FileRows;
import io.deltax.errors.DeltaXRuntimeException;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

/** A change data file's rows: handed out without {@code _change_type}, which names their change. */
class RecordedChangeRowsTest {
  /** Rows {@code (id, _change_type, partition)}, as the change feed reads a change data file. */
  private static RecordedChangeRows rows(String... types) {
    Iterator<InternalRow> rows =
        java.util.Arrays.stream(types)
            .map(
                t ->
                    (InternalRow)
                        new GenericInternalRow(
                            new Object[] {
                              7L,
                              t == null ? null : UTF8String.fromString(t),
                              UTF8String.fromString("p")
                            }))
            .iterator();
    FileRows.RowIterator read =
        new FileRows.RowIterator() {
          public boolean hasNext() {
            return rows.hasNext();
          }

          public InternalRow next() {
            return rows.next();
          }

          public void close() {}
        };
    return new RecordedChangeRows(read, 1, "/t", "/t/_change_data/c.parquet");
  }

  @Test
  void eachRowWithoutItsChangeType() {
    RecordedChangeRows rows = rows("update_preimage", "delete");
    InternalRow first = rows.next();
    assertEquals(ChangeType.UPDATE_PREIMAGE, rows.changeType());
    assertEquals(2, first.numFields());
    assertEquals(7L, first.getLong(0));
    assertEquals("p", first.getUTF8String(1).toString());
    rows.next();
    assertEquals(ChangeType.DELETE, rows.changeType());
  }

  @Test
  void aMissingOrUnknownChangeTypeIsNamed() {
    for (List<String> bad : List.of(java.util.Arrays.asList((String) null), List.of("upsert"))) {
      RecordedChangeRows rows = rows(bad.toArray(new String[0]));
      DeltaXRuntimeException e = assertThrows(DeltaXRuntimeException.class, rows::next);
      assertTrue(
          e.getMessage().contains("DELTAX_CORRUPT_CHANGE_DATA")
              && e.getMessage().contains("c.parquet")
              && e.getMessage().contains(bad.get(0) == null ? "no _change_type" : "'upsert'"),
          e.getMessage());
    }
  }
}
