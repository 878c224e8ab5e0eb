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
package io.deltax.log.write;

import io.deltax.testing.LocalFileSystemUnderScheme;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.DelegateToFileSystem;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * The local file system under the scheme {@code abfs}, shaped as hadoop-azure 3.4.2 is where it
 * matters here: the {@code FileContext} binding ({@link Context}, as {@code Abfs}) wraps a new
 * FileSystem and closes it when finalized, and that FileSystem's streams and renames fail once it
 * is closed ("Executor Service closed before writes could be completed"). Every stream's close and
 * every rename first collect garbage and run finalizers, so a caller that lets its FileContext
 * become unreachable while a write or rename is under way fails every time, not once in a while.
 */
public final class FinalizingFileContextStore extends LocalFileSystemUnderScheme {
  public static final String SCHEME = "abfs";

  private volatile boolean closed;

  public FinalizingFileContextStore() {
    super(SCHEME);
  }

  /** A configuration that binds {@code abfs} to this store, for FileSystem and FileContext. */
  static Configuration configuration() {
    Configuration conf = new Configuration();
    conf.set("fs." + SCHEME + ".impl", FinalizingFileContextStore.class.getName());
    conf.setBoolean("fs." + SCHEME + ".impl.disable.cache", true);
    conf.set("fs.AbstractFileSystem." + SCHEME + ".impl", Context.class.getName());
    return conf;
  }

  @Override
  public void close() throws IOException {
    closed = true;
    super.close();
  }

  private void collectGarbageThenCheckOpen(Path path) throws IOException {
    for (int i = 0; i < 3; i++) {
      System.gc();
      System.runFinalization();
    }
    if (closed) {
      throw new IOException(path + ": the file system was closed before the operation completed");
    }
  }

  @Override
  public FSDataOutputStream create(
      Path f,
      FsPermission permission,
      boolean overwrite,
      int bufferSize,
      short replication,
      long blockSize,
      Progressable progress)
      throws IOException {
    return checkedOnClose(
        f, super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress));
  }

  @Override
  public FSDataOutputStream createNonRecursive(
      Path f,
      FsPermission permission,
      java.util.EnumSet<org.apache.hadoop.fs.CreateFlag> flags,
      int bufferSize,
      short replication,
      long blockSize,
      Progressable progress)
      throws IOException {
    return checkedOnClose(
        f,
        super.createNonRecursive(
            f, permission, flags, bufferSize, replication, blockSize, progress));
  }

  @Override
  public boolean rename(Path src, Path dst) throws IOException {
    collectGarbageThenCheckOpen(src);
    return super.rename(src, dst);
  }

  private FSDataOutputStream checkedOnClose(Path f, FSDataOutputStream out) throws IOException {
    OutputStream checked =
        new OutputStream() {
          @Override
          public void write(int b) throws IOException {
            out.write(b);
          }

          @Override
          public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
          }

          @Override
          public void close() throws IOException {
            collectGarbageThenCheckOpen(f);
            out.close();
          }
        };
    return new FSDataOutputStream(checked, null);
  }

  /** The FileContext binding: a new store per context, closed when the context is finalized. */
  public static final class Context extends DelegateToFileSystem {
    public Context(URI uri, Configuration conf) throws IOException, URISyntaxException {
      super(uri, new FinalizingFileContextStore(), conf, SCHEME, false);
    }

    @Override
    @SuppressWarnings({"deprecation", "removal"})
    protected void finalize() throws Throwable {
      fsImpl.close();
      super.finalize();
    }
  }
}
