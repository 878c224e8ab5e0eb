/**
 * The Delta log's actions (PROTOCOL.md, "Actions") as small immutable records, and their codecs:
 * {@code ActionJson} (commit lines and JSON checkpoints, read and written) and
 * {@code ParquetActionReader} (Parquet checkpoints and sidecars). Knows the format of one action;
 * nothing here knows about files, versions or tables. Imports nothing else of deltax.
 */
package io.deltax.actions;
