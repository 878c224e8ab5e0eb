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

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A small Parquet file read whole, in one request: on an object store Parquet's reader would
 * otherwise send a GET for the footer's length, one for the footer and one per column chunk.
 */
final class InMemoryInputFile implements InputFile {
  private final byte[] bytes;

  /** The load's Hadoop configuration, which Parquet's reader is given for this file. */
  private final Configuration conf;

  private InMemoryInputFile(byte[] bytes, Configuration conf) {
    this.bytes = bytes;
    this.conf = conf;
  }

  /** Reads {@code file} whole; its length comes from the listing, so no HEAD is sent. */
  static InMemoryInputFile read(FileSystem fs, FileStatus file, Configuration conf)
      throws IOException {
    byte[] bytes = new byte[Math.toIntExact(file.getLen())];
    try (FSDataInputStream in = LogFileOpener.open(fs, file, "whole-file")) {
      in.readFully(0, bytes);
    }
    return new InMemoryInputFile(bytes, conf);
  }

  /**
   * The configuration Parquet's reader should use: given for a file that is not a {@code
   * HadoopInputFile}, its builder would make a {@code new Configuration()}, whose first look-up
   * parses Hadoop's XML resources again (a third of a cold {@code .schema()}'s time).
   */
  Configuration configuration() {
    return conf;
  }

  @Override
  public long getLength() {
    return bytes.length;
  }

  @Override
  public SeekableInputStream newStream() {
    return new SeekableInputStream() {
      private int pos;

      @Override
      public long getPos() {
        return pos;
      }

      @Override
      public void seek(long newPos) throws IOException {
        if (newPos < 0 || newPos > bytes.length) {
          throw new EOFException("seek to " + newPos + " in a file of " + bytes.length + " bytes");
        }
        pos = (int) newPos;
      }

      @Override
      public int read() {
        return pos < bytes.length ? bytes[pos++] & 0xff : -1;
      }

      @Override
      public int read(byte[] b, int off, int len) {
        if (len == 0) {
          return 0;
        }
        if (pos >= bytes.length) {
          return -1;
        }
        int n = Math.min(len, bytes.length - pos);
        System.arraycopy(bytes, pos, b, off, n);
        pos += n;
        return n;
      }

      @Override
      public void readFully(byte[] b) throws IOException {
        readFully(b, 0, b.length);
      }

      @Override
      public void readFully(byte[] b, int off, int len) throws IOException {
        if (len > bytes.length - pos) {
          throw new EOFException(
              "read of " + len + " bytes at " + pos + " in a file of " + bytes.length);
        }
        System.arraycopy(bytes, pos, b, off, len);
        pos += len;
      }

      @Override
      public int read(ByteBuffer buf) {
        if (!buf.hasRemaining()) {
          return 0;
        }
        if (pos >= bytes.length) {
          return -1;
        }
        int n = Math.min(buf.remaining(), bytes.length - pos);
        buf.put(bytes, pos, n);
        pos += n;
        return n;
      }

      @Override
      public void readFully(ByteBuffer buf) throws IOException {
        if (buf.remaining() > bytes.length - pos) {
          throw new EOFException(
              "read of " + buf.remaining() + " bytes at " + pos + " in a file of " + bytes.length);
        }
        int n = buf.remaining();
        buf.put(bytes, pos, n);
        pos += n;
      }
    };
  }
}
