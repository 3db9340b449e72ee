// Issue 16, items 3 and 4, on real short training runs in the main window: the limit lines of the
// histogram and the layer history are the shown run's own format and say so in their labels
// (View > Format limits picks another), and the "Formats what-if" table shows, for the step the
// histogram shows, exactly what format_whatif() computes from that step's histograms, live and
// for a replayed stored run, and writes the same numbers to CSV.
#include "../common/gui_runs.h"
#include "charts/dashboard.h"
#include "charts/histogram_heatmap.h"
#include "charts/layer_history_heatmap.h"
#include "panels/what_if_table.h"
#include "runs/session_controller.h"
#include "runs/step_history.h"
#include "shell/main_window.h"

#include <ampscope/format_whatif.h>

#include <QAction>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace ampscope;
using namespace ampscope::ui;

namespace {
using test::runPreset;

QStringList labelTexts(const std::vector<QCPItemText*>& labels) {
  QStringList t;
  for (const QCPItemText* l : labels) t << l->text();
  return t;
}

/// The chart's texts (title, subtitle) as one string, line breaks made spaces.
QString chartTexts(QCustomPlot* chart) {
  QString all;
  for (int i = 0; i < chart->plotLayout()->elementCount(); ++i)
    if (auto* t = qobject_cast<QCPTextElement*>(chart->plotLayout()->elementAt(i))) all += t->text() + QLatin1Char(' ');
  return all.replace(QLatin1Char('\n'), QLatin1Char(' '));
}

QAction* limitsAction(MainWindow& w, int data) {
  for (QAction* a : w.findChildren<QAction*>())
    if (a->isCheckable() && a->data().isValid() && a->data().toInt() == data && a->actionGroup() &&
        a->actionGroup()->actions().size() == 5)
      return a;
  return nullptr;
}

/// Every cell of the what-if table against format_whatif() on `record`'s histograms.
void compareTable(const WhatIfModel* m, const StepRecord& record, int shift, kernels::Format target, int* nonzeroCells) {
  QCOMPARE(m->drawnStep(), qint64(record.step));
  for (const LayerStepStats& l : record.layers) {
    for (kernels::Format f : WhatIfModel::kFormats) {
      const FormatWhatIf* shown = m->result(l.layer, f);
      QVERIFY(shown);
      const FormatWhatIf want = format_whatif(l.stats, f, shift, target);
      QCOMPARE(shown->numel, want.numel);
      QCOMPARE(shown->underflow.low, want.underflow.low);
      QCOMPARE(shown->underflow.high, want.underflow.high);
      QCOMPARE(shown->overflow.low, want.overflow.low);
      QCOMPARE(shown->overflow.high, want.overflow.high);
      if (want.underflow.high > 0 || want.overflow.high > 0) ++*nonzeroCells;
    }
  }
}
}  // namespace

class TestFormatLimits : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void limitLinesNameTheRunsFormat();
  void whatIfTableIsTheFunctionOnTheShownStep();
  void whatIfCsvRoundTrips();
  void replayedRunHasItsFormatAndWhatIf();
  void histogramRowsFollowTheModelAcrossAFormatChange();
};

