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

import io.deltax.errors.DeltaXIllegalArgumentException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * A command's line, read once before any work starts: its table, its flags and its numbers, each
 * number checked against its range. Options go before or after the table, as {@code --name value}
 * or {@code --name=value}; {@code --} ends the options, for a table whose name starts with a dash.
 * Each refusal is a {@link UsageException} (exit code 2) naming the word that is wrong.
 *
 * @param table the table, or null for a command that takes none
 */
record CommandLine(Command command, String table, Map<Option, Long> numbers, Set<Option> flags) {
  /** A wrong command line: exit code 2. */
  static final class UsageException extends RuntimeException {
    /** The command whose line is wrong, or null where no command is known. */
    final Command command;

    UsageException(Command command, String message) {
      super(message);
      this.command = command;
    }
  }

  /** Whether {@code words} ask for help: {@code --help} or {@code -h} before any {@code --}. */
  static boolean asksForHelp(List<String> words) {
    for (String word : words) {
      if (word.equals("--")) {
        return false;
      }
      if (word.equals("--help") || word.equals("-h")) {
        return true;
      }
    }
    return false;
  }

  /** {@code words}, the words after the command's name, read as {@code command} takes them. */
  static CommandLine parse(Command command, List<String> words) {
    String table = null;
    Map<Option, Long> numbers = new HashMap<>();
    Set<Option> flags = new HashSet<>();
    boolean options = true;
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      if (options && word.equals("--")) {
        options = false;
      } else if (options && word.startsWith("-") && word.length() > 1) {
        int equals = word.startsWith("--") ? word.indexOf('=') : -1;
        String name = equals < 0 ? word : word.substring(0, equals);
        Option option =
            command
                .option(name)
                .orElseThrow(() -> new UsageException(command, "unknown option '" + name + "'"));
        if (option.isFlag()) {
          if (equals >= 0) {
            throw new UsageException(command, name + " takes no value");
          }
          flags.add(option);
          continue;
        }
        String value;
        if (equals >= 0) {
          value = word.substring(equals + 1);
        } else if (i + 1 < words.size()) {
          value = words.get(++i);
        } else {
          throw new UsageException(command, name + " needs a value");
        }
        if (numbers.put(option, number(command, option, value)) != null) {
          throw new UsageException(command, name + " is given twice");
        }
      } else if (table == null && command.takesTable()) {
        table = word;
      } else {
        throw new UsageException(command, "unexpected '" + word + "'");
      }
    }
    if (table == null && command.takesTable()) {
      throw new UsageException(command, "missing <table>");
    }
    return new CommandLine(command, table, Map.copyOf(numbers), Set.copyOf(flags));
  }

  private static long number(Command command, Option option, String value) {
    try {
      return option.parse().applyAsLong(option.name(), value);
    } catch (DeltaXIllegalArgumentException e) {
      // The same words as the CALL argument's, without the condition and SQLSTATE.
      throw new UsageException(command, e.plainMessage());
    }
  }

  boolean flag(Option flag) {
    return flags.contains(flag);
  }

  /** The number given for {@code option}, if it was given. */
  OptionalLong number(Option option) {
    Long value = numbers.get(option);
    return value == null ? OptionalLong.empty() : OptionalLong.of(value);
  }
}
