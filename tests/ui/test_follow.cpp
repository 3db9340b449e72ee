// Follow mode (issue 15): the window shows a run that another process is still writing, says
// when its writer stopped, and picks up new runs in the file; files that vanish or are damaged
// give a message, not a crash.
#include "charts/dashboard.h"
#include "charts/loss_plot.h"
#include "charts/qcp.h"
#include "charts/scale_plot.h"
#include "panels/event_log.h"
#include "runs/follow_controller.h"
#include "runs/run_browser.h"
#include "runs/stored_run.h"
#include "shell/main_window.h"

#include "gui_pause_meter.h"

#include <ampscope/run_store.h>
#include <ampscope/training_session.h>

#include "presets/presets.h"

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <QRegularExpression>

#include <cstdio>
#include <map>
#include <memory>
#include <set>

using namespace ampscope;
using namespace ampscope::ui;

namespace {

/// Writes `steps` steps [first, first + steps) of a run straight into a store (its scalars; the
/// per-layer statistics of every 10th step).
void writeSteps(RunStore& store, std::int64_t id, std::int64_t first, std::int64_t steps, std::size_t layers,
                const std::function<void(StepRecord&)>& tweak = {}) {
  std::vector<StepRecord> batch;
  for (std::int64_t k = first; k < first + steps; ++k) {
    StepRecord r;
    r.step = k;
    r.loss = 2.0 / (1.0 + 0.01 * static_cast<double>(k));
    r.scale_before = r.scale_after = 65536;
    if (k % 10 == 0)
      for (std::size_t l = 0; l < layers; ++l) {
        LayerStepStats s;
        s.layer = static_cast<int>(l);
        s.stats.numel = 100;
        s.stats.zero = 3;
        r.layers.push_back(s);
      }
    if (tweak) tweak(r);
    batch.push_back(std::move(r));
  }
  store.append_steps(id, batch);
}

std::int64_t createRun(RunStore& store, const RunOrigin& origin = {}, const std::string& name = {}) {
  TrainingSession shape(findPreset(QStringLiteral("default")).config);  // its layers, not trained
  SessionConfig config = shape.config();
  config.stats_every = 10;  // as writeSteps writes them
  config.name = name;
  return store.create_run(config, shape.layers(), "cpu", "fp16 (emulated)", origin);
}

QStringList logLines(const MainWindow& w) {
  QStringList out;
  for (int i = 0; i < w.eventLog()->count(); ++i) out << w.eventLog()->item(i)->toolTip();  // the text without its severity mark
  return out;
}

std::size_t layerCount() {
  static const std::size_t n = TrainingSession(findPreset(QStringLiteral("default")).config).layers().size();
  return n;
}

/// A shown window and its follow controller, polling every 50 ms.
struct FollowedWindow {
  MainWindow window;
  FollowController* follow = FollowController::of(&window);
  FollowedWindow() {
    window.show();
    follow->setPollInterval(50);
  }
};

QString recordExe() { return QStringLiteral(AMPSCOPE_EXE); }

/// The texts of the window's status bar, " | " between labels.
QString statusBarText(MainWindow& w) {
  QStringList texts;
  for (QLabel* l : w.statusBar()->findChildren<QLabel*>())
    if (!l->text().isEmpty()) texts << l->text();
  return texts.join(QStringLiteral(" | "));
}

#if AMPSCOPE_PROBE_BUILT
/// Starts tests/python/scripts/`script` in the Python the probe was built for (not PATH's
/// python3), with the build's probe and the scripts' common.py on its PYTHONPATH, as
/// tests/python/test_probe.cpp does.
std::unique_ptr<QProcess> startProbeScript(const QString& script, const QStringList& args,
                                           QProcessEnvironment env = QProcessEnvironment::systemEnvironment()) {
  const QString scripts = QStringLiteral(AMPSCOPE_SOURCE_DIR "/tests/python/scripts");
  auto p = std::make_unique<QProcess>();
  env.insert(QStringLiteral("PYTHONPATH"), QStringLiteral(AMPSCOPE_PYTHON_PATH) + QLatin1Char(':') + scripts);
  env.insert(QStringLiteral("OMP_NUM_THREADS"), QStringLiteral("1"));
  p->setProcessEnvironment(env);
  p->start(QStringLiteral(AMPSCOPE_PYTHON_EXECUTABLE), QStringList{scripts + QLatin1Char('/') + script} + args);
  return p;
}
#endif

}  // namespace

class TestFollow : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void parsesTargets();
  void livenessRules();
  void followsAnotherProcess();
  void writerKilled();
  void newRunPickedUp();
  void namedRunFollowed();
  void pagesKeepEveryStatisticsStep();
  void missingAndDamagedFiles();
  void groupOfTwoRanks();
  void catchesUpABacklog();
  void probeWriterFollowed();
  void probeDdpGroupShown();
};

