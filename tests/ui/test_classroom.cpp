// Classroom and live controls, offscreen against real sessions: user presets, settings between
// launches, every live control reaching the worker at the next step, the session built off
// the GUI thread, keyboard shortcuts, the unscaled layer history and presentation mode.
#include "charts/chart_base.h"
#include "panels/control_panel.h"
#include "charts/dashboard.h"
#include "panels/event_log.h"
#include "charts/histogram_heatmap.h"
#include "charts/layer_history_heatmap.h"
#include "charts/loss_plot.h"
#include "panels/layer_table.h"
#include "panels/layer_table_model.h"
#include "panels/narrator.h"
#include "runs/run_browser.h"
#include "runs/step_history.h"
#include "charts/export_dialog.h"
#include "shell/classroom_controller.h"
#include "shell/main_window.h"
#include "presets/presets.h"
#include "presets/preset_i18n.h"
#include "panels/scaler_panel.h"
#include "charts/scale_plot.h"
#include "runs/session_controller.h"
#include "charts/plot_theme.h"
#include "presets/user_presets.h"
#include "../common/chart_layout_checks.h"
#include "../common/gui_runs.h"
#include "../common/perf_budgets.h"

#include <ampscope/run_store.h>
#include <ampscope/scale_text.h>
#include <ampscope/training_session.h>

#include <QApplication>
#include <QDockWidget>
#include <QHeaderView>
#include <QScrollBar>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QSplitterHandle>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <set>

using namespace ampscope;
using namespace ampscope::ui;
using State = SessionController::State;

namespace {
constexpr int kTimeout = 30000;

/// A shown main window of `size` beside a temporary store holding one finished run of 20 steps
/// (`store`, `id`): the setup of the tests that replay a run in a styled window.
struct WindowBesideStoredRun {
  QTemporaryDir dir;
  QString store = dir.filePath(QStringLiteral("runs.sqlite"));
  std::int64_t id = dir.isValid() ? ampscope::test::writeFinishedRun(store, 20) : -1;
  MainWindow w;
  explicit WindowBesideStoredRun(QSize size) {
    w.resize(size);
    w.show();
  }
  bool ready() { return id > 0 && QTest::qWaitForWindowExposed(&w); }
};

/// The newest record with `reason`, or nullptr.
const StepPoint* findReason(const StepHistory& h, ScaleChangeReason reason) {
  for (const StepPoint& p : h.points())
    if (p.reason == reason) return &p;
  return nullptr;
}
}  // namespace

class TestClassroom : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void initTestCase();
  void userPresetSavedThenReloadedGivesTheSameConfig();
  void corruptUserPresetsAreSkippedWithAMessage();
  void userPresetsAreListedAfterTheBuiltInOnes();
  void settingsAreRememberedBetweenLaunches();
  void liveControlsReachTheSessionAtTheNextStep();
  void runSettingsSayTheyNeedAReset();
  void fashionCnnIsBuiltOffTheGuiThread();
  void keyboardShortcutsDriveTheRun();
  void layerHistoryUnscaledViewMovesTheFp16Window();
  void presentationModeHidesAdvancedControlsAndEnlarges();
  void presetExplanationIsNotSaidTwice();
  void tickLabelsNeverOverlap();
  void darkThemeReachesEveryStyledWidget();
  void darkThemeReachesDocksDialogsHeadersAndScrollBars();
  void scalesReadAsPowersOfTwo();
  void shortcutsWorkWhicheverWidgetHasFocus();
  void textFieldsKeepTheKeysTypingNeeds();
};

void TestClassroom::initTestCase() {
  // QSettings and AppDataLocation go to ~/.qttest: the user's own settings stay untouched.
  QStandardPaths::setTestModeEnabled(true);
  QCoreApplication::setOrganizationName(QStringLiteral("AmpScopeTest"));
  QCoreApplication::setApplicationName(QStringLiteral("test_classroom"));
  QSettings().clear();
  QDir(userPresetDir()).removeRecursively();
}

void TestClassroom::userPresetSavedThenReloadedGivesTheSameConfig() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  SessionConfig c = findPreset(QStringLiteral("clip-before-unscale")).config;
  c.lr = 0.05;
  c.scaler.growth_interval(7).hysteresis(3).min_scale(4).max_scale(std::ldexp(1.0, 20));
  c.clip_norm = 2.5;
  c.accumulation = 2;
  c.faults.push_back({"fc2", FaultKind::NaN, 12});
  c.max_steps = 99;  // not saved: a preset runs until stopped
  QString error;
  const QString name = saveUserPreset(QStringLiteral("My clipping demo!"), QStringLiteral("Shows the bug."), c, &error, dir.path());
  QVERIFY2(!name.isEmpty(), qPrintable(error));
  QCOMPARE(name, QStringLiteral("user-my-clipping-demo"));
  // The same title again gets its own file.
  QCOMPARE(saveUserPreset(QStringLiteral("My clipping demo!"), QString(), c, &error, dir.path()),
           QStringLiteral("user-my-clipping-demo-2"));
  const UserPresets u = loadUserPresets(dir.path());
  QVERIFY(u.problems.isEmpty());
  QCOMPARE(u.presets.size(), std::size_t(2));
  const Preset& p = u.presets[0].name == name ? u.presets[0] : u.presets[1];
  QCOMPARE(p.title, QStringLiteral("My clipping demo!"));
  QCOMPARE(p.description, QStringLiteral("Shows the bug."));
  SessionConfig expected = c;
  expected.max_steps = 0;
  QCOMPARE(QString::fromStdString(p.config.to_json()), QString::fromStdString(expected.to_json()));
  QVERIFY(p.config.faults == expected.faults);
  QVERIFY(deleteUserPreset(name, &error, dir.path()));
  QCOMPARE(loadUserPresets(dir.path()).presets.size(), std::size_t(1));
  QVERIFY(!deleteUserPreset(QStringLiteral("default"), &error, dir.path()));  // never a built-in one
  QVERIFY(error.contains(QStringLiteral("default")));
  QVERIFY(saveUserPreset(QStringLiteral("   "), QString(), c, &error, dir.path()).isEmpty());
  QVERIFY(error.contains(QStringLiteral("title")));
}

void TestClassroom::corruptUserPresetsAreSkippedWithAMessage() {
  QTemporaryDir dir;
  QString error;
  QVERIFY(!saveUserPreset(QStringLiteral("good"), QString(), SessionConfig(), &error, dir.path()).isEmpty());
  auto write = [&](const char* file, const QByteArray& bytes) {
    QFile f(dir.filePath(QString::fromLatin1(file)));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
  };
  write("broken.json", "{\"name\": \"broken\", \"config\": {");
  write("badlr.json", R"({"name": "badlr", "title": "t", "config": {"lr": -1}})");
  write("notobject.json", "[1, 2, 3]");
  write("empty.json", "");
  const UserPresets u = loadUserPresets(dir.path());
  QCOMPARE(u.presets.size(), std::size_t(1));
  QCOMPARE(u.problems.size(), 4);
  const QString all = u.problems.join(QLatin1Char('\n'));
  for (const char* file : {"broken.json", "notobject.json", "empty.json"})
    QVERIFY2(all.contains(QLatin1String(file)), qPrintable(all));
  QVERIFY2(all.contains(QStringLiteral("lr")), qPrintable(all));
}

