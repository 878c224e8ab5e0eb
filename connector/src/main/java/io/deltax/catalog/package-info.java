/**
 * Where a load starts, by path or by SQL name. {@code DeltaXDataSource} is
 * {@code spark.read.format("deltax")} (and {@code readStream}): it reads the load's options, gets
 * the snapshot and returns a {@code read.DeltaXTable} or, with {@code readChangeFeed = true}, a
 * {@code changes.ChangeFeedTable}, each with the streams of {@code io.deltax.streaming} for
 * {@code readStream}. {@code DeltaXCatalog} is a read-only catalog that resolves
 * {@code deltax.`/path`} (with {@code VERSION AS OF} / {@code TIMESTAMP AS OF}) the same way.
 *
 * <p>The top of the connector: it imports the streams, the change feed and the read chain, and
 * nothing imports it but the Spark 4.2 module.
 */
package io.deltax.catalog;
