package io.deltax.read;

import io.deltax.actions.DeletionVectorDescriptor;
import io.deltax.changes.ChangeFile;
import io.deltax.changes.FileRows;
import io.deltax.deletionvectors.DeletedRows;
import io.deltax.deletionvectors.DeletionVectorStore;
import io.deltax.errors.DeltaXErrors;
import io.deltax.log.FilePathResolver;
import io.deltax.partitions.PartitionValues;
import io.deltax.read.metadata.MetadataRowAssembler;
import io.deltax.read.metadata.SplitConstants;
import java.io.Closeable;
import java.io.IOException;
import java.time.ZoneId;
import java.util.NoSuchElementException;
import java.util.function.LongPredicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.paths.SparkPath;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.SpecificInternalRow;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Reads the files of a change feed on an executor, whole files one at a time, through Spark's
 * Parquet reader and the {@code _metadata} row assembler (which computes row IDs and row commit
 * versions and drops the rows a deletion vector removes).
 */
final class ChangeFileReader implements FileRows {
  /** Null where no commit of the range needs it. */
  private final ChangeFileRead withRowIds;
  private final ChangeFileRead withoutRowIds;
  private final ChangeFileRead rowIdsOnly;
  private final StructType physicalPartitionSchema;
  private final PartitionValues partitionValues;
  private final FilePathResolver paths;
  private final Path tableRoot;
  private final Configuration hadoopConf;

  ChangeFileReader(ChangeFileRead withRowIds, ChangeFileRead withoutRowIds, ChangeFileRead rowIdsOnly,
      StructType physicalPartitionSchema, ZoneId sessionZone, String tableRoot,
      Configuration hadoopConf) {
    this.withRowIds = withRowIds;
    this.withoutRowIds = withoutRowIds;
    this.rowIdsOnly = rowIdsOnly;
    this.physicalPartitionSchema = physicalPartitionSchema;
    this.partitionValues = new PartitionValues(sessionZone);
    this.tableRoot = new Path(tableRoot);
    this.paths = new FilePathResolver(this.tableRoot);
    this.hadoopConf = hadoopConf;
  }

  @Override
  public RowIterator rows(ChangeFile file) {
    return open(file, file.hasRowIds() ? withRowIds : withoutRowIds, physicalPartitionSchema, false);
  }

  @Override
  public RowIterator rows(ChangeFile file, RowFilter keep) {
    AssembledRows rows = open(file, withRowIds, physicalPartitionSchema, false);
    rows.keepIds(keep);
    return rows;
  }

  @Override
  public RowIterator rowIds(ChangeFile file) {
    return open(file, rowIdsOnly, new StructType(), true);
  }

  @Override
  public RowIterator newlyDeletedRows(ChangeFile file, DeletionVectorDescriptor grown) {
    DeletedRows before = file.deletionVector() == null ? null : load(file.deletionVector(), file);
    DeletedRows after = load(grown, file);
    AssembledRows rows = open(file, withRowIds, physicalPartitionSchema, false);
    rows.keepOnly(index -> after.contains(index) && (before == null || !before.contains(index)));
    return rows;
  }

  private DeletedRows load(DeletionVectorDescriptor dv, ChangeFile file) {
    try {
      return DeletionVectorStore.load(dv, tableRoot, hadoopConf);
    } catch (IOException | RuntimeException e) {
      throw DeltaXErrors.unreadableDeletionVector(tableRoot.toString(),
          paths.resolve(file.path()).toString(), e);
    }
  }

  private AssembledRows open(ChangeFile file, ChangeFileRead read, StructType partitionSchema,
      boolean unwrapIds) {
    Path path = paths.resolve(file.path());
    Object[] values = partitionValues.toValues(partitionSchema, file.partitionValues());
    SparkPath sparkPath = SparkPath.fromPath(path);
    InternalRow partitionRow = read.plan().partitionRow(values, new SplitConstants(
        sparkPath.toString(), path.getName(), file.size(), 0, file.size(), file.modificationTime(),
        file.baseRowId(), file.defaultRowCommitVersion()));
    PartitionedFile split = new PartitionedFile(partitionRow, sparkPath, 0, file.size(),
        new String[0], file.modificationTime(), file.size(),
        scala.collection.immutable.Map$.MODULE$.empty());
    DeletedRows deleted = file.deletionVector() == null ? null : load(file.deletionVector(), file);
    return new AssembledRows(read.readFunction().apply(split), partitionRow, deleted,
        new MetadataRowAssembler(read.plan(), read.parquetOutput()), unwrapIds);
  }

  /** The assembled live rows of one file. */
  private static final class AssembledRows implements RowIterator {
    private final scala.collection.Iterator<InternalRow> parquet;
    private final InternalRow partitionRow;
    private final DeletedRows deleted;
    private final MetadataRowAssembler assembler;
    private final boolean unwrapIds;
    /** Null, or the row indexes to keep of the rows the deletion vector left. */
    private LongPredicate keepOnly;
    /** Null, or the rows to keep by row ID and commit version, asked before a row is assembled. */
    private RowFilter keepIds;
    private final SpecificInternalRow ids = new SpecificInternalRow(
        new StructType().add("row_id", DataTypes.LongType).add("row_commit_version", DataTypes.LongType));
    private InternalRow next;

    AssembledRows(scala.collection.Iterator<InternalRow> parquet, InternalRow partitionRow,
        DeletedRows deleted, MetadataRowAssembler assembler, boolean unwrapIds) {
      this.parquet = parquet;
      this.partitionRow = partitionRow;
      this.deleted = deleted;
      this.assembler = assembler;
      this.unwrapIds = unwrapIds;
    }

    void keepOnly(LongPredicate rowIndexes) {
      this.keepOnly = rowIndexes;
    }

    void keepIds(RowFilter rows) {
      this.keepIds = rows;
    }

    @Override
    public boolean hasNext() {
      while (next == null && parquet.hasNext()) {
        InternalRow in = parquet.next();
        if (unwrapIds) {
          // Only (row ID, commit version): no row assembled, one row reused.
          if (!assembler.deleted(in, deleted)) {
            ids.setLong(0, assembler.rowId(in, partitionRow));
            ids.setLong(1, assembler.rowCommitVersion(in, partitionRow));
            next = ids;
          }
          continue;
        }
        if (keepIds != null && !keepIds.keep(assembler.rowId(in, partitionRow),
            assembler.rowCommitVersion(in, partitionRow))) {
          continue;
        }
        InternalRow row = assembler.assemble(in, partitionRow, deleted);
        if (row != null && keepOnly != null
            && !keepOnly.test(row.getStruct(row.numFields() - 1, FileRows.ID_FIELDS).getLong(2))) {
          row = null;
        }
        if (row != null) {
          next = row;
        }
      }
      return next != null;
    }

    @Override
    public InternalRow next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      InternalRow result = next;
      next = null;
      return result;
    }

    @Override
    public void close() throws IOException {
      if (parquet instanceof Closeable closeable) {
        closeable.close();
      }
    }
  }
}
