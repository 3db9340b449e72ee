// Test helper: turns a run store written by this build back into exactly what schema 1 wrote
// (AmpScope 0.1: no step counts in `runs`, a run_summary view that counts the step rows) or
// schema 2 (no run origin), to test reading and upgrading old files, and the run list's slow path.
#pragma once

#include <sqlite3.h>

#include <string>

namespace ampscope::storetest {

/// Runs `sql` on the file; returns an empty string, or SQLite's message.
inline std::string exec_on_file(const std::string& path, const char* sql) {
  sqlite3* db = nullptr;
  std::string error;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
    error = db ? sqlite3_errmsg(db) : "cannot open";
  } else {
    char* msg = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &msg) != SQLITE_OK) error = msg ? msg : "failed";
    sqlite3_free(msg);
  }
  sqlite3_close(db);
  return error;
}

/// Schema 3 -> 2: the run origin's columns and the view's origin columns go. Returns an empty
/// string, or SQLite's message.
inline std::string downgrade_to_schema2(const std::string& path) {
  return exec_on_file(path,
                      "BEGIN IMMEDIATE;"
                      "DROP VIEW run_summary;"
                      "ALTER TABLE runs DROP COLUMN source;"
                      "ALTER TABLE runs DROP COLUMN run_group;"
                      "ALTER TABLE runs DROP COLUMN rank;"
                      "ALTER TABLE runs DROP COLUMN world_size;"
                      "ALTER TABLE runs DROP COLUMN writer_host;"
                      "ALTER TABLE runs DROP COLUMN writer_pid;"
                      "CREATE VIEW run_summary AS"
                      "  SELECT r.id, r.created, r.model, r.precision, r.device, r.status,"
                      "         r.step_count AS steps, r.skipped_count AS skipped,"
                      "         l.scale AS final_scale, l.loss AS final_loss"
                      "  FROM runs r"
                      "  LEFT JOIN steps l ON l.run_id = r.id"
                      "                   AND l.step = (SELECT max(step) FROM steps s WHERE s.run_id = r.id);"
                      "PRAGMA user_version=2;"
                      "UPDATE meta SET value='2' WHERE key='schema_version';"
                      "COMMIT;");
}

/// Returns an empty string, or SQLite's message.
inline std::string downgrade_to_schema1(const std::string& path) {
  if (std::string error = downgrade_to_schema2(path); !error.empty()) return error;
  return exec_on_file(path,
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
                      "COMMIT;");
}

}  // namespace ampscope::storetest
