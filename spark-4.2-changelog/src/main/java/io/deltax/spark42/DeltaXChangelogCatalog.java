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
package io.deltax.spark42;

import io.deltax.catalog.DeltaXCatalog;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.connector.catalog.Changelog;
import org.apache.spark.sql.connector.catalog.ChangelogContext;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * deltax's read-only catalog of tables by path, plus Spark 4.2's {@code loadChangelog}: register it
 * instead of {@code io.deltax.catalog.DeltaXCatalog} on Spark 4.2 ({@code
 * spark.sql.catalog.deltax=io.deltax.spark42.DeltaXChangelogCatalog}).
 *
 * <p>Why a subclass in its own jar and not a method of {@code DeltaXCatalog}: overriding {@code
 * loadChangelog} puts {@code Changelog} and {@code ChangelogContext} in the class's method
 * signatures. Spark 4.1 would still load such a class, but reflection over its methods ({@code
 * getMethods()}, which serializers, debuggers and some frameworks call) throws {@code
 * NoClassDefFoundError} there. Keeping every Spark 4.2 type in this jar keeps the connector's
 * classes whole on 4.1.
 */
public class DeltaXChangelogCatalog extends DeltaXCatalog {

  /**
   * The user's options ({@code .option(...)} of a read or stream, {@code WITH (...)} in SQL) reach
   * the change feed as its read options ({@code maxFilesPerTrigger}, {@code failOnDataLoss}, ...);
   * the range is Spark's, given as {@code context}.
   */
  @Override
  public Changelog loadChangelog(
      Identifier ident, ChangelogContext context, CaseInsensitiveStringMap options)
      throws NoSuchTableException {
    DeltaXChangelog changelog =
        new DeltaXChangelog(
            loadChanges(
                ident,
                ChangelogRanges.readOptions(options),
                ChangelogRanges.toRequest(context.range())));
    changelog.checkCanServe(context);
    return changelog;
  }
}
