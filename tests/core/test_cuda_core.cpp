// Core on CUDA (issue #3): the GradScaler's check + unscale + statistics and the session's
// statistics go through the kernels' CUDA pass, with results read back asynchronously.
// - The GradScaler on CUDA gives the same scale trajectory, skips, found_inf, per-parameter
//   counts and exponent histograms as on the CPU from the same gradients (sum of squares to
//   1e-9 relative: the CUDA pass adds in a different order), and the same unscaled values.
// - Several unscales pending at once (two optimizers) and mixed dtypes on one device.
// - A TrainingSession on CUDA has statistics for every layer and never copies a gradient to
//   the host for them.
// - A real CUDA out-of-memory error mid-step (the caching allocator's own) ends the session
//   with a message; a new CUDA session and a CPU session run after it.
// Needs a CUDA device, a CUDA LibTorch and the CUDA kernels: otherwise it exits with 77, which
// CTest reports as "Skipped".
#include <ampscope/grad_scaler.h>
#include <ampscope/kernels/grad_stats.h>
#include <ampscope/training_session.h>

#include "session_test_helpers.h"

#include <torch/cuda.h>
#include <torch/nn.h>
#include <torch/optim.h>

#include <QtTest>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>
#include <set>
#include <vector>

using namespace ampscope;

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

struct Recorder : GradScalerObserver {
  std::vector<UnscaleEvent> unscales;
  std::vector<StepEvent> steps;
  std::vector<UpdateEvent> updates;
  void on_unscale(const UnscaleEvent& e) override { unscales.push_back(e); }
  void on_step(const StepEvent& e) override { steps.push_back(e); }
  void on_update(const UpdateEvent& e) override { updates.push_back(e); }
};

bool close_rel(double a, double b, double rel) {
  if (a == b) return true;
  return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

/// The first difference between two raw statistics, or an empty string.
QString raw_diff(const kernels::RawTensorStats& a, const kernels::RawTensorStats& b) {
  for (int e = 0; e < kernels::kRawExpBins; ++e)
    if (a.exp_count[e] != b.exp_count[e])
      return QString("exp_count[2^%1]: %2 vs %3").arg(e + kernels::kRawMinExp).arg(a.exp_count[e]).arg(b.exp_count[e]);
  if (a.zero != b.zero) return QString("zero: %1 vs %2").arg(a.zero).arg(b.zero);
  if (a.nan != b.nan) return QString("nan: %1 vs %2").arg(a.nan).arg(b.nan);
  if (a.pos_inf != b.pos_inf) return QString("+inf: %1 vs %2").arg(a.pos_inf).arg(b.pos_inf);
  if (a.neg_inf != b.neg_inf) return QString("-inf: %1 vs %2").arg(a.neg_inf).arg(b.neg_inf);
  if (a.amax_bits != b.amax_bits) return QString("amax bits: %1 vs %2").arg(a.amax_bits).arg(b.amax_bits);
  if (a.amin_nz_bits != b.amin_nz_bits)
    return QString("amin bits: %1 vs %2").arg(a.amin_nz_bits).arg(b.amin_nz_bits);
  for (int f = 0; f < kernels::kNumFormats; ++f)
    if (a.cast_overflow[f] != b.cast_overflow[f])
      return QString("cast_overflow[%1]: %2 vs %3").arg(f).arg(a.cast_overflow[f]).arg(b.cast_overflow[f]);
  if (!close_rel(a.sum_squares, b.sum_squares, 1e-9))
    return QString("sum_squares: %1 vs %2").arg(a.sum_squares, 0, 'g', 17).arg(b.sum_squares, 0, 'g', 17);
  return {};
}

/// The first difference between two unscale events (CPU run first), or an empty string.
QString event_diff(const UnscaleEvent& cpu, const UnscaleEvent& cuda) {
  if (cpu.found_inf != cuda.found_inf) return QString("found_inf %1 vs %2").arg(cpu.found_inf).arg(cuda.found_inf);
  if (cpu.scale != cuda.scale) return QString("scale %1 vs %2").arg(cpu.scale).arg(cuda.scale);
  if (cpu.inv_scale != cuda.inv_scale) return QString("inv_scale %1 vs %2").arg(cpu.inv_scale).arg(cuda.inv_scale);
  if (cpu.params.size() != cuda.params.size())
    return QString("%1 vs %2 parameters").arg(cpu.params.size()).arg(cuda.params.size());
  for (std::size_t i = 0; i < cpu.params.size(); ++i) {
    const ParamGradReport& a = cpu.params[i];
    const ParamGradReport& b = cuda.params[i];
    const QString where = QString("parameter %1/%2: ").arg(a.group).arg(a.index);
    if (a.group != b.group || a.index != b.index) return where + "order differs";
    if (a.numel != b.numel) return where + QString("numel %1 vs %2").arg(a.numel).arg(b.numel);
    if (a.nan != b.nan || a.pos_inf != b.pos_inf || a.neg_inf != b.neg_inf)
      return where + QString("nan/+inf/-inf %1/%2/%3 vs %4/%5/%6")
                         .arg(a.nan).arg(a.pos_inf).arg(a.neg_inf).arg(b.nan).arg(b.pos_inf).arg(b.neg_inf);
    if (a.has_stats != b.has_stats) return where + QString("has_stats %1 vs %2").arg(a.has_stats).arg(b.has_stats);
    if (a.has_stats) {
      const QString d = raw_diff(a.raw, b.raw);
      if (!d.isEmpty()) return where + d;
    }
  }
  return {};
}

/// Same values, same positions of inf and NaN (rtol = atol = 0).
bool same_values(const torch::Tensor& cpu, const torch::Tensor& cuda) {
  const torch::Tensor b = cuda.to(torch::kCPU);
  return cpu.sizes() == b.sizes() && cpu.scalar_type() == b.scalar_type() &&
         torch::allclose(cpu, b, /*rtol=*/0.0, /*atol=*/0.0, /*equal_nan=*/true);
}

std::vector<torch::Tensor> cuda_copies(const std::vector<torch::Tensor>& cpu) {
  std::vector<torch::Tensor> out;
  for (const auto& p : cpu) out.push_back(p.detach().to(torch::kCUDA).requires_grad_(true));
  return out;
}

}  // namespace

