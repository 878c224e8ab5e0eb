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

/**
 * The few fields of an {@code add} or {@code remove} action that history questions need, read
 * without parsing the rest of the action (see {@code
 * io.deltax.log.TransactionLog#readFileActions}).
 *
 * @param add true for an {@code add}, false for a {@code remove}
 * @param path the path as the log writes it
 * @param baseRowId null where the action has none
 * @param stats the statistics JSON of an {@code add}, or null
 */
public record FileActionSummary(boolean add, String path, Long baseRowId, String stats) {}
