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
 * What deltax tells about a table without reading its data, as delta-spark tells it: {@link
 * io.deltax.describe.TableDetail}, the columns of {@code DESCRIBE DETAIL}; {@link
 * io.deltax.describe.CatalogProperties}, the properties Spark's {@code DESCRIBE TABLE EXTENDED} and
 * {@code SHOW TBLPROPERTIES} print for a deltax table; {@link
 * io.deltax.describe.ClusteringColumns}, a clustered table's columns by their names.
 *
 * <p>Not here: the history of the commits ({@code io.deltax.log.CommitHistory}), row tracking's
 * state ({@code io.deltax.rowtracking}), the table features' catalog ({@code io.deltax.protocol}),
 * and shaping any of it into rows ({@code io.deltax.extensions.procedures}).
 */
package io.deltax.describe;
