// Runs and exports, driven as a user would (offscreen) against real TrainingSessions and real
// run stores: live runs are recorded, a stored run replays to the numbers the live run showed,
// a second run overlays the loss and scale charts, the visible range exports as CSV, and a
// store that cannot be written leaves the training running with a message.
#include "panels/control_panel.h"
#include "panels/event_log.h"
#include "charts/histogram_heatmap.h"
#include "panels/layer_table.h"
#include "panels/layer_table_model.h"
#include "panels/run_settings_view.h"
#include "charts/dashboard.h"
#include "charts/loss_plot.h"
#include "shell/main_window.h"
#include "presets/presets.h"
#include "charts/scale_plot.h"
#include "runs/session_controller.h"
#include "runs/step_history.h"
#include "runs/stored_run.h"

#include <ampscope/run_store.h>
#include <ampscope/training_session.h>

#include <QFile>
#include <QMessageBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <map>

using namespace ampscope;
using namespace ampscope::ui;
using State = SessionController::State;

namespace {
constexpr int kTimeout = 60000;

/// Records `steps` steps of `config` headless (as `ampscope record` does) and returns the run id.
std::int64_t recordHeadless(const QString& path, SessionConfig config, std::int64_t steps,
                            std::vector<StepRecord>* records = nullptr) {
  config.max_steps = steps;
  TrainingSession session(config);
  RunRecorder recorder(QFile::encodeName(path).toStdString(), session.config(), session.layers(),
                       session.device_label(), session.precision_label());
  for (std::int64_t i = 0; i < steps; ++i) {
    StepRecord r = session.step();
    if (records) records->push_back(r);
    recorder.push(std::move(r));
  }
  recorder.close("finished");
  return recorder.run_id();
}

/// A Python probe run's config, as the probe stores it: the user's model, no optimizer given to
/// watch(), no loss scaling.
SessionConfig probeConfig(const std::string& model) {
  SessionConfig c;
  c.model = model;
  c.dataset = "user";
  c.precision = Precision::FP32;
  c.optimizer = OptimizerKind::Unrecorded;
  c.use_scaler = false;
  c.scaler.enabled(false);
  return c;
}

/// The step plot's value at `step` (the last point at or before it).
double stepValueAt(const QCPGraph* g, double step) {
  auto it = g->data()->findEnd(step + 0.25, false);
  if (it == g->data()->constBegin()) return std::numeric_limits<double>::quiet_NaN();
  --it;
  return it->value;
}

QStringList readLines(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) return {};
  QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
  if (!lines.isEmpty() && lines.back().isEmpty()) lines.removeLast();
  return lines;
}

/// A file in `dir` that is not a run store (a text file named like one); empty on failure.
QString notesFile(const QTemporaryDir& dir) {
  const QString path = dir.filePath(QStringLiteral("notes.sqlite"));
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly) || f.write("these are notes, not a database\n") <= 0) return {};
  return path;
}

std::vector<QString> legendNames(QCustomPlot* plot) {
  std::vector<QString> out;
  for (int i = 0; i < plot->legend->itemCount(); ++i)
    if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i))) out.push_back(item->plottable()->name());
  return out;
}
}  // namespace

class TestRuns : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void liveRunIsRecordedAndReplaysToTheSameNumbers();
  void overlayDrawsBothRuns();
  void overlayOnTheLiveRun();
  void csvExportOfTheVisibleRange();
  void unwritableStoreShowsAMessageAndTrainingGoesOn();
  void badStoreFileIsRefusedWithAMessage();
  void launchReplayThatFailsSaysWhyInTheWindow();
  void replayShowsTheRunsOwnSettings();
  void negativeUserLossIsDrawnOnALinearAxis();
  void fp32MaxGradientReadsInSixDigits();
};

