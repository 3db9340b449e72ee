// Tests of the SQLite run store, the background recorder and `ampscope export`:
// exact round trips (NaN, infinities, -0.0), many runs, paging, a fast producer, processes
// killed mid-write, a size-limited file, foreign and future files, and the CSV output.
#include <ampscope/format_whatif.h>
#include <ampscope/run_store.h>
#include <ampscope/training_session.h>

#include "../common/slow_sqlite_vfs.h"
#include "../common/store_schema1.h"

#include "cli_export.h"

#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>
#include <thread>
#include <utility>

using namespace ampscope;
using storetest::SlowSqliteVfs;
namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::uint64_t mix(std::uint64_t x) {  // splitmix64: deterministic, well-spread test values
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}
double unit(std::uint64_t& s) {
  s = mix(s);
  return static_cast<double>(s >> 11) * 0x1.0p-53;  // all 53 mantissa bits used
}

std::vector<LayerInfo> make_layers(int n) {
  std::vector<LayerInfo> out;
  for (int i = 0; i < n; ++i) {
    LayerInfo l;
    l.module = "fc" + std::to_string(i / 2 + 1);
    l.kind = i % 2 ? "bias" : "weight";
    l.name = l.module + "." + l.kind;
    l.shape = i % 2 ? std::vector<std::int64_t>{64} : std::vector<std::int64_t>{64, 32 + i};
    l.numel = i % 2 ? 64 : 64 * (32 + i);
    l.order = i / 2;
    out.push_back(l);
  }
  return out;
}

/// Step i of a synthetic run, the same in every process (the kill trials rely on that).
StepRecord make_step(std::int64_t i, int layers, bool stats) {
  std::uint64_t s = static_cast<std::uint64_t>(i) * 7919 + 13;
  StepRecord r;
  r.step = i;
  r.loss = 2.5 * unit(s) + 1e-3;
  r.lr = 1e-3 * unit(s);
  r.scale_before = std::ldexp(1.0, 16 - static_cast<int>(i % 7));
  r.found_inf = i % 17 == 0;
  r.skipped = r.found_inf;
  r.scale_after = r.found_inf ? r.scale_before / 2 : r.scale_before;
  r.growth_tracker = static_cast<std::int32_t>(i % 2000);
  r.hysteresis_tracker = static_cast<std::int32_t>(i % 3);
  r.reason = r.found_inf ? ScaleChangeReason::Backoff : (i % 50 == 49 ? ScaleChangeReason::Grow : ScaleChangeReason::Unchanged);
  r.first_offender = r.found_inf && layers > 0 ? static_cast<int>(i % layers) : -1;
  r.grad_norm = 10 * unit(s);
  r.forward_ms = unit(s);
  r.backward_ms = 2 * unit(s);
  r.stats_ms = 0.1 * unit(s);
  r.optimizer_ms = 0.3 * unit(s);
  if (stats) {
    for (int l = 0; l < layers; ++l) {
      LayerStepStats ls;
      ls.layer = l;
      kernels::TensorStats& t = ls.stats;
      t.lo = -40;
      t.hi = 20;
      t.bins.resize(61);
      for (auto& b : t.bins) b = static_cast<std::int64_t>(mix(s++) % 5000);
      t.numel = 100000 + l;
      t.zero = static_cast<std::int64_t>(mix(s++) % 100);
      t.subnormal = static_cast<std::int64_t>(mix(s++) % 50);
      t.below_min_subnormal = static_cast<std::int64_t>(mix(s++) % 20);
      t.above_max = r.found_inf ? 3 : 0;
      t.nan = r.found_inf && l == r.first_offender ? 7 : 0;
      t.pos_inf = r.found_inf ? 1 : 0;
      t.neg_inf = 0;
      t.amax = 100 * unit(s);
      t.amin_nonzero = std::ldexp(unit(s), -30);
      t.sum_squares = 1e4 * unit(s);
      ls.underflow = i % 5 == 0 ? static_cast<std::int64_t>(mix(s++) % 100) : -1;
      ls.underflow_mass = ls.underflow >= 0 ? unit(s) : 0.0;
      r.layers.push_back(ls);
    }
  }
  return r;
}

/// Bit-identical, except that any NaN equals any NaN (the store keeps NaN, not its payload).
bool same(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return std::memcmp(&a, &b, sizeof a) == 0;
}

std::string diff(const StepRecord& a, const StepRecord& b) {
  std::ostringstream o;
  o.precision(17);
  auto d = [&](const char* n, double x, double y) {
    if (!same(x, y)) o << n << ": " << x << " vs " << y << "; ";
  };
  auto i = [&](const char* n, std::int64_t x, std::int64_t y) {
    if (x != y) o << n << ": " << x << " vs " << y << "; ";
  };
  i("step", a.step, b.step);
  d("loss", a.loss, b.loss);
  d("lr", a.lr, b.lr);
  d("scale_before", a.scale_before, b.scale_before);
  d("scale_after", a.scale_after, b.scale_after);
  i("growth_tracker", a.growth_tracker, b.growth_tracker);
  i("hysteresis_tracker", a.hysteresis_tracker, b.hysteresis_tracker);
  i("found_inf", a.found_inf, b.found_inf);
  i("skipped", a.skipped, b.skipped);
  i("reason", static_cast<int>(a.reason), static_cast<int>(b.reason));
  i("first_offender", a.first_offender, b.first_offender);
  d("grad_norm", a.grad_norm, b.grad_norm);
  d("forward_ms", a.forward_ms, b.forward_ms);
  d("backward_ms", a.backward_ms, b.backward_ms);
  d("stats_ms", a.stats_ms, b.stats_ms);
  d("optimizer_ms", a.optimizer_ms, b.optimizer_ms);
  i("layers", static_cast<std::int64_t>(a.layers.size()), static_cast<std::int64_t>(b.layers.size()));
  for (std::size_t k = 0; k < a.layers.size() && k < b.layers.size(); ++k) {
    const auto &x = a.layers[k], &y = b.layers[k];
    i("layer", x.layer, y.layer);
    i("underflow", x.underflow, y.underflow);
    d("underflow_mass", x.underflow_mass, y.underflow_mass);
    const auto &s = x.stats, &t = y.stats;
    i("numel", s.numel, t.numel);
    i("lo", s.lo, t.lo);
    i("hi", s.hi, t.hi);
    if (s.bins != t.bins) o << "bins differ; ";
    i("zero", s.zero, t.zero);
    i("nan", s.nan, t.nan);
    i("pos_inf", s.pos_inf, t.pos_inf);
    i("neg_inf", s.neg_inf, t.neg_inf);
    i("subnormal", s.subnormal, t.subnormal);
    i("below_min_subnormal", s.below_min_subnormal, t.below_min_subnormal);
    i("above_max", s.above_max, t.above_max);
    d("amax", s.amax, t.amax);
    d("amin_nonzero", s.amin_nonzero, t.amin_nonzero);
    d("sum_squares", s.sum_squares, t.sum_squares);
  }
  const std::string out = o.str();
  return out.empty() ? out : "step " + std::to_string(a.step) + ": " + out;
}

SessionConfig make_config() {
  SessionConfig c;
  c.model = "deep-mlp";
  c.precision = Precision::BF16;
  c.device = DeviceKind::CPU;
  c.optimizer = OptimizerKind::SGD;
  c.lr = 0.0123456789012345;
  c.batch_size = 64;
  c.seed = 0xfedcba9876543210ULL;  // above INT64_MAX: must survive JSON
  c.scaler = GradScalerOptions().init_scale(1024).growth_interval(100).hysteresis(2).min_scale(1.0);
  c.clip_norm = 1.5;
  c.stats_every = 3;
  c.reference_every = 5;
  c.max_steps = 300;
  c.faults.push_back(FaultSpec{"fc2", FaultKind::NaN, 42});
  return c;
}

/// Raw SQLite access, to look at the file as a user of the sqlite3 shell would.
struct RawDb {
  sqlite3* db = nullptr;
  explicit RawDb(const std::string& path, bool write = false) {
    sqlite3_open_v2(path.c_str(), &db, write ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY, nullptr);
    if (db) sqlite3_busy_timeout(db, 5000);
  }
  ~RawDb() { sqlite3_close(db); }
  std::string text(const std::string& sql) {
    sqlite3_stmt* s = nullptr;
    std::string out;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) != SQLITE_OK) return std::string("error: ") + sqlite3_errmsg(db);
    const int rc = sqlite3_step(s);
    if (rc == SQLITE_ROW) {
      const auto* p = sqlite3_column_text(s, 0);
      out = p ? reinterpret_cast<const char*>(p) : "NULL";
    } else if (rc != SQLITE_DONE) {
      out = std::string("error: ") + sqlite3_errmsg(db);
    }
    sqlite3_finalize(s);
    return out;
  }
  bool exec(const std::string& sql) { return sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK; }
};

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string store_error(const std::string& path, RunStore::Mode mode) {
  try {
    RunStore s(path, mode);
  } catch (const RunStoreError& e) {
    return e.what();
  }
  return {};
}

/// Minimal CSV reader (quoted fields with doubled quotes, as RFC 4180).
std::vector<std::vector<std::string>> read_csv(const std::string& path) {
  std::vector<std::vector<std::string>> rows;
  const std::string text = read_file(path);
  std::vector<std::string> row;
  std::string f;
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') f += '"', ++i;
      else if (c == '"') quoted = false;
      else f += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      row.push_back(f), f.clear();
    } else if (c == '\n') {
      row.push_back(f), f.clear();
      rows.push_back(row), row.clear();
    } else {
      f += c;
    }
  }
  return rows;
}

double parse_double(const std::string& s) { return std::strtod(s.c_str(), nullptr); }

int call_export(std::vector<std::string> args) {
  args.insert(args.begin(), "export");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  return cli::run_export(static_cast<int>(args.size()), argv.data());
}

// --- child processes (fork) -----------------------------------------------------------------

struct Message {  // child -> parent through a pipe; 16 bytes, so each write is atomic
  std::int64_t kind;  // 1 = run id, 2 = committed steps, 3 = error text follows (value = length)
  std::int64_t value;
};

