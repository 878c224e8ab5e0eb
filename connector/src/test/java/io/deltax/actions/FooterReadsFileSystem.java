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

import io.deltax.testing.LocalFileSystemUnderScheme;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.Path;

/**
 * The local file system under the scheme {@code footerreads:}, which records every read of every
 * file opened: its file, position and length, with no buffer between (what an object store is asked
 * for, range by range). A read of a Parquet file's last 8 bytes (the footer's length and the magic)
 * is a read of its footer.
 */
public final class FooterReadsFileSystem extends LocalFileSystemUnderScheme {
  public static final String SCHEME = "footerreads";
  private static final List<Read> READS = new ArrayList<>();

  /** One read of {@code length} bytes at {@code position} of the file named {@code name}. */
  public record Read(String name, long position, long length) {
    boolean reaches(long offset) {
      return position <= offset && offset < position + length;
    }
  }

  public FooterReadsFileSystem() {
    super(SCHEME);
  }

  /** A configuration that knows the scheme. */
  public static Configuration conf() {
    Configuration conf = new Configuration();
    conf.set("fs." + SCHEME + ".impl", FooterReadsFileSystem.class.getName());
    conf.set("fs." + SCHEME + ".impl.disable.cache", "true");
    return conf;
  }

  public static Path path(java.nio.file.Path file) {
    return new Path(SCHEME + ":" + file.toAbsolutePath());
  }

  public static synchronized void reset() {
    READS.clear();
  }

  /** The reads since {@link #reset}, in order. */
  public static synchronized List<Read> reads() {
    return List.copyOf(READS);
  }

  /** Whether a read since {@link #reset} reached the byte at {@code offset} of the file. */
  public static synchronized boolean read(String name, long offset) {
    return READS.stream().anyMatch(r -> r.name().equals(name) && r.reaches(offset));
  }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    return new FSDataInputStream(new Recording(super.open(f, bufferSize), f.getName()));
  }

  /** Every read recorded before it is passed on; positioned reads come here by seek and read. */
  private static final class Recording extends FSInputStream {
    private final FSDataInputStream in;
    private final String name;

    Recording(FSDataInputStream in, String name) {
      this.in = in;
      this.name = name;
    }

    private void record(int length) throws IOException {
      synchronized (FooterReadsFileSystem.class) {
        READS.add(new Read(name, in.getPos(), length));
      }
    }

    @Override
    public void seek(long pos) throws IOException {
      in.seek(pos);
    }

    @Override
    public long getPos() throws IOException {
      return in.getPos();
    }

    @Override
    public boolean seekToNewSource(long targetPos) {
      return false;
    }

    @Override
    public int read() throws IOException {
      record(1);
      return in.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      record(len);
      return in.read(b, off, len);
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }
}
