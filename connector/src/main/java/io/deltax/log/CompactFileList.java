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
package io.deltax.log;

import io.deltax.actions.AddFile;
import io.deltax.actions.DeletionVectorDescriptor;
import java.nio.charset.StandardCharsets;
import java.util.AbstractList;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;

/**
 * A snapshot's active files, each held as one byte array, an {@link AddFile} built on each {@link
 * #get}: a cached snapshot holds about 200 bytes per file (statistics of two columns) instead of
 * about 400 for {@code AddFile}s with their path and statistics strings (README, "File list
 * memory"). Scans that look at every file per query ask for one field by position ({@link #stats},
 * {@link #partitionValues}, ...) without building the {@code AddFile}. Written by {@link
 * FileListEncoder}, whose javadoc gives the layout; immutable.
 */
public final class CompactFileList extends AbstractList<AddFile> implements RandomAccess {
  static final int DATA_CHANGE = 1;
  static final int STATS = 2;
  static final int BASE_ROW_ID = 4;
  static final int ROW_COMMIT_VERSION = 8;
  static final int RARE = 16;
  static final int UUID_NAME = 32;
  static final int NULL_PARTITION_VALUES = 64;

  /** The fields few files have, shared by index. */
  record Rare(
      Map<String, String> tags,
      DeletionVectorDescriptor deletionVector,
      String clusteringProvider) {}

  private final byte[][] entries;

  /** The first-added version of each entry, or -1 ({@link #firstAdded}). */
  private final long[] firstAdded;

  /** Path heads (a directory, or all of a file name before its UUID) and name tails, by index. */
  final String[] strings;

  /** The distinct partition value maps; index 0 is the empty map. */
  final List<Map<String, String>> partitionValues;

  final List<Rare> rares;

  /** Each file's {@link #partitionIndex}, or null until first asked for. */
  private volatile int[] partitionIndexes;

  /** Whether some entry has a deletion vector, as {@link FileListEncoder} found while writing. */
  private final boolean deletionVectors;

  CompactFileList(
      byte[][] entries,
      long[] firstAdded,
      String[] strings,
      List<Map<String, String>> partitionValues,
      List<Rare> rares,
      boolean deletionVectors) {
    this.entries = entries;
    this.firstAdded = firstAdded;
    this.strings = strings;
    this.partitionValues = partitionValues;
    this.rares = rares;
    this.deletionVectors = deletionVectors;
  }

  static CompactFileList empty() {
    return new FileListEncoder(null).build();
  }

  byte[] entry(int index) {
    return entries[index];
  }

  @Override
  public int size() {
    return entries.length;
  }

  @Override
  public AddFile get(int index) {
    Cursor c = new Cursor(entries[index]);
    Map<String, String> values = c.partitionValues();
    String path = c.path();
    long size = c.zigzag();
    long modificationTime = c.zigzag();
    Long baseRowId = (c.flags & BASE_ROW_ID) != 0 ? c.zigzag() : null;
    Long rowCommitVersion = (c.flags & ROW_COMMIT_VERSION) != 0 ? c.zigzag() : null;
    Rare rare = (c.flags & RARE) != 0 ? rares.get((int) c.varint()) : null;
    return new AddFile(
        path,
        values,
        size,
        modificationTime,
        (c.flags & DATA_CHANGE) != 0,
        c.stats(),
        rare == null ? Map.of() : rare.tags(),
        rare == null ? null : rare.deletionVector(),
        baseRowId,
        rowCommitVersion,
        rare == null ? null : rare.clusteringProvider());
  }

  /** The {@code path} of the file at {@code index}, as the log wrote it. */
  public String path(int index) {
    Cursor c = new Cursor(entries[index]);
    c.skipPartitionValues();
    return c.path();
  }

  /** The {@code stats} JSON of the file at {@code index}, or null. */
  public String stats(int index) {
    Cursor c = new Cursor(entries[index]);
    c.skipToStats();
    return c.stats();
  }

  /** The partition values of the file at {@code index}: one shared map per partition. */
  public Map<String, String> partitionValues(int index) {
    return new Cursor(entries[index]).partitionValues();
  }

  /**
   * The index of the partition values of the file at {@code index} among the list's distinct maps
   * (below {@link #partitionCount}), or -1 where they are null: files of one partition share it.
   */
  public int partitionIndex(int index) {
    int[] indexes = partitionIndexes;
    if (indexes == null) {
      // Built once per list, on the first scan that asks: a scan with partition filters asks for
      // every file, and one array read each is far cheaper than a visit to each file's entry.
      indexes = new int[entries.length];
      for (int i = 0; i < indexes.length; i++) {
        Cursor c = new Cursor(entries[i]);
        indexes[i] = (c.flags & NULL_PARTITION_VALUES) != 0 ? -1 : (int) c.varint();
      }
      partitionIndexes = indexes;
    }
    return indexes[index];
  }

