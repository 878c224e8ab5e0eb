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

import io.deltax.actions.DeletionVectorDescriptor;
import io.deltax.log.FilePathResolver;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.UUID;
import java.util.zip.CRC32;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.functional.FutureIO;

/**
 * Loads a deletion vector from where its descriptor says it is (PROTOCOL.md, "Deletion Vector
 * Descriptor Schema" and "Deletion Vector File Storage Format"): inline in the log ({@code i}), in
 * a file named by a UUID under the table root ({@code u}), or at an absolute path ({@code p}). A
 * file holds, at the descriptor's offset, the size (big endian), the bitmap and its CRC-32. A
 * vector read from a file is kept for the JVM's other splits of its data file ({@link
 * LoadedVectors}).
 */
public final class DeletionVectorStore {
  private DeletionVectorStore() {}

  public static DeletedRows load(DeletionVectorDescriptor dv, Path tableRoot, Configuration conf)
      throws IOException {
    if ("i".equals(dv.storageType())) {
      return DeletedRows.deserialize(Z85.decode(dv.pathOrInlineDv(), dv.sizeInBytes()));
    }
    Path file = absolutePath(dv, tableRoot);
    long offset = dv.offset() == null ? 0 : dv.offset();
    return LoadedVectors.get(
        new LoadedVectors.Key(file.toString(), offset, dv.sizeInBytes()),
        () -> read(dv, file, offset, conf));
  }

  private static DeletedRows read(
      DeletionVectorDescriptor dv, Path file, long offset, Configuration conf) throws IOException {
    FileSystem fs = file.getFileSystem(conf);
    // Size, vector and checksum in one positioned read: one GET on S3A whatever its readahead.
    byte[] stored = new byte[Math.toIntExact(storedLength(dv))];
    try (FSDataInputStream in = openTo(fs, file, offset + stored.length)) {
      in.readFully(offset, stored);
    } catch (FileNotFoundException e) {
      // Local stores say so at the open, S3A at the GET (it sends no HEAD first), each in its own
      // words; say it alike. The exception also means "not a file" or "permission denied" on some
      // stores: those keep their own message.
      if (fs.exists(file)) {
        throw e;
      }
      FileNotFoundException missing =
          new FileNotFoundException("the file " + file + " does not exist");
      missing.initCause(e);
      throw missing;
    } catch (EOFException e) {
      // The file ends before the vector does; EOFException says neither where nor by how much.
      // The length is asked for only here, so an intact vector costs no extra call to the store.
      throw new IOException(
          "the file "
              + file
              + " is truncated: expected "
              + stored.length
              + " bytes at offset "
              + offset
              + " (size, vector, checksum), the file has "
              + fs.getFileStatus(file).getLen()
              + " bytes",
          e);
    }
    ByteBuffer bytes = ByteBuffer.wrap(stored); // big endian, as stored
    int size = bytes.getInt(0);
    if (size != dv.sizeInBytes()) {
      throw new IOException(
          "deletion vector in "
              + file
              + " at offset "
              + dv.offset()
              + " has "
              + size
              + " bytes, the log says "
              + dv.sizeInBytes());
    }
    CRC32 crc = new CRC32();
    crc.update(stored, 4, size);
    if ((int) crc.getValue() != bytes.getInt(4 + size)) {
      throw new IOException(
          "deletion vector in " + file + " at offset " + dv.offset() + " fails its checksum");
    }
    return DeletedRows.deserialize(Arrays.copyOfRange(stored, 4, 4 + size));
  }

  /**
   * Opens a vector's file to read up to {@code end}. {@code fs.open} makes S3A ask for the file's
   * length first, a HEAD for every vector (a DELETE writes one file holding the vectors of many
   * data files); the vector's own end is length enough (Hadoop's {@code openFile} specification
   * takes the declared length as a minimum), so S3A sends only the GET of the range. Stores that do
   * not use the declared length ignore it.
   */
  private static FSDataInputStream openTo(FileSystem fs, Path file, long end) throws IOException {
    return FutureIO.awaitFuture(
        fs.openFile(file)
            .opt(Options.OpenFileOptions.FS_OPTION_OPENFILE_READ_POLICY, "random")
            .opt(Options.OpenFileOptions.FS_OPTION_OPENFILE_LENGTH, Long.toString(end))
            .build());
  }

  /** A stored vector's bytes: its size (4 bytes), the vector, its CRC-32 (4 bytes). */
  private static long storedLength(DeletionVectorDescriptor dv) {
    return 4L + dv.sizeInBytes() + 4;
  }

  /** Where an on-disk deletion vector lives. */
  public static Path absolutePath(DeletionVectorDescriptor dv, Path tableRoot) {
    return switch (dv.storageType()) {
      case "u" -> {
        String encoded = dv.pathOrInlineDv();
        int prefixLength = encoded.length() - Z85.UUID_LENGTH;
        UUID uuid = Z85.decodeUuid(encoded.substring(prefixLength));
        String name = "deletion_vector_" + uuid + ".bin";
        yield prefixLength == 0
            ? new Path(tableRoot, name)
            : new Path(new Path(tableRoot, encoded.substring(0, prefixLength)), name);
      }
      case "p" -> new FilePathResolver(tableRoot).resolve(dv.pathOrInlineDv());
      default ->
          throw new IllegalArgumentException(
              "Unknown deletion vector storage type '" + dv.storageType() + "'");
    };
  }
}
