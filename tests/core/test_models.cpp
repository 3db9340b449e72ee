// Models and precision emulation against docs/measurements.md ("Number formats", "Precision
// modes"): round_to at the formats' edges and against an independent scalar reference, the
// emulated linear/conv2d at every rounding point, model labels/shapes, determinism from the
// seed, activation-gradient capture, and the deep-mlp underflow demonstration.
#include <ampscope/model_zoo.h>

#include <torch/nn/functional/loss.h>
#include <torch/optim/adam.h>
#include <torch/types.h>

#include "test_helpers.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <limits>

using namespace ampscope;
using ampscope::test::thrown_message;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// An independent IEEE round-to-nearest-even of a double to a binary format with `mant` fraction
/// bits and smallest normal exponent `emin`: the reference the tests hold round_to to.
double ref_round(double v, int mant, int emin, int emax) {
  if (std::isnan(v) || std::isinf(v) || v == 0.0) return v;
  const double a = std::fabs(v);
  // Halfway between the largest finite value and the next power of two rounds to inf (to even).
  const double overflow = (2.0 - std::ldexp(1.0, -(mant + 1))) * std::ldexp(1.0, emax);
  if (a >= overflow) return std::copysign(kInf, v);
  const int e = std::max(std::ilogb(a), emin);   // subnormals share emin's quantum
  const double q = std::ldexp(1.0, e - mant);
  return std::copysign(std::nearbyint(a / q) * q, v);  // default FP mode: ties to even
}
double ref_fp16(double v) { return ref_round(v, 10, -14, 15); }
double ref_bf16(double v) { return ref_round(v, 7, -126, 127); }

torch::Tensor f32(std::initializer_list<float> v) { return torch::tensor(std::vector<float>(v)); }

/// Elementwise reference rounding of a float tensor (through double, exact).
torch::Tensor ref_round_tensor(const torch::Tensor& t, double (*ref)(double)) {
  torch::Tensor d = t.to(torch::kDouble).contiguous().clone();
  double* p = d.data_ptr<double>();
  for (std::int64_t i = 0; i < d.numel(); ++i) p[i] = ref(p[i]);
  return d.to(torch::kFloat);
}

bool representable(const torch::Tensor& t, double (*ref)(double)) {
  return torch::equal(ref_round_tensor(t, ref), t.to(torch::kFloat));
}


std::int64_t zeros(const torch::Tensor& t) { return (t == 0).sum().item<std::int64_t>(); }

/// One step of gradients from none, the same batch through both paths: the direct pass on `d`
/// (loss gradient 1), autograd on `a`.
void step_both(InstrumentedModel& a, InstrumentedModel& d, const torch::Tensor& x, const torch::Tensor& y) {
  for (auto* m : {&a, &d})
    for (auto& param : m->parameters()) param.mutable_grad() = torch::Tensor();
  d.direct_forward(x, y);
  d.direct_backward(torch::ones({}));
  torch::nn::functional::cross_entropy(a.forward(x).to(torch::kFloat), y).backward();
}

/// One 1x1 linear under emulated fp16 (or plain fp32 when `emulate` is false), exposing the
/// protected helper. Returns {out, grad_x, grad_w, grad_b} for a given upstream gradient.
class ProbeModel : public InstrumentedModel {
 public:
  torch::Tensor forward(const torch::Tensor& x) override { return x; }
  std::vector<std::string> module_labels() const override { return {}; }
  using InstrumentedModel::conv2d;
  using InstrumentedModel::linear;
};

struct LinearResult {
  torch::Tensor out, gx, gw, gb;
};

LinearResult run_linear(const torch::Tensor& x0, const torch::Tensor& w0, const torch::Tensor& b0,
                        const torch::Tensor& g, PrecisionMode mode) {
  ProbeModel m;
  m.set_precision(mode);
  auto x = x0.clone().requires_grad_(true), w = w0.clone().requires_grad_(true),
       b = b0.clone().requires_grad_(true);
  auto out = m.linear(x, w, b);
  out.backward(g);
  return {out.detach(), x.grad(), w.grad(), b.grad()};
}

/// A test row's name for a precision column's value.
QString precision_name(int p) {
  return p == static_cast<int>(Precision::FP32) ? "fp32" : p == static_cast<int>(Precision::FP16) ? "fp16" : "bf16";
}

const PrecisionMode kFp16Emu{Precision::FP16, true};
const PrecisionMode kFp32{Precision::FP32, false};

}  // namespace

