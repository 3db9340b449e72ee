// GradScaler against docs/gradscaler.md: PyTorch's acceptance vectors, state machine, errors,
// dtypes, sparse and strided gradients, the overflow walk to zero, policies, state I/O.
#include <ampscope/grad_scaler.h>

#include "scaler_test_util.h"

#include <torch/autograd.h>
#include <torch/cuda.h>
#include <torch/nn.h>
#include <torch/optim.h>
#include <torch/nn/utils/clip_grad.h>

#include <QTemporaryDir>
#include "test_helpers.h"

#include <QtTest>

#include <cmath>
#include <fstream>
#include <functional>

Q_DECLARE_METATYPE(ampscope::GradScalerOptions)

using namespace ampscope;
using ampscope::test::thrown_message;
using ampscope::test::ScalerRig;

namespace {

/// "F F O" -> {false, false, true}
std::vector<bool> pattern(const QString& p) {
  std::vector<bool> out;
  for (const auto& tok : p.split(' ', Qt::SkipEmptyParts)) out.push_back(tok == "O");
  return out;
}

std::vector<double> numbers(const QString& s) {
  std::vector<double> out;
  for (const auto& tok : s.split(' ', Qt::SkipEmptyParts)) out.push_back(tok.toDouble());
  return out;
}


// --- Acceptance vector 2/3: two identical Linear(8,8)->Linear(8,8) models ------------------

struct Case {
  torch::nn::Sequential control{torch::nn::Linear(8, 8), torch::nn::Linear(8, 8)};
  torch::nn::Sequential scaling{torch::nn::Linear(8, 8), torch::nn::Linear(8, 8)};
  std::vector<std::pair<torch::Tensor, torch::Tensor>> data;
  static constexpr int kSkipIter = 2;

  explicit Case(std::uint64_t seed) {
    torch::manual_seed(seed);
    control = torch::nn::Sequential(torch::nn::Linear(8, 8), torch::nn::Linear(8, 8));
    scaling = torch::nn::Sequential(torch::nn::Linear(8, 8), torch::nn::Linear(8, 8));
    torch::NoGradGuard ng;
    auto cp = control->parameters();
    auto sp = scaling->parameters();
    for (std::size_t i = 0; i < cp.size(); ++i) sp[i].copy_(cp[i]);
    for (int i = 0; i < 4; ++i) data.emplace_back(torch::randn({8, 8}), torch::randn({8, 8}));
  }
  torch::Tensor second_weight(torch::nn::Sequential& m) { return m->parameters()[2]; }
};

void expect_same_params(torch::nn::Sequential& a, torch::nn::Sequential& b, double atol) {
  auto pa = a->parameters();
  auto pb = b->parameters();
  QCOMPARE(pa.size(), pb.size());
  for (std::size_t i = 0; i < pa.size(); ++i) {
    QVERIFY2(torch::allclose(pa[i], pb[i], 1e-5, atol), qPrintable(QString("parameter %1 differs").arg(i)));
    // LibTorch 2.x's zero_grad() sets gradients to None (1.13's zeroes them): then both are.
    QCOMPARE(pa[i].grad().defined(), pb[i].grad().defined());
    if (pa[i].grad().defined())
      QVERIFY2(torch::allclose(pa[i].grad(), pb[i].grad(), 1e-5, atol), qPrintable(QString("grad %1 differs").arg(i)));
  }
}

}  // namespace

