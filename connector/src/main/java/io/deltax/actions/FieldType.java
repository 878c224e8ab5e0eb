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