void TestRuns::liveRunIsRecordedAndReplaysToTheSameNumbers() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString store = dir.filePath(QStringLiteral("runs.sqlite"));
  constexpr std::int64_t kSteps = 70;

  // The live run, as the window shows it: recorded into the store on the side.
  std::vector<StepPoint> live;
  std::map<std::int64_t, std::vector<LayerStepStats>> liveStats;
  QStringList liveEvents;
  qint64 runId = 0;
  {
    MainWindow w;
    w.setStorePath(store);
    QSignalSpy events(w.controller(), &SessionController::eventNarrated);
    QSignalSpy finished(w.controller(), &SessionController::runFinished);
    QVERIFY(w.loadPreset(QStringLiteral("fault-injection"), kSteps));
    w.controller()->start();
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kTimeout);
    QCOMPARE(w.controller()->state(), State::Finished);
    runId = w.controller()->recordingRunId();
    QVERIFY(runId > 0);
    QVERIFY(w.windowTitle().contains(QStringLiteral("run %1").arg(runId)));
    QVERIFY(w.controller()->recordingError().isEmpty());
    const StepHistory& h = w.controller()->history();
    live = h.points();
    QCOMPARE(live.size(), std::size_t(kSteps));
    for (const StepRecord& r : h.recentStats()) liveStats[r.step] = r.layers;
    QCOMPARE(liveStats.size(), std::size_t(kSteps));  // stats_every = 1, all in the ring
    for (const auto& e : events) liveEvents << e.at(2).toString();
  }  // the window closes: the recording is committed and closed

  RunStore check(QFile::encodeName(store).toStdString(), RunStore::Mode::ReadOnly);
  const auto runs = check.runs();
  QCOMPARE(runs.size(), std::size_t(1));
  QCOMPARE(runs[0].id, runId);
  QCOMPARE(runs[0].steps, kSteps);
  QCOMPARE(runs[0].status, std::string("finished"));

  MainWindow w;
  QString error;
  QVERIFY2(w.replayRun(store, runId, &error), qPrintable(error));
  QVERIFY(w.isReplaying());
  QVERIFY(w.replayBannerText().contains(QStringLiteral("Replaying run %1 from").arg(runId)));
  QVERIFY(w.windowTitle().contains(QStringLiteral("replaying run %1").arg(runId)));
  // Run controls are off in replay.
  QVERIFY(!w.controlPanel()->isEnabled());

  const StepHistory& h = w.shownHistory();
  QCOMPARE(h.points().size(), live.size());
  for (std::size_t i = 0; i < live.size(); ++i) {
    const StepPoint& a = live[i];
    const StepPoint& b = h.points()[i];
    QCOMPARE(b.step, a.step);
    // Bit for bit: the store keeps the exact doubles.
    QCOMPARE(std::memcmp(&b.loss, &a.loss, sizeof(double)), 0);
    QCOMPARE(b.scale_before, a.scale_before);
    QCOMPARE(b.scale_after, a.scale_after);
    QCOMPARE(b.growth_tracker, a.growth_tracker);
    QCOMPARE(b.found_inf, a.found_inf);
    QCOMPARE(b.skipped, a.skipped);
    QCOMPARE(b.reason, a.reason);
    QCOMPARE(b.first_offender, a.first_offender);
  }
  QCOMPARE(h.skippedCount(), std::int64_t(1));
  const StepPoint* fault = h.pointAt(50);
  QVERIFY(fault && fault->skipped);
  QCOMPARE(QString::fromStdString(h.layers()[static_cast<std::size_t>(fault->first_offender)].module), QStringLiteral("fc3"));

  // Per-layer statistics are read on demand, one step at a time, not the whole run.
  QVERIFY(h.hasStatsSource());
  QCOMPARE(h.statsSteps().size(), std::size_t(kSteps));
  const std::int64_t loadsBefore = h.statsLoads();
  QVERIFY(loadsBefore <= 4);
  // Scrub to the faulty step as a click in the event log does: its statistics are read off the
  // GUI thread and drawn when they arrive.
  w.showStep(50);
  QTRY_COMPARE_WITH_TIMEOUT(w.dashboard()->histogram()->drawnStep(), qint64(50), kTimeout);
  QTRY_COMPARE_WITH_TIMEOUT(w.layerTable()->tableModel()->drawnStep(), qint64(50), kTimeout);
  QVERIFY(h.statsLoads() - loadsBefore <= 2);
  const StepRecord* r = h.statsAt(50);
  QVERIFY(r);
  const auto& expected = liveStats.at(50);
  QCOMPARE(r->layers.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    QCOMPARE(r->layers[i].layer, expected[i].layer);
    QCOMPARE(r->layers[i].stats.numel, expected[i].stats.numel);
    QCOMPARE(r->layers[i].stats.zero, expected[i].stats.zero);
    QCOMPARE(r->layers[i].stats.pos_inf, expected[i].stats.pos_inf);
    QCOMPARE(r->layers[i].stats.nan, expected[i].stats.nan);
    QCOMPARE(r->layers[i].stats.subnormal, expected[i].stats.subnormal);
    QCOMPARE(r->layers[i].stats.bins, expected[i].stats.bins);
    QCOMPARE(r->layers[i].underflow, expected[i].underflow);
  }
  // The table names fc3 as the first offender at that step.
  const int offender = fault->first_offender;
  const QString badge =
      w.layerTable()->tableModel()->index(offender, LayerTableModel::Offender).data(Qt::DisplayRole).toString();
  QVERIFY2(badge.contains(QStringLiteral("50")), qPrintable(badge));
  // The replay narrates what the live log said about the run's steps.
  QVERIFY(w.eventLog()->count() > 0);
  for (int i = 0; i < w.eventLog()->count(); ++i) {
    const QString line = w.eventLog()->item(i)->toolTip();
    QVERIFY2(liveEvents.contains(line), qPrintable(line));
  }
  bool namesFc3 = false;
  for (int i = 0; i < w.eventLog()->count(); ++i)
    namesFc3 |= w.eventLog()->item(i)->toolTip().startsWith(QStringLiteral("step 50: fc3"));
  QVERIFY(namesFc3);
  // The loss chart has every stored step.
  QCOMPARE(w.dashboard()->lossPlot()->lossGraph()->dataCount(), int(kSteps));

  // Back to the live view: controls on, banner gone, the (empty) live history shown.
  w.backToLive();
  QVERIFY(!w.isReplaying());
  QVERIFY(w.replayBannerText().isEmpty());
  QVERIFY(w.controlPanel()->isEnabled());
  QCOMPARE(&w.shownHistory(), &w.controller()->history());
}

