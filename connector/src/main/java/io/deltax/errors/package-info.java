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
 * deltax's user-facing errors, as Spark's own are built.
 *
 * <ul>
 *   <li>{@code error/deltax-error-conditions.json}: one table of conditions, as Spark's {@code
 *       error-conditions.json}. Each has its SQLSTATE and its message templates, one per factory
 *       method, with named parameters ({@code <tablePath>}).
 *   <li>{@code DeltaXErrorCondition}: the conditions by name, and the kind of exception each is.
 *       Code compares conditions as these constants, never as text.
 *   <li>The factories, one per area, each method rendering its template through {@code
 *       ConditionExceptions}: {@code DeltaXErrors} (finding and reading a table), {@code
 *       WriteErrors} (writers and their arguments), {@code ChangeFeedErrors}, {@code StreamErrors}.
 *   <li>The exceptions, caught as Spark's own in Scala, Java and PySpark: {@code
 *       DeltaXAnalysisException} (an {@code AnalysisException}: no table, a feature or range deltax
 *       cannot read), {@code DeltaXIllegalArgumentException} (a bad option or argument), {@code
 *       DeltaXRuntimeException} (a damaged log or file, an I/O failure, a stream that cannot go
 *       on). All are {@code DeltaXThrowable}s: {@code condition()} typed, and Spark's {@code
 *       getCondition()}, {@code getSqlState()} and {@code getMessageParameters()}.
 * </ul>
 *
 * <p>A message reads {@code [DELTAX_TABLE_NOT_FOUND] No Delta table at /t: … SQLSTATE: 42P01}: it
 * names the table, the version, the feature or the argument, and what the user can do.
 */
package io.deltax.errors;
