/**
 * The {@code _metadata} column: the fields a scan may select ({@code MetadataField},
 * {@code MetadataColumns}), the read plan that says where each comes from ({@code MetadataReadPlan}),
 * and the columnar and row-based assemblers that put it together per batch. Row IDs are computed in
 * {@code io.deltax.rowtracking.RowIdVectors}; deleted rows are dropped in
 * {@code io.deltax.deletionvectors}.
 */
package io.deltax.read.metadata;
