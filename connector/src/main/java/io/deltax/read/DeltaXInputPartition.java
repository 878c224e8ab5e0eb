package io.deltax.read;

import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.execution.datasources.PartitionedFile;

/** One task's work: splits of data files, each with its partition values. */
record DeltaXInputPartition(PartitionedFile[] files) implements InputPartition {}
