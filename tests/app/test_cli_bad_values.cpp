// Every option of `ampscope record`, `export`, `demo` and `screenshot` at and beyond its limits
// (0, negative, NaN, inf, 1e300, 2^64, empty, missing, wrong type, unknown names): each bad value
// exits with status 2 and a message that names the option and what it accepts; never a crash, an
// uncaught exception or a hang. The rows of record, demo and export run in-process, through the
// same ampscope_cli entry points main() calls (a process start per row was most of CI's time);
// a handful, one per kind of error, and every screenshot row (parsed in the GUI's main) also run
// on the real executable, so its exit status and stderr are still checked. Values at the limits are
// accepted and train. A store that cannot grow (a size-limited file, as on a full disk) stops
// recording with a clear message and exit status 3, or goes on unrecorded on request, and the
// store stays intact.
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include "cli_args.h"
#include "cli_export.h"
#include "cli_record.h"
#include <ampscope/name_suggest.h>

#include <sqlite3.h>
#include <sys/resource.h>

#include <algorithm>
#include <condition_variable>
#include <clocale>
#include <csignal>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <thread>
#include <vector>

namespace {
struct Result {
  int code = -1;  // -1: crashed (a signal) or killed after the timeout
  bool timedOut = false;
  QString out, err;
};

QProcessEnvironment environment() {
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert("OPENBLAS_NUM_THREADS", "1");
  env.insert("LC_ALL", "C");  // the messages in English, whatever the machine's language
  env.insert("LANGUAGE", "");
  env.insert("QT_QPA_PLATFORM", "offscreen");
  return env;
}

Result run(const QStringList& args, int timeout_ms = 120000, std::function<void()> childSetup = {},
           const QString& workingDir = {}, const QProcessEnvironment& env = environment()) {
  QProcess p;
  p.setProcessEnvironment(env);
  if (!workingDir.isEmpty()) p.setWorkingDirectory(workingDir);
  if (childSetup) p.setChildProcessModifier(childSetup);
  p.start(AMPSCOPE_EXE, args);
  Result r;
  if (!p.waitForFinished(timeout_ms)) {
    r.timedOut = true;
    p.kill();
    p.waitForFinished();
  }
  r.code = p.exitStatus() == QProcess::NormalExit && !r.timedOut ? p.exitCode() : -1;
  r.out = QString::fromUtf8(p.readAllStandardOutput());
  r.err = QString::fromUtf8(p.readAllStandardError());
  return r;
}

QJsonObject lastJsonLine(const QString& out) {
  const QStringList lines = out.split('\n', Qt::SkipEmptyParts);
  return lines.isEmpty() ? QJsonObject() : QJsonDocument::fromJson(lines.last().toUtf8()).object();
}

QString sqliteText(const QString& path, const char* sql) {
  sqlite3* db = nullptr;
  QString out;
  if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
      out = QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(s, 0)));
    else
      out = QStringLiteral("error: ") + QString::fromUtf8(sqlite3_errmsg(db));
    sqlite3_finalize(s);
  }
  sqlite3_close(db);
  return out;
}

/// A record option with the range text its messages quote and the values it must refuse.
struct Option {
  const char* name;
  const char* allowed;
  QStringList bad;
};

const QString k2to64 = QStringLiteral("18446744073709551616");

