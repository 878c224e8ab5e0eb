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

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.conf.ConfEntry;
import io.deltax.conf.ReadOptions;
import io.deltax.conf.SessionSettings;
import io.deltax.errors.DeltaXErrorCondition;
import io.deltax.extensions.procedures.DeltaXProcedures;
import io.deltax.it.DocPages.Page;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The user's pages (README.md, docs/*.md) say only what the code has, and say it without history:
 * every setting, option, error condition and procedure they name exists; every read option and
 * {@code spark.deltax.*} setting is explained on a page besides the generated reference; every
 * relative link and anchor resolves; and no prose line carries a date, a commit hash or a reference
 * to a work item or a past run. (The generated references themselves are checked by {@code
 * ConfigurationReferenceTest} and {@code ErrorReferenceTest}; the procedures' tables by {@code
 * ProcedureReferenceTest}; the examples by {@link DocsExamplesTest}.)
 */
class DocsTest {
  /** Written elsewhere and merged later: a link to it may dangle until then. */
  private static final Set<String> PAGES_BEING_WRITTEN = Set.of("docs/cli.md");

  private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
  private static final Pattern SETTING =
      Pattern.compile("spark\\.deltax\\.[A-Za-z][A-Za-z.]*[A-Za-z]");
  private static final Pattern OPTION = Pattern.compile("\\.option\\(\\s*\"([^\"]+)\"");
  private static final Pattern CONDITION = Pattern.compile("DELTAX_[A-Z_]*[A-Z]");

  /** bin/deltax's environment variables, which look like conditions. */
  private static final Set<String> ENVIRONMENT =
      Set.of("DELTAX_JAVA_OPTS", "DELTAX_SPARK_CLASSPATH");

  private static final Pattern CALL =
      Pattern.compile("(?i)\\bCALL\\s+(?:deltax\\.)?(?:system\\.)?([a-z_]+)\\s*\\(");

  /** What marks a line as history rather than documentation. */
  private static final List<Pattern> HISTORY =
      List.of(
          Pattern.compile("\\b\\d{4}-\\d{2}-\\d{2}\\b"), // a date
          Pattern.compile("\\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\\b"), // a hash
          Pattern.compile("(?i)\\bissues?\\b"),
          Pattern.compile("(?i)\\b(tickets?|pull requests?|TODO)\\b"),
          Pattern.compile("(?<![\\w/])#\\d+\\b"),
          Pattern.compile("(?i)\\bthis (session|machine)\\b"),
          Pattern.compile("(?i)\\b(before|after|since) this change\\b"),
          Pattern.compile("(?i)\\b(last|previous|earlier|former|next) (run|session|build)s?\\b"),
          Pattern.compile("(?i)\\b(run|build) before (it|this)\\b"));

  /** Options that are not read options: those of writers and of Spark's own sources. */
  private static final Set<String> OTHER_OPTIONS = Set.of("checkpointlocation");

  @Test
  void everyRelativeLinkAndAnchorResolves() {
    List<String> broken = new ArrayList<>();
    for (Page page : DocPages.all()) {
      // Inline code is no link, but a link's text may be inline code.
      List<String> prose = page.prose("code");
      for (int i = 0; i < prose.size(); i++) {
        Matcher m = LINK.matcher(prose.get(i));
        while (m.find()) {
          String target = m.group(1);
          if (target.matches("^[a-z]+:.*")) {
            continue; // https:, mailto:
          }
          String where = page.name() + ":" + (i + 1) + " " + target;
          int hash = target.indexOf('#');
          String file = hash < 0 ? target : target.substring(0, hash);
          Path resolved =
              file.isEmpty() ? page.path() : page.path().resolveSibling(file).normalize();
          String relative = DocPages.ROOT.relativize(resolved).toString();
          if (!Files.exists(resolved)) {
            if (!PAGES_BEING_WRITTEN.contains(relative)) {
              broken.add(where + ": no such file");
            }
            continue;
          }
          if (hash >= 0 && resolved.toString().endsWith(".md")) {
            String anchor = target.substring(hash + 1);
            if (!DocPages.read(resolved).anchors().contains(anchor)) {
              broken.add(where + ": no heading with that anchor");
            }
          }
        }
      }
    }
    assertTrue(broken.isEmpty(), "broken links:\n" + String.join("\n", broken));
  }

