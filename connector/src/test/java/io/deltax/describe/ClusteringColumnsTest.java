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
package io.deltax.describe;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Clustering columns written as Spark writes field references (its {@code quoteIfNeeded}). */
class ClusteringColumnsTest {
  @Test
  void quotedOnlyWhereSparkQuotes() {
    assertEquals("id", ClusteringColumns.quoted(List.of("id")));
    assertEquals("_x1.y", ClusteringColumns.quoted(List.of("_x1", "y")));
    assertEquals("s.`a-b`", ClusteringColumns.quoted(List.of("s", "a-b")));
    assertEquals("`1a`", ClusteringColumns.quoted(List.of("1a")));
    assertEquals("`a``b`.`c d`", ClusteringColumns.quoted(List.of("a`b", "c d")));
  }
}
