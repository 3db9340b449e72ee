// The main window driven as a user would, offscreen, against a real TrainingSession.
#include "panels/control_panel.h"
#include "charts/dashboard.h"
#include "panels/event_log.h"
#include "charts/exporter.h"
#include "charts/histogram_heatmap.h"
#include "charts/layer_history_heatmap.h"
#include "panels/layer_table.h"
#include "panels/layer_table_model.h"
#include "charts/loss_plot.h"
#include "gui_pause_meter.h"
#include "../common/store_schema1.h"
#include "../common/perf_budgets.h"
#include "shell/main_window.h"
#include "charts/marker_graph.h"
#include "panels/narrator.h"
#include "presets/presets.h"
#include "runs/run_browser.h"
#include "charts/scale_plot.h"
#include "panels/scaler_panel.h"
#include "runs/session_controller.h"
#include "runs/step_history.h"
#include "runs/stored_run.h"
#include "synthetic_run.h"

#include <ampscope/run_store.h>
#include <ampscope/training_session.h>

#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QPdfWriter>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <QXmlStreamReader>
#include <algorithm>
#include <cmath>
#include <limits>

using namespace ampscope;
using namespace ampscope::ui;
using State = SessionController::State;

namespace {
constexpr int kTimeout = 20000;

QByteArray head(const QString& path, int n) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.read(n) : QByteArray();
}

QString svgRoot(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  QXmlStreamReader xml(&f);
  QString root;
  while (!xml.atEnd()) {
    xml.readNext();
    if (xml.isStartElement() && root.isEmpty()) root = xml.name().toString();
  }
  return xml.hasError() ? QStringLiteral("error: ") + xml.errorString() : root;
}

/// Background jobs' threads still running under a name (BackgroundJob: the application object
/// owns them, cancelled ones included, until they end).
int threadsNamed(const QString& name) {
  int n = 0;
  for (const QThread* t : QCoreApplication::instance()->findChildren<QThread*>(Qt::FindDirectChildrenOnly))
    if (t->objectName() == name) ++n;
  return n;
}
}  // namespace

class TestMainWindow : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void presetsAreBuiltIn();
  void narratorWording();
  void eventLogKeepsStepOrderWhenDrainedLate();
  void zeroLossOnTheFloorNotMarked();
  void scaleDecimationKeepsEachColumnsEnvelope();
  void markersFromBitmapsMatchTheVectorShapes();
  void layerHistoryEmptyUntilALayerHasStatistics();
  void longRunOpensOffTheGuiThread();
  void runBrowserReadsTheListOffTheGuiThread();
  void runBrowserClosedWhileReading();
  void runBrowserShowsWhyThereIsNothingToChoose();
  void sliderReachesTheSessionScaler();
  void invalidScalerOptionsShowAMessage();
  void startPauseStepReset();
  void faultInjectionPresetSkipsAndNamesFc3();
  void injectNowFromThePanel();
  void selectingALayerSelectsItEverywhere();
  void hoveringTheLayerHistoryShowsTheSliceOfThatStep();
  void exportsWriteValidFiles();
  void exportRejectsUnknownSuffix();
  void badConfigShowsAMessageInsteadOfCrashing();
};

void TestMainWindow::presetsAreBuiltIn() {
  const QStringList names = presetNames();
  QVERIFY(names.contains(QStringLiteral("default")));
  QVERIFY(names.contains(QStringLiteral("deep-mlp-no-scaler")));
  QVERIFY(names.contains(QStringLiteral("fault-injection")));
  QCOMPARE(names.first(), QStringLiteral("default"));
  const Preset f = findPreset(QStringLiteral("fault-injection"));
  QCOMPARE(f.config.faults.size(), std::size_t(1));
  QCOMPARE(f.config.faults[0].layer, std::string("fc3"));
  QCOMPARE(f.config.faults[0].step, std::int64_t(50));
  QVERIFY(!findPreset(QStringLiteral("deep-mlp-no-scaler")).config.use_scaler);
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, findPreset(QStringLiteral("nope")));
}

// The log tells what happened in the order it happened, however late the GUI thread drains:
// here the first poll comes after the whole run, so the start, the storm's backoffs and the
// end all wait in the channel together. (The start line used to come after the backoffs.)
void TestMainWindow::eventLogKeepsStepOrderWhenDrainedLate() {
  MainWindow w;
  QVERIFY(w.loadPreset(QStringLiteral("overflow-storm"), 40));
  SessionController* c = w.controller();
  QTRY_VERIFY_WITH_TIMEOUT(!c->loading(), 60000);
  QList<qint64> steps;
  QStringList texts;
  connect(c, &SessionController::eventNarrated, &w, [&](qint64 s, int, const QString& t) {
    steps << s;
    texts << t;
  });
  c->start();
  QElapsedTimer waited;
  waited.start();
  while (c->workerRunning() && waited.elapsed() < 120000) QThread::msleep(10);  // no event loop: no poll
  QVERIFY(!c->workerRunning());
  QVERIFY(texts.isEmpty());
  QSignalSpy finished(c, &SessionController::runFinished);
  c->poll();
  QCOMPARE(finished.count(), 1);
  QCOMPARE(c->stepsDone(), qint64(40));
  QVERIFY2(texts.size() >= 10, qPrintable(texts.join(QLatin1Char('\n'))));  // a storm of backoffs
  QVERIFY2(texts.front().startsWith(QStringLiteral("step 0: started on ")), qPrintable(texts.join(QLatin1Char('\n'))));
  QVERIFY2(texts.back() == QStringLiteral("step 40: finished after 40 steps"), qPrintable(texts.join(QLatin1Char('\n'))));
  for (qsizetype i = 1; i < steps.size(); ++i)
    QVERIFY2(steps[i - 1] <= steps[i], qPrintable(texts.join(QLatin1Char('\n'))));
  QVERIFY(texts[1].startsWith(QStringLiteral("step 0: ")) && texts[1].contains(QStringLiteral("step skipped")));
}