void TestFollow::parsesTargets() {
  auto t = FollowTarget::parse(QStringLiteral("/tmp/runs.db"));
  QVERIFY(t);
  QCOMPARE(t->path, QStringLiteral("/tmp/runs.db"));
  QCOMPARE(t->runId, 0);
  t = FollowTarget::parse(QStringLiteral("runs.db:12"));
  QVERIFY(t);
  QCOMPARE(t->path, QStringLiteral("runs.db"));
  QCOMPARE(t->runId, 12);
  t = FollowTarget::parse(QStringLiteral("runs.db:group=ddp-7"));
  QVERIFY(t);
  QCOMPARE(t->group, QStringLiteral("ddp-7"));
  QVERIFY(t->name.isEmpty());
  t = FollowTarget::parse(QStringLiteral("runs.db:fc3 inf"));  // not digits: a run's name
  QVERIFY(t);
  QCOMPARE(t->path, QStringLiteral("runs.db"));
  QCOMPARE(t->runId, 0);
  QCOMPARE(t->name, QStringLiteral("fc3 inf"));
  QVERIFY(t->group.isEmpty());
  QString error;
  for (const char* bad : {"runs.db:0", "runs.db:+5", "runs.db:-1", "runs.db:"}) {
    error.clear();
    QVERIFY2(!FollowTarget::parse(QString::fromLatin1(bad), &error), bad);
    QVERIFY2(error.contains(QStringLiteral("FILE:NAME")) && error.contains(QString::fromLatin1(bad)), qPrintable(error));
  }
  QVERIFY(!FollowTarget::parse(QStringLiteral("runs.db:group="), &error));
  QVERIFY(error.contains(QStringLiteral("group name")));
}

void TestFollow::livenessRules() {
  using S = FollowLiveness::State;
  QCOMPARE(FollowLiveness::decide("running", false, 0).state, S::Live);
  QCOMPARE(FollowLiveness::decide("running", false, FollowLiveness::kStaleSeconds).state, S::Live);
  const FollowLiveness quiet = FollowLiveness::decide("running", false, FollowLiveness::kStaleSeconds + 1);
  QCOMPARE(quiet.state, S::WriterGone);
  QCOMPARE(quiet.detail, QString::number(FollowLiveness::kStaleSeconds + 1));
  const FollowLiveness gone = FollowLiveness::decide("running", true, 0);
  QCOMPARE(gone.state, S::WriterGone);
  QVERIFY(gone.detail.isEmpty());
  QCOMPARE(FollowLiveness::decide("finished", true, 100).state, S::Finished);
  QCOMPARE(FollowLiveness::decide("stopped", false, 0).state, S::Stopped);
  const FollowLiveness err = FollowLiveness::decide("error: disk full", false, 0);
  QCOMPARE(err.state, S::Error);
  QCOMPARE(err.detail, QStringLiteral("disk full"));
}

void TestFollow::followsAnotherProcess() {
  QTemporaryDir dir;
  const QString db = dir.filePath(QStringLiteral("runs.db"));
  MainWindow w;
  w.resize(1280, 800);
  w.show();
  FollowController* f = FollowController::of(&w);
  f->setPollInterval(50);
  // The file does not exist yet: the follower waits for it.
  f->follow(db);
  QTRY_VERIFY(f->statusText().contains(QStringLiteral("waiting")));
  // Every step count the window showed while the writer ran.
  std::set<qint64> seen;
  connect(f, &FollowController::statusChanged, this, [&] { seen.insert(f->lastStep()); });
  constexpr int kSteps = 1000;  // ~1-2 s of spiral-mlp: several commits, several polls
  QProcess writer;
  writer.start(recordExe(), {QStringLiteral("record"), QStringLiteral("--model"), QStringLiteral("spiral-mlp"),
                             QStringLiteral("--steps"), QString::number(kSteps), QStringLiteral("--stats-every"),
                             QStringLiteral("5"), QStringLiteral("--quiet"), QStringLiteral("--out"), db});
  QVERIFY(writer.waitForStarted());
  QTRY_COMPARE_WITH_TIMEOUT(f->shownRun(), 1, 60000);
  QVERIFY(w.isReplaying());
  QTRY_COMPARE_WITH_TIMEOUT(f->lastStep(), kSteps - 1, 120000);
  QTRY_COMPARE_WITH_TIMEOUT(f->liveness().state, FollowLiveness::State::Finished, 30000);
  QVERIFY2(f->statusText().contains(QStringLiteral("finished")), qPrintable(f->statusText()));
  // (waitForFinished is false for a process already reaped while QTRY spun the event loop)
  QVERIFY(writer.state() == QProcess::NotRunning || writer.waitForFinished(30000));
  QCOMPARE(writer.exitStatus(), QProcess::NormalExit);
  QCOMPARE(writer.exitCode(), 0);
  // The charts took the steps as they came: more than one partial count was on screen.
  std::set<qint64> partial;
  for (qint64 s : seen)
    if (s >= 0 && s < kSteps - 1) partial.insert(s);
  QVERIFY2(!partial.empty(), "the writer's steps all arrived in one poll: nothing was followed live");
  // What the window shows is the run as stored, step for step.
  QCOMPARE(static_cast<int>(w.shownHistory().points().size()), kSteps);
  QCOMPARE(w.shownHistory().lastStep(), kSteps - 1);
  QVERIFY(w.shownHistory().latestStats() != nullptr);
  QVERIFY(w.findChild<QLabel*>(QStringLiteral("followStatus"))->text().contains(QStringLiteral("finished")));
  QVERIFY(w.replayBannerText().contains(QStringLiteral("Following run 1")));
  // A finished run's status bar: its steps and its final scale.
  QTRY_VERIFY2(statusBarText(w).contains(QStringLiteral("replay: %1 steps").arg(kSteps)), qPrintable(statusBarText(w)));
  QVERIFY2(statusBarText(w).contains(QStringLiteral("final scale 2^")), qPrintable(statusBarText(w)));
}

