// The run store: opening a file and writing runs into it (reads: run_store_reads.cpp; the SQL
// and its checks: schema.cpp; the recorder's writer thread: run_recorder.cpp). Schema and its
// rationale: docs/run_store.md.
//
// Uses the sqlite3 C API directly: prepared statements, one transaction per batch, WAL mode.
// No torch and no Qt headers here (the precompiled torch header of core is not needed).
#include "ampscope/run_store.h"

#include "run_store_impl.h"
#include "schema.h"
#include "sqlite_db.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cerrno>
#include <ctime>

#include <cstring>
#include <chrono>
#include <filesystem>
#include <thread>

namespace ampscope {

using namespace store_detail;

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

  file_version = store_detail::check_schema(db, path, mode == Mode::ReadOnly);
  if (mode == Mode::ReadWrite) {
    // WAL: readers never block the writer, and a killed writer leaves a file that recovers on
    // the next open. synchronous=NORMAL keeps every commit safe from a process crash (only an
    // OS crash or power loss can drop the last commits), at a fraction of FULL's fsyncs.
    // Two processes opening one new file at once (DDP ranks) race for the switch to WAL, and
    // SQLite answers the loser SQLITE_BUSY at once, without calling the busy handler: retry for
    // as long as the busy timeout would have waited, then report as any other failure.
    for (int tries = 0; tries < 500; ++tries) {
      const int wal_rc = sqlite3_exec(db, "PRAGMA journal_mode=WAL", nullptr, nullptr, nullptr);
      if ((wal_rc & 0xff) != SQLITE_BUSY) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    exec("PRAGMA journal_mode=WAL", Doing::SettingUp);
    exec("PRAGMA synchronous=NORMAL", Doing::SettingUp);
    // A batch of 256 steps with 20 layers of statistics is ~2 MB of pages: a cache that
    // holds it avoids spilling half-built transactions to the WAL.
    exec("PRAGMA cache_size=-32768", Doing::SettingUp);
    if (file_version == 0) store_detail::create_schema(db, path);
    else if (file_version < kSchemaVersion) store_detail::upgrade_schema(db, path);
    file_version = kSchemaVersion;
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

namespace {
std::string this_host() {
  char buf[256] = {};
  if (gethostname(buf, sizeof buf - 1) != 0) return {};
  return buf;
}
}  // namespace

bool run_writer_gone(const RunSummary& run) {
  if (run.status != "running" || run.origin.host.empty() || run.origin.pid <= 0) return false;
  if (run.origin.host != this_host()) return false;
  return ::kill(static_cast<pid_t>(run.origin.pid), 0) == -1 && errno == ESRCH;
}

std::int64_t seconds_since_update(const RunSummary& run) {
  std::tm tm{};
  if (run.updated.size() < 19 || !strptime(run.updated.c_str(), "%Y-%m-%dT%H:%M:%S", &tm)) return -1;
  const std::time_t then = timegm(&tm);
  const std::time_t now = std::time(nullptr);
  return then <= now ? static_cast<std::int64_t>(now - then) : 0;
}

UserText run_title(const RunSummary& run) {
  if (run.name.empty()) return UserText::verbatim(run.model);
  return UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 (%2)"), {run.name, run.model});
}

std::int64_t run_named(const std::vector<RunSummary>& runs, const std::string& name, const std::string& path) {
  std::vector<std::int64_t> ids;
  std::vector<std::string> names;
  for (const RunSummary& r : runs) {
    if (r.name == name) ids.push_back(r.id);
    if (!r.name.empty() && std::find(names.begin(), names.end(), r.name) == names.end()) names.push_back(r.name);
  }
  if (ids.size() == 1) return ids.front();
  auto list = [](const auto& items, auto text) {
    std::string out;
    for (std::size_t i = 0; i < items.size() && i < 10; ++i) out += (i ? ", " : "") + text(items[i]);
    if (items.size() > 10) out += ", ...";
    return out;
  };
  if (ids.empty() && names.empty())
    throw RunStoreError(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "no run named '%1' in %2: its runs have no names (ampscope runs lists their ids)"),
                                 {name, in_quotes(path)}));
  if (ids.empty())
    throw RunStoreError(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "no run named '%1' in %2 (its runs' names: %3)"),
                                 {name, in_quotes(path), list(names, [](const std::string& n) { return "'" + n + "'"; })}));
  throw RunStoreError(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 runs are named '%2' in %3 (runs %4): give one's id"),
                               {std::to_string(ids.size()), name, in_quotes(path), list(ids, [](std::int64_t id) { return std::to_string(id); })}));
}