void TestFormatLimits::limitLinesNameTheRunsFormat() {
  // Shown, as users see it, with the histogram's page on screen after every run (a preset's story
  // may put it on another page): the labels are checked as the histogram fits them at its real
  // size, where every full label fits beside its line. The dashboard's page choice lays charts
  // out at trial sizes (ChartBase::fitAt), which must not refit them. (Read off a hidden chart,
  // they were whatever its last layout at some transient size had left: the short labels of its
  // 260x180 minimum, hidden, in CI's ASan stage.)
  MainWindow w;
  w.resize(1500, 950);
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  HistogramHeatmap* hist = w.dashboard()->histogram();
  LayerHistoryHeatmap* over = w.dashboard()->layerHistory();
  const auto showHistogram = [&] {
    Dashboard* d = w.dashboard();
    for (int p = 0; p < d->pages().size(); ++p)
      if (d->pages()[p].contains(QStringLiteral("histogram"))) d->setCurrentPage(p);
    QTRY_VERIFY(hist->isVisible());
    QTRY_VERIFY(hist->axisRect()->rect().height() > 200);
  };
  // A bf16 run: bf16's limits, named bf16; all three lie outside the default exponents [-40, 20],
  // so no line is drawn and both charts say where the limits are instead.
  runPreset(w, QStringLiteral("bf16-no-scaler"), 4);
  showHistogram();
  QCOMPARE(hist->limitsFormat(), kernels::Format::BF16);
  QCOMPARE(over->limitsFormat(), kernels::Format::BF16);
  const QStringList bf16 = {QStringLiteral("bf16 subnormal 2\u207B\u00B9\u00B3\u00B3"), QStringLiteral("bf16 normal 2\u207B\u00B9\u00B2\u2076"),
                            QStringLiteral("bf16 max 2\u00B9\u00B2\u2077")};
  QTRY_COMPARE(labelTexts(hist->limitLabels()), bf16);
  QTRY_COMPARE(labelTexts(over->limitLabels()), bf16);
  for (const QCPItemText* l : hist->limitLabels()) QVERIFY(!l->visible());
  for (const QCPItemText* l : over->limitLabels()) QVERIFY(!l->visible());
  QVERIFY2(chartTexts(hist).contains(QStringLiteral("bf16 limits")), qPrintable(chartTexts(hist)));
  QVERIFY2(chartTexts(over).contains(QStringLiteral("bf16 limits")), qPrintable(chartTexts(over)));

  // An fp16 run: fp16's limits, named fp16, drawn.
  runPreset(w, QStringLiteral("default"), 4);
  showHistogram();
  QCOMPARE(hist->limitsFormat(), kernels::Format::FP16);
  const QStringList fp16 = {QStringLiteral("fp16 subnormal 2\u207B\u00B2\u2074"), QStringLiteral("fp16 normal 2\u207B\u00B9\u2074"),
                            QStringLiteral("fp16 max 2\u00B9\u2075")};
  QTRY_COMPARE(labelTexts(hist->limitLabels()), fp16);
  QTRY_COMPARE(labelTexts(over->limitLabels()), fp16);
  for (const QCPItemText* l : hist->limitLabels()) QVERIFY(l->visible());
  QVERIFY(!chartTexts(hist).contains(QStringLiteral("limits")));
  // The page choice again (trial layouts of every chart at other sizes): the labels stay.
  w.dashboard()->relayout();
  QCOMPARE(labelTexts(hist->limitLabels()), fp16);
  for (const QCPItemText* l : hist->limitLabels()) QVERIFY(l->visible());

  // View > Format limits: another format's lines on the same run, then the run's own again.
  QAction* e4m3 = limitsAction(w, static_cast<int>(kernels::Format::FP8_E4M3));
  QAction* own = limitsAction(w, -1);
  QVERIFY(e4m3 && own);
  QVERIFY(own->isChecked());
  e4m3->trigger();
  QCOMPARE(hist->limitsFormat(), kernels::Format::FP8_E4M3);
  QCOMPARE(over->limitsFormat(), kernels::Format::FP8_E4M3);
  QTRY_COMPARE(hist->limitLabels()[0]->text(), QStringLiteral("fp8-e4m3 subnormal 2\u207B\u2079"));
  QTRY_COMPARE(hist->limitLabels()[2]->text(), QStringLiteral("fp8-e4m3 max 2\u2078"));
  // The choice outlives a new session (it is the user's), until the run's own is chosen again.
  runPreset(w, QStringLiteral("bf16-no-scaler"), 2);
  showHistogram();
  QCOMPARE(hist->limitsFormat(), kernels::Format::FP8_E4M3);
  own->trigger();
  QCOMPARE(hist->limitsFormat(), kernels::Format::BF16);

  // An fp32 run: fp32's limits lie outside the default histogram, so the lines are those of the
  // format its statistics count against (fp16 here, bf16 with --hist-format bf16), named so;
  // fp32's own once the range reaches its smallest normal 2^-126.
  SessionConfig fp32 = w.controller()->config();
  fp32.precision = Precision::FP32;
  fp32.use_scaler = false;
  fp32.histogram.target = kernels::Format::FP16;
  QVERIFY(w.controller()->configure(fp32));
  QCOMPARE(hist->limitsFormat(), kernels::Format::FP16);
  QCOMPARE(labelTexts(over->limitLabels()), fp16);
  fp32.histogram.target = kernels::Format::BF16;
  QVERIFY(w.controller()->configure(fp32));
  QCOMPARE(hist->limitsFormat(), kernels::Format::BF16);
  fp32.histogram.lo = -140;
  QVERIFY(w.controller()->configure(fp32));
  QCOMPARE(hist->limitsFormat(), kernels::Format::FP32);
  QTRY_COMPARE(hist->limitLabels()[1]->text(), QStringLiteral("fp32 normal 2\u207B\u00B9\u00B2\u2076"));
}