void TestClassroom::userPresetsAreListedAfterTheBuiltInOnes() {
  QDir(userPresetDir()).removeRecursively();
  SessionConfig c = findPreset(QStringLiteral("bf16-no-scaler")).config;
  c.lr = 0.007;
  QString error;
  const QString name = saveUserPreset(QStringLiteral("Zeta bf16"), QStringLiteral("mine"), c, &error);
  QVERIFY2(!name.isEmpty(), qPrintable(error));
  {
    QFile f(QDir(userPresetDir()).filePath(QStringLiteral("junk.json")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("not json at all");
  }
  MainWindow w;
  QComboBox* combo = w.controlPanel()->presetCombo();
  const int builtin = static_cast<int>(builtinPresets().size());
  const int i = combo->findData(name);
  QVERIFY(i > builtin - 1);  // after every built-in preset (and a separator)
  QVERIFY(combo->itemText(i).contains(QStringLiteral("Zeta bf16")));
  combo->setCurrentIndex(i);
  QVERIFY(w.controlPanel()->deletePresetButton()->isEnabled());
  combo->setCurrentIndex(0);
  QVERIFY(!w.controlPanel()->deletePresetButton()->isEnabled());  // built-in presets cannot be deleted
  QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("junk.json")));
  // Loading it runs its config.
  QVERIFY(w.loadPreset(name));
  QCOMPARE(w.controller()->config().lr, 0.007);
  QCOMPARE(w.controller()->config().precision, Precision::BF16);
  QVERIFY(w.explanationText().contains(QStringLiteral("Zeta bf16")));
  QDir(userPresetDir()).removeRecursively();
}

void TestClassroom::settingsAreRememberedBetweenLaunches() {
  QSettings().clear();
  QList<int> splitSizes;
  QString splitName;
  double defaultShare = 0;
  {
    MainWindow w;
    QVERIFY(w.restoreSettings().isEmpty());  // nothing saved yet
    QVERIFY(!w.darkTheme());
    w.resize(1300, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.loadPreset(QStringLiteral("bf16-no-scaler")));
    w.setTheme(true, true);
    w.controlPanel()->unscaledViewBox()->setChecked(true);
    w.controlPanel()->clipNormBox()->setValue(3.0);
    // Dragged by its handle, as a user does: the dashboard keeps what was dragged, per page layout.
    for (int i = 0; i < 4; ++i) QCoreApplication::processEvents();  // the pages for this size and mode
    auto* split = w.dashboard()->findChildren<QSplitter*>().first();
    splitName = split->objectName();
    defaultShare = split->sizes()[0] / double(split->sizes()[0] + split->sizes()[1]);
    QSplitterHandle* handle = split->handle(1);
    const QPoint from = handle->rect().center();
    const int by = split->sizes()[0] / 5;
    const QPoint move = split->orientation() == Qt::Horizontal ? QPoint(by, 0) : QPoint(0, by);
    QTest::mousePress(handle, Qt::LeftButton, {}, from);
    QTest::mouseMove(handle, from + move);
    QTest::mouseRelease(handle, Qt::LeftButton, {}, from + move);
    splitSizes = split->sizes();
    w.close();  // saves
    w.setTheme(false, false);  // the application font is global: leave it as it was
  }
  {
    MainWindow w;
    QCOMPARE(w.restoreSettings(), QStringLiteral("bf16-no-scaler"));
    QVERIFY(w.darkTheme());
    QVERIFY(w.presentationMode());
    QVERIFY(w.controlPanel()->unscaledViewBox()->isChecked());
    QVERIFY(w.dashboard()->layerHistory()->unscaled());
    const std::optional<SessionConfig> c = MainWindow::savedConfig();
    QVERIFY(c.has_value());
    QCOMPARE(c->precision, Precision::BF16);
    QCOMPARE(c->clip_norm, 3.0);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QCOMPARE(w.size(), QSize(1300, 900));
    // The splitter keeps the proportions (the total follows the window's layout).
    for (int i = 0; i < 4; ++i) QCoreApplication::processEvents();
    QVERIFY2(w.dashboard()->findChild<QSplitter*>(splitName), qPrintable(splitName));
    const QList<int> sizes = w.dashboard()->findChild<QSplitter*>(splitName)->sizes();
    qInfo("splitter saved %d:%d, restored %d:%d", splitSizes[0], splitSizes[1], sizes[0], sizes[1]);
    const double saved = splitSizes[0] / double(splitSizes[0] + splitSizes[1]);
    const double restored = sizes[0] / double(sizes[0] + sizes[1]);
    QVERIFY2(std::abs(saved - restored) < 0.05, qPrintable(QStringLiteral("%1 vs %2").arg(saved).arg(restored)));
    QVERIFY2(std::abs(restored - defaultShare) > 0.04, qPrintable(QStringLiteral("%1 vs the default %2").arg(restored).arg(defaultShare)));
    // The launch opens that config (built in the background).
    w.openAtLaunch(QString(), false);
    QTRY_VERIFY_WITH_TIMEOUT(!w.controller()->loading() && w.controller()->state() == State::Ready, kTimeout);
    QCOMPARE(w.controller()->config().clip_norm, 3.0);
    QCOMPARE(w.controller()->config().precision, Precision::BF16);
    w.setTheme(false, false);
  }
  QSettings().clear();
}

void TestClassroom::liveControlsReachTheSessionAtTheNextStep() {
  MainWindow w;
  QVERIFY(w.loadPreset(QStringLiteral("default")));
  SessionController* c = w.controller();
  ControlPanel* panel = w.controlPanel();
  ScalerPanel* scaler = panel->scalerPanel();
  c->setSpeedLimit(200);  // steady steps, so that "the next step" is a few records away
  c->start();
  QTRY_VERIFY_WITH_TIMEOUT(c->stepsDone() >= 5, kTimeout);

  // Init scale while running: the current scale becomes 2^10 at the next step, 'set by user'.
  const qint64 before = c->stepsDone();
  scaler->initScaleSlider()->setValue(10);
  QTRY_VERIFY_WITH_TIMEOUT(findReason(c->history(), ScaleChangeReason::SetByUser) != nullptr, kTimeout);
  const StepPoint* set = findReason(c->history(), ScaleChangeReason::SetByUser);
  QCOMPARE(set->scale_before, 1024.0);
  QCOMPARE(set->scale_after, 1024.0);
  QVERIFY2(set->step >= before && set->step <= before + 20, qPrintable(QString::number(set->step - before)));
  QVERIFY(c->history().points()[static_cast<std::size_t>(set->step - 1)].scale_after == 65536.0);
  bool narrated = false;
  for (int i = 0; i < w.eventLog()->count(); ++i)
    narrated = narrated || w.eventLog()->item(i)->text().contains(QStringLiteral("scale set by the user: 2^16 \u2192 2^10"));
  QVERIFY(narrated);

  // Growth interval, backoff, growth factor, hysteresis, min/max: in the worker's options.
  scaler->growthIntervalSlider()->setValue(ScalerPanel::intervalToSlider(50));
  scaler->backoffFactorSlider()->setValue(25);
  scaler->growthFactorSlider()->setValue(300);
  scaler->hysteresisBox()->setValue(3);
  QTRY_VERIFY_WITH_TIMEOUT(c->scalerOptions().hysteresis() == 3, kTimeout);
  QCOMPARE(c->scalerOptions().growth_interval(), std::int64_t(50));
  QCOMPARE(c->scalerOptions().backoff_factor(), 0.25);
  QCOMPARE(c->scalerOptions().growth_factor(), 3.0);

  // Clipping (norm and order) and accumulation: in the worker's live config at the next step.
  panel->clipNormBox()->setValue(0.5);
  panel->unscaleFirstBox()->setChecked(false);
  panel->accumulationBox()->setValue(3);
  QTRY_VERIFY_WITH_TIMEOUT(c->liveConfig().accumulation == 3, kTimeout);
  QCOMPARE(c->liveConfig().clip_norm, 0.5);
  QVERIFY(!c->liveConfig().clip_after_unscale);
  // Clipping the scaled gradients to 0.5 with Adam still steps; the skipped share stays 0.
  const qint64 at = c->stepsDone();
  QTRY_VERIFY_WITH_TIMEOUT(c->stepsDone() >= at + 5, kTimeout);

  // Turning the scaler off and on, live.
  scaler->enabledBox()->setChecked(false);
  QTRY_VERIFY_WITH_TIMEOUT(!c->scalerOptions().enabled(), kTimeout);
  const qint64 off = c->stepsDone();
  QTRY_VERIFY_WITH_TIMEOUT(c->stepsDone() >= off + 5, kTimeout);
  QCOMPARE(c->history().points().back().scale_before, 1.0);  // no scaling while off
  c->pause();
  QVERIFY(!panel->resetPending());  // none of this needed a reset
}

