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

import java.io.Serializable;

/**
 * The ways a change feed's tasks read files, each built on the driver only where a commit of the
 * range needs it, else null.
 *
 * @param withRowIds files with row IDs: their rows and their {@code (row_id, row_commit_version,
 *     row_index)}
 * @param withoutRowIds files without row IDs: their rows alone
 * @param rowIdsOnly the added files of row-tracked commits: their row IDs and commit versions alone
 * @param changeData change data files: their rows, then their {@code _change_type}
 */
public record TaskReadFunctions(
    ReadFunction withRowIds,
    ReadFunction withoutRowIds,
    ReadFunction rowIdsOnly,
    ReadFunction changeData)
    implements Serializable {}
