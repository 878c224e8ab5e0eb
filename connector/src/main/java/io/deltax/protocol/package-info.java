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
 * What a table's {@code protocol} and {@code metaData} ask of deltax, answered once: {@link
 * io.deltax.protocol.TableFeatures} (every known table feature, its type, the features a legacy
 * protocol implies, which ones deltax reads and writes under, and the reader and writer checks) and
 * {@link io.deltax.protocol.TableProperties} (every {@code delta.*} table property deltax reads,
 * with its default and its parsing).
 *
 * <p>Not here: the action records themselves ({@code io.deltax.actions}), how the log is replayed
 * to find the newest protocol and metadata ({@code io.deltax.log}), and the Spark session's own
 * options and {@code spark.deltax.*} keys. This package reads nothing from storage; it depends on
 * {@code io.deltax.actions} and {@code io.deltax.errors} only.
 */
package io.deltax.protocol;