// A loss of exactly 0 (fp16 rounds a confident cross-entropy to 0; a 1,000,000-step fp16
// spiral-mlp soak had it at 37% of its steps) is an ordinary step: drawn at the smallest positive
// loss on the log axis, not a gap and not a "skipped step" marker. Inf/NaN and skipped steps
// keep their marker.
void TestMainWindow::zeroLossOnTheFloorNotMarked() {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<StepPoint> pts(6);
  const double losses[6] = {1.0, 0.0, 0.5, nan, 0.25, 0.0};
  for (int i = 0; i < 6; ++i) {
    pts[static_cast<std::size_t>(i)].step = i;
    pts[static_cast<std::size_t>(i)].loss = losses[i];
  }
  // Every step kept: zeros at 0.25, NaN a gap.
  const QVector<QCPGraphData> all = decimateLoss(pts, 0, 5, 100, 0.25);
  QCOMPARE(all.size(), 6);
  QCOMPARE(all[1].value, 0.25);
  QVERIFY(std::isnan(all[3].value));
  QCOMPARE(all[5].value, 0.25);
  // One bucket: its minimum is a zero (on the floor), its maximum 1, plus the gap.
  const QVector<QCPGraphData> one = decimateLoss(pts, 0, 5, 1, 0.125);
  QCOMPARE(one.size(), 3);
  QCOMPARE(one[0].value, 1.0);
  QCOMPARE(one[1].value, 0.125);
  QCOMPARE(one[1].key, 1.0);
  QVERIFY(std::isnan(one[2].value));

  StepHistory h;
  h.reset({{"fc1.weight", "fc1", "weight", {4, 4}, 16, 0}});
  std::vector<StepRecord> steps(100);
  for (int i = 0; i < 100; ++i) {
    StepRecord& r = steps[static_cast<std::size_t>(i)];
    r.step = i;
    r.loss = i % 3 == 0 ? 0.0 : 1.0 / (1 + i);
  }
  steps[40].skipped = steps[40].found_inf = true;
  steps[70].loss = nan;
  h.append(steps);
  LossPlot plot;
  plot.resize(800, 400);
  plot.setHistory(&h);
  plot.rebuild();
  int marks = 0;
  for (int g = 0; g < plot.graphCount(); ++g)
    if (plot.graph(g) != plot.lossGraph() && plot.graph(g) != plot.overlayGraph()) marks += plot.graph(g)->dataCount();
  QCOMPARE(marks, 2);  // step 40 (skipped) and step 70 (NaN loss), not the 34 zeros
  const double floor = 1.0 / 99;  // the smallest positive loss: step 98
  int onFloor = 0;
  for (auto it = plot.lossGraph()->data()->constBegin(); it != plot.lossGraph()->data()->constEnd(); ++it)
    if (static_cast<int>(it->key) % 3 == 0 && it->value == floor) ++onFloor;
  QCOMPARE(onFloor, 34);  // steps 0, 3, ..., 99
  // The legend names what the crosses mark: here a skipped step and a loss gone non-finite on a
  // step that was not skipped; each alone, its own name.
  QCOMPARE(plot.markerName(), QStringLiteral("skipped step or non-finite loss"));
  auto markerGraph = [&]() -> QCPGraph* {
    for (int g = 0; g < plot.graphCount(); ++g)
      if (plot.graph(g) != plot.lossGraph() && plot.graph(g) != plot.overlayGraph()) return plot.graph(g);
    return nullptr;
  };
  QCOMPARE(markerGraph()->name(), plot.markerName());
  StepHistory onlyNan, onlySkip;
  onlyNan.reset({{"fc1.weight", "fc1", "weight", {4, 4}, 16, 0}});
  onlySkip.reset({{"fc1.weight", "fc1", "weight", {4, 4}, 16, 0}});
  std::vector<StepRecord> a(steps), b(steps);
  a[40].skipped = a[40].found_inf = false;
  b[70].loss = 0.5;
  onlyNan.append(a);
  onlySkip.append(b);
  plot.setHistory(&onlyNan);
  plot.rebuild();
  QCOMPARE(markerGraph()->name(), QStringLiteral("non-finite loss"));
  plot.setHistory(&onlySkip);
  plot.rebuild();
  QCOMPARE(markerGraph()->name(), QStringLiteral("skipped step"));
  // A run without a loss (probe.step() got none): its NaN losses are unknown, not marked; a
  // skipped step still is, and the legend says there is no loss.
  StepHistory noLoss;
  noLoss.reset({{"fc1.weight", "fc1", "weight", {4, 4}, 16, 0}});
  std::vector<StepRecord> c(steps);
  for (auto& r : c) r.loss = nan;
  noLoss.append(c);
  plot.setHistory(&noLoss);
  plot.setLossRecorded(false);
  plot.rebuild();
  QCOMPARE(markerGraph()->dataCount(), 1);  // step 40, skipped
  QCOMPARE(markerGraph()->name(), QStringLiteral("skipped step"));
  QCOMPARE(plot.lossGraph()->name(), QStringLiteral("no loss: the script gave probe.step() none"));
  plot.setLossRecorded(true);
  QCOMPARE(markerGraph()->dataCount(), 100);  // recorded, every NaN is a loss gone non-finite
  QCOMPARE(plot.lossGraph()->name(), QStringLiteral("loss"));
}

// The scale chart draws, per pixel column, the first, lowest, highest and last scale change
// (and a NaN gap), and one marker per distinct value: the same picture from far fewer points.
void TestMainWindow::scaleDecimationKeepsEachColumnsEnvelope() {
  QCPGraphDataContainer all, marks;
  for (int k = 0; k < 10000; ++k) {
    all.add(QCPGraphData(k, 10 + (k * 7919) % 13));  // a scale jumping between 2^10 and 2^22
    marks.add(QCPGraphData(k, 10 + k % 3));
  }
  all.add(QCPGraphData(5000.5, std::numeric_limits<double>::quiet_NaN()));
  const QVector<QCPGraphData> few = decimateSteps(all, 0, 9999, 100, false);
  QVERIFY2(few.size() <= 5 * 102, qPrintable(QString::number(few.size())));
  QVERIFY(std::is_sorted(few.begin(), few.end(), [](const QCPGraphData& a, const QCPGraphData& b) { return a.key < b.key; }));
  // Column by column, the kept points span the same values as all the points.
  for (int c = 0; c < 100; ++c) {
    double lo = 1e9, hi = -1e9, klo = 1e9, khi = -1e9;
    for (const auto& d : few) {
      if (std::floor(d.key * 100 / 9999) != c || std::isnan(d.value)) continue;
      lo = std::min(lo, d.value);
      hi = std::max(hi, d.value);
      klo = std::min(klo, d.key);
      khi = std::max(khi, d.key);
    }
    double alo = 1e9, ahi = -1e9, aklo = 1e9, akhi = -1e9;
    for (auto it = all.constBegin(); it != all.constEnd(); ++it) {
      if (std::floor(it->key * 100 / 9999) != c || std::isnan(it->value)) continue;
      alo = std::min(alo, it->value);
      ahi = std::max(ahi, it->value);
      aklo = std::min(aklo, it->key);
      akhi = std::max(akhi, it->key);
    }
    QCOMPARE(lo, alo);
    QCOMPARE(hi, ahi);
    QCOMPARE(klo, aklo);  // the column's first and last change are kept
    QCOMPARE(khi, akhi);
  }
  QVERIFY(std::any_of(few.begin(), few.end(), [](const QCPGraphData& d) { return std::isnan(d.value); }));
  const QVector<QCPGraphData> m = decimateSteps(marks, 0, 9999, 100, true);
  QCOMPARE(m.size(), 3 * 100 + 1);  // 3 values in each of 100 columns, and key 9999 alone at the right edge
  // Few points: all kept, as they are.
  QCPGraphDataContainer small;
  for (int k = 0; k < 40; ++k) small.add(QCPGraphData(k, k % 2));
  QCOMPARE(decimateSteps(small, 0, 39, 100, false).size(), 40);
}

