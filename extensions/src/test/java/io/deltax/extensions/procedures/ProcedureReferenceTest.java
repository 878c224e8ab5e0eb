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
package io.deltax.extensions.procedures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.connector.catalog.procedures.ProcedureParameter;
import org.apache.spark.sql.types.StructField;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/procedures.md} documents every procedure as the code declares it: one section per
 * procedure ({@code ## `name`}), whose argument table lists its parameters and whose output table
 * lists its result columns, each name with its SQL type, in order, and nothing else.
 */
class ProcedureReferenceTest {
  /** The module's directory is the tests' working directory. */
  private static final Path PAGE = Path.of("..", "docs", "procedures.md");

  private static final Pattern SECTION = Pattern.compile("(?m)^## `([a-z_]+)`\\s*$");
  private static final Pattern ROW = Pattern.compile("^\\| `([A-Za-z_]+)` \\| `([^`]+)` \\|");

  @Test
  void everyProcedureHasASectionAndEverySectionAProcedure() throws IOException {
    assertEquals(new TreeSet<>(DeltaXProcedures.names()), sections().keySet());
  }

  @Test
  void theArgumentTablesAreTheParameters() throws IOException {
    for (Map.Entry<String, String> section : sections().entrySet()) {
      List<String> declared = new ArrayList<>();
      for (ProcedureParameter p : procedure(section.getKey()).parameters()) {
        declared.add(p.name() + " " + p.dataType().sql());
      }
      assertEquals(declared, table(section.getValue(), "argument"), section.getKey());
    }
  }

  @Test
  void theOutputTablesAreTheResultColumns() throws IOException {
    for (Map.Entry<String, String> section : sections().entrySet()) {
      List<String> declared = new ArrayList<>();
      for (StructField f : procedure(section.getKey()).output().fields()) {
        declared.add(f.name() + " " + f.dataType().sql());
      }
      assertEquals(declared, table(section.getValue(), "column"), section.getKey());
    }
  }

  private static BaseProcedure procedure(String name) {
    return (BaseProcedure) DeltaXProcedures.load(name).orElseThrow();
  }

  /** Each procedure's section of the page, by name: from its heading to the next heading. */
  private static Map<String, String> sections() throws IOException {
    String page = Files.readString(PAGE, StandardCharsets.UTF_8);
    Map<String, String> sections = new TreeMap<>();
    Matcher m = SECTION.matcher(page);
    while (m.find()) {
      int next = page.indexOf("\n## ", m.end());
      sections.put(m.group(1), page.substring(m.end(), next < 0 ? page.length() : next));
    }
    assertTrue(!sections.isEmpty(), "no procedure sections in " + PAGE);
    return sections;
  }

  /** The rows ("name TYPE") of the section's table whose first header cell is {@code header}. */
  private static List<String> table(String section, String header) {
    List<String> rows = new ArrayList<>();
    boolean in = false;
    for (String line : section.split("\n")) {
      if (line.startsWith("| " + header + " |")) {
        assertTrue(!in && rows.isEmpty(), "one table of " + header + "s per section");
        in = true;
      } else if (in && !line.startsWith("|")) {
        in = false;
      } else if (in && !line.startsWith("| ---")) {
        Matcher m = ROW.matcher(line);
        assertTrue(m.find(), "a row of name and type: " + line);
        rows.add(m.group(1) + " " + m.group(2));
      }
    }
    return rows;
  }
}
