/**
 * Deletion vectors (PROTOCOL.md, "Deletion Vectors"): where a vector is stored and how it is
 * loaded ({@code DeletionVectorStore}, {@code Z85}), the bitmap it decodes to ({@code DeletedRows}),
 * and where the rows it removes are dropped from a batch ({@code DeletedRowsFilter}, a zero-copy
 * view). The row-based reader asks {@code DeletedRows} directly. Vectors read are kept per JVM in
 * {@code LoadedVectors}, an {@code io.deltax.caching.BoundedLru} weighed by stored size.
 */
package io.deltax.deletionvectors;
