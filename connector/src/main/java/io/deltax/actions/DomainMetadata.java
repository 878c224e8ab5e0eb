package io.deltax.actions;

/**
 * A {@code domainMetadata} action (PROTOCOL.md, "Domain Metadata"). Row tracking keeps its
 * high-water mark in the {@code delta.rowTracking} domain.
 */
public record DomainMetadata(String domain, String configuration, boolean removed) implements Action {}
