/**
 * Caching that any package may use: {@link io.deltax.caching.BoundedLru}, the one bounded
 * least-recently-used map that deltax's caches are built on. It is the bottom of the layer list
 * and imports nothing of deltax.
 *
 * <p>Not here: what a cache keeps, its key and its bound; those are its owner's (the footers in
 * {@code io.deltax.actions}, the snapshots in {@code io.deltax.snapshots}, and so on).
 */
package io.deltax.caching;
