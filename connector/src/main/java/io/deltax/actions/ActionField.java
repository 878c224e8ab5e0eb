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

import java.util.function.Function;

/**
 * One field of an action (or of a struct inside one), declared once in its record's {@code SCHEMA}.
 *
 * @param name the field's name in JSON and in Parquet
 * @param value what a writer writes for a record; null leaves the field out (a rule such as "tags
 *     only when there are some" lives here)
 * @param absent what a reader reads where the log has no value, or null
 * @param struct the nested schema of a {@link FieldType#STRUCT} field, else null
 */
public record ActionField<T>(
    String name, FieldType type, Function<T, ?> value, Object absent, ActionSchema<?> struct) {}