void TestClassroom::runSettingsSayTheyNeedAReset() {
  MainWindow w;
  QVERIFY(w.loadPreset(QStringLiteral("default")));
  ControlPanel* panel = w.controlPanel();
  QVERIFY(!panel->resetPending());
  // A preset's run is named after it (the run list tells presets of one model apart)...
  const std::string title = presetTitle(findPreset(QStringLiteral("default"))).toStdString();
  QVERIFY(!title.empty());
  QCOMPARE(w.controller()->config().name, title);
  panel->clipNormBox()->setValue(1.0);  // live: no reset
  QVERIFY(!panel->resetPending());
  QCOMPARE(panel->editedConfig().name, title);
  auto* precision = panel->findChildren<QComboBox*>().at(2);  // preset, model, precision, ...
  const int bf16 = precision->findText(QStringLiteral("bf16"));
  QVERIFY(bf16 >= 0);
  precision->setCurrentIndex(bf16);
  QVERIFY(panel->resetPending());
  QCOMPARE(w.controller()->config().precision, Precision::FP16);  // not yet
  QCOMPARE(panel->editedConfig().precision, Precision::BF16);
  QCOMPARE(panel->editedConfig().clip_norm, 1.0);  // the live edits go along
  QCOMPARE(panel->editedConfig().name, std::string());  // ...and a run of other settings is not that preset's
  // A title as a name: one line, at most 80 characters.
  QCOMPARE(runNameFromTitle(QStringLiteral("Two\nlines\tand\u0085 more")), std::string("Two lines and more"));
  const std::string longName = runNameFromTitle(QString(100, QChar(0x00e9)));
  SessionConfig named;
  named.name = longName;
  named.validate();  // accepted: 79 characters and an ellipsis
  QCOMPARE(QString::fromStdString(longName).size(), 80);
}

void TestClassroom::fashionCnnIsBuiltOffTheGuiThread() {
  SessionConfig cfg;
  cfg.model = "fashion-cnn";
  cfg.batch_size = 64;
  if (!QFile::exists(QStringLiteral("/usr/share/datasets/fashion-mnist/train-images-idx3-ubyte.gz")))
    QSKIP("Fashion-MNIST is not installed (scripts/install-deps.sh installs it)");
  MainWindow w;
  int ticks = 0;
  qint64 longestGap = 0;
  QElapsedTimer clock, gap;
  QTimer timer;
  timer.setInterval(10);
  connect(&timer, &QTimer::timeout, this, [&] {
    ++ticks;
    longestGap = std::max(longestGap, gap.restart());
  });
  clock.start();
  gap.start();
  timer.start();
  w.controller()->configureInBackground(cfg);
  QVERIFY(w.controller()->loading());
  QVERIFY(w.controller()->loadingMessage().contains(QStringLiteral("Loading Fashion-MNIST")));
  QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("Loading Fashion-MNIST")));
  const qint64 returned = clock.elapsed();
  QTRY_VERIFY_WITH_TIMEOUT(!w.controller()->loading(), 120000);
  const qint64 built = clock.elapsed();
  timer.stop();
  qInfo("fashion-cnn session built in %lld ms off the GUI thread; configureInBackground returned after %lld ms; "
        "a 10 ms QTimer fired %d times meanwhile, longest gap %lld ms",
        built, returned, ticks, longestGap);
  QCOMPARE(w.controller()->state(), State::Ready);
  QVERIFY(!w.controller()->layers().empty());
  QVERIFY(ticks > 0);  // the event loop ran while the session was built
  if (ampscope::perf::budgetsChecked()) {  // wall-clock claims: label perf (perf_classroom_budgets)
    QVERIFY(returned < 100);
    QVERIFY2(ticks >= static_cast<int>(built / 10 / 4), qPrintable(QString::number(ticks)));
    QVERIFY2(longestGap < 400, qPrintable(QString::number(longestGap)));
  }
  QVERIFY(w.statusBar()->currentMessage().isEmpty());
}

void TestClassroom::keyboardShortcutsDriveTheRun() {
  MainWindow w;
  w.show();
  QApplication::setActiveWindow(&w);
  QVERIFY(QTest::qWaitForWindowActive(&w));
  QVERIFY(w.loadPreset(QStringLiteral("default")));
  SessionController* c = w.controller();
  const auto list = w.shortcutList();
  auto keysOf = [&](const QString& prefix) {
    for (const auto& [text, keys] : list)
      if (text.startsWith(prefix)) return keys;
    return QString();
  };
  QVERIFY2(keysOf(QStringLiteral("Start / pause")).contains(QStringLiteral("Space")), qPrintable(keysOf(QStringLiteral("Start / pause"))));
  QVERIFY(keysOf(QStringLiteral("Step once")).contains(QStringLiteral("Ctrl+Right")));
  QVERIFY(keysOf(QStringLiteral("Reset")).contains(QStringLiteral("Ctrl+R")));
  QVERIFY(keysOf(QStringLiteral("Presentation")).contains(QStringLiteral("Ctrl+P")));
  QVERIFY(keysOf(QStringLiteral("Full screen")).contains(QStringLiteral("F11")));
  QVERIFY(keysOf(QStringLiteral("Keyboard shortcuts")).size() > 0);

  QTest::keyClick(&w, Qt::Key_Space);
  QCOMPARE(c->state(), State::Running);
  QTRY_VERIFY_WITH_TIMEOUT(c->stepsDone() >= 3, kTimeout);
  QTest::keyClick(&w, Qt::Key_Space);
  QCOMPARE(c->state(), State::Paused);
  // A round trip through the worker, not a 200 ms sleep: a learning rate posted after the pause
  // is applied at the same step boundary, so once liveConfig() has it no step runs any more.
  const double lr = std::nextafter(c->config().lr, 0.0);
  c->setLearningRate(lr);
  QTRY_VERIFY_WITH_TIMEOUT(c->liveConfig().lr == lr, kTimeout);
  c->poll();
  const qint64 paused = c->stepsDone();
  QTest::keyClick(&w, Qt::Key_S);
  QTRY_COMPARE_WITH_TIMEOUT(c->stepsDone(), paused + 1, kTimeout);
  QTest::keyClick(&w, Qt::Key_Right, Qt::ControlModifier);
  QTRY_COMPARE_WITH_TIMEOUT(c->stepsDone(), paused + 2, kTimeout);
  QTest::keyClick(&w, Qt::Key_F11);
  QVERIFY(w.presentationMode() && w.isFullScreen());
  QTest::keyClick(&w, Qt::Key_F11);
  QVERIFY(!w.presentationMode() && !w.isFullScreen());
  QTest::keyClick(&w, Qt::Key_P, Qt::ControlModifier);
  QVERIFY(w.presentationMode());
  QTest::keyClick(&w, Qt::Key_P, Qt::ControlModifier);
  QVERIFY(!w.presentationMode());
  QTest::keyClick(&w, Qt::Key_R, Qt::ControlModifier);  // reset: a new session, built in the background
  QTRY_VERIFY_WITH_TIMEOUT(!c->loading() && c->state() == State::Ready, kTimeout);
  QCOMPARE(c->stepsDone(), qint64(0));
}

