/**
 * Spark 4.2 only: {@code DeltaXChangelogCatalog}, deltax's catalog with Spark 4.2's
 * {@code TableCatalog.loadChangelog}, so {@code SELECT * FROM deltax.`/path` CHANGES FROM VERSION 3
 * TO VERSION 7} works. The only classes compiled against Spark 4.2 (jar {@code deltax-spark42});
 * they import {@code io.deltax.catalog} and {@code io.deltax.read}, and nothing in the connector
 * imports them, so on Spark 4.1 the connector loads without this jar.
 */
package io.deltax.spark42;
