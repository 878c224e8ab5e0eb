/**
 * deltax's SparkSessionExtension and procedure catalog: {@code ResolveDeltaXProcedures} is the one
 * touch point with Spark's {@code CALL} plan; {@code ChangesTableFunction}, the table-valued
 * function {@code deltax_changes}. The procedures themselves are in
 * {@code io.deltax.extensions.procedures}.
 */
package io.deltax.extensions;
