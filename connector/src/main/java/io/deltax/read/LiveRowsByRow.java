package io.deltax.read;

import io.deltax.changes.FileRows;
import io.deltax.deletionvectors.DeletedRows;
import io.deltax.read.metadata.MetadataRowAssembler;
import java.io.Closeable;
import java.io.IOException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.SpecificInternalRow;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The live rows of one file from Spark's Parquet reader row by row, put together by the
 * {@code _metadata} row assembler: the fallback for schemas the vectorized reader cannot return
 * as batches.
 */
final class LiveRowsByRow extends LiveRows {
  private final scala.collection.Iterator<InternalRow> parquet;
  private final InternalRow partitionRow;
  private final DeletedRows deleted;
  private final MetadataRowAssembler assembler;
  private final boolean idsOnly;
  private final SpecificInternalRow ids = new SpecificInternalRow(
      new StructType().add("row_id", DataTypes.LongType).add("row_commit_version", DataTypes.LongType));

  /** @param idsOnly whether to return only (row ID, commit version), in one reused row */
  LiveRowsByRow(scala.collection.Iterator<InternalRow> parquet, InternalRow partitionRow,
      DeletedRows deleted, MetadataRowAssembler assembler, boolean idsOnly) {
    this.parquet = parquet;
    this.partitionRow = partitionRow;
    this.deleted = deleted;
    this.assembler = assembler;
    this.idsOnly = idsOnly;
  }

  @Override
  InternalRow advance() {
    while (parquet.hasNext()) {
      InternalRow in = parquet.next();
      if (idsOnly) {
        if (!assembler.deleted(in, deleted)) {
          ids.setLong(0, assembler.rowId(in, partitionRow));
          ids.setLong(1, assembler.rowCommitVersion(in, partitionRow));
          return ids;
        }
        continue;
      }
      if (keepIds != null && !keepIds.keep(assembler.rowId(in, partitionRow),
          assembler.rowCommitVersion(in, partitionRow))) {
        continue;
      }
      InternalRow row = assembler.assemble(in, partitionRow, deleted);
      if (row != null && (keepOnly == null
          || keepOnly.test(row.getStruct(row.numFields() - 1, FileRows.ID_FIELDS).getLong(2)))) {
        return row;
      }
    }
    return null;
  }

  @Override
  public void close() throws IOException {
    if (parquet instanceof Closeable closeable) {
      closeable.close();
    }
  }
}