void TestClassroom::layerHistoryUnscaledViewMovesTheFp16Window() {
  MainWindow w;
  QVERIFY(w.loadPreset(QStringLiteral("overflow-storm"), 40));
  w.controller()->start();
  QTRY_COMPARE_WITH_TIMEOUT(w.controller()->state(), State::Finished, kTimeout);
  LayerHistoryHeatmap* lh = w.dashboard()->layerHistory();
  QVERIFY(!lh->unscaled());
  for (QCPGraph* g : lh->movingEdges()) QVERIFY(!g->visible());
  w.controlPanel()->unscaledViewBox()->setChecked(true);
  QVERIFY(lh->unscaled());
  QCOMPARE(lh->movingEdges().size(), std::size_t(3));
  // The smallest subnormal 2^-24 of the scaled gradient is 2^(-24 - log2 S) of the true one.
  QCPGraph* subnormal = lh->movingEdges()[0];
  QVERIFY(subnormal->visible());
  QVERIFY(subnormal->dataCount() >= 30);
  std::set<double> levels;
  const StepHistory& h = w.controller()->history();
  const double edge = subnormal->data()->constBegin()->value + 40.0;  // the first step ran at 2^40
  QVERIFY2(edge >= -25 && edge <= -24, qPrintable(QString::number(edge)));
  for (auto it = subnormal->data()->constBegin(); it != subnormal->data()->constEnd(); ++it) {
    levels.insert(it->value);
    const StepPoint& p = h.points()[static_cast<std::size_t>(it->key)];
    QCOMPARE(it->value, edge - std::round(std::log2(p.scale_before)));
  }
  qInfo("unscaled layer history: fp16's 2^-24 edge at %zu different heights over %d steps (from %g to %g)",
        levels.size(), subnormal->dataCount(), *levels.begin(), *levels.rbegin());
  QVERIFY(levels.size() >= 10);  // the storm halves the scale every step: the window moves
  QCOMPARE(lh->yAxis->label(), QStringLiteral("exponent of the unscaled gradient g/S"));
  w.controlPanel()->unscaledViewBox()->setChecked(false);
  QVERIFY(!subnormal->visible());
}

void TestClassroom::presentationModeHidesAdvancedControlsAndEnlarges() {
  MainWindow w;
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  QVERIFY(w.loadPreset(QStringLiteral("default")));
  w.setTheme(false, false);
  const double baseFont = QApplication::font().pointSizeF();
  const double baseWidth = w.dashboard()->lossPlot()->graph(0)->pen().widthF();
  ControlPanel* panel = w.controlPanel();
  QVERIFY(panel->advancedWidgets().size() >= 10);
  for (QWidget* a : panel->advancedWidgets()) QVERIFY(a->isVisibleTo(&w));
  QVERIFY(panel->scalerPanel()->hysteresisBox()->isVisibleTo(&w));
  w.setTheme(false, true);
  for (QWidget* a : panel->advancedWidgets()) QVERIFY2(!a->isVisibleTo(&w), qPrintable(a->metaObject()->className()));
  QVERIFY(!panel->scalerPanel()->hysteresisBox()->isVisibleTo(&w));
  QVERIFY(panel->scalerPanel()->initScaleSlider()->isVisibleTo(&w));  // the main sliders stay
  QVERIFY(panel->speedSlider()->isVisibleTo(&w));
  const double bigFont = QApplication::font().pointSizeF();
  const double bigWidth = w.dashboard()->lossPlot()->graph(0)->pen().widthF();
  qInfo("presentation mode: UI font %.1f -> %.1f pt, chart lines %.1f -> %.1f px, chart font %d pt", baseFont, bigFont,
        baseWidth, bigWidth, w.dashboard()->theme().fontPointSize);
  QVERIFY(bigFont >= 1.45 * baseFont);
  QVERIFY(bigWidth >= 2 * baseWidth - 0.01);
  QVERIFY(w.dashboard()->theme().fontPointSize >= 14);
  w.setTheme(true, false);
  for (QWidget* a : panel->advancedWidgets()) QVERIFY(a->isVisibleTo(&w));
  QCOMPARE(QApplication::font().pointSizeF(), baseFont);
  w.setTheme(false, false);
}

// The loaded preset's explanation is shown above the charts; the control panel does not repeat
// it under the preset list (it shows another preset's text there, as a preview, when the list
// is moved to one, and the list's text again while a stored run hides the explanation). What
// that buys: on a 1280x720 projector in presentation mode the live scaler sliders are on screen
// without scrolling the controls (before, the panel's copy of the text pushed them below it).
void TestClassroom::presetExplanationIsNotSaidTwice() {
  WindowBesideStoredRun setup(QSize(1280, 720));
  QVERIFY(setup.ready());
  auto& [dir, store, id, w] = setup;
  QVERIFY(w.loadPreset(QStringLiteral("overflow-storm"), 30));
  auto* explanation = w.findChild<QLabel*>(QStringLiteral("explanation"));
  QVERIFY(explanation && explanation->isVisible());
  QVERIFY(explanation->text().contains(QStringLiteral("2^40")));
  ControlPanel* panel = w.controlPanel();
  QLabel* text = panel->presetDescriptionLabel();
  QComboBox* combo = panel->presetCombo();
  QVERIFY(text && text->isHidden());
  combo->setCurrentIndex(combo->findData(QStringLiteral("deep-mlp-no-scaler")));  // a preview
  QVERIFY(text->isVisible());
  QCOMPARE(text->text(), combo->currentData(Qt::ToolTipRole).toString());
  QVERIFY(text->text().contains(QStringLiteral("13-layer")));
  combo->setCurrentIndex(combo->findData(QStringLiteral("overflow-storm")));
  QVERIFY(text->isHidden());
  // The sliders a class needs, on screen in presentation mode with the controls scrolled to the top.
  w.setTheme(false, true);
  QCoreApplication::processEvents();
  QScrollArea* scroll = nullptr;
  for (QWidget* p = panel->parentWidget(); p && !scroll; p = p->parentWidget()) scroll = qobject_cast<QScrollArea*>(p);
  QVERIFY(scroll);
  scroll->verticalScrollBar()->setValue(0);
  QCoreApplication::processEvents();
  const std::pair<const char*, QSlider*> sliders[] = {{"init scale", panel->scalerPanel()->initScaleSlider()},
                                                      {"growth factor", panel->scalerPanel()->growthFactorSlider()}};
  for (const auto& [name, slider] : sliders) {
    const int bottom = slider->mapTo(scroll->viewport(), QPoint(0, slider->height())).y();
    qInfo("1280x720 presentation: the %s slider ends at y %d of the controls' %d px", name, bottom,
          scroll->viewport()->height());
    QVERIFY2(slider->isVisible() && bottom <= scroll->viewport()->height(),
             qPrintable(QStringLiteral("%1: %2 > %3").arg(QLatin1String(name)).arg(bottom).arg(scroll->viewport()->height())));
  }
  w.setTheme(false, false);
  // A stored run hides the live preset's explanation (and the controls, for the run's own
  // settings): the list's text is the only one then, for the way back.
  QString error;
  QVERIFY2(w.replayRun(store, id, &error), qPrintable(error));
  QVERIFY(explanation->isHidden());
  QVERIFY(!text->isHidden());
  QVERIFY(text->text().contains(QStringLiteral("2^40")));
  w.backToLive();
  QVERIFY(explanation->isVisible());
  QVERIFY(text->isHidden());
}

