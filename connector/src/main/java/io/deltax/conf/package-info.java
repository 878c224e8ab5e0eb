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
 * What a user can set, in one place: one typed {@link io.deltax.conf.ConfEntry} per read option
 * ({@link io.deltax.conf.ReadOptions}) and per {@code spark.deltax.*} session conf ({@link
 * io.deltax.conf.SessionSettings}), each with its key, type, default, parser, range check and the
 * line of {@code docs/configuration.md} that documents it.
 *
 * <p>A load parses its options once, where it starts, into an immutable {@link
 * io.deltax.conf.ReadConf}: the table's path, the version asked for as a typed {@link
 * io.deltax.conf.TimeTravel} (also from {@code path@v12}, {@link io.deltax.conf.PathTimeTravel}),
 * the change feed's range ({@link io.deltax.conf.ChangeFeedRequest}), the snapshot cache's settings
 * ({@link io.deltax.conf.SnapshotSettings}) and the one Hadoop {@code Configuration} the load
 * carries to the log, the data files and the deletion vectors. A stream's options ({@link
 * io.deltax.conf.StreamRequest}) are parsed where Spark starts the stream. Whole-number ranges
 * shared by a {@code CALL} argument, a conf and a CLI flag are {@link
 * io.deltax.conf.WholeNumberRange}s.
 *
 * <p>Not here: what the options mean to the log (time travel is resolved in {@code io.deltax.log})
 * or to a backfill ({@code io.deltax.backfill}); Spark's own settings that size input partitions,
 * which Spark reads itself. This package depends on nothing else of deltax but its errors.
 */
package io.deltax.conf;