class TestCudaCore : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    if (!torch::cuda::is_available() || !kernels::cuda_available()) {
      // One line for the log, then exit code 77 so CTest reports "skipped", not "passed".
      qInfo("SKIP: %s", !torch::cuda::is_available()
                            ? "this LibTorch has no CUDA, or no CUDA device was found"
                            : "no CUDA kernels in this build (configured without nvcc), or no device for them");
      std::exit(77);
    }
    set_compute_threads(1);
  }

  /// A small fp32 model trained with the scaler on the CPU and, from the same scaled gradients,
  /// on CUDA: every report and every unscaled value must agree.
  void scaler_on_cuda_matches_cpu() {
    torch::manual_seed(1234);
    torch::nn::Sequential model(torch::nn::Linear(8, 32), torch::nn::ReLU(), torch::nn::Linear(32, 32),
                                torch::nn::Tanh(), torch::nn::Linear(32, 4));
    std::vector<torch::Tensor> cpu_params = model->parameters();
    std::vector<torch::Tensor> cuda_params = cuda_copies(cpu_params);
    torch::optim::SGD opt_cpu(cpu_params, torch::optim::SGDOptions(0.05));
    torch::optim::SGD opt_cuda(cuda_params, torch::optim::SGDOptions(0.05));
    GradScalerOptions o;
    o.init_scale(1024.0).growth_interval(2);
    GradScaler scaler_cpu(o), scaler_cuda(o);
    Recorder rec_cpu, rec_cuda;
    scaler_cpu.add_observer(&rec_cpu);
    scaler_cuda.add_observer(&rec_cuda);

    constexpr int kSteps = 12;
    int skipped = 0;
    for (int step = 0; step < kSteps; ++step) {
      const torch::Tensor x = torch::randn({64, 8}) * (step % 3 == 0 ? 1e-3 : 1.0);
      const torch::Tensor y = torch::randn({64, 4});
      for (auto& p : cpu_params) p.mutable_grad() = torch::Tensor();
      for (auto& p : cuda_params) p.mutable_grad() = torch::Tensor();
      const torch::Tensor loss = torch::mse_loss(model->forward(x), y);
      scaler_cpu.scale(loss).backward();
      (void)scaler_cuda.scale(loss.detach().to(torch::kCUDA));  // the CUDA scaler's scale lives on CUDA
      {
        torch::NoGradGuard ng;
        if (step == 4) cpu_params[2].mutable_grad()[1][3].fill_(kInf);
        if (step == 7) {
          cpu_params[0].mutable_grad()[0][0].fill_(kNaN);
          cpu_params[4].mutable_grad()[2][5].fill_(-kInf);
        }
      }
      for (std::size_t i = 0; i < cpu_params.size(); ++i)
        cuda_params[i].mutable_grad() = cpu_params[i].grad().to(torch::kCUDA);

      scaler_cpu.unscale_(opt_cpu);
      scaler_cuda.unscale_(opt_cuda);
      // The CPU event is delivered at once; the CUDA one waits for the skip decision.
      QCOMPARE(rec_cpu.unscales.size(), std::size_t(step + 1));
      QCOMPARE(rec_cuda.unscales.size(), std::size_t(step));
      for (std::size_t i = 0; i < cpu_params.size(); ++i)
        QVERIFY2(same_values(cpu_params[i].grad(), cuda_params[i].grad()),
                 qPrintable(QString("step %1: unscaled gradient %2 differs").arg(step).arg(i)));

      const bool stepped_cpu = scaler_cpu.step(opt_cpu);
      const bool stepped_cuda = scaler_cuda.step(opt_cuda);
      QCOMPARE(rec_cuda.unscales.size(), std::size_t(step + 1));
      QCOMPARE(stepped_cuda, stepped_cpu);
      QCOMPARE(stepped_cpu, step != 4 && step != 7);
      skipped += stepped_cpu ? 0 : 1;
      scaler_cpu.update();
      scaler_cuda.update();
      QCOMPARE(scaler_cuda.get_scale(), scaler_cpu.get_scale());
      QCOMPARE(scaler_cuda.get_growth_tracker(), scaler_cpu.get_growth_tracker());

      // The optimizer steps agree to rounding; then both continue from the CPU's weights.
      torch::NoGradGuard ng;
      for (std::size_t i = 0; i < cpu_params.size(); ++i) {
        QVERIFY(torch::allclose(cuda_params[i].detach().cpu(), cpu_params[i].detach(), 1e-6, 1e-7));
        cuda_params[i].copy_(cpu_params[i]);
      }
    }
    QCOMPARE(skipped, 2);

    QCOMPARE(rec_cuda.unscales.size(), rec_cpu.unscales.size());
    for (std::size_t s = 0; s < rec_cpu.unscales.size(); ++s) {
      const QString d = event_diff(rec_cpu.unscales[s], rec_cuda.unscales[s]);
      QVERIFY2(d.isEmpty(), qPrintable(QString("step %1: %2").arg(s).arg(d)));
      for (const auto& r : rec_cuda.unscales[s].params) QVERIFY(r.has_stats);  // the kernels' pass, not ATen
    }
    QCOMPARE(rec_cuda.steps.size(), rec_cpu.steps.size());
    for (std::size_t s = 0; s < rec_cpu.steps.size(); ++s) {
      QCOMPARE(rec_cuda.steps[s].stepped, rec_cpu.steps[s].stepped);
      QCOMPARE(rec_cuda.steps[s].found_inf, rec_cpu.steps[s].found_inf);
    }
    QCOMPARE(rec_cuda.updates.size(), rec_cpu.updates.size());
    bool grew = false;
    for (std::size_t s = 0; s < rec_cpu.updates.size(); ++s) {
      const UpdateEvent& a = rec_cpu.updates[s];
      const UpdateEvent& b = rec_cuda.updates[s];
      QCOMPARE(b.found_inf, a.found_inf);
      QCOMPARE(b.before.scale, a.before.scale);
      QCOMPARE(b.after.scale, a.after.scale);
      QCOMPARE(b.after.growth_tracker, a.after.growth_tracker);
      QCOMPARE(static_cast<int>(b.reason), static_cast<int>(a.reason));
      grew = grew || a.after.scale > a.before.scale;
    }
    QVERIFY(grew);  // the trajectory grows and backs off
    scaler_cpu.remove_observer(&rec_cpu);
    scaler_cuda.remove_observer(&rec_cuda);
  }

  /// Two optimizers unscaled before either steps (two CUDA passes pending at once), with f32,
  /// bf16 (the same launch) and f64 (LibTorch's ops) gradients, one of them transposed; twice,
  /// so that the second iteration reuses the passes.
  void two_optimizers_pending_mixed_dtypes() {
    torch::manual_seed(99);
    auto make = [](torch::Tensor t) { return t.requires_grad_(true); };
    std::vector<torch::Tensor> a_cpu{make(torch::zeros({64, 33})), make(torch::zeros({257}, torch::kBFloat16)),
                                     make(torch::zeros({5, 7}, torch::kDouble))};
    std::vector<torch::Tensor> b_cpu{make(torch::zeros({1000})), make(torch::zeros({33, 64}))};
    std::vector<torch::Tensor> a_cuda = cuda_copies(a_cpu), b_cuda = cuda_copies(b_cpu);
    // lr 0: the weights never move, only the scaler is under test.
    torch::optim::SGD oa_cpu(a_cpu, torch::optim::SGDOptions(0.0)), ob_cpu(b_cpu, torch::optim::SGDOptions(0.0));
    torch::optim::SGD oa_cuda(a_cuda, torch::optim::SGDOptions(0.0)), ob_cuda(b_cuda, torch::optim::SGDOptions(0.0));
    GradScaler scaler_cpu, scaler_cuda;
    Recorder rec_cpu, rec_cuda;
    scaler_cpu.add_observer(&rec_cpu);
    scaler_cuda.add_observer(&rec_cuda);

    for (int iter = 0; iter < 2; ++iter) {
      // Scaled gradients: wide range, some zeros; B holds an inf (iteration 0) or a NaN (1).
      auto grad_like = [](torch::IntArrayRef sizes, torch::ScalarType dt) {
        torch::Tensor g = torch::randn(sizes, torch::kDouble) * torch::exp(torch::randn(sizes, torch::kDouble) * 4.0);
        g.masked_fill_(torch::rand(sizes) < 0.1, 0.0);
        return (g * 65536.0).to(dt);
      };
      for (std::size_t i = 0; i < a_cpu.size(); ++i) a_cpu[i].mutable_grad() = grad_like(a_cpu[i].sizes(), a_cpu[i].scalar_type());
      b_cpu[0].mutable_grad() = grad_like({1000}, torch::kFloat);
      b_cpu[0].mutable_grad()[17].fill_(iter == 0 ? kInf : kNaN);
      b_cpu[1].mutable_grad() = grad_like({64, 33}, torch::kFloat).t();  // transposed (non-contiguous)
      for (std::size_t i = 0; i < a_cpu.size(); ++i) a_cuda[i].mutable_grad() = a_cpu[i].grad().to(torch::kCUDA);
      for (std::size_t i = 0; i < b_cpu.size(); ++i) b_cuda[i].mutable_grad() = b_cpu[i].grad().to(torch::kCUDA);
      QVERIFY(!b_cuda[1].grad().is_contiguous());

      (void)scaler_cpu.scale(torch::ones({}));
      (void)scaler_cuda.scale(torch::ones({}, torch::TensorOptions().device(torch::kCUDA)));
      scaler_cpu.unscale_(oa_cpu);
      scaler_cpu.unscale_(ob_cpu);
      scaler_cuda.unscale_(oa_cuda);
      scaler_cuda.unscale_(ob_cuda);
      QCOMPARE(rec_cuda.unscales.size(), std::size_t(2 * iter));  // both pending
      const bool a_stepped = scaler_cuda.step(oa_cuda);
      const bool b_stepped = scaler_cuda.step(ob_cuda);
      QCOMPARE(a_stepped, scaler_cpu.step(oa_cpu));
      QCOMPARE(b_stepped, scaler_cpu.step(ob_cpu));
      QVERIFY(a_stepped);
      QVERIFY(!b_stepped);
      scaler_cpu.update();
      scaler_cuda.update();
      QCOMPARE(scaler_cuda.get_scale(), scaler_cpu.get_scale());

      QCOMPARE(rec_cuda.unscales.size(), std::size_t(2 * iter + 2));
      QCOMPARE(rec_cpu.unscales.size(), rec_cuda.unscales.size());
      for (std::size_t e = 2 * iter; e < rec_cpu.unscales.size(); ++e) {
        const QString d = event_diff(rec_cpu.unscales[e], rec_cuda.unscales[e]);
        QVERIFY2(d.isEmpty(), qPrintable(QString("iteration %1, event %2: %3").arg(iter).arg(e).arg(d)));
      }
      const UnscaleEvent& ea = rec_cuda.unscales[2 * iter];
      const UnscaleEvent& eb = rec_cuda.unscales[2 * iter + 1];
      QCOMPARE(ea.optimizer_id, static_cast<const void*>(&oa_cuda));
      QCOMPARE(eb.optimizer_id, static_cast<const void*>(&ob_cuda));
      QVERIFY(!ea.found_inf);
      QVERIFY(eb.found_inf);
      QVERIFY(ea.params[0].has_stats && ea.params[1].has_stats);  // f32 and bf16: one CUDA launch
      QVERIFY(!ea.params[2].has_stats);                           // f64: counts only (ATen ops)
      QCOMPARE(eb.params[0].nonfinite(), std::int64_t(1));
      QCOMPARE(eb.params[0].pos_inf, std::int64_t(iter == 0 ? 1 : 0));
      for (std::size_t i = 0; i < a_cpu.size(); ++i) QVERIFY(same_values(a_cpu[i].grad(), a_cuda[i].grad()));
      for (std::size_t i = 0; i < b_cpu.size(); ++i) QVERIFY(same_values(b_cpu[i].grad(), b_cuda[i].grad()));
    }
    scaler_cpu.remove_observer(&rec_cpu);
    scaler_cuda.remove_observer(&rec_cuda);
  }

  void session_on_cuda_data() {
    QTest::addColumn<int>("precision");
    QTest::addColumn<bool>("useScaler");
    QTest::newRow("fp16 autocast, scaler") << int(Precision::FP16) << true;
    QTest::newRow("bf16 autocast, scaler") << int(Precision::BF16) << true;
    QTest::newRow("fp32, no scaler") << int(Precision::FP32) << false;
  }

  /// Statistics for every layer (parameters and activation gradients), every count accounted
  /// for, a fault seen, and no gradient copied to the host.
  void session_on_cuda() {
    QFETCH(int, precision);
    QFETCH(bool, useScaler);
    SessionConfig c;
    c.model = "spiral-mlp";
    c.device = DeviceKind::CUDA;
    c.precision = static_cast<Precision>(precision);
    c.use_scaler = useScaler;
    c.seed = 3;
    c.batch_size = 128;
    c.stats_every = 1;
    c.activation_stats = true;
    c.scaler.init_scale(1024.0);  // far from overflow: only the injected fault may skip a step
    constexpr std::int64_t kFaultStep = 3;
    c.faults.push_back({"fc2", FaultKind::Inf, kFaultStep});
    TrainingSession s(c);
    QCOMPARE(s.device(), DeviceKind::CUDA);
    const auto& layers = s.layers();
    int fc2_weight = -1;
    for (std::size_t i = 0; i < layers.size(); ++i)
      if (layers[i].name == "fc2.weight") fc2_weight = static_cast<int>(i);
    QVERIFY(fc2_weight >= 0);

    // Activation gradients' amax and sum of squares per step: a pass that did not run for a
    // step (with a scaler it is enqueued from the unscale event) would leave the last step's.
    std::map<int, std::pair<double, double>> last_act;
    int act_changed = 0;
    for (std::int64_t step = 0; step <= kFaultStep; ++step) {
      const StepRecord r = s.step();
      std::set<int> seen;
      for (const auto& ls : r.layers) {
        QVERIFY(ls.layer >= 0 && ls.layer < static_cast<int>(layers.size()));
        seen.insert(ls.layer);
        const auto& st = ls.stats;
        std::int64_t total = st.zero + st.nan + st.pos_inf + st.neg_inf;
        for (auto b : st.bins) total += b;
        const QString what = QString("step %1, %2").arg(step).arg(QString::fromStdString(layers[ls.layer].name));
        QVERIFY2(total == st.numel, qPrintable(what + QString(": counts %1, numel %2").arg(total).arg(st.numel)));
        QVERIFY2(st.numel == layers[ls.layer].numel && st.numel > 0, qPrintable(what + ": numel"));
        if (layers[ls.layer].kind == "activation") {
          const std::pair<double, double> now{st.amax, st.sum_squares};
          if (step > 0 && last_act.count(ls.layer) && last_act[ls.layer] != now) ++act_changed;
          last_act[ls.layer] = now;
          QVERIFY2(st.amax > 0, qPrintable(what + ": an activation gradient with amax 0"));
        }
      }
      QVERIFY2(seen.size() == layers.size(),
               qPrintable(QString("step %1: statistics for %2 of %3 layers").arg(step).arg(seen.size()).arg(layers.size())));
      if (step < kFaultStep) {
        QVERIFY(!r.found_inf);
        QVERIFY(!r.skipped);
      } else {
        QVERIFY(r.found_inf);
        QCOMPARE(r.skipped, useScaler);
        QVERIFY(r.first_offender >= 0);
        bool fc2_nonfinite = false;
        for (const auto& ls : r.layers)
          if (ls.layer == fc2_weight) fc2_nonfinite = ls.stats.pos_inf > 0;
        QVERIFY(fc2_nonfinite);
      }
    }
    // Every step trains on another batch: each activation layer's numbers move every step.
    QCOMPARE(act_changed, static_cast<int>(kFaultStep) * static_cast<int>(last_act.size()));
    QCOMPARE(s.stats_host_copies(), std::uint64_t(0));
  }

  /// The device's allocator refusing memory in the middle of a step (after backward, on the
  /// worker thread): not a simulated exception but the one LibTorch's CUDA caching allocator
  /// throws for a 4 TiB request. The run ends at that step with one Error event that says what
  /// to do, without LibTorch's backtrace; the GPU is usable again by the next session, and so
  /// is the CPU.
  void real_cuda_out_of_memory_ends_the_session() {
    SessionConfig c;
    c.model = "spiral-mlp";
    c.device = DeviceKind::CUDA;
    c.precision = Precision::FP16;
    c.batch_size = 128;
    c.max_steps = 30;
    constexpr std::int64_t kDies = 5;
    TrainingSession s(c);
    s.set_step_hook([](std::int64_t step) {
      if (step != kDies) return;
      const auto huge = torch::empty({std::int64_t{1} << 40}, torch::TensorOptions().dtype(torch::kFloat).device(torch::kCUDA));
      (void)huge;  // not reached: the allocator throws
    });
    s.start();
    const std::vector<StepRecord> got = test::drain_until_done(s, 120000);
    QCOMPARE(got.size(), std::size_t(kDies));  // steps 0..4; step 5 died after backward
    QVERIFY(!s.running());
    const auto errors = test::events_of(s.drain_events(), SessionEvent::Kind::Error);
    QCOMPARE(errors.size(), std::size_t(1));
    const QString text = QString::fromStdString(errors[0].message);
    qInfo("the Error event: %s", qPrintable(text));
    QVERIFY2(text.startsWith(QStringLiteral("training stopped at step %1: ").arg(kDies)), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("out of memory. The session has ended")), qPrintable(text));
    QVERIFY2(!text.contains("frame #") && !text.contains("Exception raised from"), qPrintable(text));

    for (const DeviceKind device : {DeviceKind::CUDA, DeviceKind::CPU}) {
      SessionConfig next = c;
      next.device = device;
      next.max_steps = 20;
      TrainingSession fresh(next);
      fresh.start();
      QCOMPARE(test::drain_until_done(fresh, 120000).size(), std::size_t(20));
      QVERIFY(test::events_of(fresh.drain_events(), SessionEvent::Kind::Error).empty());
    }
  }
};

QTEST_GUILESS_MAIN(TestCudaCore)
#include "test_cuda_core.moc"
