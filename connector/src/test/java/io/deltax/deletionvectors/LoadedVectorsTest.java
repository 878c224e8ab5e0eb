package io.deltax.deletionvectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The JVM's kept deletion vectors: each read once, also by tasks asking at once; bounded. */
class LoadedVectorsTest {
  private static DeletedRows empty() throws IOException {
    return DeletedRows.deserialize(ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN)
        .putInt(DeletedRows.PORTABLE_MAGIC_NUMBER).putLong(0).array());
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
    vectors.getOrRead(new LoadedVectors.Key("file:/t/deletion_vector_a.bin", 45, 40), counted(rows));
    assertEquals(2, reads.get(), "another offset is another vector");
  }

  @Test
  void tasksAskingAtOnceShareOneRead() throws Exception {
    LoadedVectors vectors = new LoadedVectors(100);
    DeletedRows rows = empty();
    LoadedVectors.Key key = new LoadedVectors.Key("file:/t/deletion_vector_b.bin", 1, 40);
    CountDownLatch allAsked = new CountDownLatch(1);
    ExecutorService tasks = Executors.newFixedThreadPool(4);
    try {
      LoadedVectors.Reader slow = () -> {
        reads.incrementAndGet();
        try {
          allAsked.await();
        } catch (InterruptedException e) {
          throw new IOException(e);
        }
        return rows;
      };
      Future<?>[] asked = new Future<?>[4];
      for (int i = 0; i < asked.length; i++) {
        asked[i] = tasks.submit(() -> vectors.getOrRead(key, slow));
      }
      Thread.sleep(200); // let every task ask while the first read is in flight
      allAsked.countDown();
      for (Future<?> f : asked) {
        assertSame(rows, f.get());
      }
      assertEquals(1, reads.get());
    } finally {
      tasks.shutdownNow();
    }
  }

  @Test
  void aFailedReadIsNotKept() throws Exception {
    LoadedVectors vectors = new LoadedVectors(100);
    LoadedVectors.Key key = new LoadedVectors.Key("file:/t/deletion_vector_c.bin", 1, 40);
    assertThrows(IOException.class, () -> vectors.getOrRead(key, () -> {
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