QList<Option> recordOptions() {
  return {
      {"lr", "(0, 10]", {"", "fast", "nan", "inf", "-inf", "1e300", "1e400", "-1", "0", "10.5"}},
      {"momentum", "[0, 1)", {"", "nan", "inf", "1e300", "-1", "1", "1.0000000000000002"}},
      {"weight-decay", "[0, 1]", {"", "nan", "-inf", "1e300", "-1", "1.5"}},
      {"batch-size", "[1, 65536]", {"", "many", "nan", "1.5", "0", "-1", "65537", "1e300", k2to64}},
      {"seed", "[0, 2^64-1]", {"", "nan", "-1", " -1", "+1", "1.5", "1e300", k2to64}},
      {"steps", "[1, 4611686018427387904]", {"", "nan", "0", "-1", "4611686018427387905", "1e300", k2to64}},
      {"init-scale", "(0, 3.4e+38]", {"", "nan", "inf", "1e300", "-1", "0", "-0"}},
      {"growth-factor", "(1, 1e+06]", {"", "nan", "inf", "1e300", "-1", "0", "1"}},
      {"backoff-factor", "(0, 1)", {"", "nan", "inf", "1e300", "-1", "0", "1", "2"}},
      {"growth-interval", "[1, 2147483647]", {"", "nan", "0", "-1", "2147483648", "1e300", k2to64}},
      {"hysteresis", "[1, 2147483647]", {"", "nan", "0", "-1", "2147483648", k2to64}},
      {"min-scale", "[0, 3.4e+38]", {"", "nan", "inf", "1e300", "-1"}},
      {"max-scale", "(0, inf]", {"", "nan", "-inf", "0", "-1"}},
      {"clip-norm", "[0, 1e+30]", {"", "nan", "inf", "1e300", "-1"}},
      {"accumulate", "[1, 1024]", {"", "nan", "0", "-1", "1025", k2to64}},
      {"stats-every", "[0, 9223372036854775807]", {"", "nan", "-1", "1e300", k2to64}},
      {"reference-every", "[0, 9223372036854775807]", {"", "nan", "-1", k2to64}},
      {"threads", "[1, 256]", {"", "nan", "0", "-1", "257"}},
      {"model", "allowed spiral-mlp, deep-mlp, fashion-cnn", {"", "gpt", "SPIRAL-MLP"}},
      {"dataset", "allowed spirals, clusters, fashion-mnist", {"", "mnist"}},
      {"precision", "allowed fp32, bf16, fp16", {"", "fp64", "FP16", "fp8"}},
      {"device", "allowed auto, cpu, cuda", {"", "gpu", "cuda:7", "tpu"}},
      {"optimizer", "allowed sgd, adam, adamw", {"", "lamb"}},
      {"hist-format", "allowed fp16, bf16, fp8-e4m3, fp8-e5m2, fp32", {"", "fp64"}},
      {"hist-range", "e.g. -40:20", {"", "5"}},
      {"hist-range", "[-149, 126]", {"-150:0", "nan:1"}},
      {"hist-range", "[11, 127]", {"10:5", "10:128"}},
      {"inject", "LAYER:KIND@STEP", {"", "fc3", "fc3:inf", ":inf@1"}},
      {"inject", "KIND must be inf or nan", {"fc3:boom@1"}},
      {"inject", "[0, 9223372036854775807]", {"fc3:inf@-1", "fc3:inf@nan", "fc3:inf@1e300"}},
      {"inject", "(allowed: fc1, fc2, fc3, fc4, loss)", {"fc9:inf@3"}},
      {"on-record-error", "allowed stop, continue", {"", "ignore"}},
      {"out", "the file name is empty", {""}},
  };
}

/// One row of badValuesExit2NamingTheOption: the arguments and the words its message must hold.
struct BadRow {
  QString tag;
  QStringList args, words;
  bool real = false;  ///< also run on the real executable (RowRunner); every row runs in-process
};

/// The rows that also start the real executable: one per kind of error (a number out of range,
/// a name not in the list, a missing value, a flag given a value, an unknown option, a missing
/// required option, a combination, export's and demo's own parsers, an unknown command), and every
/// screenshot row (its options are parsed by the GUI's main, not by ampscope_cli).
bool realProcessRow(const BadRow& r) {
  static const std::set<QString> tags{
      "record lr 'nan'", "record model 'gpt'", "record --lr without a value", "record --quiet=1",
      "record unknown option", "record without --out", "record init above max", "export --run 'abc'",
      "demo --steps '9'", "unknown command"};
  const QString cmd = r.args.value(0);
  return tags.count(r.tag) || (cmd != "record" && cmd != "demo" && cmd != "export");
}

