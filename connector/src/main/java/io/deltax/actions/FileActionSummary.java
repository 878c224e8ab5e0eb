package io.deltax.actions;

/**
 * The few fields of an {@code add} or {@code remove} action that history questions need, read
 * without parsing the rest of the action (see {@code io.deltax.log.TransactionLog#readFileActions}).
 *
 * @param add true for an {@code add}, false for a {@code remove}
 * @param path the path as the log writes it
 * @param baseRowId null where the action has none
 * @param stats the statistics JSON of an {@code add}, or null
 */
public record FileActionSummary(boolean add, String path, Long baseRowId, String stats) {}
