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
 * {@code bin/deltax}: deltax's procedures and reads on an embedded local Spark, with exit codes 0
 * (done), 1 (the table or the work failed) and 2 (the command line is wrong). {@link
 * io.deltax.cli.DeltaXCli} runs a command line; the commands and their options are declared once
 * ({@code Command}, {@code Option}), read once ({@code CommandLine}) and described from the same
 * declarations ({@code Usage}). A procedure's answer is printed as text or, with {@code --json}, as
 * one JSON object ({@code Answer}, {@code Json}). The work itself is the connector's and the
 * extensions'; nothing here runs on Spark's executors.
 */
package io.deltax.cli;