/// A row in-process: ampscope_cli's entry point for the command, as main() calls it and with its
/// handling of errors (UsageError: status 2 and "ampscope CMD: message" on stderr), in `dir`.
Result runInProcess(const QStringList& args, const QString& dir) {
  QDir().mkpath(dir);
  const QString previous = QDir::currentPath();
  QDir::setCurrent(dir);
  std::vector<std::string> v;
  for (const QString& a : args) v.push_back(a.toStdString());
  const std::string cmd = v.front();
  std::ostringstream out, err;
  std::streambuf* const oldOut = std::cout.rdbuf(out.rdbuf());
  std::streambuf* const oldErr = std::cerr.rdbuf(err.rdbuf());
  Result r;
  try {
    if (cmd == "record") {
      r.code = ampscope::cli::run_record({v.begin() + 1, v.end()});
    } else if (cmd == "demo") {
      r.code = ampscope::cli::run_demo({v.begin() + 1, v.end()});
    } else {  // export: argv from the command's name on, as main() passes it
      std::vector<char*> argv;
      for (std::string& a : v) argv.push_back(a.data());
      argv.push_back(nullptr);
      r.code = ampscope::cli::run_export(static_cast<int>(v.size()), argv.data());
    }
  } catch (const ampscope::cli::UsageError& e) {
    err << "ampscope " << cmd << ": " << e.what() << "\n";
    r.code = 2;
  } catch (const std::exception& e) {
    err << "ampscope " << cmd << ": " << e.what() << "\n";
    r.code = 1;
  }
  std::cout.rdbuf(oldOut);
  std::cerr.rdbuf(oldErr);
  QDir::setCurrent(previous);
  r.out = QString::fromStdString(out.str());
  r.err = QString::fromStdString(err.str());
  return r;
}

/// Appends rows: add(tag) << args << words.
struct BadRows {
  QList<BadRow> rows;
  struct Adder {
    BadRow& row;
    int filled = 0;
    Adder& operator<<(const QStringList& l) {
      (filled++ == 0 ? row.args : row.words) = l;
      return *this;
    }
  };
  Adder operator()(const QString& tag) {
    rows.append(BadRow{tag, {}, {}});
    return Adder{rows.last()};
  }
};