void TestFormatLimits::whatIfTableIsTheFunctionOnTheShownStep() {
  MainWindow w;
  runPreset(w, QStringLiteral("default"), 12);  // fp16 with the scaler at 2^16
  const StepHistory& h = w.controller()->history();
  const WhatIfModel* m = w.whatIfPanel()->model();
  const kernels::Format target = w.controller()->config().histogram.target;
  QCOMPARE(m->rowCount(), static_cast<int>(h.layers().size()));
  const StepRecord* latest = h.latestStats();
  QVERIFY(latest);
  QCOMPARE(latest->step, std::int64_t{11});
  int nonzero = 0;
  compareTable(m, *latest, 0, target, &nonzero);
  // Gradients scaled by 2^16 reach far above fp8-e4m3's 448: the table is not all zeros.
  QVERIFY2(nonzero > 0, "every what-if cell is zero");
  int row = 0;  // the layer with the most fp8-e4m3 overflow
  for (int r = 0; r < m->rowCount(); ++r)
    if (m->result(r, kernels::Format::FP8_E4M3)->overflow.high > m->result(row, kernels::Format::FP8_E4M3)->overflow.high) row = r;
  const FormatWhatIf* worst = m->result(row, kernels::Format::FP8_E4M3);
  QVERIFY(worst);
  QVERIFY(worst->overflow.high > 0);
  qInfo("step 11, %s -> fp8-e4m3: overflow %lld..%lld of %lld, underflow %lld..%lld", h.layers()[static_cast<std::size_t>(row)].name.c_str(),
        static_cast<long long>(worst->overflow.low), static_cast<long long>(worst->overflow.high),
        static_cast<long long>(worst->numel), static_cast<long long>(worst->underflow.low),
        static_cast<long long>(worst->underflow.high));
  QVERIFY(w.whatIfPanel()->header().contains(QStringLiteral("Step 11")));
  QVERIFY(w.whatIfPanel()->header().contains(QStringLiteral("S = 2^16")));
  // The cell says the same numbers: the text and the tooltip's counts.
  const QModelIndex cell = m->index(row, WhatIfModel::FirstFormat + 2 * 2 + 1);  // fp8-e4m3 overflow
  QVERIFY(m->headerData(cell.column(), Qt::Horizontal, Qt::DisplayRole).toString().startsWith(QStringLiteral("fp8-e4m3\noverflow")));
  QVERIFY(m->data(cell, Qt::ToolTipRole).toString().contains(QString::number(worst->overflow.low)));

  // The step the histogram shows (a click in the event log): the table follows it.
  w.showStep(3);
  const StepRecord* at3 = h.statsAt(3);
  QVERIFY(at3 && at3->step == 3);
  QCOMPARE(w.dashboard()->histogram()->drawnStep(), qint64(3));
  compareTable(m, *at3, 0, target, &nonzero);
  // The unscaled view: the bins of g/S, S = 2^16 moves them down by 16.
  QCOMPARE(at3->scale_before, 65536.0);
  w.whatIfPanel()->setUnscaled(true);
  QCOMPARE(m->exponentShift(), -16);
  compareTable(m, *at3, -16, target, &nonzero);
  QVERIFY(w.whatIfPanel()->header().contains(QStringLiteral("unscaled")));
  w.whatIfPanel()->setUnscaled(false);
  w.showStep(-1);
  QCOMPARE(m->drawnStep(), qint64(11));
}

