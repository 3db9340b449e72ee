// The SQLite run store and the background recorder (schema and its rationale: docs/run_store.md).
//
// Uses the sqlite3 C API directly: prepared statements, one transaction per batch, WAL mode.
// No torch and no Qt headers here (the precompiled torch header of core is not needed).
#include "ampscope/run_store.h"

#include <sqlite3.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <deque>
#include <filesystem>
#include <limits>
#include <mutex>
#include <thread>

namespace ampscope {

namespace {

// 1: the first release. 2: runs.step_count and runs.skipped_count, kept by append_steps in the
// same transaction as the steps, so that run_summary (the run list) reads no step rows.
constexpr int kSchemaVersion = 2;
constexpr const char* kAppName = "AmpScope";
// 'AmpS' in the header's application_id lets `file` and other tools recognise the file
// without reading a table; meta stays the authority.
constexpr int kApplicationId = 0x416D7053;

// Double-valued columns are declared without a type on purpose: a column with REAL affinity
// stores integral values as integers and reads -0.0 back as +0.0, which would break the
// bit-exact round trip. Without affinity SQLite keeps the 8-byte IEEE value as given.
// NaN cannot be stored (SQLite turns it into NULL), so NULL in these columns means NaN.
constexpr const char* kSchemaSql = R"sql(
CREATE TABLE meta(
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE runs(
  id        INTEGER PRIMARY KEY,
  created   TEXT NOT NULL,
  updated   TEXT NOT NULL,
  config    TEXT NOT NULL,
  model     TEXT NOT NULL,
  dataset   TEXT NOT NULL,
  precision TEXT NOT NULL,
  device    TEXT NOT NULL,
  status    TEXT NOT NULL,
  step_count    INTEGER NOT NULL DEFAULT 0,
  skipped_count INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE layers(
  run_id   INTEGER NOT NULL REFERENCES runs(id),
  layer_id INTEGER NOT NULL,
  name     TEXT NOT NULL,
  module   TEXT NOT NULL,
  kind     TEXT NOT NULL,
  shape    TEXT NOT NULL,
  numel    INTEGER NOT NULL,
  ord      INTEGER NOT NULL,
  PRIMARY KEY(run_id, layer_id)
) WITHOUT ROWID;
CREATE TABLE steps(
  run_id             INTEGER NOT NULL REFERENCES runs(id),
  step               INTEGER NOT NULL,
  loss, lr, scale_before, scale,
  growth_tracker     INTEGER NOT NULL,
  hysteresis_tracker INTEGER NOT NULL,
  found_inf          INTEGER NOT NULL,
  skipped            INTEGER NOT NULL,
  reason             TEXT NOT NULL,
  first_offender     INTEGER,
  grad_norm, forward_ms, backward_ms, stats_ms, optimizer_ms,
  PRIMARY KEY(run_id, step)
) WITHOUT ROWID;
CREATE TABLE layer_stats(
  run_id              INTEGER NOT NULL,
  step                INTEGER NOT NULL,
  layer_id            INTEGER NOT NULL,
  numel               INTEGER NOT NULL,
  zeros               INTEGER NOT NULL,
  subnormal           INTEGER NOT NULL,
  below_min_subnormal INTEGER NOT NULL,
  above_max           INTEGER NOT NULL,
  nan                 INTEGER NOT NULL,
  pos_inf             INTEGER NOT NULL,
  neg_inf             INTEGER NOT NULL,
  amax, amin_nonzero, sum_squares, norm,
  underflow           INTEGER,
  underflow_mass,
  hist_lo             INTEGER NOT NULL,
  hist_hi             INTEGER NOT NULL,
  hist                TEXT NOT NULL,
  PRIMARY KEY(run_id, step, layer_id)
) WITHOUT ROWID;
)sql";

// The run list: the counts kept in runs, the last step found through the primary key. (Schema
// 1's view counted and summed every step row: ~0.4-1 s per million steps; a file of schema 1
// opened read-only keeps that view, and reads the same numbers, more slowly.)
constexpr const char* kSummaryViewSql = R"sql(
CREATE VIEW run_summary AS
  SELECT r.id, r.created, r.model, r.precision, r.device, r.status,
         r.step_count AS steps, r.skipped_count AS skipped,
         l.scale AS final_scale, l.loss AS final_loss
  FROM runs r
  LEFT JOIN steps l ON l.run_id = r.id
                   AND l.step = (SELECT max(step) FROM steps s WHERE s.run_id = r.id);
)sql";

// Schema 1 -> 2, in one transaction: the new columns filled from the step rows, the view
// replaced. The columns come last in runs, as in a file created with schema 2.
constexpr const char* kUpgrade1To2Sql = R"sql(
ALTER TABLE runs ADD COLUMN step_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE runs ADD COLUMN skipped_count INTEGER NOT NULL DEFAULT 0;
UPDATE runs SET
  step_count = (SELECT count(*) FROM steps s WHERE s.run_id = runs.id),
  skipped_count = (SELECT coalesce(sum(s.skipped), 0) FROM steps s WHERE s.run_id = runs.id);
DROP VIEW IF EXISTS run_summary;
)sql";

const char* const kRequiredTables[] = {"runs", "layers", "steps", "layer_stats"};

std::string in_quotes(const std::string& path) { return "'" + path + "'"; }

std::string now_iso8601() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

/// Why a write may have failed, as far as we can tell afterwards: SQLite's errno is often lost
/// by then (its VFS reports the current errno, not the failed call's), so look at the causes a
/// user can fix: a full disk or a file size limit (ulimit -f).
std::optional<UserText> write_hint(const std::string& path, int sys) {
  // Where the errno did survive (SQLite builds differ: seen with Ubuntu 24.04's), the two
  // causes a user can fix get the same words as when it is found out below.
  struct rlimit lim {};
  if (sys == EFBIG && ::getrlimit(RLIMIT_FSIZE, &lim) == 0 && lim.rlim_cur != RLIM_INFINITY)
    return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "(the file size limit of %1 bytes was reached, see ulimit -f)"),
                    {std::to_string(lim.rlim_cur)});
  if (sys == ENOSPC) return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "(no space left on the disk)"));
  if (sys != 0) return UserText::untranslated("(%1)", {std::string(std::strerror(sys))});
  std::string dir = std::filesystem::path(path).parent_path().string();
  if (dir.empty()) dir = ".";
  struct statvfs fs {};
  if (::statvfs(dir.c_str(), &fs) == 0 && static_cast<double>(fs.f_bavail) * fs.f_frsize < 4.0 * 1024 * 1024)
    return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "(no space left on the disk)"));
  if (::getrlimit(RLIMIT_FSIZE, &lim) == 0 && lim.rlim_cur != RLIM_INFINITY) {
    std::error_code ec;
    for (const char* suffix : {"", "-wal"}) {
      const auto size = std::filesystem::file_size(path + suffix, ec);
      if (!ec && size + 64 * 1024 >= lim.rlim_cur)
        return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "(the file size limit of %1 bytes was reached, see ulimit -f)"),
                        {std::to_string(lim.rlim_cur)});
    }
  }
  return std::nullopt;
}

