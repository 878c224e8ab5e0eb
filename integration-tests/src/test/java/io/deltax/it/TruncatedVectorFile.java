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
package io.deltax.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A table's deletion vector file cut short, and what deltax must say of it: the file, that it is
 * truncated, what was expected and what the file has.
 *
 * @param file the vector file, now truncated
 * @param length the length it has now
 */
public record TruncatedVectorFile(Path file, long length) {

  /**
   * Cuts the first deletion vector file under {@code table} (a local directory) to half its length.
   */
  public static TruncatedVectorFile inTable(String table) throws IOException {
    Path file = DeletionVectorTable.firstVectorFile(table);
    return cut(file, (int) Files.size(file) / 2);
  }

  /**
   * Cuts the first deletion vector file under {@code table} to its first byte (the format's
   * version), so that every vector in it starts past the file's end.
   */
  public static TruncatedVectorFile toItsVersionByte(String table) throws IOException {
    return cut(DeletionVectorTable.firstVectorFile(table), 1);
  }

  private static TruncatedVectorFile cut(Path file, int length) throws IOException {
    byte[] kept = Arrays.copyOf(Files.readAllBytes(file), length);
    // Hadoop's local file system would refuse the truncated file by its checksum first; object
    // stores keep none.
    DeletionVectorTable.deleteWithChecksum(file);
    Files.write(file, kept);
    return new TruncatedVectorFile(file, length);
  }

  /** {@code thrown} (as Spark wraps what a task threw) holds deltax's error naming this file. */
  public void assertNamedBy(Throwable thrown) {
    String message = DeletionVectorTable.unreadableVectorError(thrown);
    assertTrue(message.contains(file.getFileName() + " is truncated: expected "), message);
    assertTrue(message.contains("the file has " + length + " bytes"), message);
  }
}
