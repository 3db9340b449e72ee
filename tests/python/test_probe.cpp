// The Python probe (docs/probe.md), end to end: real PyTorch training scripts (scripts/*.py) run
// through `import ampscope` in a child python3, then the run store is read back with RunStore.
#include <ampscope/run_store.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <map>
#include <set>

using namespace ampscope;

namespace {

const QString kScripts = QStringLiteral(AMPSCOPE_SOURCE_DIR "/tests/python/scripts");

#if AMPSCOPE_PROBE_BUILT
QProcess* start_script(const QString& script, const QStringList& args, QProcessEnvironment env = QProcessEnvironment::systemEnvironment()) {
  auto* p = new QProcess;
  env.insert("PYTHONPATH", QStringLiteral(AMPSCOPE_PYTHON_PATH) + ":" + kScripts);
  env.insert("OMP_NUM_THREADS", "1");
  p->setProcessEnvironment(env);
  p->setProcessChannelMode(QProcess::MergedChannels);
  p->start(QStringLiteral(AMPSCOPE_PYTHON_EXECUTABLE), QStringList{kScripts + "/" + script} + args);
  return p;
}
#endif

/// Runs a script to its end; returns its exit code (-1: did not finish in time), its output in `out`.
int run_script(const QString& script, const QStringList& args, QByteArray* out = nullptr) {
#if AMPSCOPE_PROBE_BUILT
  std::unique_ptr<QProcess> p(start_script(script, args));
  const bool done = p->waitForFinished(120000);
  const QByteArray text = p->readAll();
  if (out) *out = text;
  if (!done || p->exitCode() != 0) qWarning().noquote() << script << "said:\n" << text;
  return done && p->exitStatus() == QProcess::NormalExit ? p->exitCode() : -1;
#else
  Q_UNUSED(script) Q_UNUSED(args) Q_UNUSED(out)
  return -1;
#endif
}

QJsonObject read_json(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return QJsonDocument::fromJson(f.readAll()).object();
}

}  // namespace

