package io.deltax.read;

import io.deltax.changes.CommitChanges;
import java.util.List;
import org.apache.spark.sql.connector.read.InputPartition;

/** One task of a change feed: one commit, or (net changes) every commit of the range in order. */
record ChangeFeedInputPartition(List<CommitChanges> commits) implements InputPartition {}
