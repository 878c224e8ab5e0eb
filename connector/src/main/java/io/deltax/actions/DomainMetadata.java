package io.deltax.actions;

import static io.deltax.actions.FieldType.BOOLEAN;
import static io.deltax.actions.FieldType.STRING;

/**
 * A {@code domainMetadata} action (PROTOCOL.md, "Domain Metadata"). Row tracking keeps its
 * high-water mark in the {@code delta.rowTracking} domain.
 */
public record DomainMetadata(String domain, String configuration, boolean removed) implements Action {

  public static final ActionSchema<DomainMetadata> SCHEMA =
      ActionSchema.builder(DomainMetadata.class, "domainMetadata")
          .required("domain", STRING, DomainMetadata::domain)
          .field("configuration", STRING, DomainMetadata::configuration)
          .field("removed", BOOLEAN, DomainMetadata::removed, false)
          .build(v -> new DomainMetadata(v.string("domain"), v.string("configuration"), v.bool("removed")));
}
