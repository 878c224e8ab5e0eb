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

import io.deltax.caching.BoundedLru;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The deletion vectors this JVM (an executor) has read from files, so that a data file read as
 * several splits, by several tasks and often at the same moment, has its vector read once rather
 * than once per split. The first task to ask reads it; the others wait for that read. A stored
 * vector never changes: a writer puts a new vector at a new place (a new file, or another offset;
 * PROTOCOL.md, "Deletion Vector Descriptor Schema"), so the file, offset and size identify its
 * bytes across queries too. Apache Iceberg's Spark executor cache keeps delete files the same way.
 *
 * <p>Bounded by the vectors' stored size: at most {@value #MAX_BYTES} bytes, least recently used
 * first out; a larger vector is read each time, not kept. A failed read is not kept either.
 */
final class LoadedVectors {
  /** 64 MiB of stored vectors: about 500 million deleted rows in runs, far fewer scattered. */
  static final long MAX_BYTES = 64L << 20;

  /** A vector stored in a file: which file, where in it, how many bytes. */
  record Key(String file, long offset, int size) {}

  interface Reader {
    DeletedRows read() throws IOException;
  }

  private static final LoadedVectors JVM = new LoadedVectors(MAX_BYTES);

  private final long maxBytes;

  /** Weighed by their stored size; one being read may go too. */
  private final BoundedLru<Key, CompletableFuture<DeletedRows>> vectors;

  LoadedVectors(long maxBytes) {
    this.maxBytes = maxBytes;
    this.vectors = new BoundedLru<>(maxBytes, (key, vector) -> key.size());
  }

  /** The vector {@code key} names, read by {@code reader} only if this JVM has not kept it. */
  static DeletedRows get(Key key, Reader reader) throws IOException {
    return JVM.getOrRead(key, reader);
  }

  DeletedRows getOrRead(Key key, Reader reader) throws IOException {
    if (key.size() > maxBytes) {
      return reader.read();
    }
    CompletableFuture<DeletedRows> pending;
    boolean mine = false;
    synchronized (vectors) {
      pending = vectors.get(key);
      if (pending == null) {
        pending = new CompletableFuture<>();
        vectors.put(key, pending);
        mine = true;
      }
    }
    if (mine) {
      try {
        pending.complete(reader.read());
      } catch (Throwable e) { // whatever it is, the tasks waiting for this read must see it
        vectors.remove(key, pending);
        pending.completeExceptionally(e);
        throw e;
      }
    }
    try {
      return pending.join();
    } catch (CompletionException e) { // another task's read failed: fail as it did
      Throwable cause = e.getCause();
      if (cause instanceof IOException io) {
        throw new IOException(io.getMessage(), io);
      }
      if (cause instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw new IOException(cause);
    }
  }
}
