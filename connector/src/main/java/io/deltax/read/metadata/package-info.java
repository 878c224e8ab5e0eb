/**
 * The {@code _metadata} column: the fields a scan may select ({@code MetadataField},
 * {@code MetadataColumns}), the read plan that says where each comes from ({@code MetadataReadPlan}),
 * and the columnar and row-based assemblers that put it together per batch. {@code MetadataParquetRead}
 * chooses, for a table scan and a change feed alike, whether row indexes are counted or read from
 * Spark's column. Row IDs are computed in
 * {@code io.deltax.rowtracking.RowIdVectors}; deleted rows are dropped in
 * {@code io.deltax.deletionvectors}.
 */
package io.deltax.read.metadata;