class TestProbe : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void init() {
#if !AMPSCOPE_PROBE_BUILT
    QSKIP("this build has no Python probe (AMPSCOPE_PYTHON=OFF, or no python3 with torch and pybind11)");
#endif
  }

  /// (a) Every stored statistic equals torch's own (torch.frexp, torch's fp16 cast) on the same
  /// gradients, exactly: bins, zeros, nan/+inf/-inf, fp16 subnormals and below, fp16 overflow
  /// (above_max), amax; sums of squares to rounding.
  void statisticsEqualTorch() {
    QTemporaryDir dir;
    const QString db = dir.filePath("runs.db"), dump = dir.filePath("truth.json");
    QCOMPARE(run_script("stats_run.py", {db, dump}), 0);
    const QJsonObject truth = read_json(dump);
    const auto run_id = static_cast<std::int64_t>(truth["run_id"].toDouble());
    QVERIFY(run_id > 0);

    RunStore store(db.toStdString(), RunStore::Mode::ReadOnly);
    const RunData run = store.load_run(run_id);
    QCOMPARE(run.summary.model, std::string("Net"));
    QCOMPARE(run.summary.origin.source, std::string("probe"));
    QCOMPARE(run.summary.status, std::string("finished"));
    QCOMPARE(run.steps.size(), std::size_t(6));  // the loss every step
    QCOMPARE(run.config.stats_every, std::int64_t(2));
    QVERIFY(run.config.histogram.target == kernels::Format::FP16);
    const QJsonObject steps = truth["steps"].toObject();
    QCOMPARE(steps.size(), 3);
    for (std::size_t i = 0; i < run.steps.size(); ++i) QCOMPARE(run.steps[i].step, std::int64_t(i));
    int compared = 0;
    compare_run(run, steps, &compared);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(compared, 30);
    for (const auto& rec : run.steps) {
      if (rec.layers.empty()) continue;
      QCOMPARE(rec.first_offender, 0);  // fc1.weight holds the inf/nan
      // The edge cases the script planted are there (so this test cannot pass on empty data).
      const auto& fc1w = rec.layers[0].stats;
      QCOMPARE(fc1w.pos_inf + fc1w.neg_inf + fc1w.nan, std::int64_t(3));
      QVERIFY(rec.layers[2].stats.subnormal > 0);  // fc2.weight scaled by 2^-22
      QCOMPARE(rec.layers[5].stats.above_max, std::int64_t(2));  // head.bias: 2^30 and 65520, not 65519.996
      QCOMPARE(rec.layers[5].underflow, std::int64_t(-1));  // reference_every 0: never measured
    }
  }

  /// (a') A non-default format and reference_every: format "bf16", every 3, reference_every 2.
  /// Statistics on steps 0, 2, 3, 4; bf16 subnormals (< 2^-126), below its smallest subnormal
  /// (< 2^-133), its overflow (torch's own cast to bfloat16 says which value becomes inf) and the
  /// underflow record (count and share of sum |g|) on the reference steps 0, 2, 4 only.
  void bf16FormatAndUnderflow() {
    QTemporaryDir dir;
    const QString db = dir.filePath("runs.db"), dump = dir.filePath("truth.json");
    QCOMPARE(run_script("stats_run.py", {db, dump, "--bf16"}), 0);
    const QJsonObject truth = read_json(dump);
    RunStore store(db.toStdString(), RunStore::Mode::ReadOnly);
    const RunData run = store.load_run(static_cast<std::int64_t>(truth["run_id"].toDouble()));
    QCOMPARE(run.steps.size(), std::size_t(6));
    QCOMPARE(run.config.stats_every, std::int64_t(3));
    QCOMPARE(run.config.reference_every, std::int64_t(2));
    QVERIFY(run.config.histogram.target == kernels::Format::BF16);
    const QJsonObject steps = truth["steps"].toObject();
    QCOMPARE(QStringList(steps.keys()), (QStringList{"0", "2", "3", "4"}));
    int compared = 0, measured = 0, unmeasured = 0, flush_differs = 0;
    compare_run(run, steps, &compared);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(compared, 4 * 10);
    for (const auto& rec : run.steps) {
      if (rec.layers.empty()) continue;
      const QJsonObject want = steps[QString::number(rec.step)].toObject();
      const bool reference = want["reference"].toBool();
      QCOMPARE(reference, rec.step % 2 == 0);
      for (const auto& ls : rec.layers) {
        const QString name = QString::fromStdString(run.layers[static_cast<std::size_t>(ls.layer)].name);
        const QJsonObject w = want["layers"].toObject()[name].toObject();
        if (!reference) {
          QCOMPARE(ls.underflow, std::int64_t(-1));  // step 3: statistics, no underflow record
          ++unmeasured;
          continue;
        }
        const auto count = static_cast<std::int64_t>(w["underflow"].toDouble());
        QVERIFY2(ls.underflow == count, qPrintable(QString("%1 step %2: underflow %3 vs torch %4")
                                                       .arg(name).arg(rec.step).arg(ls.underflow).arg(count)));
        const double mass = w["underflow_mass"].toDouble();
        QVERIFY2(mass == 0 ? ls.underflow_mass == 0 : std::abs(ls.underflow_mass - mass) <= 1e-12 * mass,
                 qPrintable(QString("%1 step %2: underflow mass %3 vs torch %4").arg(name).arg(rec.step)
                                .arg(ls.underflow_mass, 0, 'g', 17).arg(mass, 0, 'g', 17)));
        ++measured;
        // The underflow is what the cast flushes, not everything below the smallest subnormal:
        // (2^-134, 2^-133) rounds up to 2^-133, and the two counts differ on fc2.bias.
        if (ls.underflow != ls.stats.below_min_subnormal) ++flush_differs;
      }
      // The planted values: fc2.bias (layer 3) holds one bf16 overflow next to a finite
      // neighbour that rounds to bf16's max, and values below 2^-133 (so its mass summed in the
      // gradient's own fp32 would overflow); head.bias's 2^30 and 65520 are no bf16 overflow.
      QCOMPARE(rec.layers[3].stats.above_max, std::int64_t(1));
      QVERIFY(rec.layers[3].stats.below_min_subnormal >= 3);
      QCOMPARE(rec.layers[5].stats.above_max, std::int64_t(0));
      QVERIFY(rec.layers[2].stats.subnormal > rec.layers[2].stats.below_min_subnormal);  // fc2.weight * 2^-128
      QVERIFY(rec.layers[2].stats.below_min_subnormal > 0);
      if (reference) QVERIFY(rec.layers[3].underflow_mass > 0);
    }
    QCOMPARE(measured, 3 * 10);
    QCOMPARE(unmeasured, 10);
    QVERIFY(flush_differs > 0);  // fc2.bias's 3 * 2^-135 rounds up: below the smallest subnormal, not flushed
  }

  /// (a'') With a scaler (common.RuleScaler: a GradScaler's state and rule, growth every 2
  /// steps), every step: the parameters' statistics are of the gradient as the format saw it,
  /// the unscaled .grad times the scale the step's backward ran with, also on the steps whose
  /// update() grew the scale; the activations' as backward produced them; the step's scales and
  /// the norm of the unscaled gradients.
  void scaledStatisticsWithScaler() {
    QTemporaryDir dir;
    const QString db = dir.filePath("runs.db"), dump = dir.filePath("truth.json");
    QCOMPARE(run_script("stats_run.py", {db, dump, "--scaled"}), 0);
    const QJsonObject truth = read_json(dump);
    RunStore store(db.toStdString(), RunStore::Mode::ReadOnly);
    const RunData run = store.load_run(static_cast<std::int64_t>(truth["run_id"].toDouble()));
    QCOMPARE(run.steps.size(), std::size_t(5));
    QVERIFY(run.config.use_scaler);
    const QJsonObject steps = truth["steps"].toObject();
    QCOMPARE(steps.size(), 5);
    int compared = 0, grown = 0;
    compare_run(run, steps, &compared);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(compared, 5 * 10);
    for (const auto& rec : run.steps) {
      const QJsonObject w = steps[QString::number(rec.step)].toObject();
      QCOMPARE(rec.scale_before, w["scale_before"].toDouble());
      QCOMPARE(rec.scale_after, w["scale_after"].toDouble());
      grown += rec.scale_after > rec.scale_before;
      const double norm = w["grad_norm"].toDouble();
      QVERIFY2(norm > 0 && std::abs(rec.grad_norm - norm) <= 1e-12 * norm,
               qPrintable(QString("step %1: grad norm %2 vs torch %3").arg(rec.step).arg(rec.grad_norm, 0, 'g', 17)
                              .arg(norm, 0, 'g', 17)));
    }
    QCOMPARE(grown, 2);  // steps 1 and 3: a statistics step right after a growth, and one before
    QCOMPARE(run.steps[0].scale_before, 1024.0);
    QCOMPARE(run.steps[4].scale_before, 4096.0);
  }

  /// (b) Skipped steps of a real GradScaler are stored where torch skipped, with its scales.
  void skippedStepsFromRealScaler() { check_scaler_run({}); }
  /// (b') The same with a stand-in that keeps a GradScaler's state in its attributes and follows
  /// torch's rule: the probe's reading of that state, where no real scaler runs (torch 1.13 CPU).
  void scalerStateDecoding() { check_scaler_run({"--rule"}); }
  /// (b'') Real fp16 autocast on CUDA with torch.amp.GradScaler("cuda"): the steps where fp16
  /// overflowed by itself, and the poisoned ones, stored where torch skipped (skips without CUDA).
  void skippedStepsFromRealFp16Autocast() { check_scaler_run({"--autocast"}); }
  /// (b3) The stand-in's run again with the snapshots kept as on a GPU (int32 bits in a
  /// preallocated buffer, one launch a step): the same skips and scales.
  void scalerStateDecodingDeviceRows() { check_scaler_run({"--rule", "--rows"}); }
  /// (b4) The device snapshots' encoding on its own: 150 steps over the buffer's growth, every
  /// kind of loss, against the float64 path exactly; the fallbacks; a statistics step's block.
  void snapshotRows() {
    QByteArray out;
    QCOMPARE(run_script("snapshot_rows.py", {}, &out), 0);
    QVERIFY2(out.contains("ok 152"), out.constData());
  }

 private:
  /// Compares every stored layer of `run` with the script's dump (steps: step -> {"layers":
  /// {name: torch_stats}} or, the default run, step -> {name: torch_stats}), exactly (sums of
  /// squares to 1e-12). Steps without an entry must have no statistics.
  /// Runs `script` (argv: a store and a truth file, both in `dir`), which must exit 0 and find no
  /// failures of its own; `truth` is what it wrote, `run` the run it recorded.
  void run_with_truth(const char* script, const QTemporaryDir& dir, QJsonObject& truth, RunData& run) {
    const QString db = dir.filePath("runs.db"), dump = dir.filePath("truth.json");
    QByteArray out;
    QCOMPARE(run_script(script, {db, dump}, &out), 0);
    truth = read_json(dump);
    QVERIFY2(truth["failures"].toArray().isEmpty(), out.constData());
    run = RunStore(db.toStdString(), RunStore::Mode::ReadOnly).load_run(static_cast<std::int64_t>(truth["run_id"].toDouble()));
  }

  void compare_run(const RunData& run, const QJsonObject& steps, int* compared) {
    for (const auto& rec : run.steps) {
      QVERIFY(std::isfinite(rec.loss) && rec.loss > 0);
      QJsonObject want = steps[QString::number(rec.step)].toObject();
      if (want.contains("layers")) want = want["layers"].toObject();
      if (want.isEmpty()) {
        QVERIFY2(rec.layers.empty(), qPrintable(QString("statistics on step %1, which is not logged").arg(rec.step)));
        continue;
      }
      QCOMPARE(int(rec.layers.size()), want.size());  // 6 parameters + 4 activations
      for (const auto& ls : rec.layers) {
        const QString name = QString::fromStdString(run.layers[static_cast<std::size_t>(ls.layer)].name);
        const QJsonObject w = want[name].toObject();
        QVERIFY2(!w.isEmpty(), qPrintable("no torch statistics for " + name));
        const auto& s = ls.stats;
        const QString at = QString("%1 step %2").arg(name).arg(rec.step);
        auto n = [&](const char* key) { return static_cast<std::int64_t>(w[key].toDouble()); };
        auto same = [&](const char* key, std::int64_t got) {
          if (got == n(key)) return true;
          qWarning().noquote() << at << key << got << "vs torch" << n(key);
          return false;
        };
        QCOMPARE(s.numel, n("numel"));
        const QJsonArray bins = w["bins"].toArray();
        QCOMPARE(int(s.bins.size()), bins.size());
        for (int b = 0; b < bins.size(); ++b)
          QVERIFY2(s.bins[std::size_t(b)] == static_cast<std::int64_t>(bins[b].toDouble()),
                   qPrintable(QString("%1 bin %2: %3 vs torch %4").arg(at).arg(b + s.lo)
                                  .arg(s.bins[std::size_t(b)]).arg(bins[b].toDouble())));
        QVERIFY(same("zero", s.zero));
        QVERIFY(same("nan", s.nan));
        QVERIFY(same("pos_inf", s.pos_inf));
        QVERIFY(same("neg_inf", s.neg_inf));
        QVERIFY(same("subnormal", s.subnormal));
        QVERIFY(same("below_min_subnormal", s.below_min_subnormal));
        QVERIFY(same("above_max", s.above_max));
        QVERIFY2(s.amax == w["amax"].toDouble(), qPrintable(QString("%1: amax %2 vs torch %3").arg(at)
                                                                .arg(s.amax, 0, 'g', 17).arg(w["amax"].toDouble(), 0, 'g', 17)));
        const double sq = w["sum_squares"].toDouble();
        QVERIFY2(std::abs(s.sum_squares - sq) <= 1e-12 * sq, qPrintable(at + ": sum of squares"));
        ++*compared;
      }
    }
  }

  void check_scaler_run(const QStringList& extra) {
    QTemporaryDir dir;
    const QString db = dir.filePath("runs.db"), dump = dir.filePath("truth.json");
    QByteArray out;
    const int rc = run_script("scaler_run.py", QStringList{db, dump} + extra, &out);
    if (rc == 77) QSKIP(qPrintable("needs torch >= 2.3 (torch.amp.GradScaler(\"cpu\")) or CUDA: " + out.trimmed()));
    QCOMPARE(rc, 0);
    const QJsonObject truth = read_json(dump);
    RunStore store(db.toStdString(), RunStore::Mode::ReadOnly);
    const RunData run = store.load_run(static_cast<std::int64_t>(truth["run_id"].toDouble()), false);
    // The optimizer given to watch(), as its first parameter group has it: SGD(lr=0.05), momentum 0.
    QCOMPARE(run.config.optimizer, OptimizerKind::SGD);
    QCOMPARE(run.config.lr, 0.05);
    QCOMPARE(run.config.momentum, 0.0);
    QCOMPARE(run.config.weight_decay, 0.0);
    const QJsonArray steps = truth["steps"].toArray();
    QCOMPARE(int(run.steps.size()), steps.size());
    int skipped = 0;  // also torch's count: the loop compares every step's flag with torch's
    for (int i = 0; i < steps.size(); ++i) {
      const QJsonObject w = steps[i].toObject();
      const StepRecord& r = run.steps[std::size_t(i)];
      QCOMPARE(r.skipped, w["skipped"].toBool());
      QCOMPARE(r.found_inf, w["skipped"].toBool());
      QCOMPARE(r.scale_before, w["scale_before"].toDouble());
      QCOMPARE(r.scale_after, w["scale_after"].toDouble());
      skipped += r.skipped;
    }
    const int poisoned = truth["poison"].toArray().size();
    QCOMPARE(poisoned, 3);
    QCOMPARE(run.summary.skipped, std::int64_t(skipped));
    if (extra.contains("--autocast")) {
      // Real fp16 at 2^24: torch skipped more steps than the poisoned ones (the fp16 overflows
      // of the first steps), and the store holds exactly those.
      QVERIFY2(skipped > poisoned, qPrintable(QString("torch skipped %1 steps").arg(skipped)));
    } else {
      QCOMPARE(skipped, poisoned);
    }
    // Statistics steps (every 2) see the scaled gradients: a skipped step's hold inf/NaN, a
    // stepped one's none.
    const RunData full = store.load_run(run.summary.id);
    int checked_bad = 0, checked_good = 0;
    for (int i = 0; i < steps.size(); i += 2) {
      const StepRecord& r = full.steps[std::size_t(i)];
      QVERIFY2(!r.layers.empty(), qPrintable(QString("step %1 has no statistics").arg(i)));
      std::int64_t nonfinite = 0;
      for (const auto& l : r.layers) nonfinite += l.stats.nonfinite();
      if (r.skipped) {
        QVERIFY2(nonfinite > 0, qPrintable(QString("skipped step %1 has only finite gradients").arg(i)));
        ++checked_bad;
      } else {
        QVERIFY2(nonfinite == 0, qPrintable(QString("stepped step %1 has %2 inf/NaN").arg(i).arg(nonfinite)));
        QVERIFY(r.grad_norm > 0);
        ++checked_good;
      }
    }
    QVERIFY(checked_bad > 0 && checked_good > 0);
  }

 private Q_SLOTS:

  /// (c) A 2-rank gloo DDP run: two runs in one file, written at once, nothing lost, one group.
  void ddpTwoRanks() {
#if AMPSCOPE_PROBE_BUILT
    QTemporaryDir dir;
    const QString db = dir.filePath("runs.db");
    std::vector<std::unique_ptr<QProcess>> ranks;
    for (int r = 0; r < 2; ++r) {
      QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
      env.insert("RANK", QString::number(r));
      env.insert("WORLD_SIZE", "2");
      env.insert("AMPSCOPE_TEST_INIT", "file://" + dir.filePath("rendezvous"));
      ranks.emplace_back(start_script("ddp_run.py", {db}, env));
    }
    for (auto& p : ranks) {
      QVERIFY(p->waitForFinished(120000));
      const QByteArray text = p->readAll();
      QVERIFY2(p->exitCode() == 0, text.constData());
    }
    RunStore store(db.toStdString(), RunStore::Mode::ReadOnly);
    const auto runs = store.runs();
    QCOMPARE(runs.size(), std::size_t(2));
    std::set<int> seen;
    for (const auto& s : runs) {
      QCOMPARE(s.origin.source, std::string("probe"));
      QCOMPARE(s.origin.world_size, 2);
      QVERIFY(!s.origin.group.empty());
      QCOMPARE(s.origin.group, runs[0].origin.group);
      QCOMPARE(s.steps, std::int64_t(8));
      QCOMPARE(s.status, std::string("finished"));
      seen.insert(s.origin.rank);
    }
    QCOMPARE(seen, (std::set<int>{0, 1}));
    // Per-rank statistics: after DDP's all-reduce the parameters' gradients are the same on both
    // ranks; the activations' (each rank's own batch) are not.
    const RunData a = store.load_run(runs[0].id), b = store.load_run(runs[1].id);
    QCOMPARE(a.layers.size(), b.layers.size());
    QCOMPARE(a.layers[0].name, std::string("fc1.weight"));  // DDP's "module." wrapper is looked through
    int same_params = 0, differing_acts = 0;
    for (std::size_t st = 0; st < a.steps.size(); ++st) {
      QCOMPARE(a.steps[st].layers.size(), a.layers.size());
      for (std::size_t l = 0; l < a.steps[st].layers.size(); ++l) {
        const auto& x = a.steps[st].layers[l].stats;
        const auto& y = b.steps[st].layers[l].stats;
        if (a.layers[l].kind == "activation") differing_acts += x.bins != y.bins;
        else same_params += x.bins == y.bins && x.amax == y.amax;
      }
    }
    QCOMPARE(same_params, 8 * 6);
    QVERIFY(differing_acts > 8);
#endif
  }

  /// (f) Bad arguments are refused by watch() itself, naming the argument (scripts/bad_args.py).
  void badArgumentsAreRefusedAtWatch() {
    QTemporaryDir dir;
    QByteArray out;
    QCOMPARE(run_script("bad_args.py", {dir.path()}, &out), 0);
    QVERIFY2(out.contains("all refused as expected"), out.constData());
  }

  /// (g) A store that cannot be written stops the recording, not the user's training: one
  /// warning by default, RunStoreError with on_error="raise" (scripts/store_error.py).
  void storeErrorLeavesTheTrainingRunning() {
    QTemporaryDir dir;
    QByteArray out;
    QCOMPARE(run_script("store_error.py", {dir.path()}, &out), 0);
    QVERIFY2(out.contains("training went on"), out.constData());
  }

  /// (h) A sparse embedding's gradient gives the dense gradient's statistics, a float64 layer's
  /// are read as float32 with its out-of-range ends kept where they count, a non-scalar loss is
  /// refused at its call, and a failure inside the probe stops the recording, not the training
  /// (scripts/unusual_grads.py).
  void unusualGradientsAreRecordedAsTheirValues() {
    QTemporaryDir dir;
    QJsonObject truth;
    RunData run;
    run_with_truth("unusual_grads.py", dir, truth, run);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(run.summary.status, std::string("finished"));
    QCOMPARE(run.steps.size(), std::size_t(3));
    int compared = 0;
    compare_run(run, truth["steps"].toObject(), &compared);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(compared, 3 * 7);  // 4 parameters + 3 activations
    std::map<std::string, int> id;
    for (std::size_t i = 0; i < run.layers.size(); ++i) id[run.layers[i].name] = static_cast<int>(i);
    for (const auto& rec : run.steps) {
      QCOMPARE(rec.first_offender, -1);  // 1e39 in float64 is finite: nothing to blame
      for (const auto& ls : rec.layers) {
        if (ls.layer == id["emb.weight"]) {
          QCOMPARE(ls.stats.numel, std::int64_t(200));
          QVERIFY(ls.stats.zero >= 4);  // at least one untouched row (the script checks there is one)
        }
        if (ls.layer == id["head64.weight"]) {
          QCOMPARE(ls.stats.pos_inf, std::int64_t(0));
          QCOMPARE(ls.stats.above_max, std::int64_t(1));
          QCOMPARE(ls.stats.below_min_subnormal, std::int64_t(2));  // 1e-50 and -1e-46, not zeros
          QCOMPARE(ls.stats.zero, std::int64_t(1));
        }
      }
    }
  }

  /// (j) On a terminal the probe says, once the run exists, the command that follows it live (by
  /// its name where --follow reads it as one, else by its id), and at close where the run is and
  /// the command that opens it (a file name with a space quoted for the shell); to a pipe nothing.
  void terminalSaysHowToFollowAndWhereTheRunIs() {
    QTemporaryDir dir;
    QByteArray out;
    QCOMPARE(run_script("say_where.py", {dir.path()}, &out), 0);
    QVERIFY2(out.contains("failures: none"), out.constData());
  }

  /// (i) A module called more than once in a step: its activation statistics are over every
  /// call of the backward pass that the step ends with (the last micro-batch of gradient
  /// accumulation, both halves of a siamese pair), as torch's own hooks see them; forward calls
  /// never backpropagated drop nothing.
  void modulesCalledMoreThanOnce() {
    QTemporaryDir dir;
    QJsonObject truth;
    RunData run;
    run_with_truth("shared_modules.py", dir, truth, run);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(run.steps.size(), std::size_t(3));
    int compared = 0;
    compare_run(run, truth["steps"].toObject(), &compared);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(compared, 3 * 15);  // 10 parameters + 5 activations
    std::map<std::string, std::string> kind;
    for (const auto& l : run.layers) {
      kind[l.name] = l.kind;
      if (l.name == "enc.out") QCOMPARE(l.numel, std::int64_t(88));  // both calls of the first step's last micro-batch
    }
    QCOMPARE(kind["gru.bias_ih"], std::string("bias"));  // the heatmap's "hide biases" hides them
    QCOMPARE(kind["gru.weight_hh"], std::string("weight"));
    QCOMPARE(kind["enc.bias"], std::string("bias"));
  }

  /// (d) The layer filter applies to parameters and activations; activations=False records none;
  /// name= is the run's name.
  void layerFilterAndActivations() {
    QTemporaryDir dir;
    const QString db = dir.filePath("runs.db");
    QCOMPARE(run_script("layers_run.py", {db}), 0);
    RunStore store(db.toStdString(), RunStore::Mode::ReadOnly);
    const auto runs = store.runs();
    QCOMPARE(runs.size(), std::size_t(2));
    auto names = [&](std::int64_t id) {
      QStringList n;
      for (const auto& l : store.load_run(id, false).layers) n << QString::fromStdString(l.name);
      return n.join(',');
    };
    std::map<std::int64_t, QString> by_id;
    for (const auto& s : runs) by_id[s.id] = names(s.id);
    QCOMPARE(by_id.begin()->second, QStringLiteral("fc1.weight,fc1.bias,fc2.weight,fc2.bias"));
    QCOMPARE(std::next(by_id.begin())->second, QStringLiteral("head.weight,head.bias,act.out,head.out"));
    // name= names the run beside its model's class; a run without one lists the class alone.
    QCOMPARE(runs[0].name, std::string("body \u00b7 fc"));
    QCOMPARE(run_title(runs[0]).english(), std::string("body \u00b7 fc (Net)"));
    QCOMPARE(run_title(runs[1]).english(), std::string("Net"));
    QCOMPARE(store.load_run(runs[0].id, false).config.name, runs[0].name);
    const RunData second = store.load_run(std::next(by_id.begin())->first);
    QCOMPARE(second.steps.size(), std::size_t(3));
    // probe.step() without a loss: the config says so, and the losses are NaN (unknown).
    QVERIFY(store.load_run(runs[0].id, false).config.loss_recorded);
    QVERIFY(!second.config.loss_recorded);
    for (const auto& st : second.steps) QVERIFY(std::isnan(st.loss));
    for (const auto& st : second.steps) QCOMPARE(st.layers.size(), std::size_t(4));
  }

  /// (e) Without precision=, the run is labelled with what its first forward pass ran in:
  /// torch.autocast's dtype, else the parameters' dtype, else fp32 (no scaler); a label given
  /// wins. The label is the summary's and the config's, which picks the charts' format limits.
  void precisionFromFirstForward() {
    QTemporaryDir dir;
    const QString db = dir.filePath("runs.db");
    QByteArray out;
    QCOMPARE(run_script("autocast_run.py", {db}, &out), 0);
    RunStore store(db.toStdString(), RunStore::Mode::ReadOnly);
    const auto runs = store.runs();
    QCOMPARE(runs.size(), std::size_t(4));
    std::map<std::int64_t, RunSummary> by_id;
    for (const auto& s : runs) by_id[s.id] = s;
    const QList<QByteArray> ids = out.trimmed().split('\n');
    QCOMPARE(ids.size(), 4);
    const char* labels[] = {"bf16", "fp32", "fp32", "bf16"};
    const Precision precisions[] = {Precision::BF16, Precision::FP32, Precision::FP32, Precision::BF16};
    for (int i = 0; i < 4; ++i) {
      const std::int64_t id = ids[i].trimmed().toLongLong();
      QVERIFY2(by_id.count(id), qPrintable(QStringLiteral("run %1 not in the store").arg(id)));
      QCOMPARE(QString::fromStdString(by_id[id].precision), QString::fromLatin1(labels[i]));
      const RunData run = store.load_run(id);
      QCOMPARE(run.config.precision, precisions[i]);
      QCOMPARE(run.steps.size(), std::size_t(3));
      QCOMPARE(run.steps[0].layers.size(), run.layers.size());  // statistics recorded as before
      // watch() was given no optimizer: the config says so, rather than a default kind and lr.
      QCOMPARE(run.config.optimizer, OptimizerKind::Unrecorded);
    }
  }
};

QTEST_GUILESS_MAIN(TestProbe)
#include "test_probe.moc"
