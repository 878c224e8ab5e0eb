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

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;

/**
 * An S3 API server on 127.0.0.1 for one test class: S3Proxy 4.0.0 in a child JVM ({@link
 * S3ProxyLauncher}), which honours {@code If-None-Match: *} atomically (exactly one of racing
 * conditional PUTs wins; {@code S3ServerTest} pins it). Each server has its own bucket names, so
 * Hadoop's file-system cache (keyed by bucket) never hands one class's client to another.
 */
public final class S3Server implements AutoCloseable {
  private final Process process;
  private final int port;
  private final Path store;
  private final String bucket;
  private final String ignoringBucket;

  private S3Server(Process process, int port, Path store, String bucket, String ignoringBucket) {
    this.process = process;
    this.port = port;
    this.store = store;
    this.bucket = bucket;
    this.ignoringBucket = ignoringBucket;
  }

  /** Starts a server and waits until it answers. */
  public static S3Server start() throws IOException {
    String suffix = UUID.randomUUID().toString().substring(0, 8);
    String bucket = "deltax-" + suffix;
    String ignoring = S3ProxyLauncher.IGNORING_PREFIX + suffix;
    Path store = Files.createTempDirectory("deltax-s3-");
    String classPath = s3ProxyJar() + File.pathSeparator + launcherClasses();
    Process process =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                classPath,
                S3ProxyLauncher.class.getName(),
                store.toString(),
                bucket,
                ignoring)
            .redirectErrorStream(true)
            .start();
    BufferedReader output =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    StringBuilder seen = new StringBuilder();
    for (String line = output.readLine(); line != null; line = output.readLine()) {
      if (line.startsWith(S3ProxyLauncher.READY)) {
        Thread drain =
            new Thread(
                () -> {
                  try {
                    output.transferTo(Writer.nullWriter());
                  } catch (IOException ignored) {
                    // the server stopped
                  }
                },
                "s3proxy-output");
        drain.setDaemon(true);
        drain.start();
        int port = Integer.parseInt(line.substring(S3ProxyLauncher.READY.length()).trim());
        return new S3Server(process, port, store, bucket, ignoring);
      }
      seen.append(line).append('\n');
    }
    process.destroyForcibly();
    throw new IOException("S3Proxy did not start:\n" + seen);
  }

  /**
   * S3Proxy's jar-with-dependencies: surefire and the benchmarks' exec set {@code
   * deltax.s3proxy.jar}.
   */
  private static String s3ProxyJar() throws IOException {
    String jar = System.getProperty("deltax.s3proxy.jar");
    if (jar == null || !Files.isRegularFile(Path.of(jar))) {
      throw new IOException(
          "No S3Proxy server jar at -Ddeltax.s3proxy.jar="
              + jar
              + " (org.gaul:s3proxy:jar-with-dependencies, fetched by integration-tests' build)");
    }
    return jar;
  }

  /**
   * Where {@link S3ProxyLauncher} is: {@code deltax.test.classes} (surefire), else the directory or
   * jar it was loaded from (the integration tests' test jar, when the benchmarks start the server).
   */
  private static String launcherClasses() throws IOException {
    String classes = System.getProperty("deltax.test.classes");
    if (classes != null) {
      return classes;
    }
    try {
      return Path.of(
              S3ProxyLauncher.class.getProtectionDomain().getCodeSource().getLocation().toURI())
          .toString();
    } catch (java.net.URISyntaxException e) {
      throw new IOException("Cannot locate " + S3ProxyLauncher.class.getName(), e);
    }
  }

  /** The bucket that honours conditional writes. */
  public String bucket() {
    return bucket;
  }

  /** A bucket of the same server that ignores {@code If-None-Match}, as old servers do. */
  public String ignoringBucket() {
    return ignoringBucket;
  }

  /** {@code s3a://<bucket>/<key>} in the bucket that honours conditional writes. */
  public String url(String key) {
    return "s3a://" + bucket + "/" + key;
  }

  /**
   * The S3A settings that reach this server: given as read options, as session confs or in a Hadoop
   * configuration. Requests fail fast instead of being retried for minutes.
   */
  public Map<String, String> s3aSettings() {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("fs.s3a.endpoint", "http://127.0.0.1:" + port);
    settings.put("fs.s3a.endpoint.region", "us-east-1");
    settings.put("fs.s3a.path.style.access", "true");
    settings.put("fs.s3a.connection.ssl.enabled", "false");
    settings.put("fs.s3a.access.key", S3ProxyLauncher.ACCESS_KEY);
    settings.put("fs.s3a.secret.key", S3ProxyLauncher.SECRET_KEY);
    settings.put(
        "fs.s3a.aws.credentials.provider", "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider");
    settings.put("fs.s3a.retry.limit", "1");
    settings.put("fs.s3a.attempts.maximum", "1");
    return settings;
  }

  /**
   * A Hadoop configuration with the defaults (S3A's disk buffer needs hadoop.tmp.dir) and these
   * settings.
   */
  public Configuration hadoopConf() {
    Configuration conf = new Configuration();
    s3aSettings().forEach(conf::set);
    return conf;
  }

  /** A client of its own (not from Hadoop's cache): racing writers in one JVM each need one. */
  public FileSystem newClient(String bucketName, Configuration conf) {
    try {
      return FileSystem.newInstance(URI.create("s3a://" + bucketName + "/"), conf);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * While {@code hold}, each checkpoint upload waits on the server before it is stored; turning the
   * hold off lets a held upload go on.
   */
  public void holdCheckpointUploads(boolean hold) throws IOException {
    Path flag = store.resolve(S3ProxyLauncher.HOLD_CHECKPOINTS);
    if (hold) {
      Files.deleteIfExists(store.resolve(S3ProxyLauncher.CHECKPOINT_HELD));
      Files.deleteIfExists(store.resolve(S3ProxyLauncher.HELD_CHECKPOINT_ENDED));
      Files.writeString(flag, "hold");
    } else {
      Files.deleteIfExists(flag);
    }
  }

  /** Whether a checkpoint upload is being held now, or was since {@link #holdCheckpointUploads}. */
  public boolean checkpointUploadHeld() {
    return Files.exists(store.resolve(S3ProxyLauncher.CHECKPOINT_HELD));
  }

  /** Whether the upload held since {@link #holdCheckpointUploads} was stored or failed. */
  public boolean heldCheckpointUploadEnded() {
    return Files.exists(store.resolve(S3ProxyLauncher.HELD_CHECKPOINT_ENDED));
  }

  /** Uploads a local directory (a table delta-spark made) to {@code s3aUrl}. */
  public void upload(Path localDir, String s3aUrl) throws IOException {
    Configuration conf = hadoopConf();
    org.apache.hadoop.fs.Path target = new org.apache.hadoop.fs.Path(s3aUrl);
    try (FileSystem s3 = FileSystem.newInstance(target.toUri(), conf)) {
      for (File child : localDir.toFile().listFiles()) {
        if (!FileUtil.copy(
            FileSystem.getLocal(conf),
            new org.apache.hadoop.fs.Path(child.toURI()),
            s3,
            new org.apache.hadoop.fs.Path(target, child.getName()),
            false,
            conf)) {
          throw new IOException("Cannot upload " + child + " to " + target);
        }
      }
    }
  }

  @Override
  public void close() throws Exception {
    process.getOutputStream().close();
    if (!process.waitFor(20, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
    try (var files = Files.walk(store)) {
      files.sorted(java.util.Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
    }
  }
}
