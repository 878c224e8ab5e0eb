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

import static io.deltax.actions.FieldType.LONG;
import static io.deltax.actions.FieldType.STRING;

/**
 * A {@code txn} action: the last version an application committed (PROTOCOL.md, "Transaction
 * Identifiers").
 */
public record SetTransaction(String appId, long version, Long lastUpdated) implements Action {

  public static final ActionSchema<SetTransaction> SCHEMA =
      ActionSchema.builder(SetTransaction.class, "txn")
          .required("appId", STRING, SetTransaction::appId)
          .field("version", LONG, SetTransaction::version, 0L)
          .field("lastUpdated", LONG, SetTransaction::lastUpdated)
          .build(
              v ->
                  new SetTransaction(
                      v.string("appId"), v.int64("version"), v.int64("lastUpdated")));
}
