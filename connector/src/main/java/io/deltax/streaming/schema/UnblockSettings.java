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
package io.deltax.streaming.schema;

import io.deltax.conf.SchemaTrackingRequest;
import java.util.Locale;
import java.util.function.Function;

/**
 * Whether a logged rename, drop or type widening may be read past, as delta-spark decides ({@code
 * DeltaSourceMetadataEvolutionSupport.isChangeUnblocked}): by a reader option ({@code
 * allowSourceColumnRename}, {@code …Drop}, {@code …TypeChange}) set to {@code always} or the
 * change's version, or by delta-spark's SQL conf ({@code
 * spark.databricks.delta.streaming.allowSourceColumn…}; renames and drops also by {@code
 * …RenameAndDrop}) set to {@code always}, or suffixed {@code .ckpt_<hash>} for one stream and set
 * to {@code always} or the version. The hash is Java's {@code String.hashCode} of the stream's
 * source checkpoint directory, as delta-spark's {@code getCheckpointHash}.
 *
 * @param options the stream's reader options
 * @param sqlConf the session's SQL confs, by key (null where unset)
 * @param checkpointHash the hash of the source's checkpoint directory
 */
record UnblockSettings(
    SchemaTrackingRequest options, Function<String, String> sqlConf, int checkpointHash) {

  /** Whether {@code change}, logged at {@code version}, may be read past. */
  boolean unblocks(SchemaChange change, long version) {
    boolean renameBlocked =
        change.isRename()
            && !byOption(options.allowRename(), version)
            && !byConf(SchemaChange.RENAME, version)
            && !byConf(SchemaChange.RENAME_AND_DROP, version);
    boolean dropBlocked =
        change.isDrop()
            && !byOption(options.allowDrop(), version)
            && !byConf(SchemaChange.DROP, version)
            && !byConf(SchemaChange.RENAME_AND_DROP, version);
    boolean typeBlocked =
        change.isTypeWidening()
            && !byOption(options.allowTypeChange(), version)
            && !byConf(SchemaChange.TYPE_CHANGE, version);
    return !renameBlocked && !dropBlocked && !typeBlocked;
  }

  private static boolean byOption(String value, long version) {
    return value != null && (value.equals("always") || value.equals(Long.toString(version)));
  }

  private boolean byConf(String key, long version) {
    String all = lower(sqlConf.apply(key));
    String stream = lower(sqlConf.apply(key + ".ckpt_" + checkpointHash));
    return "always".equals(all) || "always".equals(stream) || Long.toString(version).equals(stream);
  }

  private static String lower(String value) {
    return value == null ? null : value.toLowerCase(Locale.ROOT);
  }
}