namespace {
/// The chart drawn into an image as on the screen (raster, antialiased).
QImage drawChart(QCustomPlot& plot, qreal dpr) {
  QImage image(QSize(320, 200) * dpr, QImage::Format_ARGB32_Premultiplied);
  image.setDevicePixelRatio(dpr);
  image.fill(Qt::white);
  QCPPainter p(&image);
  p.setRenderHint(QPainter::Antialiasing);
  plot.toPainter(&p, 320, 200);
  return image;
}

/// The centroid and mass of the red (marker) pixels, in logical pixels.
struct Mass {
  double x = 0, y = 0, weight = 0;
};
Mass redMass(const QImage& image) {
  Mass m;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) {
      const QColor c = image.pixelColor(x, y);
      const double w = std::max(0, c.red() - std::max(c.green(), c.blue())) / 255.0;
      m.x += w * x;
      m.y += w * y;
      m.weight += w;
    }
  if (m.weight > 0) {
    m.x /= m.weight * image.devicePixelRatio();
    m.y /= m.weight * image.devicePixelRatio();
    m.weight /= image.devicePixelRatio() * image.devicePixelRatio();
  }
  return m;
}
}  // namespace

void TestMainWindow::markersFromBitmapsMatchTheVectorShapes() {
  // Who gets bitmaps: raster painters that do not scale; PDF and SVG get vector shapes.
  {
    QImage image(10, 10, QImage::Format_ARGB32_Premultiplied);
    QCPPainter p(&image);
    QVERIFY(MarkerGraph::usesBitmaps(&p));
    p.translate(3, 4);
    QVERIFY(MarkerGraph::usesBitmaps(&p));
    p.scale(2, 2);
    QVERIFY(!MarkerGraph::usesBitmaps(&p));
    p.resetTransform();
    p.setMode(QCPPainter::pmVectorized);
    QVERIFY(!MarkerGraph::usesBitmaps(&p));
  }
  QTemporaryDir dir;
  QPdfWriter pdf(dir.filePath(QStringLiteral("m.pdf")));
  {
    QCPPainter p(&pdf);
    QVERIFY(!MarkerGraph::usesBitmaps(&p));
  }

  // The same markers drawn by a MarkerGraph (bitmaps) and by a plain QCPGraph (stroked shapes).
  QCustomPlot plot;
  plot.resize(320, 200);
  plot.xAxis->setRange(0, 10);
  plot.yAxis->setRange(0, 10);
  auto* g = new MarkerGraph(plot.xAxis, plot.yAxis);
  QCPGraph* plain = plot.addGraph();
  for (QCPGraph* each : {static_cast<QCPGraph*>(g), plain}) {
    each->setLineStyle(QCPGraph::lsNone);
    each->addData({2.0, 5.0, 8.31}, {3.0, 7.7, 5.0});
  }
  for (const auto& shape : {QCPScatterStyle::ssTriangleInverted, QCPScatterStyle::ssSquare, QCPScatterStyle::ssCross}) {
    const QCPScatterStyle style(shape, QPen(QColor(220, 20, 20), 1.6), Qt::NoBrush, 11);
    g->setScatterStyle(style);
    plain->setScatterStyle(style);
    for (const qreal dpr : {1.0, 2.0}) {
      g->setVisible(true);
      plain->setVisible(false);
      const Mass bitmaps = redMass(drawChart(plot, dpr));
      g->setVisible(false);
      plain->setVisible(true);
      const Mass shapes = redMass(drawChart(plot, dpr));
      const QString what = QStringLiteral("shape %1 dpr %2: bitmaps (%3, %4) x %5, shapes (%6, %7) x %8")
                               .arg(shape).arg(dpr).arg(bitmaps.x).arg(bitmaps.y).arg(bitmaps.weight)
                               .arg(shapes.x).arg(shapes.y).arg(shapes.weight);
      QVERIFY2(shapes.weight > 20, qPrintable(what));  // three markers were drawn
      // Same ink, in the same place: a bitmap sits at most half a pixel from its shape.
      QVERIFY2(std::abs(bitmaps.weight - shapes.weight) < 0.2 * shapes.weight, qPrintable(what));
      QVERIFY2(std::abs(bitmaps.x - shapes.x) <= 0.5 && std::abs(bitmaps.y - shapes.y) <= 0.5, qPrintable(what));
    }
  }

  // What it is for: many markers cost a fraction of the stroked shapes.
  g->data()->clear();
  plain->data()->clear();
  for (int i = 0; i < 2000; ++i) {
    g->addData(i % 97 / 9.7, i % 89 / 8.9);
    plain->addData(i % 97 / 9.7, i % 89 / 8.9);
  }
  std::vector<double> bitmapMs, vectorMs;
  for (int round = 0; round < 7; ++round)
    for (const bool vectors : {false, true}) {
      g->setVisible(!vectors);
      plain->setVisible(vectors);
      QElapsedTimer t;
      t.start();
      drawChart(plot, 1.0);
      (vectors ? vectorMs : bitmapMs).push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
  std::sort(bitmapMs.begin(), bitmapMs.end());
  std::sort(vectorMs.begin(), vectorMs.end());
  const double b = bitmapMs[3], v = vectorMs[3];
  qInfo("2000 markers: bitmaps %.2f ms, stroked shapes %.2f ms (median of 7)", b, v);
  if (ampscope::perf::budgetsChecked())  // label perf: perf_ui_budgets
    QVERIFY2(b * 2 < v, qPrintable(QStringLiteral("bitmaps %1 ms, shapes %2 ms").arg(b).arg(v)));
}

void TestMainWindow::layerHistoryEmptyUntilALayerHasStatistics() {
  // Before any session (e.g. when building one failed), the chart was a yellow square (the
  // colour map's default cells at the lowest share) crossed by a stray separator line.
  LayerHistoryHeatmap h;
  h.resize(420, 260);
  h.replot();
  const QImage image = h.toPixmap(420, 260).toImage();
  const QRect plot = h.axisRect()->rect().adjusted(2, 2, -2, -2);
  int coloured = 0;
  for (int y = plot.top(); y <= plot.bottom(); ++y)
    for (int x = plot.left(); x <= plot.right(); ++x) {
      const QColor c = image.pixelColor(x, y);
      if (std::max({c.red(), c.green(), c.blue()}) - std::min({c.red(), c.green(), c.blue()}) > 40) ++coloured;
    }
  auto* map = qobject_cast<QCPColorMap*>(h.plottable(0));
  QVERIFY(map);
  QCOMPARE(map->data()->keySize(), 0);
  QVERIFY2(coloured < plot.width() * plot.height() / 100, qPrintable(QStringLiteral("%1 coloured pixels").arg(coloured)));
}

namespace {
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
constexpr int kLoadTimeout = 120000;

}  // namespace

void TestMainWindow::longRunOpensOffTheGuiThread() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString store = dir.filePath(QStringLiteral("long.sqlite"));
  // Under a sanitizer (the TSan stage runs this test: the load is a thread of its own) a
  // smaller run, and no timing claim.
  constexpr std::int64_t kSteps = kSanitized ? 40000 : 300000;
  const std::int64_t id = testing::writeSyntheticRun(store, kSteps);

  MainWindow w;
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  QTest::qWait(200);  // the first drawing of the window is not the load's
  // Idle, the status bar is as tall as its labels: the opening bar (a button, a progress bar)
  // is in it only while a run is being opened (QStatusBar counts hidden widgets too).
  QStatusBar reference;
  reference.addPermanentWidget(new QLabel(QStringLiteral("Step 1"), &reference));
  const int idleHeight = w.statusBar()->sizeHint().height();
  QCOMPARE(idleHeight, reference.sizeHint().height());
  int doneCalls = 0;
  bool doneOk = false;
  QString doneError, shownWhileLoading;
  test::GuiPauseMeter pauses;
  w.openReplay(store, id, [&](bool ok, const QString& error) {
    ++doneCalls;
    doneOk = ok;
    doneError = error;
  });
  pauses.start();
  shownWhileLoading = w.openingText();
  QVERIFY(w.isOpeningReplay());
  QVERIFY(w.findChild<QPushButton*>(QStringLiteral("cancelOpening"))->isVisible());
  QVERIFY(!w.isReplaying());  // nothing changes until the run is read
  while (w.isOpeningReplay() && pauses.elapsedMs() < kLoadTimeout) {
    QTest::qWait(20);
  }
  pauses.stop();
  const qint64 openMs = pauses.elapsedMs(), longestGap = pauses.longestMs();
  qInfo("opened %lld steps in %lld ms; the GUI thread's longest pause meanwhile: %lld ms",
        static_cast<long long>(kSteps), static_cast<long long>(openMs), static_cast<long long>(longestGap));
  QCOMPARE(doneCalls, 1);
  QVERIFY2(doneOk, qPrintable(doneError));
  QVERIFY(w.isReplaying());
  QCOMPARE(w.replayedRun()->history().points().size(), std::size_t(kSteps));
  QCOMPARE(w.replayedRun()->history().skippedCount(), kSteps / 1000);
  QVERIFY2(shownWhileLoading.startsWith(QStringLiteral("Opening run %1 of long.sqlite").arg(id)), qPrintable(shownWhileLoading));
  QVERIFY(w.openingText().isEmpty());
  QVERIFY(!w.findChild<QPushButton*>(QStringLiteral("cancelOpening"))->isVisible());
  QCOMPARE(w.statusBar()->sizeHint().height(), idleHeight);
  // Reading 300,000 steps takes 0.7-4 s on this 2-core machine; read on the GUI thread, that
  // would be one pause as long. Off it, the longest pause measured was 70-210 ms (the end:
  // the charts take the run), with spikes to ~420 ms when the machine is busy.
  // A machine stall (hypervisor steal: see runBrowserReadsTheListOffTheGuiThread) can pause the
  // whole process for a second; a read on the GUI thread would pause it on every look. So a
  // failed look is taken again, the same run opened anew, up to three looks in all.
  // A wall-clock claim: checked only in the perf label (perf_ui_budgets), one test at a time.
  if (!kSanitized && ampscope::perf::budgetsChecked()) {
    qint64 gap = longestGap, total = openMs;
    auto fine = [&] { return gap < 600 && gap < total * 2 / 5; };
    for (int look = 2; look <= 3 && !fine(); ++look) {
      test::GuiPauseMeter meter;
      bool ok = false;
      w.openReplay(store, id, [&](bool done, const QString&) { ok = done; });
      meter.start();
      while (w.isOpeningReplay() && meter.elapsedMs() < kLoadTimeout) QTest::qWait(20);
      meter.stop();
      QVERIFY(ok && w.isReplaying());
      gap = meter.longestMs();
      total = meter.elapsedMs();
      qInfo("look %d: opened in %lld ms; the GUI thread's longest pause %lld ms", look, static_cast<long long>(total),
            static_cast<long long>(gap));
    }
    QVERIFY2(fine(), qPrintable(QStringLiteral("the GUI thread stopped for %1 ms of %2").arg(gap).arg(total)));
  }

  // Cancelled: what was shown stays, nothing is reported, the status bar clears.
  const std::int64_t second = testing::writeSyntheticRun(store, kSteps);
  doneCalls = 0;
  w.openReplay(store, second, [&](bool, const QString&) { ++doneCalls; });
  QVERIFY(w.isOpeningReplay());
  w.cancelOpening();
  QVERIFY(!w.isOpeningReplay());
  QVERIFY(w.openingText().isEmpty());
  // Until the cancelled load's thread has ended and anything it queued has been handled: then
  // nothing can report it any more.
  QTRY_COMPARE_WITH_TIMEOUT(threadsNamed(QStringLiteral("replay loader")), 0, kLoadTimeout);
  QCoreApplication::sendPostedEvents();
  QCOMPARE(doneCalls, 0);
  QCOMPARE(w.replayedRun()->runId(), id);

  // A newer request replaces an older one: only the newer is shown and reported.
  std::vector<std::int64_t> reported;
  w.openReplay(store, id, [&](bool, const QString&) { reported.push_back(id); });
  w.openReplay(store, second, [&](bool, const QString&) { reported.push_back(second); });
  QTRY_VERIFY_WITH_TIMEOUT(!w.isOpeningReplay(), kLoadTimeout);
  QTRY_COMPARE_WITH_TIMEOUT(threadsNamed(QStringLiteral("replay loader")), 0, kLoadTimeout);
  QCoreApplication::sendPostedEvents();
  QCOMPARE(reported, std::vector<std::int64_t>{second});
  QCOMPARE(w.replayedRun()->runId(), second);

  // A file that is not a store: reported with its name, what was shown stays.
  const QString notes = dir.filePath(QStringLiteral("notes.sqlite"));
  {
    QFile f(notes);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("these are notes, not a database\n");
  }
  doneCalls = 0;
  w.openReplay(notes, 1, [&](bool ok, const QString& error) {
    ++doneCalls;
    doneOk = ok;
    doneError = error;
  });
  QTRY_VERIFY_WITH_TIMEOUT(doneCalls == 1, kLoadTimeout);
  QVERIFY(!doneOk);
  QVERIFY2(doneError.contains(QStringLiteral("notes.sqlite")), qPrintable(doneError));
  QCOMPARE(w.replayedRun()->runId(), second);

  // Closing the window while a run loads neither waits for the load nor crashes.
  auto closing = std::make_unique<MainWindow>();
  closing->openReplay(store, id);
  QTest::qWait(30);
  QElapsedTimer close;
  close.start();
  closing.reset();
  qInfo("closing while a run loads took %lld ms", static_cast<long long>(close.elapsed()));
  if (ampscope::perf::budgetsChecked())
    QVERIFY2(close.elapsed() < 1000, qPrintable(QStringLiteral("closing took %1 ms").arg(close.elapsed())));
}

