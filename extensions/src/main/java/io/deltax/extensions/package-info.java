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
 * deltax's SparkSessionExtension and procedure catalog: {@code ResolveDeltaXProcedures} is the one
 * touch point with Spark's {@code CALL} plan. The extension also registers the table-valued
 * function {@code deltax_changes}, whose plan is the change feed's ({@code
 * io.deltax.changes.ChangesTableFunction}). The procedures themselves are in {@code
 * io.deltax.extensions.procedures}.
 */
package io.deltax.extensions;
