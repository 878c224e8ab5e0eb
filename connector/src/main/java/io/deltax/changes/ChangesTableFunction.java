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
package io.deltax.changes;

import io.deltax.conf.ReadOptions;
import io.deltax.errors.ChangeFeedErrors;
import io.deltax.names.TableArgument;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.FunctionIdentifier;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.ExpressionInfo;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.types.IntegralType;
import org.apache.spark.sql.types.NullType;
import org.apache.spark.sql.types.StringType;
import scala.Function1;
import scala.Tuple3;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;

/**
 * {@code SELECT * FROM deltax_changes('<table or path>', start [, end [, 'all' | 'net']])}: the
 * change feed as a table-valued function, the same plan as {@code
 * spark.read.format("deltax").option("readChangeFeed", "true")…}. An end of null is the latest
 * version.
 */
public final class ChangesTableFunction {
  public static final String NAME = "deltax_changes";
  private static final String USAGE =
      "_FUNC_(table, startingVersion[, endingVersion[, changeMode]]) - the rows the table's commits"
          + " from startingVersion to endingVersion (default the latest) inserted, updated and"
          + " deleted, derived from row tracking; changeMode 'all' (default) or 'net'.";

  private ChangesTableFunction() {}

  public static Tuple3<FunctionIdentifier, ExpressionInfo, Function1<Seq<Expression>, LogicalPlan>>
      definition() {
    ExpressionInfo info =
        new ExpressionInfo(ChangesTableFunction.class.getName(), null, NAME, USAGE, "");
    Function1<Seq<Expression>, LogicalPlan> builder = ChangesTableFunction::plan;
    return new Tuple3<>(FunctionIdentifier.apply(NAME), info, builder);
  }

  static LogicalPlan plan(Seq<Expression> arguments) {
    List<Object> values = new ArrayList<>();
    for (Expression e : CollectionConverters.asJava(arguments)) {
      if (!e.foldable()) {
        throw ChangeFeedErrors.badTableFunctionArgument(NAME, e.sql(), "a constant");
      }
      // A version is a whole number (or its text): a date or a timestamp would turn into an
      // unrelated number of days or microseconds.
      if (!(e.dataType() instanceof IntegralType
          || e.dataType() instanceof StringType
          || e.dataType() instanceof NullType)) {
        throw ChangeFeedErrors.badTableFunctionArgument(
            NAME, e.sql(), "a table and versions: strings or whole numbers");
      }
      Object value = e.eval(null);
      values.add(value == null ? null : value.toString());
    }
    if (values.size() < 2 || values.size() > 4) {
      throw ChangeFeedErrors.badTableFunctionArgument(
          NAME,
          values.size() + " arguments",
          "2 to 4: table, startingVersion, endingVersion, changeMode");
    }
    SparkSession spark = SparkSession.active();
    TableArgument.Resolved table = TableArgument.resolveTable(spark, (String) values.get(0));
    // The options a metastore entry keeps for the table's files, as a read by name takes them.
    DataFrameReader reader =
        spark
            .read()
            .format("deltax")
            .options(table.options())
            .option(ReadOptions.READ_CHANGE_FEED.key(), "true")
            .option(ReadOptions.STARTING_VERSION.key(), (String) values.get(1));
    if (values.size() > 2 && values.get(2) != null) {
      reader = reader.option(ReadOptions.ENDING_VERSION.key(), (String) values.get(2));
    }
    if (values.size() > 3 && values.get(3) != null) {
      reader = reader.option(ReadOptions.CHANGE_MODE.key(), (String) values.get(3));
    }
    return reader.load(table.path()).queryExecution().analyzed();
  }
}
