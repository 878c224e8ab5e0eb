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
 * Writing commits: {@link io.deltax.log.write.CommitWriter} publishes {@code N.json} only if no
 * other writer did, through {@link io.deltax.log.LogFilePublisher} (put-if-absent on each kind of
 * store: a link or rename of a hidden temporary file, or one conditional upload; refused, before
 * anything is written, where the store cannot do it; checkpoints are published the same way), and
 * {@link io.deltax.log.write.CommitInfoLine} makes the {@code commitInfo} line a deltax commit
 * starts with. The actions' lines come from {@code io.deltax.actions.ActionJson}.
 *
 * <p>Not here: checkpoints' contents, written beside their reader in {@code io.deltax.log} ({@code
 * CheckpointWriter}); what a backfill commits ({@code io.deltax.backfill}).
 */
package io.deltax.log.write;
