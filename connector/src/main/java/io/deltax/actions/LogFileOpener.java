package io.deltax.actions;

import java.io.IOException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.util.functional.FutureIO;

/**
 * Opens a file the log's listing already describes. {@code fs.open(path)} makes S3A (and ABFS)
 * ask the store for the file's length first, a HEAD per file; with the listed status it does not.
 */
public final class LogFileOpener {
  private LogFileOpener() {}

  /** Opens {@code file} with its listed status and a read policy ("sequential", "whole-file", ...). */
  public static FSDataInputStream open(FileSystem fs, FileStatus file, String readPolicy) throws IOException {
    return FutureIO.awaitFuture(fs.openFile(file.getPath()).withFileStatus(file)
        .opt(Options.OpenFileOptions.FS_OPTION_OPENFILE_READ_POLICY, readPolicy).build());
  }
}
