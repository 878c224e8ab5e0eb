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
package io.deltax.conf;

import io.deltax.errors.DeltaXErrors;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.spark.network.util.JavaUtils;
import org.apache.spark.sql.catalyst.util.DateTimeUtils;
import org.apache.spark.unsafe.types.UTF8String;
import scala.Option;

/**
 * One setting a user can give: a read option or a {@code spark.deltax.*} session conf, with its
 * key, type, default, parser and range check, and the line that documents it (as Delta Kernel's
 * {@code TableConfig}). A value that does not parse is refused with an error that names the key and
 * the value.
 *
 * @param key the option or conf name (options are matched ignoring case)
 * @param type the type as the configuration reference shows it
 * @param defaultValue the value when the key is not given, or null for none
 * @param defaultText the default as the configuration reference shows it
 * @param description one line for the configuration reference
 */
public record ConfEntry<T>(
    String key,
    String type,
    T defaultValue,
    String defaultText,
    String description,
    Parser<T> parser) {

  /** Text to a value; {@code zone} reads timestamps written without a zone. */
  @FunctionalInterface
  public interface Parser<T> {
    T parse(String key, String text, ZoneId zone);
  }

  /** {@code text} as this setting's value, checked. */
  public T parse(String text, ZoneId zone) {
    return parser.parse(key, text, zone);
  }

  /** As {@link #parse(String, ZoneId)}, for settings that hold no timestamp. */
  public T parse(String text) {
    return parse(text, ZoneId.of("UTC"));
  }

  /** The value in {@code settings} (null values are absent), else the default. */
  public T from(Map<String, String> settings, ZoneId zone) {
    String text = settings.get(key);
    return text == null ? defaultValue : parse(text, zone);
  }

  /** {@code true} or {@code false}, ignoring case and spaces. */
  static ConfEntry<Boolean> flag(String key, boolean defaultValue, String description) {
    return new ConfEntry<>(
        key,
        "boolean",
        defaultValue,
        Boolean.toString(defaultValue),
        description,
        (k, text, zone) ->
            switch (text.trim().toLowerCase(Locale.ROOT)) {
              case "true" -> true;
              case "false" -> false;
              default -> throw DeltaXErrors.badOption(k, text, "true or false");
            });
  }

  /** A whole number in {@code range}, as {@link WholeNumberRange#parse} reads it. */
  static ConfEntry<Long> wholeNumber(
      String key, long defaultValue, WholeNumberRange range, String description) {
    String type = (range.max() > Integer.MAX_VALUE ? "long" : "int") + ": " + range.describe();
    return new ConfEntry<>(
        key,
        type,
        defaultValue,
        Long.toString(defaultValue),
        description,
        (k, text, zone) -> range.parse(k, text));
  }

  /** A table version: a whole number from 0; no default. */
  static ConfEntry<Long> version(String key, String description) {
    return new ConfEntry<>(
        key, "version", null, "", description, (k, text, zone) -> parseVersion(k, text));
  }

  /**
   * A time, read as Spark casts a string to a timestamp (in the session time zone where it has
   * none), in epoch milliseconds; no default.
   */
  static ConfEntry<Long> timestampMillis(String key, String description) {
    return new ConfEntry<>(
        key,
        "timestamp",
        null,
        "",
        description,
        (k, text, zone) -> {
          Option<Object> micros =
              DateTimeUtils.stringToTimestamp(UTF8String.fromString(text.trim()), zone);
          if (micros.isEmpty()) {
            throw DeltaXErrors.badOption(
                k, text, "a timestamp such as '2026-07-29 12:00:00' or '2026-07-29T12:00:00Z'");
          }
          return Math.floorDiv((Long) micros.get(), 1000L);
        });
  }

  /** A size as Spark's byte confs take it ({@code 1g}, {@code 512m}; a bare number is bytes). */
  static ConfEntry<Long> bytes(
      String key, Long defaultValue, String defaultText, String description) {
    return new ConfEntry<>(
        key,
        "size",
        defaultValue,
        defaultText,
        description,
        (k, text, zone) -> {
          try {
            long bytes = JavaUtils.byteStringAsBytes(text.trim());
            if (bytes > 0) {
              return bytes;
            }
          } catch (RuntimeException e) {
            // reported below
          }
          throw DeltaXErrors.badOption(
              k, text, "a size of 1 byte or more, such as '512m' or '10g'");
        });
  }

  /** A duration as Spark's time confs take it ({@code 30s}, {@code 5min}; a bare number is ms). */
  static ConfEntry<Duration> duration(
      String key, Duration defaultValue, String defaultText, String description) {
    return new ConfEntry<>(
        key,
        "duration",
        defaultValue,
        defaultText,
        description,
        (k, text, zone) -> {
          try {
            long millis = JavaUtils.timeStringAsMs(text.trim());
            if (millis >= 0) {
              return Duration.ofMillis(millis);
            }
          } catch (RuntimeException e) {
            // reported below
          }
          throw DeltaXErrors.badOption(
              k, text, "a duration of 0 or more, such as '0', '30s', '5min' or '1h'");
        });
  }

  /** A Java regular expression; no default. */
  static ConfEntry<Pattern> regex(String key, String description) {
    return new ConfEntry<>(
        key,
        "regex",
        null,
        "",
        description,
        (k, text, zone) -> {
          try {
            return Pattern.compile(text);
          } catch (PatternSyntaxException e) {
            throw DeltaXErrors.badOption(
                k, text, "a Java regular expression (" + e.getDescription() + ")");
          }
        });
  }

  /** Text taken as given; no default. */
  static ConfEntry<String> text(String key, String type, String description) {
    return new ConfEntry<>(key, type, null, "", description, (k, text, zone) -> text);
  }

  /** A table version: a whole number from 0 to {@code Long.MAX_VALUE}. */
  static long parseVersion(String key, String text) {
    try {
      long v = Long.parseLong(text.trim());
      if (v >= 0) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw DeltaXErrors.badOption(
        key, text, "a table version, a whole number from 0 to " + Long.MAX_VALUE);
  }
}
