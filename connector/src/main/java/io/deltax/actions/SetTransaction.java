package io.deltax.actions;

/** A {@code txn} action: the last version an application committed (PROTOCOL.md, "Transaction Identifiers"). */
public record SetTransaction(String appId, long version, Long lastUpdated) implements Action {}
