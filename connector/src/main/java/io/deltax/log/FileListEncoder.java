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
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a {@link CompactFileList}. One entry per file, in this order:
 *
 * <ol>
 *   <li>a flag byte ({@code CompactFileList.DATA_CHANGE} and the others: which fields follow);
 *   <li>an index into the distinct partition value maps (none for null), first, so that a scan
 *       judges a file's partition without reading past it;
 *   <li>the path: an index of its head in the shared strings, then either the file name's canonical
 *       lowercase UUID as 16 bytes and the index of the name's tail ({@code part-00000-} + UUID +
 *       {@code -c000.snappy.parquet}: head and tail shared by many files), or the rest of the path
 *       as a length and UTF-8 bytes (the head is then the directory, up to the last slash; an
 *       absolute URI keeps its scheme there);
 *   <li>varints: {@code size}, {@code modificationTime}, {@code baseRowId} and {@code
 *       defaultRowCommitVersion} if present (zigzag, so any long round-trips), and the index of the
 *       rare fields if any ({@code tags} other than empty, {@code deletionVector}, {@code
 *       clusteringProvider});
 *   <li>the statistics JSON as UTF-8, to the end.
 * </ol>
 *
 * The first-added version of each entry is kept apart, in one {@code long[]}: a newest-first replay
 * knows it only after the older commits, long after it encoded the file, and {@link #setFirstAdded}
 * fills it in without writing the entry again. The encoder of an advanced snapshot starts from the
 * older list's shared tables, so the older entries are kept as they are, not decoded and written
 * again.
 */
final class FileListEncoder {
  private final List<byte[]> entries = new ArrayList<>();
  private final List<String> strings;
  private final Map<String, Integer> stringIndex = new HashMap<>();
  private final List<Map<String, String>> partitionValues;
  private final Map<Map<String, String>, Integer> partitionIndex = new HashMap<>();
  private final List<CompactFileList.Rare> rares;
  private final CompactFileList base;
  private long[] firstAdded = new long[1024];

  /** Where each entry was in {@link #base}, or -1 for a new one; null without a base. */
  private int[] basePositions;

  /** The indexes of the two strings {@link #intern(String, int, int)} interned last. */
  private final int[] recent = new int[2];

  private int next;

  /** The entry being written, before its statistics: flags, path and numbers. */
  private byte[] head = new byte[256];

  private int length;

  /** Whether an entry added so far has a deletion vector: known as the list is written. */
  private boolean deletionVectors;

  /**
   * @param base the list whose entries {@link #addEncoded} may keep, or null
   */
  FileListEncoder(CompactFileList base) {
    this.base = base;
    this.basePositions = base == null ? null : new int[1024];
    this.strings =
        base == null ? new ArrayList<>(List.of("")) : new ArrayList<>(List.of(base.strings));
    this.partitionValues =
        base == null ? new ArrayList<>(List.of(Map.of())) : new ArrayList<>(base.partitionValues);
    this.rares = base == null ? new ArrayList<>() : new ArrayList<>(base.rares);
    for (int i = 0; i < strings.size(); i++) {
      stringIndex.putIfAbsent(strings.get(i), i);
    }
    for (int i = 0; i < partitionValues.size(); i++) {
      partitionIndex.putIfAbsent(partitionValues.get(i), i);
    }
  }

  /** Adds entry {@code index} of the base list as it is. */
  void addEncoded(int index) {
    entries.add(base.entry(index));
    keepFirstAdded(base.firstAdded(index));
    basePositions[entries.size() - 1] = index;
    if (!deletionVectors && base.hasDeletionVectors()) {
      deletionVectors = base.hasDeletionVector(index);
    }
  }

  /**
   * Adds {@code file} as the next entry and returns its position.
   *
   * @param firstAdded the version of the oldest commit that added the path, or -1
   */
  int add(AddFile file, long firstAdded) {
    length = 0;
    boolean rare =
        file.tags() == null
            || !file.tags().isEmpty()
            || file.deletionVector() != null
            || file.clusteringProvider() != null;
    String path = file.path();
    int slash = path.lastIndexOf('/') + 1;
    int uuid = uuidAt(path, slash);
    int flags =
        (file.dataChange() ? CompactFileList.DATA_CHANGE : 0)
            | (file.stats() != null ? CompactFileList.STATS : 0)
            | (file.baseRowId() != null ? CompactFileList.BASE_ROW_ID : 0)
            | (file.defaultRowCommitVersion() != null ? CompactFileList.ROW_COMMIT_VERSION : 0)
            | (rare ? CompactFileList.RARE : 0)
            | (uuid >= 0 ? CompactFileList.UUID_NAME : 0)
            | (file.partitionValues() == null ? CompactFileList.NULL_PARTITION_VALUES : 0);
    write(flags);
    if (file.partitionValues() != null && file.partitionValues().isEmpty()) {
      varint(0);
    } else if (file.partitionValues() != null) {
      varint(
          partitionIndex.computeIfAbsent(
              file.partitionValues(),
              v -> {
                partitionValues.add(v);
                return partitionValues.size() - 1;
              }));
    }
    if (uuid >= 0) {
      varint(intern(path, 0, uuid));
      writeLong(
          parseHex(path, uuid, 8) << 32
              | parseHex(path, uuid + 9, 4) << 16
              | parseHex(path, uuid + 14, 4));
      writeLong(parseHex(path, uuid + 19, 4) << 48 | parseHex(path, uuid + 24, 12));
      varint(intern(path, uuid + 36, path.length()));
    } else {
      varint(intern(path.substring(0, slash)));
      byte[] name = path.substring(slash).getBytes(StandardCharsets.UTF_8);
      varint(name.length);
      for (byte b : name) {
        write(b);
      }
    }
    zigzag(file.size());
    zigzag(file.modificationTime());
    if (file.baseRowId() != null) {
      zigzag(file.baseRowId());
    }
    if (file.defaultRowCommitVersion() != null) {
      zigzag(file.defaultRowCommitVersion());
    }
    deletionVectors |= file.deletionVector() != null;
    if (rare) {
      rares.add(
          new CompactFileList.Rare(file.tags(), file.deletionVector(), file.clusteringProvider()));
      varint(rares.size() - 1);
    }
    byte[] stats =
        file.stats() == null ? new byte[0] : file.stats().getBytes(StandardCharsets.UTF_8);
    byte[] entry = Arrays.copyOf(head, length + stats.length);
    System.arraycopy(stats, 0, entry, length, stats.length);
    entries.add(entry);
    keepFirstAdded(firstAdded);
    return entries.size() - 1;
  }

  /** Sets the first-added version of entry {@code index}, once the replay knows it. */
  void setFirstAdded(int index, long version) {
    firstAdded[index] = version;
  }

  private void keepFirstAdded(long version) {
    int index = entries.size() - 1;
    if (index == firstAdded.length) {
      firstAdded = Arrays.copyOf(firstAdded, index * 2);
    }
    firstAdded[index] = version;
    if (basePositions != null) {
      if (index == basePositions.length) {
        basePositions = Arrays.copyOf(basePositions, index * 2);
      }
      basePositions[index] = -1;
    }
  }

  /**
   * Where each entry added so far was in the base list ({@link #addEncoded}), or -1 for an entry
   * {@link #add}ed; null without a base list. What a value kept per position of the base list needs
   * to follow its files into this one.
   */
  int[] basePositions() {
    return basePositions == null ? null : Arrays.copyOf(basePositions, entries.size());
  }

  /** Whether an entry added so far has a deletion vector. */
  boolean hasDeletionVectors() {
    return deletionVectors;
  }

  CompactFileList build() {
    return new CompactFileList(
        entries.toArray(new byte[0][]),
        Arrays.copyOf(firstAdded, entries.size()),
        strings.toArray(new String[0]),
        List.copyOf(partitionValues),
        List.copyOf(rares),
        deletionVectors);
  }

  /**
   * The index of {@code path}'s text from {@code start} to {@code end}: files of one writer share
   * their heads and tails, so the last two interned are checked first, without a substring.
   */
  private int intern(String path, int start, int end) {
    for (int i = 0; i < recent.length; i++) {
      String s = strings.get(recent[i]);
      if (s.length() == end - start && path.startsWith(s, start)) {
        return recent[i];
      }
    }
    int index = intern(path.substring(start, end));
    recent[next] = index;
    next ^= 1;
    return index;
  }

  private int intern(String s) {
    return stringIndex.computeIfAbsent(
        s,
        k -> {
          strings.add(k);
          return strings.size() - 1;
        });
  }

  /**
   * Where a canonical lowercase UUID starts in the file name that starts at {@code from}, or -1:
   * only such text is encoded as 16 bytes, since only it is printed back the same.
   */
  static int uuidAt(String path, int from) {
    for (int i = from; i + 36 <= path.length(); i++) {
      if (isUuid(path, i)) {
        return i;
      }
    }
    return -1;
  }

  private static boolean isUuid(String s, int at) {
    for (int i = 0; i < 36; i++) {
      char c = s.charAt(at + i);
      boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
      if (dash ? c != '-' : !((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
        return false;
      }
    }
    return true;
  }

  private static long parseHex(String s, int at, int digits) {
    long v = 0;
    for (int i = 0; i < digits; i++) {
      char c = s.charAt(at + i);
      v = (v << 4) | (c <= '9' ? c - '0' : c - 'a' + 10); // isUuid checked: 0-9, a-f
    }
    return v;
  }

  /** The canonical text of the UUID {@code high}, {@code low}: lowercase, dashed. */
  static String uuidText(long high, long low) {
    char[] text = new char[36];
    hex(text, 0, high >>> 32, 8);
    text[8] = '-';
    hex(text, 9, high >>> 16, 4);
    text[13] = '-';
    hex(text, 14, high, 4);
    text[18] = '-';
    hex(text, 19, low >>> 48, 4);
    text[23] = '-';
    hex(text, 24, low, 12);
    return new String(text);
  }

  private static void hex(char[] text, int at, long value, int digits) {
    for (int i = digits - 1; i >= 0; i--) {
      text[at + i] = Character.forDigit((int) (value & 0xf), 16);
      value >>>= 4;
    }
  }

  private void writeLong(long v) {
    for (int shift = 56; shift >= 0; shift -= 8) {
      write((int) (v >>> shift));
    }
  }

  private void varint(long v) {
    while ((v & ~0x7fL) != 0) {
      write((int) ((v & 0x7f) | 0x80));
      v >>>= 7;
    }
    write((int) v);
  }

  private void write(int b) {
    if (length == head.length) {
      head = Arrays.copyOf(head, length * 2);
    }
    head[length++] = (byte) b;
  }

  private void zigzag(long v) {
    varint((v << 1) ^ (v >> 63));
  }
}
