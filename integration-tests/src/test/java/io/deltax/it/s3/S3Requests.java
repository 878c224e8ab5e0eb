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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSupport;

/**
 * The requests S3A sent to one bucket while a body ran: the difference of the counters of the
 * bucket's S3A client before and after. Spark's driver and its local executors get that one client
 * from Hadoop's file-system cache (keyed by scheme, bucket and user), so it sees what both readers
 * do; the body must be the only thing using the bucket.
 */
public record S3Requests(
    long list, long head, long get, long put, long delete, Map<String, Long> all) {
  /** The counters that are requests of one kind (S3A 3.4's names; a LIST page is one request). */
  private static final String[] LIST = {"object_list_request", "object_continue_list_request"};

  private static final String[] HEAD = {"object_metadata_request"};
  private static final String[] GET = {"action_http_get_request"};
  private static final String[] PUT = {"object_put_request", "object_multipart_initiated"};
  private static final String[] DELETE = {"object_delete_request", "object_bulk_delete_request"};

  /** What an S3 bill counts: LIST, HEAD and GET are the read requests. */
  public long reads() {
    return list + head + get;
  }

  /** Every request: reads, PUTs and DELETEs. */
  public long total() {
    return reads() + put + delete;
  }

  /** A row of a Markdown table: query, reader, LIST, HEAD, GET, PUT. */
  public String row(String query, String reader) {
    return String.format("| %s | %s | %d | %d | %d | %d |", query, reader, list, head, get, put);
  }

  /** Runs {@code body} and counts what the S3A client of {@code bucket} sent meanwhile. */
  public static <T> Counted<T> count(S3Server server, String bucket, Supplier<T> body) {
    FileSystem fs = client(server, bucket);
    Map<String, Long> before = counters(fs);
    T value = body.get();
    Map<String, Long> after = counters(fs);
    Map<String, Long> diff = new TreeMap<>();
    after.forEach(
        (k, v) -> {
          long d = v - before.getOrDefault(k, 0L);
          if (d != 0) {
            diff.put(k, d);
          }
        });
    S3Requests requests =
        new S3Requests(
            sum(diff, LIST),
            sum(diff, HEAD),
            sum(diff, GET),
            sum(diff, PUT),
            sum(diff, DELETE),
            diff);
    return new Counted<>(value, requests);
  }

  /** A body's result and its requests. */
  public record Counted<T>(T value, S3Requests requests) {}

  private static FileSystem client(S3Server server, String bucket) {
    try {
      // The cached client: the one Spark's readers get for this bucket.
      return FileSystem.get(URI.create("s3a://" + bucket + "/"), server.hadoopConf());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Map<String, Long> counters(FileSystem fs) {
    IOStatistics stats = IOStatisticsSupport.retrieveIOStatistics(fs);
    return new TreeMap<>(IOStatisticsSupport.snapshotIOStatistics(stats).counters());
  }

  private static long sum(Map<String, Long> diff, String[] keys) {
    long total = 0;
    for (String key : keys) {
      total += diff.getOrDefault(key, 0L);
    }
    return total;
  }
}