  /** How many distinct partition value maps the list's files index. */
  public int partitionCount() {
    return partitionValues.size();
  }

  /** The {@code size} in bytes of the file at {@code index}. */
  public long size(int index) {
    Cursor c = new Cursor(entries[index]);
    c.skipToSizes();
    return c.zigzag();
  }

  /** The {@code baseRowId} of the file at {@code index}, or null. */
  public Long baseRowId(int index) {
    Cursor c = new Cursor(entries[index]);
    c.skipToSizes();
    c.zigzag();
    c.zigzag();
    return (c.flags & BASE_ROW_ID) != 0 ? c.zigzag() : null;
  }

  /** The {@code defaultRowCommitVersion} of the file at {@code index}, or null. */
  public Long defaultRowCommitVersion(int index) {
    Cursor c = new Cursor(entries[index]);
    c.skipToSizes();
    c.zigzag();
    c.zigzag();
    if ((c.flags & BASE_ROW_ID) != 0) {
      c.zigzag();
    }
    return (c.flags & ROW_COMMIT_VERSION) != 0 ? c.zigzag() : null;
  }

  /** Whether some file has a deletion vector: only then may two files share a path. */
  public boolean hasDeletionVectors() {
    return deletionVectors;
  }

  /** Whether the file at {@code index} has a deletion vector. */
  boolean hasDeletionVector(int index) {
    return (entries[index][0] & RARE) != 0 && deletionVectorId(index) != null;
  }

  /** The deletion vector id of the file at {@code index}, or null: half of its logical key. */
  String deletionVectorId(int index) {
    Cursor c = new Cursor(entries[index]);
    c.skipToRare();
    if ((c.flags & RARE) == 0) {
      return null;
    }
    DeletionVectorDescriptor dv = rares.get((int) c.varint()).deletionVector();
    return dv == null ? null : dv.uniqueId();
  }

  /**
   * The version of the oldest commit since the checkpoint that added the path of the file at {@code
   * index}, or -1 where the checkpoint alone knows it.
   */
  long firstAdded(int index) {
    return firstAdded[index];
  }

  /** Reads one entry field by field, in {@link FileListEncoder}'s order. */
  private final class Cursor {
    private final byte[] bytes;
    private final int flags;
    private int at = 1;

    Cursor(byte[] bytes) {
      this.bytes = bytes;
      this.flags = bytes[0];
    }

    long varint() {
      long value = 0;
      for (int shift = 0; ; shift += 7) {
        byte b = bytes[at++];
        value |= (long) (b & 0x7f) << shift;
        if (b >= 0) {
          return value;
        }
      }
    }

    long zigzag() {
      long v = varint();
      return (v >>> 1) ^ -(v & 1);
    }

    String path() {
      String head = strings[(int) varint()];
      if ((flags & UUID_NAME) != 0) {
        long high = readLong();
        long low = readLong();
        String tail = strings[(int) varint()];
        return head + FileListEncoder.uuidText(high, low) + tail;
      }
      int length = (int) varint();
      String name = new String(bytes, at, length, StandardCharsets.UTF_8);
      at += length;
      return head.isEmpty() ? name : head + name;
    }

    void skipPath() {
      varint();
      if ((flags & UUID_NAME) != 0) {
        at += 16;
        varint();
      } else {
        int length = (int) varint();
        at += length;
      }
    }

    Map<String, String> partitionValues() {
      return (flags & NULL_PARTITION_VALUES) != 0 ? null : partitionValues.get((int) varint());
    }

    void skipPartitionValues() {
      if ((flags & NULL_PARTITION_VALUES) == 0) {
        varint();
      }
    }

    void skipToSizes() {
      skipPartitionValues();
      skipPath();
    }

    void skipToRare() {
      skipToSizes();
      int longs =
          2 + ((flags & BASE_ROW_ID) != 0 ? 1 : 0) + ((flags & ROW_COMMIT_VERSION) != 0 ? 1 : 0);
      for (int i = 0; i < longs; i++) {
        varint();
      }
    }

    void skipToStats() {
      skipToRare();
      if ((flags & RARE) != 0) {
        varint();
      }
    }

    /** The statistics: the rest of the entry. */
    String stats() {
      return (flags & STATS) == 0
          ? null
          : new String(bytes, at, bytes.length - at, StandardCharsets.UTF_8);
    }

    private long readLong() {
      long v = 0;
      for (int i = 0; i < 8; i++) {
        v = (v << 8) | (bytes[at++] & 0xff);
      }
      return v;
    }
  }
}
