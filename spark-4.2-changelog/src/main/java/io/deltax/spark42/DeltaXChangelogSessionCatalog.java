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

import io.deltax.catalog.DeltaXSessionCatalog;
import io.deltax.changes.ChangeFeedTable;
import java.util.Optional;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.connector.catalog.Changelog;
import org.apache.spark.sql.connector.catalog.ChangelogContext;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * deltax as Spark's session catalog, plus Spark 4.2's {@code loadChangelog}: register it instead of
 * {@code io.deltax.catalog.DeltaXSessionCatalog} on Spark 4.2 ({@code
 * spark.sql.catalog.spark_catalog=io.deltax.spark42.DeltaXChangelogSessionCatalog}), so {@code
 * SELECT * FROM sales.orders CHANGES FROM VERSION 3} reads a Delta table's changes by its name.
 * Other tables' changes are Spark's own catalog's to answer. In this jar for the reason {@link
 * DeltaXChangelogCatalog} is.
 */
public class DeltaXChangelogSessionCatalog extends DeltaXSessionCatalog {

  /** As {@link DeltaXChangelogCatalog#loadChangelog}, for a Delta table the metastore names. */
  @Override
  public Changelog loadChangelog(
      Identifier ident, ChangelogContext context, CaseInsensitiveStringMap options)
      throws NoSuchTableException {
    Optional<ChangeFeedTable> changes =
        loadChanges(
            ident,
            ChangelogRanges.readOptions(options),
            ChangelogRanges.toRequest(context.range()));
    if (changes.isEmpty()) {
      return super.loadChangelog(ident, context, options);
    }
    DeltaXChangelog changelog = new DeltaXChangelog(changes.get());
    changelog.checkCanServe(context);
    return changelog;
  }
}
