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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.protocol.TableFeature;
import io.deltax.protocol.TableFeatures;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.delta.TableFeature$;
import org.junit.jupiter.api.Test;
import scala.jdk.javaapi.CollectionConverters;

/**
 * deltax knows every table feature the oracle's delta-spark knows (4.3 on Spark 4.1, 4.4 on Spark
 * 4.2), with the same type, so a table of a new feature is read, or refused by name, never misread.
 */
class FeatureCatalogTest {

  @Test
  void everyFeatureOfTheOraclesDeltaIsKnownWithItsType() {
    SharedSpark.session();
    List<String> problems = new ArrayList<>();
    var oracles =
        CollectionConverters.asJava(TableFeature$.MODULE$.allSupportedFeaturesMap()).values();
    assertTrue(oracles.size() > 20, "delta-spark lists its features: " + oracles.size());
    for (org.apache.spark.sql.delta.TableFeature feature : oracles) {
      Optional<TableFeature> ours = TableFeatures.known(feature.name());
      if (ours.isEmpty()) {
        problems.add(feature.name() + ": unknown to deltax");
      } else if ((ours.get().type() == TableFeature.Type.READER_WRITER)
          != feature.isReaderWriterFeature()) {
        problems.add(feature.name() + ": deltax has it as " + ours.get().type().label());
      } else if (feature.isLegacyFeature()
          && ours.get().minWriterVersion() != feature.minWriterVersion()) {
        problems.add(
            feature.name() + ": deltax has writer version " + ours.get().minWriterVersion());
      }
    }
    assertEquals(List.of(), problems);
  }
}