void TestFormatLimits::whatIfCsvRoundTrips() {
  MainWindow w;
  runPreset(w, QStringLiteral("default"), 6);
  const WhatIfModel* m = w.whatIfPanel()->model();
  const StepRecord* latest = w.controller()->history().latestStats();
  QVERIFY(latest);
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("whatif.csv"));
  QString error;
  const qint64 rows = m->writeCsv(path, &error);
  QVERIFY2(rows > 0, qPrintable(error));
  QCOMPARE(rows, static_cast<qint64>(latest->layers.size() * WhatIfModel::kFormats.size()));
  QFile f(path);
  QVERIFY(f.open(QIODevice::ReadOnly | QIODevice::Text));
  const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
  QCOMPARE(lines.size(), rows + 1);
  const QStringList columns = WhatIfModel::csvColumns();
  QCOMPARE(lines[0].split(QLatin1Char(',')), columns);
  std::map<QString, int> layerRow;
  for (std::size_t i = 0; i < w.controller()->history().layers().size(); ++i)
    layerRow[QString::fromStdString(w.controller()->history().layers()[i].name)] = static_cast<int>(i);
  for (int i = 1; i < lines.size(); ++i) {
    const QStringList c = lines[i].split(QLatin1Char(','));
    QCOMPARE(c.size(), columns.size());
    QCOMPARE(c[0].toLongLong(), qint64(latest->step));
    QCOMPARE(c[1].toDouble(), latest->scale_before);
    kernels::Format format{};
    QVERIFY(parse(c[5].toStdString(), format));
    const FormatWhatIf* shown = m->result(layerRow.at(c[3]), format);
    QVERIFY(shown);
    QCOMPARE(c[4].toLongLong(), qint64(shown->numel));
    QCOMPARE(c[6].toLongLong(), qint64(shown->underflow.low));
    QCOMPARE(c[7].toLongLong(), qint64(shown->underflow.high));
    QCOMPARE(c[8].toDouble(), 100.0 * shown->underflowShareLow());
    QCOMPARE(c[9].toDouble(), 100.0 * shown->underflowShareHigh());
    QCOMPARE(c[10].toLongLong(), qint64(shown->overflow.low));
    QCOMPARE(c[11].toLongLong(), qint64(shown->overflow.high));
    QCOMPARE(c[12].toDouble(), 100.0 * shown->overflowShareLow());
    QCOMPARE(c[13].toDouble(), 100.0 * shown->overflowShareHigh());
  }
}