void TestRuns::overlayDrawsBothRuns() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString fp16Store = dir.filePath(QStringLiteral("a.sqlite"));
  const QString bf16Store = dir.filePath(QStringLiteral("b.ampscope"));  // another store, as from another machine
  SessionConfig cfg = findPreset(QStringLiteral("default")).config;
  cfg.precision = Precision::FP16;
  std::vector<StepRecord> a, b;
  const std::int64_t idA = recordHeadless(fp16Store, cfg, 40, &a);
  recordHeadless(fp16Store, cfg, 5);  // a second run in the same store: ids differ
  cfg.precision = Precision::BF16;
  const std::int64_t idB = recordHeadless(bf16Store, cfg, 40, &b);
  QCOMPARE(idA, std::int64_t(1));
  QCOMPARE(idB, std::int64_t(1));

  MainWindow w;
  QString error;
  QVERIFY2(w.replayRun(fp16Store, idA, &error), qPrintable(error));
  QVERIFY2(w.overlayRun(bf16Store, idB, &error), qPrintable(error));
  LossPlot* loss = w.dashboard()->lossPlot();
  ScalePlot* scale = w.dashboard()->scalePlot();
  QVERIFY(loss->hasOverlay());
  QVERIFY(scale->hasOverlay());
  QCOMPARE(loss->lossGraph()->dataCount(), 40);
  QCOMPARE(loss->overlayGraph()->dataCount(), 40);
  for (int i = 0; i < 40; ++i) {
    QCOMPARE((loss->lossGraph()->data()->constBegin() + i)->value, a[static_cast<std::size_t>(i)].loss);
    QCOMPARE((loss->overlayGraph()->data()->constBegin() + i)->value, b[static_cast<std::size_t>(i)].loss);
    QCOMPARE(stepValueAt(scale->scaleGraph(), i), std::log2(a[static_cast<std::size_t>(i)].scale_before));
    QCOMPARE(stepValueAt(scale->overlayGraph(), i), std::log2(b[static_cast<std::size_t>(i)].scale_before));
  }
  // fp16 and bf16 are different runs: the two loss curves differ somewhere.
  bool differ = false;
  for (int i = 0; i < 40; ++i) differ |= a[static_cast<std::size_t>(i)].loss != b[static_cast<std::size_t>(i)].loss;
  QVERIFY(differ);
  // The legends name both runs.
  const auto lossNames = legendNames(loss);
  QVERIFY(std::find(lossNames.begin(), lossNames.end(), QStringLiteral("run 1: fp16 (emulated)")) != lossNames.end());
  QVERIFY(std::find(lossNames.begin(), lossNames.end(), QStringLiteral("run 1: bf16 (emulated)")) != lossNames.end());
  const auto scaleNames = legendNames(scale);
  QVERIFY(std::find(scaleNames.begin(), scaleNames.end(), QStringLiteral("run 1: bf16 (emulated)")) != scaleNames.end());
  // Distinct style: another colour and a dashed line.
  QVERIFY(loss->overlayGraph()->pen().color() != loss->lossGraph()->pen().color());
  QCOMPARE(loss->overlayGraph()->pen().style(), Qt::DashLine);
  // The scale tooltip tells both runs' scale at a step.
  QVERIFY(scale->describeStep(3).contains(QStringLiteral("run 1: bf16 (emulated)")));

  w.clearOverlay();
  QVERIFY(!loss->hasOverlay());
  QVERIFY(!scale->hasOverlay());
  QCOMPARE(legendNames(loss).front(), QStringLiteral("loss"));
}

