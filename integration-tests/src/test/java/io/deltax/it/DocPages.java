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
package io.deltax.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The user's pages, README.md and docs/*.md, read as Markdown: their prose lines (outside fenced
 * code blocks, inline code removed), their fenced blocks, and their headings' anchors as GitHub
 * makes them.
 */
final class DocPages {
  /** The repository's root: the tests run in the module's directory. */
  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  private static final Pattern FENCE = Pattern.compile("^\\s*(```|~~~)\\s*(\\S*)\\s*(.*)$");
  private static final Pattern INLINE_CODE = Pattern.compile("(`+)(.+?)\\1");
  private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
  private static final Pattern LINK_IN_HEADING = Pattern.compile("\\[([^\\]]*)\\]\\([^)]*\\)");

  private DocPages() {}

  /** A fenced block: its language, the words after it ({@code run}), its lines, where it starts. */
  record Block(String language, String info, String text, int line) {}

  /** One page. */
  record Page(Path path, List<String> lines) {
    String name() {
      return ROOT.relativize(path).toString();
    }

    /** Every line, blank inside fenced blocks, inline code removed: line n is at index n - 1. */
    List<String> prose() {
      return prose("");
    }

    /** {@link #prose()} with each inline code span replaced by {@code code}. */
    List<String> prose(String code) {
      List<String> prose = new ArrayList<>();
      boolean inBlock = false;
      for (String line : lines) {
        if (FENCE.matcher(line).matches()) {
          inBlock = !inBlock;
          prose.add("");
          continue;
        }
        prose.add(inBlock ? "" : INLINE_CODE.matcher(line).replaceAll(code));
      }
      return prose;
    }

    /** Every line, blank inside fenced blocks, inline code kept. */
    List<String> text() {
      List<String> text = new ArrayList<>();
      boolean inBlock = false;
      for (String line : lines) {
        if (FENCE.matcher(line).matches()) {
          inBlock = !inBlock;
          text.add("");
        } else {
          text.add(inBlock ? "" : line);
        }
      }
      return text;
    }

    List<Block> blocks() {
      List<Block> blocks = new ArrayList<>();
      for (int i = 0; i < lines.size(); i++) {
        Matcher open = FENCE.matcher(lines.get(i));
        if (!open.matches()) {
          continue;
        }
        StringBuilder text = new StringBuilder();
        int j = i + 1;
        while (j < lines.size() && !lines.get(j).strip().startsWith(open.group(1))) {
          text.append(lines.get(j)).append('\n');
          j++;
        }
        blocks.add(new Block(open.group(2), open.group(3), text.toString(), i + 1));
        i = j;
      }
      return blocks;
    }

    /** The anchors of the page's headings, as GitHub derives them. */
    Set<String> anchors() {
      Set<String> anchors = new LinkedHashSet<>();
      List<String> text = text();
      for (String line : text) {
        Matcher m = HEADING.matcher(line);
        if (m.matches()) {
          String slug = slug(m.group(1));
          String anchor = slug;
          for (int n = 1; anchors.contains(anchor); n++) {
            anchor = slug + "-" + n;
          }
          anchors.add(anchor);
        }
      }
      return anchors;
    }

    String all() {
      return String.join("\n", lines);
    }
  }

  /** GitHub's heading anchor: lower case, punctuation but {@code -} and {@code _} dropped. */
  static String slug(String heading) {
    String text = LINK_IN_HEADING.matcher(heading).replaceAll("$1").toLowerCase(Locale.ROOT);
    StringBuilder slug = new StringBuilder();
    text.codePoints()
        .forEach(
            c -> {
              if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                slug.appendCodePoint(c);
              } else if (c == ' ') {
                slug.append('-');
              }
            });
    return slug.toString();
  }

  /** README.md, then every page under docs/. */
  static List<Page> all() {
    List<Page> pages = new ArrayList<>();
    pages.add(read(ROOT.resolve("README.md")));
    try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(p -> pages.add(read(p)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return pages;
  }

  static Page read(Path path) {
    try {
      return new Page(path, Files.readAllLines(path, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
