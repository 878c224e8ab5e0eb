/**
 * What a table's {@code protocol} and {@code metaData} ask of deltax, answered once:
 * {@link io.deltax.protocol.TableFeatures} (every known table feature, its type, the features a
 * legacy protocol implies, which ones deltax reads and writes under, and the reader and writer
 * checks) and {@link io.deltax.protocol.TableProperties} (every {@code delta.*} table property
 * deltax reads, with its default and its parsing).
 *
 * <p>Not here: the action records themselves ({@code io.deltax.actions}), how the log is replayed
 * to find the newest protocol and metadata ({@code io.deltax.log}), and the Spark session's own
 * options and {@code spark.deltax.*} keys. This package reads nothing from storage; it depends on
 * {@code io.deltax.actions} and {@code io.deltax.errors} only.
 */
package io.deltax.protocol;