class TestModels : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    torch::set_num_threads(2);
  }

  // --- round_to ---------------------------------------------------------------------------

  void roundToFp16Edges_data() {
    QTest::addColumn<double>("in");
    QTest::addColumn<double>("out");
    const double e = std::ldexp(1.0, -24);  // smallest fp16 subnormal
    QTest::newRow("max finite") << 65504.0 << 65504.0;
    QTest::newRow("below halfway to inf") << double(65519.99f) << 65504.0;
    QTest::newRow("halfway to inf -> inf") << 65520.0 << kInf;
    QTest::newRow("-halfway -> -inf") << -65520.0 << -kInf;
    QTest::newRow("1e5 -> inf") << 1e5 << kInf;
    QTest::newRow("smallest subnormal") << e << e;
    QTest::newRow("2^-25 tie -> 0 (even)") << e / 2 << 0.0;
    QTest::newRow("-2^-25 -> -0") << -e / 2 << -0.0;
    QTest::newRow("2^-26 -> 0") << e / 4 << 0.0;
    QTest::newRow("3*2^-26 -> 2^-24") << 0.75 * e << e;
    QTest::newRow("1.5 quanta tie -> 2 (even)") << 1.5 * e << 2 * e;
    QTest::newRow("2.5 quanta tie -> 2 (even)") << 2.5 * e << 2 * e;
    QTest::newRow("smallest normal") << std::ldexp(1.0, -14) << std::ldexp(1.0, -14);
    QTest::newRow("normal-half quantum tie -> normal") << std::ldexp(1.0, -14) - e / 2 << std::ldexp(1.0, -14);
    QTest::newRow("1+2^-11 tie -> 1") << 1.0 + std::ldexp(1.0, -11) << 1.0;
    QTest::newRow("1+3*2^-11 tie -> 1+2^-9") << 1.0 + 3 * std::ldexp(1.0, -11) << 1.0 + std::ldexp(1.0, -9);
    QTest::newRow("1+2^-11+2^-20 -> 1+2^-10") << 1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -20)
                                             << 1.0 + std::ldexp(1.0, -10);
    QTest::newRow("0.1") << double(0.1f) << 0.0999755859375;
    QTest::newRow("inf") << kInf << kInf;
  }
  void roundToFp16Edges() {
    QFETCH(double, in);
    QFETCH(double, out);
    const float got = round_to(torch::full({1}, static_cast<float>(in)), Precision::FP16).item<float>();
    QCOMPARE(static_cast<double>(got), out);
    QCOMPARE(std::signbit(got), std::signbit(out));
    QCOMPARE(ref_fp16(static_cast<float>(in)), out);  // the reference agrees with the table
  }

  void roundToBf16Edges_data() {
    QTest::addColumn<double>("in");
    QTest::addColumn<double>("out");
    const double max_bf16 = (2.0 - std::ldexp(1.0, -7)) * std::ldexp(1.0, 127);
    const double e = std::ldexp(1.0, -133);
    QTest::newRow("max finite") << max_bf16 << max_bf16;
    QTest::newRow("fp32 max -> inf") << double(std::numeric_limits<float>::max()) << kInf;
    QTest::newRow("smallest subnormal") << e << e;
    QTest::newRow("2^-134 tie -> 0") << e / 2 << 0.0;
    QTest::newRow("3*2^-135 -> 2^-133") << 0.75 * e << e;
    QTest::newRow("1+2^-8 tie -> 1") << 1.0 + std::ldexp(1.0, -8) << 1.0;
    QTest::newRow("1+3*2^-8 tie -> 1+2^-6") << 1.0 + 3 * std::ldexp(1.0, -8) << 1.0 + std::ldexp(1.0, -6);
    QTest::newRow("65520 is finite in bf16") << 65520.0 << 65536.0;
    QTest::newRow("2^-25 survives in bf16") << std::ldexp(1.0, -25) << std::ldexp(1.0, -25);
  }
  void roundToBf16Edges() {
    QFETCH(double, in);
    QFETCH(double, out);
    const float got = round_to(torch::full({1}, static_cast<float>(in)), Precision::BF16).item<float>();
    QCOMPARE(static_cast<double>(got), out);
    QCOMPARE(ref_bf16(static_cast<float>(in)), out);
  }

  void roundToMatchesReferenceEverywhere() {
    // 200k float32 values spread over every fp16 regime (zero, subnormal, normal, overflow) and
    // beyond, in long contiguous runs so LibTorch's vectorised conversion paths are covered too.
    auto gen = at::detail::createCPUGenerator(11);
    const auto exps = torch::rand({200000}, gen, torch::kDouble) * 60.0 - 40.0;  // 2^-40 .. 2^20
    const auto sign = torch::randint(0, 2, {200000}, gen, torch::kDouble) * 2.0 - 1.0;
    auto x = (torch::pow(2.0, exps) * sign).to(torch::kFloat);
    x.index_put_({torch::indexing::Slice(0, 8)}, f32({0.0f, -0.0f, INFINITY, -INFINITY, 65504, 65520, 3e-8f, 6e-8f}));
    QVERIFY(torch::equal(round_to(x, Precision::FP16), ref_round_tensor(x, ref_fp16)));
    const auto wide = (torch::pow(2.0, torch::rand({200000}, gen, torch::kDouble) * 270.0 - 140.0) * sign)
                          .to(torch::kFloat);
    QVERIFY(torch::equal(round_to(wide, Precision::BF16), ref_round_tensor(wide, ref_bf16)));
    // LibTorch's own conversions (the path for other devices and dtypes) agree bit for bit.
    QVERIFY(torch::equal(round_to(x, Precision::FP16), x.to(torch::kHalf).to(torch::kFloat)));
    QVERIFY(torch::equal(round_to(wide, Precision::BF16), wide.to(torch::kBFloat16).to(torch::kFloat)));
    QVERIFY(torch::equal(round_to(x.to(torch::kDouble), Precision::FP16), round_to(x, Precision::FP16)));
    // Non-contiguous input; and with a graph to record, rounding is a straight-through op.
    const auto strided = x.view({400, 500}).t();
    QVERIFY(torch::equal(round_to(strided, Precision::FP16), round_to(x, Precision::FP16).view({400, 500}).t()));
    auto leaf = x.slice(0, 0, 10).clone().requires_grad_(true);
    round_to(leaf, Precision::FP16).sum().backward();
    QVERIFY(torch::equal(leaf.grad(), torch::ones({10})));
    // NaN stays NaN; fp32 is the identity.
    QVERIFY(std::isnan(round_to(f32({NAN}), Precision::FP16).item<float>()));
    QVERIFY(std::isnan(round_to(f32({NAN}), Precision::BF16).item<float>()));
    QVERIFY(torch::equal(round_to(x, Precision::FP32), x));
    QCOMPARE(round_to(x, Precision::FP16).scalar_type(), torch::kFloat);
    // In place: the same values, in the same storage.
    for (Precision p : {Precision::FP16, Precision::BF16}) {
      torch::Tensor y = (p == Precision::FP16 ? x : wide).clone();
      const void* storage = y.data_ptr();
      round_to_(y, p);
      QCOMPARE(y.data_ptr(), storage);
      QVERIFY(torch::equal(y, round_to(p == Precision::FP16 ? x : wide, p)));
    }
    torch::Tensor d = x.to(torch::kDouble);
    round_to_(d, Precision::FP16);  // not float32: replaced by a rounded float32 tensor
    QCOMPARE(d.scalar_type(), torch::kFloat);
    QVERIFY(torch::equal(d, round_to(x, Precision::FP16)));
  }

  void roundToEqualsLibTorchOnEveryRegime() {
    // The emulation's own rounding loops against LibTorch's conversions over float32 bit
    // patterns from the whole range: every 4099th pattern (about a million, both signs, zeros,
    // subnormals, normals, inf and NaN) and the patterns around every rounding boundary of the
    // two formats' smallest subnormal, largest finite value and a tie.
    std::vector<std::uint32_t> bits;
    for (std::uint64_t u = 0; u <= 0xffffffffull; u += 4099) bits.push_back(static_cast<std::uint32_t>(u));
    for (std::uint32_t c : {0x33000000u, 0x33800000u, 0x387fc000u, 0x38800000u, 0x477fe000u, 0x477ff000u,
                            0x477fefffu, 0x3f801000u, 0x3f803000u, 0x00008000u, 0x7f7f8000u, 0x7f7fffffu,
                            0x3f808000u, 0x3f818000u})
      for (std::uint32_t sign : {0u, 0x80000000u})
        for (int k = -3; k <= 3; ++k) bits.push_back((c + static_cast<std::uint32_t>(k)) | sign);
    torch::Tensor x = torch::empty({static_cast<std::int64_t>(bits.size())}, torch::kFloat);
    std::memcpy(x.data_ptr<float>(), bits.data(), bits.size() * sizeof(float));
    for (Precision p : {Precision::FP16, Precision::BF16}) {
      const torch::Tensor ours = round_to(x, p);
      const torch::Tensor theirs = p == Precision::FP16 ? x.to(torch::kHalf).to(torch::kFloat)
                                                        : x.to(torch::kBFloat16).to(torch::kFloat);
      // NaN payloads may differ (LibTorch's own scalar and vector paths differ): NaN-ness may not.
      QVERIFY(torch::equal(ours.isnan(), theirs.isnan()));
      const torch::Tensor finite_or_inf = ~theirs.isnan();
      const auto a = ours.masked_select(finite_or_inf), b = theirs.masked_select(finite_or_inf);
      QVERIFY2(torch::equal(a.view(torch::kInt32), b.view(torch::kInt32)),
               qPrintable(QString("%1 of %2 values differ").arg((a.view(torch::kInt32) != b.view(torch::kInt32)).sum().item<std::int64_t>()).arg(a.numel())));
      QVERIFY(a.numel() > 1000000);
      // Pieces shorter than a vector take the scalar loop (also the whole path on CPUs without
      // AVX2): the same values, piece by piece, over every 8th stretch of 7 patterns.
      std::int64_t checked = 0;
      for (std::int64_t k = 0; k + 7 <= x.numel(); k += 56) {
        const torch::Tensor piece = round_to(x.slice(0, k, k + 7), p);
        const torch::Tensor want = theirs.slice(0, k, k + 7);
        const torch::Tensor real = ~want.isnan();
        QVERIFY(torch::equal(piece.isnan(), want.isnan()));
        QVERIFY(torch::equal(piece.masked_select(real).view(torch::kInt32), want.masked_select(real).view(torch::kInt32)));
        checked += 7;
      }
      QVERIFY(checked > 100000);
    }
  }

  // --- emulated linear / conv2d ------------------------------------------------------------

  void emulatedLinearRoundingPoints() {
    // Each case isolates one rounding point: a value that only that rounding changes.
    const auto p = [](int e) { return static_cast<float>(std::ldexp(1.0, e)); };
    const auto one = f32({1.0f});
    const auto zero = f32({0.0f});
    // Input rounded: x = 2^-26 flushes to 0 before it meets W = 2^14 (fp32: 2^-12).
    auto r = run_linear(f32({p(-26)}).view({1, 1}), f32({p(14)}).view({1, 1}), zero, one.view({1, 1}), kFp16Emu);
    QCOMPARE(r.out.item<float>(), 0.0f);
    QCOMPARE(run_linear(f32({p(-26)}).view({1, 1}), f32({p(14)}).view({1, 1}), zero, one.view({1, 1}), kFp32)
                 .out.item<float>(),
             p(-12));
    // Weight rounded.
    r = run_linear(f32({p(14)}).view({1, 1}), f32({p(-26)}).view({1, 1}), zero, one.view({1, 1}), kFp16Emu);
    QCOMPARE(r.out.item<float>(), 0.0f);
    // A weight of 2^20 is inf in fp16 (and inf * 0 = NaN, as on a GPU).
    r = run_linear(f32({1.0f}).view({1, 1}), f32({p(20)}).view({1, 1}), zero, one.view({1, 1}), kFp16Emu);
    QVERIFY(std::isinf(r.out.item<float>()));
    // Bias rounded: b = 1+2^-11 ties down to 1, so 1 + 2^-12 rounds to 1. An unrounded bias would
    // give 1+2^-11+2^-12, which rounds up to 1+2^-10.
    r = run_linear(f32({p(-6)}).view({1, 1}), f32({p(-6)}).view({1, 1}), f32({1.0f + p(-11)}), one.view({1, 1}),
                   kFp16Emu);
    QCOMPARE(r.out.item<float>(), 1.0f);
    // Output rounded: 1025 * 3 = 3075 sits halfway between 3074 and 3076 -> 3076 (even).
    r = run_linear(f32({1025}).view({1, 1}), f32({3}).view({1, 1}), zero, one.view({1, 1}), kFp16Emu);
    QCOMPARE(r.out.item<float>(), 3076.0f);
    // Output overflow: 300 * 300 = 90000 -> inf.
    r = run_linear(f32({300}).view({1, 1}), f32({300}).view({1, 1}), zero, one.view({1, 1}), kFp16Emu);
    QVERIFY(std::isinf(r.out.item<float>()));

    // Incoming gradient rounded: g = 2^-26 -> 0, so dW = g x = 0 (fp32: 2^-26 * 2^14 = 2^-12).
    r = run_linear(f32({p(14)}).view({1, 1}), one.view({1, 1}), zero, f32({p(-26)}).view({1, 1}), kFp16Emu);
    QCOMPARE(r.gw.item<float>(), 0.0f);
    QCOMPARE(r.gb.item<float>(), 0.0f);
    QCOMPARE(run_linear(f32({p(14)}).view({1, 1}), one.view({1, 1}), zero, f32({p(-26)}).view({1, 1}), kFp32)
                 .gw.item<float>(),
             p(-12));
    // Input gradient rounded: dx = g W = 2^-13 * 2^-13 = 2^-26 -> 0.
    r = run_linear(one.view({1, 1}), f32({p(-13)}).view({1, 1}), zero, f32({p(-13)}).view({1, 1}), kFp16Emu);
    QCOMPARE(r.gx.item<float>(), 0.0f);
    // Weight gradient rounded before it reaches the fp32 master gradient: dW = g x = 2^-26 -> 0,
    // while 3*2^-26 (0.75 of the smallest subnormal) rounds up to 2^-24.
    r = run_linear(f32({p(-13)}).view({1, 1}), one.view({1, 1}), zero, f32({p(-13)}).view({1, 1}), kFp16Emu);
    QCOMPARE(r.gw.item<float>(), 0.0f);
    r = run_linear(f32({3 * p(-13)}).view({1, 1}), one.view({1, 1}), zero, f32({p(-13)}).view({1, 1}), kFp16Emu);
    QCOMPARE(r.gw.item<float>(), p(-24));
    // Bias gradient rounded: 1 + 2^-11 (a sum over the batch) ties to 1.
    r = run_linear(torch::ones({2, 1}), one.view({1, 1}), zero, f32({1.0f, p(-11)}).view({2, 1}), kFp16Emu);
    QCOMPARE(r.gb.item<float>(), 1.0f);
    QCOMPARE(run_linear(torch::ones({2, 1}), one.view({1, 1}), zero, f32({1.0f, p(-11)}).view({2, 1}), kFp32)
                 .gb.item<float>(),
             1.0f + p(-11));
  }

  void emulatedLinearMatchesHandComputation() {
    // Operands are k/16 (|k| < 64) times (1 + 2^-13): the perturbation is below half an fp16
    // ulp, so rounding returns k/16, and every product and sum of k/16 values is exact in fp32
    // and in double. The hand computation below (double loops + the reference rounding at each
    // documented point) therefore has to agree bit for bit.
    auto gen = at::detail::createCPUGenerator(3);
    const auto grid = [&](std::vector<std::int64_t> shape) {
      auto k = torch::randint(-63, 64, shape, gen, torch::kFloat);
      return k / 16.0f * (1.0f + static_cast<float>(std::ldexp(1.0, -13)));
    };
    const std::int64_t B = 3, I = 4, O = 3;
    const auto x = grid({B, I}), w = grid({O, I}), b = grid({O}), g = grid({B, O});
    const auto r = run_linear(x, w, b, g, kFp16Emu);

    const auto X = ref_round_tensor(x, ref_fp16).to(torch::kDouble), W = ref_round_tensor(w, ref_fp16).to(torch::kDouble),
               Bv = ref_round_tensor(b, ref_fp16).to(torch::kDouble), G = ref_round_tensor(g, ref_fp16).to(torch::kDouble);
    QVERIFY(!torch::equal(X.to(torch::kFloat), x));  // the inputs really were off the fp16 grid
    auto out = torch::zeros({B, O}, torch::kDouble), gx = torch::zeros({B, I}, torch::kDouble),
         gw = torch::zeros({O, I}, torch::kDouble), gb = torch::zeros({O}, torch::kDouble);
    auto xa = X.accessor<double, 2>(), wa = W.accessor<double, 2>(), ga = G.accessor<double, 2>();
    auto ba = Bv.accessor<double, 1>();
    auto oa = out.accessor<double, 2>(), gxa = gx.accessor<double, 2>(), gwa = gw.accessor<double, 2>();
    auto gba = gb.accessor<double, 1>();
    for (std::int64_t n = 0; n < B; ++n)
      for (std::int64_t o = 0; o < O; ++o) {
        double s = ba[o];
        for (std::int64_t i = 0; i < I; ++i) s += xa[n][i] * wa[o][i];
        oa[n][o] = ref_fp16(s);
      }
    for (std::int64_t n = 0; n < B; ++n)
      for (std::int64_t i = 0; i < I; ++i) {
        double s = 0;
        for (std::int64_t o = 0; o < O; ++o) s += ga[n][o] * wa[o][i];
        gxa[n][i] = ref_fp16(s);
      }
    for (std::int64_t o = 0; o < O; ++o) {
      double sb = 0;
      for (std::int64_t n = 0; n < B; ++n) sb += ga[n][o];
      gba[o] = ref_fp16(sb);
      for (std::int64_t i = 0; i < I; ++i) {
        double s = 0;
        for (std::int64_t n = 0; n < B; ++n) s += ga[n][o] * xa[n][i];
        gwa[o][i] = ref_fp16(s);
      }
    }
    QVERIFY(torch::equal(r.out, out.to(torch::kFloat)));
    QVERIFY(torch::equal(r.gx, gx.to(torch::kFloat)));
    QVERIFY(torch::equal(r.gw, gw.to(torch::kFloat)));
    QVERIFY(torch::equal(r.gb, gb.to(torch::kFloat)));
    // The output rounding was exercised (some exact results were off the fp16 grid).
    auto exact = (X.matmul(W.t()) + Bv);
    QVERIFY(!torch::equal(exact.to(torch::kFloat), r.out));
    for (const auto& t : {r.out, r.gx, r.gw, r.gb}) QVERIFY(representable(t, ref_fp16));
  }

  void emulatedOpsEqualRoundedComposition_data() {
    QTest::addColumn<int>("precision");
    QTest::newRow("fp16") << int(Precision::FP16);
    QTest::newRow("bf16") << int(Precision::BF16);
  }
  void emulatedOpsEqualRoundedComposition() {
    // Realistic sizes: the emulated op equals round(op(round(x), round(w), round(b))) in forward
    // and round(grad of op at the rounded operands, fed round(g))) in backward.
    QFETCH(int, precision);
    const auto p = static_cast<Precision>(precision);
    auto gen = at::detail::createCPUGenerator(5);
    ProbeModel m;
    m.set_precision({p, true});
    for (bool conv : {false, true}) {
      const auto x = conv ? torch::randn({4, 3, 9, 9}, gen, torch::kFloat) : torch::randn({16, 33}, gen, torch::kFloat);
      const auto w = (conv ? torch::randn({5, 3, 3, 3}, gen, torch::kFloat) : torch::randn({7, 33}, gen, torch::kFloat)) * 0.1;
      const auto b = torch::randn({conv ? 5 : 7}, gen, torch::kFloat) * 0.1;
      auto xe = x.clone().requires_grad_(true), we = w.clone().requires_grad_(true), be = b.clone().requires_grad_(true);
      const auto out = conv ? m.conv2d(xe, we, be, 1) : m.linear(xe, we, be);
      const auto g = torch::randn(out.sizes(), gen, torch::kFloat) * 1e-3;
      out.backward(g);

      auto xr = round_to(x, p).requires_grad_(true), wr = round_to(w, p).requires_grad_(true),
           br = round_to(b, p).requires_grad_(true);
      const auto ref = conv ? at::conv2d(xr, wr, br, 1, 1) : at::linear(xr, wr, br);
      ref.backward(round_to(g, p));
      QVERIFY(torch::equal(out.detach(), round_to(ref.detach(), p)));
      QVERIFY(torch::equal(xe.grad(), round_to(xr.grad(), p)));
      QVERIFY(torch::equal(we.grad(), round_to(wr.grad(), p)));
      QVERIFY(torch::equal(be.grad(), round_to(br.grad(), p)));
      QVERIFY(!torch::equal(we.grad(), wr.grad()));  // rounding did something
    }
  }

  void emulatedGradUnderflowsWhereFp32DoesNot() {
    // A weight gradient whose elements span 2^-30 .. 2^-20: fp32 keeps all of them; emulated fp16
    // flushes exactly those below 2^-25 (and 2^-25 itself, a tie to even) to 0.
    const auto x = torch::pow(2.0, torch::arange(-17, -7, torch::kFloat)).view({1, 10});  // 2^-17..2^-8
    const auto w = torch::zeros({1, 10});
    const auto g = torch::full({1, 1}, static_cast<float>(std::ldexp(1.0, -13)));  // dW = 2^-30..2^-21
    const auto emu = run_linear(x, w, torch::zeros({1}), g, kFp16Emu).gw;
    const auto ref = run_linear(x, w, torch::zeros({1}), g, kFp32).gw;
    QCOMPARE(zeros(ref), std::int64_t{0});
    QCOMPARE(zeros(emu), std::int64_t{6});  // 2^-30 .. 2^-25
    QVERIFY(torch::equal(emu.flatten().slice(0, 0, 6), torch::zeros({6})));
    QVERIFY(torch::equal(emu.flatten().slice(0, 6, 10), ref.flatten().slice(0, 6, 10)));  // 2^-24.. exact
  }

  // --- models --------------------------------------------------------------------------------

  void modelLabelsAndShapes_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("dataset");
    QTest::addColumn<QStringList>("labels");
    QTest::addColumn<QStringList>("shapes");  // "name:d0xd1..." for every parameter, in order
    QTest::addColumn<QString>("input");
    QTest::addColumn<double>("macs");       // multiply-adds of one forward per example, by hand
    QTest::addColumn<double>("conv_macs");  // of them in convolutions
    QTest::newRow("spiral-mlp") << "spiral-mlp" << "spirals" << QStringList{"fc1", "fc2", "fc3", "fc4"}
                                << QStringList{"fc1.weight:64x2", "fc1.bias:64", "fc2.weight:64x64", "fc2.bias:64",
                                               "fc3.weight:64x64", "fc3.bias:64", "fc4.weight:3x64", "fc4.bias:3"}
                                << "2" << (2.0 * 64 + 64 * 64 + 64 * 64 + 64 * 3) << 0.0;
    QStringList deep_labels, deep_shapes;
    for (int i = 1; i <= 13; ++i) {
      deep_labels << QStringLiteral("fc%1").arg(i);
      deep_shapes << QStringLiteral("fc%1.weight:%2x128").arg(i).arg(i == 13 ? 10 : 128)
                  << QStringLiteral("fc%1.bias:%2").arg(i).arg(i == 13 ? 10 : 128);
    }
    QTest::newRow("deep-mlp") << "deep-mlp" << "clusters" << deep_labels << deep_shapes << "128"
                              << (12.0 * 128 * 128 + 128 * 10) << 0.0;
    QTest::newRow("fashion-cnn") << "fashion-cnn" << "fashion-mnist" << QStringList{"conv1", "conv2", "fc1", "fc2"}
                                 << QStringList{"conv1.weight:32x1x3x3", "conv1.bias:32", "conv2.weight:64x32x3x3",
                                                "conv2.bias:64", "fc1.weight:128x3136", "fc1.bias:128",
                                                "fc2.weight:10x128", "fc2.bias:10"}
                                 << "1x28x28"
                                 // conv1: 32x28x28 outputs of 1x3x3; conv2: 64x14x14 of 32x3x3; fc1, fc2
                                 << (32.0 * 28 * 28 * 9 + 64.0 * 14 * 14 * 32 * 9 + 3136.0 * 128 + 128 * 10)
                                 << (32.0 * 28 * 28 * 9 + 64.0 * 14 * 14 * 32 * 9);
  }
  void modelLabelsAndShapes() {
    QFETCH(QString, name);
    QFETCH(QString, dataset);
    QFETCH(QStringList, labels);
    QFETCH(QStringList, shapes);
    QFETCH(QString, input);
    QFETCH(double, macs);
    QFETCH(double, conv_macs);
    auto model = make_model(name.toStdString(), 0);
    QCOMPARE(QString::fromStdString(default_dataset(name.toStdString())), dataset);
    QStringList got_labels;
    for (const auto& l : model->module_labels()) got_labels << QString::fromStdString(l);
    QCOMPARE(got_labels, labels);
    QStringList got_shapes;
    for (const auto& p : model->named_parameters()) {
      QStringList dims;
      for (auto d : p.value().sizes()) dims << QString::number(d);
      got_shapes << QString::fromStdString(p.key()) + ":" + dims.join('x');
    }
    QCOMPARE(got_shapes, shapes);
    std::vector<std::int64_t> in_shape{5};
    for (const auto& d : input.split('x')) in_shape.push_back(d.toLongLong());
    const auto classes = name == "spiral-mlp" ? 3 : 10;
    QCOMPARE(model->forward(torch::randn(in_shape)).sizes().vec(), (std::vector<std::int64_t>{5, classes}));
    // The work size the thread choice reads: exact, for a batch of 5, and it leaves no capture.
    model->set_capture_activation_grads(true);
    const auto work = model->forward_work(torch::randn(in_shape));
    QCOMPARE(work.macs, 5 * macs);
    QCOMPARE(work.conv_macs, 5 * conv_macs);
    QCOMPARE(work.ops, static_cast<int>(labels.size()));  // one linear or convolution per labelled module
    QVERIFY(model->capture_activation_grads());
    QVERIFY(model->activation_grads().empty());
  }

  void unknownNamesAreListed() {
    const QString msg = thrown_message([] { make_model("resnet", 0); });
    QVERIFY2(msg.contains("resnet") && msg.contains("spiral-mlp") && msg.contains("deep-mlp") &&
                 msg.contains("fashion-cnn"),
             qPrintable(msg));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, make_model("resnet", 0));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, default_dataset("resnet"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, make_dataset("imagenet", 0, ""));
    QCOMPARE(model_names().size(), std::size_t{3});
  }

  void determinismFromSeed_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("precision");
    for (const char* n : {"spiral-mlp", "deep-mlp", "fashion-cnn"}) {
      QTest::newRow((std::string(n) + " fp32").c_str()) << n << int(Precision::FP32);
      QTest::newRow((std::string(n) + " fp16 emulated").c_str()) << n << int(Precision::FP16);
    }
  }
  void determinismFromSeed() {
    QFETCH(QString, name);
    QFETCH(int, precision);
    // The global generator is deliberately in different states: weights must come from the seed.
    torch::manual_seed(1);
    auto a = make_model(name.toStdString(), 42);
    torch::manual_seed(2);
    auto b = make_model(name.toStdString(), 42);
    auto c = make_model(name.toStdString(), 43);
    const auto pa = a->named_parameters(), pb = b->named_parameters(), pc = c->named_parameters();
    for (const auto& p : pa) {
      QVERIFY2(torch::equal(p.value(), pb[p.key()]), p.key().c_str());
      QVERIFY2(!torch::equal(p.value(), pc[p.key()]), p.key().c_str());
    }
    const PrecisionMode mode{static_cast<Precision>(precision), precision != int(Precision::FP32)};
    a->set_precision(mode);
    b->set_precision(mode);
    const auto in_shape = name == "fashion-cnn" ? std::vector<std::int64_t>{8, 1, 28, 28}
                                                : std::vector<std::int64_t>{8, name == "deep-mlp" ? 128 : 2};
    auto gen = at::detail::createCPUGenerator(9);
    const auto x = torch::randn(in_shape, gen, torch::kFloat);
    const auto y = torch::randint(0, 3, {8}, gen, torch::kLong);
    for (auto* m : {&a, &b}) {
      auto loss = torch::nn::functional::cross_entropy((*m)->forward(x), y);
      loss.backward();
    }
    QVERIFY(torch::equal(a->forward(x), b->forward(x)));
    for (const auto& p : pa) QVERIFY2(torch::equal(p.value().grad(), pb[p.key()].grad()), p.key().c_str());
    if (mode.emulate)
      for (const auto& p : pa) QVERIFY2(representable(p.value().grad(), ref_fp16), p.key().c_str());
  }

  void unemulatedHalfIsPlainFp32OnCpu() {
    // emulate=false leaves precision to the caller's autocast: without one it is plain fp32.
    auto a = make_model("spiral-mlp", 1), b = make_model("spiral-mlp", 1);
    b->set_precision({Precision::FP16, false});
    const auto x = torch::randn({4, 2});
    QVERIFY(torch::equal(a->forward(x), b->forward(x)));
    b->set_precision({Precision::FP16, true});
    QVERIFY(!torch::equal(a->forward(x), b->forward(x)));
  }

  void activationGradsInBackwardOrder_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("emulate");
    QTest::newRow("spiral-mlp fp32") << "spiral-mlp" << false;
    QTest::newRow("spiral-mlp fp16") << "spiral-mlp" << true;
    QTest::newRow("fashion-cnn fp32") << "fashion-cnn" << false;
    QTest::newRow("fashion-cnn fp16") << "fashion-cnn" << true;
  }
  void activationGradsInBackwardOrder() {
    QFETCH(QString, name);
    QFETCH(bool, emulate);
    auto model = make_model(name.toStdString(), 3);
    if (emulate) model->set_precision(kFp16Emu);
    const bool cnn = name == "fashion-cnn";
    const std::int64_t B = 6;
    const auto x = cnn ? torch::randn({B, 1, 28, 28}) : torch::randn({B, 2});
    const auto y = torch::randint(0, 3, {B}, torch::kLong);

    // Off: nothing captured.
    torch::nn::functional::cross_entropy(model->forward(x), y).backward();
    QVERIFY(model->activation_grads().empty());

    model->set_capture_activation_grads(true);
    const auto logits = model->forward(x);
    torch::nn::functional::cross_entropy(logits, y).backward();
    const auto& acts = model->activation_grads();
    std::vector<std::string> expected = model->module_labels();
    std::reverse(expected.begin(), expected.end());
    QCOMPARE(acts.size(), expected.size());
    const std::vector<std::vector<std::int64_t>> shapes =
        cnn ? std::vector<std::vector<std::int64_t>>{{B, 10}, {B, 128}, {B, 64, 14, 14}, {B, 32, 28, 28}}
            : std::vector<std::vector<std::int64_t>>{{B, 3}, {B, 64}, {B, 64}, {B, 64}};
    for (std::size_t i = 0; i < acts.size(); ++i) {
      QCOMPARE(acts[i].first, expected[i]);
      QCOMPARE(acts[i].second.sizes().vec(), shapes[i]);
      if (emulate) QVERIFY(representable(acts[i].second, ref_fp16));
    }
    // The last layer's gradient is d(mean CE)/d(logits) = (softmax - onehot) / B (rounded to fp16
    // when emulating, as autocast's cast-back would).
    auto expect = (torch::softmax(logits.detach(), 1) - torch::one_hot(y, logits.size(1)).to(torch::kFloat)) / B;
    if (emulate) expect = round_to(expect, Precision::FP16);
    QVERIFY(torch::allclose(acts[0].second, expect, 1e-6, 1e-7));
    // A forward under NoGradGuard registers no hooks and clears the previous capture.
    torch::NoGradGuard no_grad;
    model->forward(x);
    QVERIFY(model->activation_grads().empty());
  }

  // --- the direct pass (model_zoo.h): autograd's numbers without autograd ------------------

  void directPassEqualsAutogradBitForBit_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("precision");
    QTest::addColumn<bool>("capture");
    QTest::addColumn<double>("scale");
    QTest::addColumn<int>("micro");
    QTest::addColumn<bool>("lane");  // weight gradients and half the forward on the model's second thread
    QTest::addColumn<int>("batch");
    for (const char* name : {"spiral-mlp", "deep-mlp"}) {
      for (int p : {static_cast<int>(Precision::FP32), static_cast<int>(Precision::FP16),
                    static_cast<int>(Precision::BF16)}) {
        const QString pn = precision_name(p);
        for (const bool lane : {false, true}) {
          const QString ln = lane ? ", lane" : "";
          QTest::newRow(qPrintable(QString("%1 %2 capture x65536%3").arg(name, pn, ln))) << name << p << true << 65536.0 << 1 << lane << 64;
          QTest::newRow(qPrintable(QString("%1 %2 no capture x1%3").arg(name, pn, ln))) << name << p << false << 1.0 << 1 << lane << 64;
          QTest::newRow(qPrintable(QString("%1 %2 capture x1024, 3 micro-batches%3").arg(name, pn, ln)))
              << name << p << true << 1024.0 << 3 << lane << 64;
        }
        // The lane's forward halves: the models' own batch of 256 and 255 (halves of 127 and
        // 128 rows), 3 (1 and 2), and 1 (too few to split: the stepping thread alone).
        for (const int batch : {256, 255, 3, 1})
          QTest::newRow(qPrintable(QString("%1 %2 capture x65536, lane, batch %3").arg(name, pn).arg(batch)))
              << name << p << true << 65536.0 << 1 << true << batch;
      }
    }
  }
  void directPassEqualsAutogradBitForBit() {
    // The session's two paths: autograd over forward() and cross_entropy, the objective
    // (loss / micro) * scale, gradients accumulated over the micro-batches; and the direct pass
    // handed scale / micro. Everything must be the same numbers: the loss, every parameter's
    // gradient, every captured activation gradient (equal, not close).
    QFETCH(QString, name);
    QFETCH(int, precision);
    QFETCH(bool, capture);
    QFETCH(double, scale);
    QFETCH(int, micro);
    QFETCH(bool, lane);
    QFETCH(int, batch);
    const PrecisionMode mode{static_cast<Precision>(precision), precision != static_cast<int>(Precision::FP32)};
    auto a = make_model(name.toStdString(), 11);
    auto d = make_model(name.toStdString(), 11);
    QVERIFY(d->has_direct_pass());
    for (auto* m : {a.get(), d.get()}) {
      m->set_precision(mode);
      m->set_capture_activation_grads(capture);
    }
    d->set_weight_grad_lane(lane);
    QCOMPARE(d->weight_grad_lane(), lane);
    auto data = make_dataset(default_dataset(name.toStdString()), 0, "");
    BatchSampler sampler(*data, batch, 5);
    std::vector<std::pair<torch::Tensor, torch::Tensor>> batches;
    for (int m = 0; m < micro; ++m) batches.push_back(sampler.next());
    // A scale of 1 and a step of fp16 underflow: the gradients hold zeros and subnormals too.
    const torch::Tensor scale_t = torch::full({1}, scale);
    std::vector<torch::Tensor> loss_a, loss_d;
    for (const auto& [x, y] : batches) {
      torch::Tensor loss = torch::nn::functional::cross_entropy(a->forward(x).to(torch::kFloat), y);
      loss_a.push_back(loss.detach());
      torch::Tensor part = micro > 1 ? loss / static_cast<double>(micro) : loss;
      (part * scale_t).backward();
    }
    torch::Tensor loss_grad = torch::ones({}) * scale_t;
    if (micro > 1) loss_grad = loss_grad / static_cast<double>(micro);
    std::uint64_t halves = 0;
    for (const auto& [x, y] : batches) {
      const std::uint64_t before = d->weight_grad_lane_items();
      loss_d.push_back(d->direct_forward(x, y));
      QVERIFY(!loss_d.back().requires_grad());
      // The lane took the second half of every batch where the halves' products are the whole
      // batch's bits; nothing otherwise.
      const bool split = lane && x.size(0) >= 2 && d->forward_split(x.size(0)) == 1;
      QCOMPARE(d->forward_split(x.size(0)) == -1, !(lane && x.size(0) >= 2));
      QCOMPARE(d->weight_grad_lane_items() - before, std::uint64_t{split ? 1u : 0u});
      halves += split ? 1 : 0;
      d->direct_backward(loss_grad);
    }
    // The first micro-batch's weight and bias gradients went there too: a layer each.
    QCOMPARE(d->weight_grad_lane_items(), lane ? halves + a->module_labels().size() : 0);
    if (lane && batch >= 2)
      qInfo("%s: the forward's halves %s", qPrintable(QTest::currentDataTag()),
            d->forward_split(batch) == 1 ? "are the whole batch's bits: split" : "differ in this BLAS: not split");
    for (int m = 0; m < micro; ++m) QVERIFY(torch::equal(loss_a[m], loss_d[m]));
    const auto pa = a->named_parameters();
    const auto pd = d->named_parameters();
    QCOMPARE(pa.size(), pd.size());
    std::int64_t zero = 0, total = 0;
    for (const auto& item : pa) {
      const torch::Tensor& ga = item.value().grad();
      const torch::Tensor& gd = pd[item.key()].grad();
      QVERIFY2(gd.defined() && !gd.requires_grad(), item.key().c_str());
      QCOMPARE(gd.sizes().vec(), ga.sizes().vec());
      QVERIFY2(gd.is_contiguous(), item.key().c_str());
      QVERIFY2(torch::equal(ga, gd), qPrintable(QString("%1: max |diff| %2").arg(item.key().c_str())
                                                    .arg((ga - gd).abs().max().item<double>())));
      zero += zeros(gd);
      total += gd.numel();
    }
    const auto& acts_a = a->activation_grads();
    const auto& acts_d = d->activation_grads();
    QCOMPARE(acts_d.size(), capture ? a->module_labels().size() : std::size_t{0});
    QCOMPARE(acts_d.size(), acts_a.size());
    for (std::size_t i = 0; i < acts_a.size(); ++i) {
      QCOMPARE(acts_d[i].first, acts_a[i].first);
      QVERIFY2(torch::equal(acts_a[i].second, acts_d[i].second), acts_a[i].first.c_str());
    }
    qInfo("%s: %lld of %lld gradient elements zero", qPrintable(QTest::currentDataTag()),
          static_cast<long long>(zero), static_cast<long long>(total));
    // The weights the direct pass read are untouched, and a forward under autograd still works.
    for (const auto& item : pa) QVERIFY(torch::equal(item.value(), pd[item.key()]));
    QVERIFY(d->forward(batches[0].first).requires_grad());
  }

  void laneForwardHalvesAreEachHalfsNumbers_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("precision");
    QTest::addColumn<int>("batch");
    for (const char* name : {"spiral-mlp", "deep-mlp"})
      for (const int p : {static_cast<int>(Precision::FP32), static_cast<int>(Precision::FP16), static_cast<int>(Precision::BF16)})
        for (const int batch : {256, 255, 3})
          QTest::newRow(qPrintable(QString("%1 %2 batch %3").arg(name, precision_name(p)).arg(batch))) << QString(name) << p << batch;
  }
  void laneForwardHalvesAreEachHalfsNumbers() {
    // Split without the check, the lane's forward must be, bit for bit, autograd's forward of
    // each half on its own (the same kernels over the same rows), whatever the BLAS does with
    // fewer rows: the loss over both halves' logits is cross_entropy's over their concatenation.
    QFETCH(QString, name);
    QFETCH(int, precision);
    QFETCH(int, batch);
    const PrecisionMode mode{static_cast<Precision>(precision), precision != static_cast<int>(Precision::FP32)};
    auto a = make_model(name.toStdString(), 21);
    auto d = make_model(name.toStdString(), 21);
    for (auto* m : {a.get(), d.get()}) m->set_precision(mode);
    d->set_weight_grad_lane(true);
    d->set_forward_split_unchecked(true);
    auto data = make_dataset(default_dataset(name.toStdString()), 0, "");
    BatchSampler sampler(*data, batch, 8);
    for (int step = 0; step < 2; ++step) {
      const auto [x, y] = sampler.next();
      const std::int64_t half = batch / 2;
      torch::Tensor logits;
      {
        torch::NoGradGuard no_grad;
        logits = torch::cat({a->forward(x.narrow(0, 0, half)), a->forward(x.narrow(0, half, batch - half))});
      }
      const torch::Tensor expected = torch::nn::functional::cross_entropy(logits.to(torch::kFloat), y);
      const std::uint64_t before = d->weight_grad_lane_items();
      const torch::Tensor loss = d->direct_forward(x, y);
      QCOMPARE(d->weight_grad_lane_items() - before, std::uint64_t{1});
      QCOMPARE(d->forward_split(batch), -1);  // unchecked: nothing learnt about this size
      QVERIFY2(torch::equal(loss, expected), qPrintable(QString("step %1: %2 against %3").arg(step)
                                                           .arg(loss.item<double>(), 0, 'g', 17)
                                                           .arg(expected.item<double>(), 0, 'g', 17)));
      d->direct_backward(torch::ones({}));  // the lane's other work, then the next batch
    }
  }

  void laneSurvivesAForwardThatThrows() {
    // A batch of the wrong width fails in the first layer's product on both threads at once: the
    // stepping thread's error is the one reported, the lane settles (no hang, nothing written
    // after), and the next proper batch gives autograd's numbers again, split as before.
    auto d = make_model("deep-mlp", 5);
    auto a = make_model("deep-mlp", 5);
    d->set_weight_grad_lane(true);
    auto data = make_dataset("clusters", 0, "");
    BatchSampler sampler(*data, 64, 6);
    auto [x0, y0] = sampler.next();
    step_both(*a, *d, x0, y0);
    const int split = d->forward_split(64);
    QVERIFY(split != -1);
    const QString msg = thrown_message([&] { d->direct_forward(torch::ones({64, 7}), y0); });
    QVERIFY2(msg.contains("shapes cannot be multiplied"), qPrintable(msg));  // LibTorch's, for 64x7 and 128 inputs
    QCOMPARE(d->forward_split(64), split);  // what is known of the shapes stays
    const auto [x, y] = sampler.next();
    step_both(*a, *d, x, y);
    const auto pa = a->parameters(), pd = d->parameters();
    for (std::size_t i = 0; i < pa.size(); ++i) QVERIFY(torch::equal(pa[i].grad(), pd[i].grad()));
  }

  void directPassReusesItsBuffers() {
    // After the first step the direct pass writes into the tensors it made then: the same
    // storage for every gradient and activation gradient, step after step (the session sets .grad
    // to none between steps, as here), and the numbers still autograd's.
    // The same with the lane, which writes the weight gradients' buffers on its own thread.
    for (const bool lane : {false, true}) for (const PrecisionMode mode : {kFp32, kFp16Emu}) {
      auto d = make_model("spiral-mlp", 4);
      auto a = make_model("spiral-mlp", 4);
      for (auto* m : {a.get(), d.get()}) {
        m->set_precision(mode);
        m->set_capture_activation_grads(true);
      }
      d->set_weight_grad_lane(lane);
      auto data = make_dataset("spirals", 0, "");
      BatchSampler sampler(*data, 32, 2);
      std::vector<const void*> first;
      for (int step = 0; step < 3; ++step) {
        const auto [x, y] = sampler.next();
        step_both(*a, *d, x, y);
        std::vector<const void*> ptrs;
        for (const auto& param : d->parameters()) ptrs.push_back(param.grad().data_ptr());
        for (const auto& [label, g] : d->activation_grads()) ptrs.push_back(g.data_ptr());
        if (step == 0) first = ptrs;
        else QVERIFY2(ptrs == first, qPrintable(QString("step %1: new storage").arg(step)));
        const auto pa = a->parameters(), pd = d->parameters();
        for (std::size_t i = 0; i < pa.size(); ++i)
          QVERIFY2(torch::equal(pa[i].grad(), pd[i].grad()),
                   qPrintable(QString("step %1, %2, lane %3: parameter %4 differs by %5").arg(step)
                                  .arg(mode.emulate ? "fp16 emulated" : "fp32").arg(lane).arg(i)
                                  .arg((pa[i].grad() - pd[i].grad()).abs().max().item<double>())));
        // Both models step the same way, so the next batch meets the same weights.
        torch::NoGradGuard no_grad;
        for (std::size_t i = 0; i < pa.size(); ++i) {
          pa[i].sub_(pa[i].grad() * 0.1);
          pd[i].sub_(pd[i].grad() * 0.1);
        }
      }
    }
  }

  void weightGradLaneTurnsOnAndOff() {
    // On, off and on again between steps (the GUI's worker and record choose per session): the
    // numbers stay autograd's; a model without a direct pass says it has no lane.
    auto d = make_model("deep-mlp", 9);
    auto a = make_model("deep-mlp", 9);
    auto data = make_dataset("clusters", 0, "");
    BatchSampler sampler(*data, 32, 3);
    for (const bool lane : {true, false, true}) {
      d->set_weight_grad_lane(lane);
      QCOMPARE(d->weight_grad_lane(), lane);
      const auto [x, y] = sampler.next();
      step_both(*a, *d, x, y);
      const auto pa = a->parameters(), pd = d->parameters();
      for (std::size_t i = 0; i < pa.size(); ++i) QVERIFY(torch::equal(pa[i].grad(), pd[i].grad()));
    }
    auto cnn = make_model("fashion-cnn", 0);
    cnn->set_weight_grad_lane(true);
    QVERIFY(!cnn->weight_grad_lane());
  }

  void directPassOnlyWhereAModelHasOne() {
    auto cnn = make_model("fashion-cnn", 0);
    QVERIFY(!cnn->has_direct_pass());
    const QString msg = thrown_message([&] { cnn->direct_forward(torch::zeros({1, 1, 28, 28}), torch::zeros({1}, torch::kLong)); });
    QVERIFY2(msg.contains("no direct pass"), qPrintable(msg));
  }

  // --- the deep-mlp demonstration ----------------------------------------------------------

  void deepMlpUnderflowsWithoutScaler() {
    // The classic picture in a few steps: emulated fp16 with scale 1 flushes fc1's weight
    // gradient to zero almost everywhere; with PyTorch's default scale 2^16 it survives.
    auto data = make_dataset("clusters", 0, "");
    auto zeros_after = [&](double scale, Precision p, bool emulate) {
      auto model = make_model("deep-mlp", 0);
      model->set_precision({p, emulate});
      torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(1e-3));
      BatchSampler sampler(*data, 256, 1);
      std::int64_t z = 0;
      for (int step = 0; step < 3; ++step) {
        auto [x, y] = sampler.next();
        opt.zero_grad();
        (torch::nn::functional::cross_entropy(model->forward(x), y) * scale).backward();
        for (auto& param : model->parameters()) param.grad().div_(scale);
        z += zeros(model->named_parameters()["fc1.weight"].grad());
        opt.step();
      }
      return z;  // over 3 steps of 128*128 elements
    };
    const std::int64_t total = 3 * 128 * 128;
    const auto unscaled = zeros_after(1.0, Precision::FP16, true);
    const auto scaled = zeros_after(65536.0, Precision::FP16, true);
    const auto fp32 = zeros_after(1.0, Precision::FP32, false);
    qInfo("fc1.weight zero grads over 3 steps (of %lld): fp16 unscaled %lld, fp16 x65536 %lld, fp32 %lld",
          static_cast<long long>(total), static_cast<long long>(unscaled), static_cast<long long>(scaled),
          static_cast<long long>(fp32));
    QVERIFY2(unscaled >= total * 95 / 100, "unscaled fp16 should lose (nearly) all of fc1's gradient");
    QVERIFY2(scaled <= total * 2 / 100, "scaled fp16 should keep (nearly) all of fc1's gradient");
    QCOMPARE(fp32, std::int64_t{0});
  }
};

QTEST_APPLESS_MAIN(TestModels)
#include "test_models.moc"
