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
 * Spark 4.2 only: {@code DeltaXChangelogCatalog}, deltax's catalog with Spark 4.2's {@code
 * TableCatalog.loadChangelog}, so {@code SELECT * FROM deltax.`/path` CHANGES FROM VERSION 3 TO
 * VERSION 7} works; {@code DeltaXChangelogSessionCatalog}, deltax's session catalog with the same,
 * for Delta tables by their metastore names. The only classes compiled against Spark 4.2 (jar
 * {@code deltax-spark42}); they import the connector's packages, and nothing in the connector
 * imports them, so on Spark 4.1 the connector loads without this jar.
 */
package io.deltax.spark42;
