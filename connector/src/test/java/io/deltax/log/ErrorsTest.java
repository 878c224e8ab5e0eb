package io.deltax.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.errors.DeltaXAnalysisException;
import io.deltax.errors.DeltaXErrors;
import java.util.List;
import java.util.Map;
import org.apache.spark.SparkThrowable;
import org.junit.jupiter.api.Test;

/** deltax's errors are Spark errors: condition in brackets, an SQLSTATE, the thing named. */
class ErrorsTest {
  @Test
  void errorsAreSparkThrowables() {
    DeltaXAnalysisException notFound = assertThrows(DeltaXAnalysisException.class,
        () -> DeltaXErrors.tableNotFound("/data/t"));
    SparkThrowable spark = notFound;
    assertEquals("DELTAX_TABLE_NOT_FOUND", spark.getCondition());
    assertEquals("42P01", spark.getSqlState());
    assertEquals(Map.of("tablePath", "/data/t"), spark.getMessageParameters());
    assertTrue(notFound.getMessage().startsWith("[DELTAX_TABLE_NOT_FOUND] "));
    assertTrue(notFound.getMessage().endsWith(". SQLSTATE: 42P01"), notFound.getMessage());
    assertTrue(notFound.getMessage().contains("/data/t"));
    DeltaXAnalysisException feature = assertThrows(DeltaXAnalysisException.class,
        () -> DeltaXErrors.unsupportedReaderFeatures("/t", 3, List.of("x"), List.of("y")));
    assertEquals("0AKDC", feature.getSqlState());
    assertEquals("XX001", ((SparkThrowable) DeltaXErrors.logGap("/t", 1, 3)).getSqlState());
  }
}