/// `text` followed by the hint, if any.
UserText with_hint(UserText text, std::optional<UserText> hint) {
  if (!hint) return text;
  return UserText::untranslated("%1 %2", {std::move(text), std::move(*hint)});
}

/// What a store operation was doing when it failed, for messages ("disk full while writing").
enum class Doing { Reading, Writing, Creating, SettingUp, CreatingRun, Upgrading };

UserText doing_text(Doing doing) {
  switch (doing) {
    case Doing::Reading: return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "reading"));
    case Doing::Writing: return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "writing"));
    case Doing::Creating: return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "creating"));
    case Doing::SettingUp: return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "setting up"));
    case Doing::CreatingRun: return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "creating a run in"));
    case Doing::Upgrading: return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "upgrading"));
  }
  return UserText::verbatim("?");
}

/// The words a user can act on for an SQLite failure; `doing` says what was attempted.
/// SQLite's own words (the cause) are not translated.
UserText describe(sqlite3* db, int rc, const std::string& path, Doing doing_what) {
  const int primary = rc & 0xff;
  std::string cause = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
  const int sys = db ? sqlite3_system_errno(db) : 0;
  if (sys != 0 && (primary == SQLITE_IOERR || primary == SQLITE_CANTOPEN))
    cause += std::string(" (") + std::strerror(sys) + ")";
  const UserText doing = doing_text(doing_what);
  const std::string where = in_quotes(path);
  switch (primary) {
    case SQLITE_FULL:
      return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "disk full while %1 %2: %3"),
                      {doing, where, with_hint(UserText::verbatim(cause), write_hint(path, sys))});
    case SQLITE_IOERR: {
      UserText why = UserText::verbatim(cause);
      if (rc == SQLITE_IOERR_WRITE || rc == SQLITE_IOERR_FSYNC)
        why = with_hint(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "writing to the disk failed")), write_hint(path, sys));
      return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "I/O error while %1 %2: %3"), {doing, where, std::move(why)});
    }
    case SQLITE_NOTADB:
      return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 is not an AmpScope run store (not an SQLite database)"), {where});
    case SQLITE_CORRUPT: return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 is damaged (%2) while %3"), {where, cause, doing});
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 is locked by another process (%2) while %3"), {where, cause, doing});
    case SQLITE_READONLY:
      if (rc == SQLITE_READONLY_DBMOVED)
        return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 was moved or deleted while %2"), {where, doing});
      return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 cannot be written (%2) while %3"), {where, cause, doing});
    default: return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 %2 failed: %3"), {doing, where, cause});
  }
}

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
/// so this formats straight into a reused buffer.
void int_array_json(const std::vector<std::int64_t>& v, std::string& out) {
  out.resize(v.size() * 21 + 2);  // 20 digits and sign, or a comma, per value
  char* p = out.data();
  char* const end = p + out.size();
  *p++ = '[';
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i) *p++ = ',';
    p = std::to_chars(p, end, v[i]).ptr;
  }
  *p++ = ']';
  out.resize(static_cast<std::size_t>(p - out.data()));
}
std::string int_array_json(const std::vector<std::int64_t>& v) {
  std::string out;
  int_array_json(v, out);
  return out;
}