namespace {
QPushButton* acceptButton(const RunBrowser& b) {
  auto* box = b.findChild<QDialogButtonBox*>();
  return box ? box->button(QDialogButtonBox::Ok) : nullptr;
}

/// The red line under the table: empty when hidden.
QString shownError(const RunBrowser& b) {
  for (const QLabel* l : b.findChildren<QLabel*>())
    if (!l->isHidden() && l->text() == b.error() && l != b.findChild<QLabel*>()) return l->text();
  return {};
}

int runListReaders() { return threadsNamed(QStringLiteral("run list reader")); }
}  // namespace

// File > Open's run list is read on a thread of its own: summing the steps of a long run takes
// about a second per million steps, and the dialog shows at once and stays responsive meanwhile.
void TestMainWindow::runBrowserReadsTheListOffTheGuiThread() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString store = dir.filePath(QStringLiteral("runs.sqlite"));
  // A store of schema 1 (AmpScope 0.1), opened read-only as the browser does: its run list
  // counts every step row (this build's schema keeps the counts: ~1 ms for the same list).
  // Long enough that the synchronous read takes well over 150 ms in an optimised build; under a
  // sanitizer smaller, and no timing claim.
  constexpr std::int64_t kSteps = kSanitized ? 40000 : 600000;
  const std::int64_t older = testing::writeSyntheticRun(store, 10);
  const std::int64_t newer = testing::writeSyntheticRun(store, kSteps);
  {
    const std::string error = storetest::downgrade_to_schema1(QFile::encodeName(store).toStdString());
    QVERIFY2(error.empty(), error.c_str());
  }

  // What the dialog would have cost on the GUI thread (the file is in the page cache afterwards,
  // which only makes the threaded read below faster, not the GUI's pauses longer).
  QElapsedTimer sync;
  sync.start();
  const std::vector<RunSummary> expected =
      RunStore(QFile::encodeName(store).toStdString(), RunStore::Mode::ReadOnly).runs();
  const qint64 syncMs = sync.elapsed();
  QCOMPARE(expected.size(), std::size_t(2));

  QWidget parent;
  parent.show();
  QVERIFY(QTest::qWaitForWindowExposed(&parent));
  QTest::qWait(200);  // the first drawing of the window is not the browser's
  test::GuiPauseMeter pauses;
  pauses.start();
  RunBrowser browser(store, QStringLiteral("Replay a run"), QStringLiteral("Replay"), &parent);
  QSignalSpy loaded(&browser, &RunBrowser::loaded);
  browser.show();
  // At once: the frame, what it is doing, nothing to choose yet.
  QVERIFY(browser.isLoading());
  QVERIFY2(browser.headingText().startsWith(QStringLiteral("Reading the runs in ")),
           qPrintable(browser.headingText()));
  QVERIFY(browser.headingText().contains(QStringLiteral("runs.sqlite")));
  auto* table = browser.findChild<QTableWidget*>();
  QVERIFY(table);
  QCOMPARE(table->rowCount(), 0);
  QVERIFY(acceptButton(browser) && !acceptButton(browser)->isEnabled());
  QCOMPARE(browser.selectedRun(), qint64(0));
  QVERIFY(browser.error().isEmpty());
  while (browser.isLoading() && pauses.elapsedMs() < kLoadTimeout) QTest::qWait(20);
  pauses.stop();
  const qint64 loadMs = pauses.elapsedMs(), longestGap = pauses.longestMs();
  qInfo(
      "run list of %lld steps: runs() on the calling thread %lld ms; in the browser %lld ms, the GUI "
      "thread's longest "
      "pause meanwhile %lld ms",
      static_cast<long long>(kSteps), static_cast<long long>(syncMs), static_cast<long long>(loadMs),
      static_cast<long long>(longestGap));
  QVERIFY(!browser.isLoading());
  QCOMPARE(loaded.count(), 1);
  QVERIFY2(browser.error().isEmpty(), qPrintable(browser.error()));
  QCOMPARE(browser.runs().size(), std::size_t(2));
  QCOMPARE(table->rowCount(), 2);
  // Newest first, the newest selected, the step counts as the store sums them.
  QCOMPARE(table->item(0, 0)->text(), QString::number(newer));
  QCOMPARE(table->item(1, 0)->text(), QString::number(older));
  QCOMPARE(table->item(0, 5)->text(), QString::number(kSteps));
  QCOMPARE(table->item(1, 5)->text(), QStringLiteral("10"));
  QCOMPARE(table->item(0, 5)->text(), QString::number(expected[1].steps));
  QCOMPARE(browser.selectedRun(), newer);
  QVERIFY(acceptButton(browser)->isEnabled());
  QVERIFY2(browser.headingText().startsWith(QStringLiteral("Runs in ")), qPrintable(browser.headingText()));
  QVERIFY(shownError(browser).isEmpty());
  // Measured here (2 cores, RelWithDebInfo): runs() of 600,000 steps took 160-320 ms on the
  // calling thread; with the browser reading it, the GUI thread's longest pause was 20-30 ms (the
  // dialog's first drawing and filling the table). On a machine fast enough that runs() itself
  // is short, there is no pause to tell apart.
  //
  // A check of timing on a shared machine: one CI run saw the whole process stall (the browser's
  // read took 1074 ms against 258 ms on the calling thread just before, and the GUI thread's
  // longest pause was 437 ms). Here such stalls (250-1600 ms, with the run list already ~1 ms)
  // came with bursts of hypervisor steal time (vmstat: st 45-90% for seconds). A read on the GUI
  // thread would pause it for the whole read every time; a stall of the machine does not repeat
  // on cue. So a failed look is taken again, up to three times, each against a fresh
  // measurement of runs() on the calling thread.
  if (!kSanitized && syncMs >= 100 && ampscope::perf::budgetsChecked()) {  // label perf: perf_ui_budgets
    qint64 gap = longestGap, base = syncMs;
    for (int attempt = 2; attempt <= 3 && gap >= base / 2; ++attempt) {
      QElapsedTimer again;
      again.start();
      (void)RunStore(QFile::encodeName(store).toStdString(), RunStore::Mode::ReadOnly).runs();
      base = again.elapsed();
      test::GuiPauseMeter meter;
      meter.start();
      RunBrowser retry(store, QStringLiteral("Replay a run"), QStringLiteral("Replay"), &parent);
      retry.show();
      while (retry.isLoading() && meter.elapsedMs() < kLoadTimeout) QTest::qWait(20);
      meter.stop();
      QVERIFY(!retry.isLoading());
      gap = meter.longestMs();
      qInfo("look %d: runs() on the calling thread %lld ms; the GUI thread's longest pause %lld ms", attempt,
            static_cast<long long>(base), static_cast<long long>(gap));
    }
    QVERIFY2(gap < base / 2 || base < 100,
             qPrintable(QStringLiteral("the GUI thread stopped for %1 ms; runs() takes %2 ms").arg(gap).arg(base)));
  }

  // A run asked for before the list is here is selected once it arrives.
  RunBrowser again(store, QStringLiteral("Replay a run"), QStringLiteral("Replay"));
  again.selectRun(older);
  QVERIFY(again.isLoading());
  QSignalSpy againLoaded(&again, &RunBrowser::loaded);
  QVERIFY(againLoaded.wait(kLoadTimeout));
  QCOMPARE(again.selectedRun(), older);
  again.selectRun(newer);  // and after it, at once
  QCOMPARE(again.selectedRun(), newer);
}

