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
package io.deltax.it.s3;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import org.gaul.s3proxy.blobstore.domain.Blob;
import org.gaul.s3proxy.blobstore.domain.MultipartPart;
import org.gaul.s3proxy.blobstore.domain.MultipartUpload;
import org.gaul.s3proxy.blobstore.domain.PageSet;
import org.gaul.s3proxy.blobstore.domain.StorageMetadata;
import org.gaul.s3proxy.blobstore.options.CopyOptions;
import org.gaul.s3proxy.blobstore.options.ListContainerOptions;
import org.gaul.s3proxy.blobstore.options.PutOptions;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;

/**
 * The S3 server of the tests, run by {@link S3Server} in a child JVM whose class path is S3Proxy
 * 4.0.0's jar-with-dependencies and the test classes (S3Proxy 4 needs Servlet 6, Spark 4.1 Servlet
 * 5: they cannot share a JVM). S3Proxy's filesystem-nio2 store, on 127.0.0.1, on a free port it
 * prints as {@code S3PROXY-READY <port>}; it stops when its standard input closes.
 *
 * <p>Arguments: the store's directory, then the buckets to create. A bucket whose name starts with
 * {@value #IGNORING_PREFIX} ignores {@code If-None-Match}, as older S3-compatible servers do. While
 * the file {@value #HOLD_CHECKPOINTS} exists in the store's directory, the server holds each
 * checkpoint upload before it stores it (until the file is gone, at most {@value #MAX_HOLD_MILLIS}
 * ms), and marks that it does with the file {@value #CHECKPOINT_HELD}: a test can kill the writer
 * while its upload is open. Once the held upload has been stored or has failed, the server writes
 * {@value #HELD_CHECKPOINT_ENDED}.
 */
public final class S3ProxyLauncher {
  static final String IGNORING_PREFIX = "ignores-conditions-";
  static final String READY = "S3PROXY-READY ";
  static final String ACCESS_KEY = "access";
  static final String SECRET_KEY = "secret";
  static final String HOLD_CHECKPOINTS = "hold-checkpoint-uploads";
  static final String CHECKPOINT_HELD = "checkpoint-upload-held";
  static final String HELD_CHECKPOINT_ENDED = "held-checkpoint-upload-ended";

  /** How long a held upload waits at most, should a test fail before it lets it go. */
  static final long MAX_HOLD_MILLIS = 120_000;

  private S3ProxyLauncher() {}

  /**
   * Listings run alone, writes side by side: S3Proxy 4.0.0 can drop the rest of a folder from a
   * listing that runs while an upload's temporary file disappears. The wrapper extends
   * ForwardingBlobStore (not a dynamic proxy): S3Proxy unwraps it to find the store's kind.
   */
  static final class TestStore extends ForwardingBlobStore {
    private final ReadWriteLock lock = new ReentrantReadWriteLock();
    private final Path base;

    TestStore(BlobStore store, Path base) {
      super(store);
      this.base = base;
    }

    /**
     * A checkpoint upload waits, before it is read and stored, while the test asks for it.
     *
     * @return whether this upload was held
     */
    private boolean holdIfAsked(Blob blob) {
      Path hold = base.resolve(HOLD_CHECKPOINTS);
      if (!blob.getMetadata().name().contains(".checkpoint.") || !Files.exists(hold)) {
        return false;
      }
      try {
        Files.writeString(base.resolve(CHECKPOINT_HELD), blob.getMetadata().name());
        long deadline = System.nanoTime() + MAX_HOLD_MILLIS * 1_000_000;
        while (Files.exists(hold) && System.nanoTime() < deadline) {
          Thread.sleep(5);
        }
      } catch (java.io.IOException | InterruptedException e) {
        throw new IllegalStateException(e);
      }
      return true;
    }

    private void heldUploadEnded() {
      try {
        Files.writeString(base.resolve(HELD_CHECKPOINT_ENDED), "ended");
      } catch (java.io.IOException e) {
        throw new IllegalStateException(e);
      }
    }

    @Override
    public PageSet<? extends StorageMetadata> list(String container, ListContainerOptions options) {
      lock.writeLock().lock();
      try {
        return super.list(container, options);
      } finally {
        lock.writeLock().unlock();
      }
    }

    @Override
    public String putBlob(String container, Blob blob, PutOptions options) {
      PutOptions asHonoured =
          container.startsWith(IGNORING_PREFIX) && options != null
              ? new PutOptions(options.blobAccess(), options.ifMatch(), null)
              : options;
      boolean held = holdIfAsked(blob);
      lock.readLock().lock();
      try {
        return super.putBlob(container, blob, asHonoured);
      } finally {
        lock.readLock().unlock();
        if (held) {
          heldUploadEnded();
        }
      }
    }

    @Override
    public String copyBlob(
        String fromContainer,
        String fromName,
        String toContainer,
        String toName,
        CopyOptions options) {
      lock.readLock().lock();
      try {
        return super.copyBlob(fromContainer, fromName, toContainer, toName, options);
      } finally {
        lock.readLock().unlock();
      }
    }

    @Override
    public String completeMultipartUpload(MultipartUpload upload, List<MultipartPart> parts) {
      lock.readLock().lock();
      try {
        return super.completeMultipartUpload(upload, parts);
      } finally {
        lock.readLock().unlock();
      }
    }
  }

  public static void main(String[] args) throws Exception {
    Path base = Path.of(args[0]);
    for (int i = 1; i < args.length; i++) {
      Files.createDirectories(base.resolve(args[i])); // a bucket is a directory of the store
    }
    S3Proxy proxy =
        S3Proxy.builder()
            .blobStore(new TestStore(new FilesystemNio2BlobStore(base.toString()), base))
            .endpoint(URI.create("http://127.0.0.1:0"))
            .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
            .build();
    proxy.start();
    while (!"STARTED".equals(proxy.getState())) {
      Thread.sleep(5);
    }
    System.out.println(READY + proxy.getPort());
    System.out.flush();
    while (System.in.read() >= 0) {
      // runs until the parent closes stdin, or dies
    }
    proxy.stop();
    System.exit(0);
  }
}