// Every chart's tick labels, read back after layout: neighbours never overlap, in the normal
// theme and in presentation mode's large fonts on a 1600x1000 window, where the counts chart
// is short (its colour scale kept 5 ticks in ~60 px, its 8 layer rows drew over each other).
void TestClassroom::tickLabelsNeverOverlap() {
  MainWindow w;
  w.resize(1600, 1000);
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  QVERIFY(w.loadPreset(QStringLiteral("overflow-storm"), 60));
  QSignalSpy finished(w.controller(), &SessionController::runFinished);
  w.controller()->start();
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
  // Every page of the chart switcher (tests/common/chart_layout_checks.h; test_screen_matrix
  // runs the same checks over every screen size, mode, language and preset).
  for (const bool presentation : {false, true}) {
    w.setTheme(false, presentation);
    test::LayoutTally tally;
    Dashboard* d = w.dashboard();
    for (int i = 0; i < 4; ++i) QCoreApplication::processEvents();  // the pages for this mode
    for (int p = 0; p < static_cast<int>(d->pages().size()); ++p) {
      d->setCurrentPage(p);
      for (int round = 0; round < 3; ++round) {  // fitted tick counts and labels apply at the next layout
        QCoreApplication::processEvents();
        for (ChartBase* c : d->pageCharts()) c->replot();
      }
      QCoreApplication::processEvents();
      for (ChartBase* c : d->pageCharts())
        test::checkChartLayout(c, QStringLiteral("1600x1000%1, page %2").arg(presentation ? QStringLiteral(" presentation") : QString()).arg(p + 1),
                               Dashboard::minimumPlotHeight(presentation), Dashboard::minimumPlotWidth(), tally);
    }
    qInfo("%s: %d pages, %d axes, %d neighbouring tick labels apart", presentation ? "presentation" : "normal",
          static_cast<int>(d->pages().size()), tally.axes, tally.tickPairs);
    QVERIFY2(tally.problems.isEmpty(), qPrintable(tally.problems.mid(0, 20).join(QLatin1Char('\n'))));
    QVERIFY(tally.axes >= 12 && tally.tickPairs >= 40);
  }
  w.setTheme(false, false);
}

QTEST_MAIN(TestClassroom)
namespace {
/// The mean lightness (0-255) of what `w` draws.
int meanLightness(QWidget* w) {
  const QImage img = w->grab().toImage();
  qint64 sum = 0, n = 0;
  for (int y = 0; y < img.height(); y += 2)
    for (int x = 0; x < img.width(); x += 2, ++n) sum += QColor(img.pixel(x, y)).lightness();
  return n ? static_cast<int>(sum / n) : -1;
}
}  // namespace

// The banner, the replay bar and every other widget with a style sheet take their colours from
// the theme: dark in dark mode (they stayed light), and back to light after. So do the colours
// widgets draw themselves: the event log's lines by severity (those already written too) and
// the layer table's non-finite counts (it kept one red in both themes).
void TestClassroom::darkThemeReachesEveryStyledWidget() {
  WindowBesideStoredRun setup(QSize(1200, 800));
  QVERIFY(setup.ready());
  auto& [dir, store, id, w] = setup;
  SessionConfig bad;
  bad.model = "no-such-model";
  QVERIFY(!w.controller()->configure(bad));  // the banner says why
  QString error;
  QVERIFY2(w.replayRun(store, id, &error), qPrintable(error));
  auto* banner = [&]() -> QLabel* {
    for (QLabel* l : w.findChildren<QLabel*>())
      if (!l->isHidden() && l->text() == w.bannerText()) return l;
    return nullptr;
  }();
  auto* replayBar = w.findChild<QWidget*>(QStringLiteral("replayBar"));
  QVERIFY(banner && replayBar && replayBar->isVisible());
  const PlotTheme light = PlotTheme::light(), dark = PlotTheme::darkTheme();
  // A line of each severity, written in the light theme.
  EventLog* log = w.eventLog();
  const int firstLine = log->count();
  for (const auto sev : {NarratedEvent::Severity::Bad, NarratedEvent::Severity::Warning, NarratedEvent::Severity::Good})
    log->addEvent(3, static_cast<int>(sev), QStringLiteral("theme check"));
  // A layer table (not the window's: a step with a non-finite gradient of its own).
  StepHistory history;
  history.reset({LayerInfo{"fc.weight", "fc", "weight", {4}, 4, 0}});
  {
    std::vector<StepRecord> records(1);
    LayerStepStats l;
    l.layer = 0;
    l.stats.numel = 4;
    l.stats.nan = 1;
    records[0].layers.push_back(l);
    records[0].found_inf = true;
    history.append(records);
  }
  LayerTable table;
  table.setHistory(&history);
  table.tableModel()->rebuild();
  const QModelIndex nonFinite = table.tableModel()->index(0, LayerTableModel::NonFinite);
  QCOMPARE(table.tableModel()->data(nonFinite, Qt::DisplayRole).toLongLong(), 1LL);
  for (const QColor& c : {light.eventBad, light.eventWarning, light.eventGood, light.alarmText, light.rankDisagree,
                          light.offenderMark, light.overlay})
    QVERIFY(c.isValid());
  QVERIFY(light.eventBad != dark.eventBad && light.eventWarning != dark.eventWarning &&
          light.eventGood != dark.eventGood && light.alarmText != dark.alarmText &&
          light.rankDisagree != dark.rankDisagree && light.offenderMark != dark.offenderMark &&
          light.overlay != dark.overlay);
  for (const bool isDark : {true, false}) {
    w.setTheme(isDark, false);
    QCoreApplication::processEvents();
    const PlotTheme& theme = isDark ? dark : light;
    QCOMPARE(log->item(firstLine)->foreground().color(), theme.eventBad);
    QCOMPARE(log->item(firstLine + 1)->foreground().color(), theme.eventWarning);
    QCOMPARE(log->item(firstLine + 2)->foreground().color(), theme.eventGood);
    log->addEvent(4, static_cast<int>(NarratedEvent::Severity::Bad), QStringLiteral("theme check"));
    QCOMPARE(log->item(log->count() - 1)->foreground().color(), theme.eventBad);
    QCOMPARE(table.tableModel()->data(nonFinite, Qt::ForegroundRole).value<QBrush>().color(), theme.alarmText);
    QCOMPARE(w.layerTable()->tableModel()->alarmColor(), theme.alarmText);
    QCOMPARE(w.dashboard()->scalePlot()->theme().overlay, theme.overlay);
    const int bannerL = meanLightness(banner), barL = meanLightness(replayBar);
    qInfo("%s theme: banner lightness %d, replay bar %d", isDark ? "dark" : "light", bannerL, barL);
    if (isDark) {
      QVERIFY2(bannerL < 100, qPrintable(QString::number(bannerL)));
      QVERIFY2(barL < 100, qPrintable(QString::number(barL)));
    } else {
      QVERIFY2(bannerL > 180, qPrintable(QString::number(bannerL)));
      QVERIFY2(barL > 180, qPrintable(QString::number(barL)));
    }
    // No style sheet anywhere keeps a colour of the other theme.
    const PlotTheme& other = isDark ? light : dark;
    for (QWidget* child : w.findChildren<QWidget*>()) {
      const QString sheet = child->styleSheet().toLower();
      for (const QColor& c : {other.alertBackground, other.alertText, other.replayBackground, other.replayText,
                              other.noteBackground, other.hintText, other.errorText})
        QVERIFY2(!sheet.contains(c.name()), qPrintable(child->objectName() + QStringLiteral(": ") + sheet));
    }
  }
  w.setTheme(false, false);
}