QList<BadRow> badValueRows() {
  BadRows add;
  // record: every option with a value, each bad value.
  for (const Option& o : recordOptions()) {
    const QString flag = QStringLiteral("--") + o.name;
    for (const QString& v : o.bad)
      add(QString::asprintf("record %s '%s'", o.name, qPrintable(v)))
          << QStringList{"record", flag, v, "--out", "x.db"} << QStringList{flag, o.allowed};
  }
  // record: every option given without its value, flags given one, options given twice.
  QStringList valueOptions;
  for (const Option& o : recordOptions())
    if (!valueOptions.contains(o.name)) valueOptions << o.name;
  valueOptions << "data-dir" << "name";
  for (const QString& name : valueOptions)
    add(QString::asprintf("record --%s without a value", qPrintable(name)))
        << (name == "out" ? QStringList{"record", "--out"} : QStringList{"record", "--out", "x.db", "--" + name})
        << QStringList{"--" + name, "needs a value"};
  for (const char* name : {"no-scaler", "consecutive-hysteresis", "static-scale", "scaler-disabled", "clip-before-unscale",
                           "no-activation-stats", "quiet"})
    add(QString::asprintf("record --%s=1", name)) << QStringList{"record", QStringLiteral("--%1=1").arg(name), "--out", "x.db"}
                                         << QStringList{QStringLiteral("--%1").arg(name), "takes no value"};
  add("record --lr twice") << QStringList{"record", "--lr", "0.1", "--lr", "0.2", "--out", "x.db"}
                                     << QStringList{"--lr", "given more than once"};
  add("record unknown option") << QStringList{"record", "--turbo", "--out", "x.db"}
                                         << QStringList{"unknown option --turbo", "ampscope record --help"};
  add("record stray argument") << QStringList{"record", "fast", "--out", "x.db"}
                                         << QStringList{"unexpected argument 'fast'"};
  add("record with an empty --out") << QStringList{"record", "--steps", "3", "--out", ""} << QStringList{"--out: the file name is empty"};
  // record: a run's name is one line of at most 80 characters (the run list shows it).
  add("record --name of two lines") << QStringList{"record", "--name", "two\nlines", "--out", "x.db"}
                                    << QStringList{"--name two?lines", "must be one line of text"};
  add("record --name of 81 characters") << QStringList{"record", "--name", QString(81, 'n'), "--out", "x.db"}
                                        << QStringList{"--name nnnn", "must be at most 80 characters"};
  // record: combinations only the whole configuration can judge.
  add("record init above max") << QStringList{"record", "--init-scale", "4096", "--max-scale", "1024", "--out", "x.db"}
                                         << QStringList{"init_scale = 4096", "[min_scale, max_scale]"};
  add("record min above max") << QStringList{"record", "--min-scale", "10", "--max-scale", "1", "--out", "x.db"}
                                        << QStringList{"min_scale = 10", "must not exceed max_scale"};
  add("record dataset of another model")
      << QStringList{"record", "--model", "deep-mlp", "--dataset", "spirals", "--out", "x.db"}
      << QStringList{"--dataset spirals", "model deep-mlp trains on clusters only"};
  add("record fault into a layer the model lacks")
      << QStringList{"record", "--model", "deep-mlp", "--inject", "conv1:nan@2", "--out", "x.db"}
      << QStringList{"--inject conv1:nan@2", "no layer named 'conv1'", "fc13"};
  // export.
  // (A value that is not digits, "abc" or "1.5", is a run's name: test_cli looks them up.)
  for (const QString& v : {QString(""), QString("0"), QString("-1"), QString("-"), QString("+5"), k2to64})
    add(QString::asprintf("export --run '%s'", qPrintable(v))) << QStringList{"export", "x.db", "--run", v, "--csv", "out"}
                                                      << QStringList{"--run", "a positive integer"};
  add("export --run without a value") << QStringList{"export", "x.db", "--csv", "out", "--run"}
                                                << QStringList{"--run needs a run id"};
  add("export --csv empty") << QStringList{"export", "x.db", "--csv", ""} << QStringList{"--csv needs a folder"};
  add("export --csv without a value") << QStringList{"export", "x.db", "--csv"} << QStringList{"--csv needs a folder"};
  add("export with an empty FILE") << QStringList{"export", "", "--csv", "out"} << QStringList{"missing FILE"};
  add("export without --csv") << QStringList{"export", "x.db"} << QStringList{"missing --csv DIR"};
  add("export unknown option") << QStringList{"export", "x.db", "--csv", "out", "--json"}
                                         << QStringList{"unknown option '--json'"};
  add("export two files") << QStringList{"export", "x.db", "y.db", "--csv", "out"}
                                    << QStringList{"unexpected argument 'y.db'"};
  // demo.
  for (const QString& v : {QString(""), QString("9"), QString("100001"), QString("0"), QString("-1"), QString("nan"),
                           QString("1e300"), k2to64, QString("ten")})
    add(QString::asprintf("demo --steps '%s'", qPrintable(v))) << QStringList{"demo", "--steps", v}
                                                      << QStringList{"--steps", "[10, 100000]"};
  add("demo --steps without a value") << QStringList{"demo", "--steps"} << QStringList{"--steps needs a value"};
  add("demo unknown option") << QStringList{"demo", "--fast"} << QStringList{"unknown option --fast"};
  add("unknown command") << QStringList{"frobnicate"} << QStringList{"unknown command 'frobnicate'"};
  // A near miss or another command's name for an option is answered with the one meant.
  add("record --step (near miss)") << QStringList{"record", "--step", "10", "--out", "x.db"}
                                   << QStringList{"unknown option --step; did you mean --steps?", "ampscope record --help"};
  add("record --store (the window's name)") << QStringList{"record", "--store", "x.db"}
                                            << QStringList{"unknown option --store; did you mean --out?"};
  add("record --batch_size") << QStringList{"record", "--batch_size", "64", "--out", "x.db"}
                             << QStringList{"did you mean --batch-size?"};
  add("demo --step (near miss)") << QStringList{"demo", "--step", "20"} << QStringList{"did you mean --steps?"};
  add("export --out (the folder is --csv)") << QStringList{"export", "x.db", "--out", "out"}
                                            << QStringList{"unknown option '--out'; did you mean --csv?"};
  add("runs --jsno") << QStringList{"runs", "x.db", "--jsno"} << QStringList{"unknown option '--jsno'; did you mean --json?"};
  add("unknown command recrod") << QStringList{"recrod"} << QStringList{"unknown command 'recrod'; did you mean 'record'?"};
#ifdef AMPSCOPE_TEST_SCREENSHOT
  // screenshot (GUI builds): every option, checked before any training starts.
  for (const QString& v : {QString(""), QString("0"), QString("-1"), QString("nan"), QString("1e300"), QString("1000001"),
                           k2to64, QString("many")})
    add(QString::asprintf("screenshot --steps '%s'", qPrintable(v))) << QStringList{"screenshot", "--steps", v, "--out", "x.png"}
                                                            << QStringList{"--steps", "[1, 1000000]"};
  for (const QString& v : {QString(""), QString("0x0"), QString("99x100"), QString("20001x100"), QString("axb"),
                           QString("1600"), QString("1600x1000x3"), QString("-1600x1000"), QString("nanxnan")})
    add(QString::asprintf("screenshot --size '%s'", qPrintable(v))) << QStringList{"screenshot", "--size", v, "--out", "x.png"}
                                                           << QStringList{"--size", "[100, 20000]"};
  for (const QString& v : {QString(""), QString("0"), QString("-1"), QString("nan"), QString("inf"), QString("8.5"),
                           QString("1e300"), QString("big")})
    add(QString::asprintf("screenshot --scale '%s'", qPrintable(v))) << QStringList{"screenshot", "--scale", v, "--out", "x.png"}
                                                            << QStringList{"--scale", "(0, 8]"};
  add("screenshot PNG too large") << QStringList{"screenshot", "--size", "20000x20000", "--scale", "8", "--out", "x.png"}
                                            << QStringList{"--size 20000x20000", "--scale 8", "too large"};
  add("screenshot without --out") << QStringList{"screenshot"} << QStringList{"--out FILE.png|.pdf|.svg is required"};
  add("screenshot --out empty") << QStringList{"screenshot", "--out", ""} << QStringList{"--out FILE.png|.pdf|.svg"};
  add("screenshot --out .jpg") << QStringList{"screenshot", "--out", "x.jpg"} << QStringList{"--out must end in .png, .pdf or .svg"};
  add("screenshot --window as SVG") << QStringList{"screenshot", "--window", "--out", "x.svg"}
                                              << QStringList{"--window writes PNG only"};
  add("screenshot unknown preset") << QStringList{"screenshot", "--preset", "nope", "--out", "x.png"}
                                             << QStringList{"unknown preset 'nope'", "default"};
  add("screenshot empty preset") << QStringList{"screenshot", "--preset", "", "--out", "x.png"}
                                           << QStringList{"preset"};
  add("screenshot --steps without a value") << QStringList{"screenshot", "--out", "x.png", "--steps"}
                                                      << QStringList{"--steps"};
  add("screenshot unknown option") << QStringList{"screenshot", "--turbo", "--out", "x.png"}
                                             << QStringList{"turbo"};
  add("screenshot --output") << QStringList{"screenshot", "--output", "x.png"} << QStringList{"'output'", "Did you mean --out?"};
  add("window --out (the window's is --store)") << QStringList{"--out", "x.db"} << QStringList{"'out'", "Did you mean --store?"};
#endif
  for (BadRow& r : add.rows) r.real = realProcessRow(r);
  return add.rows;
}

