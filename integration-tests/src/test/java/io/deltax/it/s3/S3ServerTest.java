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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PathIOException;
import org.apache.hadoop.fs.s3a.AWSBadRequestException;
import org.apache.hadoop.fs.s3a.RemoteFileChangedException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the tests' S3 server and Hadoop 3.4.2's S3A do with a conditional create, which the rest of
 * this package relies on: a 412 ({@code RemoteFileChangedException}, from {@code close()}) for an
 * existing key; exactly one winner among racing conditional PUTs; a bucket that ignores the
 * condition where the tests want one; S3A refusing at once when conditional writes are off.
 */
class S3ServerTest {
  private static final String CONDITIONAL = "fs.option.create.conditional.overwrite";
  @RegisterExtension static final S3ServerExtension S3 = S3ServerExtension.withoutSpark();

  private static void conditionalPut(FileSystem fs, Path path, String body) throws IOException {
    try (FSDataOutputStream out =
        (FSDataOutputStream) fs.createFile(path).overwrite(false).must(CONDITIONAL, true).build()) {
      out.write(body.getBytes(StandardCharsets.UTF_8));
    }
  }

  private static String read(FileSystem fs, Path path) throws IOException {
    try (var in = fs.open(path)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void aConditionalPutOfAnExistingKeyFailsWith412AndKeepsTheObject() throws Exception {
    S3Server server = S3.server();
    try (FileSystem fs = server.newClient(server.bucket(), server.hadoopConf())) {
      Path key = new Path("s3a://" + server.bucket() + "/pin/_delta_log/00000000000000000000.json");
      assertTrue(fs.hasPathCapability(key, CONDITIONAL));
      conditionalPut(fs, key, "first");
      RemoteFileChangedException e =
          assertThrows(RemoteFileChangedException.class, () -> conditionalPut(fs, key, "second"));
      assertTrue(e.getMessage().contains("412"), e.getMessage());
      assertEquals("first", read(fs, key));
    }
  }

  @Test
  void ofRacingConditionalPutsExactlyOneWins() throws Exception {
    int writers = 6;
    int rounds = 8;
    List<FileSystem> clients = new ArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    Map<String, Integer> losers = new TreeMap<>();
    S3Server server = S3.server();
    try {
      for (int w = 0; w < writers; w++) {
        clients.add(server.newClient(server.bucket(), server.hadoopConf()));
      }
      for (int r = 0; r < rounds; r++) {
        Path key = new Path("s3a://" + server.bucket() + "/race/" + r + ".json");
        CyclicBarrier start = new CyclicBarrier(writers);
        List<Future<String>> outcomes = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
          FileSystem client = clients.get(w);
          String body = "writer-" + w;
          outcomes.add(
              pool.submit(
                  () -> {
                    start.await();
                    try {
                      conditionalPut(client, key, body);
                      return body;
                    } catch (RemoteFileChangedException e) {
                      return "412";
                    } catch (AWSBadRequestException e) {
                      assertEquals(409, e.statusCode(), e.getMessage());
                      return "409";
                    }
                  }));
        }
        List<String> winners = new ArrayList<>();
        for (Future<String> outcome : outcomes) {
          String o = outcome.get(2, TimeUnit.MINUTES);
          if (o.startsWith("writer-")) {
            winners.add(o);
          } else {
            losers.merge(o, 1, Integer::sum);
          }
        }
        assertEquals(1, winners.size(), "round " + r + ": " + winners);
        assertEquals(winners.get(0), read(clients.get(0), key), "the winner's object stays");
      }
      assertEquals(
          rounds * (writers - 1),
          losers.values().stream().mapToInt(Integer::intValue).sum(),
          losers.toString());
    } finally {
      pool.shutdownNow();
      for (FileSystem client : clients) {
        client.close();
      }
    }
  }

  @Test
  void theIgnoringBucketLetsASecondConditionalPutReplaceTheObject() throws Exception {
    S3Server server = S3.server();
    try (FileSystem fs = server.newClient(server.ignoringBucket(), server.hadoopConf())) {
      Path key = new Path("s3a://" + server.ignoringBucket() + "/pin/x.json");
      conditionalPut(fs, key, "first");
      conditionalPut(fs, key, "second");
      assertEquals("second", read(fs, key));
    }
  }

  @Test
  void withConditionalWritesOffS3ARefusesAConditionalCreateAtOnce() throws Exception {
    S3Server server = S3.server();
    Configuration conf = server.hadoopConf();
    conf.setBoolean("fs.s3a.create.conditional.enabled", false);
    try (FileSystem fs = server.newClient(server.bucket(), conf)) {
      Path key = new Path("s3a://" + server.bucket() + "/off/x.json");
      assertFalse(fs.hasPathCapability(key, CONDITIONAL));
      PathIOException e = assertThrows(PathIOException.class, () -> conditionalPut(fs, key, "x"));
      assertTrue(e.getMessage().contains("Conditional Writes Unavailable"), e.getMessage());
      assertFalse(fs.exists(key));
    }
  }
}
