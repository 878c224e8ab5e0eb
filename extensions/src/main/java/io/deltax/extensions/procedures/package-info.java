/**
 * The procedures {@code CALL} runs, one small class each, in the style of Spark's procedure API:
 * static parameters and output type, typed arguments, one registry ({@code DeltaXProcedures}).
 * They parse arguments and shape rows; the work is done in {@code io.deltax.backfill} and the
 * connector.
 */
package io.deltax.extensions.procedures;
