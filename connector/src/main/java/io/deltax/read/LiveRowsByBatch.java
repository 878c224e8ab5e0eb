package io.deltax.read;

import io.deltax.deletionvectors.DeletedRows;
import io.deltax.read.metadata.MetadataBatchAssembler;
import java.io.Closeable;
import java.io.IOException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.SpecificInternalRow;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The live rows of one file from Spark's vectorized Parquet reader, a batch at a time: the
 * {@code _metadata} batch assembler computes row IDs and commit versions as vectors and leaves out
 * the rows a deletion vector removes (a view, nothing copied), the filters look at those vectors,
 * and only the rows they keep are copied out of the batch. Most rows of a rewritten file are
 * copies the filters drop, so most rows are never copied at all.
 */
final class LiveRowsByBatch extends LiveRows {
  /** Spark's reader with {@code returning_batch}: its elements are {@code ColumnarBatch}es typed as rows. */
  private final scala.collection.Iterator<?> parquet;
  private final InternalRow partitionRow;
  private final DeletedRows deleted;
  private final MetadataBatchAssembler assembler;
  /** Whether a batch ends with the (row ID, commit version, row index) struct. */
  private final boolean withIds;
  private final boolean idsOnly;
  private final SpecificInternalRow ids = new SpecificInternalRow(
      new StructType().add("row_id", DataTypes.LongType).add("row_commit_version", DataTypes.LongType));
  private ColumnarBatch batch;
  private int pos;
  private ColumnVector rowIds;
  private ColumnVector commitVersions;
  private ColumnVector rowIndexes;

  /**
   * @param withIds whether the read plan selects the (row ID, commit version, row index) struct
   * @param idsOnly whether to return only (row ID, commit version), in one reused row
   */
  LiveRowsByBatch(scala.collection.Iterator<?> parquet, InternalRow partitionRow,
      DeletedRows deleted, MetadataBatchAssembler assembler, boolean withIds, boolean idsOnly) {
    this.parquet = parquet;
    this.partitionRow = partitionRow;
    this.deleted = deleted;
    this.assembler = assembler;
    this.withIds = withIds;
    this.idsOnly = idsOnly;
  }

  @Override
  InternalRow advance() {
    while (true) {
      while (batch == null || pos >= batch.numRows()) {
        if (!parquet.hasNext()) {
          return null;
        }
        nextBatch((ColumnarBatch) parquet.next());
      }
      int i = pos++;
      if (idsOnly) {
        ids.setLong(0, rowIds.getLong(i));
        ids.setLong(1, commitVersions.getLong(i));
        return ids;
      }
      if (keepIds != null && !keepIds.keep(rowIds.getLong(i), commitVersions.getLong(i))) {
        continue;
      }
      if (keepOnly != null && !keepOnly.test(rowIndexes.getLong(i))) {
        continue;
      }
      // The reader reuses its batch: a kept row is copied out of it.
      return batch.getRow(i).copy();
    }
  }

  private void nextBatch(ColumnarBatch in) {
    batch = assembler.assemble(in, partitionRow, deleted);
    pos = 0;
    if (withIds) {
      ColumnVector struct = batch.column(batch.numCols() - 1);
      rowIds = struct.getChild(0);
      commitVersions = struct.getChild(1);
      rowIndexes = struct.getChild(2);
    }
  }

  @Override
  public void close() throws IOException {
    if (parquet instanceof Closeable closeable) {
      closeable.close();
    }
  }
}
