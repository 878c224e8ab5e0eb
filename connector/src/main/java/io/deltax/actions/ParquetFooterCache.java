/*
 * Copyright 2026 The deltax Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.deltax.actions;

import io.deltax.caching.BoundedLru;
import java.io.IOException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * The JVM's cache of the footers of the Parquet checkpoint and sidecar files deltax has read, so a
 * second read of the same file (time travel to an older version, a snapshot loaded again after the
 * snapshot cache let it go or after a commit, the CLI and procedures, the scan after a load) opens
 * it with its footer known: for a file read in ranges, no request for the footer; for a small file
 * read whole ({@link InMemoryInputFile}), no parse of it.
 *
 * <p>Key: the file's path, length and modification time as listed (or, for a sidecar, as its action
 * gives them). A checkpoint or sidecar is never changed once published (PROTOCOL.md,
 * "Checkpoints"), but a file rewritten in place anyway has another length or time and misses.
 *
 * <p>Bound: the column chunks the footers describe, {@value #MAX_COLUMN_CHUNKS} over all entries (a
 * footer holds one chunk per column and row group, with its statistics; measured on a classic
 * checkpoint of one row group, 33 chunks, with its schema: 32 KiB, about 1 KiB per chunk, so about
 * 20 MiB at most). Past it, the least recently used footers go first; a footer larger than the
 * whole bound is not kept.
 */
final class ParquetFooterCache {
  static final long MAX_COLUMN_CHUNKS = 20_000;
  private static final ParquetFooterCache SHARED = new ParquetFooterCache(MAX_COLUMN_CHUNKS);

  /** A published file as the listing describes it. */
  record Key(String path, long length, long modificationTime) {
    static Key of(FileStatus file) {
      return new Key(file.getPath().toString(), file.getLen(), file.getModificationTime());
    }
  }

  private final long maxColumnChunks;
  private final BoundedLru<Key, ParquetMetadata> footers;

  /**
   * @param maxColumnChunks the bound: the JVM's cache has {@value #MAX_COLUMN_CHUNKS}, tests less
   */
  ParquetFooterCache(long maxColumnChunks) {
    this.maxColumnChunks = maxColumnChunks;
    this.footers = new BoundedLru<>(maxColumnChunks, (key, footer) -> columnChunks(footer));
  }

  /** The one cache of this JVM, which every read of a checkpoint or sidecar shares. */
  static ParquetFooterCache shared() {
    return SHARED;
  }

  /**
   * A reader of {@code input}, which is the file {@code listed} describes, with its footer from the
   * cache, or read (on the reader's own stream) and kept.
   */
  ParquetFileReader open(InputFile input, FileStatus listed, ParquetReadOptions options)
      throws IOException {
    Key key = Key.of(listed);
    SeekableInputStream stream = input.newStream();
    try {
      ParquetMetadata footer = get(key);
      if (footer == null) {
        footer = ParquetFileReader.readFooter(input, options, stream);
        put(key, footer);
      }
      return new ParquetFileReader(input, footer, options, stream);
    } catch (IOException | RuntimeException | Error e) {
      try {
        stream.close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /** The footer kept for {@code listed}, or null; for tests. */
  ParquetMetadata cached(FileStatus listed) {
    return get(Key.of(listed));
  }

  private ParquetMetadata get(Key key) {
    return footers.get(key);
  }

  private void put(Key key, ParquetMetadata footer) {
    if (columnChunks(footer) <= maxColumnChunks) {
      footers.put(key, footer);
    }
  }

  /** A footer's weight: its column chunks. */
  private static long columnChunks(ParquetMetadata footer) {
    long chunks = 1; // an empty file's footer still takes room
    for (BlockMetaData block : footer.getBlocks()) {
      chunks += block.getColumns().size();
    }
    return chunks;
  }
}
