package io.deltax.read.files;

import org.apache.spark.sql.connector.read.InputPartition;

/** One task's work: splits of data files, each with its partition values and deletion vector. */
public record DeltaXInputPartition(FileSplit[] splits) implements InputPartition {}