void send(int fd, std::int64_t kind, std::int64_t value) {
  Message m{kind, value};
  [[maybe_unused]] auto n = ::write(fd, &m, sizeof m);
}

/// Reads every message until EOF; error text (kind 3) is appended to `error`.
std::vector<Message> drain(int fd, std::string* error = nullptr) {
  std::vector<Message> out;
  Message m{};
  while (::read(fd, &m, sizeof m) == static_cast<ssize_t>(sizeof m)) {
    if (m.kind == 3 && error) {
      std::string text(static_cast<std::size_t>(m.value), '\0');
      std::size_t got = 0;
      while (got < text.size()) {
        const ssize_t n = ::read(fd, text.data() + got, text.size() - got);
        if (n <= 0) break;
        got += static_cast<std::size_t>(n);
      }
      *error += text;
    }
    out.push_back(m);
  }
  return out;
}

/// waitpid with a deadline: a hung child fails the test instead of hanging it.
int wait_child(pid_t pid, int seconds) {
  int status = 0;
  for (int i = 0; i < seconds * 100; ++i) {
    if (::waitpid(pid, &status, WNOHANG) == pid) return status;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::kill(pid, SIGKILL);
  ::waitpid(pid, &status, 0);
  return -1;
}

constexpr int kKillLayers = 4;

/// Child body of the kill trials: records steps until killed, reporting each commit.
[[noreturn]] void kill_trial_child(const std::string& path, int fd, bool paced) {
  try {
    RunRecorder rec(path, make_config(), make_layers(kKillLayers), "cpu", "bf16 (emulated)");
    send(fd, 1, rec.run_id());
    std::int64_t reported = 0;
    for (std::int64_t i = 0;; ++i) {
      if (i < 40000) rec.push(make_step(i, kKillLayers, i % 2 == 0));
      else std::this_thread::sleep_for(std::chrono::milliseconds(1));
      if (paced && i % 16 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      const std::int64_t c = rec.committed_steps();
      if (c != reported) send(fd, 2, reported = c);
    }
  } catch (...) {
    ::_exit(3);
  }
}

/// Child body of the recorder full-disk test: records into a store whose file may not grow past
/// 3 MB until a push fails; reports what was pushed, committed and the recorder's error.
[[noreturn]] void recorder_full_disk_child(const std::string& path, int fd) {
  // The child's files may not grow past 3 MB: writes fail as on a full disk (EFBIG),
  // with SIGXFSZ ignored so that the failure is an error, not a signal.
  ::signal(SIGXFSZ, SIG_IGN);
  struct rlimit lim {3 * 1024 * 1024, 3 * 1024 * 1024};
  ::setrlimit(RLIMIT_FSIZE, &lim);
  int code = 0;
  try {
    RunRecorder rec(path, make_config(), make_layers(8), "cpu", "fp16 (emulated)");
    send(fd, 1, rec.run_id());
    std::int64_t i = 0;
    // One batch committed first, so that steps were saved before the limit: on a loaded machine
    // a writer thread that starts late takes a first batch of up to 1024 steps, over 3 MB.
    while (i < 256 && rec.push(make_step(i, 8, true))) ++i;
    for (int wait = 0; wait < 3000 && rec.committed_steps() == 0 && !rec.error(); ++wait)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    while (i < 200000 && rec.push(make_step(i, 8, true))) ++i;
    const auto err = rec.error();
    send(fd, 2, rec.committed_steps());
    send(fd, 4, i);
    if (err) {
      send(fd, 3, static_cast<std::int64_t>(err->size()));
      [[maybe_unused]] auto n = ::write(fd, err->data(), err->size());
    }
    rec.close();
    code = err ? 0 : 1;
  } catch (...) {
    code = 2;
  }
  ::_exit(code);
}

SessionConfig full_disk_session_config() {
  SessionConfig c;
  c.model = "spiral-mlp";
  c.precision = Precision::FP16;
  c.seed = 9;
  c.batch_size = 32;
  c.max_steps = 1500;
  c.faults.push_back({"fc3", FaultKind::Inf, 20});  // a skipped step among the recorded ones
  return c;
}

/// Child body of the session full-disk test: a TrainingSession on its worker thread records
/// into a store whose file may not grow past 1 MB; reports what the session said.
[[noreturn]] void session_full_disk_child(const std::string& path, int fd) {
  ::signal(SIGXFSZ, SIG_IGN);
  struct rlimit lim {1024 * 1024, 1024 * 1024};
  ::setrlimit(RLIMIT_FSIZE, &lim);
  int code = 0;
  try {
    set_compute_threads(1);
    TrainingSession s(full_disk_session_config());
    auto rec = std::make_shared<RunRecorder>(path, s.config(), s.layers(), s.device_label(), s.precision_label());
    send(fd, 1, rec->run_id());
    s.record_to(rec);
    s.start();
    std::vector<StepRecord> live;
    while (s.running()) {
      live.clear();
      s.drain(live);
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    s.wait();
    std::int64_t warnings = 0, errors = 0;
    std::string text;
    for (const SessionEvent& e : s.drain_events()) {
      if (e.kind == SessionEvent::Kind::Error) ++errors;
      if (e.kind == SessionEvent::Kind::Warning && e.message.find("recording stopped") != std::string::npos) {
        ++warnings;
        text = e.message;
      }
    }
    rec->close();
    send(fd, 2, rec->committed_steps());
    send(fd, 4, s.steps_done());
    send(fd, 5, warnings);
    send(fd, 6, errors);
    send(fd, 3, static_cast<std::int64_t>(text.size()));
    [[maybe_unused]] auto n = ::write(fd, text.data(), text.size());
  } catch (...) {
    code = 2;
  }
  ::_exit(code);
}

/// Starts a helper child: forks and execs this test binary as `--child NAME PATH FD`, which runs
/// the child body NAME on the store PATH and reports through the pipe's write end FD.
/// Not a bare fork: the test process has threads (Qt Test's watchdog at least), and after a fork
/// of a multi-threaded process the child may only call async-signal-safe functions until it
/// execs. The full-disk bodies start threads (the recorder's writer, the session's worker and
/// LibTorch's); under ThreadSanitizer, whose runtime still lists the parent's threads in a
/// forked child, the first of them died with "ThreadSanitizer: dup thread with used id"
/// (exit 66). So the child here only closes the read end and execs (both async-signal-safe).
pid_t spawn_child(const char* name, const std::string& path, const int fds[2]) {
  const std::string fd = std::to_string(fds[1]);
  const char* argv[] = {"/proc/self/exe", "--child", name, path.c_str(), fd.c_str(), nullptr};
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    ::execv("/proc/self/exe", const_cast<char* const*>(argv));
    ::_exit(127);
  }
  return pid;
}

/// main() of a helper child (see spawn_child).
int run_child(const char* name, const std::string& path, int fd) {
  if (std::strcmp(name, "recorder-full-disk") == 0) recorder_full_disk_child(path, fd);
  if (std::strcmp(name, "session-full-disk") == 0) session_full_disk_child(path, fd);
  return 127;
}

}  // namespace

class TestRunStore : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir m_dir;
  std::string file(const char* name) const { return (fs::path(m_dir.path().toStdString()) / name).string(); }

 private Q_SLOTS:
  void initTestCase() { QVERIFY(m_dir.isValid()); }

  void twoWritersCreateOneNewFileAtOnce() {
    // DDP ranks open one new store at the same moment (tests/python ddpTwoRanks failed 1 run in
    // 4-8 with "database is locked ... while setting up"): SQLite answers the second switch to
    // WAL with SQLITE_BUSY at once, without its busy handler. Both must open, every time.
    for (int round = 0; round < 200; ++round) {
      const std::string path = m_dir.filePath(QStringLiteral("race-%1.db").arg(round)).toStdString();
      std::atomic<int> ready{0};
      std::string errors[2];
      auto open = [&](int who) {
        ready.fetch_add(1);
        while (ready.load() < 2) std::this_thread::yield();
        try {
          RunStore store(path, RunStore::Mode::ReadWrite);
        } catch (const std::exception& e) {
          errors[who] = e.what();
        }
      };
      std::thread a(open, 0), b(open, 1);
      a.join();
      b.join();
      QVERIFY2(errors[0].empty() && errors[1].empty(),
               qPrintable(QStringLiteral("round %1: %2 | %3").arg(round).arg(errors[0].c_str(), errors[1].c_str())));
    }
  }

  void roundTripIsExact() {
    const std::string path = file("roundtrip.ampscope");
    const auto layers = make_layers(6);
    const SessionConfig config = make_config();
    std::vector<StepRecord> steps;
    for (int i = 0; i < 300; ++i) steps.push_back(make_step(i, 6, i % 3 == 0));
    // Edge values in every kind of field.
    steps[1].loss = kNaN;
    steps[2].loss = -0.0;
    steps[3].loss = kInf;
    steps[4].loss = -kInf;
    steps[5].lr = -0.0;
    steps[6].scale_after = kInf;
    steps[7].scale_before = std::numeric_limits<double>::denorm_min();
    steps[8].grad_norm = std::numeric_limits<double>::max();
    steps[9].grad_norm = kNaN;
    steps[10].forward_ms = -0.0;
    steps[11].growth_tracker = std::numeric_limits<std::int32_t>::max();
    steps[12].hysteresis_tracker = std::numeric_limits<std::int32_t>::min();
    steps[13].reason = ScaleChangeReason::GrowthRefused;
    steps[14].reason = ScaleChangeReason::Hysteresis;
    steps[15].reason = ScaleChangeReason::ClampedMin;
    steps[16].reason = ScaleChangeReason::ClampedMax;
    steps[17].reason = ScaleChangeReason::SetByUser;
    steps[0].first_offender = 5;
    steps[0].layers[0].stats.amax = -0.0;
    steps[0].layers[1].stats.amin_nonzero = std::numeric_limits<double>::denorm_min();
    steps[0].layers[2].stats.sum_squares = kInf;
    steps[0].layers[3].underflow_mass = kNaN;
    steps[0].layers[4].stats.bins.assign(61, std::numeric_limits<std::int64_t>::max());
    steps[0].layers[5].stats.bins.clear();  // no histogram
    steps[0].layers[5].stats.lo = steps[0].layers[5].stats.hi = 0;
    steps[3].layers.erase(steps[3].layers.begin() + 2);  // statistics of a subset of layers
    std::int64_t id = 0;
    {
      RunStore store(path);
      id = store.create_run(config, layers, "cpu", "bf16 (emulated)");
      // Three batches, as the recorder would write them.
      store.append_steps(id, {steps.begin(), steps.begin() + 1});
      store.append_steps(id, {steps.begin() + 1, steps.begin() + 200});
      store.append_steps(id, {steps.begin() + 200, steps.end()});
      store.set_status(id, "finished");
    }
    RunStore store(path, RunStore::Mode::ReadOnly);
    const RunData run = store.load_run(id);
    QCOMPARE(run.summary.id, id);
    QCOMPARE(run.summary.model, std::string("deep-mlp"));
    QCOMPARE(run.summary.precision, std::string("bf16 (emulated)"));
    QCOMPARE(run.summary.device, std::string("cpu"));
    QCOMPARE(run.summary.status, std::string("finished"));
    QVERIFY2(run.summary.created.size() == 20 && run.summary.created.back() == 'Z', run.summary.created.c_str());
    QCOMPARE(run.config.to_json(), config.to_json());
    QCOMPARE(run.config.seed, config.seed);
    QCOMPARE(run.layers.size(), layers.size());
    for (std::size_t i = 0; i < layers.size(); ++i) {
      QCOMPARE(run.layers[i].name, layers[i].name);
      QCOMPARE(run.layers[i].module, layers[i].module);
      QCOMPARE(run.layers[i].kind, layers[i].kind);
      QCOMPARE(run.layers[i].shape, layers[i].shape);
      QCOMPARE(run.layers[i].numel, layers[i].numel);
      QCOMPARE(run.layers[i].order, layers[i].order);
    }
    QCOMPARE(run.steps.size(), steps.size());
    for (std::size_t i = 0; i < steps.size(); ++i) {
      const std::string d = diff(steps[i], run.steps[i]);
      QVERIFY2(d.empty(), d.c_str());
    }
    // Signs of zero survive, not only their value.
    QVERIFY(std::signbit(run.steps[2].loss));
    QVERIFY(std::signbit(run.steps[5].lr));
    QVERIFY(std::signbit(run.steps[0].layers[0].stats.amax));
    // Without layer stats: same steps, no layer rows.
    const RunData light = store.load_run(id, false);
    QCOMPARE(light.steps.size(), steps.size());
    for (const auto& s : light.steps) QVERIFY(s.layers.empty());

    // What a user of the sqlite3 shell sees.
    RawDb raw(path);
    QCOMPARE(raw.text("PRAGMA journal_mode"), std::string("wal"));
    QCOMPARE(raw.text("SELECT value FROM meta WHERE key='schema_version'"), std::string("3"));
    QCOMPARE(raw.text("PRAGMA user_version"), std::string("3"));
    QCOMPARE(raw.text("SELECT value FROM meta WHERE key='app'"), std::string("AmpScope"));
    QCOMPARE(raw.text("SELECT quote(loss) FROM steps WHERE step=1"), std::string("NULL"));
    QCOMPARE(raw.text("SELECT reason FROM steps WHERE step=0"), std::string("backoff"));
    QCOMPARE(raw.text("SELECT reason FROM steps WHERE step=13"), std::string("growth_refused"));
    QCOMPARE(raw.text("SELECT quote(first_offender) FROM steps WHERE step=1"), std::string("NULL"));
    QCOMPARE(raw.text("SELECT first_offender FROM steps WHERE step=0"), std::string("5"));
    QCOMPARE(raw.text("SELECT shape FROM layers WHERE layer_id=0"), std::string("[64,32]"));
    QCOMPARE(raw.text("SELECT count(*) FROM layer_stats"), std::to_string(100 * 6 - 1));
    QCOMPARE(raw.text("SELECT typeof(scale) FROM steps WHERE step=20"), std::string("real"));
    QCOMPARE(raw.text("SELECT quote(underflow) FROM layer_stats WHERE step=3 AND layer_id=0"), std::string("NULL"));
    QCOMPARE(raw.text("SELECT hist FROM layer_stats WHERE step=0 AND layer_id=5"), std::string("[]"));
    const std::string hist = raw.text("SELECT hist FROM layer_stats WHERE step=0 AND layer_id=0");
    QVERIFY2(hist.front() == '[' && hist.back() == ']' && std::count(hist.begin(), hist.end(), ',') == 60, hist.c_str());
    QCOMPARE(raw.text("SELECT steps || ',' || skipped FROM run_summary"),
             std::to_string(300) + "," + std::to_string(std::count_if(steps.begin(), steps.end(), [](auto& s) { return s.skipped; })));
  }

  void manyRunsAndSummaries() {
    const std::string path = file("many.ampscope");
    RunStore store(path);
    std::vector<std::int64_t> ids;
    const int counts[] = {10, 0, 257, 33, 1};
    for (int r = 0; r < 5; ++r) {
      SessionConfig c = make_config();
      c.model = r % 2 ? "spiral-mlp" : "fashion-cnn";
      const std::int64_t id = store.create_run(c, make_layers(r + 1), r == 3 ? "cuda:0" : "cpu", r == 3 ? "fp16" : "fp16 (emulated)");
      std::vector<StepRecord> steps;
      for (int i = 0; i < counts[r]; ++i) steps.push_back(make_step(i, r + 1, i % 4 == 0));
      if (counts[r] > 0) steps.back().loss = r == 4 ? kNaN : 0.25 * r;
      store.append_steps(id, steps);
      if (r != 2) store.set_status(id, r == 1 ? "stopped" : "finished");
      ids.push_back(id);
    }
    const auto runs = store.runs();
    QCOMPARE(runs.size(), std::size_t{5});
    for (int r = 0; r < 5; ++r) {
      const RunSummary& s = runs[r];
      QCOMPARE(s.id, ids[r]);
      QCOMPARE(s.steps, std::int64_t{counts[r]});
      std::int64_t skipped = 0;
      for (int i = 0; i < counts[r]; ++i) skipped += make_step(i, 1, false).skipped;
      QCOMPARE(s.skipped, skipped);
      if (counts[r] == 0) {
        QCOMPARE(s.final_scale, 0.0);
        QCOMPARE(s.final_loss, 0.0);
      } else {
        QCOMPARE(s.final_scale, make_step(counts[r] - 1, 1, false).scale_after);
        if (r == 4) QVERIFY(std::isnan(s.final_loss));
        else QCOMPARE(s.final_loss, 0.25 * r);
      }
    }
    // load_run counts from the rows it reads, runs() from the run_summary view: the same
    // summary, field by field (a NaN final loss included), and a progress total that is the
    // run's step count.
    for (int r = 0; r < 5; ++r) {
      std::int64_t last_read = -1, last_total = -1;
      const RunData run = store.load_run(ids[r], false, [&](std::int64_t read, std::int64_t total) {
        last_read = read;
        last_total = total;
        return true;
      });
      const RunSummary &a = run.summary, &b = runs[r];
      QCOMPARE(a.id, b.id);
      QCOMPARE(a.created, b.created);
      QCOMPARE(a.model, b.model);
      QCOMPARE(a.precision, b.precision);
      QCOMPARE(a.device, b.device);
      QCOMPARE(a.status, b.status);
      QCOMPARE(a.steps, b.steps);
      QCOMPARE(a.skipped, b.skipped);
      QCOMPARE(std::bit_cast<std::uint64_t>(a.final_scale), std::bit_cast<std::uint64_t>(b.final_scale));
      QCOMPARE(std::bit_cast<std::uint64_t>(a.final_loss), std::bit_cast<std::uint64_t>(b.final_loss));
      QCOMPARE(last_read, std::int64_t{counts[r]});
      QCOMPARE(last_total, std::int64_t{counts[r]});
    }
    QCOMPARE(runs[1].status, std::string("stopped"));
    QCOMPARE(runs[2].status, std::string("running"));
    QCOMPARE(runs[3].device, std::string("cuda:0"));
    QCOMPARE(runs[3].precision, std::string("fp16"));
    QCOMPARE(runs[0].model, std::string("fashion-cnn"));
    // Each run keeps its own layers and steps.
    QCOMPARE(store.load_run(ids[2]).layers.size(), std::size_t{3});
    QCOMPARE(store.load_run(ids[2]).steps.size(), std::size_t{257});
    QVERIFY(store.load_run(ids[1]).steps.empty());
    // Errors name the run and the file.
    try {
      store.load_run(999);
      QFAIL("no error for a missing run");
    } catch (const RunStoreError& e) {
      QVERIFY2(std::string(e.what()).find("no run 999") != std::string::npos, e.what());
    }
    QVERIFY_THROWS_EXCEPTION(RunStoreError, store.append_steps(999, {make_step(0, 1, false)}));
    QVERIFY_THROWS_EXCEPTION(RunStoreError, store.set_status(999, "x"));
    // A duplicate step fails as a whole batch: nothing of it is stored.
    QVERIFY_THROWS_EXCEPTION(RunStoreError, store.append_steps(ids[0], {make_step(100, 1, true), make_step(5, 1, true)}));
    QCOMPARE(store.load_run(ids[0]).steps.size(), std::size_t{10});
    // Read-only stores refuse writes with a clear error.
    RunStore ro(path, RunStore::Mode::ReadOnly);
    QVERIFY_THROWS_EXCEPTION(RunStoreError, ro.create_run(make_config(), {}, "cpu", "fp32"));
    QCOMPARE(ro.runs().size(), std::size_t{5});
  }

  // The user's name for a run lives in its stored config, and the list reads it from there: a
  // named run lists its name and its title "name (model)", an unnamed one its model alone, and a
  // run whose config is damaged still lists (with no name) rather than failing the whole list.
  void runNamesAreListedFromTheirConfig() {
    const std::string path = file("names.ampscope");
    std::int64_t named = 0, unnamed = 0, damaged = 0;
    {
      RunStore store(path);
      SessionConfig c = make_config();
      c.name = "generator \u00b7 lr 3e-4";
      named = store.create_run(c, make_layers(2), "cpu", "bf16 (emulated)");
      unnamed = store.create_run(make_config(), make_layers(2), "cpu", "bf16 (emulated)");
      c.name = "to be damaged";
      damaged = store.create_run(c, make_layers(2), "cpu", "bf16 (emulated)");
      store.append_steps(named, {make_step(0, 2, false)});
      const auto runs = store.runs();
      QCOMPARE(runs.size(), std::size_t{3});
      QCOMPARE(runs[0].name, std::string("generator \u00b7 lr 3e-4"));
      QCOMPARE(runs[1].name, std::string());
      QCOMPARE(run_title(runs[0]).english(), std::string("generator \u00b7 lr 3e-4 (deep-mlp)"));
      QCOMPARE(run_title(runs[1]).english(), std::string("deep-mlp"));
      QCOMPARE(store.load_run(named).summary.name, runs[0].name);
      QCOMPARE(store.load_run(unnamed).summary.name, std::string());
    }
    {
      RawDb raw(path, true);
      QVERIFY(raw.exec("UPDATE runs SET config = '{\"name\": \"cut' WHERE id = " + std::to_string(damaged)));
      QVERIFY(raw.exec("UPDATE runs SET config = json_set(config, '$.name', 7) WHERE id = " + std::to_string(unnamed)));
    }
    const RunStore ro(path, RunStore::Mode::ReadOnly);
    const auto runs = ro.runs();
    QCOMPARE(runs.size(), std::size_t{3});
    QCOMPARE(runs[0].name, std::string("generator \u00b7 lr 3e-4"));
    QCOMPARE(runs[1].name, std::string());  // a name that is not text
    QCOMPARE(runs[2].name, std::string());  // a config that is not JSON
    QCOMPARE(runs[2].model, std::string("deep-mlp"));
    // Loading such a run says what is wrong with it, as for any other unreadable field.
    QVERIFY_THROWS_EXCEPTION(RunStoreError, ro.load_run(damaged));
    QVERIFY_THROWS_EXCEPTION(RunStoreError, ro.load_run(unnamed));
    // A run picked by its name: the one of that name; none or several say so, with what there is.
    QCOMPARE(run_named(runs, "generator \u00b7 lr 3e-4", path), named);
    auto refusal = [&](const std::vector<RunSummary>& list, const std::string& name) {
      try {
        run_named(list, name, "x.db");
      } catch (const RunStoreError& e) {
        return std::string(e.what());
      }
      return std::string("no error");
    };
    QCOMPARE(refusal(runs, "generator"), std::string("no run named 'generator' in 'x.db' (its runs' names: 'generator \u00b7 lr 3e-4')"));
    std::vector<RunSummary> twice(runs);
    twice[2].name = twice[0].name;
    QCOMPARE(refusal(twice, twice[0].name), "2 runs are named '" + twice[0].name + "' in 'x.db' (runs " +
                                               std::to_string(twice[0].id) + ", " + std::to_string(twice[2].id) + "): give one's id");
    std::vector<RunSummary> none(runs);
    for (auto& r : none) r.name.clear();
    QCOMPARE(refusal(none, "g"), std::string("no run named 'g' in 'x.db': its runs have no names (ampscope runs lists their ids)"));
  }

  // A file written by AmpScope with schema 1 (no step counts in runs; its run_summary view
  // counts the step rows) is read as it is when opened read-only, and upgraded in place, in one

  // FILE:RUN and `export --run RUN` read RUN by one rule: digits are an id, a sign and digits or
  // nothing is neither, anything else a name. FILE:RUN splits after the file (a name may hold
  // colons), at the last colon when no file is there yet, and not at all when the whole text is one.
  void runPartsAndSpecsFollowOneRule() {
    std::int64_t id = -7;
    QCOMPARE(classify_run_part("12", &id), RunPart::Id);
    QCOMPARE(id, 12);
    QCOMPARE(classify_run_part("9223372036854775807", &id), RunPart::Id);
    QCOMPARE(id, std::numeric_limits<std::int64_t>::max());
    id = -7;
    for (const char* bad : {"", "0", "00", "+5", "-1", "-", "+", "9223372036854775808", "18446744073709551616"}) {
      QVERIFY2(classify_run_part(bad, &id) == RunPart::Invalid, bad);
      QCOMPARE(id, -7);  // untouched
    }
    for (const char* name : {"generator", "1.5", "5a", "fc3 inf", "-x", "group", "1e3", " 1"})
      QVERIFY2(classify_run_part(name) == RunPart::Name, name);
    std::string file, run;
    QVERIFY(split_run_spec("runs.db:3", file, run));
    QCOMPARE(file, std::string("runs.db"));
    QCOMPARE(run, std::string("3"));
    QVERIFY(split_run_spec("/a:b/runs.db:fc3 inf", file, run));  // the last colon
    QCOMPARE(file, std::string("/a:b/runs.db"));
    QCOMPARE(run, std::string("fc3 inf"));
    QVERIFY(split_run_spec("runs.db:", file, run));  // nothing after the colon: the caller refuses it
    QCOMPARE(run, std::string());
    QVERIFY(!split_run_spec("runs.db", file, run));
    QCOMPARE(file, std::string("runs.db"));
    QVERIFY(!split_run_spec(":3", file, run));
    QCOMPARE(file, std::string(":3"));
    const std::string colonFile = m_dir.filePath(QStringLiteral("day:1.db")).toStdString();
    { RunStore created(colonFile); }
    QVERIFY(!split_run_spec(colonFile, file, run));  // a file whose name holds a colon
    QCOMPARE(file, colonFile);
    QVERIFY(run.empty());
    QVERIFY(split_run_spec(colonFile + ":2", file, run));
    QCOMPARE(file, colonFile);
    QCOMPARE(run, std::string("2"));
    // A name that holds colons: split after the file that exists, not at the last colon.
    QVERIFY(split_run_spec(colonFile + ":bs:256 lr:3e-4", file, run));
    QCOMPARE(file, colonFile);
    QCOMPARE(run, std::string("bs:256 lr:3e-4"));
    QVERIFY(split_run_spec(m_dir.filePath(QStringLiteral("later.db")).toStdString() + ":a:b", file, run));  // not written yet
    QCOMPARE(run, std::string("b"));
  }
  // transaction, when opened for writing; the counts then follow every append.
  void schemaOneIsReadAndUpgraded() {
    const std::string path = file("schema1.ampscope");
    std::vector<std::int64_t> ids;
    {
      RunStore store(path);
      const int counts[] = {0, 300, 1000};
      for (int r = 0; r < 3; ++r) {
        ids.push_back(store.create_run(make_config(), make_layers(2), "cpu", "fp32"));
        std::vector<StepRecord> steps;
        for (int i = 0; i < counts[r]; ++i) {
          steps.push_back(make_step(i, 2, i % 10 == 0));
          if (steps.size() == 256) store.append_steps(ids.back(), std::exchange(steps, {}));
        }
        store.append_steps(ids.back(), steps);
      }
    }
    const std::vector<RunSummary> expected = RunStore(path, RunStore::Mode::ReadOnly).runs();
    QCOMPARE(expected[2].steps, std::int64_t{1000});
    QCOMPARE(expected[2].skipped, std::int64_t{59});  // steps 0, 17, ..., 986
    const std::string fresh_columns = RawDb(path).text("SELECT group_concat(name) FROM pragma_table_info('runs')");
    {
      const std::string error = storetest::downgrade_to_schema1(path);
      QVERIFY2(error.empty(), error.c_str());
    }
    // The first difference from the list read before, or an empty string.
    auto differs = [&](const std::vector<RunSummary>& got) -> QString {
      if (got.size() != expected.size()) return QString("%1 runs, not %2").arg(got.size()).arg(expected.size());
      for (std::size_t i = 0; i < got.size(); ++i) {
        const RunSummary &a = got[i], &b = expected[i];
        if (a.id != b.id || a.steps != b.steps || a.skipped != b.skipped || a.status != b.status ||
            std::bit_cast<std::uint64_t>(a.final_scale) != std::bit_cast<std::uint64_t>(b.final_scale) ||
            std::bit_cast<std::uint64_t>(a.final_loss) != std::bit_cast<std::uint64_t>(b.final_loss))
          return QString("run %1: %2 steps, %3 skipped, scale %4; expected %5, %6, %7")
              .arg(a.id).arg(a.steps).arg(a.skipped).arg(a.final_scale).arg(b.steps).arg(b.skipped).arg(b.final_scale);
      }
      return {};
    };
    // Read-only: the same list through the file's own view, and the file untouched.
    const QString readOnly = differs(RunStore(path, RunStore::Mode::ReadOnly).runs());
    QVERIFY2(readOnly.isEmpty(), qPrintable(readOnly));
    QCOMPARE(RawDb(path).text("PRAGMA user_version"), std::string("1"));
    QVERIFY(RawDb(path).text("SELECT group_concat(name) FROM pragma_table_info('runs')") != fresh_columns);
    {
      // For writing: upgraded, the same list, and the counts follow new steps.
      RunStore store(path);
      const QString upgraded = differs(store.runs());
      QVERIFY2(upgraded.isEmpty(), qPrintable(upgraded));
      std::vector<StepRecord> more;
      for (int i = 1000; i < 1050; ++i) more.push_back(make_step(i, 2, false));
      store.append_steps(ids[2], more);
      const RunSummary last = store.runs()[2];
      QCOMPARE(last.steps, std::int64_t{1050});
      QCOMPARE(last.skipped, std::int64_t{62});  // and 1003, 1020, 1037
      QCOMPARE(last.final_scale, make_step(1049, 2, false).scale_after);
      const RunData run = store.load_run(ids[2], false);
      QCOMPARE(run.summary.steps, last.steps);
      QCOMPARE(run.summary.skipped, last.skipped);
    }
    RawDb raw(path);
    QCOMPARE(raw.text("PRAGMA user_version"), std::string("3"));
    QCOMPARE(raw.text("SELECT value FROM meta WHERE key='schema_version'"), std::string("3"));
    QCOMPARE(raw.text("PRAGMA integrity_check"), std::string("ok"));
    QCOMPARE(raw.text("SELECT group_concat(name) FROM pragma_table_info('runs')"), fresh_columns);
    QCOMPARE(raw.text("SELECT group_concat(steps || '/' || skipped) FROM run_summary"), std::string("0/0,300/18,1050/62"));
  }

  // Schema 3: who wrote a run (the probe, a DDP rank) round-trips through the run list and
  // load_run; a file of schema 2 reads as AmpScope's own runs read-only, and is upgraded in place
  // (same runs, origin defaults) when opened for writing.
  void runOriginRoundTripsAndSchemaTwoUpgrades() {
    const std::string path = file("origin.ampscope");
    std::int64_t own = 0, rank1 = 0;
    {
      RunStore store(path);
      own = store.create_run(make_config(), make_layers(2), "cpu", "fp32");
      RunOrigin o;
      o.source = "probe";
      o.group = "job-42";
      o.rank = 1;
      o.world_size = 2;
      o.host = "node7";
      o.pid = 4242;
      SessionConfig probe = make_config();
      probe.model = "MyNet";  // not a built-in model: a probe run
      probe.dataset = "user";
      rank1 = store.create_run(probe, make_layers(2), "cpu", "fp16 (emulated)", o);
      store.append_steps(rank1, {make_step(0, 2, false), make_step(1, 2, true)});
    }
    {
      RunStore ro(path, RunStore::Mode::ReadOnly);
      const auto runs = ro.runs();
      QCOMPARE(runs.size(), std::size_t{2});
      QCOMPARE(runs[0].id, own);
      QCOMPARE(runs[0].origin.source, std::string("ampscope"));
      QCOMPARE(runs[0].origin.group, std::string());
      QCOMPARE(runs[0].origin.rank, 0);
      QCOMPARE(runs[0].origin.world_size, 1);
      QCOMPARE(runs[0].origin.pid, static_cast<std::int64_t>(::getpid()));  // filled by create_run
      QVERIFY(!runs[0].origin.host.empty());
      QCOMPARE(runs[1].origin.source, std::string("probe"));
      QCOMPARE(runs[1].origin.group, std::string("job-42"));
      QCOMPARE(runs[1].origin.rank, 1);
      QCOMPARE(runs[1].origin.world_size, 2);
      QCOMPARE(runs[1].origin.host, std::string("node7"));
      QCOMPARE(runs[1].origin.pid, std::int64_t{4242});
      QCOMPARE(runs[1].model, std::string("MyNet"));
      QCOMPARE(runs[1].steps, std::int64_t{2});
      QVERIFY(runs[1].updated >= runs[1].created);
      const RunData data = ro.load_run(rank1);
      QCOMPARE(data.config.model, std::string("MyNet"));
      QCOMPARE(data.summary.origin.group, std::string("job-42"));
      QCOMPARE(data.summary.origin.rank, 1);
      QCOMPARE(data.summary.updated, runs[1].updated);
    }
    {
      const std::string error = storetest::downgrade_to_schema2(path);
      QVERIFY2(error.empty(), error.c_str());
    }
    {
      RunStore ro(path, RunStore::Mode::ReadOnly);
      const auto runs = ro.runs();
      QCOMPARE(runs.size(), std::size_t{2});
      QCOMPARE(runs[1].origin.source, std::string("ampscope"));  // schema 2 knew no probe
      QCOMPARE(runs[1].origin.rank, 0);
      QCOMPARE(runs[1].steps, std::int64_t{2});
      QCOMPARE(ro.load_run(rank1).summary.origin.world_size, 1);
      QCOMPARE(RawDb(path).text("PRAGMA user_version"), std::string("2"));
    }
    {
      RunStore store(path);
      const auto runs = store.runs();
      QCOMPARE(runs.size(), std::size_t{2});
      QCOMPARE(runs[1].steps, std::int64_t{2});
      QCOMPARE(runs[1].origin.source, std::string("ampscope"));
      RunOrigin o;
      o.group = "after-upgrade";
      o.rank = 3;
      o.world_size = 4;
      const std::int64_t id = store.create_run(make_config(), make_layers(1), "cpu", "fp32", o);
      QCOMPARE(store.runs().back().id, id);
      QCOMPARE(store.runs().back().origin.rank, 3);
      QCOMPARE(store.runs().back().origin.group, std::string("after-upgrade"));
    }
    RawDb raw(path);
    QCOMPARE(raw.text("PRAGMA user_version"), std::string("3"));
    QCOMPARE(raw.text("PRAGMA integrity_check"), std::string("ok"));
    QCOMPARE(raw.text("SELECT group_concat(rank) FROM run_summary"), std::string("0,0,3"));
    // The recorder writes its options' origin.
    RecorderOptions options = RecorderOptions::headless();
    options.origin.source = "probe";
    options.origin.rank = 1;
    options.origin.world_size = 2;
    options.origin.group = "g";
    RunRecorder rec(path, make_config(), make_layers(1), "cpu", "fp32", options);
    rec.close();
    const RunSummary last = RunStore(path, RunStore::Mode::ReadOnly).runs().back();
    QCOMPARE(last.id, rec.run_id());
    QCOMPARE(last.origin.source, std::string("probe"));
    QCOMPARE(last.origin.group, std::string("g"));
    QCOMPARE(last.origin.rank, 1);
  }

  // A recorder with nothing to write still refreshes runs.updated (every <= 2 s): a follower
  // tells a live but slow writer from a dead one by it.
  void idleRecorderKeepsAHeartbeat() {
    const std::string path = file("heartbeat.ampscope");
    RunRecorder rec(path, make_config(), make_layers(1), "cpu", "fp32");
    {
      RawDb raw(path, true);  // set the clock back: any heartbeat writes a later time
      QVERIFY(raw.exec("UPDATE runs SET updated = '2000-01-01T00:00:00Z'"));
    }
    RunStore reader(path, RunStore::Mode::ReadOnly);
    QTRY_VERIFY_WITH_TIMEOUT(reader.runs()[0].updated > std::string("2000-01-01T00:00:00Z"), 10000);
    QCOMPARE(reader.runs()[0].steps, std::int64_t{0});
    QCOMPARE(reader.runs()[0].status, std::string("running"));
    {
      RawDb raw(path, true);
      QVERIFY(raw.exec("UPDATE runs SET updated = '2000-01-01T00:00:00Z'"));
    }
    QVERIFY(rec.push(make_step(0, 1, false)));  // a commit also refreshes it
    QTRY_VERIFY_WITH_TIMEOUT(reader.runs()[0].steps == 1, 10000);
    QVERIFY(reader.runs()[0].updated > std::string("2000-01-01T00:00:00Z"));
    rec.close();
  }

  void loadStepsInPages() {
    const std::string path = file("pages.ampscope");
    RunStore store(path);
    const std::int64_t id = store.create_run(make_config(), make_layers(3), "cpu", "fp32");
    std::vector<StepRecord> steps;
    for (int i = 0; i < 1000; ++i) steps.push_back(make_step(i, 3, i % 7 == 0));
    store.append_steps(id, steps);
    const std::int64_t other = store.create_run(make_config(), make_layers(3), "cpu", "fp32");
    store.append_steps(other, {make_step(0, 3, true), make_step(500, 3, true)});
    std::vector<StepRecord> paged;
    for (std::int64_t first = 0; first < 1000; first += 128) {
      auto page = store.load_steps(id, first, first + 127);
      QCOMPARE(page.size(), std::size_t(std::min<std::int64_t>(128, 1000 - first)));
      QCOMPARE(page.front().step, first);
      paged.insert(paged.end(), page.begin(), page.end());
    }
    QCOMPARE(paged.size(), steps.size());
    for (std::size_t i = 0; i < steps.size(); ++i) {
      const std::string d = diff(steps[i], paged[i]);
      QVERIFY2(d.empty(), d.c_str());
    }
    QCOMPARE(store.load_steps(id, 7, 7).size(), std::size_t{1});
    QCOMPARE(store.load_steps(id, 7, 7).front().layers.size(), std::size_t{3});
    QVERIFY(store.load_steps(id, 7, 7, false).front().layers.empty());
    QVERIFY(store.load_steps(id, 2000, 3000).empty());
    QVERIFY(store.load_steps(id, 10, 5).empty());
    QCOMPARE(store.load_steps(id, -100, 4).size(), std::size_t{5});
    QCOMPARE(store.load_steps(other, 0, 1000).size(), std::size_t{2});
  }

  void recorderKeepsEveryStepInOrder() {
    const std::string path = file("recorder.ampscope");
    constexpr int kSteps = 20000;
    std::int64_t id = 0;
    std::atomic<bool> all_pushed{true};
    const auto t0 = std::chrono::steady_clock::now();
    {
      RunRecorder rec(path, make_config(), make_layers(8), "cpu", "fp16 (emulated)");
      id = rec.run_id();
      std::thread producer([&] {
        for (int i = 0; i < kSteps; ++i)
          if (!rec.push(make_step(i, 8, i % 10 == 0))) all_pushed = false;
      });
      producer.join();
      rec.close("finished");
      QVERIFY(!rec.error());
      QCOMPARE(rec.committed_steps(), std::int64_t{kSteps});
      QVERIFY(!rec.push(make_step(kSteps, 8, false)));  // closed: refused, not lost silently
      rec.close("ignored");                             // idempotent
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    qInfo("recorder: %d steps (8 layers of stats every 10th) pushed and committed in %.2f s = %.0f steps/s", kSteps,
          secs, kSteps / secs);
    QVERIFY(all_pushed);
    RunStore store(path, RunStore::Mode::ReadOnly);
    const RunData run = store.load_run(id);
    QCOMPARE(run.summary.status, std::string("finished"));
    QCOMPARE(run.steps.size(), std::size_t{kSteps});
    for (int i = 0; i < kSteps; ++i) {
      const std::string d = diff(make_step(i, 8, i % 10 == 0), run.steps[i]);
      QVERIFY2(d.empty(), d.c_str());
    }
  }

  void recorderThroughputWith20Layers() {
    const std::string path = file("throughput.ampscope");
    constexpr int kSteps = 3000;
    std::vector<StepRecord> steps;
    for (int i = 0; i < kSteps; ++i) steps.push_back(make_step(i, 20, true));
    const auto t0 = std::chrono::steady_clock::now();
    double push_secs = 0;
    {
      RunRecorder rec(path, make_config(), make_layers(20), "cpu", "fp16 (emulated)");
      for (auto& s : steps) QVERIFY(rec.push(std::move(s)));
      push_secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      rec.close();
      QVERIFY(!rec.error());
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    qInfo("recorder: %d steps x 20 layers of stats (61-bin histograms): %.0f steps/s = %.0f layer rows/s committed; "
          "push() took %.1f us/step on the producer; file %.1f MB",
          kSteps, kSteps / secs, kSteps * 20 / secs, 1e6 * push_secs / kSteps,
          (fs::file_size(path) + (fs::exists(path + "-wal") ? fs::file_size(path + "-wal") : 0)) / 1e6);
    RunStore store(path, RunStore::Mode::ReadOnly);
    QCOMPARE(store.runs().front().steps, std::int64_t{kSteps});
  }

  // The one recording path's back-pressure, on a disk slowed on purpose (an SQLite VFS that
  // sleeps in every write, tests/common/slow_sqlite_vfs.h). Live (the GUI): push() never waits;
  // beyond kThinAfter steps behind, clean steps lose their statistics, counted; every step's
  // scalars and every non-finite step's statistics are stored; the close is handed to the
  // writer and reported by callback.
  void liveRecorderThinsCleanStepsWhenBehind() {
    const std::string path = file("thinned.ampscope");
    constexpr int kSteps = 20000;
    constexpr int kLayers = 3;
    struct Uninstall {
      ~Uninstall() { SlowSqliteVfs::uninstall(); }
    } uninstall;
    SlowSqliteVfs::install(200ms);  // 200 ms per page: the writer is as good as stalled
    auto rec = std::make_shared<RunRecorder>(path, make_config(), make_layers(kLayers), "cpu", "fp16 (emulated)",
                                             RecorderOptions::live());
    for (int i = 0; i < kSteps; ++i) QVERIFY(rec->push(make_step(i, kLayers, true)));
    // Nothing waited for the disk: far more steps are queued than a waiting producer would have.
    QVERIFY2(rec->pushed_steps() - rec->committed_steps() > RunRecorder::kQueueCapacity,
             qPrintable(QString::number(rec->committed_steps())));
    std::atomic<int> closedCalls{0};
    std::atomic<bool> closedWithError{false};
    rec->close_async("finished", [&](const std::optional<UserText>& error) {
      closedWithError = error.has_value();
      ++closedCalls;
    });
    QVERIFY(!rec->closed());  // handed over: thousands of steps are still to be written
    QCOMPARE(closedCalls.load(), 0);
    SlowSqliteVfs::setDelays(0us);  // the disk is fast again: the writer catches up and closes
    QTRY_COMPARE_WITH_TIMEOUT(closedCalls.load(), 1, 60000);
    QVERIFY(!closedWithError);
    QVERIFY(rec->closed());
    QVERIFY(rec->state() == RunRecorder::State::Closed);
    QCOMPARE(rec->pushed_steps(), std::int64_t{kSteps});
    QCOMPARE(rec->committed_steps(), std::int64_t{kSteps});

    const RunData run = RunStore(path, RunStore::Mode::ReadOnly).load_run(rec->run_id());
    QCOMPARE(run.summary.status, std::string("finished"));
    QCOMPARE(run.steps.size(), std::size_t{kSteps});
    std::int64_t without_layers = 0, non_finite = 0;
    for (int i = 0; i < kSteps; ++i) {
      const StepRecord& got = run.steps[static_cast<std::size_t>(i)];
      StepRecord want = make_step(i, kLayers, true);
      if (got.layers.empty()) {
        ++without_layers;
        QVERIFY2(!want.found_inf, qPrintable(QStringLiteral("non-finite step %1 was thinned").arg(i)));
        QVERIFY2(i > RunRecorder::kThinAfter, qPrintable(QStringLiteral("step %1 thinned before the writer was behind").arg(i)));
        want.layers.clear();
      }
      non_finite += want.found_inf ? 1 : 0;
      const std::string d = diff(want, got);  // every step's scalars, bit for bit
      QVERIFY2(d.empty(), d.c_str());
    }
    qInfo("live recorder, stalled disk: %d steps pushed without waiting, %lld thinned, %lld non-finite kept their "
          "statistics",
          kSteps, static_cast<long long>(without_layers), static_cast<long long>(non_finite));
    QCOMPARE(rec->thinned_steps(), without_layers);
    QVERIFY(without_layers > kSteps / 2);
  }

  // Headless (`ampscope record`, tests): nothing is ever thinned or lost; the producer waits
  // while 16,384 steps are queued, so the backlog stays bounded.
  void headlessRecorderWaitsAndLosesNothing() {
    const std::string path = file("waited.ampscope");
    constexpr int kLayers = 2;
    constexpr std::int64_t kSteps = RunRecorder::kQueueCapacity + 3000;
    struct Uninstall {
      ~Uninstall() { SlowSqliteVfs::uninstall(); }
    } uninstall;
    SlowSqliteVfs::install(2ms);
    RunRecorder rec(path, make_config(), make_layers(kLayers), "cpu", "fp16 (emulated)", RecorderOptions::headless());
    std::atomic<std::int64_t> maxBehind{0};
    std::atomic<bool> allPushed{true};
    std::thread producer([&] {
      for (std::int64_t i = 0; i < kSteps; ++i) {
        if (!rec.push(make_step(i, kLayers, true))) allPushed = false;
        maxBehind = std::max(maxBehind.load(), rec.pushed_steps() - rec.committed_steps());
      }
    });
    // The queue fills up: the producer waits for the disk.
    QTRY_VERIFY_WITH_TIMEOUT(rec.pushed_steps() - rec.committed_steps() >= RunRecorder::kQueueCapacity, 60000);
    SlowSqliteVfs::setDelays(0us);
    producer.join();
    rec.close("finished");
    QVERIFY(allPushed);
    QVERIFY(!rec.error());
    qInfo("headless recorder, slow disk: at most %lld steps behind (queue %lld + a batch in flight)",
          static_cast<long long>(maxBehind.load()), static_cast<long long>(RunRecorder::kQueueCapacity));
    QVERIFY(maxBehind.load() >= RunRecorder::kQueueCapacity);
    QVERIFY(maxBehind.load() <= RunRecorder::kQueueCapacity + 1024);
    QCOMPARE(rec.thinned_steps(), std::int64_t{0});
    QCOMPARE(rec.committed_steps(), kSteps);
    const RunData run = RunStore(path, RunStore::Mode::ReadOnly).load_run(rec.run_id());
    QCOMPARE(static_cast<std::int64_t>(run.steps.size()), kSteps);
    for (std::int64_t i = 0; i < kSteps; ++i) {
      const std::string d = diff(make_step(i, kLayers, true), run.steps[static_cast<std::size_t>(i)]);
      QVERIFY2(d.empty(), d.c_str());
    }
  }

  // Live: a store that cannot be opened is a state, never an exception on the caller's thread.
  void liveRecorderOpenFailureIsAState() {
    const std::string blocker = file("not-a-dir");
    std::ofstream(blocker) << "x";
    const std::string path = blocker + "/runs.ampscope";
    RunRecorder rec(path, make_config(), make_layers(2), "cpu", "fp32", RecorderOptions::live());
    QTRY_VERIFY_WITH_TIMEOUT(rec.state() == RunRecorder::State::Failed, 30000);
    const auto err = rec.error();
    QVERIFY(err);
    QVERIFY2(err->find(path) != std::string::npos, err->c_str());
    QCOMPARE(rec.run_id(), std::int64_t{0});
    QVERIFY(!rec.push(make_step(0, 2, true)));
    QTRY_VERIFY_WITH_TIMEOUT(rec.closed(), 30000);  // the writer finished on its own
    bool called = false;
    rec.close_async("finished", [&](const std::optional<UserText>& e) { called = e.has_value(); });
    QVERIFY(called);  // the writer had finished: the callback ran at once, with the error
    rec.close();      // no throw, no wait
  }

  void killedWriterLeavesAConsistentPrefix() {
    std::mt19937 rng(12345);
    constexpr int kTrials = 24;
    int reached_commits = 0, min_saved = std::numeric_limits<int>::max(), max_saved = 0;
    for (int trial = 0; trial < kTrials; ++trial) {
      // A fresh file every 4 trials: the others append to a file left by a killed writer.
      const std::string path = file(("killed" + std::to_string(trial / 4) + ".ampscope").c_str());
      std::int64_t previous_max_id = 0;
      if (fs::exists(path)) {
        RunStore before(path, RunStore::Mode::ReadOnly);
        for (const auto& r : before.runs()) previous_max_id = std::max(previous_max_id, r.id);
      }
      int fds[2];
      QVERIFY(::pipe(fds) == 0);
      const bool paced = trial % 2 == 1;
      const pid_t pid = ::fork();
      QVERIFY(pid >= 0);
      if (pid == 0) {
        ::close(fds[0]);
        kill_trial_child(path, fds[1], paced);
      }
      ::close(fds[1]);
      std::this_thread::sleep_for(std::chrono::milliseconds(std::uniform_int_distribution<int>(5, 700)(rng)));
      ::kill(pid, SIGKILL);
      const int status = wait_child(pid, 10);
      QVERIFY(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
      std::int64_t run_id = -1, reported = 0;
      for (const Message& m : drain(fds[0])) {
        if (m.kind == 1) run_id = m.value;
        if (m.kind == 2) reported = std::max(reported, m.value);
      }
      ::close(fds[0]);

      {
        RawDb raw(path);
        QCOMPARE(raw.text("PRAGMA integrity_check"), std::string("ok"));
      }
      RunStore store(path, RunStore::Mode::ReadWrite);  // also runs WAL recovery
      for (const auto& r : store.runs()) {
        if (r.id <= previous_max_id) continue;
        const RunData run = store.load_run(r.id);
        QCOMPARE(run.summary.status, std::string("running"));
        // The run list's counts (kept in runs) are those of the rows that survived.
        QCOMPARE(r.steps, static_cast<std::int64_t>(run.steps.size()));
        QCOMPARE(r.skipped, run.summary.skipped);
        for (std::size_t i = 0; i < run.steps.size(); ++i) {
          const std::string d = diff(make_step(static_cast<std::int64_t>(i), kKillLayers, i % 2 == 0), run.steps[i]);
          QVERIFY2(d.empty(), d.c_str());
        }
        if (r.id == run_id) {
          QVERIFY2(static_cast<std::int64_t>(run.steps.size()) >= reported,
                   qPrintable(QString("trial %1: %2 steps stored, child reported %3 committed")
                                  .arg(trial).arg(run.steps.size()).arg(reported)));
          if (reported > 0) ++reached_commits;
          min_saved = std::min(min_saved, static_cast<int>(run.steps.size()));
          max_saved = std::max(max_saved, static_cast<int>(run.steps.size()));
        } else {
          QVERIFY(run.steps.empty());  // created but killed before it could report its id
        }
      }
    }
    qInfo("kill trials: %d/%d killed after at least one reported commit; stored steps per killed run %d..%d; "
          "integrity_check ok and exact prefixes in all",
          reached_commits, kTrials, min_saved == std::numeric_limits<int>::max() ? 0 : min_saved, max_saved);
    QVERIFY(reached_commits >= kTrials / 2);
  }

  void fullDiskStopsRecordingCleanly() {
    const std::string path = file("full.ampscope");
    int fds[2];
    QVERIFY(::pipe(fds) == 0);
    const pid_t pid = spawn_child("recorder-full-disk", path, fds);
    QVERIFY(pid >= 0);
    ::close(fds[1]);
    std::string error;
    std::int64_t run_id = -1, committed = -1, pushed = -1;
    for (const Message& m : drain(fds[0], &error)) {
      if (m.kind == 1) run_id = m.value;
      if (m.kind == 2) committed = m.value;
      if (m.kind == 4) pushed = m.value;
    }
    ::close(fds[0]);
    const int status = wait_child(pid, 30);
    QVERIFY2(WIFEXITED(status), "the recording child crashed or hung");
    QCOMPARE(WEXITSTATUS(status), 0);
    qInfo("size-limited file: %lld steps pushed, %lld committed before the limit; error: %s",
          static_cast<long long>(pushed), static_cast<long long>(committed), error.c_str());
    QVERIFY2(error.find(path) != std::string::npos, error.c_str());
    QVERIFY2(error.find("file size limit") != std::string::npos,
             error.c_str());
    QVERIFY(committed > 0);
    QVERIFY(pushed < 200000);
    {
      RawDb raw(path);
      QCOMPARE(raw.text("PRAGMA integrity_check"), std::string("ok"));
    }
    RunStore store(path, RunStore::Mode::ReadOnly);
    const RunData run = store.load_run(run_id);
    QCOMPARE(static_cast<std::int64_t>(run.steps.size()), committed);
    for (std::size_t i = 0; i < run.steps.size(); ++i) {
      const std::string d = diff(make_step(static_cast<std::int64_t>(i), 8, true), run.steps[i]);
      QVERIFY2(d.empty(), d.c_str());
    }
  }

  // The session path of a full disk: the training session records through record_to(); when
  // the file hits its size limit the session says "recording stopped ...; training continues
  // unrecorded" once, trains to the end, and the store holds exactly the committed steps,
  // equal to a fresh run of the same seed.
  void sessionGoesOnUnrecordedWhenTheDiskIsFull() {
    const std::string path = file("session-full.ampscope");
    int fds[2];
    QVERIFY(::pipe(fds) == 0);
    const pid_t pid = spawn_child("session-full-disk", path, fds);
    QVERIFY(pid >= 0);
    ::close(fds[1]);
    std::string message;
    std::int64_t run_id = -1, committed = -1, steps = -1, warnings = -1, errors = -1;
    for (const Message& m : drain(fds[0], &message)) {
      if (m.kind == 1) run_id = m.value;
      if (m.kind == 2) committed = m.value;
      if (m.kind == 4) steps = m.value;
      if (m.kind == 5) warnings = m.value;
      if (m.kind == 6) errors = m.value;
    }
    ::close(fds[0]);
    const int status = wait_child(pid, 240);
    QVERIFY2(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the training child crashed, hung or threw");
    qInfo("session on a 1 MB file: %lld steps trained, %lld committed before the limit; event: %s",
          static_cast<long long>(steps), static_cast<long long>(committed), message.c_str());
    QCOMPARE(steps, std::int64_t{1500});  // training went on to the end
    QCOMPARE(errors, std::int64_t{0});
    QCOMPARE(warnings, std::int64_t{1});  // said once
    QVERIFY2(message.find("recording stopped") != std::string::npos && message.find(path) != std::string::npos &&
                 message.find("file size limit") != std::string::npos &&
                 message.find("training continues unrecorded") != std::string::npos,
             message.c_str());
    QVERIFY(committed > 20 && committed < 1500);
    {
      RawDb raw(path);
      QCOMPARE(raw.text("PRAGMA integrity_check"), std::string("ok"));
    }
    RunStore store(path, RunStore::Mode::ReadOnly);
    const RunData run = store.load_run(run_id);
    QCOMPARE(static_cast<std::int64_t>(run.steps.size()), committed);
    // Every committed step is there and is the step a fresh run of the same seed computes.
    set_compute_threads(1);
    TrainingSession replay(full_disk_session_config());
    for (std::int64_t i = 0; i < committed; ++i) {
      const StepRecord want = replay.step();
      const StepRecord& got = run.steps[static_cast<std::size_t>(i)];
      QCOMPARE(got.step, i);
      QVERIFY2(std::memcmp(&want.loss, &got.loss, sizeof want.loss) == 0, qPrintable(QString("step %1 loss").arg(i)));
      QCOMPARE(got.scale_after, want.scale_after);
      QCOMPARE(got.skipped, want.skipped);
      QCOMPARE(got.layers.size(), want.layers.size());
    }
    QVERIFY(run.steps[20].skipped);
  }

  void deletedFileStopsRecording() {
    const std::string path = file("deleted.ampscope");
    RunRecorder rec(path, make_config(), make_layers(2), "cpu", "fp32");
    for (int i = 0; i < 300; ++i) QVERIFY(rec.push(make_step(i, 2, true)));
    for (int i = 0; i < 3000 && rec.committed_steps() < 300; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    QCOMPARE(rec.committed_steps(), std::int64_t{300});
    fs::remove(path);
    bool refused = false;
    for (int i = 300; i < 100000 && !refused; ++i) {
      refused = !rec.push(make_step(i, 2, true));
      if (i % 100 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    QVERIFY(refused);
    const auto err = rec.error();
    QVERIFY(err);
    QVERIFY2(err->find(path) != std::string::npos && err->find("deleted") != std::string::npos, err->c_str());
    QCOMPARE(rec.committed_steps(), std::int64_t{300});
    rec.close();  // no throw, no crash
  }

  void foreignAndDamagedFilesAreRefused() {
    auto expect = [&](const std::string& path, RunStore::Mode mode, const char* words) {
      const std::string before = fs::exists(path) && fs::is_regular_file(path) ? read_file(path) : std::string();
      const std::string e = store_error(path, mode);
      QVERIFY2(!e.empty(), (path + ": no error").c_str());
      QVERIFY2(e.find(words) != std::string::npos, e.c_str());
      if (!before.empty()) QVERIFY2(read_file(path) == before, ("modified: " + path).c_str());
    };
    // Random bytes.
    const std::string random = file("random.bin");
    {
      std::mt19937 rng(7);
      std::ofstream out(random, std::ios::binary);
      for (int i = 0; i < 16384; ++i) out.put(static_cast<char>(rng()));
    }
    expect(random, RunStore::Mode::ReadWrite, "not an AmpScope run store");
    expect(random, RunStore::Mode::ReadOnly, "not an AmpScope run store");
    // A text file.
    const std::string text = file("notes.txt");
    std::ofstream(text) << "step,loss\n0,1.5\n1,1.25\n";
    expect(text, RunStore::Mode::ReadWrite, "not an SQLite database");
    // An SQLite database of someone else.
    const std::string other = file("other.db");
    {
      RawDb raw(other, true);
      QVERIFY(raw.exec("CREATE TABLE customers(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customers VALUES(1,'x');"));
    }
    expect(other, RunStore::Mode::ReadWrite, "tables: customers");
    // A database with a meta table of another application.
    const std::string meta = file("meta.db");
    {
      RawDb raw(meta, true);
      QVERIFY(raw.exec("CREATE TABLE meta(key TEXT, value TEXT); INSERT INTO meta VALUES('app','Krita');"));
    }
    expect(meta, RunStore::Mode::ReadWrite, "'Krita'");
    // A store from a future AmpScope.
    const std::string future = file("future.ampscope");
    { RunStore s(future); }
    {
      RawDb raw(future, true);
      QVERIFY(raw.exec("UPDATE meta SET value='7' WHERE key='schema_version'"));
    }
    expect(future, RunStore::Mode::ReadWrite, "newer AmpScope (schema 7, this build reads 3)");
    expect(future, RunStore::Mode::ReadOnly, "newer AmpScope");
    // A store with a table dropped.
    const std::string damaged = file("damaged.ampscope");
    { RunStore s(damaged); }
    {
      RawDb raw(damaged, true);
      QVERIFY(raw.exec("DROP TABLE layer_stats"));
    }
    expect(damaged, RunStore::Mode::ReadOnly, "table 'layer_stats' is missing");
    // Truncated store: a valid header, pages missing.
    const std::string truncated = file("truncated.ampscope");
    {
      RunStore s(truncated);
      const auto id = s.create_run(make_config(), make_layers(4), "cpu", "fp32");
      std::vector<StepRecord> steps;
      for (int i = 0; i < 200; ++i) steps.push_back(make_step(i, 4, true));
      s.append_steps(id, steps);
    }
    fs::resize_file(truncated, fs::file_size(truncated) / 2);
    try {
      RunStore s(truncated, RunStore::Mode::ReadOnly);
      for (const auto& r : s.runs()) s.load_run(r.id);
      QFAIL("a truncated store read without error");
    } catch (const RunStoreError& e) {
      QVERIFY2(std::string(e.what()).find(truncated) != std::string::npos, e.what());
    }
    // Missing files: read-only refuses, read-write creates (also from an empty file).
    expect(file("missing.ampscope"), RunStore::Mode::ReadOnly, "no such file");
    QVERIFY(!fs::exists(file("missing.ampscope")));
    expect(file("no/such/dir/x.ampscope"), RunStore::Mode::ReadWrite, "cannot create");
    expect(m_dir.path().toStdString(), RunStore::Mode::ReadWrite, "directory");
    const std::string empty = file("empty.ampscope");
    std::ofstream(empty).close();
    expect(empty, RunStore::Mode::ReadOnly, "empty");
    {
      RunStore s(empty);
      QVERIFY(s.runs().empty());
      QCOMPARE(RunStore::schema_version(), 3);
    }
    RunStore reopened(empty, RunStore::Mode::ReadOnly);  // WAL files gone: read-only still opens
    QVERIFY(reopened.runs().empty());
  }

  void readerSeesCommittedStepsWhileRecording() {
    const std::string path = file("live.ampscope");
    RunRecorder rec(path, make_config(), make_layers(3), "cpu", "fp32");
    RunStore reader(path, RunStore::Mode::ReadOnly);
    for (int i = 0; i < 1000; ++i) QVERIFY(rec.push(make_step(i, 3, true)));
    for (int i = 0; i < 3000 && rec.committed_steps() < 1000; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const auto runs = reader.runs();
    QCOMPARE(runs.size(), std::size_t{1});
    QCOMPARE(runs[0].status, std::string("running"));
    QCOMPARE(runs[0].steps, std::int64_t{1000});
    rec.close("stopped");
    QCOMPARE(reader.runs()[0].status, std::string("stopped"));
  }

  void exportWritesCsv() {
    const std::string path = file("export.ampscope");
    std::int64_t first = 0;
    {
      RunStore store(path);
      first = store.create_run(make_config(), make_layers(3), "cpu", "bf16 (emulated)");
      std::vector<StepRecord> steps;
      for (int i = 0; i < 50; ++i) steps.push_back(make_step(i, 3, i % 5 == 0));
      steps[7].loss = kNaN;
      steps[8].scale_after = kInf;
      steps[9].loss = -0.0;
      steps[10].layers[1].underflow = -1;
      store.append_steps(first, steps);
      store.set_status(first, "finished");
      const auto second = store.create_run(make_config(), make_layers(1), "cpu", "fp32");
      store.append_steps(second, {make_step(0, 1, true), make_step(1, 1, false)});
    }
    const std::string out = file("csv_first");
    QCOMPARE(call_export({path, "--run", std::to_string(first), "--csv", out}), 0);
    const auto steps = read_csv(out + "/steps.csv");
    QCOMPARE(steps.size(), std::size_t{51});
    QCOMPARE(steps[0], (std::vector<std::string>{"run_id", "step", "loss", "lr", "scale_before", "scale", "growth_tracker",
                                                  "hysteresis_tracker", "found_inf", "skipped", "reason", "first_offender",
                                                  "first_offender_name", "grad_norm", "forward_ms", "backward_ms",
                                                  "stats_ms", "optimizer_ms"}));
    for (int i = 0; i < 50; ++i) {
      const auto& row = steps[i + 1];
      QCOMPARE(row.size(), steps[0].size());
      StepRecord e = make_step(i, 3, false);
      if (i == 7) e.loss = kNaN;
      if (i == 8) e.scale_after = kInf;
      if (i == 9) e.loss = -0.0;
      QCOMPARE(row[1], std::to_string(i));
      QVERIFY2(same(parse_double(row[2]), e.loss), row[2].c_str());
      QVERIFY(same(parse_double(row[3]), e.lr));
      QVERIFY(same(parse_double(row[4]), e.scale_before));
      QVERIFY2(same(parse_double(row[5]), e.scale_after), row[5].c_str());
      QCOMPARE(row[8], std::string(e.found_inf ? "1" : "0"));
      QCOMPARE(row[10], std::string(to_string(e.reason)));
      QCOMPARE(row[11], e.first_offender >= 0 ? std::to_string(e.first_offender) : std::string());
      QCOMPARE(row[12], e.first_offender >= 0 ? make_layers(3)[e.first_offender].name : std::string());
      QVERIFY(same(parse_double(row[13]), e.grad_norm));
      QVERIFY(same(parse_double(row[17]), e.optimizer_ms));
    }
    QCOMPARE(steps[8][2], std::string("nan"));
    QCOMPARE(steps[9][5], std::string("inf"));
    QCOMPARE(steps[10][2], std::string("-0"));
    const auto stats = read_csv(out + "/layer_stats.csv");
    QCOMPARE(stats.size(), std::size_t{1 + 10 * 3});
    QCOMPARE(stats[0].size(), std::size_t{21});
    QCOMPARE(stats[0][3], std::string("layer"));
    QCOMPARE(stats[0].back(), std::string("hist"));
    const StepRecord s5 = make_step(5, 3, true);
    const auto& row = stats[1 + 3 + 2];  // step 5, layer 2
    QCOMPARE(row[1], std::string("5"));
    QCOMPARE(row[2], std::string("2"));
    QCOMPARE(row[3], make_layers(3)[2].name);
    QCOMPARE(row[5], std::to_string(s5.layers[2].stats.zero));
    QVERIFY(same(parse_double(row[12]), s5.layers[2].stats.amax));
    QVERIFY(same(parse_double(row[14]), s5.layers[2].stats.sum_squares));
    QCOMPARE(row[16], std::to_string(s5.layers[2].underflow));  // measured at step 5
    QCOMPARE(stats[1 + 2 * 3 + 1][16], std::string());          // step 10, layer 1: not measured
    std::string hist = "[";
    for (std::size_t k = 0; k < s5.layers[2].stats.bins.size(); ++k)
      hist += (k ? "," : "") + std::to_string(s5.layers[2].stats.bins[k]);
    QCOMPARE(row[20], hist + "]");
    QCOMPARE(read_csv(out + "/layers.csv").size(), std::size_t{4});
    const auto runs = read_csv(out + "/runs.csv");
    QCOMPARE(runs.size(), std::size_t{2});
    QCOMPARE(runs[1][5], std::string("finished"));
    QCOMPARE(runs[0][10], std::string("config"));
    QCOMPARE(runs[1][10], make_config().to_json());
    QCOMPARE(runs[0].back(), std::string("name"));
    QCOMPARE(runs[1].back(), std::string());  // unnamed
    QVERIFY(!fs::exists(out + "/steps.csv.tmp"));
    QVERIFY(!fs::exists(out + "/format_whatif.csv"));  // only with --whatif

    // --whatif: every statistics row's format what-if, as format_whatif() computes it from the
    // stored histogram (issue 16; docs/measurements.md, "Format what-if").
    const std::string wi = file("csv_whatif");
    QCOMPARE(call_export({path, "--run", std::to_string(first), "--whatif", "--csv", wi}), 0);
    const auto what = read_csv(wi + "/format_whatif.csv");
    QCOMPARE(what.size(), std::size_t{1 + 10 * 3 * 4});
    QCOMPARE(what[0].size(), std::size_t{15});
    QCOMPARE(what[0][7], std::string("underflow_low"));
    int nonzero = 0;
    for (int k = 0; k < 4; ++k) {
      const auto& w = what[1 + (1 * 3 + 2) * 4 + k];  // step 5, layer 2, the k-th format
      kernels::Format format{};
      QVERIFY(parse(w[6], format));
      const FormatWhatIf x = format_whatif(s5.layers[2].stats, format, 0, make_config().histogram.target);
      QCOMPARE(w[1], std::string("5"));
      QVERIFY(same(parse_double(w[2]), s5.scale_before));
      QCOMPARE(w[3], std::string("2"));
      QCOMPARE(w[5], std::to_string(x.numel));
      QCOMPARE(w[7], std::to_string(x.underflow.low));
      QCOMPARE(w[8], std::to_string(x.underflow.high));
      QVERIFY(same(parse_double(w[10]), 100.0 * x.underflowShareHigh()));
      QCOMPARE(w[11], std::to_string(x.overflow.low));
      QCOMPARE(w[12], std::to_string(x.overflow.high));
      QVERIFY(same(parse_double(w[13]), 100.0 * x.overflowShareLow()));
      nonzero += x.underflow.high > 0 || x.overflow.high > 0;
    }
    QVERIFY(nonzero > 0);
    QCOMPARE(read_csv(wi + "/layer_stats.csv"), stats);  // the other files as without it

    // Default: the latest run.
    const std::string latest = file("csv_latest");
    QCOMPARE(call_export({path, "--csv=" + latest}), 0);
    QCOMPARE(read_csv(latest + "/steps.csv").size(), std::size_t{3});
    QCOMPARE(read_csv(latest + "/layer_stats.csv").size(), std::size_t{2});

    // Usage errors: 2; unreadable input: 1.
    QCOMPARE(call_export({"--help"}), 0);
    QCOMPARE(call_export({path, "--csv"}), 2);
    QCOMPARE(call_export({path}), 2);
    QCOMPARE(call_export({"", "--csv", out}), 2);  // an empty FILE (no FILE reads ./runs.db: test_cli)
    QCOMPARE(call_export({path, "--csv", out, "--bogus"}), 2);
    QCOMPARE(call_export({path, "--run", "0", "--csv", out}), 2);
    QCOMPARE(call_export({path, "--run", "abc", "--csv", out}), 1);  // a name, and no run has it
    QCOMPARE(call_export({path, "extra", "--csv", out}), 2);
    QCOMPARE(call_export({file("nope.ampscope"), "--csv", out}), 1);
    std::ofstream(file("export_notes.txt")) << "not a store\n";
    QCOMPARE(call_export({file("export_notes.txt"), "--csv", out}), 1);
    QCOMPARE(call_export({path, "--run", "99", "--csv", out}), 1);
    QCOMPARE(call_export({path, "--csv", path}), 1);  // DIR is a file
  }
};

// QTEST_APPLESS_MAIN, plus the helper children of the full-disk tests (spawn_child).
int main(int argc, char* argv[]) {
  if (argc == 5 && std::strcmp(argv[1], "--child") == 0) return run_child(argv[2], argv[3], std::atoi(argv[4]));
  TestRunStore tc;
  QTEST_SET_MAIN_SOURCE_PATH
  return QTest::qExec(&tc, argc, argv);
}
#include "test_run_store.moc"
