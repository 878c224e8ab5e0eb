/**
 * Partition values as the log writes them (PROTOCOL.md, "Partition Value Serialization"): strings
 * in {@code add.partitionValues}, read into Spark values of the partition columns' types. Used by
 * the scan (the constant partition columns of each file) and by partition pruning alike.
 */
package io.deltax.partitions;
