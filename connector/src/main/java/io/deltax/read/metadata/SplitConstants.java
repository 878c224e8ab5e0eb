package io.deltax.read.metadata;

/**
 * The per-split values of the constant {@code _metadata} fields.
 *
 * @param filePath the file's URI, as Spark's {@code _metadata.file_path} shows it
 * @param baseRowId null where row tracking has not assigned one
 */
public record SplitConstants(String filePath, String fileName, long fileSize, long blockStart,
    long blockLength, long modificationTimeMillis, Long baseRowId, Long defaultRowCommitVersion) {}
