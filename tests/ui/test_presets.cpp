// Every built-in preset does what its explanation promises: its config runs through a real
// TrainingSession (synchronously, same seed = same numbers) and the behaviour it is named
// after is asserted with numbers, usually against a control run that differs in one setting.
#include "presets/presets.h"

#include <ampscope/training_session.h>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace ampscope;
using namespace ampscope::ui;

namespace {

std::vector<StepRecord> run(SessionConfig config, std::int64_t steps) {
  config.max_steps = 0;
  config.max_steps_per_second = 0.0;
  TrainingSession session(std::move(config));
  std::vector<StepRecord> out;
  out.reserve(static_cast<std::size_t>(steps));
  for (std::int64_t i = 0; i < steps; ++i) out.push_back(session.step());
  return out;
}

/// Mean loss of records [from, to).
double meanLoss(const std::vector<StepRecord>& r, std::size_t from, std::size_t to) {
  double s = 0.0;
  for (std::size_t i = from; i < to; ++i) s += r[i].loss;
  return s / static_cast<double>(to - from);
}

int countReason(const std::vector<StepRecord>& r, ScaleChangeReason reason) {
  return static_cast<int>(std::count_if(r.begin(), r.end(), [&](const StepRecord& s) { return s.reason == reason; }));
}

int countSkipped(const std::vector<StepRecord>& r) {
  return static_cast<int>(std::count_if(r.begin(), r.end(), [](const StepRecord& s) { return s.skipped; }));
}

/// Share of a layer's gradient elements that were non-zero in the fp32 reference backward but
/// zero in the mixed-precision one, over every reference step.
double underflowShare(const std::vector<StepRecord>& r, int layer, std::int64_t numel) {
  std::int64_t lost = 0, measured = 0;
  for (const StepRecord& s : r)
    for (const LayerStepStats& l : s.layers)
      if (l.layer == layer && l.underflow >= 0) {
        lost += l.underflow;
        measured += numel;
      }
  return measured > 0 ? static_cast<double>(lost) / static_cast<double>(measured) : -1.0;
}

/// Underflow share over every weight and bias gradient of the model.
double underflowShareAll(const std::vector<StepRecord>& r, const std::vector<LayerInfo>& layers) {
  std::int64_t lost = 0, measured = 0;
  for (const StepRecord& s : r)
    for (const LayerStepStats& l : s.layers) {
      const LayerInfo& info = layers[static_cast<std::size_t>(l.layer)];
      if (info.kind == "activation" || l.underflow < 0) continue;
      lost += l.underflow;
      measured += info.numel;
    }
  return measured > 0 ? static_cast<double>(lost) / static_cast<double>(measured) : -1.0;
}

int layerIndex(const SessionConfig& c, const std::string& name) {
  const TrainingSession s(c);
  for (std::size_t i = 0; i < s.layers().size(); ++i)
    if (s.layers()[i].name == name) return static_cast<int>(i);
  return -1;
}

std::vector<LayerInfo> layersOf(const SessionConfig& c) { return TrainingSession(c).layers(); }

}  // namespace

class TestPresets : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void everyPresetIsCompleteAndTested();
  void deepMlpWithoutScalerUnderflowsSilently();
  void tooHighInitScaleStormsThenRecovers();
  void clippingBeforeUnscaleStallsTraining();
  void bf16NeedsNoScaler();
  void shortGrowthIntervalOscillates();
  void faultInjectionSkipsTheStepAndNamesFc3();
};

void TestPresets::everyPresetIsCompleteAndTested() {
  // Each name here has a behaviour test below; a new preset must get one.
  const QSet<QString> tested{QStringLiteral("default"),         QStringLiteral("deep-mlp-no-scaler"),
                             QStringLiteral("fault-injection"), QStringLiteral("overflow-storm"),
                             QStringLiteral("clip-before-unscale"), QStringLiteral("bf16-no-scaler"),
                             QStringLiteral("short-growth-interval")};
  const std::vector<Preset> presets = builtinPresets();
  QVERIFY(presets.size() >= 6);
  QSet<QString> names;
  for (const Preset& p : presets) {
    names.insert(p.name);
    QVERIFY2(!p.title.isEmpty(), qPrintable(p.name));
    QVERIFY2(p.description.size() >= 80, qPrintable(p.name + QStringLiteral(": explanation too short")));
    // The seed is written in the file, not left to a default.
    QFile f(QStringLiteral(":/presets/%1.json").arg(p.name));
    QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(p.name));
    const QJsonObject config = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("config")).toObject();
    QVERIFY2(config.contains(QStringLiteral("seed")), qPrintable(p.name + QStringLiteral(": no seed")));
    p.config.validate();
  }
  QCOMPARE(names, tested);
}

