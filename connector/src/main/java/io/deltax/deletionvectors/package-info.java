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
 * Deletion vectors (PROTOCOL.md, "Deletion Vectors"): where a vector is stored and how it is loaded
 * ({@code DeletionVectorStore}, {@code Z85}), the bitmap it decodes to ({@code DeletedRows}), and
 * where the rows it removes are dropped from a batch ({@code DeletedRowsFilter}, a zero-copy view).
 * The row-based reader asks {@code DeletedRows} directly. Vectors read are kept per JVM in {@code
 * LoadedVectors}, an {@code io.deltax.caching.BoundedLru} weighed by stored size.
 */
package io.deltax.deletionvectors;
