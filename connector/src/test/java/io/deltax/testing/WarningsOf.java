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
package io.deltax.testing;

import java.util.List;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;

/** Collects what a class logs at WARN or above, through the log4j backend Spark brings. */
public final class WarningsOf implements AutoCloseable {
  private final Logger logger;
  private final Level level;
  private final AbstractAppender appender;

  public WarningsOf(Class<?> source, List<String> warnings) {
    logger = (Logger) LogManager.getLogger(source);
    level = logger.getLevel();
    appender =
        new AbstractAppender(
            "warnings-of-" + source.getSimpleName(), null, null, true, Property.EMPTY_ARRAY) {
          @Override
          public void append(LogEvent event) {
            if (event.getLevel().isMoreSpecificThan(Level.WARN)) {
              warnings.add(event.getMessage().getFormattedMessage());
            }
          }
        };
    appender.start();
    logger.addAppender(appender);
    logger.setLevel(Level.WARN);
  }

  @Override
  public void close() {
    logger.removeAppender(appender);
    logger.setLevel(level);
    appender.stop();
  }
}
