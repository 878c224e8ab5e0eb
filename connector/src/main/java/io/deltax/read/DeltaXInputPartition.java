package io.deltax.read;

import org.apache.spark.sql.connector.read.InputPartition;

/** One task's work: splits of data files, each with its partition values and deletion vector. */
record DeltaXInputPartition(FileSplit[] splits) implements InputPartition {}
