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

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.UUID;

/**
 * The Z85 variant of Base85 that deletion vector descriptors use (PROTOCOL.md, "Deletion Vector
 * Descriptor Schema"): five characters encode four bytes, big endian.
 */
public final class Z85 {
  private static final String ALPHABET =
      "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#";
  private static final byte[] DECODE = new byte[128];

  /** A UUID always encodes into 20 characters. */
  public static final int UUID_LENGTH = 20;

  static {
    Arrays.fill(DECODE, (byte) -1);
    for (int i = 0; i < ALPHABET.length(); i++) {
      DECODE[ALPHABET.charAt(i)] = (byte) i;
    }
  }

  private Z85() {}

  /** Decodes whole blocks; the output may end with padding bytes. */
  public static byte[] decode(String encoded) {
    if (encoded.length() % 5 != 0) {
      throw new IllegalArgumentException(
          "Z85 text must have a multiple of 5 characters, not " + encoded.length());
    }
    ByteBuffer out = ByteBuffer.allocate(encoded.length() / 5 * 4);
    for (int i = 0; i < encoded.length(); i += 5) {
      long value = 0;
      for (int j = 0; j < 5; j++) {
        char c = encoded.charAt(i + j);
        int digit = c < 128 ? DECODE[c] : -1;
        if (digit < 0) {
          throw new IllegalArgumentException("'" + c + "' is not a Z85 character");
        }
        value = value * 85 + digit;
      }
      out.putInt((int) value);
    }
    return out.array();
  }

  /** Decodes {@code length} bytes, dropping the padding of an unaligned input. */
  public static byte[] decode(String encoded, int length) {
    byte[] all = decode(encoded);
    return all.length == length ? all : Arrays.copyOf(all, length);
  }

  public static UUID decodeUuid(String encoded) {
    ByteBuffer bytes = ByteBuffer.wrap(decode(encoded));
    return new UUID(bytes.getLong(), bytes.getLong());
  }
}
