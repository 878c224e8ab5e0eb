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
 * The row tracking backfill (PROTOCOL.md, "Row Tracking", "Writer Requirements for Row Tracking"):
 * plans batches of files ({@code PendingFile}: the files still without row IDs, in order), commits
 * them put-if-absent through {@code io.deltax.log.write}, enables row tracking ({@code
 * RowTrackingEnablement}: what each step writes), and stores the row data version map ({@code
 * RowDataVersionDomain}, {@code RowDataVersionPreservation}).
 */
package io.deltax.backfill;
