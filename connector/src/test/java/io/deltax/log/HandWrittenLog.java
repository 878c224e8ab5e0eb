package io.deltax.log;

import io.deltax.actions.Action;
import io.deltax.actions.ActionJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Commits written by hand into a table's {@code _delta_log}, for tests of reading it back. */
final class HandWrittenLog {
  private HandWrittenLog() {}

  static Path logDir(Path table) {
    return table.resolve(LogFileName.LOG_DIR);
  }

  static void commit(Path table, long version, Action... actions) throws IOException {
    StringBuilder lines = new StringBuilder();
    for (Action action : actions) {
      lines.append(ActionJson.toJson(action)).append('\n');
    }
    Files.createDirectories(logDir(table));
    Files.writeString(logDir(table).resolve(LogFileName.commitName(version)), lines);
  }
}
