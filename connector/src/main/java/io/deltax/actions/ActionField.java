package io.deltax.actions;

import java.util.function.Function;

/**
 * One field of an action (or of a struct inside one), declared once in its record's
 * {@code SCHEMA}.
 *
 * @param name the field's name in JSON and in Parquet
 * @param value what a writer writes for a record; null leaves the field out (a rule such as
 *     "tags only when there are some" lives here)
 * @param absent what a reader reads where the log has no value, or null
 * @param struct the nested schema of a {@link FieldType#STRUCT} field, else null
 */
public record ActionField<T>(String name, FieldType type, Function<T, ?> value, Object absent,
    ActionSchema<?> struct) {}
