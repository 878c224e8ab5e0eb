package io.deltax.backfill;

/**
 * What a backfill did (or, in a dry run, would do).
 *
 * @param files files given row IDs (or to be given)
 * @param commits backfill commits written (or planned)
 * @param firstVersion the first version written (or planned), null when none
 * @param lastVersion the last version written (or planned), null when none
 * @param highWaterMark the row ID high-water mark afterwards (-1 while no row ID exists)
 * @param enabled whether row tracking is enabled afterwards
 */
public record BackfillResult(String table, boolean dryRun, long files, int commits,
    Long firstVersion, Long lastVersion, long highWaterMark, boolean enabled, String message) {}
