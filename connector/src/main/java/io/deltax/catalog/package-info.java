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
 * Where a load starts, by path or by SQL name. {@code DeltaXDataSource} is {@code
 * spark.read.format("deltax")} (and {@code readStream}): it reads the load's options, gets the
 * snapshot and returns a {@code read.DeltaXTable} or, with {@code readChangeFeed = true}, a {@code
 * changes.ChangeFeedTable}, each with the streams of {@code io.deltax.streaming} for {@code
 * readStream}. {@code DeltaXCatalog} is a read-only catalog that resolves {@code deltax.`/path`}
 * (with {@code VERSION AS OF} / {@code TIMESTAMP AS OF}) the same way.
 *
 * <p>The top of the connector: it imports the streams, the change feed and the read chain, and
 * nothing imports it but the Spark 4.2 module.
 */
package io.deltax.catalog;
