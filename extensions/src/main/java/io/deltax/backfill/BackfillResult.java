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
package io.deltax.backfill;

/**
 * What a backfill did (or, in a dry run, would do).
 *
 * @param files files given row IDs (or to be given)
 * @param commits backfill commits written (or planned)
 * @param firstVersion the first version written (or planned), null when none
 * @param lastVersion the last version written (or planned), null when none
 * @param highWaterMark the row ID high-water mark afterwards (-1 while no row ID exists)
 * @param enabled whether row tracking is enabled afterwards
 */
public record BackfillResult(
    String table,
    boolean dryRun,
    long files,
    int commits,
    Long firstVersion,
    Long lastVersion,
    long highWaterMark,
    boolean enabled,
    String message) {}
