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
package io.deltax.deletionvectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The JVM's kept deletion vectors: each read once, also by tasks asking at once; bounded. */
class LoadedVectorsTest {
  private static DeletedRows empty() throws IOException {
    return DeletedRows.deserialize(
        ByteBuffer.allocate(12)
            .order(ByteOrder.LITTLE_ENDIAN)
            .putInt(DeletedRows.PORTABLE_MAGIC_NUMBER)
            .putLong(0)
            .array());
  }

  private final AtomicInteger reads = new AtomicInteger();

  private LoadedVectors.Reader counted(DeletedRows rows) {
    return () -> {
      reads.incrementAndGet();
      return rows;
    };
  }

  @Test
  void aKeptVectorIsNotReadAgain() throws Exception {
    LoadedVectors vectors = new LoadedVectors(100);
    DeletedRows rows = empty();
    LoadedVectors.Key key = new LoadedVectors.Key("file:/t/deletion_vector_a.bin", 1, 40);
    assertSame(rows, vectors.getOrRead(key, counted(rows)));
    assertSame(rows, vectors.getOrRead(key, counted(empty())));
    assertEquals(1, reads.get());
    vectors.getOrRead(
        new LoadedVectors.Key("file:/t/deletion_vector_a.bin", 45, 40), counted(rows));
    assertEquals(2, reads.get(), "another offset is another vector");
  }

  @Test
  void tasksAskingAtOnceShareOneRead() throws Exception {
    LoadedVectors vectors = new LoadedVectors(100);
    DeletedRows rows = empty();
    LoadedVectors.Key key = new LoadedVectors.Key("file:/t/deletion_vector_b.bin", 1, 40);
    CountDownLatch readMayEnd = new CountDownLatch(1);
    LoadedVectors.Reader slow =
        () -> {
          reads.incrementAndGet();
          try {
            readMayEnd.await();
          } catch (InterruptedException e) {
            throw new IOException(e);
          }
          return rows;
        };
    List<FutureTask<DeletedRows>> asked = new ArrayList<>();
    List<Thread> tasks = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      FutureTask<DeletedRows> ask = new FutureTask<>(() -> vectors.getOrRead(key, slow));
      asked.add(ask);
      tasks.add(new Thread(ask, "task-" + i));
    }
    try {
      tasks.forEach(Thread::start);
      // The read ends only once every task waits: one in the read, the others for its result (a
      // task that read on its own would wait in the read too, and count a second read).
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (!tasks.stream().allMatch(t -> t.getState() == Thread.State.WAITING)) {
        assertTrue(System.nanoTime() < deadline, "the tasks did not all wait");
        Thread.onSpinWait();
      }
      readMayEnd.countDown();
      for (FutureTask<DeletedRows> ask : asked) {
        assertSame(rows, ask.get(30, TimeUnit.SECONDS));
      }
      assertEquals(1, reads.get());
    } finally {
      readMayEnd.countDown();
      for (Thread t : tasks) {
        t.join(TimeUnit.SECONDS.toMillis(30));
      }
    }
  }

  @Test
  void aFailedReadIsNotKept() throws Exception {
    LoadedVectors vectors = new LoadedVectors(100);
    LoadedVectors.Key key = new LoadedVectors.Key("file:/t/deletion_vector_c.bin", 1, 40);
    assertThrows(
        IOException.class,
        () ->
            vectors.getOrRead(
                key,
                () -> {
                  throw new IOException("the store did not answer");
                }));
    DeletedRows rows = empty();
    assertSame(rows, vectors.getOrRead(key, counted(rows)));
    assertEquals(1, reads.get());
  }

  @Test
  void theLeastRecentlyUsedVectorGoesBeyondTheBoundAndALargerOneIsNeverKept() throws Exception {
    LoadedVectors vectors = new LoadedVectors(100);
    LoadedVectors.Key first = new LoadedVectors.Key("file:/t/deletion_vector_d.bin", 1, 60);
    LoadedVectors.Key second = new LoadedVectors.Key("file:/t/deletion_vector_e.bin", 1, 60);
    vectors.getOrRead(first, counted(empty()));
    vectors.getOrRead(second, counted(empty()));
    vectors.getOrRead(second, counted(empty()));
    assertEquals(2, reads.get());
    vectors.getOrRead(first, counted(empty()));
    assertEquals(3, reads.get(), "the first was dropped to keep the second");

    LoadedVectors.Key large = new LoadedVectors.Key("file:/t/deletion_vector_f.bin", 1, 101);
    vectors.getOrRead(large, counted(empty()));
    vectors.getOrRead(large, counted(empty()));
    assertEquals(5, reads.get());
  }
}