void TestFollow::writerKilled() {
  QTemporaryDir dir;
  const QString db = dir.filePath(QStringLiteral("runs.db"));
  FollowedWindow fw;
  MainWindow& w = fw.window;
  FollowController* f = fw.follow;
  f->follow(db);
  QProcess writer;
  writer.start(recordExe(), {QStringLiteral("record"), QStringLiteral("--model"), QStringLiteral("spiral-mlp"),
                             QStringLiteral("--steps"), QStringLiteral("100000000"), QStringLiteral("--quiet"),
                             QStringLiteral("--out"), db});
  QVERIFY(writer.waitForStarted());
  QTRY_VERIFY_WITH_TIMEOUT(f->lastStep() > 200, 60000);
  QCOMPARE(f->liveness().state, FollowLiveness::State::Live);
  QVERIFY(f->statusText().contains(QStringLiteral("live")));
  writer.kill();  // SIGKILL: mid-batch, no status written
  QVERIFY(writer.state() == QProcess::NotRunning || writer.waitForFinished(10000));
  QTRY_COMPARE_WITH_TIMEOUT(f->liveness().state, FollowLiveness::State::WriterGone, 30000);
  QVERIFY2(f->statusText().contains(QStringLiteral("writer stopped")), qPrintable(f->statusText()));
  // Told by the writer's pid (same host, process gone), not by 10 s without a heartbeat.
  QVERIFY2(f->liveness().detail.isEmpty(), qPrintable(f->statusText()));
  // Still "running" in the store: the steps recorded so far and the newest scale, no "final" one.
  QTRY_VERIFY2(statusBarText(w).contains(QStringLiteral("recorded so far: %1 steps").arg(f->lastStep() + 1)),
               qPrintable(statusBarText(w)));
  QVERIFY2(statusBarText(w).contains(QStringLiteral("scale 2^")) && !statusBarText(w).contains(QStringLiteral("final scale")),
           qPrintable(statusBarText(w)));
  // The window still answers: a step can be looked at, the charts redraw.
  const qint64 last = f->lastStep();
  w.showStep(last / 2);
  QCOMPARE(w.shownStep(), last / 2);
  w.dashboard()->lossPlot()->replot();
  QVERIFY(f->isFollowing());
}

void TestFollow::newRunPickedUp() {
  QTemporaryDir dir;
  const QString db = dir.filePath(QStringLiteral("runs.db"));
  RunStore store(QFile::encodeName(db).toStdString());
  const std::int64_t first = createRun(store);
  writeSteps(store, first, 0, 50, layerCount());
  FollowedWindow fw;
  MainWindow& w = fw.window;
  FollowController* f = fw.follow;
  QSignalSpy shown(f, &FollowController::runShown);
  f->follow(db);
  QTRY_COMPARE(f->shownRun(), first);
  QTRY_COMPARE(f->lastStep(), 49);
  writeSteps(store, first, 50, 25, layerCount());
  QTRY_COMPARE(f->lastStep(), 74);
  QCOMPARE(w.shownHistory().latestStats()->step, 70);  // the newest statistics step came with it
  store.set_status(first, "finished");
  QTRY_COMPARE(f->liveness().state, FollowLiveness::State::Finished);
  // A writer starts another run in the same file: the follower switches to it.
  const std::int64_t second = createRun(store);
  writeSteps(store, second, 0, 30, layerCount());
  QTRY_COMPARE(f->shownRun(), second);
  QTRY_COMPARE(f->lastStep(), 29);
  QCOMPARE(f->liveness().state, FollowLiveness::State::Live);
  QCOMPARE(shown.count(), 2);
  // FILE:RUN stays on its run and says that a newer one is there.
  f->follow(db, first);
  QTRY_COMPARE(f->shownRun(), first);
  QTRY_VERIFY(f->statusText().contains(QStringLiteral("newer run %1").arg(second)));
}

