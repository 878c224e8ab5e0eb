/**
 * deltax's user-facing errors: {@code DeltaXException} (a {@code SparkThrowable} with a condition
 * and an SQLSTATE) and {@code DeltaXErrors}, where every message is written, naming the table, the
 * version, the feature or the argument, and what the user can do.
 */
package io.deltax.errors;
