package io.deltax.actions;

/**
 * The kinds of value an action field holds. Each has one JSON form ({@link ActionJson}) and one
 * Parquet form ({@link ParquetActionReader}, {@link ParquetActionWriter}), the forms delta-spark
 * writes.
 */
public enum FieldType {
  /** JSON string; Parquet {@code binary (STRING)}. */
  STRING,
  /** JSON number; Parquet {@code int32} (read from {@code int64} too). */
  INT,
  /** JSON number; Parquet {@code int64} (read from {@code int32} too). */
  LONG,
  BOOLEAN,
  /** JSON object of strings (values may be null); Parquet {@code MAP<string, string>}. */
  STRING_MAP,
  /** JSON array of strings; Parquet {@code LIST<string>}. */
  STRING_LIST,
  /** As {@link #STRING_LIST}, read into a set in the written order. */
  STRING_SET,
  /** A nested object with its own {@link ActionSchema}. */
  STRUCT
}