  @Test
  void noProseLineCarriesHistory() {
    List<String> found = new ArrayList<>();
    for (Page page : DocPages.all()) {
      List<String> prose = page.prose();
      for (int i = 0; i < prose.size(); i++) {
        for (Pattern p : HISTORY) {
          Matcher m = p.matcher(prose.get(i));
          if (m.find()) {
            found.add(page.name() + ":" + (i + 1) + " '" + m.group() + "': " + prose.get(i));
          }
        }
      }
    }
    assertTrue(
        found.isEmpty(),
        "dates, commit hashes and work history belong in commit messages, not in the pages:\n"
            + String.join("\n", found));
  }

  @Test
  void everySettingNamedExists() {
    Set<String> keys = keys(SessionSettings.ALL);
    List<String> unknown = new ArrayList<>();
    for (Page page : DocPages.all()) {
      Matcher m = SETTING.matcher(page.all());
      while (m.find()) {
        if (!keys.contains(m.group().toLowerCase(Locale.ROOT))) {
          unknown.add(page.name() + ": " + m.group());
        }
      }
    }
    assertTrue(
        unknown.isEmpty(), "settings the code does not have:\n" + String.join("\n", unknown));
  }

  @Test
  void everyOptionGivenExists() {
    Set<String> keys = keys(ReadOptions.ALL);
    List<String> unknown = new ArrayList<>();
    for (Page page : DocPages.all()) {
      Matcher m = OPTION.matcher(page.all());
      while (m.find()) {
        String key = m.group(1).toLowerCase(Locale.ROOT);
        // A key with a dot is a Hadoop setting for the read (fs.s3a.endpoint).
        if (!keys.contains(key) && !key.contains(".") && !OTHER_OPTIONS.contains(key)) {
          unknown.add(page.name() + ": " + m.group(1));
        }
      }
    }
    assertTrue(unknown.isEmpty(), "options the code does not have:\n" + String.join("\n", unknown));
  }

  /** Each option and setting is explained where a user reads about its subject, not only listed. */
  @Test
  void everyOptionAndSettingIsExplainedOnAGuidePage() {
    String guide =
        DocPages.all().stream()
            .filter(p -> !p.path().getFileName().toString().equals("configuration.md"))
            .map(Page::all)
            .collect(Collectors.joining("\n"));
    List<String> missing = new ArrayList<>();
    for (List<ConfEntry<?>> entries : List.of(ReadOptions.ALL, SessionSettings.ALL)) {
      for (ConfEntry<?> entry : entries) {
        if (!guide.contains("`" + entry.key() + "`")
            && !guide.contains("\"" + entry.key() + "\"")
            && !guide.contains("`" + entry.key() + "=")
            && !guide.contains("`" + entry.key() + " =")) {
          missing.add(entry.key());
        }
      }
    }
    assertTrue(missing.isEmpty(), "explained on no page but configuration.md: " + missing);
  }

  @Test
  void everyErrorConditionNamedExists() {
    Set<String> conditions =
        Arrays.stream(DeltaXErrorCondition.values()).map(Enum::name).collect(Collectors.toSet());
    List<String> unknown = new ArrayList<>();
    for (Page page : DocPages.all()) {
      Matcher m = CONDITION.matcher(page.all());
      while (m.find()) {
        if (!conditions.contains(m.group()) && !ENVIRONMENT.contains(m.group())) {
          unknown.add(page.name() + ": " + m.group());
        }
      }
    }
    assertTrue(
        unknown.isEmpty(), "conditions the code does not have:\n" + String.join("\n", unknown));
  }

  @Test
  void everyProcedureCalledExists() {
    List<String> unknown = new ArrayList<>();
    for (Page page : DocPages.all()) {
      Matcher m = CALL.matcher(page.all());
      while (m.find()) {
        if (!DeltaXProcedures.names().contains(m.group(1).toLowerCase(Locale.ROOT))) {
          unknown.add(page.name() + ": " + m.group());
        }
      }
    }
    assertTrue(
        unknown.isEmpty(), "procedures the code does not have:\n" + String.join("\n", unknown));
  }

  private static Set<String> keys(List<ConfEntry<?>> entries) {
    return entries.stream().map(e -> e.key().toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
  }
}
