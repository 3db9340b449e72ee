// The "Underflow / overflow per layer over steps" chart, fed by real sessions in the main window.
#include "../common/gui_runs.h"
#include "charts/dashboard.h"
#include "charts/layer_counts_plot.h"
#include "charts/loss_plot.h"
#include "shell/main_window.h"
#include "charts/plot_theme.h"
#include "runs/session_controller.h"
#include "runs/step_history.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace ampscope;
using namespace ampscope::ui;

namespace {
int layerIndex(const StepHistory& h, const std::string& name) {
  for (std::size_t i = 0; i < h.layers().size(); ++i)
    if (h.layers()[i].name == name) return static_cast<int>(i);
  return -1;
}

using test::runPreset;

/// Does `layer` have a drawn value in any column?
bool rowHasData(const LayerCountsPlot* plot, const StepHistory& h, int layer) {
  for (std::int64_t s : h.countSteps())
    if (!std::isnan(plot->valueAt(s, layer))) return true;
  return false;
}
}  // namespace

class TestLayerCounts : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void faultInjectionOutlinesFc3AtStep50();
  void deepMlpWithoutScalerShowsFc1Underflow();
  void replayWithoutStatisticsSaysSo();
  void replayDrawsTheLiveNumbers();
  void redrawAt100kStepsAnd26Layers();
  void measuredZeroIsQuietNotMeasuredIsEmpty();
};

void TestLayerCounts::faultInjectionOutlinesFc3AtStep50() {
  MainWindow w;
  runPreset(w, QStringLiteral("fault-injection"), 60);
  const StepHistory& h = w.controller()->history();
  LayerCountsPlot* plot = w.dashboard()->layerCounts();
  QCOMPARE(h.points().size(), std::size_t(60));
  QCOMPARE(h.countSteps().size(), std::size_t(60));  // stats_every 1: every step has its counts
  plot->setMetric(LayerCountsPlot::Metric::Overflow);
  plot->setMode(LayerCountsPlot::Mode::Count);
  for (auto g : {LayerCountsPlot::Gradients::Weights, LayerCountsPlot::Gradients::Activations}) {
    plot->setGradients(g);
    QVERIFY(!plot->rowLayers().empty());
    for (int layer : plot->rowLayers())
      QVERIFY2(rowHasData(plot, h, layer), h.layers()[static_cast<std::size_t>(layer)].name.c_str());
  }
  int rowsSeen = 0;
  for (auto g : {LayerCountsPlot::Gradients::Weights, LayerCountsPlot::Gradients::Activations}) {
    plot->setGradients(g);
    rowsSeen += static_cast<int>(plot->rowLayers().size());
  }
  QCOMPARE(rowsSeen, static_cast<int>(h.layers().size()));  // every layer is a row in one of the views

  plot->setGradients(LayerCountsPlot::Gradients::Weights);
  const int fc3 = layerIndex(h, "fc3.weight");
  QVERIFY(fc3 >= 0);
  // The one non-finite step: 50, first offender fc3.weight, outlined on its row.
  QCOMPARE(plot->offenderMarks().size(), std::size_t(1));
  QCOMPARE(plot->offenderMarks()[0].step, qint64(50));
  QCOMPARE(plot->offenderMarks()[0].layer, fc3);
  QCOMPARE(h.layers()[static_cast<std::size_t>(plot->offenderMarks()[0].layer)].name, std::string("fc3.weight"));
  // The injected inf is counted on fc3.weight's row at step 50, and nowhere at step 49.
  QVERIFY2(plot->valueAt(50, fc3) >= 1, qPrintable(QString::number(plot->valueAt(50, fc3))));
  QCOMPARE(plot->valueAt(49, fc3), 0.0);
  // The tooltip on that cell names the offender.
  const auto& rows = plot->rowLayers();
  const double row = static_cast<double>(std::find(rows.begin(), rows.end(), fc3) - rows.begin());
  QCOMPARE(plot->toolTipAt(50, row), QStringLiteral("step 50: first offender fc3.weight"));
  // Same x range as the loss chart (shared step axis).
  QCOMPARE(plot->xAxis->range().lower, w.dashboard()->lossPlot()->xAxis->range().lower);
  QCOMPARE(plot->xAxis->range().upper, w.dashboard()->lossPlot()->xAxis->range().upper);
}

void TestLayerCounts::deepMlpWithoutScalerShowsFc1Underflow() {
  MainWindow w;
  runPreset(w, QStringLiteral("deep-mlp-no-scaler"), 31);  // reference steps 0, 10, 20, 30
  const StepHistory& h = w.controller()->history();
  LayerCountsPlot* plot = w.dashboard()->layerCounts();
  plot->setMetric(LayerCountsPlot::Metric::Underflow);
  plot->setMode(LayerCountsPlot::Mode::Percent);
  plot->setGradients(LayerCountsPlot::Gradients::Weights);
  const int fc1 = layerIndex(h, "fc1.weight");
  QVERIFY(fc1 >= 0);
  int measured = 0;
  for (qint64 s : {10, 20, 30}) {
    const double pct = plot->valueAt(s, fc1);
    qInfo("deep-mlp fp16 without a scaler: fc1.weight underflow at step %lld: %.2f%%", static_cast<long long>(s), pct);
    QVERIFY2(pct > 50.0, qPrintable(QString::number(pct)));
    ++measured;
  }
  QCOMPARE(measured, 3);
  // Between reference steps underflow is not measured: no cell, not a zero.
  QVERIFY(std::isnan(plot->valueAt(15, fc1)));
  QVERIFY(plot->offenderMarks().empty());
}

