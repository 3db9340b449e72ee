// The ampscope executable as a user runs it: exit codes, messages, the final JSON line of
// `record`, and the store it leaves behind (read back through `export`).
#include <cmath>
#include <optional>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {
struct Result {
  int code = -1;
  QString out, err;
};

Result run(const QStringList& args, const QString& working_dir = {}, int timeout_ms = 240000,
           const QStringList& unset = {}, const QStringList& set = {}) {
  QProcess p;
  if (!working_dir.isEmpty()) p.setWorkingDirectory(working_dir);
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert("OPENBLAS_NUM_THREADS", "1");
  for (const QString& name : unset) env.remove(name);
  for (const QString& kv : set) env.insert(kv.section('=', 0, 0), kv.section('=', 1));
  p.setProcessEnvironment(env);
  p.start(AMPSCOPE_EXE, args);
  if (!p.waitForFinished(timeout_ms)) {
    p.kill();
    p.waitForFinished();
  }
  return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
          QString::fromUtf8(p.readAllStandardError())};
}

QJsonObject last_json_line(const QString& out) {
  const QStringList lines = out.split('\n', Qt::SkipEmptyParts);
  if (lines.isEmpty()) return {};
  return QJsonDocument::fromJson(lines.last().toUtf8()).object();
}
}  // namespace