// Closing the dialog while the list is read neither waits for the read nor crashes when it ends;
// the reading thread then goes away by itself.
void TestMainWindow::runBrowserClosedWhileReading() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString store = dir.filePath(QStringLiteral("runs.sqlite"));
  const std::int64_t id = testing::writeSyntheticRun(store, kSanitized ? 20000 : 200000);
  {
    // Schema 1: its run list counts the step rows (this build's takes ~1 ms, over before a close).
    const std::string error = storetest::downgrade_to_schema1(QFile::encodeName(store).toStdString());
    QVERIFY2(error.empty(), error.c_str());
  }
  QTRY_COMPARE_WITH_TIMEOUT(runListReaders(), 0, kLoadTimeout);  // none left over from earlier tests
  // SQLite is not instrumented: under ASan the list of 20,000 steps is read in ~20 ms, so the
  // later closes may come after the read. Each close must be quick and safe either way; at
  // least one (0 ms: the result needs the event loop) must find the read still going.
  bool closedWhileReading = false;
  for (const int delayMs : {0, 5, 30}) {
    auto browser =
        std::make_unique<RunBrowser>(store, QStringLiteral("Replay a run"), QStringLiteral("Replay"));
    browser->selectRun(id);
    browser->show();
    QTest::qWait(delayMs);
    if (browser->isLoading()) {
      closedWhileReading = true;
      QCOMPARE(runListReaders(), 1);
    }
    QElapsedTimer close;
    close.start();
    browser.reset();
    if (ampscope::perf::budgetsChecked())  // label perf: perf_ui_budgets
      QVERIFY2(close.elapsed() < 100, qPrintable(QStringLiteral("closing took %1 ms").arg(close.elapsed())));
    QTRY_COMPARE_WITH_TIMEOUT(runListReaders(), 0, kLoadTimeout);
  }
  QVERIFY(closedWhileReading);
  // One left reading when the test ends goes on alone: the next tests' event loops see it finish
  // and delete itself (had the program ended first, the application object would wait for it).
  auto* left = new RunBrowser(store, QStringLiteral("Replay a run"), QStringLiteral("Replay"));
  delete left;
  QCOMPARE(runListReaders(), 1);
}

