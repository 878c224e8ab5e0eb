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
/**
 * What Spark's optimizer is told from the log, and what it may leave to it: aggregates answered
 * from the files' statistics and partition values ({@code AggregatePushdown}, {@code
 * AggregateRequest}, {@code AggregateFromStatistics} over {@code FileStatistics}), and timestamps'
 * {@code MIN} and {@code MAX} from the Parquet footers of the few files that can hold them ({@code
 * AggregateFromFooters}, {@code FooterStatistics}), the files a pushed limit needs ({@code
 * FilesForLimit}), the files an aggregate or an order with a limit that Spark still computes needs
 * ({@code NeededFiles}: {@code FilesForExtremes}, {@code FilesForTopN}, by {@code FileRange}), and
 * the statistics a scan reports ({@code ScanStatistics}: {@code LiveRowCount}, {@code
 * ColumnStatisticsFromLog}). Each answer is exact or not given: where the statistics cannot answer
 * exactly, the query is planned as a scan. An answer is collected on the driver, without a Spark
 * job, by the planner strategy deltax's SQL extension adds ({@code AnswerOnDriverStrategy}).
 *
 * <p>Below {@code io.deltax.read}, whose scan builder and scan delegate here; it reads statistics
 * through {@code io.deltax.read.skipping} ({@code ExactStatistics}), and footers through the reader
 * the scan builder hands it, and their statistics, through {@code
 * io.deltax.read.files.DataFileFooter}. Not here: which files a filter keeps ({@code
 * io.deltax.read.skipping}), reading rows.
 */
package io.deltax.read.pushdown;