class TestCli : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void help_documents_every_command() {
    const Result r = run({"--help"});
    QCOMPARE(r.code, 0);
    for (const char* cmd : {"record", "runs", "export", "demo"}) QVERIFY(r.out.contains(cmd));
#ifdef AMPSCOPE_TEST_GUI
    // The window's own options are listed too, and read without a display (over SSH, in CI).
    const Result bare = run({"--help"}, {}, 60000, {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"});
    QCOMPARE(bare.code, 0);
    QCOMPARE(bare.out, r.out);
    QVERIFY(r.out.contains("ampscope screenshot [opts]"));
    QVERIFY(r.out.contains("Options of the main window"));
    for (const char* opt : {"--preset <name>", "--paused", "--store <file>", "--replay <file[:run]>",
                            "--overlay <file[:run]>", "--follow <file[:run]>", "FILE:group=NAME", "--presentation"})
      QVERIFY2(r.out.contains(opt), opt);
    // Its usage line names the command, not the executable's path.
    const Result shot = run({"screenshot", "--help"});
    QCOMPARE(shot.code, 0);
    QVERIFY2(shot.out.startsWith("Usage: ampscope screenshot [options]\n"), qPrintable(shot.out));
    // An unknown command gets the commands only.
    const Result bad = run({"frobnicate"});
    QCOMPARE(bad.code, 2);
    QVERIFY(bad.err.contains("unknown command 'frobnicate'"));
    QVERIFY(bad.err.contains("ampscope record [opts]"));
    QVERIFY(!bad.err.contains("--follow"));
#endif
    const Result rec = run({"record", "--help"});
    QCOMPARE(rec.code, 0);
    for (const char* opt : {"--model", "--precision", "--init-scale", "--growth-interval", "--hysteresis", "--min-scale",
                            "--no-scaler", "--clip-before-unscale", "--accumulate", "--inject", "--reference-every",
                            "--stats-every", "--out"})
      QVERIFY2(rec.out.contains(opt), opt);
  }

  void bad_values_exit_2_naming_the_option_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty --out") << QStringList{"record", "--steps", "3", "--out", ""} << "--out: the file name is empty";
    QTest::newRow("lr negative") << QStringList{"record", "--lr", "-1", "--out", "x.db"} << "--lr -1: out of range";
    QTest::newRow("lr nan") << QStringList{"record", "--lr", "nan", "--out", "x.db"} << "--lr 'nan'";
    QTest::newRow("lr text") << QStringList{"record", "--lr", "fast", "--out", "x.db"} << "--lr 'fast'";
    QTest::newRow("batch 0") << QStringList{"record", "--batch-size", "0", "--out", "x.db"} << "--batch-size 0";
    QTest::newRow("batch huge") << QStringList{"record", "--batch-size", "99999999999999999999", "--out", "x.db"}
                                << "--batch-size";
    QTest::newRow("steps 0") << QStringList{"record", "--steps", "0", "--out", "x.db"} << "--steps 0";
    QTest::newRow("growth 1") << QStringList{"record", "--growth-factor", "1", "--out", "x.db"} << "--growth-factor 1";
    QTest::newRow("backoff 1") << QStringList{"record", "--backoff-factor", "1", "--out", "x.db"} << "--backoff-factor 1";
    QTest::newRow("interval 0") << QStringList{"record", "--growth-interval", "0", "--out", "x.db"} << "--growth-interval 0";
    QTest::newRow("init inf") << QStringList{"record", "--init-scale", "inf", "--out", "x.db"} << "--init-scale inf";
    QTest::newRow("init above max") << QStringList{"record", "--init-scale", "4096", "--max-scale", "1024", "--out", "x.db"}
                                    << "init_scale = 4096";
    QTest::newRow("precision") << QStringList{"record", "--precision", "fp64", "--out", "x.db"} << "--precision 'fp64'";
    QTest::newRow("model") << QStringList{"record", "--model", "gpt", "--out", "x.db"} << "--model 'gpt'";
    QTest::newRow("inject") << QStringList{"record", "--inject", "fc3", "--out", "x.db"} << "--inject 'fc3'";
    QTest::newRow("hist") << QStringList{"record", "--hist-range", "10:5", "--out", "x.db"} << "--hist-range";
    QTest::newRow("unknown") << QStringList{"record", "--turbo", "--out", "x.db"} << "unknown option --turbo";
    QTest::newRow("missing value") << QStringList{"record", "--out"} << "--out needs a value";
    QTest::newRow("command") << QStringList{"frobnicate"} << "unknown command 'frobnicate'";
  }
  void bad_values_exit_2_naming_the_option() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
#if defined(__SANITIZE_ADDRESS__)
    // A process start costs 1.3-2 s under ASan (LibTorch's start-up), and test_cli_bad_values
    // runs every parser row in-process in this build: here one row of each kind of error runs
    // as a process (the optimised build's test_cli runs them all).
    static const QStringList kAsProcess{"empty --out", "lr negative", "lr text", "init above max",
                                        "unknown", "missing value", "command"};
    if (!kAsProcess.contains(QString::fromUtf8(QTest::currentDataTag())))
      QSKIP("under ASan: this parser row runs in-process in test_cli_bad_values");
#endif
    // The child runs in a scratch directory; this process stays where it is (changing its own
    // directory left the later tests in a deleted one, where pip LibTorch's MKL cannot load).
    QTemporaryDir dir;
    const Result r = run(args, dir.path());
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QVERIFY(!QFile::exists(dir.filePath("x.db")));  // nothing written on a usage error
  }

  void missing_dataset_is_a_clear_error() {
    QTemporaryDir dir;
    const Result r = run({"record", "--model", "fashion-cnn", "--data-dir", dir.filePath("nothing"), "--steps", "1",
                          "--out", dir.filePath("r.db")});
    QVERIFY2(r.code == 1, qPrintable(QString("exit %1: %2").arg(r.code).arg(r.err)));
    QVERIFY2(r.err.contains("dataset-fashion-mnist"), qPrintable(r.err));
  }

  void record_writes_a_store_and_ends_with_json() {
    QTemporaryDir dir;
    const QString db = dir.filePath("runs.db");
    const Result r = run({"record", "--model", "spiral-mlp", "--precision", "fp16", "--steps", "40", "--batch-size", "64",
                          "--inject", "fc3:inf@10", "--seed", "7", "--out", db});
    QVERIFY2(r.code == 0, qPrintable(QString("exit %1: %2").arg(r.code).arg(r.err)));
    const QJsonObject j = last_json_line(r.out);
    QCOMPARE(j["steps"].toInt(), 40);
    QCOMPARE(j["skipped"].toInt(), 1);
    QCOMPARE(j["final_scale"].toDouble(), 32768.0);
    QVERIFY(j["final_loss"].toDouble() > 0.0);
    QVERIFY(j["steps_per_sec"].toDouble() > 0.0);
    QCOMPARE(j["run_id"].toInt(), 1);
    // The default device is CUDA where there is one; fp16 is emulated on the CPU only.
    QCOMPARE(j["precision"].toString(), QString(j["device"].toString() == "cpu" ? "fp16 (emulated)" : "fp16"));
    QCOMPARE(j["committed_steps"].toInt(), 40);
    QVERIFY(QFile::exists(db));
    // A second run is appended to the same store.
    const Result r2 = run({"record", "--steps", "5", "--no-scaler", "--out", db, "--quiet"});
    QCOMPARE(r2.code, 0);
    QCOMPARE(last_json_line(r2.out)["run_id"].toInt(), 2);
    QCOMPARE(last_json_line(r2.out)["final_scale"].toDouble(), 1.0);
    // export reads it back as CSV.
    const Result e = run({"export", db, "--run", "1", "--csv", dir.filePath("csv")});
    QCOMPARE(e.code, 0);
    QFile steps(dir.filePath("csv/steps.csv"));
    QVERIFY(steps.open(QIODevice::ReadOnly));
    const QStringList rows = QString::fromUtf8(steps.readAll()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(rows.size(), 41);  // header + 40 steps
    QVERIFY(rows[11].contains("backoff"));  // step 10 was skipped and backed off
  }

  // What record did with the memory its steps free (process_memory.h): kept for the next step,
  // unless the user's environment tunes malloc itself.
  void step_memory_is_reported() {
    QTemporaryDir dir;
    const QStringList args{"record", "--steps", "3", "--quiet", "--out", dir.filePath("m.db")};
    const Result a = run(args, {}, 60000, {"MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_", "MALLOC_TOP_PAD_",
                                           "MALLOC_MMAP_MAX_", "MALLOC_ARENA_MAX", "MALLOC_ARENA_TEST",
                                           "GLIBC_TUNABLES"});
    QCOMPARE(a.code, 0);
#if defined(__SANITIZE_ADDRESS__)
    // ASan's allocator takes malloc's place and refuses mallopt (TSan's passes it to glibc).
    QCOMPARE(last_json_line(a.out)["step_memory"].toString(),
             QStringLiteral("left to the C library (mallopt refused the thresholds); blocks of 1 MB and more kept"));
#else
    // Every thread keeps its own arena (none waits on another's heap lock); LibTorch's allocator
    // keeps the large blocks (process_memory.h).
    QCOMPARE(last_json_line(a.out)["step_memory"].toString(),
             QStringLiteral("kept (mmap threshold 512 MB, trim threshold 1024 MB, blocks of 1 MB and more)"));
#endif
    const Result b = run(args, {}, 60000, {}, {"MALLOC_TRIM_THRESHOLD_=4194304"});
    QCOMPARE(b.code, 0);
    QCOMPARE(last_json_line(b.out)["step_memory"].toString(),
             QStringLiteral("left to the environment (MALLOC_TRIM_THRESHOLD_); blocks of 1 MB and more kept"));
  }

#ifdef AMPSCOPE_TEST_GUI
  // `ampscope --replay FILE` shows FILE's run: the default demo is built, but neither trains in
  // the background nor adds a run to the store, until Start. The same with --paused. Without
  // either, the demo starts and is recorded: the store this test looks for is created (its
  // recorder opens it as the first step is trained, well within the 3 s the grab waits, ASan too).
  void launch_that_shows_another_run_leaves_the_demo_unstarted() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString runs = dir.filePath("recorded.db");
    const Result rec = run({"record", "--steps", "20", "--quiet", "--out", runs});
    QCOMPARE(rec.code, 0);
    // The window's settings and default store stay in the scratch directory.
    const QStringList env{"QT_QPA_PLATFORM=offscreen", "XDG_CONFIG_HOME=" + dir.filePath("config"),
                          "XDG_DATA_HOME=" + dir.filePath("data")};
    auto launch = [&](const QString& name, const QStringList& extra) {
      const QString store = dir.filePath(name + ".sqlite"), png = dir.filePath(name + ".png");
      const Result r = run(QStringList{"--store", store, "--grab", png, "--grab-delay", "3000"} + extra, {}, 60000, {}, env);
      if (r.code != 0) qWarning("%s: exit %d: %s", qPrintable(name), r.code, qPrintable(r.err));
      return r.code == 0 && QFile::exists(png) ? QFile::exists(store) : std::optional<bool>();
    };
    QCOMPARE(launch("replay", {"--replay", runs + ":1"}), std::optional<bool>(false));
    QCOMPARE(launch("paused", {"--paused"}), std::optional<bool>(false));
    QCOMPARE(launch("live", {}), std::optional<bool>(true));
  }

  // `screenshot --replay` draws a stored run (a headless record's here) without a display: the
  // figure's caption names the run, the histograms show --step's statistics (the step fc3's inf
  // was injected at), and what cannot be drawn exits non-zero saying why.
  void screenshot_of_a_stored_run() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString runs = dir.filePath("runs.db");
    QCOMPARE(run({"record", "--steps", "12", "--inject", "fc3:inf@5", "--quiet", "--out", runs, "--name", "fc3 inf"}).code, 0);
    const QStringList env{"QT_QPA_PLATFORM=offscreen", "XDG_CONFIG_HOME=" + dir.filePath("config")};
    const QString svg = dir.filePath("run.svg");
    // FILE:NAME is the run of that name.
    // Without XDG_RUNTIME_DIR (a CI job, ssh, a container) too, and with nothing on stderr: Qt's
    // note that it took a runtime folder itself is no news there.
    const Result r = run({"screenshot", "--replay", runs + ":fc3 inf", "--step", "5", "--out", svg}, {}, 120000,
                         {"XDG_RUNTIME_DIR"}, env);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("wrote " + svg + " (run 1 of runs.db, 12 steps)"), qPrintable(r.out));
    QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    for (const char* expected : {"fc3 inf (run 1): fp16 (emulated)", "spiral-mlp", "12 steps", "step 5", "step skipped"})
      QVERIFY2(text.contains(QString::fromUtf8(expected)), expected);
    // Refused before anything is drawn (2), or failing to read the run (1), each saying why.
    const Result both = run({"screenshot", "--replay", runs, "--preset", "default", "--out", svg}, {}, 60000, {}, env);
    QCOMPARE(both.code, 2);
    QVERIFY2(both.err.contains("give one or the other"), qPrintable(both.err));
    const Result step = run({"screenshot", "--step", "3", "--out", svg}, {}, 60000, {}, env);
    QCOMPARE(step.code, 2);
    QVERIFY2(step.err.contains("--overlay and --step need --replay"), qPrintable(step.err));
    const Result missing = run({"screenshot", "--replay", dir.filePath("none.db"), "--out", svg}, {}, 60000, {}, env);
    QCOMPARE(missing.code, 1);
    QVERIFY2(missing.err.contains("none.db"), qPrintable(missing.err));
    const Result noRun = run({"screenshot", "--replay", runs + ":9", "--out", svg}, {}, 60000, {}, env);
    QCOMPARE(noRun.code, 1);
    QVERIFY2(noRun.err.contains("no run 9"), qPrintable(noRun.err));
    const Result noName = run({"screenshot", "--replay", runs + ":fc4 inf", "--out", svg}, {}, 60000, {}, env);
    QCOMPARE(noName.code, 2);
    QVERIFY2(noName.err.contains("--replay: no run named 'fc4 inf' in") && noName.err.contains("(its runs' names: 'fc3 inf')"),
             qPrintable(noName.err));
    // A sign and digits is neither an id nor a name, here as in `export --run` (test_cli_bad_values).
    const Result signed_ = run({"screenshot", "--replay", runs + ":+1", "--out", svg}, {}, 60000, {}, env);
    QCOMPARE(signed_.code, 2);
    QVERIFY2(signed_.err.contains("--replay: expected FILE, FILE:RUN or FILE:NAME") && signed_.err.contains(":+1'"),
             qPrintable(signed_.err));
  }
