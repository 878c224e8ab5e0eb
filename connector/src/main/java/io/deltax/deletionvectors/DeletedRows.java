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

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.roaringbitmap.RoaringBitmap;

/**
 * The row indexes one deletion vector removes from its data file: a 64-bit RoaringBitmap behind
 * Delta's magic number (PROTOCOL.md, "Deletion Vector Format"). The high 32 bits of a row index
 * pick a 32-bit bitmap ("bucket"), the low 32 bits are looked up in it. Two layouts exist: the
 * spec's "portable" one, and the "native" one of delta-spark's {@code RoaringBitmapArray}, which
 * writers may also have used (inline vectors among them).
 */
public final class DeletedRows {
  /** The portable 64-bit format: bucket count (8 bytes), then each key (4 bytes) and bitmap. */
  static final int PORTABLE_MAGIC_NUMBER = 1681511377;

  /**
   * The native format: bitmap count (4 bytes), then each bitmap's size and data; key = position.
   */
  static final int NATIVE_MAGIC_NUMBER = 1681511376;

  /** Buckets by key; null where a key has no bucket. */
  private final RoaringBitmap[] buckets;

  private final long cardinality;

  private DeletedRows(RoaringBitmap[] buckets) {
    this.buckets = buckets;
    long count = 0;
    for (RoaringBitmap b : buckets) {
      count += b == null ? 0 : b.getLongCardinality();
    }
    this.cardinality = count;
  }

  /** Reads a serialized bitmap, little endian, in either layout. */
  public static DeletedRows deserialize(byte[] data) throws IOException {
    ByteBuffer buffer = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
    int magic = buffer.getInt();
    if (magic == NATIVE_MAGIC_NUMBER) {
      return nativeLayout(buffer);
    }
    if (magic != PORTABLE_MAGIC_NUMBER) {
      throw new IOException(
          "not a Delta deletion vector: magic number "
              + magic
              + " instead of "
              + PORTABLE_MAGIC_NUMBER
              + " or "
              + NATIVE_MAGIC_NUMBER);
    }
    long numBuckets = buffer.getLong();
    if (numBuckets < 0 || numBuckets > Integer.MAX_VALUE) {
      throw new IOException("impossible number of bitmap buckets " + numBuckets);
    }
    RoaringBitmap[] buckets = new RoaringBitmap[0];
    for (long i = 0; i < numBuckets; i++) {
      int key = buffer.getInt();
      if (key < 0) {
        throw new IOException("negative bitmap key " + key);
      }
      RoaringBitmap bitmap = new RoaringBitmap();
      bitmap.deserialize(buffer.slice().order(ByteOrder.LITTLE_ENDIAN));
      buffer.position(buffer.position() + bitmap.serializedSizeInBytes());
      if (key >= buckets.length) {
        buckets = java.util.Arrays.copyOf(buckets, key + 1);
      }
      buckets[key] = bitmap;
    }
    return new DeletedRows(buckets);
  }

  private static DeletedRows nativeLayout(ByteBuffer buffer) throws IOException {
    int numBitmaps = buffer.getInt();
    if (numBitmaps < 0) {
      throw new IOException("impossible number of bitmaps " + numBitmaps);
    }
    RoaringBitmap[] buckets = new RoaringBitmap[numBitmaps];
    for (int key = 0; key < numBitmaps; key++) {
      int size = buffer.getInt();
      RoaringBitmap bitmap = new RoaringBitmap();
      bitmap.deserialize(buffer.slice().order(ByteOrder.LITTLE_ENDIAN));
      buffer.position(buffer.position() + size);
      buckets[key] = bitmap;
    }
    return new DeletedRows(buckets);
  }

  public boolean contains(long rowIndex) {
    int key = (int) (rowIndex >>> 32);
    RoaringBitmap bucket = key < buckets.length ? buckets[key] : null;
    return bucket != null && bucket.contains((int) rowIndex);
  }

  public long cardinality() {
    return cardinality;
  }
}
