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
package io.deltax.read.pushdown;

import io.deltax.actions.AddFile;
import java.util.List;

/**
 * Which of a scan's files an operator above it needs, where Spark still runs that operator on the
 * rows read: the files that can hold an aggregate's extremes ({@link FilesForExtremes}) or the
 * first rows of an order ({@link FilesForTopN}). Two scans that need other files are not equal.
 */
public interface NeededFiles {
  /** Every file: nothing pushed. */
  NeededFiles ALL =
      new NeededFiles() {
        @Override
        public List<AddFile> of(List<AddFile> files) {
          return files;
        }

        @Override
        public String toString() {
          return "";
        }
      };

  /**
   * The files of {@code files} the operator needs, in their order.
   *
   * @param files the files the scan's filters (pushed and runtime) keep
   */
  List<AddFile> of(List<AddFile> files);

  /** What the scan's description adds: empty, or {@code ", ..."}. */
  @Override
  String toString();
}