#endif

  void same_seed_same_final_numbers() {
    QTemporaryDir dir;
    const QStringList args{"record", "--steps", "15", "--seed", "3", "--quiet", "--threads", "1"};
    const Result a = run(args + QStringList{"--out", dir.filePath("a.db")});
    const Result b = run(args + QStringList{"--out", dir.filePath("b.db")});
    // Two runs that failed alike (no output: both 0.0) must not pass as "the same numbers".
    QVERIFY2(a.code == 0, qPrintable(QString("exit %1: %2").arg(a.code).arg(a.err)));
    QVERIFY2(b.code == 0, qPrintable(QString("exit %1: %2").arg(b.code).arg(b.err)));
    const QJsonObject ja = last_json_line(a.out), jb = last_json_line(b.out);
    for (const char* key : {"final_loss", "final_scale", "steps"}) {
      QVERIFY2(ja.contains(key) && jb.contains(key), qPrintable(QString("no \"%1\" in: %2").arg(key, a.out)));
      QCOMPARE(ja[key].toDouble(), jb[key].toDouble());
    }
    QCOMPARE(ja["steps"].toInt(), 15);
    QVERIFY(std::isfinite(ja["final_loss"].toDouble()) && ja["final_loss"].toDouble() > 0.0);
  }

  // `runs` lists a store's runs (table and --json), and says of a run still "running" whether
  // its writer lives: a record killed mid-run (SIGKILL: no status written) reads as ended.
  void runs_lists_the_store_and_judges_its_writers() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString db = dir.filePath("runs.db");
    const Result missing = run({"runs", dir.filePath("none.db")});
    QCOMPARE(missing.code, 1);
    QVERIFY2(missing.err.contains("none.db"), qPrintable(missing.err));
    QFile junk(dir.filePath("junk.db"));
    QVERIFY(junk.open(QIODevice::WriteOnly));
    junk.write(QByteArray(4096, 'x'));
    junk.close();
    QCOMPARE(run({"runs", junk.fileName()}).code, 1);
    QCOMPARE(run({"runs", db, "--bogus"}).code, 2);

    QCOMPARE(run({"record", "--steps", "20", "--quiet", "--out", db}).code, 0);
    // The second run is named: the table shows it before the model, the JSON lines carry it.
    const Result named = run({"record", "--steps", "5", "--no-scaler", "--quiet", "--out", db, "--name", "no scaler \u00b7 5"});
    QCOMPARE(named.code, 0);
    QCOMPARE(QJsonDocument::fromJson(named.out.trimmed().toUtf8()).object()["name"].toString(), QString("no scaler \u00b7 5"));
    const Result table = run({"runs", db});
    QCOMPARE(table.code, 0);
    const QStringList lines = table.out.split('\n');
    QVERIFY2(lines.size() >= 4 && lines[1].startsWith("run  created (UTC)"), qPrintable(table.out));
    QVERIFY2(lines[2].contains("ampscope") && lines[2].contains(" 20 ") && lines[2].contains("finished"), qPrintable(table.out));
    QVERIFY2(lines[3].trimmed().startsWith("2 ") && lines[3].contains(" 5 "), qPrintable(table.out));
    QVERIFY2(lines[3].contains("  no scaler \u00b7 5 (spiral-mlp)  ") && lines[2].contains("  spiral-mlp  "), qPrintable(table.out));
    const QStringList rows = run({"runs", db, "--json"}).out.split('\n', Qt::SkipEmptyParts);
    QCOMPARE(rows.size(), 2);
    QVERIFY(!QJsonDocument::fromJson(rows[0].toUtf8()).object().contains("name"));
    QCOMPARE(QJsonDocument::fromJson(rows[1].toUtf8()).object()["name"].toString(), QString("no scaler \u00b7 5"));
    QCOMPARE(QJsonDocument::fromJson(rows[1].toUtf8()).object()["model"].toString(), QString("spiral-mlp"));
    // export --run NAME: the run of that name; a name no run has says which names there are.
    const Result byName = run({"export", db, "--run", "no scaler \u00b7 5", "--csv", dir.filePath("csv")});
    QVERIFY2(byName.code == 0 && byName.out.contains("exported run 2 (no scaler \u00b7 5 (spiral-mlp), "), qPrintable(byName.out + byName.err));
    const Result noName = run({"export", db, "--run", "1.5", "--csv", dir.filePath("csv2")});
    QCOMPARE(noName.code, 1);
    QVERIFY2(noName.err.contains("no run named '1.5' in") && noName.err.contains("(its runs' names: 'no scaler \u00b7 5')"),
             qPrintable(noName.err));
    QVERIFY(!QFileInfo::exists(dir.filePath("csv2")));
    QVERIFY2(table.out.contains("--replay " + db + ":2"), qPrintable(table.out));

    // A writer killed while it writes: "running" in the store, its process gone.
    QProcess writer;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("OPENBLAS_NUM_THREADS", "1");
    writer.setProcessEnvironment(env);
    writer.start(AMPSCOPE_EXE, {"record", "--steps", "2000000", "--quiet", "--out", db});
    QVERIFY(writer.waitForStarted());
    auto third = [&]() {
      const Result j = run({"runs", db, "--json"});
      const QStringList jsonLines = j.out.split('\n', Qt::SkipEmptyParts);
      return jsonLines.size() == 3 ? QJsonDocument::fromJson(jsonLines[2].toUtf8()).object() : QJsonObject();
    };
    QJsonObject live;
    QTRY_VERIFY_WITH_TIMEOUT((live = third())["steps"].toInt() > 0, 60000);
    QCOMPARE(live["id"].toInt(), 3);
    QCOMPARE(live["status"].toString(), QString("running"));
    QCOMPARE(live["writer"].toString(), QString("live"));
    const qint64 pid = writer.processId();
    QCOMPARE(live["pid"].toInteger(), pid);
    QCOMPARE(live["source"].toString(), QString("ampscope"));
    writer.kill();
    QVERIFY(writer.waitForFinished());
    const QJsonObject gone = third();
    QCOMPARE(gone["status"].toString(), QString("running"));
    QCOMPARE(gone["writer"].toString(), QString("gone"));
    const Result after = run({"runs", db});
    QVERIFY2(after.out.contains(QString("running (its writer, process %1, has ended)").arg(pid)),
             qPrintable(after.out));
    // The finished runs carry no writer judgement.
    const QJsonObject first = QJsonDocument::fromJson(run({"runs", db, "--json"}).out.split('\n')[0].toUtf8()).object();
    QCOMPARE(first["status"].toString(), QString("finished"));
    QVERIFY(!first.contains("writer"));
    QCOMPARE(first["steps"].toInt(), 20);
  }

  // As users type it: no --out writes ./runs.db (the probe's default too), and `runs` with no
  // FILE lists it.
  void record_without_out_writes_runs_db_here() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result r = run({"record", "--steps", "4", "--quiet"}, dir.path());
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QCOMPARE(last_json_line(r.out)["out"].toString(), QStringLiteral("runs.db"));
    QVERIFY(QFile::exists(dir.filePath("runs.db")));
    const Result l = run({"runs", "--json"}, dir.path());
    QCOMPARE(l.code, 0);
    const QJsonObject only = QJsonDocument::fromJson(l.out.trimmed().toUtf8()).object();
    QCOMPARE(only["id"].toInt(), 1);
    QCOMPARE(only["steps"].toInt(), 4);
    QCOMPARE(only["status"].toString(), QStringLiteral("finished"));
    // export reads it too, its latest run.
    const Result e = run({"export", "--csv", "csv"}, dir.path());
    QVERIFY2(e.code == 0, qPrintable(e.err));
    QVERIFY2(e.out.contains("exported run 1"), qPrintable(e.out));
    QVERIFY(QFile::exists(dir.filePath("csv/steps.csv")));
    // Elsewhere, without a runs.db: the message names the file it looked for.
    QTemporaryDir empty;
    const Result none = run({"runs"}, empty.path());
    QCOMPARE(none.code, 1);
    QVERIFY2(none.err.contains("runs.db"), qPrintable(none.err));
  }

  // On a terminal (a pty from script(1)), record says before it trains how to follow the run
  // live, and after it where the run is; to a pipe (every other test here) neither.
  void record_on_a_terminal_says_how_to_follow_it() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QProcess p;
    p.setWorkingDirectory(dir.path());
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("OPENBLAS_NUM_THREADS", "1");
    p.setProcessEnvironment(env);
    p.start("script", {"-qec", QStringLiteral("'%1' record --steps 30 --lang en --out t.db").arg(AMPSCOPE_EXE), "/dev/null"});
    if (!p.waitForStarted()) QSKIP("script(1) is not installed (util-linux)");
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), 0);
    const QString text = QString::fromUtf8(p.readAllStandardOutput()).replace("\r\n", "\n");
    const qsizetype live = text.indexOf("ampscope record: recording run 1 into t.db; follow it live: ampscope --follow t.db:1\n");
    const qsizetype done = text.indexOf("ampscope record: run 1 is in t.db; look at it: ampscope --replay t.db:1\n");
    QVERIFY2(live >= 0 && done > live, qPrintable(text));
    const Result piped = run({"record", "--steps", "3", "--out", "p.db"}, dir.path());
    QCOMPARE(piped.code, 0);
    QVERIFY2(!piped.err.contains("follow it live") && !piped.err.contains("look at it"), qPrintable(piped.err));
  }

  void unwritable_store_is_a_clear_error() {
    const Result r = run({"record", "--steps", "2", "--out", "/proc/version/runs.db"});
    QVERIFY2(r.code == 1, qPrintable(QString("exit %1: %2").arg(r.code).arg(r.err)));
    QVERIFY2(r.err.contains("runs.db"), qPrintable(r.err));
  }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