// Steps that arrive after the first load keep what a replay has: every statistics step can be
// looked at (not only each page's newest), and a skipped step is told with its counts.
void TestFollow::pagesKeepEveryStatisticsStep() {
  QTemporaryDir dir;
  const QString db = dir.filePath(QStringLiteral("runs.db"));
  RunStore store(QFile::encodeName(db).toStdString());
  const std::int64_t id = createRun(store);
  writeSteps(store, id, 0, 30, layerCount());
  FollowedWindow fw;
  MainWindow& w = fw.window;
  FollowController* f = fw.follow;
  f->follow(db);
  QTRY_COMPARE(f->lastStep(), 29);
  writeSteps(store, id, 30, 45, layerCount(), [](StepRecord& r) {
    if (r.step != 60) return;
    r.found_inf = r.skipped = true;
    r.scale_after = 32768;
    r.first_offender = 1;
    r.layers[1].stats.pos_inf = 2;
  });
  QTRY_COMPARE(f->lastStep(), 74);
  const StepHistory& h = w.shownHistory();
  QCOMPARE(h.statsSteps(), (std::vector<std::int64_t>{0, 10, 20, 30, 40, 50, 60, 70}));
  const QString layer = QString::fromStdString(h.layers()[1].name);
  const QStringList log = logLines(w);
  QVERIFY2(log.filter(QStringLiteral("step 60: %1 produced 2 inf gradients").arg(layer)).size() == 1, qPrintable(log.join('\n')));
  // A step of the page that is not its newest shows its own statistics (read on demand).
  QTRY_VERIFY(h.statsAt(40) != nullptr);
  QCOMPARE(h.statsAt(40)->step, 40);
  QTRY_VERIFY(h.statsAt(65) != nullptr);
  QCOMPARE(h.statsAt(65)->step, 60);
  QCOMPARE(h.statsAt(65)->layers[1].stats.pos_inf, 2);
}

// FILE:NAME: the newest run of that name, waited for until one exists; runs of other names (or
// none) never shown; a newer run of the name switched to.
void TestFollow::namedRunFollowed() {
  QTemporaryDir dir;
  const QString db = dir.filePath(QStringLiteral("runs.db"));
  RunStore store(QFile::encodeName(db).toStdString());
  const std::int64_t other = createRun(store, {}, "baseline");
  writeSteps(store, other, 0, 12, layerCount());
  FollowedWindow fw;
  FollowController* f = fw.follow;
  const std::optional<FollowTarget> target = FollowTarget::parse(db + QStringLiteral(":fc3 inf"));
  QVERIFY(target);
  f->follow(*target);
  QTRY_VERIFY2(f->statusText().contains(QStringLiteral("no run named 'fc3 inf' in")), qPrintable(f->statusText()));
  QCOMPARE(f->shownRun(), 0);
  const std::int64_t first = createRun(store, {}, "fc3 inf");
  writeSteps(store, first, 0, 20, layerCount());
  const std::int64_t unnamed = createRun(store);  // newer, but not of the name
  writeSteps(store, unnamed, 0, 5, layerCount());
  QTRY_COMPARE(f->shownRun(), first);
  QTRY_COMPARE(f->lastStep(), 19);
  // The name the user follows, and the run it is now (a newer run of the name will take over).
  QVERIFY2(f->statusText().contains(QStringLiteral("runs.db:fc3 inf (run %1)").arg(first)), qPrintable(f->statusText()));
  const int polls = f->polls();
  QTRY_VERIFY(f->polls() >= polls + 3);  // polls that saw the unnamed run kept to the named one
  QCOMPARE(f->shownRun(), first);
  const std::int64_t second = createRun(store, {}, "fc3 inf");
  writeSteps(store, second, 0, 8, layerCount());
  QTRY_COMPARE(f->shownRun(), second);
  QTRY_COMPARE(f->lastStep(), 7);
  QVERIFY(!f->statusText().contains(QStringLiteral("newer run")));
  QVERIFY2(f->statusText().contains(QStringLiteral("runs.db:fc3 inf (run %1)").arg(second)), qPrintable(f->statusText()));
}