void TestLayerCounts::replayWithoutStatisticsSaysSo() {
  StepHistory h;
  h.reset({{"fc1.weight", "fc1", "weight", {4, 4}, 16, 0}});
  std::vector<StepRecord> steps(3);
  for (int i = 0; i < 3; ++i) steps[static_cast<std::size_t>(i)].step = i;
  h.append(steps);
  h.setStatsSource({}, [](std::int64_t) { return std::optional<StepRecord>{}; });
  LayerCountsPlot plot;
  plot.setHistory(&h);
  plot.rebuild();
  QCOMPARE(plot.subtitleText(), QStringLiteral("not available in replay"));
  QVERIFY(std::isnan(plot.valueAt(1, 0)));
}

void TestLayerCounts::replayDrawsTheLiveNumbers() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString store = dir.filePath(QStringLiteral("runs.sqlite"));
  // Overflow counts and underflow percentages of every layer at every step, live.
  std::vector<std::vector<double>> live[2];
  std::vector<int> liveRows;
  qint64 runId = 0;
  std::size_t layers = 0;
  auto collect = [](LayerCountsPlot* plot, const StepHistory& h, std::vector<std::vector<double>>* out) {
    plot->setMode(LayerCountsPlot::Mode::Count);
    plot->setMetric(LayerCountsPlot::Metric::Overflow);
    for (int k = 0; k < 2; ++k) {
      out[k].assign(h.layers().size(), {});
      for (std::size_t l = 0; l < h.layers().size(); ++l) {
        plot->setGradients(h.layers()[l].kind == "activation" ? LayerCountsPlot::Gradients::Activations
                                                               : LayerCountsPlot::Gradients::Weights);
        for (qint64 s = 0; s < 60; ++s) out[k][l].push_back(plot->valueAt(s, static_cast<int>(l)));
      }
      plot->setMode(LayerCountsPlot::Mode::Percent);
      plot->setMetric(LayerCountsPlot::Metric::Underflow);
    }
  };
  {
    MainWindow w;
    w.setStorePath(store);
    runPreset(w, QStringLiteral("fault-injection"), 60);
    runId = w.controller()->recordingRunId();
    QVERIFY(runId > 0);
    layers = w.controller()->history().layers().size();
    collect(w.dashboard()->layerCounts(), w.controller()->history(), live);
  }
  MainWindow w;
  QString error;
  QVERIFY2(w.replayRun(store, runId, &error), qPrintable(error));
  LayerCountsPlot* plot = w.dashboard()->layerCounts();
  QCOMPARE(w.shownHistory().countSteps().size(), std::size_t(60));  // 60 statistics steps: all read
  QCOMPARE(w.shownHistory().countsSampledOf(), std::size_t(0));
  std::vector<std::vector<double>> replayed[2];
  collect(plot, w.shownHistory(), replayed);
  QCOMPARE(replayed[0].size(), layers);
  int compared = 0;
  for (int k = 0; k < 2; ++k)
    for (std::size_t l = 0; l < layers; ++l)
      for (std::size_t s = 0; s < 60; ++s) {
        const double a = live[k][l][s], b = replayed[k][l][s];
        QVERIFY2(std::isnan(a) == std::isnan(b) && (std::isnan(a) || a == b),
                 qPrintable(QStringLiteral("metric %1 layer %2 step %3: live %4, replay %5").arg(k).arg(l).arg(s).arg(a).arg(b)));
        compared += std::isnan(a) ? 0 : 1;
      }
  QVERIFY(compared > static_cast<int>(layers) * 60);  // every overflow cell, and the reference steps' underflow
  plot->setGradients(LayerCountsPlot::Gradients::Weights);
  QCOMPARE(plot->offenderMarks().size(), std::size_t(1));
  QCOMPARE(plot->offenderMarks()[0].step, qint64(50));
}

