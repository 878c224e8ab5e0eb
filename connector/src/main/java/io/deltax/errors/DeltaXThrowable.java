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

import org.apache.spark.SparkThrowable;

/**
 * What every deltax exception is, whichever Spark exception it extends: a {@link SparkThrowable}
 * whose condition is typed. Its message reads as Spark's: {@code [CONDITION] message SQLSTATE: s}.
 */
public interface DeltaXThrowable extends SparkThrowable {
  DeltaXErrorCondition condition();

  /** The whole message, as {@link Throwable#getMessage} gives it. */
  String getMessage();

  @Override
  default String getCondition() {
    return condition().name();
  }

  @Override
  default String getSqlState() {
    return condition().sqlState();
  }

  /** The rendered message alone, without the condition before it and the SQLSTATE after it. */
  default String plainMessage() {
    return DeltaXErrorCondition.render(getDefaultMessageTemplate(), getMessageParameters());
  }
}