void TestRuns::overlayOnTheLiveRun() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString store = dir.filePath(QStringLiteral("runs.sqlite"));
  SessionConfig cfg = findPreset(QStringLiteral("default")).config;
  cfg.precision = Precision::BF16;
  std::vector<StepRecord> stored;
  const std::int64_t id = recordHeadless(store, cfg, 30, &stored);

  MainWindow w;
  w.setStorePath(store);
  QVERIFY(w.loadPreset(QStringLiteral("default"), 30));
  QSignalSpy finished(w.controller(), &SessionController::runFinished);
  QString error;
  QVERIFY2(w.overlayRun(store, id, &error), qPrintable(error));
  w.controller()->start();
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kTimeout);
  LossPlot* loss = w.dashboard()->lossPlot();
  QCOMPARE(loss->lossGraph()->dataCount(), 30);
  QCOMPARE(loss->overlayGraph()->dataCount(), 30);
  QCOMPARE(loss->overlayGraph()->data()->constBegin()->value, stored.front().loss);
  // The live run is recorded as run 2 of the same store, and the legend says so.
  QTRY_COMPARE_WITH_TIMEOUT(w.controller()->recordingRunId(), qint64(2), kTimeout);
  const auto names = legendNames(loss);
  QVERIFY(std::find(names.begin(), names.end(), QStringLiteral("run 2: fp16 (emulated) (live)")) != names.end());
  QVERIFY(std::find(names.begin(), names.end(), QStringLiteral("run 1: bf16 (emulated)")) != names.end());
  // A reset keeps the overlay on the new live run.
  QVERIFY(w.controller()->reset());
  QVERIFY(loss->hasOverlay());
  QCOMPARE(loss->overlayGraph()->dataCount(), 30);
}

