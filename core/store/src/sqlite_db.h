// The SQLite layer under the run store: a checked prepared statement, and failures turned into
// words a user can act on ("disk full while writing 'runs.sqlite': ... (no space left on the
// disk)"). Private to core/store; no torch and no Qt.
#pragma once

#include "ampscope/run_store.h"

#include <sqlite3.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>

namespace ampscope::store_detail {

/// `path` in single quotes, as every message names a file.
std::string in_quotes(const std::string& path);
/// Now, ISO 8601 UTC ("2024-05-01T12:00:00Z").
std::string now_iso8601();

/// What a store operation was doing when it failed, for messages ("disk full while writing").
enum class Doing { Reading, Writing, Creating, SettingUp, CreatingRun, Upgrading };

/// The words a user can act on for an SQLite failure; `doing` says what was attempted.
/// SQLite's own words (the cause) are not translated.
UserText describe(sqlite3* db, int rc, const std::string& path, Doing doing_what);

/// Runs `sql` (one or more statements); throws RunStoreError on failure.
void exec(sqlite3* db, const std::string& path, const char* sql, Doing doing);
/// Rolls back the open transaction, if any, ignoring errors (the caller is already failing).
void rollback_quietly(sqlite3* db);

/// A prepared statement with checked binds; reset() makes it reusable.
class Statement {
 public:
  Statement() = default;
  Statement(sqlite3* db, const std::string& path, const char* sql) : m_db(db), m_path(&path) {
    const int rc = sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &m_stmt, nullptr);
    if (rc != SQLITE_OK) throw RunStoreError(describe(db, rc, path, Doing::Reading));
  }
  ~Statement() { sqlite3_finalize(m_stmt); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  Statement(Statement&& o) noexcept { *this = std::move(o); }
  Statement& operator=(Statement&& o) noexcept {
    std::swap(m_stmt, o.m_stmt);
    m_db = o.m_db;
    m_path = o.m_path;
    return *this;
  }
  explicit operator bool() const { return m_stmt != nullptr; }

  Statement& bind(int i, std::int64_t v) { return check(sqlite3_bind_int64(m_stmt, i, v)); }
  Statement& bind(int i, int v) { return check(sqlite3_bind_int64(m_stmt, i, v)); }
  Statement& bind(int i, bool v) { return check(sqlite3_bind_int64(m_stmt, i, v ? 1 : 0)); }
  // NaN would become NULL inside SQLite anyway; binding NULL explicitly documents it.
  Statement& bind(int i, double v) {
    return check(std::isnan(v) ? sqlite3_bind_null(m_stmt, i) : sqlite3_bind_double(m_stmt, i, v));
  }
  Statement& bind(int i, const std::string& v) {
    return check(sqlite3_bind_text(m_stmt, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT));
  }
  Statement& bind_null(int i) { return check(sqlite3_bind_null(m_stmt, i)); }

  /// True for a row, false when done; throws on error (with `doing` in the message).
  bool step(Doing doing) {
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    UserText msg = describe(m_db, rc, *m_path, doing);
    sqlite3_reset(m_stmt);
    throw RunStoreError(std::move(msg));
  }
  void run(Doing doing) {
    step(doing);
    reset();
  }
  void reset() {
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
  }

  std::int64_t i64(int c) const { return sqlite3_column_int64(m_stmt, c); }
  bool is_null(int c) const { return sqlite3_column_type(m_stmt, c) == SQLITE_NULL; }
  double real(int c) const { return is_null(c) ? std::numeric_limits<double>::quiet_NaN() : sqlite3_column_double(m_stmt, c); }
  std::string text(int c) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(m_stmt, c));
    return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(m_stmt, c))) : std::string();
  }

 private:
  Statement& check(int rc) {
    if (rc != SQLITE_OK) throw RunStoreError(describe(m_db, rc, *m_path, Doing::Writing));
    return *this;
  }
  sqlite3* m_db = nullptr;
  const std::string* m_path = nullptr;
  sqlite3_stmt* m_stmt = nullptr;
};

/// Appends "[1,2,3]" to `out` (cleared first). Histograms are most of what a recorder writes,

}  // namespace ampscope::store_detail
