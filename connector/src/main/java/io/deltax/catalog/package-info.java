/**
 * Names for tables in SQL: {@code DeltaXCatalog}, a read-only catalog that resolves
 * {@code deltax.`/path`} (with {@code VERSION AS OF} / {@code TIMESTAMP AS OF}) to deltax tables.
 */
package io.deltax.catalog;