void TestPresets::deepMlpWithoutScalerUnderflowsSilently() {
  const SessionConfig c = findPreset(QStringLiteral("deep-mlp-no-scaler")).config;
  QVERIFY(!c.use_scaler);
  SessionConfig control = c;
  control.use_scaler = true;
  const int fc1 = layerIndex(c, "fc1.weight");
  QVERIFY(fc1 >= 0);
  const auto layers = layersOf(c);
  const std::int64_t numel = layers[static_cast<std::size_t>(fc1)].numel;
  const auto without = run(c, 100);
  const auto with = run(control, 100);
  const double share = underflowShare(without, fc1, numel), shareScaled = underflowShare(with, fc1, numel);
  const double all = underflowShareAll(without, layers), allScaled = underflowShareAll(with, layers);
  qInfo("deep-mlp, 100 steps: fc1.weight underflow %.2f%% without a scaler, %.4f%% with; all weights %.2f%% vs %.4f%%",
        100 * share, 100 * shareScaled, 100 * all, 100 * allScaled);
  // Silent: nothing is non-finite, no step skipped, yet the first layer's gradient is gone.
  QCOMPARE(countSkipped(without), 0);
  QVERIFY(std::none_of(without.begin(), without.end(), [](const StepRecord& s) { return s.found_inf; }));
  QVERIFY2(share > 0.5, qPrintable(QString::number(share)));
  QVERIFY2(shareScaled < 0.01, qPrintable(QString::number(shareScaled)));
  QVERIFY(all > 10 * allScaled);
}

void TestPresets::tooHighInitScaleStormsThenRecovers() {
  const SessionConfig c = findPreset(QStringLiteral("overflow-storm")).config;
  QVERIFY(c.scaler.init_scale() >= std::ldexp(1.0, 32));
  const auto r = run(c, 300);
  // The storm: every step skipped and backed off until the first clean step.
  std::size_t firstClean = 0;
  while (firstClean < r.size() && r[firstClean].skipped) ++firstClean;
  for (std::size_t i = 0; i < firstClean; ++i) {
    QCOMPARE(r[i].reason, ScaleChangeReason::Backoff);
    QCOMPARE(r[i].scale_after, r[i].scale_before / 2);
  }
  const int skippedAfter = countSkipped({r.begin() + static_cast<std::ptrdiff_t>(firstClean), r.end()});
  const int skippedLate = countSkipped({r.begin() + 150, r.end()});
  QStringList late;
  for (std::size_t i = firstClean; i < r.size(); ++i)
    if (r[i].skipped) late << QString::number(r[i].step);
  const double lossStart = meanLoss(r, firstClean, firstClean + 20), lossEnd = meanLoss(r, 280, 300);
  qInfo("overflow-storm: %zu steps skipped in a row (scale 2^%d -> 2^%d), then %d skipped in the remaining %zu steps "
        "(at steps %s), %d after step 150; scale at step 300 2^%g; loss %.3f -> %.3f",
        firstClean, static_cast<int>(std::log2(r.front().scale_before)), static_cast<int>(std::log2(r[firstClean].scale_before)),
        skippedAfter, r.size() - firstClean, qPrintable(late.join(QLatin1Char(','))), skippedLate,
        std::log2(r.back().scale_after), lossStart, lossEnd);
  QVERIFY2(firstClean >= 15 && firstClean <= 40, qPrintable(QString::number(firstClean)));
  // Recovery: a few backoffs while the scale finds its level (measured: 5 in 282 steps, 4 of
  // them before step 61), then it settles and training proceeds (the storm itself is more
  // than 3x longer than all later skips together).
  QVERIFY2(3 * skippedAfter < static_cast<int>(firstClean), qPrintable(QString::number(skippedAfter)));
  QVERIFY2(skippedLate <= 2, qPrintable(QString::number(skippedLate)));  // a stray overflow, as in any fp16 run
  QVERIFY(r.back().scale_after <= r[firstClean].scale_before);
  QVERIFY(r.back().scale_after >= r[firstClean].scale_before / 64);
  QVERIFY(lossEnd < 0.7 * lossStart);
}

void TestPresets::clippingBeforeUnscaleStallsTraining() {
  const SessionConfig c = findPreset(QStringLiteral("clip-before-unscale")).config;
  QVERIFY(c.clip_norm > 0);
  QVERIFY(!c.clip_after_unscale);
  SessionConfig control = c;
  control.clip_after_unscale = true;
  const auto bug = run(c, 300), fixed = run(control, 300);
  const double bugRatio = meanLoss(bug, 280, 300) / meanLoss(bug, 0, 20);
  const double fixedRatio = meanLoss(fixed, 280, 300) / meanLoss(fixed, 0, 20);
  qInfo("clip-before-unscale, 300 steps: loss ratio last20/first20 %.4f (bug) vs %.4f (unscale first); "
        "skipped %d vs %d",
        bugRatio, fixedRatio, countSkipped(bug), countSkipped(fixed));
  QVERIFY2(bugRatio > 0.97, qPrintable(QString::number(bugRatio)));
  QVERIFY2(fixedRatio < 0.7, qPrintable(QString::number(fixedRatio)));
}