/// Runs the real-process rows ahead of the test function, jobs() at a time (at least 2):
/// each such row is one start of the executable that refuses its options (mostly loading LibTorch
/// and Qt: about a second, 2-3 s under ASan), one after the other they were most of the CI
/// time. Every row still gets its own process, its own working directory (so "nothing
/// written" is checked per row), its 60 s timeout and all its assertions; the test function
/// waits for its row's result and checks it as before.
class RowRunner {
 public:
  RowRunner(QList<BadRow> rows, QString dir)
      : m_rows(std::move(rows)), m_dir(std::move(dir)), m_results(static_cast<std::size_t>(m_rows.size())) {}
  ~RowRunner() { stop(); }

  static int jobs() { return std::clamp(QThread::idealThreadCount(), 2, 8); }

  /// The result of row `i`, run with the others from the first row asked for onwards.
  Result get(int i) {
    std::unique_lock lock(m_mutex);
    if (m_workers.empty()) {
      m_first = m_next = i;
      for (int j = 0; j < jobs(); ++j) m_workers.emplace_back([this] { work(); });
    }
    if (i < m_first) {  // asked again or out of order: run it here
      lock.unlock();
      return runRow(i);
    }
    const auto k = static_cast<std::size_t>(i);
    m_done.wait(lock, [&] { return m_results[k].has_value(); });
    return *m_results[k];
  }

  /// Waits for the processes already started (rows not asked for are left unrun).
  void stop() {
    {
      std::lock_guard lock(m_mutex);
      m_stopping = true;
    }
    for (std::thread& t : m_workers) t.join();
    m_workers.clear();
  }

  /// The working directory of row `i`: the files a usage error must not write are looked for here.
  QString rowDir(int i) const { return QDir(m_dir).filePath(QString::number(i)); }

 private:
  Result runRow(int i) const {
    QDir().mkpath(rowDir(i));
    // These rows stop at the options; one OpenMP thread keeps a row that wrongly trains from
    // competing with the others for the cores.
    QProcessEnvironment env = environment();
    env.insert("OMP_NUM_THREADS", "1");
    return run(m_rows[i].args, 60000, {}, rowDir(i), env);
  }

