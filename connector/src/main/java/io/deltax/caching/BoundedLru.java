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

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToLongBiFunction;

/**
 * A map of bounded weight that drops its least recently used entries first: the one small LRU cache
 * every JVM-wide or per-stream cache of deltax is built on. Each entry weighs what {@code weigher}
 * says when it is put (1 each for a bound on entries); a put that takes the total over the bound
 * drops the least recently used other entries until it fits, so the newest entry stays even where
 * it alone is heavier (callers that must not keep such an entry check first).
 *
 * <p>Thread-safe: every method holds this object's monitor, so a caller that needs several calls to
 * be one step (look up, then put) holds it across them with {@code synchronized (lru)}.
 */
public final class BoundedLru<K, V> {
  private record Weighed<V>(V value, long weight) {}

  private final long bound;
  private final ToLongBiFunction<? super K, ? super V> weigher;

  /** In access order: the first entry is the least recently used. */
  private final LinkedHashMap<K, Weighed<V>> entries = new LinkedHashMap<>(16, 0.75f, true);

  private long weight;

  /**
   * @param bound the most the entries may weigh together
   * @param weigher an entry's weight, asked when it is put
   */
  public BoundedLru(long bound, ToLongBiFunction<? super K, ? super V> weigher) {
    this.bound = bound;
    this.weigher = weigher;
  }

  /** A cache of at most {@code maxEntries} entries. */
  public static <K, V> BoundedLru<K, V> ofEntries(long maxEntries) {
    return new BoundedLru<>(maxEntries, (key, value) -> 1);
  }

  /** The value kept for {@code key}, now the most recently used; null if none is. */
  public synchronized V get(K key) {
    Weighed<V> held = entries.get(key);
    return held == null ? null : held.value();
  }

  /** Keeps {@code value} for {@code key}, then drops others, least recently used first, to fit. */
  public synchronized void put(K key, V value) {
    long added = weigher.applyAsLong(key, value);
    Weighed<V> previous = entries.put(key, new Weighed<>(value, added));
    weight += added - (previous == null ? 0 : previous.weight());
    Iterator<Map.Entry<K, Weighed<V>>> eldest = entries.entrySet().iterator();
    while (weight > bound && eldest.hasNext()) {
      Map.Entry<K, Weighed<V>> entry = eldest.next();
      if (!entry.getKey().equals(key)) {
        weight -= entry.getValue().weight();
        eldest.remove();
      }
    }
  }

  /** The value kept for {@code key}, or {@code create}'s, then kept as {@link #put} keeps it. */
  public synchronized V computeIfAbsent(K key, Function<? super K, ? extends V> create) {
    V kept = get(key);
    if (kept == null) {
      kept = create.apply(key);
      put(key, kept);
    }
    return kept;
  }

  /** Drops {@code key}'s entry if it holds {@code value}; whether it did. */
  public synchronized boolean remove(K key, V value) {
    Weighed<V> held = entries.get(key);
    if (held == null || !Objects.equals(held.value(), value)) {
      return false;
    }
    entries.remove(key);
    weight -= held.weight();
    return true;
  }

  /**
   * Weighs every entry again, for values whose weight grows after they are put, and drops the least
   * recently used while they weigh more than {@code bound} together: the most recently used too,
   * where it alone weighs more.
   */
  public synchronized void trim(long bound) {
    weight = 0;
    for (Map.Entry<K, Weighed<V>> entry : entries.entrySet()) {
      V value = entry.getValue().value();
      long now = weigher.applyAsLong(entry.getKey(), value);
      entry.setValue(new Weighed<>(value, now)); // not an access: the order stays
      weight += now;
    }
    Iterator<Map.Entry<K, Weighed<V>>> eldest = entries.entrySet().iterator();
    while (weight > bound && eldest.hasNext()) {
      weight -= eldest.next().getValue().weight();
      eldest.remove();
    }
  }

  public synchronized void clear() {
    entries.clear();
    weight = 0;
  }

  /** The keys, least recently used first. */
  public synchronized List<K> keys() {
    return List.copyOf(entries.keySet());
  }

  /** The values, least recently used first. */
  public synchronized List<V> values() {
    List<V> values = new ArrayList<>(entries.size());
    entries.values().forEach(held -> values.add(held.value()));
    return values;
  }

  public synchronized int size() {
    return entries.size();
  }
}
