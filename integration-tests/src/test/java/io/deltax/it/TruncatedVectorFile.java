package io.deltax.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.errors.DeltaXException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A table's deletion vector file cut to half its length, and what deltax must say of it: the
 * file, that it is truncated, what was expected and what the file has.
 *
 * @param file the vector file, now truncated
 * @param length the length it has now
 */
public record TruncatedVectorFile(Path file, long length) {

  /** Cuts the first deletion vector file under {@code table} (a local directory) to half its length. */
  public static TruncatedVectorFile inTable(String table) throws IOException {
    Path file;
    try (var files = Files.walk(Path.of(table))) {
      file = files.filter(p -> p.getFileName().toString().startsWith("deletion_vector_"))
          .findFirst().orElseThrow();
    }
    int half = (int) Files.size(file) / 2;
    Files.write(file, Arrays.copyOf(Files.readAllBytes(file), half));
    // Hadoop's local file system keeps a .crc beside each file it writes, and would refuse the
    // truncated file by its checksum first; object stores keep none.
    Files.deleteIfExists(file.resolveSibling("." + file.getFileName() + ".crc"));
    return new TruncatedVectorFile(file, half);
  }

  /** {@code thrown} (as Spark wraps what a task threw) holds deltax's error naming this file. */
  public void assertNamedBy(Throwable thrown) {
    Throwable e = thrown;
    while (!(e instanceof DeltaXException) && e.getCause() != null) {
      e = e.getCause();
    }
    String message = e.getMessage();
    assertTrue(message.contains("[DELTAX_CORRUPT_DELETION_VECTOR]"), message);
    assertTrue(message.contains(file.getFileName() + " is truncated: expected "), message);
    assertTrue(message.contains("the file has " + length + " bytes"), message);
    assertTrue(!message.contains("null"), message);
  }
}