void TestRuns::csvExportOfTheVisibleRange() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString store = dir.filePath(QStringLiteral("runs.sqlite"));
  SessionConfig cfg = findPreset(QStringLiteral("fault-injection")).config;
  std::vector<StepRecord> records;
  const std::int64_t id = recordHeadless(store, cfg, 60, &records);

  MainWindow w;
  w.resize(1400, 900);
  QVERIFY(w.loadPreset(QStringLiteral("fault-injection")));  // a live preset with its story
  QVERIFY(!w.explanationText().isEmpty());
  QString error;
  QVERIFY2(w.replayRun(store, id, &error), qPrintable(error));
  QVERIFY(w.explanationText().isEmpty());  // the live preset's story is hidden over a replay
  // The user zoomed to steps 40..55 (fractional edges: only whole steps inside count).
  w.dashboard()->lossPlot()->xAxis->setRange(39.6, 55.4);
  QCOMPARE(w.visibleSteps(), std::make_pair(qint64(40), qint64(55)));
  const QString csv = dir.filePath(QStringLiteral("visible.csv"));
  QCOMPARE(w.exportVisibleCsv(csv, &error), qint64(16));
  const QStringList lines = readLines(csv);
  QCOMPARE(lines.size(), 17);
  const QStringList header = lines.front().split(QLatin1Char(','));
  const auto& layers = w.shownHistory().layers();
  QCOMPARE(header.size(), 9 + 4 * static_cast<int>(layers.size()));
  QCOMPARE(header.mid(0, 9), (QStringList{QStringLiteral("step"), QStringLiteral("loss"), QStringLiteral("scale"),
                                           QStringLiteral("scale_after"), QStringLiteral("growth_tracker"),
                                           QStringLiteral("found_inf"), QStringLiteral("skipped"),
                                           QStringLiteral("reason"), QStringLiteral("first_offender")}));
  std::vector<int> nonfiniteColumns;
  for (int c = 0; c < header.size(); ++c)
    if (header[c].endsWith(QStringLiteral(".nonfinite"))) nonfiniteColumns.push_back(c);
  QCOMPARE(nonfiniteColumns.size(), layers.size());
  for (int i = 1; i < lines.size(); ++i) {
    const QStringList f = lines[i].split(QLatin1Char(','));
    QCOMPARE(f.size(), header.size());
    const StepRecord& r = records[static_cast<std::size_t>(39 + i)];
    QCOMPARE(f[0].toLongLong(), r.step);
    QCOMPARE(f[1].toDouble(), r.loss);  // shortest exact form reads back exactly
    QCOMPARE(f[2].toDouble(), r.scale_before);
    QCOMPARE(f[3].toDouble(), r.scale_after);
    QCOMPARE(f[4].toInt(), r.growth_tracker);
    QCOMPARE(f[5].toInt(), r.found_inf ? 1 : 0);
    QCOMPARE(f[6].toInt(), r.skipped ? 1 : 0);
    QCOMPARE(f[7], QString::fromUtf8(std::string(to_string(r.reason)).c_str()));
    if (r.step == 50) {
      QCOMPARE(f[6], QStringLiteral("1"));
      QCOMPARE(f[7], QStringLiteral("backoff"));
      QVERIFY2(f[8].startsWith(QStringLiteral("fc3.")), qPrintable(f[8]));
      QVERIFY(f[static_cast<int>(header.indexOf(f[8] + QStringLiteral(".nonfinite")))].toLongLong() > 0);
    } else {
      QCOMPARE(f[8], QString());
      for (int c : nonfiniteColumns) QCOMPARE(f[c], QStringLiteral("0"));
    }
    // Underflow is measured every 10 steps (reference_every): filled there, empty elsewhere.
    const int under = static_cast<int>(header.indexOf(QStringLiteral("fc1.weight.underflow")));
    QCOMPARE(f[under].isEmpty(), r.step % 10 != 0);
  }
  w.backToLive();
  QVERIFY(w.explanationText().contains(QStringLiteral("<b>")));  // the live preset's story is back

  // Live: the same export from the live window's history.
  MainWindow live;
  QVERIFY(live.loadPreset(QStringLiteral("default"), 25));
  QSignalSpy finished(live.controller(), &SessionController::runFinished);
  live.controller()->start();
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kTimeout);
  live.dashboard()->lossPlot()->xAxis->setRange(5, 14);
  const QString csv2 = dir.filePath(QStringLiteral("live.csv"));
  QCOMPARE(live.exportVisibleCsv(csv2, &error), qint64(10));
  const QStringList liveLines = readLines(csv2);
  QCOMPARE(liveLines.size(), 11);
  QVERIFY(liveLines[1].startsWith(QStringLiteral("5,")));
  QVERIFY(liveLines[10].startsWith(QStringLiteral("14,")));
  // Nothing visible: a clear error, no file.
  live.dashboard()->lossPlot()->xAxis->setRange(1000, 2000);
  QCOMPARE(live.exportVisibleCsv(dir.filePath(QStringLiteral("none.csv")), &error), qint64(-1));
  QVERIFY(error.contains(QStringLiteral("no steps")));
  QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("none.csv"))));
}

void TestRuns::unwritableStoreShowsAMessageAndTrainingGoesOn() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  // A store path under a regular file cannot be created, whoever runs the test (root too).
  const QString blocker = dir.filePath(QStringLiteral("not-a-dir"));
  {
    QFile f(blocker);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("x");
  }
  MainWindow w;
  w.setStorePath(blocker + QStringLiteral("/runs.sqlite"));
  QSignalSpy failed(w.controller(), &SessionController::recordingFailed);
  QSignalSpy finished(w.controller(), &SessionController::runFinished);
  QVERIFY(w.loadPreset(QStringLiteral("default"), 40));
  w.controller()->start();
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kTimeout);
  QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, kTimeout);
  QCOMPARE(w.controller()->state(), State::Finished);
  QCOMPARE(w.controller()->stepsDone(), qint64(40));  // the training went on
  QCOMPARE(w.controller()->recordingRunId(), qint64(0));
  const QString banner = w.bannerText();
  QVERIFY2(banner.contains(QStringLiteral("Not recording")), qPrintable(banner));
  QVERIFY2(banner.contains(QStringLiteral("not-a-dir")), qPrintable(banner));
  QVERIFY2(banner.contains(QStringLiteral("unrecorded")), qPrintable(banner));
}