// Dark mode complete: with a stored run open (its replay bar showing), in the normal and the
// presentation layout, every dock, the preset's explanation, the banner, the replay bar, the
// layer table's header and a scroll bar, and the run browser, export and shortcuts dialogs all
// draw dark (mean lightness under 100 of 255), and light again in the light theme.
void TestClassroom::darkThemeReachesDocksDialogsHeadersAndScrollBars() {
  WindowBesideStoredRun setup(QSize(1280, 800));
  QVERIFY(setup.ready());
  auto& [dir, store, id, w] = setup;
  QVERIFY(w.loadPreset(QStringLiteral("overflow-storm"), 30));
  w.controller()->start();
  QTRY_COMPARE_WITH_TIMEOUT(w.controller()->state(), State::Finished, kTimeout);
  auto* explanation = w.findChild<QLabel*>(QStringLiteral("explanation"));
  QVERIFY(explanation && explanation->isVisible());
  const int explanationLight = meanLightness(explanation);
  SessionConfig bad;
  bad.model = "no-such-model";
  QVERIFY(!w.controller()->configure(bad));  // the banner says why
  QString error;
  QVERIFY2(w.replayRun(store, id, &error), qPrintable(error));
  auto* banner = [&]() -> QLabel* {
    for (QLabel* l : w.findChildren<QLabel*>())
      if (!l->isHidden() && l->text() == w.bannerText()) return l;
    return nullptr;
  }();
  auto* replayBar = w.findChild<QWidget*>(QStringLiteral("replayBar"));
  QVERIFY(banner && replayBar && replayBar->isVisible());
  for (int i = 0; i < 60; ++i) w.eventLog()->addEvent(i, 0, QStringLiteral("a line to scroll"));

  // What is measured: name -> widget, made or found afresh for each theme.
  auto measureAll = [&](bool dark, bool presentation) {
    w.setTheme(dark, presentation);
    QCoreApplication::processEvents();
    std::vector<std::pair<QString, QWidget*>> parts = {{QStringLiteral("banner"), banner},
                                                      {QStringLiteral("replay bar"), replayBar}};
    for (QDockWidget* d : w.findChildren<QDockWidget*>())
      if (d->isVisible()) parts.push_back({QStringLiteral("dock ") + d->objectName(), d});
    if (!presentation) {
      parts.push_back({QStringLiteral("layer table header"), w.layerTable()->horizontalHeader()});
      QScrollBar* bar = w.eventLog()->verticalScrollBar();
      QVERIFY(bar->isVisible());
      parts.push_back({QStringLiteral("event log scroll bar"), bar});
    }
    RunBrowser browser(store, QStringLiteral("Open run"), QStringLiteral("Open"), &w);
    browser.show();
    QTRY_VERIFY_WITH_TIMEOUT(!browser.isLoading(), kTimeout);
    parts.push_back({QStringLiteral("run browser"), &browser});
    ExportDialog exportDialog(QStringLiteral("dashboard"), dir.filePath(QStringLiteral("x.png")), QSize(800, 600), &w);
    exportDialog.show();
    parts.push_back({QStringLiteral("export dialog"), &exportDialog});
    QVERIFY(QTest::qWaitForWindowExposed(&browser) && QTest::qWaitForWindowExposed(&exportDialog));
    // A chart's hover tool tip (Qt gives tool tips the platform's palette, not the application's).
    QToolTip::showText(w.mapToGlobal(QPoint(600, 300)), QStringLiteral("step 3\nscale 2^16 \u2192 2^15 (backoff)"),
                       w.dashboard()->scalePlot());
    QWidget* tip = nullptr;
    QTRY_VERIFY([&] {
      for (QWidget* t : QApplication::topLevelWidgets())
        if (t->inherits("QTipLabel") && t->isVisible()) tip = t;
      return tip != nullptr;
    }());
    parts.push_back({QStringLiteral("tool tip"), tip});
    for (const auto& [name, widget] : parts) {
      const int l = meanLightness(widget);
      qInfo("%s%s: %s lightness %d", dark ? "dark" : "light", presentation ? " presentation" : "", qPrintable(name), l);
      if (qEnvironmentVariableIsSet("AMPSCOPE_TEST_GRABS"))
        widget->grab().save(QStringLiteral("%1/%2-%3%4.png").arg(qEnvironmentVariable("AMPSCOPE_TEST_GRABS"), name,
                                                                   dark ? QStringLiteral("dark") : QStringLiteral("light"),
                                                                   presentation ? QStringLiteral("-p") : QString()));
      if (dark)
        QVERIFY2(l < 100, qPrintable(name + QStringLiteral(": ") + QString::number(l)));
      else
        QVERIFY2(l > 150, qPrintable(name + QStringLiteral(": ") + QString::number(l)));
    }
    QToolTip::hideText();
    // What the next tool tip gets (on a desktop the platform's tool tip palette is light).
    const int tipBase = QToolTip::palette().color(QPalette::ToolTipBase).lightness();
    QVERIFY2(dark ? tipBase < 100 : tipBase > 150, qPrintable(QString::number(tipBase)));
    // The shortcuts dialog is modal: measured while it is open.
    int shortcutsL = -1;
    QTimer::singleShot(0, &w, [&] {
      QWidget* d = QApplication::activeModalWidget();
      if (!d) return;
      QTRY_VERIFY(d->isVisible());
      shortcutsL = meanLightness(d);
      d->close();
    });
    w.showShortcuts();
    qInfo("shortcuts dialog lightness %d", shortcutsL);
    QVERIFY(shortcutsL >= 0);
    QVERIFY2(dark ? shortcutsL < 100 : shortcutsL > 150, qPrintable(QString::number(shortcutsL)));
  };
  for (const auto& [dark, presentation] : {std::pair(true, false), std::pair(true, true), std::pair(false, false)}) {
    measureAll(dark, presentation);
    if (QTest::currentTestFailed()) return;
  }
  w.backToLive();
  w.setTheme(true, false);
  QCoreApplication::processEvents();
  QVERIFY(explanation->isVisible());
  const int darkExplanation = meanLightness(explanation);
  qInfo("the preset's explanation: lightness %d light, %d dark", explanationLight, darkExplanation);
  QVERIFY2(explanationLight > 150 && darkExplanation < 100, qPrintable(QString::number(darkExplanation)));
  w.setTheme(false, false);
}

