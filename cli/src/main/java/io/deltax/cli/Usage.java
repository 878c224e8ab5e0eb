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

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The texts that say how to call {@code deltax}: the overview ({@code deltax --help}), a command's
 * help ({@code deltax backfill --help}) and the lines that follow a usage error. All are made from
 * {@link Command} and {@link Option}, so they list what the parser takes.
 */
final class Usage {
  private Usage() {}

  private static final int WIDTH = 80;
  private static final int NAMES = 20;

  private static final String TABLE =
      "a path (/data/t, s3a://bucket/t), or a table name where the session has a catalog";

  /** {@code deltax --help}. */
  static String overview() {
    List<String> lines = new ArrayList<>();
    lines.add("usage: deltax <command> [options] <table>");
    lines.add("");
    lines.add("commands:");
    for (Command command : Command.values()) {
      item(lines, command.word + (command.takesTable() ? " <table>" : ""), command.summary);
    }
    item(lines, "help [<command>]", "this text, or a command's options");
    lines.add("");
    wrap(
        lines,
        "",
        "<table> is "
            + TABLE
            + ". Options go before or after <table>, as --name value or --name=value.");
    lines.add("");
    lines.add("options:");
    item(lines, "-h, --help", "this text");
    item(lines, "--version", "deltax's version and the Spark it runs on");
    item(lines, Option.VERBOSE.name(), Option.VERBOSE.help());
    lines.add("");
    lines.add("exit codes:");
    item(lines, "0", "done");
    item(lines, "1", "the table or the work failed (one line on stderr)");
    item(lines, "2", "the command line is wrong (nothing on stdout)");
    lines.add("");
    lines.add("Session conf: DELTAX_JAVA_OPTS='-Dspark.deltax.<key>=<value> ...'");
    return String.join("\n", lines);
  }

  /** {@code deltax <command> --help}. */
  static String of(Command command) {
    List<String> lines = new ArrayList<>();
    lines.add("usage: " + synopsis(command));
    lines.add("");
    wrap(lines, "", command.description.replace('\n', ' '));
    lines.add("");
    if (command.takesTable()) {
      item(lines, "<table>", TABLE);
    }
    for (Option option : command.options()) {
      item(lines, option.synopsis(), option.help());
    }
    item(lines, "-h, --help", "this text");
    return String.join("\n", lines);
  }

  /** What follows a usage error on stderr: how the command is called, where help is. */
  static String after(Command command) {
    if (command == null) {
      return "usage: deltax "
          + Arrays.stream(Command.values()).map(c -> c.word).collect(Collectors.joining("|"))
          + " [options] <table>\nSee 'deltax --help'.";
    }
    return "usage: " + synopsis(command) + "\nSee 'deltax " + command.word + " --help'.";
  }

  /** {@code deltax backfill <table> [--batch-size N] [--max-commits N] [--dry-run]}. */
  static String synopsis(Command command) {
    StringBuilder synopsis = new StringBuilder("deltax ").append(command.word);
    if (command.takesTable()) {
      synopsis.append(" <table>");
    }
    for (Option option : command.options()) {
      if (option != Option.VERBOSE) {
        synopsis.append(" [").append(option.synopsis()).append(']');
      }
    }
    return synopsis.toString();
  }

  /** {@code name}, then {@code help} from column {@link #NAMES}, wrapped. */
  private static void item(List<String> lines, String name, String help) {
    String label = "  " + name;
    if (label.length() >= NAMES) {
      lines.add(label);
      label = "";
    }
    List<String> wrapped = new ArrayList<>();
    wrap(wrapped, " ".repeat(NAMES), help);
    lines.add(label + wrapped.get(0).substring(label.length()));
    lines.addAll(wrapped.subList(1, wrapped.size()));
  }

  /**
   * {@code text}'s words in lines of at most {@link #WIDTH} characters, each after {@code indent}.
   */
  private static void wrap(List<String> lines, String indent, String text) {
    StringBuilder line = new StringBuilder(indent);
    for (String word : text.split(" ")) {
      if (line.length() > indent.length() && line.length() + 1 + word.length() > WIDTH) {
        lines.add(line.toString());
        line = new StringBuilder(indent);
      }
      if (line.length() > indent.length()) {
        line.append(' ');
      }
      line.append(word);
    }
    lines.add(line.toString());
  }
}
