/**
 * deltax's user-facing errors, as Spark's own are built.
 *
 * <ul>
 *   <li>{@code error/deltax-error-conditions.json}: one table of conditions, as Spark's
 *       {@code error-conditions.json}. Each has its SQLSTATE and its message templates, one per
 *       method of {@code DeltaXErrors}, with named parameters ({@code <tablePath>}).
 *   <li>{@code DeltaXErrorCondition}: the conditions by name, and the kind of exception each is.
 *       Code compares conditions as these constants, never as text.
 *   <li>{@code DeltaXErrors}: the one factory; each method renders its template.
 *   <li>The exceptions, caught as Spark's own in Scala, Java and PySpark:
 *       {@code DeltaXAnalysisException} (an {@code AnalysisException}: no table, a feature or range
 *       deltax cannot read), {@code DeltaXIllegalArgumentException} (a bad option or argument),
 *       {@code DeltaXRuntimeException} (a damaged log or file, an I/O failure, a stream that cannot
 *       go on). All are {@code DeltaXThrowable}s: {@code condition()} typed, and Spark's
 *       {@code getCondition()}, {@code getSqlState()} and {@code getMessageParameters()}.
 * </ul>
 *
 * <p>A message reads {@code [DELTAX_TABLE_NOT_FOUND] No Delta table at /t: … SQLSTATE: 42P01}:
 * it names the table, the version, the feature or the argument, and what the user can do.
 */
package io.deltax.errors;
