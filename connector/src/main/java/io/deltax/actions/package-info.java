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
/**
 * The Delta protocol's actions (PROTOCOL.md, "Actions") as small immutable records, each with its
 * one field list, {@code SCHEMA} (an {@link io.deltax.actions.ActionSchema}: names, kinds, what is
 * read where a field is absent, what is written), and the codecs derived from those lists: {@link
 * io.deltax.actions.ActionJson} (commit lines, V2 JSON checkpoints, and the streamed file-action
 * summaries of long histories), {@link io.deltax.actions.ParquetActionReader} and {@link
 * io.deltax.actions.ParquetActionWriter} (checkpoint and sidecar rows; the footers read kept in
 * {@code ParquetFooterCache}, an {@code io.deltax.caching.BoundedLru} weighed by column chunks).
 * Adding a field to an action touches its record's file alone.
 *
 * <p>Not here: which files make up a log and what their actions add up to ({@code io.deltax.log});
 * which table features deltax can read or write ({@code io.deltax.protocol}).
 */
package io.deltax.actions;