// A file that is not a store, a store without runs, a file that is not there: the dialog shows
// why in itself, and there is nothing to accept.
void TestMainWindow::runBrowserShowsWhyThereIsNothingToChoose() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString notes = dir.filePath(QStringLiteral("notes.sqlite"));
  {
    QFile f(notes);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("these are notes, not a database\n");
  }
  const QString empty = dir.filePath(QStringLiteral("empty.sqlite"));
  RunStore(QFile::encodeName(empty).toStdString());
  const QString missing = dir.filePath(QStringLiteral("missing.sqlite"));
  const std::pair<QString, QString> cases[] = {{notes, QStringLiteral("notes.sqlite")},
                                               {empty, QStringLiteral("holds no runs yet")},
                                               {missing, QStringLiteral("missing.sqlite")}};
  for (const auto& [path, why] : cases) {
    RunBrowser browser(path, QStringLiteral("Replay a run"), QStringLiteral("Replay"));
    browser.show();
    QSignalSpy loaded(&browser, &RunBrowser::loaded);
    QVERIFY(browser.isLoading());
    QVERIFY(shownError(browser).isEmpty());
    QVERIFY(loaded.wait(kLoadTimeout));
    QVERIFY(!browser.isLoading());
    QVERIFY2(browser.error().contains(why), qPrintable(browser.error()));
    QCOMPARE(shownError(browser), browser.error());
    QVERIFY(browser.runs().empty());
    QCOMPARE(browser.findChild<QTableWidget*>()->rowCount(), 0);
    QVERIFY(!acceptButton(browser)->isEnabled());
    QCOMPARE(browser.selectedRun(), qint64(0));
  }
}

void TestMainWindow::narratorWording() {
  Narrator n;
  std::vector<LayerInfo> layers{{"fc3.weight", "fc3", "weight", {64, 64}, 4096, 2}};
  n.reset(layers, true);
  n.setGrowthInterval(2000);
  StepRecord r;
  r.step = 412;
  r.scale_before = 65536;
  r.scale_after = 32768;
  r.found_inf = r.skipped = true;
  r.reason = ScaleChangeReason::Backoff;
  r.first_offender = 0;
  LayerStepStats ls;
  ls.layer = 0;
  ls.stats.pos_inf = 37;
  r.layers.push_back(ls);
  auto e = n.narrate(r);
  QVERIFY(e);
  QCOMPARE(e->text, QStringLiteral("step 412: fc3.weight produced 37 inf gradients, step skipped, scale 2^16 \u2192 2^15"));
  StepRecord g;
  g.step = 2412;
  g.scale_before = 32768;
  g.scale_after = 65536;
  g.reason = ScaleChangeReason::Grow;
  e = n.narrate(g);
  QVERIFY(e);
  QCOMPARE(e->text, QStringLiteral("step 2412: 2000 clean steps, scale 2^15 \u2192 2^16"));
  StepRecord quiet;
  QVERIFY(!n.narrate(quiet));
}

void TestMainWindow::sliderReachesTheSessionScaler() {
  MainWindow w;
  QVERIFY(w.loadPreset(QStringLiteral("default")));
  w.controller()->start();
  QTRY_VERIFY_WITH_TIMEOUT(w.controller()->stepsDone() > 2, kTimeout);
  ScalerPanel* panel = w.controlPanel()->scalerPanel();
  panel->growthIntervalSlider()->setValue(ScalerPanel::intervalToSlider(100));
  panel->backoffFactorSlider()->setValue(25);
  QTRY_COMPARE_WITH_TIMEOUT(w.controller()->scalerOptions().growth_interval(), std::int64_t(100), kTimeout);
  QTRY_COMPARE_WITH_TIMEOUT(w.controller()->scalerOptions().backoff_factor(), 0.25, kTimeout);
  // ... and the run goes on with them.
  const auto before = w.controller()->stepsDone();
  QTRY_VERIFY_WITH_TIMEOUT(w.controller()->stepsDone() > before + 2, kTimeout);
  QVERIFY(panel->isEnabled());
}

void TestMainWindow::invalidScalerOptionsShowAMessage() {
  MainWindow w;
  QVERIFY(w.loadPreset(QStringLiteral("default")));
  ScalerPanel* panel = w.controlPanel()->scalerPanel();
  QSignalSpy rejected(w.controller(), &SessionController::scalerOptionsRejected);
  panel->growthFactorSlider()->setValue(100);  // growth factor 1.0: invalid
  QCOMPARE(rejected.count(), 1);
  QVERIFY(rejected.first().first().toString().contains(QStringLiteral("growth")));
  QCOMPARE(w.controller()->scalerOptions().growth_factor(), 2.0);  // nothing was posted
  panel->growthFactorSlider()->setValue(300);
  QCOMPARE(rejected.count(), 1);
  w.controller()->stepOnce();
  QTRY_COMPARE_WITH_TIMEOUT(w.controller()->scalerOptions().growth_factor(), 3.0, kTimeout);
}