// Scales as a person reads them: a power of two as 2^k (the overflow-storm preset starts at
// 2^40, and its slider showed 16777216 = 2^24, the end of its old span, while the preset said
// 2^40), anything else as a short number. One formatter for the GUI and the command line.
void TestClassroom::scalesReadAsPowersOfTwo() {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  const std::pair<double, const char*> cases[] = {
      {std::ldexp(1.0, -24), "2^-24"}, {1.0, "2^0"}, {2.0, "2^1"}, {65536.0, "2^16"}, {std::ldexp(1.0, 40), "2^40"},
      {std::ldexp(1.0, 127), "2^127"}, {std::numeric_limits<double>::denorm_min(), "2^-1074"}, {3.0, "3"},
      {0.75, "0.75"}, {45875.2, "45875.2"}, {3.0 * std::ldexp(1.0, 22), "12582912"}, {1.5e20, "1.5e+20"},
      {1e-7, "1e-07"}, {0.0, "0"}, {-0.0, "0"}, {inf, "inf"}, {-inf, "-inf"}, {nan, "nan"}, {-4.0, "-4"}};
  for (const auto& [v, text] : cases) QCOMPARE(format_scale(v), std::string(text));
  QCOMPARE(scaleText(std::ldexp(1.0, 40)), QStringLiteral("2^40"));

  MainWindow w;
  QVERIFY(w.loadPreset(QStringLiteral("overflow-storm"), 6));
  ScalerPanel* panel = w.controlPanel()->scalerPanel();
  const double start = std::ldexp(1.0, 40);
  QCOMPARE(w.controller()->config().scaler.init_scale(), start);
  QCOMPARE(panel->initScaleLabel()->text(), QStringLiteral("2^40"));
  QCOMPARE(panel->initScaleSlider()->value(), 40);
  QCOMPARE(panel->initScaleSlider()->maximum(), 40);
  QVERIFY2(panel->initScaleLabel()->toolTip().contains(QStringLiteral("1099511627776")), qPrintable(panel->initScaleLabel()->toolTip()));
  QCOMPARE(panel->options().init_scale(), start);
  // Another scaler control edited: the start stays the preset's.
  panel->growthFactorSlider()->setValue(300);
  QCOMPARE(panel->options().init_scale(), start);
  QCOMPARE(w.controlPanel()->editedConfig().scaler.init_scale(), start);
  auto statusScale = [&w]() {
    for (QLabel* l : w.statusBar()->findChildren<QLabel*>())
      if (l->text().startsWith(QStringLiteral("scale "))) return l->text();
    return QString();
  };
  QTRY_COMPARE_WITH_TIMEOUT(statusScale(), QStringLiteral("scale 2^40"), kTimeout);
  QTRY_VERIFY2(w.dashboard()->caption().contains(QStringLiteral("GradScaler (init 2^40, interval 2000)")),
               qPrintable(w.dashboard()->caption()));
  w.controller()->start();
  QTRY_COMPARE_WITH_TIMEOUT(w.controller()->state(), State::Finished, kTimeout);
  // Six overflows, six halvings: 2^40 -> 2^34, said so in the status bar, the event log, the
  // scale plot's tooltip and the histogram's title (superscripts there, as its axes write them).
  QTRY_COMPARE_WITH_TIMEOUT(statusScale(), QStringLiteral("scale 2^34"), kTimeout);
  QStringList lines;
  for (int i = 0; i < w.eventLog()->count(); ++i) lines << w.eventLog()->item(i)->text();
  const QString log = lines.join(QLatin1Char('\n'));
  QVERIFY2(log.contains(QStringLiteral("scale 2^40 \u2192 2^39")) && log.contains(QStringLiteral("scale 2^35 \u2192 2^34")),
           qPrintable(log));
  QVERIFY2(!log.contains(QStringLiteral("1099511627776")), qPrintable(log));
  QVERIFY(w.dashboard()->scalePlot()->describeStep(0).contains(QStringLiteral("scale 2^40 \u2192 2^39")));
  const QString title = QStringLiteral("S = ") + powerOfTwoLabel(35);
  auto histogramSays = [&]() {
    for (QCPTextElement* t : w.dashboard()->histogram()->findChildren<QCPTextElement*>())
      if (t->text().contains(title)) return true;
    return false;
  };
  QTRY_VERIFY_WITH_TIMEOUT(histogramSays(), kTimeout);

  // A start the slider cannot hold (beyond 2^40, or not a power of two) is kept exactly and
  // the label says so; moving the slider replaces it.
  GradScalerOptions o = panel->options();
  o.init_scale(std::ldexp(1.0, 60));
  panel->setOptions(o);
  QCOMPARE(panel->initScaleLabel()->text(), QStringLiteral("2^60"));
  QVERIFY2(panel->initScaleLabel()->toolTip().contains(QStringLiteral("slider")), qPrintable(panel->initScaleLabel()->toolTip()));
  QCOMPARE(panel->options().init_scale(), std::ldexp(1.0, 60));
  o.init_scale(1000.0);
  panel->setOptions(o);
  QCOMPARE(panel->initScaleLabel()->text(), QStringLiteral("1000"));
  QCOMPARE(panel->options().init_scale(), 1000.0);
  panel->initScaleSlider()->setValue(12);
  QCOMPARE(panel->initScaleLabel()->text(), QStringLiteral("2^12"));
  QCOMPARE(panel->options().init_scale(), 4096.0);
}

namespace {
/// Presses `key` on whatever widget has the keyboard focus, as a user's key press arrives
/// (QTest sends the shortcut-override event first, so the window's shortcuts are tried).
void pressOnFocus(Qt::Key key, Qt::KeyboardModifiers mods = Qt::NoModifier) {
  QWidget* f = QApplication::focusWidget();
  QVERIFY(f);
  QTest::keyClick(f, key, mods);
}

/// Waits until the worker has taken every command posted so far (a learning rate posted
/// after a pause is applied at the same step boundary), so stepsDone() no longer moves.
void settle(SessionController* c) {
  const double lr = std::nextafter(c->liveConfig().lr, 0.0);
  c->setLearningRate(lr);
  QTRY_VERIFY_WITH_TIMEOUT(c->liveConfig().lr == lr, kTimeout);
  c->poll();
}
}  // namespace

