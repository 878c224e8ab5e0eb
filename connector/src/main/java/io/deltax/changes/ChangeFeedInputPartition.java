package io.deltax.changes;

import io.deltax.changes.derive.CommitSlice;
import java.util.List;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One task of a change feed: one commit or a slice of one ({@code all}), or (net changes) every
 * commit of the range in order, whole.
 */
record ChangeFeedInputPartition(List<CommitSlice> commits) implements InputPartition {}