void TestMainWindow::startPauseStepReset() {
  MainWindow w;
  QVERIFY(w.loadPreset(QStringLiteral("default")));
  SessionController* c = w.controller();
  QCOMPARE(c->state(), State::Ready);
  QCOMPARE(c->stepsDone(), qint64(0));
  c->start();
  QCOMPARE(c->state(), State::Running);
  QTRY_VERIFY_WITH_TIMEOUT(c->stepsDone() >= 20, kTimeout);

  c->pause();
  QCOMPARE(c->state(), State::Paused);
  // The worker stops at the next step boundary and says so: no sleep, its acknowledgement. Every
  // step before it reaches the history.
  QTRY_COMPARE_WITH_TIMEOUT((c->poll(), c->pausesAcknowledged()), std::uint64_t(1), kTimeout);
  const qint64 paused = c->workerStepsDone();
  QVERIFY(paused >= 20);
  QTRY_COMPARE_WITH_TIMEOUT((c->poll(), c->stepsDone()), paused, kTimeout);
  // A round trip through the paused worker, as test_session does: a learning rate it refuses
  // with a warning. Once the warning is out the worker has been awake at a step boundary since
  // the request, and a step run meanwhile would be counted.
  const double lr = c->config().lr;
  QSignalSpy narrated(c, &SessionController::eventNarrated);
  int roundTrips = 0;
  auto roundTrip = [&] {
    c->setLearningRate(-1.0);
    ++roundTrips;
    const auto refusals = [&] {
      return std::count_if(narrated.cbegin(), narrated.cend(), [](const QList<QVariant>& a) {
        return a.at(1).toInt() == static_cast<int>(NarratedEvent::Severity::Warning) &&
               a.at(2).toString().contains(QStringLiteral("learning rate -1"));
      });
    };
    QTRY_COMPARE_WITH_TIMEOUT((c->poll(), refusals()), qsizetype(roundTrips), kTimeout);
    c->setLearningRate(lr);
  };
  roundTrip();
  QCOMPARE(c->workerStepsDone(), paused);  // nothing ran while paused
  QCOMPARE(c->stepsDone(), paused);

  c->stepOnce();
  QTRY_COMPARE_WITH_TIMEOUT(c->stepsDone(), paused + 1, kTimeout);
  roundTrip();
  QCOMPARE(c->workerStepsDone(), paused + 1);  // exactly the one step asked for
  QCOMPARE(c->stepsDone(), paused + 1);

  c->start();  // resume
  QTRY_VERIFY_WITH_TIMEOUT(c->stepsDone() > paused + 5, kTimeout);
  // The charts got the data.
  QVERIFY(w.dashboard()->lossPlot()->graph(0)->dataCount() > 5);
  QVERIFY(w.dashboard()->histogram()->drawnStep() >= 0);

  QSignalSpy reset(c, &SessionController::sessionReset);
  QVERIFY(c->reset());
  QCOMPARE(reset.count(), 1);
  QCOMPARE(c->state(), State::Ready);
  QCOMPARE(c->stepsDone(), qint64(0));
  QCOMPARE(w.dashboard()->lossPlot()->graph(0)->dataCount(), 0);
  c->stepOnce();
  QTRY_COMPARE_WITH_TIMEOUT(c->stepsDone(), qint64(1), kTimeout);
}

void TestMainWindow::faultInjectionPresetSkipsAndNamesFc3() {
  MainWindow w;
  QVERIFY(w.loadPreset(QStringLiteral("fault-injection"), 60));
  QSignalSpy finished(w.controller(), &SessionController::runFinished);
  w.controller()->start();
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
  QCOMPARE(w.controller()->state(), State::Finished);
  const StepHistory& h = w.controller()->history();
  QCOMPARE(h.points().size(), std::size_t(60));
  const StepPoint* p = h.pointAt(50);
  QVERIFY(p);
  QCOMPARE(p->step, std::int64_t(50));
  QVERIFY(p->found_inf);
  QVERIFY(p->skipped);
  QCOMPARE(p->reason, ScaleChangeReason::Backoff);
  QCOMPARE(p->scale_after, p->scale_before / 2);
  QVERIFY(p->first_offender >= 0);
  QCOMPARE(QString::fromStdString(h.layers()[static_cast<std::size_t>(p->first_offender)].module), QStringLiteral("fc3"));
  // The table names it, the log tells it, and clicking the log line shows that step.
  QVERIFY(w.layerTable()->tableModel()->offenderCount(p->first_offender) >= 1);
  QListWidgetItem* line = nullptr;
  for (int i = 0; i < w.eventLog()->count(); ++i)
    if (w.eventLog()->item(i)->text().contains(QStringLiteral("step 50: fc3")) &&
        w.eventLog()->item(i)->text().contains(QStringLiteral("step skipped")))
      line = w.eventLog()->item(i);
  QVERIFY2(line, "no event log line for step 50");
  Q_EMIT w.eventLog()->itemClicked(line);
  QCOMPARE(w.shownStep(), qint64(50));
  QCOMPARE(w.dashboard()->histogram()->drawnStep(), qint64(50));
  QCOMPARE(w.layerTable()->tableModel()->drawnStep(), qint64(50));
  const QModelIndex badge = w.layerTable()->tableModel()->index(p->first_offender, LayerTableModel::Offender);
  QVERIFY(badge.data().toString().contains(QStringLiteral("step 50")));
  QVERIFY(w.dashboard()->scalePlot()->describeStep(50).contains(QStringLiteral("backoff")));
}

void TestMainWindow::injectNowFromThePanel() {
  MainWindow w;
  QVERIFY(w.loadPreset(QStringLiteral("default")));
  SessionController* c = w.controller();
  c->stepOnce();
  QTRY_COMPARE_WITH_TIMEOUT(c->stepsDone(), qint64(1), kTimeout);
  c->injectFault(QStringLiteral("fc2"), FaultKind::NaN);
  c->stepOnce();
  QTRY_COMPARE_WITH_TIMEOUT(c->stepsDone(), qint64(2), kTimeout);
  const StepPoint* p = c->history().pointAt(1);
  QVERIFY(p && p->skipped);
  QCOMPARE(QString::fromStdString(c->layers()[static_cast<std::size_t>(p->first_offender)].module), QStringLiteral("fc2"));
}

