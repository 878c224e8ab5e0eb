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
package io.deltax.actions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A field list that does not fit its record fails at once, naming the field. */
class ActionSchemaTest {
  private record Pair(String left, long right) {}

  @Test
  void aFieldReadAsAnotherKindNamesItself() {
    ActionSchema<Pair> schema =
        ActionSchema.builder(Pair.class, "pair")
            .field("left", FieldType.STRING, Pair::left)
            .field("right", FieldType.LONG, Pair::right, 0L)
            .build(v -> new Pair(v.string("left"), v.int32("right")));
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> schema.create(new Object[] {"a", 1L}));
    assertTrue(e.getMessage().contains("right"), e.getMessage());
  }

  @Test
  void aFieldDeclaredTwiceIsRefused() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            ActionSchema.builder(Pair.class, "pair")
                .field("left", FieldType.STRING, Pair::left)
                .field("left", FieldType.STRING, Pair::left)
                .build(v -> new Pair(v.string("left"), 0)));
  }

  @Test
  void positionsFollowTheDeclaredOrder() {
    assertEquals(0, AddFile.SCHEMA.position("path"));
    assertEquals(AddFile.SCHEMA.fields().size() - 1, AddFile.SCHEMA.position("clusteringProvider"));
    assertEquals(-1, AddFile.SCHEMA.position("stats_parsed"));
  }
}