RunPart classify_run_part(const std::string& run, std::int64_t* id) {
  if (run.empty()) return RunPart::Invalid;
  const bool sign = run[0] == '+' || run[0] == '-';
  const bool digits = std::all_of(run.begin() + (sign ? 1 : 0), run.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!digits) return RunPart::Name;
  if (sign) return RunPart::Invalid;
  std::int64_t value = 0;
  const auto res = std::from_chars(run.data(), run.data() + run.size(), value);
  if (res.ec != std::errc() || res.ptr != run.data() + run.size() || value < 1) return RunPart::Invalid;
  if (id) *id = value;
  return RunPart::Id;
}

bool split_run_spec(const std::string& spec, std::string& file, std::string& run) {
  std::error_code ec;
  const std::size_t last = spec.rfind(':');
  if (last == std::string::npos || last == 0 || std::filesystem::exists(spec, ec)) {
    file = spec;
    run.clear();
    return false;
  }
  // The rightmost colon whose left side is an existing file, so that a name may hold colons
  // ("runs.db:bs:256"); where none is (a store not written yet: --follow), the last colon.
  std::size_t colon = last;
  for (std::size_t c = last; c != std::string::npos && c > 0; c = c > 1 ? spec.rfind(':', c - 1) : std::string::npos)
    if (std::filesystem::is_regular_file(spec.substr(0, c), ec)) {
      colon = c;
      break;
    }
  file = spec.substr(0, colon);
  run = spec.substr(colon + 1);
  return true;
}

std::string readable_utc(const std::string& iso8601) {
  if (iso8601.size() != 20 || iso8601[10] != 'T' || iso8601.back() != 'Z') return iso8601;
  std::string out = iso8601.substr(0, 19);
  out[10] = ' ';
  return out;
}

std::int64_t RunStore::create_run(const SessionConfig& config, const std::vector<LayerInfo>& layers,
                                  const std::string& device, const std::string& precision_label, const RunOrigin& origin) {
  Impl& d = *m_impl;
  std::lock_guard lock(d.mutex);
  if (d.mode == Mode::ReadOnly)
    throw RunStoreError(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 is open read-only: cannot create a run"), {in_quotes(d.path)}));
  d.exec("BEGIN IMMEDIATE", Doing::CreatingRun);
  try {
    const std::string now = now_iso8601();
    // The new id is past every run id any table uses, not only runs': a damaged file may hold
    // step or layer rows of a run that is gone, and a new run must not inherit them (the fuzzer
    // found one). Each max() is one probe of a primary key that starts with the run id.
    Statement r = d.prepare(
        "INSERT INTO runs(id, created, updated, config, model, dataset, precision, device, status, "
        "source, run_group, rank, world_size, writer_host, writer_pid) "
        "VALUES (1 + (SELECT max(coalesce((SELECT max(id) FROM runs), 0), coalesce((SELECT max(run_id) FROM steps), 0), "
        "coalesce((SELECT max(run_id) FROM layers), 0), coalesce((SELECT max(run_id) FROM layer_stats), 0))), "
        "?, ?, ?, ?, ?, ?, ?, 'running', ?, ?, ?, ?, ?, ?)");
    r.bind(1, now).bind(2, now).bind(3, config.to_json()).bind(4, config.model).bind(5, config.dataset);
    r.bind(6, precision_label).bind(7, device);
    r.bind(8, origin.source).bind(9, origin.group).bind(10, std::int64_t{origin.rank}).bind(11, std::int64_t{origin.world_size});
    r.bind(12, origin.host.empty() ? this_host() : origin.host);
    r.bind(13, origin.pid != 0 ? origin.pid : static_cast<std::int64_t>(getpid()));
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
        "UPDATE runs SET step_count = step_count + ?, skipped_count = skipped_count + ?, updated = ? WHERE id = ?");
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
    d.count_steps.bind(1, static_cast<std::int64_t>(steps.size())).bind(2, skipped).bind(3, now_iso8601()).bind(4, run_id);
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

void RunStore::touch(std::int64_t run_id) {
  Impl& d = *m_impl;
  std::lock_guard lock(d.mutex);
  if (d.mode == Mode::ReadOnly)
    throw RunStoreError(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 is open read-only: cannot set a status"), {in_quotes(d.path)}));
  Statement s = d.prepare("UPDATE runs SET updated = ? WHERE id = ?");
  s.bind(1, now_iso8601()).bind(2, run_id);
  s.run(Doing::Writing);
  if (sqlite3_changes(d.db) == 0) throw RunStoreError("no run " + std::to_string(run_id) + " in " + in_quotes(d.path));
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

}  // namespace ampscope
