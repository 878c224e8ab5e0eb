/**
 * Column mapping (PROTOCOL.md, "Column Mapping"): the logical schema a reader shows against the
 * physical names or field ids in the Parquet files, modes {@code name} and {@code id}, nested fields.
 */
package io.deltax.columnmapping;
