/*
 * Copyright 2026 The deltax Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.deltax.actions;

import static io.deltax.actions.FieldType.BOOLEAN;
import static io.deltax.actions.FieldType.STRING;

/**
 * A {@code domainMetadata} action (PROTOCOL.md, "Domain Metadata"). Row tracking keeps its
 * high-water mark in the {@code delta.rowTracking} domain.
 */
public record DomainMetadata(String domain, String configuration, boolean removed)
    implements Action {

  public static final ActionSchema<DomainMetadata> SCHEMA =
      ActionSchema.builder(DomainMetadata.class, "domainMetadata")
          .required("domain", STRING, DomainMetadata::domain)
          .field("configuration", STRING, DomainMetadata::configuration)
          .field("removed", BOOLEAN, DomainMetadata::removed, false)
          .build(
              v ->
                  new DomainMetadata(
                      v.string("domain"), v.string("configuration"), v.bool("removed")));
}
