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
package io.deltax.caching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class BoundedLruTest {

  @Test
  void pastItsBoundOfEntriesTheLeastRecentlyUsedGoes() {
    BoundedLru<String, Integer> lru = BoundedLru.ofEntries(2);
    lru.put("a", 1);
    lru.put("b", 2);
    assertEquals(1, lru.get("a")); // a used last
    lru.put("c", 3);
    assertNull(lru.get("b"), "the least recently used went");
    assertEquals(List.of("a", "c"), lru.keys());
    assertEquals(List.of(1, 3), lru.values());
  }

  @Test
  void entriesAreWeighedWhenPutAndAReplacedOneCountsOnce() {
    BoundedLru<String, String> lru = new BoundedLru<>(10, (key, value) -> value.length());
    lru.put("a", "1234");
    lru.put("b", "1234");
    lru.put("a", "12"); // a weighs 2 now, not 6
    lru.put("c", "1234");
    assertEquals(List.of("b", "a", "c"), lru.keys(), "2 + 4 + 4 fits in 10");
    lru.put("d", "1");
    assertEquals(List.of("a", "c", "d"), lru.keys());
  }

  @Test
  void theNewestEntryStaysEvenWhereItAloneIsOverTheBound() {
    BoundedLru<String, String> lru = new BoundedLru<>(3, (key, value) -> value.length());
    lru.put("a", "1");
    lru.put("b", "12345");
    assertEquals(List.of("b"), lru.keys());
    assertEquals("12345", lru.get("b"));
  }

  @Test
  void computeIfAbsentCreatesOnceAndRemoveDropsOnlyTheValueGiven() {
    BoundedLru<String, List<String>> lru = BoundedLru.ofEntries(4);
    List<String> made = lru.computeIfAbsent("a", key -> new ArrayList<>());
    assertSame(made, lru.computeIfAbsent("a", key -> new ArrayList<>()));
    assertFalse(lru.remove("a", new ArrayList<>(List.of("other"))));
    assertTrue(lru.remove("a", made));
    assertEquals(0, lru.size());
    lru.put("b", List.of());
    lru.clear();
    assertEquals(List.of(), lru.keys());
  }

  @Test
  void trimWeighsAgainAndMayDropTheMostRecentlyUsedToo() {
    AtomicLong grown = new AtomicLong(1);
    BoundedLru<String, AtomicLong> lru = new BoundedLru<>(Long.MAX_VALUE, (key, v) -> v.get());
    lru.put("a", new AtomicLong(3));
    lru.put("b", grown);
    grown.set(4); // weighed 1 when put
    lru.trim(5);
    assertEquals(List.of("b"), lru.keys(), "3 + 4 is over 5: a, the least recently used, went");
    lru.trim(3);
    assertEquals(List.of(), lru.keys(), "b alone weighs more than the bound");
  }

  @Test
  void threadsPuttingAndGettingAtOnceKeepTheBound() throws Exception {
    BoundedLru<Integer, Integer> lru = BoundedLru.ofEntries(50);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int offset = t * 1000;
        done.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < 1000; i++) {
                    lru.put(offset + i, i);
                    lru.get(offset + i / 2);
                  }
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
    assertEquals(50, lru.size());
    assertEquals(50, lru.keys().size());
  }
}