  void work() {
    for (;;) {
      int i;
      {
        std::lock_guard lock(m_mutex);
        while (m_next < m_rows.size() && !m_rows[m_next].real) ++m_next;  // in-process only
        if (m_stopping || m_next >= m_rows.size()) return;
        i = m_next++;
      }
      Result r = runRow(i);
      {
        std::lock_guard lock(m_mutex);
        m_results[static_cast<std::size_t>(i)] = std::move(r);
      }
      m_done.notify_all();
    }
  }

  const QList<BadRow> m_rows;
  const QString m_dir;
  std::mutex m_mutex;
  std::condition_variable m_done;
  std::vector<std::optional<Result>> m_results;
  std::vector<std::thread> m_workers;
  int m_first = 0, m_next = 0;
  bool m_stopping = false;
};
}  // namespace

class TestCliBadValues : public QObject {
  Q_OBJECT

  QTemporaryDir m_dir;
  std::unique_ptr<RowRunner> m_runner;  // started by the first bad-value row

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    QDir::setCurrent(m_dir.path());  // a usage error must write nothing here
    std::setlocale(LC_NUMERIC, "C");  // as main() does: options parse with "C" conventions
  }
  void cleanupTestCase() { m_runner.reset(); }  // waits for the rows' processes still running

  void badValuesExit2NamingTheOption_data() {
    QTest::addColumn<int>("row");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("words");
    QTest::addColumn<bool>("real");
    const QList<BadRow> rows = badValueRows();
    for (int i = 0; i < rows.size(); ++i)
      QTest::newRow(qPrintable(rows[i].tag)) << i << rows[i].args << rows[i].words << rows[i].real;
  }
  void badValuesExit2NamingTheOption() {
    QFETCH(int, row);
    QFETCH(QStringList, args);
    QFETCH(QStringList, words);
    QFETCH(bool, real);
    if (!m_runner) m_runner = std::make_unique<RowRunner>(badValueRows(), m_dir.filePath("rows"));
    const auto check = [&](const Result& r, const QString& where, const QString& dir) {
      QVERIFY2(!r.timedOut, "hung: killed after 60 s");
      QVERIFY2(r.code == 2, qPrintable(QString("%1: exit %2, stderr: %3").arg(where).arg(r.code).arg(r.err)));
      for (const QString& w : words)
        QVERIFY2(r.err.contains(w), qPrintable(QString("%1: '%2' not in: %3").arg(where, w, r.err)));
      QVERIFY2(!r.err.contains("terminate called") && !r.err.contains("frame #"), qPrintable(r.err));
      QVERIFY2(r.out.isEmpty() || args.first() != "record", qPrintable(r.out));  // no JSON line: nothing ran
      const QDir cwd(dir);  // the row's own working directory
      for (const char* f : {"x.db", "x.png", "x.svg", "x.jpg", "out"})
        QVERIFY2(!QFile::exists(cwd.filePath(f)), f);  // nothing written on a usage error
    };
    const QString cmd = args.first();
    if (cmd == "record" || cmd == "demo" || cmd == "export") {
      const QString dir = m_dir.filePath(QStringLiteral("in-process/%1").arg(row));
      check(runInProcess(args, dir), QStringLiteral("in-process"), dir);
      if (QTest::currentTestFailed()) return;
    }
    if (real) check(m_runner->get(row), QStringLiteral("the executable"), m_runner->rowDir(row));
  }

  // What a mistyped name is answered with (ampscope/name_suggest.h), and that a name near
  // nothing, or near two names alike, gets no guess.
  void suggestionsOnlyForNearMisses() {
    const std::vector<std::string> record{"steps", "seed", "lr", "batch-size", "optimizer", "out", "init-scale", "stats-every"};
    const std::vector<std::pair<std::string, std::string>> aliases{{"store", "out"}, {"iters", "steps"}};
    QCOMPARE(ampscope::closest_name("step", record, aliases), std::string("steps"));
    QCOMPARE(ampscope::closest_name("setps", record, aliases), std::string("steps"));  // a transposition is one edit
    QCOMPARE(ampscope::closest_name("Batch_Size", record, aliases), std::string("batch-size"));
    QCOMPARE(ampscope::closest_name("optim", record, aliases), std::string("optimizer"));  // a prefix of one name
    QCOMPARE(ampscope::closest_name("store", record, aliases), std::string("out"));
    QCOMPARE(ampscope::closest_name("iters", record, aliases), std::string("steps"));
    QCOMPARE(ampscope::closest_name("turbo", record, aliases), std::string());
    QCOMPARE(ampscope::closest_name("x", record, aliases), std::string());
    QCOMPARE(ampscope::closest_name("steps", record, aliases), std::string());  // known: nothing to guess
    QCOMPARE(ampscope::closest_name("", record, aliases), std::string());
    // The nearest wins ("sees": one edit from "seed", two from "steps"); a tie says nothing.
    QCOMPARE(ampscope::closest_name("sees", record, aliases), std::string("seed"));
    QCOMPARE(ampscope::closest_name("ab", {"aa", "bb"}), std::string());
    QCOMPARE(ampscope::closest_name("sta", {"stats-every", "static-scale"}), std::string());  // two names start so
    // The parser's message: the guess where there is one, the bare message where there is none.
    auto message = [](const std::vector<std::string>& args) {
      ampscope::cli::ArgParser p("record");
      p.option("steps", "N", "", [](const std::string&) {});
      p.option("out", "FILE", "", [](const std::string&) {});
      p.aliases({{"store", "out"}});
      try {
        p.parse(args);
      } catch (const ampscope::cli::UsageError& e) {
        return QString::fromStdString(e.what());
      }
      return QString();
    };
    QCOMPARE(message({"--setps=3"}), QStringLiteral("unknown option --setps; did you mean --steps? (see 'ampscope record --help')"));
    QCOMPARE(message({"--store", "x.db"}), QStringLiteral("unknown option --store; did you mean --out? (see 'ampscope record --help')"));
    QCOMPARE(message({"--turbo"}), QStringLiteral("unknown option --turbo (see 'ampscope record --help')"));
  }

  void valuesAtTheLimitsAreAccepted_data() {
    QTest::addColumn<QStringList>("args");
    QTest::newRow("lr 10, momentum 0, weight decay 1, sgd") << QStringList{"--lr", "10", "--optimizer", "sgd", "--momentum", "0", "--weight-decay", "1"};
    // The CLI once stopped at 0.999999 where the session took [0, 1): the option limits agree now.
    QTest::newRow("momentum just below 1") << QStringList{"--optimizer", "sgd", "--momentum", "0.9999999999999999"};
    QTest::newRow("lr 1e-320 (subnormal)") << QStringList{"--lr", "1e-320"};
    QTest::newRow("batch 1, accumulate 1024") << QStringList{"--batch-size", "1", "--accumulate", "1024"};
    QTest::newRow("seed 2^64-1") << QStringList{"--seed", "18446744073709551615"};
    QTest::newRow("interval and hysteresis 2^31-1") << QStringList{"--growth-interval", "2147483647", "--hysteresis", "2147483647"};
    QTest::newRow("init scale 3.4e38, no cap") << QStringList{"--init-scale", "3.4e38", "--max-scale", "inf"};
    QTest::newRow("init scale 1e-45") << QStringList{"--init-scale", "1.5e-45"};
    QTest::newRow("growth 1e6, backoff 0.999999") << QStringList{"--growth-factor", "1e6", "--backoff-factor", "0.999999"};
    QTest::newRow("min = max = init") << QStringList{"--init-scale", "8", "--min-scale", "8", "--max-scale", "8"};
    QTest::newRow("clip 1e30 before unscale") << QStringList{"--clip-norm", "1e30", "--clip-before-unscale"};
    QTest::newRow("stats never, reference every step") << QStringList{"--stats-every", "0", "--reference-every", "1"};
    QTest::newRow("stats every 2^63-1") << QStringList{"--stats-every", "9223372036854775807"};
    QTest::newRow("widest histogram, fp8") << QStringList{"--hist-range", "-149:127", "--hist-format", "fp8-e5m2"};
    QTest::newRow("fault at step 0 and at 2^63-1") << QStringList{"--inject", "loss:nan@0", "--inject", "fc1:inf@9223372036854775807"};
    QTest::newRow("threads 1") << QStringList{"--threads", "1"};
  }
  void valuesAtTheLimitsAreAccepted() {
    QFETCH(QStringList, args);
    const QString db = m_dir.filePath("limits.db");
    const Result r = run(QStringList{"record", "--steps", "2", "--quiet", "--out", db} + args);
    QVERIFY2(r.code == 0, qPrintable(QString("exit %1: %2").arg(r.code).arg(r.err)));
    const QJsonObject j = lastJsonLine(r.out);
    QCOMPARE(j["steps"].toInt(), 2);
    QCOMPARE(j["committed_steps"].toInt(), 2);
    QCOMPARE(j["status"].toString(), QString("finished"));
  }

  // No GPU on this machine (or a LibTorch without CUDA): --device cuda is a bad value for it,
  // said as such; with a GPU it trains on cuda:0.
  void unavailableDeviceIsABadValue() {
    const Result r = run({"record", "--device", "cuda", "--steps", "2", "--quiet", "--out", m_dir.filePath("cuda.db")});
    if (r.code == 0) {
      QCOMPARE(lastJsonLine(r.out)["device"].toString(), QString("cuda:0"));
      return;
    }
    QVERIFY2(r.code == 2, qPrintable(r.err));
    QVERIFY2(r.err.contains("--device cuda: no CUDA device is available") && r.err.contains("allowed on this machine: auto, cpu"),
             qPrintable(r.err));
    QVERIFY(!QFile::exists(m_dir.filePath("cuda.db")));
    // The CPU path right after.
    const Result cpu = run({"record", "--device", "cpu", "--steps", "2", "--quiet", "--out", m_dir.filePath("cpu.db")});
    QCOMPARE(cpu.code, 0);
    QCOMPARE(lastJsonLine(cpu.out)["device"].toString(), QString("cpu"));
  }

  // A run store that cannot grow past 1 MB (RLIMIT_FSIZE in the child, SIGXFSZ ignored: a
  // write fails with EFBIG exactly as on a full disk, without root or a special mount).
  void fullDiskStopsRecordingWithExit3_data() {
    QTest::addColumn<QString>("policy");
    QTest::newRow("stop (default)") << QString();
    QTest::newRow("continue unrecorded") << QString("continue");
  }
  void fullDiskStopsRecordingWithExit3() {
    QFETCH(QString, policy);
    const QString db = m_dir.filePath(QStringLiteral("full-%1.db").arg(policy.isEmpty() ? "stop" : policy));
    QStringList args{"record", "--batch-size", "32", "--steps", "3000", "--quiet", "--threads", "1", "--out", db};
    if (!policy.isEmpty()) args << "--on-record-error" << policy;
    const Result r = run(args, 300000, [] {
      std::signal(SIGXFSZ, SIG_IGN);
      struct rlimit lim {1024 * 1024, 1024 * 1024};
      setrlimit(RLIMIT_FSIZE, &lim);
    });
    QVERIFY2(!r.timedOut, "hung");
    QVERIFY2(r.code == 3, qPrintable(QString("exit %1: %2").arg(r.code).arg(r.err)));
    QVERIFY2(r.err.contains("recording stopped") && r.err.contains(db) && r.err.contains("file size limit"), qPrintable(r.err));
    const QJsonObject j = lastJsonLine(r.out);
    const int committed = j["committed_steps"].toInt();
    qInfo("%s: exit 3 after %d steps trained, %d committed; stderr: %s", policy.isEmpty() ? "stop" : "continue",
          j["steps"].toInt(), committed, qPrintable(r.err.trimmed()));
    QVERIFY(committed > 10 && committed < 3000);
    if (policy == "continue") {
      QVERIFY(r.err.contains("training continues unrecorded"));
      QCOMPARE(j["steps"].toInt(), 3000);  // trained to the end
    } else {
      QVERIFY(j["steps"].toInt() < 3000);  // stopped soon after the failure
      QVERIFY(j["status"].toString().startsWith("error: "));
    }
    // The store is intact and holds exactly the committed steps, 0..committed-1.
    QCOMPARE(sqliteText(db, "PRAGMA integrity_check"), QString("ok"));
    QCOMPARE(sqliteText(db, "SELECT count(*) FROM steps"), QString::number(committed));
    QCOMPARE(sqliteText(db, "SELECT max(step) FROM steps"), QString::number(committed - 1));
    const Result e = run({"export", db, "--csv", m_dir.filePath("csv-" + policy)});
    QVERIFY2(e.code == 0, qPrintable(e.err));
    QVERIFY(e.out.contains(QStringLiteral("%1 steps").arg(committed)));
  }
};

QTEST_GUILESS_MAIN(TestCliBadValues)
#include "test_cli_bad_values.moc"
