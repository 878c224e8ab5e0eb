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
/**
 * deltax on S3 ({@code s3a://}) against a real S3 API server on 127.0.0.1: S3Proxy, started by
 * {@link io.deltax.it.s3.S3Server} in a child JVM once per test class, through the one fixture
 * every class registers, {@code S3ServerExtension} (with the shared SparkSession where the class
 * uses Spark). What the server does with conditional writes ({@code S3ServerTest}), reads compared
 * with delta-spark on the same {@code s3a://} tables, the backfill, two backfills racing, and the
 * refusal to commit where put-if-absent cannot be had. {@code S3Server} and {@code S3Requests} are
 * public: the benchmarks' {@code requests} group starts the same server and counts the same way,
 * from this module's test jar.
 */
package io.deltax.it.s3;