// Space, S, Ctrl+Right, Ctrl+Space, F11, Ctrl+P and Ctrl+R as real key presses on the focused
// widget, with the focus in a spin box (which used to keep Space, S and Ctrl+Right), a double
// spin box, a combo box, a slider, a check box, the layer table, the event log, and the event
// log in a floating dock (a window of its own).
void TestClassroom::shortcutsWorkWhicheverWidgetHasFocus() {
  MainWindow w;
  w.resize(1200, 800);
  w.show();
  QApplication::setActiveWindow(&w);
  QVERIFY(QTest::qWaitForWindowActive(&w));
  QVERIFY(w.loadPreset(QStringLiteral("default")));
  SessionController* c = w.controller();
  ControlPanel* panel = w.controlPanel();
  QWidget* hysteresis = nullptr;
  for (QSpinBox* s : panel->scalerPanel()->findChildren<QSpinBox*>()) hysteresis = s;
  QVERIFY(hysteresis);
  const std::vector<std::pair<const char*, QWidget*>> targets = {
      {"spin box", panel->accumulationBox()}, {"double spin box", panel->clipNormBox()},
      {"combo box", panel->presetCombo()},    {"slider", panel->speedSlider()},
      {"check box", panel->unscaledViewBox()}, {"scaler spin box", hysteresis},
      {"layer table", w.layerTable()},        {"event log", w.eventLog()}};
  for (const auto& [kind, target] : targets) {
    qInfo("focus in the %s", kind);
    QVERIFY2(target->isVisible(), kind);
    target->setFocus(Qt::TabFocusReason);
    QTRY_COMPARE(QApplication::focusWidget(), target);
    const QString before = qobject_cast<QAbstractSpinBox*>(target) ? qobject_cast<QAbstractSpinBox*>(target)->text() : QString();
    pressOnFocus(Qt::Key_Space);
    QCOMPARE(c->state(), State::Running);
    QTRY_VERIFY_WITH_TIMEOUT(c->stepsDone() >= 1, kTimeout);
    QCOMPARE(QApplication::focusWidget(), target);
    pressOnFocus(Qt::Key_Space);
    QCOMPARE(c->state(), State::Paused);
    settle(c);
    const qint64 paused = c->stepsDone();
    pressOnFocus(Qt::Key_S);
    QTRY_COMPARE_WITH_TIMEOUT(c->stepsDone(), paused + 1, kTimeout);
    pressOnFocus(Qt::Key_Right, Qt::ControlModifier);
    QTRY_COMPARE_WITH_TIMEOUT(c->stepsDone(), paused + 2, kTimeout);
    pressOnFocus(Qt::Key_Space, Qt::ControlModifier);
    QCOMPARE(c->state(), State::Running);
    pressOnFocus(Qt::Key_Space, Qt::ControlModifier);
    QCOMPARE(c->state(), State::Paused);
    if (auto* spin = qobject_cast<QAbstractSpinBox*>(target)) QCOMPARE(spin->text(), before);  // nothing typed into it
    // End: back to the newest step, except in a number field, where it moves the cursor.
    w.showStep(1);
    QCOMPARE(w.shownStep(), qint64(1));
    target->setFocus(Qt::TabFocusReason);
    QTRY_COMPARE(QApplication::focusWidget(), target);
    pressOnFocus(Qt::Key_End);
    QCOMPARE(w.shownStep(), qobject_cast<QAbstractSpinBox*>(target) ? qint64(1) : qint64(-1));
    w.showStep(-1);
    // F11: full screen, with presentation mode for the back of the room; F11 again: both back.
    QVERIFY(!w.isFullScreen() && !w.presentationMode());
    pressOnFocus(Qt::Key_F11);
    QTRY_VERIFY(w.windowState() & Qt::WindowFullScreen);
    QVERIFY(w.presentationMode());
    pressOnFocus(Qt::Key_F11);  // the focus may have moved: presentation mode hides advanced widgets
    QTRY_VERIFY(!(w.windowState() & Qt::WindowFullScreen));
    QVERIFY(!w.presentationMode());
    // Esc leaves full screen too, as in a slide show.
    target->setFocus(Qt::TabFocusReason);
    QTRY_COMPARE(QApplication::focusWidget(), target);
    pressOnFocus(Qt::Key_F11);
    QTRY_VERIFY(w.isFullScreen());
    pressOnFocus(Qt::Key_Escape);
    QTRY_VERIFY(!w.isFullScreen());
    QVERIFY(!w.presentationMode());
    target->setFocus(Qt::TabFocusReason);
    QTRY_COMPARE(QApplication::focusWidget(), target);
    pressOnFocus(Qt::Key_P, Qt::ControlModifier);
    QVERIFY(w.presentationMode());
    QVERIFY(!w.isFullScreen());
    pressOnFocus(Qt::Key_P, Qt::ControlModifier);
    QVERIFY(!w.presentationMode());
  }
  // Presentation mode chosen while full screen stays after it.
  pressOnFocus(Qt::Key_F11);
  QVERIFY(w.isFullScreen() && w.presentationMode());
  pressOnFocus(Qt::Key_P, Qt::ControlModifier);
  pressOnFocus(Qt::Key_P, Qt::ControlModifier);
  QVERIFY(w.presentationMode());
  pressOnFocus(Qt::Key_F11);
  QTRY_VERIFY(!w.isFullScreen());
  QVERIFY(w.presentationMode());
  pressOnFocus(Qt::Key_P, Qt::ControlModifier);
  QVERIFY(!w.presentationMode());

  // The event log in a floating dock: a window of its own.
  auto* events = w.findChild<QDockWidget*>(QStringLiteral("events"));
  QVERIFY(events);
  events->setFloating(true);
  events->show();
  QVERIFY(QTest::qWaitForWindowExposed(events));
  QApplication::setActiveWindow(events);
  QVERIFY(QTest::qWaitForWindowActive(events));
  w.eventLog()->setFocus(Qt::TabFocusReason);
  QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(w.eventLog()));
  QVERIFY(w.eventLog()->window() == events);
  pressOnFocus(Qt::Key_Space);
  QCOMPARE(c->state(), State::Running);
  pressOnFocus(Qt::Key_Space);
  QCOMPARE(c->state(), State::Paused);
  settle(c);
  const qint64 paused = c->stepsDone();
  pressOnFocus(Qt::Key_S);
  QTRY_COMPARE_WITH_TIMEOUT(c->stepsDone(), paused + 1, kTimeout);
  pressOnFocus(Qt::Key_F11);
  QTRY_VERIFY(w.isFullScreen());
  pressOnFocus(Qt::Key_F11);
  QTRY_VERIFY(!w.isFullScreen());
  // Ctrl+R: a new session, built in the background.
  pressOnFocus(Qt::Key_R, Qt::ControlModifier);
  QTRY_VERIFY_WITH_TIMEOUT(!c->loading() && c->state() == State::Ready, kTimeout);
  QCOMPARE(c->stepsDone(), qint64(0));
  events->setFloating(false);
}

// A free-text field keeps Space, letters, End and Ctrl+Right (typing and moving the cursor);
// the shortcuts with Ctrl or a function key still reach the window from it. A spin box keeps
// End (the cursor), not Space or S.
void TestClassroom::textFieldsKeepTheKeysTypingNeeds() {
  MainWindow w;
  w.resize(1200, 800);
  // A text field in a dock of the window, as any panel with one would have it.
  auto* dock = new QDockWidget(QStringLiteral("notes"), &w);
  dock->setObjectName(QStringLiteral("testNotes"));
  auto* field = new QLineEdit(dock);
  dock->setWidget(field);
  w.addDockWidget(Qt::RightDockWidgetArea, dock);
  w.show();
  QApplication::setActiveWindow(&w);
  QVERIFY(QTest::qWaitForWindowActive(&w));
  QVERIFY(w.loadPreset(QStringLiteral("default")));
  SessionController* c = w.controller();
  field->setFocus(Qt::TabFocusReason);
  QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(field));
  pressOnFocus(Qt::Key_A);
  pressOnFocus(Qt::Key_Space);
  pressOnFocus(Qt::Key_S);
  QCOMPARE(field->text(), QStringLiteral("a s"));
  QCOMPARE(c->state(), State::Ready);
  QCOMPARE(c->stepsDone(), qint64(0));
  pressOnFocus(Qt::Key_Home);
  pressOnFocus(Qt::Key_Right, Qt::ControlModifier);  // the next word, not one step
  QVERIFY(field->cursorPosition() > 0);
  pressOnFocus(Qt::Key_End);
  QCOMPARE(field->cursorPosition(), 3);
  QCOMPARE(c->stepsDone(), qint64(0));
  QCOMPARE(c->state(), State::Ready);
  pressOnFocus(Qt::Key_F11);
  QTRY_VERIFY(w.isFullScreen());
  pressOnFocus(Qt::Key_F11);
  QTRY_VERIFY(!w.isFullScreen());
  pressOnFocus(Qt::Key_Return, Qt::ControlModifier);  // start
  QCOMPARE(c->state(), State::Running);
  pressOnFocus(Qt::Key_F6);  // pause
  QCOMPARE(c->state(), State::Paused);
  QCOMPARE(field->text(), QStringLiteral("a s"));
  // A spin box: End moves its cursor, Space still pauses and starts.
  QSpinBox* box = w.controlPanel()->accumulationBox();
  box->setFocus(Qt::TabFocusReason);
  QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(box));
  auto* edit = box->findChild<QLineEdit*>();
  QVERIFY(edit);
  edit->setCursorPosition(0);
  box->setValue(12);
  edit->setCursorPosition(0);
  pressOnFocus(Qt::Key_End);
  QCOMPARE(edit->cursorPosition(), edit->text().size());
  QVERIFY(ClassroomController::shortcutWins(box, QKeySequence(Qt::Key_Space)));
  QVERIFY(!ClassroomController::shortcutWins(box, QKeySequence(Qt::Key_End)));
  QVERIFY(ClassroomController::shortcutWins(box, QKeySequence(QStringLiteral("Ctrl+Right"))));
  QVERIFY(!ClassroomController::shortcutWins(field, QKeySequence(Qt::Key_Space)));
  QVERIFY(ClassroomController::shortcutWins(w.eventLog(), QKeySequence(Qt::Key_End)));
}

#include "test_classroom.moc"
