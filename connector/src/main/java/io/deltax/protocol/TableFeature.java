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
package io.deltax.protocol;

/**
 * One table feature (PROTOCOL.md, "Valid Feature Names in Table Features") and what deltax does
 * with it.
 *
 * @param minReaderVersion the least reader version whose legacy protocols imply the feature: 1 for
 *     writer features, 2 for column mapping, 3 (never implied) for the other reader features
 * @param minWriterVersion the least writer version whose legacy protocols imply it; 7 for the
 *     features a legacy protocol never implies
 * @param deltaxReads whether deltax reads tables with it: true for every writer feature, which
 *     readers ignore
 * @param deltaxWrites whether deltax's commits keep its rules (see {@link
 *     TableFeatures#checkWritable})
 */
public record TableFeature(
    String name,
    Type type,
    int minReaderVersion,
    int minWriterVersion,
    boolean deltaxReads,
    boolean deltaxWrites) {

  /** Whether readers must know the feature too, or only writers. */
  public enum Type {
    READER_WRITER("reader-writer"),
    WRITER("writer");

    private final String label;

    Type(String label) {
      this.label = label;
    }

    /** The word {@code table_features} shows. */
    public String label() {
      return label;
    }
  }

  /**
   * Whether a legacy protocol of these versions implies the feature (PROTOCOL.md, "Writer Version
   * Requirements" and "Reader Version Requirements"): both versions must reach the feature's, as in
   * delta-spark and Delta Kernel, so protocol (1, 5) does not imply column mapping.
   */
  boolean impliedBy(int readerVersion, int writerVersion) {
    return readerVersion >= minReaderVersion && writerVersion >= minWriterVersion;
  }
}
