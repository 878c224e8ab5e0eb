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
 * deltax on real store servers started by the tests, on loopback only: HDFS ({@link
 * io.deltax.it.stores.MiniHdfs}, a MiniDFSCluster in the test JVM) and ADLS through the ABFS client
 * ({@link io.deltax.it.stores.Azurite}, the Azure Blob emulator in a child process). The tests read
 * tables delta-spark wrote there, backfill them, race two backfills and kill a backfill's JVM, each
 * judged by delta-spark. Tables and local-file-system behaviour live in {@code io.deltax.it}; this
 * package only adds the stores.
 */
package io.deltax.it.stores;
