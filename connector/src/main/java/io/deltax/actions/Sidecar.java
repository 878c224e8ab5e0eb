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
 * A {@code sidecar} action of a V2 checkpoint (PROTOCOL.md, "Sidecar File Information"): a Parquet
 * file under {@code _delta_log/_sidecars/} that holds part of the checkpoint's file actions.
 */
public record Sidecar(String path, long sizeInBytes, long modificationTime) implements Action {

  public static final ActionSchema<Sidecar> SCHEMA =
      ActionSchema.builder(Sidecar.class, "sidecar")
          .required("path", STRING, Sidecar::path)
          .field("sizeInBytes", LONG, Sidecar::sizeInBytes, 0L)
          .field("modificationTime", LONG, Sidecar::modificationTime, 0L)
          .build(
              v ->
                  new Sidecar(
                      v.string("path"), v.int64("sizeInBytes"), v.int64("modificationTime")));
}