void TestFollow::missingAndDamagedFiles() {
  QTemporaryDir dir;
  const QString db = dir.filePath(QStringLiteral("runs.db"));
  {
    RunStore store(QFile::encodeName(db).toStdString());
    const std::int64_t id = createRun(store);
    writeSteps(store, id, 0, 20, layerCount());
  }
  FollowedWindow fw;
  MainWindow& w = fw.window;
  FollowController* f = fw.follow;
  f->follow(db);
  QTRY_COMPARE(f->lastStep(), 19);
  // Deleted under the follower: a message, the run stays on screen.
  QVERIFY(QFile::remove(db));
  QFile::remove(db + QStringLiteral("-wal"));
  QFile::remove(db + QStringLiteral("-shm"));
  QTRY_VERIFY(f->statusText().contains(QStringLiteral("does not exist")));
  QCOMPARE(w.shownHistory().lastStep(), 19);
  // Replaced by garbage: the store's own message.
  {
    QFile junk(db);
    QVERIFY(junk.open(QIODevice::WriteOnly));
    junk.write(QByteArray(8192, 'x'));
  }
  QTRY_VERIFY(!f->statusText().contains(QStringLiteral("does not exist")));
  QVERIFY2(f->statusText().contains(QStringLiteral("runs.db")), qPrintable(f->statusText()));
  // Replaced by another store: its run is read afresh.
  QVERIFY(QFile::remove(db));
  {
    RunStore store(QFile::encodeName(db).toStdString());
    const std::int64_t id = createRun(store);
    writeSteps(store, id, 0, 7, layerCount());
  }
  QTRY_COMPARE(f->lastStep(), 6);
  QCOMPARE(static_cast<int>(w.shownHistory().points().size()), 7);
}

