package io.deltax.streaming;

import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;

/**
 * A micro-batch's task: a partition of the read chain's batch scan with the reader factory that
 * scan made for it. Spark asks a stream for one reader factory, but each batch's scan builds its
 * own (its files' deletion vectors, its snapshot's row tracking fields).
 */
record StreamInputPartition(InputPartition partition, PartitionReaderFactory factory)
    implements InputPartition {}
