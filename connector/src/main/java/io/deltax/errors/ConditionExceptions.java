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

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How every error factory builds its exceptions: the condition's template rendered with named
 * parameters, in Spark's message form, as the exception the condition's kind asks for.
 */
final class ConditionExceptions {
  private ConditionExceptions() {}

  /**
   * The exception of {@code condition}, its message rendered from the template {@code message}.
   *
   * @param parameters names and values, alternating
   */
  static RuntimeException error(
      DeltaXErrorCondition condition, String message, Throwable cause, Object... parameters) {
    Map<String, String> named = new LinkedHashMap<>();
    for (int i = 0; i < parameters.length; i += 2) {
      named.put((String) parameters[i], String.valueOf(parameters[i + 1]));
    }
    String template = condition.template(message);
    String text =
        "["
            + condition.name()
            + "] "
            + DeltaXErrorCondition.render(template, named)
            + " SQLSTATE: "
            + condition.sqlState();
    return switch (condition.kind()) {
      case ANALYSIS ->
          throw ConditionExceptions.<RuntimeException>unchecked(
              new DeltaXAnalysisException(condition, template, named, text, cause));
      case ILLEGAL_ARGUMENT ->
          new DeltaXIllegalArgumentException(condition, template, named, text, cause);
      case RUNTIME -> new DeltaXRuntimeException(condition, template, named, text, cause);
    };
  }

  /** Throws {@code e}, checked or not, as the JVM allows. */
  @SuppressWarnings("unchecked")
  private static <E extends Throwable> RuntimeException unchecked(Throwable e) throws E {
    throw (E) e;
  }
}