/// Parses "[1,2,3]" (the only form this store writes; spaces tolerated for hand edits).
bool parse_int_array(const std::string& s, std::vector<std::int64_t>& out) {
  out.clear();
  const char* p = s.data();
  const char* end = p + s.size();
  auto skip = [&] { while (p < end && (*p == ' ' || *p == '\n' || *p == '\t')) ++p; };
  skip();
  if (p == end || *p++ != '[') return false;
  skip();
  if (p < end && *p == ']') return ++p, skip(), p == end;
  while (p < end) {
    skip();
    std::int64_t v = 0;
    auto res = std::from_chars(p, end, v);
    if (res.ec != std::errc()) return false;
    out.push_back(v);
    p = res.ptr;
    skip();
    if (p < end && *p == ',') { ++p; continue; }
    if (p < end && *p == ']') return ++p, skip(), p == end;
    return false;
  }
  return false;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// RunStore

struct RunStore::Impl {
  std::string path;
  Mode mode = Mode::ReadWrite;
  sqlite3* db = nullptr;
  // One connection, used by one thread at a time: statements are cached and reused.
  mutable std::mutex mutex;
  Statement insert_step, insert_stat, count_steps;
  std::string hist_buffer;
  int file_version = 0;  ///< the file's schema version, once checked

  ~Impl() {
    insert_step = Statement();
    insert_stat = Statement();
    count_steps = Statement();
    if (db) sqlite3_close_v2(db);
  }

  [[noreturn]] void fail(int rc, Doing doing) const { throw RunStoreError(describe(db, rc, path, doing)); }

  void exec(const char* sql, Doing doing) {
    char* err = nullptr;
    const int rc = sqlite3_exec(db, sql, nullptr, nullptr, &err);
    sqlite3_free(err);
    if (rc != SQLITE_OK) fail(rc, doing);
  }
  Statement prepare(const char* sql) const { return Statement(db, path, sql); }

  void rollback_quietly() {
    if (db && !sqlite3_get_autocommit(db)) sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
  }

  void open();
  void check_schema(bool& empty);
  void upgrade_schema();
  void create_schema();
};

void RunStore::Impl::open() {
  namespace fs = std::filesystem;
  std::error_code ec;
  const bool exists = fs::exists(path, ec);
  if (mode == Mode::ReadOnly && !exists)
    throw RunStoreError(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "cannot open run store %1: no such file"), {in_quotes(path)}));
  if (exists && fs::is_directory(path, ec))
    throw RunStoreError(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "cannot open run store %1: it is a directory"), {in_quotes(path)}));

  const int flags = (mode == Mode::ReadOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) |
                    SQLITE_OPEN_NOMUTEX;
  int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
  if (rc != SQLITE_OK) {
    std::string cause = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    if (db && sqlite3_system_errno(db)) cause += std::string(" (") + std::strerror(sqlite3_system_errno(db)) + ")";
    throw RunStoreError(exists ? UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "cannot open run store %1: %2"), {in_quotes(path), cause})
                               : UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "cannot create run store %1: %2"), {in_quotes(path), cause}));
  }
  sqlite3_extended_result_codes(db, 1);
  // A reader (the GUI) and the recorder may share the file: wait for locks rather than fail.
  sqlite3_busy_timeout(db, 5000);

  bool empty = false;
  check_schema(empty);
  if (mode == Mode::ReadWrite) {
    // WAL: readers never block the writer, and a killed writer leaves a file that recovers on
    // the next open. synchronous=NORMAL keeps every commit safe from a process crash (only an
    // OS crash or power loss can drop the last commits), at a fraction of FULL's fsyncs.
    exec("PRAGMA journal_mode=WAL", Doing::SettingUp);
    exec("PRAGMA synchronous=NORMAL", Doing::SettingUp);
    // A batch of 256 steps with 20 layers of statistics is ~2 MB of pages: a cache that
    // holds it avoids spilling half-built transactions to the WAL.
    exec("PRAGMA cache_size=-32768", Doing::SettingUp);
    if (empty) create_schema();
    else if (file_version < kSchemaVersion) upgrade_schema();
  }
}