void TestLayerCounts::redrawAt100kStepsAnd26Layers() {
  constexpr std::int64_t kSteps = 100000;
  constexpr int kLayers = 26;
  std::vector<LayerInfo> layers;
  for (int i = 0; i < kLayers; ++i)
    layers.push_back({"fc" + std::to_string(i / 2 + 1) + (i % 2 ? ".bias" : ".weight"), "fc" + std::to_string(i / 2 + 1),
                      i % 2 ? "bias" : "weight", {64, 64}, 4096, i / 2});
  StepHistory h(16, 4);
  h.reset(layers);
  std::vector<StepRecord> batch;
  for (std::int64_t s = 0; s < kSteps;) {
    batch.clear();
    for (int k = 0; k < 1000; ++k, ++s) {
      StepRecord r;
      r.step = s;
      r.found_inf = s % 5000 == 4999;
      r.first_offender = r.found_inf ? 4 : -1;
      for (int l = 0; l < kLayers; ++l) {
        LayerStepStats ls;
        ls.layer = l;
        ls.stats.numel = 4096;
        ls.stats.pos_inf = r.found_inf && l == 4 ? 7 : 0;
        ls.underflow = s % 10 == 0 ? (l * 100 + s % 7) : -1;
        r.layers.push_back(std::move(ls));
      }
      batch.push_back(std::move(r));
    }
    h.append(batch);
  }
  QCOMPARE(h.countSteps().size(), std::size_t(kSteps));
  LayerCountsPlot plot;
  plot.resize(1200, 260);
  plot.setHistory(&h);
  plot.rebuild();
  std::vector<double> ms;
  for (int i = 0; i < 15; ++i) {
    QElapsedTimer t;
    t.start();
    plot.appendSteps(kSteps - 1, kSteps - 1);
    ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
  }
  std::sort(ms.begin(), ms.end());
  qInfo("layer counts chart, 100,000 steps x 26 layers: redraw median %.2f ms (min %.2f, max %.2f)", ms[ms.size() / 2],
        ms.front(), ms.back());
  // The step's data reaches the chart: 20 non-finite steps outlined on fc3.weight (layer 4),
  // a decimated column holds its steps' largest count.
  plot.setMetric(LayerCountsPlot::Metric::Overflow);
  plot.setMode(LayerCountsPlot::Mode::Count);
  QCOMPARE(plot.offenderMarks().size(), std::size_t(20));
  QCOMPARE(plot.valueAt(4999, 4), 7.0);
  QCOMPARE(plot.valueAt(4999, 2), 0.0);
  QVERIFY2(ms[ms.size() / 2] < 30.0, "the chart must keep up with a 33 ms live poll");
}

// Three kinds of cell, three looks: a measured zero in the theme's neutral colour, the smallest
// nonzero value in the scale's lowest colour (not the neutral one), a step that was not
// measured left as background. Read off the rendered pixels, in both themes.
void TestLayerCounts::measuredZeroIsQuietNotMeasuredIsEmpty() {
  StepHistory h;
  h.reset({{"fc1.weight", "fc1", "weight", {64, 64}, 4096, 0}, {"fc2.weight", "fc2", "weight", {64, 64}, 4096, 1}});
  std::vector<StepRecord> batch;
  for (std::int64_t s = 0; s < 30; ++s) {
    StepRecord r;
    r.step = s;
    for (int l = 0; l < 2; ++l) {
      LayerStepStats ls;
      ls.layer = l;
      ls.stats.numel = 4096;
      // Reference steps 5, 15, 25: fc1 never underflows; fc2 loses 1, 2, 3 elements.
      ls.underflow = s % 10 == 5 ? (l == 0 ? 0 : static_cast<std::int32_t>(s / 10 + 1)) : -1;
      r.layers.push_back(std::move(ls));
    }
    batch.push_back(std::move(r));
  }
  h.append(batch);
  for (const bool dark : {false, true}) {
    LayerCountsPlot plot;
    plot.applyTheme(dark ? PlotTheme::darkTheme() : PlotTheme::light());
    plot.resize(900, 300);
    plot.setHistory(&h);
    plot.rebuild();
    plot.setMode(LayerCountsPlot::Mode::Count);
    QCOMPARE(plot.valueAt(15, 0), 0.0);  // the readout still says 0 where the cell is grey
    QCOMPARE(plot.valueAt(5, 1), 1.0);
    QCOMPARE(plot.valueAt(25, 1), 3.0);
    QVERIFY(std::isnan(plot.valueAt(10, 0)));
    QVERIFY2(plot.subtitleText().contains(QStringLiteral("grey: measured, none")), qPrintable(plot.subtitleText()));
    plot.replot();
    const QImage img = plot.toPixmap(900, 300, 1.0).toImage();
    auto at = [&](double step, int row) {
      return img.pixelColor(static_cast<int>(std::lround(plot.xAxis->coordToPixel(step))),
                            static_cast<int>(std::lround(plot.yAxis->coordToPixel(row))));
    };
    const QColor none = plot.noneColor();
    QCOMPARE(none, dark ? PlotTheme::darkTheme().grid : PlotTheme::light().grid);
    for (const double s : {5.0, 15.0, 25.0}) QCOMPARE(at(s, 0), none);
    const QColor lowest = at(5, 1);  // 1 element, a third up a 0..3 scale
    const QColor highest = at(25, 1);
    QVERIFY2(lowest != none && highest != none && lowest != highest,
             qPrintable(QStringLiteral("%1 %2 %3").arg(lowest.name(), highest.name(), none.name())));
    const QColor background = dark ? PlotTheme::darkTheme().background : PlotTheme::light().background;
    QCOMPARE(at(10, 0), background);
    QCOMPARE(at(20, 1), background);
  }
}

QTEST_MAIN(TestLayerCounts)
#include "test_layer_counts.moc"