void TestFollow::groupOfTwoRanks() {
  QTemporaryDir dir;
  const QString db = dir.filePath(QStringLiteral("runs.db"));
  RunStore store(QFile::encodeName(db).toStdString());
  std::int64_t ids[2];
  for (int rank = 0; rank < 2; ++rank) {
    RunOrigin o;
    o.source = "probe";
    o.group = "ddp-test";
    o.rank = rank;
    o.world_size = 2;
    ids[rank] = createRun(store, o, "generator");
  }
  const std::int64_t unrelated = createRun(store);  // not of the group: never shown with it
  writeSteps(store, unrelated, 0, 5, layerCount());
  // Rank 1 alone sees an inf at step 17: it skips its step, rank 0 does not.
  writeSteps(store, ids[0], 0, 40, layerCount());
  writeSteps(store, ids[1], 0, 40, layerCount(), [](StepRecord& r) {
    r.loss += 0.25;
    if (r.step == 17) r.found_inf = r.skipped = true;
  });
  MainWindow w;
  w.resize(1280, 800);
  w.show();
  FollowController* f = FollowController::of(&w);
  f->setPollInterval(50);
  f->follow(FollowTarget{db, 0, QStringLiteral("ddp-test"), {}});
  QTRY_COMPARE(static_cast<int>(f->ranks().size()), 2);
  QTRY_COMPARE(f->lastStep(), 39);
  QCOMPARE(f->shownRun(), ids[0]);
  QCOMPARE(f->ranks()[1]->runId(), ids[1]);
  QCOMPARE(f->disagreements(), std::vector<qint64>{17});
  const QString line = QStringLiteral("step 17: ranks disagree: rank0 found_inf=0, rank1 found_inf=1");
  QVERIFY2(logLines(w).contains(line), qPrintable(logLines(w).join(QLatin1Char('\n'))));
  // Both ranks on the loss and scale charts, the disagreement marked on the scale chart.
  QCOMPARE(w.overlaidRun(), f->ranks()[1].get());
  auto* marks = w.dashboard()->scalePlot()->findChild<QCPGraph*>(QStringLiteral("rankDisagreements"));
  QVERIFY(marks);
  QCOMPARE(marks->data()->size(), 1);
  QCOMPARE(marks->data()->begin()->key, 17.0);
  QVERIFY(f->statusText().contains(QStringLiteral("2 ranks")));
  // Live: the ranks write on; at step 50 their scales part.
  writeSteps(store, ids[0], 40, 20, layerCount());
  writeSteps(store, ids[1], 40, 20, layerCount(), [](StepRecord& r) {
    if (r.step == 50) r.scale_after = 32768;
  });
  QTRY_COMPARE(f->disagreements(), (std::vector<qint64>{17, 50}));
  QTRY_COMPARE(marks->data()->size(), 2);
  QVERIFY(logLines(w).contains(QStringLiteral("step 50: ranks disagree: rank0 scale=2^16, rank1 scale=2^15")));
  // AMPSCOPE_FOLLOW_GRAB=FILE.png: a picture of the group (to look at it as a user would).
  if (const QString grab = qEnvironmentVariable("AMPSCOPE_FOLLOW_GRAB"); !grab.isEmpty()) QVERIFY(w.grabWindowTo(grab));
  // The rank selector in the status bar: rank 1's statistics in the charts and the table, rank 0 overlaid.
  auto* rankBox = w.findChild<QComboBox*>(QStringLiteral("followRank"));
  QVERIFY(rankBox && rankBox->isVisible());
  QCOMPARE(rankBox->count(), 2);
  QCOMPARE(rankBox->itemText(1), QStringLiteral("rank 1"));
  QVERIFY(w.findChild<QLabel*>(QStringLiteral("followStatus"))->text().contains(QStringLiteral("2 ranks")));
  Q_EMIT rankBox->activated(1);  // the user picks rank 1
  QCOMPARE(f->shownRun(), ids[1]);
  QCOMPARE(w.replayedRun(), f->ranks()[1].get());
  QCOMPARE(w.overlaidRun(), f->ranks()[0].get());
  QVERIFY(logLines(w).contains(line));
  // The legends tell the ranks apart; the run list shows group and rank.
  QVERIFY2(w.overlaidRun()->label().contains(QStringLiteral("rank 0")), qPrintable(w.overlaidRun()->label()));
  {
    RunBrowser browser(db, QStringLiteral("Follow a run"), QStringLiteral("Follow"));
    QSignalSpy loaded(&browser, &RunBrowser::loaded);
    QTRY_COMPARE(loaded.count(), 1);
    auto* table = browser.findChild<QTableWidget*>();
    QStringList groups;
    for (int row = 0; row < table->rowCount(); ++row) groups << table->item(row, 10)->text();
    // Newest first: the unrelated run, then ranks 1 and 0.
    QCOMPARE(groups, (QStringList{QStringLiteral("\u2014"), QStringLiteral("ddp-test (rank 1 of 2)"),
                                  QStringLiteral("ddp-test (rank 0 of 2)")}));
    // The ranks' runs are named: the name before the model; the unrelated run shows its model.
    QStringList titles;
    for (int row = 0; row < table->rowCount(); ++row) titles << table->item(row, 2)->text();
    QCOMPARE(titles, (QStringList{QStringLiteral("spiral-mlp"), QStringLiteral("generator (spiral-mlp)"),
                                  QStringLiteral("generator (spiral-mlp)")}));
  }
  // Finished groups are shown the same way.
  store.set_status(ids[0], "finished");
  store.set_status(ids[1], "finished");
  QTRY_COMPARE(f->liveness().state, FollowLiveness::State::Finished);
}

void TestFollow::catchesUpABacklog() {
  // A follower that fell far behind (a writer at thousands of steps/s, or a long run written
  // before the window looked): the backlog arrives a page per poll, polls back to back.
  QTemporaryDir dir;
  const QString db = dir.filePath(QStringLiteral("runs.db"));
  RunStore store(QFile::encodeName(db).toStdString());
  const std::int64_t id = createRun(store);
  writeSteps(store, id, 0, 1000, layerCount());
  MainWindow w;
  w.resize(1280, 800);
  w.show();
  FollowController* f = FollowController::of(&w);
  f->follow(db);
  QTRY_COMPARE(f->lastStep(), 999);
  constexpr std::int64_t kBacklog = 5 * FollowController::kPage;
  for (std::int64_t k = 1000; k < 1000 + kBacklog; k += 20000) writeSteps(store, id, k, 20000, 0);
  const qint64 before = f->polls();
  test::GuiPauseMeter meter;
  meter.start();
  QTRY_COMPARE_WITH_TIMEOUT(f->lastStep(), 999 + kBacklog, 60000);
  meter.stop();
  QVERIFY(f->polls() - before >= kBacklog / FollowController::kPage);  // a page per poll
  QCOMPARE(static_cast<std::int64_t>(w.shownHistory().points().size()), 1000 + kBacklog);
  std::printf("RESULT follow catch-up: %lld steps in %lld ms, longest GUI pause %lld ms\n",
              static_cast<long long>(kBacklog), static_cast<long long>(meter.elapsedMs()),
              static_cast<long long>(meter.longestMs()));
}

