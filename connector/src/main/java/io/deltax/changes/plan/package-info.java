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
/**
 * A change feed's range, planned from the log alone (no data file opened). {@link
 * io.deltax.changes.plan.ChangeRangePlanner} resolves a range's {@link
 * io.deltax.changes.plan.ChangeBounds} (versions, end snapshot; no commit of the range opened),
 * then, when a batch scan plans, reads the range's commits, each through a {@link
 * io.deltax.changes.plan.CommitReading}, into {@link io.deltax.changes.plan.CommitChanges}: per
 * commit with a data change, the files it removed (as they were before it, deletion vector
 * included) and the files it added ({@link io.deltax.changes.plan.ChangeFile}), and the change data
 * files it wrote. Those are read where a commit has no row IDs to match (before row tracking), or
 * where the read needs no row ID ({@link io.deltax.changes.plan.CommitChanges#asRecorded}): they
 * hold only the changed rows, as PROTOCOL.md's "Add CDC File" asks readers to use them. Commits
 * with {@code dataChange = false} (row tracking backfills, OPTIMIZE, property changes) contribute
 * nothing; {@link io.deltax.changes.plan.RangeSchemas} checks that the range's schema can read
 * every row it holds.
 *
 * <p>Imports the log, the actions, the protocol, column mapping, the conf and the errors, nothing
 * of the change feed above it.
 */
package io.deltax.changes.plan;
