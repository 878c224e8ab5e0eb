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

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.log.LogFilePublisher;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * How deltax's log file publisher ends an upload to S3 that did not go as planned: a failed body
 * publishes nothing (S3A uploads in {@code close()}), and a conditional upload refused for an
 * object that holds the same bytes (a retry of an upload that did land) is the writer's own.
 */
class S3PublishFailuresTest {
  @RegisterExtension static final S3ServerExtension S3 = S3ServerExtension.withoutSpark();
  private static Configuration conf;

  @TempDir static java.nio.file.Path local;

  @BeforeAll
  static void start() throws IOException {
    conf = S3.server().hadoopConf();
  }

  /**
   * The staged checkpoint cannot be read (here it is gone): the upload is aborted, and no empty
   * object appears under the checkpoint's name.
   */
  @Test
  void anUploadWhoseBodyFailsPublishesNothing() throws Exception {
    Path target =
        new Path(S3.server().url("failed/_delta_log/00000000000000000003.checkpoint.parquet"));
    Path staged = new Path(local.resolve("gone.parquet").toUri());
    LogFilePublisher publisher = new LogFilePublisher(conf);
    assertThrows(IOException.class, () -> publisher.publish(staged, target));
    FileSystem fs = target.getFileSystem(conf);
    assertFalse(fs.exists(target), "no object under the checkpoint's name");
  }

  /**
   * A commit written again with the same bytes, as a retried upload whose first attempt landed: the
   * writer's own commit. Other bytes under that name: another writer's.
   */
  @Test
  void aRefusedUploadOfTheSameBytesIsTheWritersOwn() throws Exception {
    Path target = new Path(S3.server().url("retried/_delta_log/00000000000000000001.json"));
    byte[] commit = LogFilePublisher.lines(List.of("{\"commitInfo\":{\"txnId\":\"a\"}}"));
    byte[] other = LogFilePublisher.lines(List.of("{\"commitInfo\":{\"txnId\":\"b\"}}"));
    LogFilePublisher publisher = new LogFilePublisher(conf);
    assertTrue(publisher.write(target, commit));
    assertTrue(publisher.write(target, commit), "the same bytes: ours");
    assertFalse(publisher.write(target, other), "other bytes: another writer's");
    try (var in = target.getFileSystem(conf).open(target)) {
      assertTrue(Arrays.equals(commit, in.readAllBytes()), "the first upload's bytes");
    }
  }
}