void TestFormatLimits::replayedRunHasItsFormatAndWhatIf() {
  QTemporaryDir dir;
  const QString store = dir.filePath(QStringLiteral("runs.sqlite"));
  qint64 runId = 0;
  StepRecord last;
  kernels::Format target{};
  {
    MainWindow w;
    w.setStorePath(store);
    runPreset(w, QStringLiteral("bf16-no-scaler"), 6);
    runId = w.controller()->recordingRunId();
    QVERIFY(runId > 0);
    last = *w.controller()->history().latestStats();
    target = w.controller()->config().histogram.target;
  }
  MainWindow w;
  runPreset(w, QStringLiteral("default"), 2);  // the live session underneath is fp16
  QCOMPARE(w.dashboard()->histogram()->limitsFormat(), kernels::Format::FP16);
  QString error;
  QVERIFY2(w.replayRun(store, runId, &error), qPrintable(error));
  QCOMPARE(w.dashboard()->histogram()->limitsFormat(), kernels::Format::BF16);
  QCOMPARE(w.dashboard()->layerHistory()->limitsFormat(), kernels::Format::BF16);
  const WhatIfModel* m = w.whatIfPanel()->model();
  // The replay reads the step's statistics off the GUI thread; the table fills in when they come.
  QTRY_COMPARE_WITH_TIMEOUT(m->drawnStep(), qint64(last.step), 20000);
  int nonzero = 0;
  compareTable(m, last, 0, target, &nonzero);
  // What the classroom sees: this bf16 run trains without a scaler (S = 1); in fp16 some of its
  // gradients would flush to zero, in bf16 none.
  std::int64_t fp16Flushed = 0;
  for (int r = 0; r < m->rowCount(); ++r) {
    const FormatWhatIf* f16 = m->result(r, kernels::Format::FP16);
    const FormatWhatIf* b16 = m->result(r, kernels::Format::BF16);
    QVERIFY(f16 && b16);
    QCOMPARE(b16->underflow.high, std::int64_t{0});
    fp16Flushed += f16->underflow.low;
    if (f16->underflow.high > 0)
      qInfo("bf16 run, step %lld, %s: fp16 would flush %lld..%lld of %lld elements (%.3g..%.3g%%)",
            static_cast<long long>(last.step), w.shownHistory().layers()[static_cast<std::size_t>(r)].name.c_str(),
            static_cast<long long>(f16->underflow.low), static_cast<long long>(f16->underflow.high),
            static_cast<long long>(f16->numel), 100 * f16->underflowShareLow(), 100 * f16->underflowShareHigh());
  }
  QVERIFY(fp16Flushed > 0);
  w.backToLive();
  QCOMPARE(w.dashboard()->histogram()->limitsFormat(), kernels::Format::FP16);
  QTRY_COMPARE(m->drawnStep(), qint64(1));
}

QTEST_MAIN(TestFormatLimits)
// A reset to a model with fewer layers and another format: the histogram lays out its axes for
// the new format before it rebuilds its rows, and its rows were the old model's (deep-mlp's 39
// layer indices read against spiral-mlp's layers: garbage row names, or a crash).
void TestFormatLimits::histogramRowsFollowTheModelAcrossAFormatChange() {
  MainWindow w;
  w.resize(1280, 720);
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  HistogramHeatmap* hist = w.dashboard()->histogram();
  auto rowNames = [hist] {
    QStringList names;
    const auto ticker = hist->yAxis->ticker().dynamicCast<QCPAxisTickerText>();
    if (ticker)
      for (auto it = ticker->ticks().cbegin(); it != ticker->ticks().cend(); ++it) names << it.value();
    return names;
  };
  runPreset(w, QStringLiteral("deep-mlp-no-scaler"), 2);
  QCOMPARE(hist->limitsFormat(), kernels::Format::FP16);
  QVERIFY(rowNames().size() > 20);
  runPreset(w, QStringLiteral("bf16-no-scaler"), 2);
  QCOMPARE(hist->limitsFormat(), kernels::Format::BF16);
  QStringList layers;
  for (const LayerInfo& l : w.controller()->history().layers()) layers << QString::fromStdString(l.name);
  const QStringList rows = rowNames();
  QVERIFY(!rows.isEmpty());
  QVERIFY(rows.size() < 20);
  for (const QString& r : rows) QVERIFY2(layers.contains(r), qPrintable(r + " not in " + layers.join(' ')));
}

#include "test_format_limits.moc"
