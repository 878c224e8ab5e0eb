package io.deltax.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.errors.DeltaXErrors;
import io.deltax.errors.DeltaXException;
import java.util.List;
import org.apache.spark.SparkThrowable;
import org.junit.jupiter.api.Test;

/** deltax's errors are Spark errors: condition in brackets, an SQLSTATE, the thing named. */
class ErrorsTest {
  @Test
  void errorsAreSparkThrowables() {
    DeltaXException notFound = DeltaXErrors.tableNotFound("/data/t");
    SparkThrowable spark = notFound;
    assertEquals("DELTAX_TABLE_NOT_FOUND", spark.getCondition());
    assertEquals("42P01", spark.getSqlState());
    assertTrue(notFound.getMessage().startsWith("[DELTAX_TABLE_NOT_FOUND] "));
    assertTrue(notFound.getMessage().contains("/data/t"));
    DeltaXException feature = DeltaXErrors.unsupportedReaderFeatures("/t", 3, List.of("x"), List.of("y"));
    assertEquals("0AKDC", feature.getSqlState());
    assertEquals("XX001", DeltaXErrors.logGap("/t", 1, 3).getSqlState());
  }
}
