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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A checkpoint read a second time is opened with its footer from the {@link ParquetFooterCache}
 * (issue 14, "Cache the footer"): a file read in ranges is not asked for its footer again; a file
 * rewritten with another length is read afresh, never answered with the old file's footer; past the
 * bound, the least recently used footers go.
 */
class ParquetFooterCacheTest {
  private static final List<ActionSchema<? extends Action>> CHECKPOINT =
      List.of(AddFile.SCHEMA, Metadata.SCHEMA, Protocol.SCHEMA);
  private static final Protocol PROTOCOL =
      new Protocol(1, 2, java.util.Set.of(), java.util.Set.of());
  private static final Metadata METADATA =
      new Metadata(
          "table-id",
          null,
          null,
          "parquet",
          "{\"type\":\"struct\",\"fields\":[]}",
          List.of(),
          Map.of(),
          7L);

  @TempDir Path dir;

  private final Configuration conf = FooterReadsFileSystem.conf();

  /**
   * A checkpoint of {@code files} files whose stats are long enough that the file is past the size
   * read whole, so Parquet's reader asks for ranges, footer first.
   */
  private FileStatus checkpoint(String name, int files) throws IOException {
    org.apache.hadoop.fs.Path file = FooterReadsFileSystem.path(dir.resolve(name));
    Random random = new Random(files);
    try (ParquetActionWriter out = new ParquetActionWriter(conf, file, CHECKPOINT)) {
      out.write(PROTOCOL);
      out.write(METADATA);
      for (int i = 0; i < files; i++) {
        StringBuilder stats = new StringBuilder("{\"numRecords\":1,\"pad\":\"");
        for (int c = 0; c < 1_000; c++) {
          stats.append((char) ('a' + random.nextInt(26)));
        }
        out.write(
            new AddFile(
                "part-" + i + ".parquet",
                Map.of(),
                1000 + i,
                i,
                false,
                stats.append("\"}").toString(),
                Map.of(),
                null,
                null,
                null,
                null));
      }
    }
    return file.getFileSystem(conf).getFileStatus(file);
  }

  private static List<Action> readAll(Configuration conf, FileStatus file) throws IOException {
    List<Action> read = new ArrayList<>();
    ParquetActionReader.read(conf, file, CHECKPOINT, read::add);
    return read;
  }

  private static List<Action> readProtocolAndMetadata(Configuration conf, FileStatus file)
      throws IOException {
    List<Action> read = new ArrayList<>();
    ParquetActionReader.readProtocolAndMetadata(conf, file, read::add);
    return read;
  }

  /**
   * Whether the reads since the last reset reached the footer's length and magic, the last 8 bytes.
   */
  private static boolean footerRead(FileStatus file) {
    return FooterReadsFileSystem.read(file.getPath().getName(), file.getLen() - 1);
  }

  @Test
  void aSecondReadOfACheckpointDoesNotReadItsFooter() throws IOException {
    FileStatus file = checkpoint("00000000000000000010.checkpoint.parquet", 10_000);
    assertFalse(
        ParquetActionReader.readsWhole(file), "a file read in ranges: " + file.getLen() + " bytes");

    FooterReadsFileSystem.reset();
    List<Action> first = readProtocolAndMetadata(conf, file);
    assertEquals(List.of(PROTOCOL, METADATA), first);
    assertTrue(
        footerRead(file), "the first read asks for the footer: " + FooterReadsFileSystem.reads());

    // Time travel or a load after the snapshot cache let the table go: the same checkpoint again.
    FooterReadsFileSystem.reset();
    assertEquals(first, readProtocolAndMetadata(conf, file));
    assertFalse(footerRead(file), "footer read again: " + FooterReadsFileSystem.reads());

    // The scan's read of every action: the same footer, and the same actions as a read without it.
    FooterReadsFileSystem.reset();
    List<Action> all = readAll(conf, file);
    assertFalse(footerRead(file), "footer read again: " + FooterReadsFileSystem.reads());
    assertEquals(10_002, all.size());
    assertEquals(first, all.subList(0, 2));
    assertEquals(all, readAll(new Configuration(), fileStatusOnLocalFs(file)));
  }

