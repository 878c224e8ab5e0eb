package io.deltax.snapshots;

import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;

/**
 * A snapshot and the listing of the log it was read from: history questions about the snapshot
 * (row data versions, time travel) ask that listing, not a new one.
 */
public record LoadedSnapshot(TransactionLog log, Snapshot snapshot) {}