void TestRuns::badStoreFileIsRefusedWithAMessage() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString text = notesFile(dir);
  QVERIFY(!text.isEmpty());
  MainWindow w;
  QString error;
  QVERIFY(!w.replayRun(text, 1, &error));
  QVERIFY2(error.contains(QStringLiteral("notes.sqlite")), qPrintable(error));
  QVERIFY(!w.isReplaying());
  QVERIFY(!w.overlayRun(dir.filePath(QStringLiteral("missing.sqlite")), 1, &error));
  QVERIFY2(error.contains(QStringLiteral("no such file")), qPrintable(error));
  // A store without that run.
  const QString store = dir.filePath(QStringLiteral("runs.sqlite"));
  recordHeadless(store, findPreset(QStringLiteral("default")).config, 3);
  QVERIFY(!w.replayRun(store, 7, &error));
  QVERIFY2(error.contains(QStringLiteral("no run 7")), qPrintable(error));
  QVERIFY(!w.isReplaying());
}

// `ampscope --replay FILE` (and --overlay) that cannot be opened: gui_main prints the error and
// the window opens the File menu's warning with it, without blocking, while the live run starts.
void TestRuns::launchReplayThatFailsSaysWhyInTheWindow() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString text = notesFile(dir);
  QVERIFY(!text.isEmpty());
  MainWindow w;
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  QString error;
  bool answered = false;
  w.openReplay(text, 0, [&](bool ok, const QString& e) {
    answered = true;
    QVERIFY(!ok);
    error = e;
    w.warnCannotReplay(e);  // as gui_main does
  });
  QTRY_VERIFY_WITH_TIMEOUT(answered, 20000);
  QVERIFY2(error.contains(QStringLiteral("notes.sqlite")), qPrintable(error));
  auto visibleBoxes = [&w] {
    QList<QMessageBox*> shown;
    for (QMessageBox* b : w.findChildren<QMessageBox*>())
      if (b->isVisible()) shown << b;
    return shown;
  };
  QTRY_COMPARE(visibleBoxes().size(), 1);
  QMessageBox* box = visibleBoxes().first();
  QCOMPARE(box->windowTitle(), QStringLiteral("Cannot replay the run"));
  QCOMPARE(box->text(), error);
  QCOMPARE(box->icon(), QMessageBox::Warning);
  // It does not wait for an answer: the window goes on (the live session can be built).
  QVERIFY(w.loadPreset(QStringLiteral("default"), 3));
  QVERIFY(!w.isReplaying());
  box->button(QMessageBox::Ok)->click();
  QTRY_VERIFY(visibleBoxes().isEmpty());
  w.warnCannotOverlay(QStringLiteral("overlay.sqlite: no such file"));
  QTRY_COMPARE(visibleBoxes().size(), 1);
  QCOMPARE(visibleBoxes().first()->windowTitle(), QStringLiteral("Cannot overlay the run"));
}


