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
package io.deltax.errors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.stream.Stream;
import org.apache.spark.sql.AnalysisException;
import org.junit.jupiter.api.Test;

/**
 * The table of conditions and the factory agree: every condition is in the resource and every
 * template is used; each method renders its own template with all its parameters into the exception
 * its condition's kind names; every SQLSTATE is one Spark knows.
 */
class DeltaXErrorsTest {
  private static JsonNode read(String resource) throws IOException {
    try (InputStream in = DeltaXErrorsTest.class.getClassLoader().getResourceAsStream(resource)) {
      assertNotNull(in, resource);
      return new ObjectMapper().readTree(in);
    }
  }

  private static List<Method> factoryMethods() {
    return Stream.of(
            DeltaXErrors.class, WriteErrors.class, ChangeFeedErrors.class, StreamErrors.class)
        .flatMap(factory -> Arrays.stream(factory.getDeclaredMethods()))
        .filter(m -> Modifier.isPublic(m.getModifiers()) && Modifier.isStatic(m.getModifiers()))
        .toList();
  }

  @Test
  void theEnumAndTheResourceNameTheSameConditions() throws IOException {
    Set<String> inResource = new TreeSet<>();
    read(DeltaXErrorCondition.RESOURCE).fieldNames().forEachRemaining(inResource::add);
    Set<String> inEnum = new TreeSet<>();
    Arrays.stream(DeltaXErrorCondition.values()).forEach(c -> inEnum.add(c.name()));
    assertEquals(inEnum, inResource);
  }

  @Test
  void everyTemplateIsAFactoryMethod() throws IOException {
    Set<String> templates = new TreeSet<>();
    read(DeltaXErrorCondition.RESOURCE)
        .forEach(c -> c.path("messages").fieldNames().forEachRemaining(templates::add));
    Set<String> methods = new TreeSet<>();
    factoryMethods().forEach(m -> assertTrue(methods.add(m.getName()), "overloaded: " + m));
    assertEquals(methods, templates);
  }

  /** Spark's own table of SQLSTATEs ships in spark-common-utils. */
  @Test
  void everySqlStateIsOneSparkKnows() throws IOException {
    JsonNode states = read("error/error-states.json");
    for (DeltaXErrorCondition c : DeltaXErrorCondition.values()) {
      String state = c.sqlState();
      assertNotNull(state, c.name());
      assertTrue(state.matches("[0-9A-Z]{5}"), c + ": " + state);
      assertTrue(states.has(state) || states.has(state.substring(0, 2) + "000"), c + ": " + state);
    }
  }

  @Test
  void everyMethodRendersItsTemplateIntoItsKindOfException() throws Exception {
    Set<DeltaXErrorCondition> raised = new HashSet<>();
    for (Method m : factoryMethods()) {
      for (boolean flag : new boolean[] {true, false}) {
        Throwable t = invoke(m, flag);
        DeltaXThrowable e = assertInstanceOf(DeltaXThrowable.class, t, m.getName());
        DeltaXErrorCondition c = e.condition();
        raised.add(c);
        Class<?> kind =
            switch (c.kind()) {
              case ANALYSIS -> AnalysisException.class;
              case ILLEGAL_ARGUMENT -> IllegalArgumentException.class;
              case RUNTIME -> RuntimeException.class;
            };
        assertInstanceOf(kind, t, m.getName());
        assertEquals(c.name(), e.getCondition());
        assertEquals(c.sqlState(), e.getSqlState());
        String template = c.template(m.getName());
        assertEquals(template, e.getDefaultMessageTemplate(), m.getName());
        Set<String> names = new TreeSet<>();
        Matcher p = DeltaXErrorCondition.PARAMETER.matcher(template);
        while (p.find()) {
          names.add(p.group(1));
        }
        assertEquals(names, new TreeSet<>(e.getMessageParameters().keySet()), m.getName());
        assertEquals(
            "[" + c + "] " + e.plainMessage() + " SQLSTATE: " + c.sqlState(), t.getMessage());
        assertFalse(DeltaXErrorCondition.PARAMETER.matcher(t.getMessage()).find(), t.getMessage());
        DeltaXThrowable copy = (DeltaXThrowable) serializedAndBack(t);
        assertSame(c, copy.condition());
        assertEquals(t.getMessage(), copy.getMessage());
        assertEquals(e.getMessageParameters(), copy.getMessageParameters());
      }
    }
    assertEquals(Set.of(DeltaXErrorCondition.values()), raised);
  }

  /** The exception {@code m} builds from dummy arguments, returned or, for an analysis, thrown. */
  private static Throwable invoke(Method m, boolean flag) throws IllegalAccessException {
    Class<?>[] types = m.getParameterTypes();
    Object[] args = new Object[types.length];
    for (int i = 0; i < types.length; i++) {
      args[i] = dummy(types[i], i, flag);
    }
    try {
      return (Throwable) m.invoke(null, args);
    } catch (InvocationTargetException e) {
      return e.getCause();
    }
  }

  private static Object dummy(Class<?> type, int i, boolean flag) {
    if (type == String.class) {
      return "s" + i;
    } else if (type == long.class) {
      return 10L + i;
    } else if (type == int.class) {
      return 20 + i;
    } else if (type == boolean.class) {
      return flag;
    } else if (Collection.class.isAssignableFrom(type)) {
      return List.of("a" + i, "b");
    } else if (Throwable.class.isAssignableFrom(type)) {
      return new IOException("failure " + i);
    } else if (type == java.util.Optional.class) {
      return flag ? java.util.Optional.of(30L + i) : java.util.Optional.empty();
    }
    throw new IllegalArgumentException("No dummy " + type);
  }

  private static Object serializedAndBack(Throwable t) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(t);
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return in.readObject();
    }
  }

  /** A value holding {@code <…>}, such as a schema, is not taken for a parameter. */
  @Test
  void renderingIsOnePass() {
    assertEquals(
        "schema struct<why:int>, why x",
        DeltaXErrorCondition.render(
            "schema <schema>, why <why>",
            java.util.Map.of("schema", "struct<why:int>", "why", "x")));
  }
}