void TestMainWindow::selectingALayerSelectsItEverywhere() {
  MainWindow w;
  QVERIFY(w.loadPreset(QStringLiteral("default")));
  w.controller()->stepOnce();
  QTRY_COMPARE_WITH_TIMEOUT(w.controller()->stepsDone(), qint64(1), kTimeout);
  const int layer = 4;
  w.layerTable()->selectionModel()->setCurrentIndex(w.layerTable()->tableModel()->index(layer, 0),
                                                    QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
  QCOMPARE(w.dashboard()->layerHistory()->selectedLayer(), layer);
  Q_EMIT w.dashboard()->histogram()->layerClicked(2);
  QCOMPARE(w.dashboard()->layerHistory()->selectedLayer(), 2);
  QCOMPARE(w.layerTable()->currentIndex().row(), 2);
}

void TestMainWindow::hoveringTheLayerHistoryShowsTheSliceOfThatStep() {
  MainWindow w;
  QVERIFY(w.loadPreset(QStringLiteral("default")));
  SessionController* c = w.controller();
  for (qint64 n = 1; n <= 3; ++n) {
    c->stepOnce();
    QTRY_COMPARE_WITH_TIMEOUT(c->stepsDone(), n, kTimeout);
  }
  const int layer = 0;
  LayerHistoryHeatmap* lh = w.dashboard()->layerHistory();
  lh->setSelectedLayer(layer);
  lh->rebuild();
  // The record of step 1 for that layer: its fullest exponent bin is the slice's widest point.
  const LayerStepStats* ls = nullptr;
  for (const StepRecord& r : c->history().recentStats())
    if (r.step == 1)
      for (const auto& l : r.layers)
        if (l.layer == layer) ls = &l;
  QVERIFY(ls);
  const auto& bins = ls->stats.bins;
  const auto peak = std::max_element(bins.begin(), bins.end());
  QVERIFY(*peak > 0);
  const int peakExponent = ls->stats.lo + static_cast<int>(peak - bins.begin());

  QVERIFY(lh->showSliceAt(1.0));
  QVERIFY(lh->slice()->visible());
  const auto* data = lh->slice()->data().data();
  QCOMPARE(data->size(), static_cast<int>(bins.size()));  // one point per exponent row, specials excluded
  auto widest = data->constBegin();
  for (auto it = data->constBegin(); it != data->constEnd(); ++it)
    if (it->key > widest->key) widest = it;
  QCOMPARE(static_cast<int>(std::lround(widest->value)), peakExponent);
  QVERIFY(std::abs((widest->key - 1.0) - lh->xAxis->range().size() / 6.0) < 1e-9);
  // An empty bin draws at the column itself.
  for (auto it = data->constBegin(); it != data->constEnd(); ++it)
    if (bins[static_cast<std::size_t>(std::lround(it->value) - ls->stats.lo)] == 0) QCOMPARE(it->key, 1.0);

  QVERIFY(!lh->showSliceAt(1e9));  // no such step: the slice goes away
  QVERIFY(!lh->slice()->visible());
}

void TestMainWindow::exportsWriteValidFiles() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  MainWindow w;
  QVERIFY(w.loadPreset(QStringLiteral("default"), 40));
  QSignalSpy finished(w.controller(), &SessionController::runFinished);
  w.controller()->start();
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);

  ExportOptions o;
  o.size = QSize(800, 500);
  o.scale = 2.0;
  QString error;
  const QString png = dir.filePath(QStringLiteral("d.png"));
  QVERIFY2(w.exportDashboardTo(png, o, &error), qPrintable(error));
  QImage image(png);
  QVERIFY(!image.isNull());
  QCOMPARE(image.size(), QSize(1600, 1000));
  // Not a blank canvas: the charts drew something.
  QSet<QRgb> colours;
  for (int y = 0; y < image.height(); y += 7)
    for (int x = 0; x < image.width(); x += 7) colours.insert(image.pixel(x, y));
  QVERIFY(colours.size() > 20);

  const QString pdf = dir.filePath(QStringLiteral("d.pdf"));
  QVERIFY2(w.exportDashboardTo(pdf, o, &error), qPrintable(error));
  QCOMPARE(head(pdf, 5), QByteArray("%PDF-"));
  const QString svg = dir.filePath(QStringLiteral("d.svg"));
  QVERIFY2(w.exportDashboardTo(svg, o, &error), qPrintable(error));
  QCOMPARE(svgRoot(svg), QStringLiteral("svg"));
  // A figure has no mouse: the scale chart's subtitle loses "hover for details" in it, and has it
  // again on the screen after.
  auto subtitles = [](ChartBase* chart) {
    QStringList texts;
    for (QCPLayoutElement* e : chart->plotLayout()->elements(true))
      if (auto* t = qobject_cast<QCPTextElement*>(e)) texts << chart->fullText(t);
    return texts.join(QLatin1Char('|'));
  };
  {
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    QVERIFY(text.contains(QStringLiteral("the scale each step ran with")));
    QVERIFY(!text.contains(QStringLiteral("hover")));
  }
  QVERIFY2(subtitles(w.dashboard()->scalePlot()).contains(QStringLiteral("the scale each step ran with \u00b7 hover for details")),
           qPrintable(subtitles(w.dashboard()->scalePlot())));

  for (ChartBase* chart : w.dashboard()->charts()) {
    ExportOptions co;
    co.size = QSize(640, 400);
    co.scale = 1.5;
    const QString stem = dir.filePath(chart->fileStem());
    QVERIFY2(exportChart(chart, stem + QStringLiteral(".png"), co, &error), qPrintable(error));
    QCOMPARE(QImage(stem + QStringLiteral(".png")).size(), QSize(960, 600));
    QVERIFY2(exportChart(chart, stem + QStringLiteral(".pdf"), co, &error), qPrintable(error));
    QCOMPARE(head(stem + QStringLiteral(".pdf"), 5), QByteArray("%PDF-"));
    QVERIFY2(exportChart(chart, stem + QStringLiteral(".svg"), co, &error), qPrintable(error));
    QCOMPARE(svgRoot(stem + QStringLiteral(".svg")), QStringLiteral("svg"));
    QFile f(stem + QStringLiteral(".svg"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY2(!f.readAll().contains("hover"), qPrintable(chart->fileStem()));
  }
  QVERIFY(subtitles(w.dashboard()->scalePlot()).contains(QStringLiteral("hover for details")));
}

void TestMainWindow::exportRejectsUnknownSuffix() {
  MainWindow w;
  QString error;
  QVERIFY(!w.exportDashboardTo(QStringLiteral("/tmp/ampscope-x.bmpx"), ExportOptions{}, &error));
  QVERIFY(error.contains(QStringLiteral(".png")));
}

void TestMainWindow::badConfigShowsAMessageInsteadOfCrashing() {
  MainWindow w;
  SessionConfig bad;
  bad.model = "no-such-model";
  QSignalSpy error(w.controller(), &SessionController::errorOccurred);
  QVERIFY(!w.controller()->configure(bad));
  QCOMPARE(error.count(), 1);
  QCOMPARE(w.controller()->state(), State::Failed);
  QVERIFY(!w.bannerText().isEmpty());
  w.controller()->start();  // nothing to start: no crash
  w.controller()->stepOnce();
  QVERIFY(w.loadPreset(QStringLiteral("default")));
  QCOMPARE(w.controller()->state(), State::Ready);
}

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