// While a stored run is shown, the controls' place tells that run's settings, not the live
// session's (greyed out, they read as the replayed run's): a session run with every setting,
// a probe run with only what the probe knew.
void TestRuns::replayShowsTheRunsOwnSettings() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString store = dir.filePath(QStringLiteral("runs.sqlite"));
  SessionConfig cfg;
  cfg.model = "deep-mlp";
  cfg.precision = Precision::BF16;
  cfg.optimizer = OptimizerKind::SGD;
  cfg.lr = 0.02;
  cfg.batch_size = 64;
  cfg.seed = 7;
  cfg.scaler.init_scale(1024).growth_interval(50);
  cfg.clip_norm = 1.5;
  cfg.faults.push_back({"fc3", FaultKind::NaN, 4});
  const std::int64_t id = recordHeadless(store, cfg, 6);

  MainWindow w;  // its live run: the default preset (spiral-mlp, fp16, Adam, batch 256)
  QVERIFY(w.loadPreset(QStringLiteral("default"), 10));
  QVERIFY(w.runSettingsView()->isHidden());
  QString error;
  QVERIFY2(w.replayRun(store, id, &error), qPrintable(error));
  QVERIFY(w.controlPanel()->isHidden());
  QVERIFY(!w.runSettingsView()->isHidden());
  const QStringList rows = w.runSettingsView()->rows();
  const QString all = rows.join(QLatin1Char('\n'));
  for (const char* expected :
       {"Model: deep-mlp on clusters", "Precision: bf16 (emulated)",
        "Device: cpu", "Optimizer: SGD", "Learning rate: 0.02 at the start", "Momentum: 0.9", "Batch size: 64",
        "Seed: 7", "Gradient clipping: norm 1.5, after unscaling", "Faults injected: fc3 at step 4 (NaN)",
        "Init scale: 2^10", "Growth: \u00d72 after 50 clean steps", "Backoff: \u00d70.5 on a skipped step",
        "Per-layer statistics: every step", "Underflow reference: off", "Limits of: fp16", "Histogram: 2^-40 to 2^20"})
    QVERIFY2(rows.contains(QString::fromUtf8(expected)), qPrintable(QString::fromUtf8(expected) + "\n---\n" + all));
  QVERIFY2(!all.contains(QStringLiteral("spiral")) && !all.contains(QStringLiteral("Adam")), qPrintable(all));
  // Where it was written: this host and process (the store fills them in).
  QVERIFY2(all.contains(QStringLiteral("Written by: AmpScope (a built-in model), on ")), qPrintable(all));
  QVERIFY2(all.contains(QStringLiteral("(process %1)").arg(QCoreApplication::applicationPid())), qPrintable(all));

  // A Python probe run: the user's model, no optimizer given, no AmpScope batch or seed.
  SessionConfig probeCfg = probeConfig("MyNet");
  probeCfg.reference_every = 5;
  RunOrigin origin;
  origin.source = "probe";
  origin.group = "ddp-test";
  origin.rank = 1;
  origin.world_size = 2;
  std::int64_t probeId = 0;
  {
    RunStore rw(QFile::encodeName(store).toStdString());
    LayerInfo fc{"fc.weight", "fc", "weight", {4, 4}, 16, 1};
    probeId = rw.create_run(probeCfg, {fc}, "cpu", "fp32", origin);
    rw.set_status(probeId, "finished");
  }
  QVERIFY2(w.replayRun(store, probeId, &error), qPrintable(error));
  const QStringList p = w.runSettingsView()->rows();
  const QString pall = p.join(QLatin1Char('\n'));
  for (const char* expected : {"Model: MyNet", "Precision: fp32", "Rank: 1 of 2, group ddp-test", "Scaler: off: no loss scaling",
                               "Flushed to zero by a cast: every 5 steps"})
    QVERIFY2(p.contains(QString::fromUtf8(expected)), qPrintable(QString::fromUtf8(expected) + "\n---\n" + pall));
  QVERIFY2(pall.contains(QStringLiteral("Written by: your script, through the Python probe")), qPrintable(pall));
  QVERIFY2(pall.contains(QStringLiteral("Optimizer: not recorded")), qPrintable(pall));
  for (const char* absent : {"Learning rate", "Batch size", "Seed", "Gradient clipping", "Init scale"})
    QVERIFY2(!pall.contains(QString::fromUtf8(absent)), qPrintable(QString::fromUtf8(absent) + "\n---\n" + pall));

  // Back to the live run: its controls again.
  w.backToLive();
  QVERIFY(!w.controlPanel()->isHidden());
  QVERIFY(w.runSettingsView()->isHidden());
}

