/**
 * deltax's SparkSessionExtension and procedure catalog: {@code ResolveDeltaXProcedures} is the one
 * touch point with Spark's {@code CALL} plan. The procedures themselves are in
 * {@code io.deltax.extensions.procedures}.
 */
package io.deltax.extensions;