void TestFollow::probeWriterFollowed() {
  // The writer is a real PyTorch training loop through the Python probe (scripts/follow_run.py),
  // not `ampscope record`: it trains a chunk of steps each time it is told to on its stdin and
  // says how many it has trained, so the window is checked while that process is still running
  // and writing, with no timing in the test.
#if !AMPSCOPE_PROBE_BUILT
  QSKIP("this build has no Python probe (AMPSCOPE_PYTHON=OFF, ASan, or no python3 with torch and pybind11)");
#else
  QTemporaryDir dir;
  const QString db = dir.filePath(QStringLiteral("runs.db"));
  MainWindow w;
  w.resize(1280, 800);
  w.show();
  FollowController* f = FollowController::of(&w);
  f->setPollInterval(50);
  f->follow(db);  // before the script has created the file
  QTRY_VERIFY(f->statusText().contains(QStringLiteral("waiting")));
  constexpr int kChunk = 40, kChunks = 3;
  auto writer = startProbeScript(QStringLiteral("follow_run.py"), {db, QString::number(kChunk)});
  QVERIFY2(writer->waitForStarted(), qPrintable(writer->errorString()));
  const auto said = [&] { return QString::fromUtf8(writer->readAllStandardError()); };
  // The step counts the window showed, in order, and whether the writer was still running then.
  std::vector<qint64> shown;
  for (int c = 1; c <= kChunks; ++c) {
    QCOMPARE(writer->write("go\n"), qint64(3));
    // The script's own count of the steps it trained (torch's import can take seconds).
    QTRY_VERIFY2_WITH_TIMEOUT(writer->canReadLine() || writer->state() == QProcess::NotRunning,
                              qPrintable(said()), 60000);
    const QString line = QString::fromUtf8(writer->readLine()).trimmed();
    QVERIFY2(line == QStringLiteral("trained %1").arg(c * kChunk), qPrintable(line + QLatin1Char('\n') + said()));
    // Those steps reach the window while the writer is still running (it waits for the next "go").
    QTRY_COMPARE_WITH_TIMEOUT(f->lastStep(), qint64(c * kChunk - 1), 30000);
    QCOMPARE(writer->state(), QProcess::Running);
    QCOMPARE(f->liveness().state, FollowLiveness::State::Live);
    QCOMPARE(static_cast<qint64>(w.shownHistory().points().size()), qint64(c * kChunk));
    shown.push_back(f->lastStep());
  }
  QCOMPARE(f->shownRun(), 1);
  QVERIFY(w.isReplaying());
  // The count grew while the window was open, chunk by chunk.
  QCOMPARE(shown, (std::vector<qint64>{kChunk - 1, 2 * kChunk - 1, 3 * kChunk - 1}));
  writer->closeWriteChannel();  // end of input: the script leaves its loop, the probe closes the run
  QTRY_COMPARE_WITH_TIMEOUT(f->liveness().state, FollowLiveness::State::Finished, 30000);
  QVERIFY(writer->state() == QProcess::NotRunning || writer->waitForFinished(30000));
  QVERIFY2(writer->exitStatus() == QProcess::NormalExit && writer->exitCode() == 0, qPrintable(said()));
  QVERIFY2(f->statusText().contains(QStringLiteral("finished")), qPrintable(f->statusText()));
  // The window ends on the writer's final step count, and shows the run as the probe stored it.
  constexpr int kTotal = kChunks * kChunk;
  QCOMPARE(f->lastStep(), qint64(kTotal - 1));
  RunStore store(QFile::encodeName(db).toStdString(), RunStore::Mode::ReadOnly);
  const RunData run = store.load_run(1, false);
  QCOMPARE(run.summary.origin.source, std::string("probe"));
  QCOMPARE(run.summary.model, std::string("Net"));
  QCOMPARE(run.steps.size(), std::size_t(kTotal));
  const auto& points = w.shownHistory().points();
  QCOMPARE(static_cast<int>(points.size()), kTotal);
  for (std::size_t i = 0; i < points.size(); ++i) {
    QCOMPARE(points[i].step, run.steps[i].step);
    QCOMPARE(points[i].loss, run.steps[i].loss);
  }
  QVERIFY(points.front().loss > points.back().loss);  // it trained
  QVERIFY(w.shownHistory().latestStats() != nullptr);
  QCOMPARE(w.shownHistory().latestStats()->step, std::int64_t(kTotal - 1));  // every=1
  QVERIFY(w.replayBannerText().contains(QStringLiteral("Following run 1")));
#endif
}

