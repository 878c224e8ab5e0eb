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
package io.deltax.log;

import io.deltax.conf.SessionSettings;
import io.deltax.errors.WriteErrors;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Abortable;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes a file of the log whole under its final name, only if no other writer published one
 * there first: commits (PROTOCOL.md, "Delta Log Entries": mutual exclusion is the writer's job) and
 * checkpoints, so that a writer killed half-way never leaves a truncated commit or checkpoint and a
 * concurrent writer never overwrites one. How depends on the store ({@link PutIfAbsentMethod}):
 *
 * <ul>
 *   <li>local file systems: written whole to a hidden temporary file beside the target ({@link
 *       TemporaryFiles}), then a hard link ({@code link(2)} refuses an existing name), since
 *       Hadoop's local rename checks for the target and then renames, which can overwrite a file
 *       another writer made in between;
 *   <li>HDFS, ABFS, viewfs: the same temporary file, then {@code FileContext.rename} without
 *       overwrite, atomic in the store, as delta-spark's HDFSLogStore does;
 *   <li>S3A: one conditional PUT of the final name ({@link S3AConditionalCreate}), after checking
 *       once per store and JVM that the server honours it ({@link PutIfAbsentProbeCache});
 *   <li>GCS: {@code create(overwrite = false)}, an upload with {@code ifGenerationMatch=0}, after
 *       checking once per store and JVM that a second such create is refused ({@link
 *       PutIfAbsentProbeCache}).
 * </ul>
 *
 * On object stores an object appears whole when its upload completes, so bytes go straight to the
 * final name, and files built up piece by piece (Parquet checkpoints) are staged on local disk
 * ({@link #stagingFor}) and uploaded in one request. Where deltax cannot make a write put-if-absent
 * (S3A with conditional writes off, a server that ignores them, a GCS store that overwrites on
 * {@code create(overwrite = false)}, an unknown scheme) it refuses before writing anything ({@code
 * [DELTAX_UNSAFE_COMMIT_STORE]}), unless {@code spark.deltax.commit.singleWriter} is set: then a
 * plain {@code create(overwrite = false)}. Files that are only hints, replaced rather than
 * published, are {@link HintFileWriter}'s.
 */
public final class LogFilePublisher {
  private static final Logger LOG = LoggerFactory.getLogger(LogFilePublisher.class);

  private final Configuration conf;
  private final TemporaryFiles temporary;

  public LogFilePublisher(Configuration conf) {
    this.conf = conf;
    this.temporary = new TemporaryFiles(conf);
  }

  /** A log file's bytes: one JSON line each (commits, V2 checkpoints, {@code _last_checkpoint}). */
  public static byte[] lines(List<String> lines) {
    return (String.join("\n", lines) + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  /**
   * Where to write a file that {@link #publish} will then publish as {@code target}: beside it
   * under a hidden temporary name where publishing is a link or a rename, else a local temporary
   * file, uploaded in one request. Fails, before anything is written, on a store where deltax
   * cannot publish put-if-absent (see the class comment).
   */
  public Path stagingFor(Path target) throws IOException {
    FileSystem fs = target.getFileSystem(conf);
    if (!method(fs, target.getParent()).writesFinalNameDirectly()) {
      return TemporaryFiles.nameFor(target);
    }
    java.io.File local = java.io.File.createTempFile("deltax-" + target.getName() + "-", ".tmp");
    if (!local.delete()) { // the Parquet writer creates it afresh
      throw new IOException("Cannot prepare the local staging file " + local);
    }
    return new Path(local.toURI());
  }

  /**
   * Writes {@code content} as {@code target} if no file has that name.
   *
   * @return false when {@code target} already exists: another writer published it first
   */
  public boolean write(Path target, byte[] content) throws IOException {
    FileSystem fs = target.getFileSystem(conf);
    PutIfAbsentMethod method = method(fs, target.getParent());
    if (method.writesFinalNameDirectly()) {
      return create(fs, method, target, out -> out.write(content)) || holds(fs, target, content);
    }
    if (fs.exists(target)) { // a temporary file would be written for nothing
      return false;
    }
    Path temp = TemporaryFiles.nameFor(target);
    try {
      temporary.write(fs, temp, content, false);
    } catch (IOException | RuntimeException e) {
      TemporaryFiles.deleteQuietly(fs, temp);
      throw e;
    }
    return publish(temp, target);
  }

  /**
   * Whether the object a conditional upload found at {@code target} is this content: a retried
   * upload whose first attempt did land (a timeout, then {@code 412} for our own object) is this
   * writer's, not another's. A commit's content names its writer's commit (its {@code commitInfo}),
   * so equal bytes are ours; a checkpoint of equal bytes serves readers as well as ours.
   */
  private static boolean holds(FileSystem fs, Path target, byte[] content) {
    try (InputStream in = fs.open(target)) {
      return java.util.Arrays.equals(in.readNBytes(content.length + 1), content);
    } catch (IOException e) {
      // Unread, it counts as another writer's: the caller reads the log again and finds out.
      LOG.info("Cannot read back {} after a refused upload: {}", target, e.toString());
      return false;
    }
  }

  /**
   * Where to write a file {@link #stagingFor} named, for Parquet's writer: on Hadoop's local file
   * system a file {@link LocalFileWrites} created, else Hadoop's.
   */
  public OutputFile outputFile(Path staged) throws IOException {
    FileSystem fs = staged.getFileSystem(conf);
    if (LocalFileWrites.applies(fs)) {
      return new LocalOutputFile(LocalFileWrites.create(fs, conf, staged, new byte[0]));
    }
    return HadoopOutputFile.fromPath(staged, conf);
  }

  /**
   * Publishes the complete file {@code staged} (from {@link #stagingFor}) as {@code target} if no
   * file has that name; the staged file is gone afterwards either way.
   *
   * @return false when {@code target} already exists: another writer published it first, and its
   *     file is kept
   */
  public boolean publish(Path staged, Path target) throws IOException {
    FileSystem fs = target.getFileSystem(conf);
    FileSystem stagingFs = staged.getFileSystem(conf);
    try {
      PutIfAbsentMethod method = method(fs, target.getParent());
      switch (method) {
        case HARD_LINK -> {
          java.nio.file.Files.createLink(
              LocalFileWrites.local(fs, target), LocalFileWrites.local(fs, staged));
          TemporaryFiles.dropStaleChecksum(fs, target);
          return true;
        }
        case RENAME -> {
          return renameIfAbsent(fs, staged, target);
        }
        default -> {
          return create(
              fs,
              method,
              target,
              out -> {
                try (InputStream in = stagingFs.open(staged)) {
                  in.transferTo(out);
                }
              });
        }
      }
    } catch (FileAlreadyExistsException | java.nio.file.FileAlreadyExistsException e) {
      return false;
    } finally {
      TemporaryFiles.deleteQuietly(stagingFs, staged);
    }
  }

  /**
   * Renames without overwrite. ABFS renames through {@code FileSystem.rename}: when the target
   * appears after the client's own checks, the store refuses the copy ({@code If-None-Match: *})
   * and Hadoop reports a plain "rename ... failed", not "already exists". The target there and our
   * file still here can only mean that another writer won.
   */
  private boolean renameIfAbsent(FileSystem fs, Path staged, Path target) throws IOException {
    try {
      temporary.rename(staged, target, Options.Rename.NONE);
      return true;
    } catch (FileAlreadyExistsException e) {
      throw e;
    } catch (IOException e) {
      if (fs.exists(target) && fs.exists(staged)) {
        return false;
      }
      throw e;
    }
  }

  private interface Body {
    void writeTo(OutputStream out) throws IOException;
  }

  /**
   * Creates {@code target} on an object store in one upload, only if it is absent.
   *
   * @return false when another writer's object has the name
   */
  private boolean create(FileSystem fs, PutIfAbsentMethod method, Path target, Body body)
      throws IOException {
    OutputStream out;
    try {
      out =
          method == PutIfAbsentMethod.S3A_CONDITIONAL_CREATE
              ? S3AConditionalCreate.create(fs, target)
              : fs.create(target, false);
    } catch (
        IOException e) { // a client may refuse an existing name here (the GCS connector's check)
      return refused(fs, target, e);
    }
    try {
      body.writeTo(out);
    } catch (IOException | RuntimeException e) {
      abandon(out, target, e);
      throw e;
    }
    try {
      out.close(); // the upload, and so the store's refusal, happens here
    } catch (IOException e) {
      return refused(fs, target, e);
    }
    return true;
  }

  /** False where {@code e} says another writer's object has the name; else the error to raise. */
  private boolean refused(FileSystem fs, Path target, IOException e) throws IOException {
    if (StoreFailures.otherWriterWon(e)) {
      return false;
    }
    if (StoreFailures.conditionalWritesUnavailable(e)) {
      throw unsafe(
          fs,
          target.getParent(),
          "S3A does not send conditional writes: "
              + S3AConditionalCreate.ENABLED_KEY
              + " is false");
    }
    throw e;
  }

  /**
   * Drops an upload whose body failed. On an object store {@code close()} is the upload: it would
   * publish what was written so far (nothing, or part of a checkpoint) under the final name, where
   * readers take it for a whole log file (PROTOCOL.md, "Delta Log Entries"). A stream that cannot
   * abort is left unclosed, so that nothing is uploaded.
   */
  private static void abandon(OutputStream out, Path target, Throwable failure) {
    if (out instanceof StreamCapabilities capabilities
        && out instanceof Abortable abortable
        && capabilities.hasCapability(StreamCapabilities.ABORTABLE_STREAM)) {
      try {
        abortable.abort();
      } catch (RuntimeException e) {
        failure.addSuppressed(e);
      }
      return;
    }
    LOG.warn(
        "The upload of {} failed and its stream cannot abort: it is left unclosed, so that "
            + "no partial file is published",
        target);
  }

  /**
   * How this store publishes a file in {@code dir} put-if-absent; fails where it cannot, unless
   * single-writer mode is accepted.
   */
  private PutIfAbsentMethod method(FileSystem fs, Path dir) throws IOException {
    // A bad value fails on any store.
    boolean singleWriter = SessionSettings.commitSingleWriter(conf);
    PutIfAbsentMethod method = PutIfAbsentMethod.forScheme(fs.getUri().getScheme());
    String unsafe = whyUnsafe(fs, dir, method);
    if (unsafe == null) {
      return method;
    }
    if (singleWriter) {
      return PutIfAbsentMethod.PLAIN_CREATE;
    }
    throw unsafe(fs, dir, unsafe);
  }

  /**
   * Why {@code method} is not put-if-absent on this store, and what would make it so; null if it
   * is.
   */
  private static String whyUnsafe(FileSystem fs, Path dir, PutIfAbsentMethod method)
      throws IOException {
    switch (method) {
      case PLAIN_CREATE -> {
        return "deltax knows no put-if-absent write for scheme '" + fs.getUri().getScheme() + "'";
      }
      case S3A_CONDITIONAL_CREATE -> {
        if (!S3AConditionalCreate.available(fs, dir)) {
          return "S3A does not send conditional writes (If-None-Match): set "
              + S3AConditionalCreate.ENABLED_KEY
              + "=true, on Hadoop 3.4.2 or later";
        }
        if (!PutIfAbsentProbeCache.refusesSecondCreate(fs, logDirOf(dir), method)) {
          return "the S3 server accepted a second conditional write of one object: it ignores "
              + "If-None-Match; use a server that honours it";
        }
        return null;
      }
      case GCS_CREATE -> {
        if (!PutIfAbsentProbeCache.refusesSecondCreate(fs, logDirOf(dir), method)) {
          return "the store accepted a second create(overwrite = false) of one object: its "
              + "connector or server overwrites instead of enforcing ifGenerationMatch=0; use "
              + "Google Cloud Storage with the GCS connector";
        }
        return null;
      }
      default -> {
        return null;
      }
    }
  }

  /** The {@code _delta_log} a file of the log lives in ({@code _sidecars} is one below it). */
  private static Path logDirOf(Path dir) {
    return dir.getName().equals(LogFileName.SIDECAR_DIR) ? dir.getParent() : dir;
  }

  private static RuntimeException unsafe(FileSystem fs, Path dir, String why) {
    Path logDir = logDirOf(dir);
    String table = logDir.getParent() == null ? logDir.toString() : logDir.getParent().toString();
    return WriteErrors.unsafeCommitStore(fs.getUri().toString(), table, why);
  }

  /** Deletes a file from {@link #stagingFor} that will not be published. */
  public void discard(Path staged) throws IOException {
    TemporaryFiles.deleteQuietly(staged.getFileSystem(conf), staged);
  }
}
