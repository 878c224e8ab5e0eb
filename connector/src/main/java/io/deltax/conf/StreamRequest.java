package io.deltax.conf;

import java.util.regex.Pattern;

/**
 * What a stream ({@code spark.readStream.format("deltax")}) asks for, checked before the log is
 * listed, with delta-spark's option names and meanings.
 *
 * @param startingVersion the first version whose commits the stream reads (no initial snapshot),
 *     or null
 * @param startAtLatest {@code startingVersion = latest}: only commits after the latest version
 * @param startingTimestampMillis the first version committed at or after this time, or null
 * @param startingTimestamp the start as the user wrote it, for errors, or null
 * @param maxFilesPerTrigger the most files one micro-batch admits (at least one)
 * @param maxBytesPerTrigger a soft limit on a micro-batch's bytes (at least one file), or null
 * @param skipChangeCommits skip whole commits that remove data (UPDATE, DELETE, MERGE)
 * @param ignoreDeletes skip commits that only remove data (no file added)
 * @param ignoreChanges read what a commit that also removes data adds (its rewritten rows again);
 *     commits that only remove data are skipped ({@code ignoreChanges} or delta-spark's older
 *     {@code ignoreFileDeletion})
 * @param excludeRegex files whose log path it finds are not read, or null
 * @param failOnDataLoss fail when log clean-up removed commits the stream has not read; false:
 *     skip ahead to the next commit the log holds
 */
public record StreamRequest(Long startingVersion, boolean startAtLatest, Long startingTimestampMillis,
    String startingTimestamp, int maxFilesPerTrigger, Long maxBytesPerTrigger,
    boolean skipChangeCommits, boolean ignoreDeletes, boolean ignoreChanges, Pattern excludeRegex,
    boolean failOnDataLoss) {

  /** Whether the stream starts with the table's snapshot (no starting version or timestamp). */
  public boolean startsWithSnapshot() {
    return startingVersion == null && !startAtLatest && startingTimestampMillis == null;
  }

  /** Whether {@code excludeRegex} leaves the file at {@code path} (as the log writes it) out. */
  public boolean excludes(String path) {
    return excludeRegex != null && excludeRegex.matcher(path).find();
  }
}
