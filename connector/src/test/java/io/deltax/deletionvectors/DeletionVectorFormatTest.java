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
package io.deltax.deletionvectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.actions.DeletionVectorDescriptor;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.roaringbitmap.RoaringBitmap;

/**
 * The deletion vector layouts delta-spark and Delta Kernel read (little endian, magic number
 * first), and the path examples of PROTOCOL.md, "Deletion Vector Descriptor Schema". (The inline
 * example there has a big-endian header that neither reference reader accepts.)
 */
class DeletionVectorFormatTest {
  private static final long HIGH = (1L << 32) | 5L;
  private static final List<Long> DELETED = List.of(3L, 4L, 7L, 11L, 18L, 29L, HIGH);

  private static RoaringBitmap low() {
    return RoaringBitmap.bitmapOf(3, 4, 7, 11, 18, 29);
  }

  private static RoaringBitmap high() {
    return RoaringBitmap.bitmapOf(5);
  }

  private static byte[] portable() {
    ByteBuffer b =
        ByteBuffer.allocate(
                4 + 8 + 2 * 4 + low().serializedSizeInBytes() + high().serializedSizeInBytes())
            .order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(DeletedRows.PORTABLE_MAGIC_NUMBER).putLong(2);
    b.putInt(0);
    low().serialize(b);
    b.putInt(1);
    high().serialize(b);
    return b.array();
  }

  private static byte[] nativeLayout() {
    ByteBuffer b =
        ByteBuffer.allocate(
                4 + 4 + 2 * 4 + low().serializedSizeInBytes() + high().serializedSizeInBytes())
            .order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(DeletedRows.NATIVE_MAGIC_NUMBER).putInt(2);
    b.putInt(low().serializedSizeInBytes());
    low().serialize(b);
    b.putInt(high().serializedSizeInBytes());
    high().serialize(b);
    return b.array();
  }

  private static void assertDeleted(DeletedRows rows) {
    assertEquals(DELETED.size(), rows.cardinality());
    for (long deleted : DELETED) {
      assertTrue(rows.contains(deleted), "row " + deleted);
    }
    for (long kept : List.of(0L, 5L, 28L, 30L, 1L << 32, (2L << 32) | 5L)) {
      assertFalse(rows.contains(kept), "row " + kept);
    }
  }

  @Test
  void bothLayouts() throws IOException {
    assertDeleted(DeletedRows.deserialize(portable()));
    assertDeleted(DeletedRows.deserialize(nativeLayout()));
  }

  @Test
  void inlineVectorIsZ85OfTheBitmap() throws IOException {
    byte[] bitmap = nativeLayout();
    DeletionVectorDescriptor inline =
        new DeletionVectorDescriptor("i", z85(bitmap), null, bitmap.length, DELETED.size(), null);
    assertDeleted(DeletionVectorStore.load(inline, new Path("file:/t"), null));
  }

  /** Z85 with zero padding to whole 4-byte blocks, as Delta writes it. */
  private static String z85(byte[] data) {
    String alphabet =
        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#";
    ByteBuffer padded = ByteBuffer.allocate((data.length + 3) / 4 * 4).put(data);
    padded.rewind();
    StringBuilder out = new StringBuilder();
    while (padded.hasRemaining()) {
      long v = padded.getInt() & 0xffffffffL;
      char[] block = new char[5];
      for (int i = 4; i >= 0; i--) {
        block[i] = alphabet.charAt((int) (v % 85));
        v /= 85;
      }
      out.append(block);
    }
    return out.toString();
  }

  @Test
  void relativePathWithRandomPrefix() {
    DeletionVectorDescriptor dv =
        new DeletionVectorDescriptor("u", "ab^-aqEH.-t@S}K{vb[*k^", 4, 40, 6, null);
    assertEquals(
        new Path("s3://mytable/ab/deletion_vector_d2c639aa-8816-431a-aaf6-d3fe2512ff61.bin"),
        DeletionVectorStore.absolutePath(dv, new Path("s3://mytable/")));
    assertEquals(
        UUID.fromString("d2c639aa-8816-431a-aaf6-d3fe2512ff61"),
        Z85.decodeUuid("^-aqEH.-t@S}K{vb[*k^"));
  }

  @Test
  void absolutePath() {
    DeletionVectorDescriptor dv =
        new DeletionVectorDescriptor(
            "p",
            "s3://mytable/deletion_vector_d2c639aa-8816-431a-aaf6-d3fe2512ff61.bin",
            4,
            40,
            6,
            null);
    assertEquals(
        new Path("s3://mytable/deletion_vector_d2c639aa-8816-431a-aaf6-d3fe2512ff61.bin"),
        DeletionVectorStore.absolutePath(dv, new Path("s3://other/")));
  }

  /** A file as delta-spark writes one: a format version byte, then size, vector and CRC-32. */
  private static byte[] deletionVectorFile(byte[] bitmap) {
    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    crc.update(bitmap);
    return ByteBuffer.allocate(1 + 4 + bitmap.length + 4)
        .put((byte) 1)
        .putInt(bitmap.length)
        .put(bitmap)
        .putInt((int) crc.getValue())
        .array();
  }

  @Test
  void aVectorInAFileIsReadAndATruncatedFileIsNamedWithItsLength(@TempDir java.nio.file.Path dir)
      throws IOException {
    byte[] bitmap = portable();
    byte[] whole = deletionVectorFile(bitmap);
    java.nio.file.Path file =
        dir.resolve("deletion_vector_d2c639aa-8816-431a-aaf6-d3fe2512ff61.bin");
    java.nio.file.Files.write(file, whole);
    DeletionVectorDescriptor dv =
        new DeletionVectorDescriptor(
            "p", file.toUri().toString(), 1, bitmap.length, DELETED.size(), null);
    Path root = new Path(dir.toUri());
    assertDeleted(DeletionVectorStore.load(dv, root, new Configuration()));

    // A stored vector never changes (a reader may keep it), so the truncated one is another file.
    int truncated = whole.length / 2;
    java.nio.file.Path cut =
        dir.resolve("deletion_vector_0c639aa0-8816-431a-aaf6-d3fe2512ff61.bin");
    java.nio.file.Files.write(cut, java.util.Arrays.copyOf(whole, truncated));
    DeletionVectorDescriptor cutDv =
        new DeletionVectorDescriptor(
            "p", cut.toUri().toString(), 1, bitmap.length, DELETED.size(), null);
    IOException e =
        assertThrows(
            IOException.class, () -> DeletionVectorStore.load(cutDv, root, new Configuration()));
    assertEquals(
        "the file "
            + new Path(cut.toUri())
            + " is truncated: expected "
            + (4 + bitmap.length + 4)
            + " bytes at offset 1 (size, vector, checksum), the file has "
            + truncated
            + " bytes",
        e.getMessage());
  }

  @Test
  void wrongMagicNumberIsRefused() {
    IOException e = assertThrows(IOException.class, () -> DeletedRows.deserialize(new byte[12]));
    assertTrue(e.getMessage().contains("magic number"), e.getMessage());
  }
}
