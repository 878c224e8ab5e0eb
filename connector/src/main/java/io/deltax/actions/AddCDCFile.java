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
package io.deltax.actions;

import static io.deltax.actions.FieldType.BOOLEAN;
import static io.deltax.actions.FieldType.LONG;
import static io.deltax.actions.FieldType.STRING;
import static io.deltax.actions.FieldType.STRING_MAP;

import java.util.Map;

/**
 * A {@code cdc} action: a change data file a writer with the change data feed on wrote beside a
 * commit's data files, holding the rows the commit changed, each with its {@code _change_type}
 * (PROTOCOL.md, "Add CDC File" and "Change Data Files"). It changes no data of the table. {@code
 * path} is as the log writes it, as in {@link AddFile}.
 */
public record AddCDCFile(
    String path,
    Map<String, String> partitionValues,
    long size,
    boolean dataChange,
    Map<String, String> tags)
    implements Action {

  /** The fields of {@code cdc} in the log, in delta-spark's order. */
  public static final ActionSchema<AddCDCFile> SCHEMA =
      ActionSchema.builder(AddCDCFile.class, "cdc")
          .required("path", STRING, AddCDCFile::path)
          .field("partitionValues", STRING_MAP, AddCDCFile::partitionValues, Map.of())
          .field("size", LONG, AddCDCFile::size, 0L)
          .field("dataChange", BOOLEAN, AddCDCFile::dataChange, false)
          .field("tags", STRING_MAP, f -> ActionSchema.unlessEmpty(f.tags()), Map.of())
          .build(
              v ->
                  new AddCDCFile(
                      v.string("path"),
                      v.map("partitionValues"),
                      v.int64("size"),
                      v.bool("dataChange"),
                      v.map("tags")));
}
