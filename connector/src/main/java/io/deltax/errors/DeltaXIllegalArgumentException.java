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

/**
 * A bad read option, procedure argument or {@code spark.deltax.*} setting. Spark's {@code
 * SparkIllegalArgumentException} builds its message from Spark's own table of conditions only, so
 * this extends {@link IllegalArgumentException} directly.
 */
public class DeltaXIllegalArgumentException extends IllegalArgumentException
    implements DeltaXThrowable {
  private final DeltaXErrorCondition condition;
  private final String template;
  private final Map<String, String> parameters;

  DeltaXIllegalArgumentException(
      DeltaXErrorCondition condition,
      String template,
      Map<String, String> parameters,
      String message,
      Throwable cause) {
    super(message, cause);
    this.condition = condition;
    this.template = template;
    this.parameters = parameters;
  }

  @Override
  public DeltaXErrorCondition condition() {
    return condition;
  }

  @Override
  public String getDefaultMessageTemplate() {
    return template;
  }

  @Override
  public Map<String, String> getMessageParameters() {
    return parameters;
  }
}