void TestPresets::bf16NeedsNoScaler() {
  const SessionConfig c = findPreset(QStringLiteral("bf16-no-scaler")).config;
  QCOMPARE(c.precision, Precision::BF16);
  QVERIFY(!c.use_scaler);
  const auto layers = layersOf(c);
  const auto r = run(c, 300);
  SessionConfig fp16 = c;  // the contrast: fp16 without a scaler on the same model
  fp16.precision = Precision::FP16;
  const auto h = run(fp16, 100);
  const double share = underflowShareAll(r, layers), shareFp16 = underflowShareAll(h, layers);
  const double ratio = meanLoss(r, 280, 300) / meanLoss(r, 0, 20);
  qInfo("bf16-no-scaler, 300 steps: skipped %d, non-finite %d, loss ratio last20/first20 %.3f, "
        "weight underflow %.5f%% (fp16 without scaler: %.3f%%)",
        countSkipped(r),
        static_cast<int>(std::count_if(r.begin(), r.end(), [](const StepRecord& s) { return s.found_inf; })), ratio,
        100 * share, 100 * shareFp16);
  QCOMPARE(countSkipped(r), 0);
  QVERIFY(std::none_of(r.begin(), r.end(), [](const StepRecord& s) { return s.found_inf; }));
  QVERIFY2(ratio < 0.6, qPrintable(QString::number(ratio)));
  QVERIFY2(share >= 0 && share < 0.001, qPrintable(QString::number(share)));
}

void TestPresets::shortGrowthIntervalOscillates() {
  const SessionConfig c = findPreset(QStringLiteral("short-growth-interval")).config;
  QVERIFY(c.scaler.growth_interval() <= 50);
  const auto r = run(c, 400);
  const auto d = run(findPreset(QStringLiteral("default")).config, 400);
  const int grows = countReason(r, ScaleChangeReason::Grow), backoffs = countReason(r, ScaleChangeReason::Backoff);
  // An oscillation: the direction of the scale changes back and forth.
  int turns = 0;
  ScaleChangeReason last = ScaleChangeReason::Unchanged;
  for (const StepRecord& s : r) {
    if (s.reason != ScaleChangeReason::Grow && s.reason != ScaleChangeReason::Backoff) continue;
    if (last != ScaleChangeReason::Unchanged && s.reason != last) ++turns;
    last = s.reason;
  }
  double lo = INFINITY, hi = 0;
  for (std::size_t i = 100; i < r.size(); ++i) {
    lo = std::min(lo, r[i].scale_after);
    hi = std::max(hi, r[i].scale_after);
  }
  qInfo("short-growth-interval, 400 steps: %d growths, %d backoffs, %d direction changes, %d skipped; "
        "scale between 2^%g and 2^%g after step 100; default preset: %d growths, %d backoffs",
        grows, backoffs, turns, countSkipped(r), std::log2(lo), std::log2(hi),
        countReason(d, ScaleChangeReason::Grow), countReason(d, ScaleChangeReason::Backoff));
  QVERIFY2(grows >= 8 && backoffs >= 8, qPrintable(QStringLiteral("%1 %2").arg(grows).arg(backoffs)));
  QVERIFY2(turns >= 10, qPrintable(QString::number(turns)));
  QCOMPARE(countSkipped(r), backoffs);
  QCOMPARE(countReason(d, ScaleChangeReason::Grow), 0);
  QVERIFY(countReason(d, ScaleChangeReason::Backoff) < backoffs / 4);
}

void TestPresets::faultInjectionSkipsTheStepAndNamesFc3() {
  const SessionConfig c = findPreset(QStringLiteral("fault-injection")).config;
  QCOMPARE(c.faults.size(), std::size_t(1));
  const auto layers = layersOf(c);
  const auto r = run(c, 60);
  const StepRecord& s = r[50];
  qInfo("fault-injection: step 50 skipped=%d, first offender %s, scale %g -> %g; skipped steps in 60: %d",
        s.skipped, s.first_offender >= 0 ? layers[static_cast<std::size_t>(s.first_offender)].name.c_str() : "none",
        s.scale_before, s.scale_after, countSkipped(r));
  QVERIFY(s.skipped);
  QVERIFY(s.first_offender >= 0);
  QCOMPARE(layers[static_cast<std::size_t>(s.first_offender)].module, std::string("fc3"));
  QCOMPARE(s.scale_after, s.scale_before / 2);
  QCOMPARE(countSkipped(r), 1);
}

QTEST_GUILESS_MAIN(TestPresets)
#include "test_presets.moc"
