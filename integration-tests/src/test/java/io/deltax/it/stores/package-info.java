/**
 * deltax on real store servers started by the tests, on loopback only: HDFS ({@link
 * io.deltax.it.stores.MiniHdfs}, a MiniDFSCluster in the test JVM) and ADLS through the ABFS
 * client ({@link io.deltax.it.stores.Azurite}, the Azure Blob emulator in a child process).
 * The tests read tables delta-spark wrote there, backfill them, race two backfills and kill a
 * backfill's JVM, each judged by delta-spark. Tables and local-file-system behaviour live in
 * {@code io.deltax.it}; this package only adds the stores.
 */
package io.deltax.it.stores;
