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
package io.deltax.extensions;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/**
 * The extensions jar's packages form a layering, as README's Layout table lists it: no package
 * depends on one that depends back on it, and none finds another's classes by name, where no import
 * would show the dependency. Checked on the compiled classes, so a cycle through a method body, a
 * field or a lambda counts as much as one through an import.
 */
class ExtensionPackagesTest {
  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("io.deltax.extensions", "io.deltax.backfill");

  @Test
  void packagesHaveNoCycle() {
    slices().matching("io.deltax.(**)").should().beFreeOfCycles().check(MAIN);
  }

  @Test
  void noClassIsLoadedByName() {
    noClasses()
        .should()
        .callMethod(Class.class, "forName", String.class)
        .orShould()
        .callMethod(Class.class, "forName", String.class, boolean.class, ClassLoader.class)
        .orShould()
        .callMethod(ServiceLoader.class, "load", Class.class)
        .orShould()
        .callMethod(ServiceLoader.class, "load", Class.class, ClassLoader.class)
        .because("a class found by name is a dependency that no import shows")
        .check(MAIN);
  }
}