class TestGradScaler : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { torch::set_num_threads(1); }

  // --- defaults and validation --------------------------------------------------------------
  void defaults() {
    GradScaler s;
    QCOMPARE(s.get_scale(), 65536.0);
    QCOMPARE(s.get_growth_factor(), 2.0);
    QCOMPARE(s.get_backoff_factor(), 0.5);
    QCOMPARE(s.get_growth_interval(), std::int64_t(2000));
    QCOMPARE(s.get_growth_tracker(), std::int64_t(0));
    QVERIFY(s.is_enabled());
    GradScaler off(GradScalerOptions().enabled(false));
    QCOMPARE(off.get_scale(), 1.0);
    QVERIFY(off.state_dict().empty);
  }

  void invalid_options_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("message");
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    QTest::newRow("growth 1") << 0 << 1.0 << "The growth factor must be > 1.0.";
    QTest::newRow("growth 0.5") << 0 << 0.5 << "The growth factor must be > 1.0.";
    QTest::newRow("growth nan") << 0 << nan << "The growth factor must be > 1.0.";
    QTest::newRow("growth inf") << 0 << inf << "growth_factor = inf";
    QTest::newRow("backoff 1") << 1 << 1.0 << "The backoff factor must be < 1.0.";
    QTest::newRow("backoff 2") << 1 << 2.0 << "The backoff factor must be < 1.0.";
    QTest::newRow("backoff 0") << 1 << 0.0 << "backoff_factor = 0";
    QTest::newRow("backoff -0.5") << 1 << -0.5 << "backoff_factor = -0.5";
    QTest::newRow("init 0") << 2 << 0.0 << "init_scale = 0";
    QTest::newRow("init -1") << 2 << -1.0 << "init_scale = -1";
    QTest::newRow("init inf") << 2 << inf << "init_scale = inf";
    QTest::newRow("init nan") << 2 << nan << "init_scale = nan";
    QTest::newRow("init 1e39") << 2 << 1e39 << "init_scale = 1e+39 is invalid: it must be representable in fp32";
    QTest::newRow("interval 0") << 3 << 0.0 << "growth_interval = 0";
    QTest::newRow("interval -5") << 3 << -5.0 << "growth_interval = -5";
    QTest::newRow("hysteresis 0") << 4 << 0.0 << "hysteresis = 0";
    QTest::newRow("min -1") << 5 << -1.0 << "min_scale = -1";
    QTest::newRow("max 0") << 6 << 0.0 << "max_scale = 0";
  }
  void invalid_options() {
    QFETCH(int, which);
    QFETCH(double, value);
    QFETCH(QString, message);
    GradScalerOptions o;
    switch (which) {
      case 0: o.growth_factor(value); break;
      case 1: o.backoff_factor(value); break;
      case 2: o.init_scale(value); break;
      case 3: o.growth_interval(static_cast<std::int64_t>(value)); break;
      case 4: o.hysteresis(static_cast<std::int64_t>(value)); break;
      case 5: o.min_scale(value); break;
      case 6: o.max_scale(value); break;
    }
    // Refused by the constructor...
    bool threw = false;
    try {
      GradScaler s(o);
    } catch (const std::invalid_argument& e) {
      threw = true;
      const QString got = QString::fromStdString(e.what());
      QVERIFY2(got.contains(message), qPrintable(got));
    }
    QVERIFY(threw);
    // ...and by every other door: the live setters leave a working scaler untouched.
    GradScaler s;
    const GradScalerOptions before = s.options();
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, s.set_options(o));
    QVERIFY(s.options() == before);
    if (which == 0) QVERIFY_THROWS_EXCEPTION(std::invalid_argument, s.set_growth_factor(value));
    if (which == 1) QVERIFY_THROWS_EXCEPTION(std::invalid_argument, s.set_backoff_factor(value));
    if (which == 3) QVERIFY_THROWS_EXCEPTION(std::invalid_argument, s.set_growth_interval(static_cast<std::int64_t>(value)));
    QVERIFY(s.options() == before);
  }

  void min_above_max_refused() {
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, GradScaler(GradScalerOptions().min_scale(8).max_scale(4).init_scale(4)));
    const QString msg = thrown_message([] { GradScaler(GradScalerOptions().max_scale(1024)); });
    QVERIFY2(msg.contains("init_scale = 65536"), qPrintable(msg));
  }

  // --- acceptance vector 1, 5, 6 and the policies: trajectories through the real API ------
  void trajectory_data() {
    QTest::addColumn<GradScalerOptions>("options");
    QTest::addColumn<QString>("steps");
    QTest::addColumn<QString>("scales");
    QTest::addColumn<QString>("trackers");
    QTest::addColumn<QString>("reasons");
    QTest::newRow("vector 1: update rule")
        << GradScalerOptions().init_scale(4).growth_factor(2).backoff_factor(0.25).growth_interval(2)
        << "F F O" << "4 8 2" << "1 0 0" << "unchanged grow backoff";
    QTest::newRow("vector 5: growth guard")
        << GradScalerOptions().init_scale(1e38).growth_factor(16).growth_interval(1) << "F"
        << QString::number(double(float(1e38)), 'g', 17) << "0" << "growth_refused";
    QTest::newRow("vector 6: trajectory")
        << GradScalerOptions().init_scale(1024).growth_factor(2).backoff_factor(0.5).growth_interval(3)
        << "F F F O F F F F O O F F F" << "1024 1024 2048 1024 1024 1024 2048 2048 1024 512 512 512 1024"
        << "1 2 0 0 1 2 0 1 0 0 1 2 0"
        << "unchanged unchanged grow backoff unchanged unchanged grow unchanged backoff backoff unchanged unchanged grow";
    QTest::newRow("hysteresis 2 (Megatron)")
        << GradScalerOptions().init_scale(1024).growth_interval(3).hysteresis(2)
        << "F F F O F F F F O O F F F" << "1024 1024 2048 2048 2048 2048 4096 4096 4096 2048 2048 2048 4096"
        << "1 2 0 0 1 2 0 1 0 0 1 2 0"
        << "unchanged unchanged grow hysteresis unchanged unchanged grow unchanged hysteresis backoff unchanged unchanged grow";
    // DeepSpeed's consecutive hysteresis: a clean step refills the counter, so isolated
    // overflows never back off; two in a row do.
    QTest::newRow("consecutive hysteresis 2")
        << GradScalerOptions().init_scale(1024).growth_interval(100).hysteresis(2).consecutive_hysteresis(true)
        << "O F O F O O O" << "1024 1024 1024 1024 1024 512 256" << "0 1 0 1 0 0 0"
        << "hysteresis unchanged hysteresis unchanged hysteresis backoff backoff";
    QTest::newRow("min_scale clamps backoff")
        << GradScalerOptions().init_scale(4).min_scale(1) << "O O O O" << "2 1 1 1" << "0 0 0 0"
        << "backoff backoff clamped_min clamped_min";
    QTest::newRow("max_scale clamps growth")
        << GradScalerOptions().init_scale(4).growth_interval(1).max_scale(16) << "F F F O F"
        << "8 16 16 8 16" << "0 0 0 0 0" << "grow grow clamped_max backoff grow";
    QTest::newRow("static scale")
        << GradScalerOptions().init_scale(128).growth_interval(1).static_scale(true) << "F O F O"
        << "128 128 128 128" << "0 0 0 0" << "unchanged unchanged unchanged unchanged";
  }
  void trajectory() {
    QFETCH(GradScalerOptions, options);
    QFETCH(QString, steps);
    QFETCH(QString, scales);
    QFETCH(QString, trackers);
    QFETCH(QString, reasons);
    const auto pat = pattern(steps);
    const auto want_scale = numbers(scales);
    const auto want_tracker = numbers(trackers);
    const auto want_reason = reasons.split(' ');
    QCOMPARE(want_scale.size(), pat.size());

    // 1. The pure update rule.
    ScalerState st = initial_state(options);
    for (std::size_t i = 0; i < pat.size(); ++i) {
      const ScaleUpdate u = apply_update(options, st, pat[i]);
      QCOMPARE(double(u.after.scale), want_scale[i]);
      QCOMPARE(double(u.after.growth_tracker), want_tracker[i]);
      QCOMPARE(QString::fromUtf8(to_string(u.reason).data()), want_reason[int(i)]);
      st = u.after;
    }

    // 2. The same through GradScaler with a real optimizer; observer sees every reason.
    struct Recorder : GradScalerObserver {
      std::vector<UpdateEvent> updates;
      std::vector<StepEvent> steps;
      void on_update(const UpdateEvent& e) override { updates.push_back(e); }
      void on_step(const StepEvent& e) override { steps.push_back(e); }
    } rec;
    GradScaler scaler(options);
    scaler.add_observer(&rec);
    ScalerRig rig;
    for (std::size_t i = 0; i < pat.size(); ++i) {
      const bool stepped = rig.iterate(scaler, pat[i]);
      QCOMPARE(stepped, !pat[i]);
      QCOMPARE(scaler.get_scale(), want_scale[i]);
      QCOMPARE(double(scaler.get_growth_tracker()), want_tracker[i]);
    }
    QCOMPARE(rec.updates.size(), pat.size());
    for (std::size_t i = 0; i < pat.size(); ++i) {
      QCOMPARE(rec.updates[i].found_inf, bool(pat[i]));
      QCOMPARE(QString::fromUtf8(to_string(rec.updates[i].reason).data()), want_reason[int(i)]);
      QCOMPARE(rec.steps[i].stepped, !pat[i]);
    }
    scaler.remove_observer(&rec);
  }

  // --- acceptance vector 2: scaled model equals the control model --------------------------
  void scaled_training_matches_control_data() {
    QTest::addColumn<int>("variant");  // 0 plain, 1 clip scaled, 2 unscale_ + clip, 3 accumulation
    QTest::addColumn<bool>("enabled");
    QTest::addColumn<double>("final_scale");
    for (bool en : {true, false}) {
      const char* e = en ? "enabled" : "disabled";
      QTest::addRow("plain %s", e) << 0 << en << (en ? 512.0 : 1.0);
      QTest::addRow("clip scaled grads %s", e) << 1 << en << (en ? 512.0 : 1.0);
      QTest::addRow("unscale_ then clip %s", e) << 2 << en << (en ? 512.0 : 1.0);
      QTest::addRow("accumulate 2 %s", e) << 3 << en << (en ? 512.0 : 1.0);
    }
  }
  void scaled_training_matches_control() {
    QFETCH(int, variant);
    QFETCH(bool, enabled);
    QFETCH(double, final_scale);
    Case c(1234);
    GradScaler scaler(GradScalerOptions().init_scale(128).growth_factor(2).growth_interval(1).enabled(enabled));
    torch::optim::SGD opt_c(c.control->parameters(), torch::optim::SGDOptions(1.0));
    torch::optim::SGD opt_s(c.scaling->parameters(), torch::optim::SGDOptions(1.0));
    torch::nn::MSELoss loss_fn;
    const double max_norm = 0.2;
    const double inf = std::numeric_limits<double>::infinity();

    auto run = [&](torch::nn::Sequential& model, torch::optim::SGD& opt, bool scaling) {
      for (int i = 0; i < int(c.data.size()); ++i) {
        auto& [input, target] = c.data[i];
        if (variant == 3) {
          auto loss = loss_fn(model->forward(input), target) / 2;
          if (scaling) scaler.scale(loss).backward(); else loss.backward();
          if ((i + 1) % 2 == 0) {
            if (scaling) { scaler.step(opt); scaler.update(); } else { opt.step(); }
            opt.zero_grad();
          }
          continue;
        }
        opt.zero_grad();
        auto loss = loss_fn(model->forward(input), target);
        const bool skip_here = i == Case::kSkipIter && scaler.is_enabled();
        if (scaling) {
          scaler.scale(loss).backward();
          if (variant == 1) torch::nn::utils::clip_grad_norm_(model->parameters(), max_norm * scaler.get_scale());
          if (skip_here) c.second_weight(model).mutable_grad().fill_(inf);
          if (variant == 2) {
            scaler.unscale_(opt);
            torch::nn::utils::clip_grad_norm_(model->parameters(), max_norm);
          }
          scaler.step(opt);
          scaler.update();
        } else {
          loss.backward();
          if (variant == 1 || variant == 2) torch::nn::utils::clip_grad_norm_(model->parameters(), max_norm);
          if (!skip_here) opt.step();
        }
      }
    };
    run(c.control, opt_c, false);
    run(c.scaling, opt_s, true);
    QCOMPARE(scaler.get_scale(), final_scale);
    // Gradients of the last iteration and parameters agree (PyTorch: rtol 1e-5, atol 1e-7;
    // its clipping-on-scaled-gradients case uses atol 1e-5).
    expect_same_params(c.control, c.scaling, variant == 1 ? 1e-5 : 1e-7);
  }

  // --- acceptance vector 3: two optimizers share one scaler --------------------------------
  void two_optimizers() {
    torch::manual_seed(7);
    Case c0(11), c1(12);
    GradScaler scaler(GradScalerOptions().init_scale(128).growth_factor(2).growth_interval(1));
    auto& m0 = c0.scaling;
    auto& m1 = c1.scaling;
    auto& k0 = c0.control;
    auto& k1 = c1.control;
    torch::optim::SGD o0(m0->parameters(), torch::optim::SGDOptions(1.0));
    torch::optim::SGD o1(m1->parameters(), torch::optim::SGDOptions(1.0));
    torch::optim::SGD q0(k0->parameters(), torch::optim::SGDOptions(1.0));
    torch::optim::SGD q1(k1->parameters(), torch::optim::SGDOptions(1.0));
    torch::nn::MSELoss loss_fn;
    std::vector<std::pair<bool, bool>> stepped;
    for (int i = 0; i < 4; ++i) {
      auto& [input, target] = c0.data[i];
      for (auto* o : {&o0, &o1, &q0, &q1}) o->zero_grad();
      // Control: no scaler, the second optimizer skips iteration 2 itself.
      {
        auto out0 = k0->forward(input), out1 = k1->forward(input);
        auto loss0 = loss_fn(0.3 * out0 + 0.7 * out1, target);
        auto loss1 = loss_fn(0.6 * out0 - 0.4 * out1, target);
        loss0.backward({}, /*retain_graph=*/true);
        loss1.backward();
        q0.step();
        if (i != Case::kSkipIter) q1.step();
      }
      auto out0 = m0->forward(input), out1 = m1->forward(input);
      auto loss0 = loss_fn(0.3 * out0 + 0.7 * out1, target);
      auto loss1 = loss_fn(0.6 * out0 - 0.4 * out1, target);
      scaler.scale(loss0).backward({}, /*retain_graph=*/true);
      scaler.scale(loss1).backward();
      if (i == Case::kSkipIter) c1.second_weight(m1).mutable_grad().fill_(std::numeric_limits<float>::infinity());
      scaler.unscale_(o0);  // separately unscale one of them, as PyTorch's test does
      const bool s0 = scaler.step(o0);
      const bool s1 = scaler.step(o1);
      stepped.emplace_back(s0, s1);
      scaler.update();
    }
    QCOMPARE(stepped[2].first, true);
    QCOMPARE(stepped[2].second, false);
    QCOMPARE(stepped[1].second, true);
    QCOMPARE(scaler.get_scale(), 512.0);
    expect_same_params(k0, m0, 1e-7);
    expect_same_params(k1, m1, 1e-7);
  }

  // --- acceptance vector 4: unscale of strided tensors -------------------------------------
  void unscale_views_data() {
    QTest::addColumn<int>("a");  // 0 full, 1 transposed, 2 sliced [:, :5]
    QTest::addColumn<int>("b");
    QTest::addColumn<int>("poison");  // 0 none, 1 inf in b, 2 nan in b, 3 inf in a
    QTest::addColumn<bool>("found");
    QTest::newRow("g g") << 0 << 0 << 0 << false;
    QTest::newRow("g g.t") << 0 << 1 << 0 << false;
    QTest::newRow("g g[:, :5]") << 0 << 2 << 0 << false;
    QTest::newRow("g[:, :5] g[:, :5]") << 2 << 2 << 0 << false;
    QTest::newRow("g ginf") << 0 << 0 << 1 << true;
    QTest::newRow("g gnan") << 0 << 0 << 2 << true;
    QTest::newRow("g ginf[:, :5]") << 0 << 2 << 1 << true;
    QTest::newRow("g gnan[:, :5]") << 0 << 2 << 2 << true;
    QTest::newRow("ginf g[:, :5]") << 0 << 2 << 3 << true;
    QTest::newRow("ginf[:, :5] g[:, :5]") << 2 << 2 << 3 << true;
  }
  void unscale_views() {
    QFETCH(int, a);
    QFETCH(int, b);
    QFETCH(int, poison);
    QFETCH(bool, found);
    auto make = [](int kind, float bad, bool poisoned) {
      auto g = torch::full({20, 20}, 4.0f);
      if (poisoned) g[2][2] = bad;
      if (kind == 1) return g.t();
      if (kind == 2) return g.slice(1, 0, 5);
      return g;
    };
    const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
    auto ga = make(a, inf, poison == 3);
    auto gb = make(b, poison == 2 ? nan : inf, poison == 1 || poison == 2);
    auto pa = torch::zeros(ga.sizes()).requires_grad_();
    auto pb = torch::zeros(gb.sizes()).requires_grad_();
    pa.mutable_grad() = ga;
    pb.mutable_grad() = gb;
    QVERIFY(b == 0 || !gb.is_contiguous());
    torch::optim::SGD opt(std::vector<torch::Tensor>{pa, pb}, torch::optim::SGDOptions(1.0));
    GradScaler scaler;
    auto res = scaler.unscale_grads_(opt, torch::full({1}, 0.25f), false);
    QCOMPARE(res.size(), std::size_t(1));
    QCOMPARE(res.begin()->second.item<float>(), found ? 1.0f : 0.0f);
    if (!found) {
      QVERIFY(torch::equal(pa.grad(), torch::ones_like(pa.grad())));
      QVERIFY(torch::equal(pb.grad(), torch::ones_like(pb.grad())));
    } else {
      // Every finite value was still multiplied (PyTorch unscales regardless).
      auto clean = poison == 3 ? pb.grad() : pa.grad();
      QVERIFY(torch::equal(clean, torch::ones_like(clean)));
    }
  }

  // --- dtypes -------------------------------------------------------------------------------
  void fp16_gradients_refused_before_modification() {
    auto p32 = torch::zeros({3}).requires_grad_();
    auto p16 = torch::zeros({3}, torch::kHalf).requires_grad_();
    p32.mutable_grad() = torch::full({3}, 4.0f);
    p16.mutable_grad() = torch::full({3}, 4.0f, torch::kHalf);
    torch::optim::SGD opt(std::vector<torch::Tensor>{p32, p16}, torch::optim::SGDOptions(1.0));
    GradScaler scaler;
    scaler.scale(torch::ones({}));
    try {
      scaler.unscale_(opt);
      QFAIL("fp16 gradients must be refused");
    } catch (const std::invalid_argument& e) {
      QCOMPARE(QString(e.what()), QString("Attempting to unscale FP16 gradients."));
    }
    QVERIFY(torch::equal(p32.grad(), torch::full({3}, 4.0f)));  // untouched
    QVERIFY(torch::equal(p16.grad(), torch::full({3}, 4.0f, torch::kHalf)));
  }

  void bf16_and_fp32_gradients() {
    auto pb = torch::zeros({5}, torch::kBFloat16).requires_grad_();
    auto pf = torch::zeros({5}).requires_grad_();
    pb.mutable_grad() = torch::full({5}, 96.0f, torch::kBFloat16);
    pf.mutable_grad() = torch::full({5}, 96.0f);
    torch::optim::SGD opt(std::vector<torch::Tensor>{pb, pf}, torch::optim::SGDOptions(0.0));
    GradScaler scaler(GradScalerOptions().init_scale(32));
    scaler.scale(torch::ones({}));
    QVERIFY(scaler.step(opt));
    QVERIFY(torch::equal(pb.grad(), torch::full({5}, 3.0f, torch::kBFloat16)));
    QVERIFY(torch::equal(pf.grad(), torch::full({5}, 3.0f)));
    scaler.update();
    // bf16 overflow is detected too.
    pb.mutable_grad()[4] = std::numeric_limits<float>::infinity();
    scaler.scale(torch::ones({}));
    QVERIFY(!scaler.step(opt));
    scaler.update();
    QCOMPARE(scaler.get_scale(), 16.0);
  }

  void sparse_gradients() {
    auto i = torch::tensor({0, 1, 1, 2, 0, 2}, torch::kLong).view({2, 3});
    auto v = torch::tensor({16.0f, 32.0f, 64.0f});
    auto s = torch::sparse_coo_tensor(i, v, {2, 3});
    auto inv = torch::full({1}, 0.25f);
    GradScaler scaler;
    {
      auto p = s.clone();
      torch::optim::SGD opt(std::vector<torch::Tensor>{p}, torch::optim::SGDOptions(1.0));
      p.mutable_grad() = s.clone();
      auto r = scaler.unscale_grads_(opt, inv, false);
      QCOMPARE(r.begin()->second.item<float>(), 0.0f);
      QVERIFY(torch::equal(p.grad().to_dense(), (s / 4).to_dense()));
      p.mutable_grad() = torch::sparse_coo_tensor(i, torch::tensor({16.0f, 32.0f, INFINITY}), {2, 3});
      QCOMPARE(scaler.unscale_grads_(opt, inv, false).begin()->second.item<float>(), 1.0f);
      p.mutable_grad() = torch::sparse_coo_tensor(i, torch::tensor({16.0f, 32.0f, NAN}), {2, 3});
      QCOMPARE(scaler.unscale_grads_(opt, inv, false).begin()->second.item<float>(), 1.0f);
    }
    {
      auto p = s.clone().to(torch::kHalf);
      torch::optim::SGD opt(std::vector<torch::Tensor>{p}, torch::optim::SGDOptions(1.0));
      p.mutable_grad() = s.clone().to(torch::kHalf);
      QCOMPARE(scaler.unscale_grads_(opt, inv, true).begin()->second.item<float>(), 0.0f);
      QVERIFY(torch::equal(p.grad().to_dense(), (s.to(torch::kHalf) / 4).to_dense()));
      // Uncoalesced duplicates: 64000 + 64000 overflows fp16 only once coalesced.
      auto dup = torch::tensor({0, 1, 0, 2, 0, 2}, torch::kLong).view({2, 3});
      p.mutable_grad() = torch::sparse_coo_tensor(dup, torch::tensor({64000.0f, 32.0f, 64000.0f}), {2, 3}).to(torch::kHalf);
      QVERIFY(!p.grad().is_coalesced());
      QCOMPARE(scaler.unscale_grads_(opt, inv, true).begin()->second.item<float>(), 1.0f);
      QVERIFY(p.grad().is_coalesced());
      // Without allow_fp16 they are refused like dense fp16 gradients.
      QVERIFY_THROWS_EXCEPTION(std::invalid_argument, scaler.unscale_grads_(opt, inv, false));
    }
  }

  // --- state machine ------------------------------------------------------------------------
  void state_machine_errors() {
    ScalerRig rig;
    GradScaler scaler;
    rig.param.mutable_grad() = torch::ones({4});
    QCOMPARE(thrown_message([&] { scaler.unscale_(rig.opt); }),
             QString("Attempted unscale_ but _scale is None.  This may indicate your script did not use "
                     "scaler.scale(loss or outputs) earlier in the iteration."));
    QCOMPARE(thrown_message([&] { scaler.step(rig.opt); }).left(33), QString("Attempted step but _scale is None"));
    QCOMPARE(thrown_message([&] { scaler.update(); }).left(35), QString("Attempted update but _scale is None"));
    scaler.scale(torch::ones({}));
    QCOMPARE(thrown_message([&] { scaler.update(); }), QString("No inf checks were recorded prior to update."));
    scaler.unscale_(rig.opt);
    QCOMPARE(thrown_message([&] { scaler.unscale_(rig.opt); }),
             QString("unscale_() has already been called on this optimizer since the last update()."));
    QVERIFY(scaler.step(rig.opt));
    QCOMPARE(thrown_message([&] { scaler.step(rig.opt); }),
             QString("step() has already been called since the last update()."));
    QCOMPARE(thrown_message([&] { scaler.unscale_(rig.opt); }), QString("unscale_() is being called after step()."));
    scaler.update();
    // After update() every optimizer is READY again.
    QVERIFY(rig.iterate(scaler, false));
    // No parameter has a gradient: unscale_ records nothing, step refuses.
    auto p = torch::zeros({2}).requires_grad_();
    torch::optim::SGD empty(std::vector<torch::Tensor>{p}, torch::optim::SGDOptions(1.0));
    scaler.scale(torch::ones({}));
    QCOMPARE(thrown_message([&] { scaler.step(empty); }), QString("No inf checks were recorded for this optimizer."));
    QVERIFY(std::string(thrown_message([&] { scaler.update(torch::ones({2})); }).toStdString()).find("new_scale should be") == 0);
  }

  void disabled_is_transparent() {
    GradScaler scaler(GradScalerOptions().enabled(false));
    ScalerRig rig;
    auto x = torch::full({}, 3.0f);
    QVERIFY(scaler.scale(x).is_same(x));
    rig.param.mutable_grad() = torch::full({4}, std::numeric_limits<float>::infinity());
    scaler.unscale_(rig.opt);  // no-op
    QVERIFY(torch::isinf(rig.param.grad()).all().item<bool>());
    QVERIFY(scaler.step(rig.opt));  // plain optimizer.step()
    scaler.update();
    QCOMPARE(scaler.get_scale(), 1.0);
  }

  // --- parity with torch/amp/grad_scaler.py on a disabled scaler ---------------------------
  void disabled_load_state_dict_is_a_noop() {
    // PyTorch returns before looking at the dict: an empty one (saved from a disabled scaler)
    // is no error, and a valid or invalid one changes nothing.
    GradScaler off(GradScalerOptions().enabled(false));
    off.load_state_dict(GradScalerState{});
    GradScaler on(GradScalerOptions().init_scale(8).growth_interval(3));
    ScalerRig rig;
    rig.iterate(on, false);
    off.load_state_dict(on.state_dict());
    GradScalerState bad = on.state_dict();
    bad.growth_factor = 0.5;
    off.load_state_dict(bad);
    QVERIFY(!off.is_enabled());
    QCOMPARE(off.get_scale(), 1.0);
    QCOMPARE(off.get_growth_interval(), std::int64_t(2000));
    QVERIFY(off.state_dict().empty);
    // Enabled, the same empty state is still refused.
    QVERIFY(thrown_message([&] { on.load_state_dict(GradScalerState{}); }).startsWith("The source state dict is empty"));
  }

  void disabled_options_checked_when_turned_on() {
    // PyTorch checks growth/backoff only when enabled; so does AmpScope, for all its checks.
    const GradScalerOptions bad = GradScalerOptions().enabled(false).growth_factor(0.5).backoff_factor(2).hysteresis(0);
    GradScaler s(bad);
    QVERIFY(!s.is_enabled());
    ScalerRig rig;
    QVERIFY(rig.iterate(s, true));  // transparent: steps even on inf, scale 1
    QCOMPARE(s.get_scale(), 1.0);
    s.set_growth_interval(0);  // a disabled scaler's setters do not check either (PyTorch's never do)
    // Turning it on is where the constructor's checks apply: refused, and nothing changes.
    GradScalerOptions on = s.options();
    on.enabled(true);
    QCOMPARE(thrown_message([&] { s.set_options(on); }), QString("The growth factor must be > 1.0."));
    QVERIFY(!s.is_enabled());
    QVERIFY(s.options() == GradScalerOptions(bad).growth_interval(0));
    // Valid options turn it on, and it then behaves as a freshly constructed scaler.
    on = GradScalerOptions().init_scale(1024).growth_interval(2).hysteresis(2);
    s.set_options(on);
    QVERIFY(s.is_enabled());
    QCOMPARE(s.get_scale(), 1024.0);
    QCOMPARE(s.get_hysteresis_tracker(), std::int64_t(2));
    GradScaler fresh(on);
    ScalerRig rf;
    for (bool o : pattern("F F O O F")) {
      QCOMPARE(rig.iterate(s, o), rf.iterate(fresh, o));
      QCOMPARE(s.get_scale(), fresh.get_scale());
      QCOMPARE(s.get_growth_tracker(), fresh.get_growth_tracker());
      QCOMPARE(s.get_hysteresis_tracker(), fresh.get_hysteresis_tracker());
    }
    QCOMPARE(s.get_scale(), 1024.0);  // F F: grow to 2048; O: absorbed; O: back to 1024; F
  }

  // --- parity: unscale_ as an in-place op under torch.no_grad() -----------------------------
  void unscale_bumps_version_counters_data() {
    QTest::addColumn<int>("dtype");
    QTest::addColumn<double>("init");
    QTest::newRow("f32, kernels' pass") << int(torch::kFloat) << 4.0;
    QTest::newRow("bf16, kernels' pass") << int(torch::kBFloat16) << 4.0;
    QTest::newRow("f64, ATen ops") << int(torch::kDouble) << 4.0;
    QTest::newRow("f64, inv_scale 1") << int(torch::kDouble) << 1.0;
  }
  void unscale_bumps_version_counters() {
    QFETCH(int, dtype);
    QFETCH(double, init);
    const auto opts = torch::TensorOptions().dtype(static_cast<torch::ScalarType>(dtype));
    auto p = torch::zeros({4}, opts).requires_grad_();
    torch::optim::SGD opt(std::vector<torch::Tensor>{p}, torch::optim::SGDOptions(0.0));
    p.mutable_grad() = torch::full({4}, 8.0, opts);
    const torch::Tensor g = p.grad();
    // A graph that saved the gradient for its backward (x * g saves g for x's gradient).
    auto x = torch::ones({4}, opts).requires_grad_();
    auto y = (x * g).sum();
    const auto v0 = g._version();
    GradScaler scaler(GradScalerOptions().init_scale(init));
    scaler.scale(torch::ones({}));
    scaler.unscale_(opt);
    QCOMPARE(g[0].item<double>(), 8.0 / init);
    QCOMPARE(g._version(), v0 + 1);  // one in-place write, as one ATen in-place op
    const QString msg = thrown_message([&] { y.backward(); });
    QVERIFY2(msg.contains("modified by an inplace operation"), qPrintable(msg));
  }

  void unscale_records_no_grad_history() {
    // Gradients with history (backward with create_graph, as in a gradient penalty): unscaling
    // them must not extend it, as PyTorch's under torch.no_grad(). f64 goes through ATen ops,
    // which grad mode would record.
    auto p = torch::full({3}, 2.0, torch::kDouble).requires_grad_();
    torch::optim::SGD opt(std::vector<torch::Tensor>{p}, torch::optim::SGDOptions(0.0));
    GradScaler scaler(GradScalerOptions().init_scale(4));
    p.mutable_grad() = torch::autograd::grad({scaler.scale((p * p).sum())}, {p}, {}, {}, /*create_graph=*/true)[0];
    const torch::Tensor g = p.grad();
    QVERIFY(g.requires_grad());
    const auto* fn_before = g.grad_fn().get();
    QVERIFY(fn_before != nullptr);
    QVERIFY(torch::GradMode::is_enabled());
    scaler.unscale_(opt);
    QCOMPARE(g.grad_fn().get(), fn_before);  // no MulBackward recorded on top
    QCOMPARE(g[0].item<double>(), 4.0);      // d(p^2)/dp = 2p = 4, scaled by 4 and unscaled
    QVERIFY(torch::GradMode::is_enabled());  // the guard is restored
    for (const auto& [dev, flag] : scaler.found_inf_per_device(opt)) QVERIFY(!flag.requires_grad());
    p.mutable_grad().reset();  // p -> grad -> graph -> p: break the cycle (LeakSanitizer)
  }

  // --- parity: update(Tensor) --------------------------------------------------------------
  void update_tensor_like_pytorch() {
    GradScaler s(GradScalerOptions().init_scale(1024).growth_interval(5));
    ScalerRig rig;
    rig.iterate(s, false);
    rig.iterate(s, false);
    QCOMPARE(s.get_growth_tracker(), std::int64_t(2));
    // Any shape with one element, any dtype (copy_ converts to fp32); the tracker is untouched.
    s.update(torch::full({1, 1}, 8.0f));
    QCOMPARE(s.get_scale(), 8.0);
    QCOMPARE(s.get_growth_tracker(), std::int64_t(2));
    auto t = torch::full({}, 0.1, torch::kDouble);
    s.update(t);
    QCOMPARE(s.get_scale(), double(0.1f));
    QCOMPARE(s.last_update().reason, ScaleChangeReason::SetByUser);
    t.fill_(5.0);  // copied, not aliased
    QCOMPARE(s.get_scale(), double(0.1f));
    QCOMPARE(s.scale(torch::ones({})).item<float>(), 0.1f);
    // PyTorch's three assertions, with its message.
    const QString reason = "new_scale should be a float or a 1-element";
    QVERIFY(thrown_message([&] { s.update(torch::full({2}, 8.0f)); }).startsWith(reason));
    QVERIFY(thrown_message([&] { s.update(torch::full({}, 8.0f).requires_grad_()); }).startsWith(reason));
    QVERIFY(thrown_message([&] { s.update(torch::empty({}, torch::Device(torch::kMeta))); }).startsWith(reason));
    QCOMPARE(s.get_scale(), double(0.1f));
  }

  void update_tensor_on_the_scalers_cuda_device() {
    if (!torch::cuda::is_available()) QSKIP("needs a CUDA device: this LibTorch has no CUDA, or none was found");
    GradScaler s(GradScalerOptions().init_scale(1024));
    s.scale(torch::ones({}, torch::Device(torch::kCUDA, 0)));
    s.update(torch::full({}, 256.0f, torch::Device(torch::kCUDA, 0)));
    QCOMPARE(s.get_scale(), 256.0);
    QVERIFY(thrown_message([&] { s.update(torch::full({}, 8.0f)); }).startsWith("new_scale should be"));  // CPU
  }

  void update_tensor_on_another_cuda_device() {
    // PyTorch asserts the device type only: a scale on cuda:1 sets a scaler on cuda:0 (issue 14).
    const int devices = torch::cuda::is_available() ? static_cast<int>(torch::cuda::device_count()) : 0;
    if (devices < 2)
      QSKIP(qPrintable(QStringLiteral("needs two CUDA devices (found %1): the cuda:1 vs cuda:0 parity of "
                                      "update(Tensor) is checked on a machine with two GPUs only")
                           .arg(devices)));
    GradScaler s(GradScalerOptions().init_scale(1024));
    s.scale(torch::ones({}, torch::Device(torch::kCUDA, 0)));
    s.update(torch::full({}, 64.0f, torch::Device(torch::kCUDA, 1)));
    QCOMPARE(s.get_scale(), 64.0);
    QCOMPARE(s.scale(torch::ones({}, torch::Device(torch::kCUDA, 0))).item<float>(), 64.0f);
    QCOMPARE(s.get_growth_tracker(), std::int64_t(0));
  }

  void scale_promotes_like_pytorch() {
    GradScaler scaler(GradScalerOptions().init_scale(65536));
    auto loss16 = torch::full({}, 2.0f, torch::kHalf);
    auto s = scaler.scale(loss16);
    QCOMPARE(s.scalar_type(), torch::kFloat);  // 0-dim fp16 * 0-dim fp32 -> fp32
    QCOMPARE(s.item<float>(), 131072.0f);
    auto out16 = torch::full({3}, 2.0f, torch::kHalf);
    auto s16 = scaler.scale(out16);
    QCOMPARE(s16.scalar_type(), torch::kHalf);  // a non-scalar fp16 tensor stays fp16 ...
    QVERIFY(torch::isinf(s16).all().item<bool>());  // ... and overflows in the multiply itself
    auto many = scaler.scale(std::vector<torch::Tensor>{torch::ones({}), torch::ones({2})});
    QCOMPARE(many[1][1].item<float>(), 65536.0f);
  }

  void skipped_step_leaves_parameters_bit_identical() {
    torch::manual_seed(3);
    torch::nn::Linear lin(6, 4);
    torch::optim::Adam opt(lin->parameters(), torch::optim::AdamOptions(1e-2));
    GradScaler scaler;
    std::vector<torch::Tensor> before;
    for (auto& p : lin->parameters()) before.push_back(p.detach().clone());
    auto loss = lin->forward(torch::randn({2, 6})).sum();
    scaler.scale(loss).backward();
    lin->weight.mutable_grad()[0][0] = std::numeric_limits<float>::quiet_NaN();
    QVERIFY(!scaler.step(opt));
    scaler.update();
    auto params = lin->parameters();
    for (std::size_t i = 0; i < params.size(); ++i) QVERIFY(torch::equal(params[i], before[i]));
    QCOMPARE(scaler.get_scale(), 32768.0);
  }

  // Gradients edited after unscale_ are not re-checked (PyTorch asserts the same).
  void edits_after_unscale_not_rechecked() {
    ScalerRig rig;
    GradScaler scaler;
    scaler.scale(torch::ones({}));
    rig.param.mutable_grad() = torch::ones({4});
    scaler.unscale_(rig.opt);
    rig.param.mutable_grad().fill_(std::numeric_limits<float>::infinity());
    torch::optim::SGD& opt = rig.opt;
    static_cast<torch::optim::SGDOptions&>(opt.param_groups()[0].options()).lr(1.0);
    QVERIFY(scaler.step(opt));
    QVERIFY(!torch::isfinite(rig.param).any().item<bool>());
  }

  // --- the walk to zero ----------------------------------------------------------------------
  void overflow_walk_reaches_zero_with_default_policy() {
    GradScaler scaler;
    ScalerRig rig;
    for (int i = 1; i <= 166; ++i) {
      QVERIFY(!rig.iterate(scaler, true));
      if (i == 165) QCOMPARE(scaler.get_scale(), std::ldexp(1.0, -149));  // smallest fp32 subnormal
    }
    QCOMPARE(scaler.get_scale(), 0.0);
    // Zero is absorbing: growth 0 * 2 = 0, and inv_scale = inf turns zero gradients into NaN
    // that pass the check (the check sees the scaled zeros).
    scaler.set_growth_interval(1);
    rig.param.mutable_grad() = torch::zeros({4});
    auto loss = scaler.scale(torch::ones({}));
    QCOMPARE(loss.item<float>(), 0.0f);
    rig.param.mutable_grad() = torch::zeros({4}) * loss;
    QVERIFY(scaler.step(rig.opt));
    QVERIFY(torch::isnan(rig.param.grad()).all().item<bool>());
    scaler.update();
    QCOMPARE(scaler.get_scale(), 0.0);
  }

  void min_scale_prevents_the_walk() {
    GradScaler scaler(GradScalerOptions().min_scale(1.0));
    ScalerRig rig;
    for (int i = 0; i < 166; ++i) rig.iterate(scaler, true);
    QCOMPARE(scaler.get_scale(), 1.0);
  }

  // --- state ---------------------------------------------------------------------------------
  void state_dict_round_trip_before_and_after_init() {
    GradScaler a(GradScalerOptions().init_scale(1024).growth_interval(3).hysteresis(2));
    ScalerRig rig;
    for (bool o : pattern("F F F O F")) rig.iterate(a, o);
    const GradScalerState st = a.state_dict();
    QCOMPARE(st.scale, 2048.0);
    QCOMPARE(st.growth_tracker, std::int64_t(1));
    QCOMPARE(st.hysteresis_tracker, std::int64_t(1));
    // Load before lazy init: get_scale reports it, the first scale() uses it.
    GradScaler b;
    b.load_state_dict(st);
    QCOMPARE(b.get_scale(), 2048.0);
    QCOMPARE(b.get_growth_tracker(), std::int64_t(1));
    QCOMPARE(b.get_growth_interval(), std::int64_t(3));
    // Load after lazy init.
    GradScaler c;
    c.scale(torch::ones({}));
    c.load_state_dict(st);
    QCOMPARE(c.get_scale(), 2048.0);
    // Both continue exactly like the original.
    ScalerRig rb, rc;
    for (bool o : pattern("F O O F")) {
      rig.iterate(a, o);
      rb.iterate(b, o);
      rc.iterate(c, o);
      QCOMPARE(b.get_scale(), a.get_scale());
      QCOMPARE(c.get_scale(), a.get_scale());
      QCOMPARE(b.get_hysteresis_tracker(), a.get_hysteresis_tracker());
    }
    // Empty (disabled) state is refused with PyTorch's message.
    GradScalerState empty;
    QCOMPARE(thrown_message([&] { c.load_state_dict(empty); }),
             QString("The source state dict is empty, possibly because it was saved from a disabled instance of GradScaler."));
  }

  void state_file_round_trip_and_corruption() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("scaler.json").toStdString();
    GradScaler a(GradScalerOptions().init_scale(3.0e-5).max_scale(1e6).min_scale(1e-6));
    ScalerRig rig;
    rig.iterate(a, true);
    a.save(path);
    GradScaler b;
    b.load(path);
    QCOMPARE(b.state_dict(), a.state_dict());
    QCOMPARE(b.get_scale(), double(float(1.5e-5)));
    // Corrupt, truncated, foreign, invalid: a clear message, and the scaler is unchanged.
    const GradScalerState before = b.state_dict();
    auto write = [&](const std::string& text) { std::ofstream(path, std::ios::trunc) << text; };
    const std::pair<std::string, QString> bad[] = {
        {"", "not valid JSON"},
        {"{\"format\": \"ampscope-gradscaler-state\", \"version\": 1, \"scale\": 2", "not valid JSON"},
        {"[1,2,3]", "expected a JSON object"},
        {"{\"format\": \"something-else\"}", "not an AmpScope GradScaler state"},
        {"{\"format\": \"ampscope-gradscaler-state\", \"version\": 99}", "unsupported version 99"},
        {"{\"format\": \"ampscope-gradscaler-state\", \"version\": 1, \"scale\": 8}", "missing field \"growth_factor\""},
        {"{\"format\":\"ampscope-gradscaler-state\",\"version\":1,\"scale\":8,\"growth_factor\":0.5,"
         "\"backoff_factor\":0.5,\"growth_interval\":10,\"_growth_tracker\":0}", "The growth factor must be > 1.0."},
        {"{\"format\":\"ampscope-gradscaler-state\",\"version\":1,\"scale\":-8,\"growth_factor\":2,"
         "\"backoff_factor\":0.5,\"growth_interval\":10,\"_growth_tracker\":0}", "scale = -8"},
        {"{\"format\":\"ampscope-gradscaler-state\",\"version\":1,\"scale\":8,\"growth_factor\":2,"
         "\"backoff_factor\":0.5,\"growth_interval\":10,\"_growth_tracker\":10}", "growth_tracker = 10"},
        {"{\"format\":\"ampscope-gradscaler-state\",\"version\":1,\"scale\":\"8\",\"growth_factor\":2,"
         "\"backoff_factor\":0.5,\"growth_interval\":10,\"_growth_tracker\":0}", "\"scale\" must be a number"},
    };
    for (const auto& [text, msg] : bad) {
      write(text);
      const QString got = thrown_message([&] { b.load(path); });
      QVERIFY2(got.contains(msg), qPrintable(QString("for '%1' got '%2'").arg(QString::fromStdString(text), got)));
      QCOMPARE(b.state_dict(), before);
    }
    QVERIFY(thrown_message([&] { b.load(dir.filePath("missing.json").toStdString()); }).contains("Cannot open"));
    // A saved state of scale 0 (an unfloored storm) is a real state and loads.
    GradScalerState zero = a.state_dict();
    zero.scale = 0.0;
    zero.min_scale = 0.0;
    b.load_state_dict(zero);
    QCOMPARE(b.get_scale(), 0.0);
  }

  void live_option_changes_keep_state() {
    GradScaler s(GradScalerOptions().init_scale(1024).growth_interval(10));
    ScalerRig rig;
    for (int i = 0; i < 7; ++i) rig.iterate(s, false);
    QCOMPARE(s.get_growth_tracker(), std::int64_t(7));
    s.set_growth_interval(3);  // tracker would never equal the interval: clamp to interval-1
    QCOMPARE(s.get_growth_tracker(), std::int64_t(2));
    rig.iterate(s, false);
    QCOMPARE(s.get_scale(), 2048.0);
    s.set_backoff_factor(0.25);
    rig.iterate(s, true);
    QCOMPARE(s.get_scale(), 512.0);
  }

  void observer_reports_nonfinite_counts_per_parameter() {
    struct Rec : GradScalerObserver {
      std::vector<UnscaleEvent> ev;
      void on_unscale(const UnscaleEvent& e) override { ev.push_back(e); }
    } rec;
    auto a = torch::zeros({3, 4}).requires_grad_();
    auto b = torch::zeros({5}).requires_grad_();
    auto c = torch::zeros({2}).requires_grad_();  // no gradient: not reported
    torch::optim::SGD opt(std::vector<torch::Tensor>{a, b, c}, torch::optim::SGDOptions(1.0));
    GradScaler scaler(GradScalerOptions().init_scale(4));
    scaler.add_observer(&rec);
    scaler.scale(torch::ones({}));
    a.mutable_grad() = torch::full({3, 4}, 8.0f);
    a.mutable_grad()[0][1] = NAN;
    a.mutable_grad()[2][3] = -INFINITY;
    a.mutable_grad()[1][1] = -INFINITY;
    b.mutable_grad() = torch::full({5}, 0.5f);
    QVERIFY(!scaler.step(opt));
    QCOMPARE(rec.ev.size(), std::size_t(1));
    const UnscaleEvent& e = rec.ev[0];
    QVERIFY(e.found_inf);
    QCOMPARE(e.scale, 4.0f);
    QCOMPARE(e.inv_scale, 0.25f);
    QCOMPARE(e.params.size(), std::size_t(2));
    QCOMPARE(e.params[0].param_id, static_cast<const void*>(a.unsafeGetTensorImpl()));
    QCOMPARE(e.params[0].nan, std::int64_t(1));
    QCOMPARE(e.params[0].neg_inf, std::int64_t(2));
    QCOMPARE(e.params[0].pos_inf, std::int64_t(0));
    QCOMPARE(e.params[1].nonfinite(), std::int64_t(0));
    // Statistics are of the scaled gradient, as backward produced it.
    QVERIFY(e.params[1].has_stats);
    QCOMPARE(e.params[1].raw.exp_count[-1 - kernels::kRawMinExp], std::uint64_t(5));  // 0.5 = 2^-1
    QCOMPARE(e.params[0].raw.exp_count[3 - kernels::kRawMinExp], std::uint64_t(9));  // 8 = 2^3
    scaler.update();
    scaler.remove_observer(&rec);
  }
};

QTEST_APPLESS_MAIN(TestGradScaler)
#include "test_grad_scaler.moc"