void RunStore::Impl::check_schema(bool& empty) {
  std::vector<std::string> tables;
  {
    Statement q = prepare("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name");
    while (q.step(Doing::Reading)) tables.push_back(q.text(0));
  }
  auto has = [&](const std::string& t) { return std::find(tables.begin(), tables.end(), t) != tables.end(); };
  empty = tables.empty();
  if (empty) {
    if (mode == Mode::ReadOnly)
      throw RunStoreError(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 is an empty database, not an AmpScope run store"), {in_quotes(path)}));
    return;
  }
  if (!has("meta")) {
    std::string list;
    for (std::size_t i = 0; i < tables.size() && i < 6; ++i) list += (i ? ", " : "") + tables[i];
    if (tables.size() > 6) list += ", ...";
    throw RunStoreError(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 is not an AmpScope run store (an SQLite database with tables: %2)"),
                                 {in_quotes(path), list}));
  }
  std::string app, version;
  {
    Statement q = prepare("SELECT key, value FROM meta WHERE key IN ('app', 'schema_version')");
    while (q.step(Doing::Reading)) (q.text(0) == "app" ? app : version) = q.text(1);
  }
  if (app != kAppName)
    throw RunStoreError(
        UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 is not an AmpScope run store (its meta table names the application '%2')"),
                 {in_quotes(path), app}));
  int v = 0;
  const auto res = std::from_chars(version.data(), version.data() + version.size(), v);
  if (res.ec != std::errc() || res.ptr != version.data() + version.size())
    throw RunStoreError(
        UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 is damaged: schema_version '%2' is not a number"), {in_quotes(path), version}));
  if (v > kSchemaVersion)
    throw RunStoreError(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 was written by a newer AmpScope (schema %2, this build reads %3)"),
                                 {in_quotes(path), std::to_string(v), std::to_string(kSchemaVersion)}));
  if (v < 1)
    throw RunStoreError(
        UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 has an unknown schema version %2"), {in_quotes(path), std::to_string(v)}));
  for (const char* t : kRequiredTables)
    if (!has(t))
      throw RunStoreError(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 is damaged: table '%2' is missing"), {in_quotes(path), t}));
  file_version = v;
}

void RunStore::Impl::upgrade_schema() {
  // IMMEDIATE: another process opening the same file waits, then finds it upgraded.
  exec("BEGIN IMMEDIATE", Doing::Upgrading);
  try {
    bool empty = false;
    check_schema(empty);
    if (file_version == 1) {
      exec(kUpgrade1To2Sql, Doing::Upgrading);
      exec(kSummaryViewSql, Doing::Upgrading);
      exec(("PRAGMA user_version=" + std::to_string(kSchemaVersion)).c_str(), Doing::Upgrading);
      Statement m = prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'");
      m.bind(1, std::to_string(kSchemaVersion)).run(Doing::Upgrading);
    }
    exec("COMMIT", Doing::Upgrading);
    file_version = kSchemaVersion;
  } catch (...) {
    rollback_quietly();  // the file stays as it was: schema 1, readable by this build
    throw;
  }
}

void RunStore::Impl::create_schema() {
  // IMMEDIATE takes the write lock first, so two processes creating the same new file cannot
  // both create the tables: the second sees them and checks them instead.
  exec("BEGIN IMMEDIATE", Doing::Creating);
  try {
    bool empty = false;
    check_schema(empty);
    if (empty) {
      exec(("PRAGMA application_id=" + std::to_string(kApplicationId)).c_str(), Doing::Creating);
      exec(("PRAGMA user_version=" + std::to_string(kSchemaVersion)).c_str(), Doing::Creating);
      exec(kSchemaSql, Doing::Creating);
      exec(kSummaryViewSql, Doing::Creating);
      Statement m = prepare("INSERT INTO meta(key, value) VALUES (?, ?)");
      m.bind(1, std::string("app")).bind(2, std::string(kAppName)).run(Doing::Creating);
      m.bind(1, std::string("schema_version")).bind(2, std::to_string(kSchemaVersion)).run(Doing::Creating);
      m.bind(1, std::string("created")).bind(2, now_iso8601()).run(Doing::Creating);
    }
    exec("COMMIT", Doing::Creating);
  } catch (...) {
    rollback_quietly();
    throw;
  }
}

RunStore::RunStore(const std::string& path, Mode mode) : m_impl(std::make_unique<Impl>()) {
  m_impl->path = path;
  m_impl->mode = mode;
  m_impl->open();  // on throw, ~Impl closes the connection
}

RunStore::~RunStore() = default;

const std::string& RunStore::path() const { return m_impl->path; }

int RunStore::schema_version() { return kSchemaVersion; }

std::int64_t RunStore::create_run(const SessionConfig& config, const std::vector<LayerInfo>& layers,
                                  const std::string& device, const std::string& precision_label) {
  Impl& d = *m_impl;
  std::lock_guard lock(d.mutex);
  if (d.mode == Mode::ReadOnly)
    throw RunStoreError(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 is open read-only: cannot create a run"), {in_quotes(d.path)}));
  d.exec("BEGIN IMMEDIATE", Doing::CreatingRun);
  try {
    const std::string now = now_iso8601();
    Statement r = d.prepare(
        "INSERT INTO runs(created, updated, config, model, dataset, precision, device, status) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, 'running')");
    r.bind(1, now).bind(2, now).bind(3, config.to_json()).bind(4, config.model).bind(5, config.dataset);
    r.bind(6, precision_label).bind(7, device);
    r.run(Doing::CreatingRun);
    const std::int64_t id = sqlite3_last_insert_rowid(d.db);
    Statement l = d.prepare(
        "INSERT INTO layers(run_id, layer_id, name, module, kind, shape, numel, ord) VALUES (?,?,?,?,?,?,?,?)");
    for (std::size_t i = 0; i < layers.size(); ++i) {
      const LayerInfo& li = layers[i];
      l.bind(1, id).bind(2, static_cast<std::int64_t>(i)).bind(3, li.name).bind(4, li.module).bind(5, li.kind);
      l.bind(6, int_array_json(li.shape)).bind(7, li.numel).bind(8, li.order);
      l.run(Doing::CreatingRun);
    }
    d.exec("COMMIT", Doing::CreatingRun);
    return id;
  } catch (...) {
    d.rollback_quietly();
    throw;
  }
}

void RunStore::append_steps(std::int64_t run_id, const std::vector<StepRecord>& steps) {
  Impl& d = *m_impl;
  std::lock_guard lock(d.mutex);
  if (d.mode == Mode::ReadOnly)
    throw RunStoreError(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 is open read-only: cannot append steps"), {in_quotes(d.path)}));
  if (steps.empty()) return;
  if (!d.insert_step || !d.insert_stat) {
    d.insert_step = d.prepare(
        "INSERT INTO steps(run_id, step, loss, lr, scale_before, scale, growth_tracker, hysteresis_tracker, "
        "found_inf, skipped, reason, first_offender, grad_norm, forward_ms, backward_ms, stats_ms, optimizer_ms) "
        "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    d.insert_stat = d.prepare(
        "INSERT INTO layer_stats(run_id, step, layer_id, numel, zeros, subnormal, below_min_subnormal, above_max, "
        "nan, pos_inf, neg_inf, amax, amin_nonzero, sum_squares, norm, underflow, underflow_mass, hist_lo, hist_hi, "
        "hist) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    d.count_steps = d.prepare(
        "UPDATE runs SET step_count = step_count + ?, skipped_count = skipped_count + ? WHERE id = ?");
  }
  d.exec("BEGIN IMMEDIATE", Doing::Writing);
  try {
    {
      Statement q = d.prepare("SELECT 1 FROM runs WHERE id = ?");
      q.bind(1, run_id);
      if (!q.step(Doing::Writing)) throw RunStoreError("no run " + std::to_string(run_id) + " in " + in_quotes(d.path));
    }
    Statement& s = d.insert_step;
    Statement& t = d.insert_stat;
    std::int64_t skipped = 0;  // for the run list's counts, below
    for (const StepRecord& r : steps) {
      skipped += r.skipped ? 1 : 0;
      s.bind(1, run_id).bind(2, r.step).bind(3, r.loss).bind(4, r.lr).bind(5, r.scale_before).bind(6, r.scale_after);
      s.bind(7, std::int64_t{r.growth_tracker}).bind(8, std::int64_t{r.hysteresis_tracker});
      s.bind(9, r.found_inf).bind(10, r.skipped).bind(11, std::string(to_string(r.reason)));
      if (r.first_offender >= 0) s.bind(12, r.first_offender); else s.bind_null(12);
      s.bind(13, r.grad_norm).bind(14, r.forward_ms).bind(15, r.backward_ms).bind(16, r.stats_ms).bind(17, r.optimizer_ms);
      s.run(Doing::Writing);
      for (const LayerStepStats& l : r.layers) {
        const kernels::TensorStats& st = l.stats;
        t.bind(1, run_id).bind(2, r.step).bind(3, l.layer).bind(4, st.numel).bind(5, st.zero).bind(6, st.subnormal);
        t.bind(7, st.below_min_subnormal).bind(8, st.above_max).bind(9, st.nan).bind(10, st.pos_inf).bind(11, st.neg_inf);
        t.bind(12, st.amax).bind(13, st.amin_nonzero).bind(14, st.sum_squares).bind(15, st.norm());
        if (l.underflow >= 0) t.bind(16, l.underflow); else t.bind_null(16);
        int_array_json(st.bins, d.hist_buffer);
        t.bind(17, l.underflow_mass).bind(18, st.lo).bind(19, st.hi).bind(20, d.hist_buffer);
        t.run(Doing::Writing);
      }
    }
    // The run list's counts, in the same transaction as the rows they count.
    d.count_steps.bind(1, static_cast<std::int64_t>(steps.size())).bind(2, skipped).bind(3, run_id);
    d.count_steps.run(Doing::Writing);
    d.exec("COMMIT", Doing::Writing);
  } catch (...) {
    // Leaves the file exactly as after the previous batch: all of this batch or none of it.
    d.insert_step.reset();
    d.insert_stat.reset();
    d.count_steps.reset();
    d.rollback_quietly();
    throw;
  }
}

void RunStore::set_status(std::int64_t run_id, const std::string& status) {
  Impl& d = *m_impl;
  std::lock_guard lock(d.mutex);
  if (d.mode == Mode::ReadOnly)
    throw RunStoreError(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 is open read-only: cannot set a status"), {in_quotes(d.path)}));
  Statement s = d.prepare("UPDATE runs SET status = ?, updated = ? WHERE id = ?");
  s.bind(1, status).bind(2, now_iso8601()).bind(3, run_id);
  s.run(Doing::Writing);
  if (sqlite3_changes(d.db) == 0) throw RunStoreError("no run " + std::to_string(run_id) + " in " + in_quotes(d.path));
}

namespace {
constexpr const char* kSummarySql =
    "SELECT id, created, model, precision, device, status, steps, skipped, final_scale, final_loss "
    "FROM run_summary";

// Columns 0-5 of kSummarySql and of load_run's query: the run's own row.
void read_run_columns(const Statement& q, RunSummary& s) {
  s.id = q.i64(0);
  s.created = q.text(1);
  s.model = q.text(2);
  s.precision = q.text(3);
  s.device = q.text(4);
  s.status = q.text(5);
}

RunSummary read_summary(const Statement& q) {
  RunSummary s;
  read_run_columns(q, s);
  s.steps = q.i64(6);
  s.skipped = q.i64(7);
  // No steps yet: 0 for both (a NULL from the LEFT JOIN, not a NaN loss).
  if (s.steps > 0) {
    s.final_scale = q.real(8);
    s.final_loss = q.real(9);
  }
  return s;
}
}  // namespace

std::vector<RunSummary> RunStore::runs() const {
  Impl& d = *m_impl;
  std::lock_guard lock(d.mutex);
  Statement q = d.prepare((std::string(kSummarySql) + " ORDER BY id").c_str());
  std::vector<RunSummary> out;
  while (q.step(Doing::Reading)) out.push_back(read_summary(q));
  return out;
}

RunData RunStore::load_run(std::int64_t run_id, bool with_layer_stats, const LoadProgress& progress) const {
  Impl& d = *m_impl;
  RunData out;
  std::int64_t expected_steps = 0;
  {
    std::lock_guard lock(d.mutex);
    // Not the run_summary view: its count and sum read every step row (1.1 s for a 1M-step
    // run here) and the steps are read below anyway; the summary's counts come from them.
    // First and last step are two probes of the primary key: the progress total.
    Statement q = d.prepare(
        "SELECT id, created, model, precision, device, status, "
        "(SELECT min(step) FROM steps WHERE run_id = ?1), (SELECT max(step) FROM steps WHERE run_id = ?1) "
        "FROM runs WHERE id = ?1");
    q.bind(1, run_id);
    if (!q.step(Doing::Reading)) throw RunStoreError("no run " + std::to_string(run_id) + " in " + in_quotes(d.path));
    read_run_columns(q, out.summary);
    if (!q.is_null(6) && !q.is_null(7)) expected_steps = q.i64(7) - q.i64(6) + 1;

    Statement c = d.prepare("SELECT config FROM runs WHERE id = ?");
    c.bind(1, run_id);
    c.step(Doing::Reading);
    try {
      out.config = SessionConfig::from_json(c.text(0));
    } catch (const std::exception& e) {
      throw RunStoreError(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "run %1 in %2 has an unreadable configuration: %3"),
                                   {std::to_string(run_id), in_quotes(d.path), user_text_of(e)}));
    }

    Statement l = d.prepare(
        "SELECT layer_id, name, module, kind, shape, numel, ord FROM layers WHERE run_id = ? ORDER BY layer_id");
    l.bind(1, run_id);
    while (l.step(Doing::Reading)) {
      if (l.i64(0) != static_cast<std::int64_t>(out.layers.size()))
        throw RunStoreError(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 is damaged: run %2 has a gap in its layer ids"),
                                     {in_quotes(d.path), std::to_string(run_id)}));
      LayerInfo li;
      li.name = l.text(1);
      li.module = l.text(2);
      li.kind = l.text(3);
      if (!parse_int_array(l.text(4), li.shape))
        throw RunStoreError(
            UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 is damaged: layer %2 has an unreadable shape"), {in_quotes(d.path), li.name}));
      li.numel = l.i64(5);
      li.order = static_cast<int>(l.i64(6));
      out.layers.push_back(std::move(li));
    }
  }
  out.steps = load_steps(run_id, std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max(),
                         with_layer_stats,
                         progress ? LoadProgress([&](std::int64_t read, std::int64_t) {
                           return progress(read, std::max(read, expected_steps));
                         })
                                  : LoadProgress());
  // What run_summary says, from the rows just read: the count, the skipped steps, and the
  // last step's scale and loss.
  out.summary.steps = static_cast<std::int64_t>(out.steps.size());
  out.summary.skipped = 0;
  for (const StepRecord& r : out.steps) out.summary.skipped += r.skipped ? 1 : 0;
  if (!out.steps.empty()) {
    out.summary.final_scale = out.steps.back().scale_after;
    out.summary.final_loss = out.steps.back().loss;
  }
  return out;
}

std::vector<std::int64_t> RunStore::stats_steps(std::int64_t run_id) const {
  Impl& d = *m_impl;
  std::lock_guard lock(d.mutex);
  // One index probe per step: cheaper than DISTINCT over every layer row.
  Statement q = d.prepare(
      "SELECT s.step FROM steps s WHERE s.run_id = ? AND EXISTS "
      "(SELECT 1 FROM layer_stats l WHERE l.run_id = s.run_id AND l.step = s.step) ORDER BY s.step");
  q.bind(1, run_id);
  std::vector<std::int64_t> out;
  while (q.step(Doing::Reading)) out.push_back(q.i64(0));
  return out;
}

std::vector<StepRecord> RunStore::load_steps(std::int64_t run_id, std::int64_t first, std::int64_t last,
                                             bool with_layer_stats, const LoadProgress& progress) const {
  Impl& d = *m_impl;
  std::lock_guard lock(d.mutex);
  std::vector<StepRecord> out;
  auto damaged = [&](UserText what, std::int64_t step) {
    return RunStoreError(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 is damaged: run %2 step %3: %4"),
                                  {in_quotes(d.path), std::to_string(run_id), std::to_string(step), std::move(what)}));
  };
  // One read transaction: steps and their layer rows come from the same snapshot even while
  // a recorder appends.
  d.exec("BEGIN", Doing::Reading);
  try {
    Statement q = d.prepare(
        "SELECT step, loss, lr, scale_before, scale, growth_tracker, hysteresis_tracker, found_inf, skipped, reason, "
        "first_offender, grad_norm, forward_ms, backward_ms, stats_ms, optimizer_ms "
        "FROM steps WHERE run_id = ? AND step BETWEEN ? AND ? ORDER BY step");
    q.bind(1, run_id).bind(2, first).bind(3, last);
    while (q.step(Doing::Reading)) {
      StepRecord r;
      r.step = q.i64(0);
      r.loss = q.real(1);
      r.lr = q.real(2);
      r.scale_before = q.real(3);
      r.scale_after = q.real(4);
      r.growth_tracker = static_cast<std::int32_t>(q.i64(5));
      r.hysteresis_tracker = static_cast<std::int32_t>(q.i64(6));
      r.found_inf = q.i64(7) != 0;
      r.skipped = q.i64(8) != 0;
      const std::string reason = q.text(9);
      if (!parse_reason(reason, r.reason)) throw damaged(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "unknown scale change reason '%1'"), {reason}), r.step);
      r.first_offender = q.is_null(10) ? -1 : static_cast<int>(q.i64(10));
      r.grad_norm = q.real(11);
      r.forward_ms = q.real(12);
      r.backward_ms = q.real(13);
      r.stats_ms = q.real(14);
      r.optimizer_ms = q.real(15);
      out.push_back(std::move(r));
      // Every 16,384 rows: ~20 ms apart on a 2-core machine, so a cancel is felt at once.
      if (progress && out.size() % 16384 == 0 && !progress(static_cast<std::int64_t>(out.size()), -1)) throw LoadCancelled();
    }
    if (progress && !progress(static_cast<std::int64_t>(out.size()), -1)) throw LoadCancelled();
    if (with_layer_stats && !out.empty()) {
      // Statistics name their layer by index into the run's layers: one without a layers row
      // would send readers (the UI's tables and heatmaps) past the end of their arrays.
      std::int64_t layer_count = 0;
      {
        Statement c = d.prepare("SELECT count(*) FROM layers WHERE run_id = ?");
        c.bind(1, run_id);
        if (c.step(Doing::Reading)) layer_count = c.i64(0);
      }
      Statement t = d.prepare(
          "SELECT step, layer_id, numel, zeros, subnormal, below_min_subnormal, above_max, nan, pos_inf, neg_inf, "
          "amax, amin_nonzero, sum_squares, underflow, underflow_mass, hist_lo, hist_hi, hist "
          "FROM layer_stats WHERE run_id = ? AND step BETWEEN ? AND ? ORDER BY step, layer_id");
      t.bind(1, run_id).bind(2, first).bind(3, last);
      // Both queries are ordered by step: a merge, no lookups.
      std::size_t i = 0;
      while (t.step(Doing::Reading)) {
        const std::int64_t step = t.i64(0);
        while (i < out.size() && out[i].step < step) ++i;
        if (i == out.size() || out[i].step != step) throw damaged(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "layer statistics without a step row")), step);
        LayerStepStats l;
        if (t.i64(1) < 0 || t.i64(1) >= layer_count)
          throw damaged(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "statistics for layer %1, the run has %2 layers"),
                                 {std::to_string(t.i64(1)), std::to_string(layer_count)}),
                        step);
        l.layer = static_cast<int>(t.i64(1));
        kernels::TensorStats& st = l.stats;
        st.numel = t.i64(2);
        st.zero = t.i64(3);
        st.subnormal = t.i64(4);
        st.below_min_subnormal = t.i64(5);
        st.above_max = t.i64(6);
        st.nan = t.i64(7);
        st.pos_inf = t.i64(8);
        st.neg_inf = t.i64(9);
        st.amax = t.real(10);
        st.amin_nonzero = t.real(11);
        st.sum_squares = t.real(12);
        l.underflow = t.is_null(13) ? -1 : t.i64(13);
        l.underflow_mass = t.real(14);
        st.lo = static_cast<int>(t.i64(15));
        st.hi = static_cast<int>(t.i64(16));
        if (!parse_int_array(t.text(17), st.bins)) throw damaged(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "unreadable histogram")), step);
        out[i].layers.push_back(std::move(l));
      }
    }
    d.exec("COMMIT", Doing::Reading);
  } catch (...) {
    d.rollback_quietly();
    throw;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// RunRecorder

namespace {
constexpr std::size_t kQueueCapacity = 16384;
constexpr std::size_t kBatchSteps = 256;
constexpr std::size_t kMaxBatchSteps = 4 * kBatchSteps;  // when behind: bigger, but bounded, commits
constexpr auto kBatchInterval = std::chrono::milliseconds(250);

/// Identity of the file on disk, to notice that it was deleted or replaced under us (SQLite
/// would keep writing to the unlinked inode, and the run would vanish at close).
struct FileId {
  dev_t dev = 0;
  ino_t ino = 0;
  bool operator==(const FileId&) const = default;
};
std::optional<FileId> file_id(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return FileId{st.st_dev, st.st_ino};
}
}  // namespace

struct RunRecorder::Impl {
  RunStore store;
  std::int64_t run_id = 0;
  std::optional<FileId> identity;

  std::mutex mutex;
  std::condition_variable work;   // writer waits: a batch is ready, or closing
  std::condition_variable space;  // producers wait: the queue has room, or writing failed
  std::deque<StepRecord> queue;
  bool closing = false;
  bool closed = false;
  std::optional<UserText> error;  // guarded by mutex
  std::atomic<bool> failed{false};
  std::atomic<std::int64_t> committed{0};
  std::int64_t last_step = -1;       // writer thread only
  std::thread writer;

  Impl(const std::string& path, const SessionConfig& config, const std::vector<LayerInfo>& layers,
       const std::string& device, const std::string& precision_label)
      : store(path, RunStore::Mode::ReadWrite) {
    run_id = store.create_run(config, layers, device, precision_label);
    identity = file_id(path);
    writer = std::thread([this] { write_loop(); });
  }

  void fail(UserText cause) {
    std::lock_guard lock(mutex);
    if (!error) {
      const std::int64_t saved = committed.load();
      error = last_step >= 0
                  ? UserText(AMPSCOPE_TR_N_NOOP("ampscope::RunStore", "recording to %1 stopped: %2 (%n steps were saved, up to step %3)"),
                             saved, {in_quotes(store.path()), std::move(cause), std::to_string(last_step)})
                  : UserText(AMPSCOPE_TR_N_NOOP("ampscope::RunStore", "recording to %1 stopped: %2 (%n steps were saved)"), saved,
                             {in_quotes(store.path()), std::move(cause)});
    }
    failed = true;
    queue.clear();  // nothing more will be written: release the memory and the producers
    space.notify_all();
  }

  void write_batch(const std::vector<StepRecord>& batch) {
    if (identity && file_id(store.path()) != identity)
      throw RunStoreError(
          UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 was deleted or replaced while recording"), {in_quotes(store.path())}));
    store.append_steps(run_id, batch);
    last_step = batch.back().step;
    committed += static_cast<std::int64_t>(batch.size());
  }

  void write_loop() noexcept {
    std::vector<StepRecord> batch;
    for (;;) {
      {
        std::unique_lock lock(mutex);
        work.wait_for(lock, kBatchInterval, [&] { return closing || failed || queue.size() >= kBatchSteps; });
        if (failed) return;
        if (queue.empty()) {
          if (closing) return;
          continue;
        }
        // When the writer lags, bigger transactions catch up faster; the cap bounds what a
        // crash can lose and how long one commit holds the file's write lock.
        const auto n = static_cast<std::ptrdiff_t>(std::min(queue.size(), kMaxBatchSteps));
        batch.assign(std::make_move_iterator(queue.begin()), std::make_move_iterator(queue.begin() + n));
        queue.erase(queue.begin(), queue.begin() + n);
        space.notify_all();
      }
      try {
        write_batch(batch);
      } catch (const RunStoreError& e) {
        fail(e.user_text());
        return;
      } catch (const std::exception& e) {
        fail(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "unexpected error: %1"), {user_text_of(e)}));
        return;
      } catch (...) {
        fail(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "unexpected error")));
        return;
      }
      batch.clear();
    }
  }
};

