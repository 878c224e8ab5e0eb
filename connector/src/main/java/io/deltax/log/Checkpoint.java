package io.deltax.log;

import java.util.List;
import org.apache.hadoop.fs.FileStatus;

/**
 * One complete checkpoint of a version: a classic file, all parts of a multi-part checkpoint, or a
 * V2 top-level file (whose sidecars are found when it is read).
 */
public record Checkpoint(long version, LogFileName.Kind kind, List<FileStatus> files) {

  /**
   * Which checkpoint to read when a version has several: a V2 one (it may carry more, such as
   * domain metadata from the V2 spec), then a classic single file, then multi-part (more files).
   */
  int preference() {
    return switch (kind) {
      case V2_CHECKPOINT -> 0;
      case CLASSIC_CHECKPOINT -> 1;
      default -> 2;
    };
  }

  public boolean isV2() {
    return kind == LogFileName.Kind.V2_CHECKPOINT;
  }
}