// A user's objective may go below 0 (a log-likelihood, a GAN's losses): on the log axis such a
// probe run drew nothing below 0 and the chart said "cross-entropy". It is drawn on a linear
// axis named "loss"; a built-in run keeps the log axis, and an overlay that goes negative
// takes the chart linear too.
void TestRuns::negativeUserLossIsDrawnOnALinearAxis() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString store = dir.filePath(QStringLiteral("runs.sqlite"));
  SessionConfig cfg = findPreset(QStringLiteral("default")).config;
  const std::int64_t builtIn = recordHeadless(store, cfg, 8);
  const SessionConfig probeCfg = probeConfig("Flow");
  RunOrigin origin;
  origin.source = "probe";
  const double losses[] = {2.0, 0.5, -0.25, -1.5, -3.0, -2.0};
  std::int64_t probeId = 0;
  {
    RunStore rw(QFile::encodeName(store).toStdString());
    probeId = rw.create_run(probeCfg, {LayerInfo{"w", "", "weight", {2}, 2, 0}}, "cpu", "fp32", origin);
    std::vector<StepRecord> steps;
    for (int i = 0; i < 6; ++i) {
      StepRecord r;
      r.step = i;
      r.loss = losses[i];
      r.lr = 0.1;
      steps.push_back(r);
    }
    rw.append_steps(probeId, steps);
    rw.set_status(probeId, "finished");
  }
  MainWindow w;
  w.resize(1280, 720);
  LossPlot* loss = w.dashboard()->lossPlot();
  QString error;
  QVERIFY2(w.replayRun(store, builtIn, &error), qPrintable(error));
  QVERIFY(!loss->linearAxis());
  QCOMPARE(loss->yAxis->label(), QStringLiteral("cross-entropy loss (log)"));

  QVERIFY2(w.replayRun(store, probeId, &error), qPrintable(error));
  // Nothing happened in it: the log says so rather than stay blank.
  QCOMPARE(w.eventLog()->count(), 1);
  QCOMPARE(w.eventLog()->item(0)->text(),
           QStringLiteral("\u2022 steps 0\u20135: nothing to tell: no loss scaling, and no gradient went non-finite"));
  QVERIFY(loss->linearAxis());
  QCOMPARE(loss->yAxis->scaleType(), QCPAxis::stLinear);
  QCOMPARE(loss->yAxis->label(), QStringLiteral("loss"));
  std::vector<double> drawn;
  for (auto it = loss->lossGraph()->data()->constBegin(); it != loss->lossGraph()->data()->constEnd(); ++it)
    drawn.push_back(it->value);
  QCOMPARE(drawn, std::vector<double>(std::begin(losses), std::end(losses)));
  QVERIFY2(loss->yAxis->range().contains(-3.0) && loss->yAxis->range().contains(2.0),
           qPrintable(QStringLiteral("%1 .. %2").arg(loss->yAxis->range().lower).arg(loss->yAxis->range().upper)));

  // Back to a built-in run: the log axis again; then the negative run overlaid on it.
  QVERIFY2(w.replayRun(store, builtIn, &error), qPrintable(error));
  QVERIFY(!loss->linearAxis());
  QCOMPARE(loss->yAxis->label(), QStringLiteral("cross-entropy loss (log)"));
  QVERIFY2(w.overlayRun(store, probeId, &error), qPrintable(error));
  QVERIFY(loss->linearAxis());
  QVERIFY(loss->yAxis->range().contains(-3.0));
  QCOMPARE(loss->lossGraph()->dataCount(), 8);
  QCOMPARE(loss->overlayGraph()->dataCount(), 6);
}

// An fp32 gradient's largest magnitude has 17 significant digits; the table shows six (the
// column fits beside "First offender" at 1280x720) and the tooltip the exact value.
void TestRuns::fp32MaxGradientReadsInSixDigits() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString store = dir.filePath(QStringLiteral("runs.sqlite"));
  const double amax = static_cast<double>(0.009208356f);  // 0.009208356030285358 as a double
  std::int64_t id = 0;
  {
    RunStore rw(QFile::encodeName(store).toStdString());
    RunOrigin origin;
    origin.source = "probe";
    id = rw.create_run(probeConfig("Net"), {LayerInfo{"w", "", "weight", {2}, 2, 0}}, "cpu", "fp32", origin);
    StepRecord r;
    r.loss = 1.0;
    LayerStepStats ls;
    ls.stats.numel = 2;
    ls.stats.lo = -40;
    ls.stats.hi = 20;
    ls.stats.bins.assign(61, 0);
    ls.stats.bins[static_cast<std::size_t>(-7 + 40)] = 2;  // 2^-7 <= |g| < 2^-6
    ls.stats.amax = amax;
    ls.stats.amin_nonzero = 0.0078125;
    ls.stats.sum_squares = amax * amax + 0.0078125 * 0.0078125;
    r.layers.push_back(ls);
    rw.append_steps(id, {r});
    rw.set_status(id, "finished");
  }
  MainWindow w;
  w.resize(1280, 720);
  QString error;
  QVERIFY2(w.replayRun(store, id, &error), qPrintable(error));
  const QModelIndex cell = w.layerTable()->tableModel()->index(0, LayerTableModel::Amax);
  QTRY_COMPARE(cell.data().toString(), QStringLiteral("0.00920836"));
  QCOMPARE(w.eventLog()->count(), 1);
  QCOMPARE(w.eventLog()->item(0)->text(),
           QStringLiteral("\u2022 step 0: nothing to tell: no loss scaling, and no gradient went non-finite"));
  QCOMPARE(cell.data(Qt::ToolTipRole).toString(), QStringLiteral("0.009208356030285358"));
}

QTEST_MAIN(TestRuns)
#include "test_runs.moc"
