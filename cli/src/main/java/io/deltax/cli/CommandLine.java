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
package io.deltax.cli;

import io.deltax.conf.WholeNumberRange;
import io.deltax.errors.DeltaXIllegalArgumentException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongBiFunction;

/**
 * The words after a {@code deltax} subcommand, taken as the subcommand asks for them: its table,
 * its options, its flags. What is left at the end is a word the subcommand does not know, and every
 * subcommand refuses it ({@link #noneLeft}). Each refusal is a {@link UsageException} (exit code 2)
 * naming the option, the value and what it takes.
 */
final class CommandLine {
  /** Bad command lines: exit code 2. */
  static final class UsageException extends RuntimeException {
    UsageException(String message) {
      super(message);
    }
  }

  private final String command;
  private final List<String> words;

  CommandLine(String command, List<String> words) {
    this.command = command;
    this.words = new ArrayList<>(words);
  }

  /** The first word, the table: a path, or a name where the CLI's session has a catalog. */
  String table() {
    if (words.isEmpty() || words.get(0).startsWith("--")) {
      throw new UsageException(command + ": missing <table>; see deltax --help");
    }
    return words.remove(0);
  }

  /** Whether {@code flag} was given. */
  boolean flag(String flag) {
    return words.remove(flag);
  }

  /** The value after {@code name}, or null where it is not given. */
  String option(String name) {
    int i = words.indexOf(name);
    if (i < 0) {
      return null;
    }
    if (i + 1 >= words.size()) {
      throw new UsageException(name + " needs a value; see deltax --help");
    }
    String value = words.remove(i + 1);
    words.remove(i);
    return value;
  }

  /** The whole number after {@code name}, within {@code range}, or {@code otherwise}. */
  long number(String name, WholeNumberRange range, long otherwise) {
    return number(name, range::parse, otherwise);
  }

  /** The number after {@code name}, as {@code parse} reads and checks it, or {@code otherwise}. */
  long number(String name, ToLongBiFunction<String, String> parse, long otherwise) {
    String value = option(name);
    if (value == null) {
      return otherwise;
    }
    try {
      return parse.applyAsLong(name, value);
    } catch (DeltaXIllegalArgumentException e) {
      // The same words as the CALL argument's, without the condition and SQLSTATE: a usage error.
      throw new UsageException(e.plainMessage());
    }
  }

  /** Refuses whatever the subcommand did not take: an unknown option or an extra word. */
  void noneLeft() {
    if (words.isEmpty()) {
      return;
    }
    String first = words.get(0);
    throw new UsageException(
        command
            + (first.startsWith("--")
                ? ": unknown option '" + first + "'"
                : ": unexpected '" + first + "'")
            + "; see deltax --help");
  }
}
