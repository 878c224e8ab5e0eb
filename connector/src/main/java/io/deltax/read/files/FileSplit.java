package io.deltax.read.files;

import io.deltax.actions.DeletionVectorDescriptor;
import java.io.Serializable;
import org.apache.spark.sql.execution.datasources.PartitionedFile;

/**
 * A byte range of one data file, as Spark's Parquet reader takes it, with the file's deletion
 * vector (null when it has none).
 */
public record FileSplit(PartitionedFile file, DeletionVectorDescriptor deletionVector) implements Serializable {}