  /** The same file through the plain local file system: another path, so another cache entry. */
  private static FileStatus fileStatusOnLocalFs(FileStatus file) throws IOException {
    org.apache.hadoop.fs.Path local =
        new org.apache.hadoop.fs.Path("file:" + file.getPath().toUri().getPath());
    Configuration plain = new Configuration();
    FileStatus status = local.getFileSystem(plain).getFileStatus(local);
    assertNull(ParquetFooterCache.shared().cached(status));
    return status;
  }

  @Test
  void aCheckpointRewrittenWithAnotherLengthIsReadAfresh() throws IOException {
    String name = "00000000000000000020.checkpoint.parquet";
    FileStatus before = checkpoint(name, 9_000);
    assertEquals(9_002, readAll(conf, before).size());
    assertNotNull(ParquetFooterCache.shared().cached(before));

    FileStatus after = checkpoint(name, 9_500);
    assertNotEquals(before.getLen(), after.getLen());
    assertNull(ParquetFooterCache.shared().cached(after));
    FooterReadsFileSystem.reset();
    List<Action> read = readAll(conf, after);
    assertTrue(
        footerRead(after), "the rewritten file's footer is read: " + FooterReadsFileSystem.reads());
    assertEquals(9_502, read.size());
    assertEquals("part-9499.parquet", ((AddFile) read.get(9_501)).path());
  }

  /** A small checkpoint is still read whole in one request; its footer is not parsed again. */
  @Test
  void aSmallCheckpointReadWholeKeepsItsFooterToo() throws IOException {
    FileStatus file = checkpoint("00000000000000000030.checkpoint.parquet", 100);
    assertTrue(ParquetActionReader.readsWhole(file));
    List<Action> first = readAll(conf, file);
    ParquetMetadata footer = ParquetFooterCache.shared().cached(file);
    assertNotNull(footer);

    FooterReadsFileSystem.reset();
    assertEquals(first, readAll(conf, file));
    assertSame(footer, ParquetFooterCache.shared().cached(file));
    assertEquals(
        List.of(new FooterReadsFileSystem.Read(file.getPath().getName(), 0, file.getLen())),
        FooterReadsFileSystem.reads(),
        "one read of the whole file");
  }

  /**
   * Opens {@code file} through {@code cache}, as a read of a checkpoint does, and checks its rows.
   */
  private void open(ParquetFooterCache cache, FileStatus file, long rows) throws IOException {
    InputFile input = ParquetActionReader.open(conf, file);
    try (ParquetFileReader reader =
        cache.open(input, file, ParquetActionReader.options(input, FilterCompat.NOOP))) {
      assertEquals(rows, reader.getRecordCount());
    }
  }

  @Test
  void pastItsBoundTheLeastRecentlyUsedFootersGo() throws IOException {
    FileStatus a = checkpoint("a.checkpoint.parquet", 10);
    FileStatus b = checkpoint("b.checkpoint.parquet", 20);
    FileStatus c = checkpoint("c.checkpoint.parquet", 30);
    ParquetMetadata footer;
    try (ParquetFileReader reader = ParquetFileReader.open(ParquetActionReader.open(conf, a))) {
      footer = reader.getFooter();
    }
    assertEquals(1, footer.getBlocks().size());
    long weight = 1 + footer.getBlocks().get(0).getColumns().size(); // the same for b and c
    ParquetFooterCache cache = new ParquetFooterCache(2 * weight);
    open(cache, a, 12);
    open(cache, b, 22);
    open(cache, a, 12); // a used last
    open(cache, c, 32);
    assertNull(cache.cached(b), "the least recently used footer went");
    assertNotNull(cache.cached(a));
    assertNotNull(cache.cached(c));

    ParquetFooterCache tooSmall = new ParquetFooterCache(weight - 1);
    open(tooSmall, a, 12);
    assertNull(tooSmall.cached(a), "a footer larger than the bound is not kept");
  }
}
