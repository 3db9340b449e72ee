// Test helper: turns a run store written by this build back into exactly what schema 1 wrote
// (AmpScope 0.1: no step counts in `runs`, a run_summary view that counts the step rows), to
// test reading and upgrading old files, and the run list's slow path.
#pragma once

#include <sqlite3.h>

#include <string>

namespace ampscope::storetest {

/// Returns an empty string, or SQLite's message.
inline std::string downgrade_to_schema1(const std::string& path) {
  static constexpr const char* kSql =
      "BEGIN IMMEDIATE;"
      "DROP VIEW run_summary;"
      "ALTER TABLE runs DROP COLUMN step_count;"
      "ALTER TABLE runs DROP COLUMN skipped_count;"
      "CREATE VIEW run_summary AS"
      "  SELECT r.id, r.created, r.model, r.precision, r.device, r.status,"
      "         (SELECT count(*) FROM steps s WHERE s.run_id = r.id) AS steps,"
      "         (SELECT coalesce(sum(s.skipped), 0) FROM steps s WHERE s.run_id = r.id) AS skipped,"
      "         l.scale AS final_scale, l.loss AS final_loss"
      "  FROM runs r"
      "  LEFT JOIN steps l ON l.run_id = r.id"
      "                   AND l.step = (SELECT max(step) FROM steps s WHERE s.run_id = r.id);"
      "PRAGMA user_version=1;"
      "UPDATE meta SET value='1' WHERE key='schema_version';"
      "COMMIT;";
  sqlite3* db = nullptr;
  std::string error;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
    error = db ? sqlite3_errmsg(db) : "cannot open";
  } else {
    char* msg = nullptr;
    if (sqlite3_exec(db, kSql, nullptr, nullptr, &msg) != SQLITE_OK) error = msg ? msg : "failed";
    sqlite3_free(msg);
  }
  sqlite3_close(db);
  return error;
}

}  // namespace ampscope::storetest
