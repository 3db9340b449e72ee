// The run store's schema: its SQL, the checks that a file is a run store this build reads,
// its creation and the upgrades from schemas 1 and 2 (docs/run_store.md describes every table).
#include "schema.h"

#include "sqlite_db.h"

#include <algorithm>
#include <charconv>
#include <string>
#include <vector>

namespace ampscope::store_detail {

namespace {

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
  skipped_count INTEGER NOT NULL DEFAULT 0,
  source      TEXT NOT NULL DEFAULT 'ampscope',
  run_group   TEXT NOT NULL DEFAULT '',
  rank        INTEGER NOT NULL DEFAULT 0,
  world_size  INTEGER NOT NULL DEFAULT 1,
  writer_host TEXT NOT NULL DEFAULT '',
  writer_pid  INTEGER NOT NULL DEFAULT 0
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
         l.scale AS final_scale, l.loss AS final_loss,
         r.updated, r.source, r.run_group, r.rank, r.world_size, r.writer_host, r.writer_pid
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

// Schema 2 -> 3: the run's origin; runs written before it were AmpScope's own, one process each.
constexpr const char* kUpgrade2To3Sql = R"sql(
ALTER TABLE runs ADD COLUMN source TEXT NOT NULL DEFAULT 'ampscope';
ALTER TABLE runs ADD COLUMN run_group TEXT NOT NULL DEFAULT '';
ALTER TABLE runs ADD COLUMN rank INTEGER NOT NULL DEFAULT 0;
ALTER TABLE runs ADD COLUMN world_size INTEGER NOT NULL DEFAULT 1;
ALTER TABLE runs ADD COLUMN writer_host TEXT NOT NULL DEFAULT '';
ALTER TABLE runs ADD COLUMN writer_pid INTEGER NOT NULL DEFAULT 0;
DROP VIEW IF EXISTS run_summary;
)sql";

const char* const kRequiredTables[] = {"runs", "layers", "steps", "layer_stats"};

}  // namespace

int check_schema(sqlite3* db, const std::string& path, bool read_only) {
  std::vector<std::string> tables;
  {
    Statement q(db, path, "SELECT name FROM sqlite_master WHERE type='table' ORDER BY name");
    while (q.step(Doing::Reading)) tables.push_back(q.text(0));
  }
  auto has = [&](const std::string& t) { return std::find(tables.begin(), tables.end(), t) != tables.end(); };
  if (tables.empty()) {
    if (read_only)
      throw RunStoreError(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 is an empty database, not an AmpScope run store"), {in_quotes(path)}));
    return 0;
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
    Statement q(db, path, "SELECT key, value FROM meta WHERE key IN ('app', 'schema_version')");
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
  return v;
}

void upgrade_schema(sqlite3* db, const std::string& path) {
  // IMMEDIATE: another process opening the same file waits, then finds it upgraded.
  exec(db, path, "BEGIN IMMEDIATE", Doing::Upgrading);
  try {
    const int from = check_schema(db, path, false);
    if (from < kSchemaVersion) {
      if (from == 1) exec(db, path, kUpgrade1To2Sql, Doing::Upgrading);
      if (from <= 2) exec(db, path, kUpgrade2To3Sql, Doing::Upgrading);
      exec(db, path, kSummaryViewSql, Doing::Upgrading);
      exec(db, path, ("PRAGMA user_version=" + std::to_string(kSchemaVersion)).c_str(), Doing::Upgrading);
      Statement m(db, path, "UPDATE meta SET value = ? WHERE key = 'schema_version'");
      m.bind(1, std::to_string(kSchemaVersion)).run(Doing::Upgrading);
    }
    exec(db, path, "COMMIT", Doing::Upgrading);
  } catch (...) {
    rollback_quietly(db);  // the file stays as it was: its older schema, readable by this build
    throw;
  }
}

void create_schema(sqlite3* db, const std::string& path) {
  // IMMEDIATE takes the write lock first, so two processes creating the same new file cannot
  // both create the tables: the second sees them and checks them instead.
  exec(db, path, "BEGIN IMMEDIATE", Doing::Creating);
  try {
    if (check_schema(db, path, false) == 0) {
      exec(db, path, ("PRAGMA application_id=" + std::to_string(kApplicationId)).c_str(), Doing::Creating);
      exec(db, path, ("PRAGMA user_version=" + std::to_string(kSchemaVersion)).c_str(), Doing::Creating);
      exec(db, path, kSchemaSql, Doing::Creating);
      exec(db, path, kSummaryViewSql, Doing::Creating);
      Statement m(db, path, "INSERT INTO meta(key, value) VALUES (?, ?)");
      m.bind(1, std::string("app")).bind(2, std::string(kAppName)).run(Doing::Creating);
      m.bind(1, std::string("schema_version")).bind(2, std::to_string(kSchemaVersion)).run(Doing::Creating);
      m.bind(1, std::string("created")).bind(2, now_iso8601()).run(Doing::Creating);
    }
    exec(db, path, "COMMIT", Doing::Creating);
  } catch (...) {
    rollback_quietly(db);
    throw;
  }
}

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

}  // namespace ampscope::store_detail
