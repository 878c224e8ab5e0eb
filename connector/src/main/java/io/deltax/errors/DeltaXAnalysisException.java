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
package io.deltax.errors;

import java.util.Map;
import org.apache.spark.QueryContext;
import org.apache.spark.sql.AnalysisException;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * A query deltax cannot run as asked: no table at the path, a feature it does not read, a version
 * or range the log does not hold. Caught as Spark's own {@link AnalysisException}, in every
 * language. Its constructor is the one delta-spark's {@code DeltaAnalysisException} calls, with the
 * SQLSTATE and template given too, so that a copy Spark makes ({@code withPosition}) keeps them; it
 * has the same signature in Spark 4.1 and 4.2.
 */
public class DeltaXAnalysisException extends AnalysisException implements DeltaXThrowable {
  private final DeltaXErrorCondition condition;

  DeltaXAnalysisException(
      DeltaXErrorCondition condition,
      String template,
      Map<String, String> parameters,
      String message,
      Throwable cause) {
    super(
        message,
        Option.empty(),
        Option.empty(),
        Option.apply(cause),
        Option.apply(condition.name()),
        scala.collection.immutable.Map$.MODULE$.from(CollectionConverters.asScala(parameters)),
        new QueryContext[0],
        Option.apply(condition.sqlState()),
        Option.apply(template));
    this.condition = condition;
  }

  @Override
  public DeltaXErrorCondition condition() {
    return condition;
  }
}