void TestFollow::probeDdpGroupShown() {
  // A real 2-rank gloo DDP run through the probe (scripts/ddp_run.py, two processes started as
  // tests/python/test_probe.cpp's ddpTwoRanks does), then `--follow FILE:group=NAME`: the window
  // lists rank 0 and rank 1, each with the steps its process stored.
#if !AMPSCOPE_PROBE_BUILT
  QSKIP("this build has no Python probe (AMPSCOPE_PYTHON=OFF, ASan, or no python3 with torch and pybind11)");
#else
  QTemporaryDir dir;
  const QString db = dir.filePath(QStringLiteral("runs.db"));
  std::vector<std::unique_ptr<QProcess>> ranks;
  for (int r = 0; r < 2; ++r) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("RANK"), QString::number(r));
    env.insert(QStringLiteral("WORLD_SIZE"), QStringLiteral("2"));
    env.insert(QStringLiteral("AMPSCOPE_TEST_INIT"), QStringLiteral("file://") + dir.filePath(QStringLiteral("rendezvous")));
    ranks.push_back(startProbeScript(QStringLiteral("ddp_run.py"), {db}, env));
    ranks.back()->setProcessChannelMode(QProcess::MergedChannels);
  }
  QStringList groups;  // each rank's "rank R run ID group NAME"
  for (auto& p : ranks) {
    QVERIFY(p->waitForFinished(60000));
    const QString text = QString::fromUtf8(p->readAll());
    QVERIFY2(p->exitStatus() == QProcess::NormalExit && p->exitCode() == 0, qPrintable(text));
    const auto m = QRegularExpression(QStringLiteral("group (\\S+)")).match(text);
    QVERIFY2(m.hasMatch(), qPrintable(text));
    groups << m.captured(1);
  }
  QCOMPARE(groups[0], groups[1]);
  RunStore store(QFile::encodeName(db).toStdString(), RunStore::Mode::ReadOnly);
  std::map<int, RunData> stored;  // rank -> its run as stored
  for (const auto& s : store.runs()) stored[s.origin.rank] = store.load_run(s.id, false);
  QCOMPARE(stored.size(), std::size_t(2));

  MainWindow w;
  w.resize(1280, 800);
  w.show();
  FollowController* f = FollowController::of(&w);
  f->setPollInterval(50);
  QString error;
  const auto target = FollowTarget::parse(db + QStringLiteral(":group=") + groups[0], &error);
  QVERIFY2(target, qPrintable(error));
  f->follow(*target);
  QTRY_COMPARE_WITH_TIMEOUT(static_cast<int>(f->ranks().size()), 2, 30000);
  QTRY_COMPARE(f->liveness().state, FollowLiveness::State::Finished);
  QVERIFY2(f->statusText().contains(QStringLiteral("2 ranks")), qPrintable(f->statusText()));
  // The rank selector lists both ranks.
  auto* rankBox = w.findChild<QComboBox*>(QStringLiteral("followRank"));
  QVERIFY(rankBox && rankBox->isVisible());
  QCOMPARE(rankBox->count(), 2);
  QCOMPARE(rankBox->itemText(0), QStringLiteral("rank 0"));
  QCOMPARE(rankBox->itemText(1), QStringLiteral("rank 1"));
  // Each rank is its process's run, with every step it trained (ddp_run.py: 8) and its own losses
  // (each rank trains on its own batch).
  for (int r = 0; r < 2; ++r) {
    const StoredRun& shown = *f->ranks()[static_cast<std::size_t>(r)];
    const RunData& want = stored.at(r);
    QCOMPARE(shown.runId(), want.summary.id);
    QCOMPARE(shown.summary().origin.rank, r);
    QCOMPARE(shown.summary().origin.group, groups[0].toStdString());
    QCOMPARE(want.steps.size(), std::size_t(8));
    const auto& points = shown.history().points();
    QCOMPARE(points.size(), want.steps.size());
    for (std::size_t i = 0; i < points.size(); ++i) QCOMPARE(points[i].loss, want.steps[i].loss);
    QVERIFY(shown.label().contains(QStringLiteral("rank %1").arg(r)));
  }
  QVERIFY(f->ranks()[0]->history().points().front().loss != f->ranks()[1]->history().points().front().loss);
  // Rank 0 in the charts, rank 1 overlaid; the user picks rank 1 and they swap.
  QCOMPARE(f->shownRun(), stored.at(0).summary.id);
  QCOMPARE(f->lastStep(), qint64(7));
  QCOMPARE(w.overlaidRun(), f->ranks()[1].get());
  Q_EMIT rankBox->activated(1);
  QCOMPARE(f->shownRun(), stored.at(1).summary.id);
  QCOMPARE(w.replayedRun(), f->ranks()[1].get());
  QCOMPARE(w.overlaidRun(), f->ranks()[0].get());
  QCOMPARE(w.shownHistory().lastStep(), std::int64_t(7));
#endif
}

QTEST_MAIN(TestFollow)
#include "test_follow.moc"
