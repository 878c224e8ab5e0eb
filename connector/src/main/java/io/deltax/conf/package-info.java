/**
 * What a user can set, in one place: every read option ({@code path}, {@code versionAsOf},
 * {@code timestampAsOf}) and every {@code spark.deltax.*} session conf, with its default and its
 * validation ({@link io.deltax.conf.DeltaXConf}), and the one Hadoop {@code Configuration} a load
 * of a table carries to the log, the data files, the deletion vectors and the row data versions.
 *
 * <p>Not here: what the options mean to the log (time travel is resolved in {@code io.deltax.log})
 * or to a backfill ({@code io.deltax.backfill}); Spark's own settings that size input partitions,
 * which Spark reads itself. This package depends on nothing else of deltax but its errors.
 */
package io.deltax.conf;
