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
package io.deltax.it.stores;

import static io.deltax.it.DeltaOracle.spark;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Assumptions;

/**
 * Azurite, the Azure Storage emulator (npm {@code azurite}, installed by {@code .ci/run}), serving
 * the Blob endpoint on 127.0.0.1 from a child process, and the ABFS settings that reach it.
 *
 * <p>Azurite has no DFS endpoint (Azure/Azurite#409), so ABFS runs as for an account without a
 * hierarchical namespace (FNS) over the Blob endpoint: a rename is a server-side copy with {@code
 * If-None-Match: *}, then a delete of the source. HNS accounts' atomic DFS rename is not exercised
 * here; HDFS covers rename without overwrite.
 */
public final class Azurite implements AutoCloseable {
  /** Azurite's fixed development account and its key, published in Azurite's README. */
  static final String ACCOUNT = "devstoreaccount1";

  private static final String KEY =
      "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

  /** Where {@code .ci/run} installs it, from the integration-tests module's directory. */
  private static final Path CI_INSTALL =
      Path.of("..", ".ci", "node", "node_modules", ".bin", "azurite-blob");

  private static final long START_TIMEOUT_MS = 120_000;

  private final Process process;
  private final int port;

  /** One container per server: Hadoop caches clients by container and account, not by port. */
  private final String container;

  private Azurite(Process process, int port) {
    this.process = process;
    this.port = port;
    this.container = "deltax-" + port;
  }

  /**
   * The {@code azurite-blob} command: {@code $DELTAX_AZURITE_BLOB}, else {@code .ci/run}'s install.
   */
  public static Optional<Path> binary() {
    String configured = System.getenv("DELTAX_AZURITE_BLOB");
    Path binary =
        configured == null || configured.isBlank()
            ? CI_INSTALL.toAbsolutePath()
            : Path.of(configured);
    return Files.isExecutable(binary) ? Optional.of(binary) : Optional.empty();
  }

  /** Starts {@code binary} with its storage in {@code location}; returns once its port answers. */
  public static Azurite start(Path binary, Path location) throws IOException, InterruptedException {
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    Path log = location.resolve("azurite.log");
    Process process =
        new ProcessBuilder(
                binary.toString(),
                "--blobHost",
                "127.0.0.1",
                "--blobPort",
                Integer.toString(port),
                "--location",
                location.toString(),
                "--skipApiVersionCheck",
                "--loose")
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    Azurite azurite = new Azurite(process, port);
    // Its "listening" line is not flushed to a file or pipe at once: wait for the port instead.
    long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
    while (!answers(port)) {
      if (!process.isAlive() || System.currentTimeMillis() > deadline) {
        azurite.stop();
        throw new IOException(
            "Azurite did not start on port " + port + ": " + Files.readString(log));
      }
      Thread.sleep(100);
    }
    return azurite;
  }

  /**
   * Starts a server for the tests' shared SparkSession and puts its settings into the session's
   * Hadoop configuration; null when Azurite is not installed (see {@link #assumeRunning}).
   */
  static Azurite startForSpark(Path location) throws IOException, InterruptedException {
    Path binary = binary().orElse(null);
    if (binary == null) {
      return null;
    }
    Azurite azurite = start(binary, location);
    azurite.hadoopSettings().forEach(spark().sparkContext().hadoopConfiguration()::set);
    return azurite;
  }

  /** Skips the calling test, with the reason, when {@code azurite} did not start. */
  static void assumeRunning(Azurite azurite) {
    Assumptions.assumeTrue(
        azurite != null,
        "Azurite is not installed: .ci/run installs it into "
            + ".ci/node, or set DELTAX_AZURITE_BLOB to an azurite-blob command");
  }

  /** Takes this server's settings out of the session's Hadoop configuration, then stops it. */
  void closeForSpark() throws IOException {
    Configuration conf = spark().sparkContext().hadoopConfiguration();
    hadoopSettings().keySet().forEach(conf::unset);
    close();
  }

  private static boolean answers(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
      return true;
    } catch (IOException notYet) {
      return false;
    }
  }

  /**
   * What a Hadoop configuration needs to reach this server through ABFS: path-style URLs on {@code
   * 127.0.0.1:<port>}, plain HTTP, the shared key, FNS over the Blob endpoint.
   */
  public Map<String, String> hadoopSettings() {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("fs.azure.abfs.endpoint", "127.0.0.1:" + port);
    settings.put("fs.azure.always.use.https", "false");
    settings.put("fs.azure.account.auth.type", "SharedKey");
    settings.put("fs.azure.account.key." + ACCOUNT + ".dfs.core.windows.net", KEY);
    settings.put("fs.azure.account.hns.enabled", "false");
    settings.put("fs.azure.fns.account.service.type", "BLOB");
    settings.put("fs.azure.createRemoteFileSystemDuringInitialization", "true");
    settings.put("fs.azure.io.retry.max.retries", "1"); // fail fast: the server is next door
    return settings;
  }

  /** {@code abfs://<container>@devstoreaccount1.dfs.core.windows.net<path>}. */
  public String url(String path) {
    return "abfs://" + container + "@" + ACCOUNT + ".dfs.core.windows.net" + path;
  }

  @Override
  public void close() throws IOException {
    Configuration conf = new Configuration();
    hadoopSettings().forEach(conf::set);
    try {
      // Evict this server's cached client, so nothing later reaches a stopped server through it.
      FileSystem.get(URI.create(url("/")), conf).close();
    } finally {
      stop();
    }
  }

  private void stop() {
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
