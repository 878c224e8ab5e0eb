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
    DeltaXAnalysisException notFound =
        assertThrows(DeltaXAnalysisException.class, () -> DeltaXErrors.tableNotFound("/data/t"));
    SparkThrowable spark = notFound;
    assertEquals("DELTAX_TABLE_NOT_FOUND", spark.getCondition());
    assertEquals("42P01", spark.getSqlState());
    assertEquals(Map.of("tablePath", "/data/t"), spark.getMessageParameters());
    assertTrue(notFound.getMessage().startsWith("[DELTAX_TABLE_NOT_FOUND] "));
    assertTrue(notFound.getMessage().endsWith(". SQLSTATE: 42P01"), notFound.getMessage());
    assertTrue(notFound.getMessage().contains("/data/t"));
    DeltaXAnalysisException feature =
        assertThrows(
            DeltaXAnalysisException.class,
            () -> DeltaXErrors.unsupportedReaderFeatures("/t", 3, List.of("x"), List.of("y")));
    assertEquals("0AKDC", feature.getSqlState());
    assertEquals("XX001", ((SparkThrowable) DeltaXErrors.logGap("/t", 1, 3)).getSqlState());
  }
}
