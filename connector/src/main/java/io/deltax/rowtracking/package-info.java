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
 * Row tracking (PROTOCOL.md, "Row Tracking"): the table's row tracking configuration and
 * materialized column names, where a row ID and a row commit version are computed ({@code
 * RowIdVectors}: the materialized value, else base + physical index), the row data version map
 * ({@code RowDataVersions}; stored as {@code RowDataVersionsJson}, bounded by {@code RunMerges})
 * and where it comes from (stored, or derived from the log), and the status of a table's enablement
 * ({@code RowTrackingStatus}). Derived maps are kept per JVM in {@code
 * DerivedRowDataVersionsCache}, an {@code io.deltax.caching.BoundedLru} of a few tables.
 */
package io.deltax.rowtracking;