RunRecorder::RunRecorder(const std::string& path, const SessionConfig& config, const std::vector<LayerInfo>& layers,
                         const std::string& device, const std::string& precision_label)
    : m_impl(std::make_unique<Impl>(path, config, layers, device, precision_label)) {}

RunRecorder::~RunRecorder() {
  try {
    close();
  } catch (...) {
    // A destructor must not throw; the status stays 'running' and error() said why.
  }
}

std::int64_t RunRecorder::run_id() const { return m_impl->run_id; }

bool RunRecorder::push(StepRecord step) {
  Impl& d = *m_impl;
  std::unique_lock lock(d.mutex);
  d.space.wait(lock, [&] { return d.failed || d.closing || d.queue.size() < kQueueCapacity; });
  if (d.failed || d.closing) return false;
  d.queue.push_back(std::move(step));
  if (d.queue.size() == kBatchSteps) d.work.notify_one();
  return true;
}

void RunRecorder::close(const std::string& status) {
  Impl& d = *m_impl;
  {
    std::lock_guard lock(d.mutex);
    if (d.closed) return;
    d.closed = true;
    d.closing = true;
    d.work.notify_one();
    d.space.notify_all();
  }
  if (d.writer.joinable()) d.writer.join();
  if (d.failed) {
    // Best effort: the disk may still be full; then the run keeps 'running' in the file.
    try {
      d.store.set_status(d.run_id, "error: " + error().value_or(""));
    } catch (const RunStoreError&) {
    }
    return;
  }
  try {
    d.store.set_status(d.run_id, status);
  } catch (const RunStoreError& e) {
    std::lock_guard lock(d.mutex);
    d.error = UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "recording to %1 could not be closed: %2"), {in_quotes(d.store.path()), e.user_text()});
    d.failed = true;
  }
}

std::optional<std::string> RunRecorder::error() const {
  std::lock_guard lock(m_impl->mutex);
  if (!m_impl->error) return std::nullopt;
  return m_impl->error->english();
}

std::optional<UserText> RunRecorder::error_text() const {
  std::lock_guard lock(m_impl->mutex);
  return m_impl->error;
}

std::int64_t RunRecorder::committed_steps() const { return m_impl->committed.load(); }

}  // namespace ampscope
