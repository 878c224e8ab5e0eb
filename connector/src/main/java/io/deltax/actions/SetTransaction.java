package io.deltax.actions;

import static io.deltax.actions.FieldType.LONG;
import static io.deltax.actions.FieldType.STRING;

/** A {@code txn} action: the last version an application committed (PROTOCOL.md, "Transaction Identifiers"). */
public record SetTransaction(String appId, long version, Long lastUpdated) implements Action {

  public static final ActionSchema<SetTransaction> SCHEMA = ActionSchema.builder(SetTransaction.class, "txn")
      .required("appId", STRING, SetTransaction::appId)
      .field("version", LONG, SetTransaction::version, 0L)
      .field("lastUpdated", LONG, SetTransaction::lastUpdated)
      .build(v -> new SetTransaction(v.string("appId"), v.int64("version"), v.int64("lastUpdated")));
}
