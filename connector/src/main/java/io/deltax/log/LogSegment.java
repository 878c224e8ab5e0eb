package io.deltax.log;

import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * The files that rebuild one version of a table: the newest complete checkpoint at or before it
 * (if any), then every commit after that checkpoint up to the version, in order and without gaps.
 */
public record LogSegment(Path tableRoot, long version, Optional<Checkpoint> checkpoint,
    List<FileStatus> commits) {

  /** The newest file of the segment: its last commit, else its checkpoint's first file. */
  public FileStatus lastFile() {
    return commits.isEmpty() ? checkpoint.orElseThrow().files().get(0) : commits.get(commits.size() - 1);
  }

  /** The modification time of the segment's last commit file (or of its checkpoint). */
  public long lastModificationTime() {
    if (!commits.isEmpty()) {
      return commits.get(commits.size() - 1).getModificationTime();
    }
    return checkpoint.map(c -> c.files().get(0).getModificationTime()).orElse(0L);
  }
}
