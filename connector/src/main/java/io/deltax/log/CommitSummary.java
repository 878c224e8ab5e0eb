package io.deltax.log;

import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;

/**
 * What one commit still in the log did, for history questions ("when was row tracking enabled?").
 *
 * @param timestamp the in-commit timestamp where the commit has one, else the file's time
 * @param operation the {@code commitInfo} operation, or null when the commit has none
 * @param metadata the commit's {@code metaData} action, or null
 * @param protocol the commit's {@code protocol} action, or null
 */
public record CommitSummary(long version, long timestamp, String operation, Metadata metadata,
    Protocol protocol) {}
