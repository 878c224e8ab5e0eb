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
 * What a user's {@code table} argument names: a path ({@code '/data/t'}, {@code 's3a://bucket/t'})
 * or the name of a metastore table whose provider is Delta, resolved through Spark's session
 * catalog to its location. The procedures, the CLI and {@code deltax_changes(…)} take tables this
 * way, and open its files with the options the entry keeps. Depends on {@code conf} and {@code
 * errors} only.
 */
package io.deltax.names;
