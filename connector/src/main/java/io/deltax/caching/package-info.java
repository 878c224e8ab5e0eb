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
 * Caching that any package may use: {@link io.deltax.caching.BoundedLru}, the one bounded
 * least-recently-used map that deltax's caches are built on. It is the bottom of the layer list and
 * imports nothing of deltax.
 *
 * <p>Not here: what a cache keeps, its key and its bound; those are its owner's (the footers in
 * {@code io.deltax.actions}, the snapshots in {@code io.deltax.snapshots}, and so on).
 */
package io.deltax.caching;
