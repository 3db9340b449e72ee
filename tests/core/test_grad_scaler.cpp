// GradScaler against docs/gradscaler.md: PyTorch's acceptance vectors, state machine, errors,
// dtypes, sparse and strided gradients, the overflow walk to zero, policies, state I/O.
// And an oracle: the update rule, the unscale and whole scaler sequences bit for bit against ATen's
// own _amp_update_scale_ and _amp_foreach_non_finite_check_and_unscale_ where this LibTorch runs
// them (the CPU from 2.1, CUDA); the oracle slots skip elsewhere (Debian's 1.13 without a GPU).
#include <ampscope/grad_scaler.h>
#include <ampscope/torch_compat.h>

#include "scaler_test_util.h"

#include <torch/autograd.h>
#include <torch/cuda.h>
#include <torch/nn.h>
#include <torch/optim.h>
#include <torch/nn/utils/clip_grad.h>
#include <torch/version.h>

#include <QTemporaryDir>
#include "test_helpers.h"

#include <QtTest>

#include <algorithm>
#include <bit>
#include <cfloat>
#include <cmath>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <set>

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


// --- Oracle: the GradScaler against ATen's own _amp_ ops ---------------------------------------
//
// PyTorch's GradScaler is Python glue around two ATen ops: _amp_update_scale_ (the update rule)
// and _amp_foreach_non_finite_check_and_unscale_ (check and unscale, called once per device and
// dtype group). Where this LibTorch runs them (CPU kernels since 2.1; CUDA in any CUDA build) the
// oracle slots compare AmpScope with them bit for bit on random inputs; elsewhere they skip.
// Only API that is the same in LibTorch 1.13 and 2.x is used here.

/// The devices on which this LibTorch runs ATen's _amp_ ops.
std::vector<torch::Device> aten_amp_devices() {
  std::vector<torch::Device> devices;
  if (compat::kHasCpuAmpOps) devices.emplace_back(torch::kCPU);
  if (torch::cuda::is_available()) devices.emplace_back(torch::kCUDA, 0);
  return devices;
}

QString aten_amp_skip_reason() {
  return QStringLiteral("LibTorch %1.%2 has no CPU kernels for ATen's _amp_update_scale_ and "
                        "_amp_foreach_non_finite_check_and_unscale_ (added in 2.1) and no CUDA device "
                        "(torch::cuda::is_available() is false): no oracle to compare with")
      .arg(TORCH_VERSION_MAJOR)
      .arg(TORCH_VERSION_MINOR);
}

QString device_name(const torch::Device& d) { return QString::fromStdString(d.str()); }

std::uint32_t bits_of(float f) { return std::bit_cast<std::uint32_t>(f); }

/// "0x3f800000 (1)": the bits and the shortest decimal that reads back as the value.
QString show_f32(float f) {
  return QStringLiteral("0x%1 (%2)").arg(bits_of(f), 8, 16, QChar('0')).arg(QString::fromStdString(format_number(f)));
}

QString show_f64(double d) { return QString::fromStdString(format_number(d)); }

/// A 0-dim or 1-element tensor on `device` holding exactly `v` (written through memory, so that
/// no conversion touches subnormals).
torch::Tensor f32_scalar(float v, bool one_element, const torch::Device& device) {
  torch::Tensor t = one_element ? torch::empty({1}, torch::kFloat) : torch::empty({}, torch::kFloat);
  t.data_ptr<float>()[0] = v;
  return t.to(device);
}

torch::Tensor i32_scalar(std::int32_t v, bool one_element, const torch::Device& device) {
  torch::Tensor t = one_element ? torch::empty({1}, torch::kInt) : torch::empty({}, torch::kInt);
  t.data_ptr<std::int32_t>()[0] = v;
  return t.to(device);
}

float read_f32(const torch::Tensor& t) { return t.detach().cpu().contiguous().data_ptr<float>()[0]; }
std::int32_t read_i32(const torch::Tensor& t) { return t.detach().cpu().contiguous().data_ptr<std::int32_t>()[0]; }

/// How a (device, dtype) group was checked and unscaled by the oracle.
enum class UnscaleRoute { DeviceOp, CpuOp, ElementwiseOps };

/// One (device, dtype) group through ATen's _amp_foreach_non_finite_check_and_unscale_, as
/// torch.amp.GradScaler._unscale_grads_ calls it. ATen's CUDA kernel dispatches float, double
/// and half only (pytorch/pytorch#127176: PyTorch itself cannot unscale bf16 gradients on CUDA);
/// for a bf16 group on CUDA the same op then runs on CPU copies where this LibTorch has CPU
/// kernels (2.1+: the same arithmetic, each value widened to fp32, checked, multiplied in fp32 and
/// rounded once), else ATen's elementwise ops spell that arithmetic out.
UnscaleRoute aten_unscale_group(std::vector<torch::Tensor>& grads, torch::Tensor& found_inf,
                                const torch::Tensor& inv_scale) {
  const bool cuda_bf16 = grads.front().is_cuda() && grads.front().scalar_type() == torch::kBFloat16;
  try {
    at::_amp_foreach_non_finite_check_and_unscale_(grads, found_inf, inv_scale);
    return UnscaleRoute::DeviceOp;  // for bf16 on CUDA: a LibTorch whose CUDA kernel has bf16
  } catch (const c10::Error& e) {
    // Only bf16 on CUDA has a way round, and only this error, raised by the dtype dispatch
    // before anything is written.
    if (!cuda_bf16 || std::string(e.what()).find("not implemented for") == std::string::npos) throw;
  }
  torch::NoGradGuard no_grad;
  if (compat::kHasCpuAmpOps) {
    std::vector<torch::Tensor> cpu;
    for (const auto& g : grads) cpu.push_back(g.cpu());
    torch::Tensor found_cpu = found_inf.cpu();
    at::_amp_foreach_non_finite_check_and_unscale_(cpu, found_cpu, inv_scale.cpu());
    for (std::size_t i = 0; i < grads.size(); ++i) grads[i].copy_(cpu[i]);
    found_inf.copy_(found_cpu);
    return UnscaleRoute::CpuOp;
  }
  const torch::Tensor inv = inv_scale.reshape({});
  for (auto& g : grads) {
    const torch::Tensor wide = g.to(torch::kFloat);
    found_inf.masked_fill_(wide.isfinite().logical_not().any(), 1.0f);
    g.copy_((wide * inv).to(g.scalar_type()));
  }
  return UnscaleRoute::ElementwiseOps;
}

/// Empty when `got` and `want` hold the same bits (two NaNs count as equal whatever their
/// payloads); else how many elements differ and the first one's index and bit patterns.
/// `input`, when defined, is what both started from.
QString bitwise_difference(const torch::Tensor& got, const torch::Tensor& want, const torch::Tensor& input = {}) {
  if (got.scalar_type() != want.scalar_type() || got.sizes() != want.sizes())
    return QStringLiteral("dtype or shape differ: AmpScope %1 %2, oracle %3 %4")
        .arg(QString::fromStdString(c10::toString(got.scalar_type())), QString::fromStdString(c10::str(got.sizes())),
             QString::fromStdString(c10::toString(want.scalar_type())), QString::fromStdString(c10::str(want.sizes())));
  const torch::Tensor g = got.detach().cpu().contiguous().view({-1});
  const torch::Tensor w = want.detach().cpu().contiguous().view({-1});
  const bool narrow = g.element_size() == 2;
  const auto int_type = narrow ? torch::kShort : torch::kInt;
  const torch::Tensor same = g.view(int_type).eq(w.view(int_type)).logical_or(g.isnan().logical_and(w.isnan()));
  const std::int64_t differing = same.numel() - same.sum().item<std::int64_t>();
  if (differing == 0) return {};
  const std::int64_t k = same.logical_not().nonzero()[0][0].item<std::int64_t>();
  auto element = [&](const torch::Tensor& t) {
    const torch::Tensor e = t.detach().cpu().contiguous().view({-1})[k];
    const std::uint32_t bits = narrow ? static_cast<std::uint16_t>(e.view(torch::kShort).item<std::int16_t>())
                                      : static_cast<std::uint32_t>(e.view(torch::kInt).item<std::int32_t>());
    return QStringLiteral("0x%1 (%2)").arg(bits, narrow ? 4 : 8, 16, QChar('0')).arg(show_f64(e.item<double>()));
  };
  QString s = QStringLiteral("%1 of %2 elements differ, the first at flat index %3: ").arg(differing).arg(g.numel()).arg(k);
  if (input.defined()) s += QStringLiteral("input %1, ").arg(element(input));
  return s + QStringLiteral("AmpScope %1, oracle %2").arg(element(g), element(w));
}

// Random inputs. All from std::mt19937_64 with fixed seeds, so that every device (and every
// LibTorch) sees the same cases.

using Rng = std::mt19937_64;

std::uint64_t below(Rng& rng, std::uint64_t n) { return rng() % n; }
double uniform(Rng& rng, double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng); }
float f32_from_fields(std::uint32_t exp, std::uint32_t man) { return std::bit_cast<float>((exp << 23) | man); }

struct UpdateCase {
  float scale;
  std::int32_t growth_tracker;
  float found_inf;  // 0, 1, or 2 (two devices' flags summed, as PyTorch's update() sums them)
  double growth_factor;
  double backoff_factor;
  std::int64_t growth_interval;
  bool one_element;  // 1-element tensors instead of 0-dim
  const char* kind;  // which scale generator
};

QString describe(const UpdateCase& u) {
  return QStringLiteral("scale %1 [%2], growth_tracker %3, found_inf %4, growth_factor %5, backoff_factor %6, "
                        "growth_interval %7, %8 tensors")
      .arg(show_f32(u.scale), QString::fromLatin1(u.kind))
      .arg(u.growth_tracker)
      .arg(show_f64(u.found_inf), show_f64(u.growth_factor), show_f64(u.backoff_factor))
      .arg(u.growth_interval)
      .arg(u.one_element ? "1-element" : "0-dim");
}

UpdateCase random_update_case(Rng& rng, int index) {
  UpdateCase u{};
  u.one_element = index % 2 == 1;
  const auto p = below(rng, 100);
  u.growth_factor = p < 30 ? 2.0
                  : p < 35 ? std::nextafter(1.0, 2.0)
                  : p < 45 ? std::ldexp(1.0, static_cast<int>(1 + below(rng, 19)))
                           : std::exp(uniform(rng, 0.0, std::log(1e6)));
  if (!(u.growth_factor > 1.0)) u.growth_factor = std::nextafter(1.0, 2.0);
  const auto q = below(rng, 100);
  u.backoff_factor = q < 30 ? 0.5
                   : q < 35 ? std::nextafter(1.0, 0.0)
                   : q < 45 ? std::ldexp(1.0, -static_cast<int>(1 + below(rng, 160)))
                            : uniform(rng, 0.0, 1.0);
  if (!(u.backoff_factor > 0.0)) u.backoff_factor = 0.5;
  const std::int64_t large[] = {100, 2000, 65536, std::numeric_limits<std::int32_t>::max()};
  u.growth_interval = below(rng, 100) < 80 ? static_cast<std::int64_t>(1 + below(rng, 20)) : large[below(rng, 4)];
  const auto t = below(rng, 100);
  u.growth_tracker = static_cast<std::int32_t>(t < 45 ? u.growth_interval - 1
                                               : t < 50 ? 0
                                                        : static_cast<std::int64_t>(below(rng, static_cast<std::uint64_t>(u.growth_interval))));
  const auto f = below(rng, 100);
  u.found_inf = f < 45 ? 1.0f : f < 50 ? 2.0f : 0.0f;
  const auto s = below(rng, 100);
  const std::uint32_t man = static_cast<std::uint32_t>(below(rng, 1u << 23));
  if (s < 25) {
    u.kind = "random fp32";
    u.scale = f32_from_fields(static_cast<std::uint32_t>(below(rng, 255)), man);
  } else if (s < 40) {
    u.kind = "power of 2";
    u.scale = std::ldexp(1.0f, static_cast<int>(below(rng, 277)) - 149);
  } else if (s < 60) {
    // At the overflow boundary of the growth: f32(FLT_MAX / growth) and a few ulps either side,
    // with a growth due now.
    u.kind = "growth boundary";
    float x = static_cast<float>(static_cast<double>(FLT_MAX) / u.growth_factor);
    const int steps = static_cast<int>(below(rng, 7)) - 3;
    for (int i = 0; i < std::abs(steps); ++i) x = std::nextafter(x, steps > 0 ? FLT_MAX : 0.0f);
    u.scale = x;
    u.found_inf = 0.0f;
    u.growth_tracker = static_cast<std::int32_t>(u.growth_interval - 1);
  } else if (s < 70) {
    u.kind = "subnormal";
    u.scale = f32_from_fields(0, man == 0 ? 1 : man);
  } else if (s < 75) {
    u.kind = "zero";
    u.scale = 0.0f;
  } else if (s < 80) {
    u.kind = "near FLT_MAX";
    u.scale = below(rng, 2) ? FLT_MAX : std::nextafter(FLT_MAX, 0.0f);
  } else {
    u.kind = "typical";
    u.scale = static_cast<float>(65536.0 * uniform(rng, 0.5, 2.0));
  }
  return u;
}

/// A floating-point format by its fields (fp16, bf16, fp32).
struct FloatFormat {
  torch::ScalarType dtype;
  int exp_bits;
  int man_bits;
  const char* name;
  std::uint32_t all_ones_exp() const { return (1u << exp_bits) - 1; }
  std::uint32_t man_mask() const { return (1u << man_bits) - 1; }
  std::uint32_t compose(bool negative, std::uint32_t exp, std::uint32_t man) const {
    return (static_cast<std::uint32_t>(negative) << (exp_bits + man_bits)) | (exp << man_bits) | man;
  }
};
const FloatFormat kGradFormats[] = {{torch::kHalf, 5, 10, "fp16"}, {torch::kBFloat16, 8, 7, "bf16"}, {torch::kFloat, 8, 23, "fp32"}};

const char* const kValueKinds[] = {"wide", "narrow", "subnormal", "huge", "tiny", "mixed"};

/// A random finite value's bits: `kind` indexes kValueKinds; `center` is the exponent field
/// "narrow" values gather around.
std::uint32_t random_finite(const FloatFormat& f, int kind, std::uint32_t center, Rng& rng) {
  const std::uint32_t max_exp = f.all_ones_exp() - 1;  // the largest finite exponent field
  const bool negative = rng() & 1;
  std::uint32_t man = static_cast<std::uint32_t>(rng()) & f.man_mask();
  std::uint32_t exp = 0;
  switch (kind == 5 ? static_cast<int>(below(rng, 5)) : kind) {
    case 0:  // any exponent: over the whole range, subnormals and zeros included
      exp = static_cast<std::uint32_t>(below(rng, max_exp + 1));
      break;
    case 1:  // a typical gradient: within a few binades
      exp = static_cast<std::uint32_t>(std::clamp<std::int64_t>(static_cast<std::int64_t>(center) + static_cast<std::int64_t>(below(rng, 7)) - 3, 0, max_exp));
      break;
    case 2:  // subnormals, a few signed zeros
      if (below(rng, 8) == 0) man = static_cast<std::uint32_t>(below(rng, 2));
      break;
    case 3:  // the top binades: unscaling by inv_scale > 1 overflows
      exp = max_exp - static_cast<std::uint32_t>(below(rng, 4));
      break;
    default: {  // +-0, the smallest subnormal, the lowest normal binades
      const auto u = below(rng, 4);
      if (u == 0) man = 0;
      if (u == 1) man = 1;
      if (u >= 2) exp = static_cast<std::uint32_t>(below(rng, 4));
      break;
    }
  }
  return f.compose(negative, exp, man);
}

/// A contiguous tensor of `f`'s dtype holding exactly these bits.
torch::Tensor tensor_from_bits(const FloatFormat& f, std::vector<std::uint32_t> bits, const std::vector<std::int64_t>& shape) {
  const auto n = static_cast<std::int64_t>(bits.size());
  torch::Tensor raw;
  if (f.dtype == torch::kFloat) {
    raw = torch::from_blob(bits.data(), {n}, torch::kInt).clone();
  } else {
    std::vector<std::uint16_t> narrow(bits.begin(), bits.end());
    raw = torch::from_blob(narrow.data(), {n}, torch::kShort).clone();
  }
  return raw.view(f.dtype).view(shape);
}

const char* const kPatterns[] = {"no inf/NaN", "one +inf", "one -inf", "one NaN", "many inf/NaN"};

struct UnscaleCase {
  std::vector<torch::Tensor> grads;  // on the CPU, scaled, as backward left them
  QStringList what;                  // per gradient: dtype, shape, values
  int pattern = 0;
  QString pattern_where;
  float scale = 1.0f;
  bool one_element = false;  // found_inf and inv_scale 1-element instead of 0-dim
};

QString describe(const UnscaleCase& c) {
  return QStringLiteral("%1 gradient(s) [%2], %3%4, scale %5")
      .arg(c.grads.size())
      .arg(c.what.join(QStringLiteral("; ")), QString::fromLatin1(kPatterns[c.pattern]), c.pattern_where, show_f32(c.scale));
}

float random_scale(Rng& rng) {
  const auto s = below(rng, 100);
  if (s < 20) return std::ldexp(1.0f, static_cast<int>(below(rng, 81)) - 40);
  if (s < 40) return f32_from_fields(static_cast<std::uint32_t>(below(rng, 255)), static_cast<std::uint32_t>(below(rng, 1u << 23)));
  if (s < 50) return 1.0f;  // inv_scale 1: ATen returns each value unchanged
  if (s < 55) return 0.0f;  // inv_scale inf: the absorbing state after an unfloored storm
  if (s < 65) return f32_from_fields(static_cast<std::uint32_t>(230 + below(rng, 25)), static_cast<std::uint32_t>(below(rng, 1u << 23)));
  if (s < 75) return static_cast<float>(std::exp(uniform(rng, std::log(1e-8), std::log(1e-3))));
  return static_cast<float>(65536.0 * uniform(rng, 0.5, 2.0));
}

UnscaleCase random_unscale_case(Rng& rng, int index) {
  UnscaleCase c;
  c.one_element = index % 2 == 1;
  c.scale = random_scale(rng);
  const int count = 1 + static_cast<int>(below(rng, 6));
  std::vector<std::vector<std::uint32_t>> bits;
  std::vector<const FloatFormat*> formats;
  std::vector<std::vector<std::int64_t>> shapes;
  bool big = false;
  for (int i = 0; i < count; ++i) {
    const FloatFormat& f = kGradFormats[below(rng, 3)];
    std::vector<std::int64_t> shape;
    const auto z = below(rng, 100);
    if (z < 10) shape = below(rng, 2) ? std::vector<std::int64_t>{0} : std::vector<std::int64_t>{3, 0};
    else if (z < 25) shape = {1};
    else if (z < 40) shape = below(rng, 2) ? std::vector<std::int64_t>{3} : std::vector<std::int64_t>{1, 3};
    else if (z < 60) shape = {7};
    else if (z < 90 || big) {
      const auto k = below(rng, 3);
      shape = k == 0 ? std::vector<std::int64_t>{1000} : k == 1 ? std::vector<std::int64_t>{10, 100} : std::vector<std::int64_t>{2, 5, 100};
    } else {
      big = true;  // at most one of 70,000 per case: the test stays fast
      shape = below(rng, 2) ? std::vector<std::int64_t>{70000} : std::vector<std::int64_t>{70, 1000};
    }
    std::int64_t n = 1;
    for (auto d : shape) n *= d;
    const int kind = static_cast<int>(below(rng, 6));
    const std::uint32_t center = 1 + static_cast<std::uint32_t>(below(rng, f.all_ones_exp() - 2));
    std::vector<std::uint32_t> b(static_cast<std::size_t>(n));
    for (auto& x : b) x = random_finite(f, kind, center, rng);
    QString dims;
    for (auto d : shape) dims += (dims.isEmpty() ? "" : "x") + QString::number(d);
    c.what << QStringLiteral("%1 %2 %3").arg(QString::fromLatin1(f.name), dims, QString::fromLatin1(kValueKinds[kind]));
    bits.push_back(std::move(b));
    formats.push_back(&f);
    shapes.push_back(shape);
  }
  const auto p = below(rng, 100);
  c.pattern = p < 40 ? 0 : p < 55 ? 1 : p < 70 ? 2 : p < 85 ? 3 : 4;
  auto nan_bits = [&](const FloatFormat& f) {  // any sign and payload, quiet or signalling
    return f.compose(rng() & 1, f.all_ones_exp(), 1 + static_cast<std::uint32_t>(below(rng, f.man_mask())));
  };
  if (c.pattern >= 1 && c.pattern <= 3) {
    const std::size_t i = below(rng, bits.size());
    if (!bits[i].empty()) {
      const std::size_t k = below(rng, bits[i].size());
      const FloatFormat& f = *formats[i];
      bits[i][k] = c.pattern == 3 ? nan_bits(f) : f.compose(c.pattern == 2, f.all_ones_exp(), 0);
      c.pattern_where = QStringLiteral(" (gradient %1, flat index %2)").arg(i).arg(k);
    } else {
      c.pattern_where = QStringLiteral(" (gradient %1 is empty: none placed)").arg(i);
    }
  } else if (c.pattern == 4) {
    for (std::size_t i = 0; i < bits.size(); ++i) {
      const FloatFormat& f = *formats[i];
      for (auto& x : bits[i]) {
        if (below(rng, 64) != 0) continue;
        const auto w = below(rng, 3);
        x = w == 2 ? nan_bits(f) : f.compose(w == 1, f.all_ones_exp(), 0);
      }
    }
  }
  for (std::size_t i = 0; i < bits.size(); ++i) c.grads.push_back(tensor_from_bits(*formats[i], std::move(bits[i]), shapes[i]));
  return c;
}

/// torch.amp.GradScaler._unscale_grads_ for one device: group by dtype (in order of first
/// appearance), one found_inf for the device's groups. Records how bf16 on CUDA was handled.
void aten_unscale_grads(std::vector<torch::Tensor>& grads, torch::Tensor& found_inf, const torch::Tensor& inv_scale,
                        std::set<QString>* notes) {
  std::vector<torch::ScalarType> order;
  for (const auto& g : grads)
    if (std::find(order.begin(), order.end(), g.scalar_type()) == order.end()) order.push_back(g.scalar_type());
  for (const auto dtype : order) {
    std::vector<torch::Tensor> group;
    for (const auto& g : grads)
      if (g.scalar_type() == dtype) group.push_back(g);
    const UnscaleRoute route = aten_unscale_group(group, found_inf, inv_scale);
    if (notes && route == UnscaleRoute::CpuOp)
      notes->insert(QStringLiteral("bf16 on %1: ATen's CUDA op has no bf16 kernel (pytorch#127176), compared with "
                                   "ATen's CPU op on copies")
                        .arg(device_name(group.front().device())));
    if (notes && route == UnscaleRoute::ElementwiseOps)
      notes->insert(QStringLiteral("bf16 on %1: ATen's CUDA op has no bf16 kernel (pytorch#127176) and this LibTorch "
                                   "has no CPU one, compared with ATen's elementwise ops")
                        .arg(device_name(group.front().device())));
  }
}

/// One GradScaler sequence against PyTorch's algorithm driven by the ATen ops.
struct SequenceCoverage {
  int iterations = 0, skipped = 0, injected = 0, overflowed = 0, grew = 0, refused = 0, direct = 0, explicit_unscale = 0;
};

QString run_sequence(const torch::Device& device, int seq, SequenceCoverage& cov, std::set<QString>& notes) {
  Rng rng(0x5e9ce7ceULL + static_cast<std::uint64_t>(seq));
  // A random state, loaded as a checkpoint would be.
  GradScalerState st;
  st.empty = false;
  st.scale = static_cast<double>(std::ldexp(static_cast<float>(uniform(rng, 1.0, 2.0)), static_cast<int>(below(rng, 81)) - 20));
  const auto g = below(rng, 3);
  st.growth_factor = g == 0 ? 2.0 : g == 1 ? 1.5 : std::exp(uniform(rng, 0.01, std::log(16.0)));
  const auto b = below(rng, 3);
  st.backoff_factor = b == 0 ? 0.5 : b == 1 ? 0.25 : uniform(rng, 0.05, 0.95);
  st.growth_interval = 1 + static_cast<std::int64_t>(below(rng, 4));
  st.growth_tracker = static_cast<std::int64_t>(below(rng, static_cast<std::uint64_t>(st.growth_interval)));
  const double lr = std::ldexp(1.0, -static_cast<int>(8 + below(rng, 6)));
  const double momentum = seq % 2 == 1 ? 0.5 : 0.0;
  const QString config = QStringLiteral("sequence %1 on %2 (initial scale %3, growth_tracker %4, growth_factor %5, "
                                        "backoff_factor %6, growth_interval %7, SGD lr %8 momentum %9)")
                             .arg(seq)
                             .arg(device_name(device), show_f32(static_cast<float>(st.scale)))
                             .arg(st.growth_tracker)
                             .arg(show_f64(st.growth_factor), show_f64(st.backoff_factor))
                             .arg(st.growth_interval)
                             .arg(show_f64(lr), show_f64(momentum));

  GradScaler scaler;
  scaler.load_state_dict(st);
  torch::Tensor ref_scale = f32_scalar(static_cast<float>(st.scale), false, device);  // PyTorch's: 0-dim
  torch::Tensor ref_tracker = i32_scalar(static_cast<std::int32_t>(st.growth_tracker), false, device);

  // Parameters (three fp32, one bf16), identical on both sides, and the loss's fixed data.
  const std::vector<std::pair<std::vector<std::int64_t>, torch::ScalarType>> shapes = {
      {{7}, torch::kFloat}, {{3, 5}, torch::kFloat}, {{1000}, torch::kFloat}, {{33}, torch::kBFloat16}};
  std::normal_distribution<float> normal(0.0f, 1.0f);
  auto random_tensor = [&](const std::vector<std::int64_t>& shape, torch::ScalarType dtype, float mul) {
    std::int64_t n = 1;
    for (auto d : shape) n *= d;
    std::vector<float> v(static_cast<std::size_t>(n));
    for (auto& x : v) x = normal(rng) * mul;
    return torch::from_blob(v.data(), {n}, torch::kFloat).clone().view(shape).to(dtype).to(device);
  };
  std::vector<torch::Tensor> amp_params, ref_params, xs, ys;
  for (const auto& [shape, dtype] : shapes) {
    const torch::Tensor init = random_tensor(shape, dtype, 1.0f);
    amp_params.push_back(init.clone().requires_grad_());
    ref_params.push_back(init.clone().requires_grad_());
    xs.push_back(random_tensor(shape, torch::kFloat, 1.0f));
    ys.push_back(random_tensor(shape, torch::kFloat, 1.0f));
  }
  torch::optim::SGD amp_opt(amp_params, torch::optim::SGDOptions(lr).momentum(momentum));
  torch::optim::SGD ref_opt(ref_params, torch::optim::SGDOptions(lr).momentum(momentum));
  auto loss_of = [&](const std::vector<torch::Tensor>& ps, float k) {
    torch::Tensor loss = torch::zeros({}, torch::TensorOptions().dtype(torch::kFloat).device(device));
    for (std::size_t i = 0; i < ps.size(); ++i) loss = loss + (ps[i].to(torch::kFloat) * xs[i] - ys[i] * k).pow(2).sum();
    return loss * 0.5;
  };

  for (int it = 0; it < 200; ++it) {
    const float scale_before = read_f32(ref_scale);
    const std::int32_t tracker_before = read_i32(ref_tracker);
    for (auto& p : amp_params) p.mutable_grad() = torch::Tensor();
    for (auto& p : ref_params) p.mutable_grad() = torch::Tensor();
    const bool direct = below(rng, 100) < 40;
    if (!direct) {
      // scale(loss).backward(): the reference multiplies by its own scale tensor, as PyTorch's scale().
      const float k = 1.0f + 0.01f * static_cast<float>(it);
      scaler.scale(loss_of(amp_params, k)).backward();
      (loss_of(ref_params, k) * ref_scale).backward();
    } else {
      // Gradients assigned directly, scaled through scale() (a wider spread of magnitudes).
      for (std::size_t i = 0; i < shapes.size(); ++i) {
        const float mul = std::ldexp(1.0f, static_cast<int>(below(rng, 41)) - 20);
        const torch::Tensor base = random_tensor(shapes[i].first, shapes[i].second, mul);
        amp_params[i].mutable_grad() = scaler.scale(base);
        ref_params[i].mutable_grad() = base * ref_scale;
      }
    }
    // Inject inf/NaN in ~20% of the iterations.
    QString injected = QStringLiteral("none");
    if (below(rng, 100) < 20) {
      const std::size_t j = below(rng, shapes.size());
      const auto k = static_cast<std::int64_t>(below(rng, static_cast<std::uint64_t>(amp_params[j].numel())));
      const auto w = below(rng, 3);
      const float v = w == 0 ? std::numeric_limits<float>::infinity()
                    : w == 1 ? -std::numeric_limits<float>::infinity()
                             : std::numeric_limits<float>::quiet_NaN();
      amp_params[j].mutable_grad().view({-1})[k].fill_(v);
      ref_params[j].mutable_grad().view({-1})[k].fill_(v);
      injected = QStringLiteral("%1 in parameter %2 at flat index %3").arg(w == 0 ? "+inf" : w == 1 ? "-inf" : "NaN").arg(j).arg(k);
      ++cov.injected;
    }
    const bool explicit_unscale = below(rng, 100) < 30;

    // AmpScope, through its public API.
    if (explicit_unscale) scaler.unscale_(amp_opt);
    const bool stepped = scaler.step(amp_opt);
    scaler.update();

    // PyTorch's algorithm on the ATen ops: inv_scale = _scale.double().reciprocal().float(), one
    // found_inf for the device, the step skipped when it is nonzero, then _amp_update_scale_.
    const torch::Tensor inv_scale = ref_scale.to(torch::kDouble).reciprocal().to(torch::kFloat);
    torch::Tensor found_inf = torch::full({}, 0.0f, torch::TensorOptions().dtype(torch::kFloat).device(device));
    std::vector<torch::Tensor> ref_grads;
    for (const auto& p : ref_params) ref_grads.push_back(p.grad());
    {
      torch::NoGradGuard no_grad;
      aten_unscale_grads(ref_grads, found_inf, inv_scale, &notes);
    }
    const bool ref_skipped = read_f32(found_inf) != 0.0f;
    if (!ref_skipped) ref_opt.step();
    at::_amp_update_scale_(ref_scale, ref_tracker, found_inf, st.growth_factor, st.backoff_factor, st.growth_interval);

    const float ref_scale_now = read_f32(ref_scale);
    const std::int32_t ref_tracker_now = read_i32(ref_tracker);
    ++cov.iterations;
    cov.skipped += ref_skipped;
    cov.overflowed += ref_skipped && injected == QStringLiteral("none");
    cov.grew += !ref_skipped && ref_scale_now != scale_before;
    cov.refused += !ref_skipped && tracker_before + 1 == st.growth_interval && ref_scale_now == scale_before;
    cov.direct += direct;
    cov.explicit_unscale += explicit_unscale;

    const QString where = QStringLiteral("%1, iteration %2 (%3, %4, injected: %5; before it: scale %6, growth_tracker %7): ")
                              .arg(config)
                              .arg(it)
                              .arg(direct ? "gradients assigned" : "scale(loss).backward()",
                                   explicit_unscale ? "unscale_ then step" : "step unscales", injected, show_f32(scale_before))
                              .arg(tracker_before);
    if (stepped == ref_skipped)
      return where + QStringLiteral("AmpScope %1 the optimizer step, the reference %2")
                         .arg(stepped ? "took" : "skipped", ref_skipped ? "skipped it" : "took it");
    const float amp_scale = static_cast<float>(scaler.get_scale());
    if (bits_of(amp_scale) != bits_of(ref_scale_now))
      return where + QStringLiteral("scale: AmpScope %1, reference %2").arg(show_f32(amp_scale), show_f32(ref_scale_now));
    if (scaler.get_growth_tracker() != ref_tracker_now)
      return where + QStringLiteral("growth_tracker: AmpScope %1, reference %2").arg(scaler.get_growth_tracker()).arg(ref_tracker_now);
    for (std::size_t i = 0; i < amp_params.size(); ++i) {
      const QString gd = bitwise_difference(amp_params[i].grad(), ref_params[i].grad());
      if (!gd.isEmpty()) return where + QStringLiteral("unscaled gradient of parameter %1: %2").arg(i).arg(gd);
      const QString pd = bitwise_difference(amp_params[i], ref_params[i]);
      if (!pd.isEmpty()) return where + QStringLiteral("parameter %1 after the step: %2").arg(i).arg(pd);
    }
  }
  return {};
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

  // Two optimizers unscaled before either steps (as for clipping both first): each keeps its
  // own found_inf, over several iterations (the scaler reuses its flags from one to the next),
  // with or without an observer.
  void two_optimizers_unscaled_first_data() {
    QTest::addColumn<bool>("observed");
    QTest::newRow("plain") << false;
    QTest::newRow("observed") << true;
  }
  void two_optimizers_unscaled_first() {
    QFETCH(bool, observed);
    struct Count : GradScalerObserver {
      int unscales = 0;
      void on_unscale(const UnscaleEvent&) override { ++unscales; }
    } count;
    GradScaler scaler(GradScalerOptions().init_scale(1024).growth_interval(1000));
    if (observed) scaler.add_observer(&count);
    torch::Tensor w0 = torch::ones({4}, torch::requires_grad());
    torch::Tensor w1 = torch::ones({4}, torch::requires_grad());
    torch::optim::SGD o0({w0}, torch::optim::SGDOptions(0.1));
    torch::optim::SGD o1({w1}, torch::optim::SGDOptions(0.1));
    const float inf = std::numeric_limits<float>::infinity();
    // Iteration i: which optimizer's gradient holds an inf (-1: neither).
    const int bad[] = {0, 1, -1, 0, 1};
    double expected_scale = 1024;
    for (int i = 0; i < 5; ++i) {
      w0.mutable_grad() = torch::full({4}, 2048.0f);
      w1.mutable_grad() = torch::full({4}, 2048.0f);
      if (bad[i] == 0) w0.mutable_grad()[1] = inf;
      if (bad[i] == 1) w1.mutable_grad()[2] = inf;
      (void)scaler.scale(torch::ones({}));  // the iteration's loss (initialises the scale)
      scaler.unscale_(o0);
      scaler.unscale_(o1);
      QCOMPARE(scaler.step(o0), bad[i] != 0);
      QCOMPARE(scaler.step(o1), bad[i] != 1);
      scaler.update();
      if (bad[i] >= 0) expected_scale *= 0.5;
      QCOMPARE(scaler.get_scale(), expected_scale);
    }
    QCOMPARE(count.unscales, observed ? 10 : 0);
    if (observed) scaler.remove_observer(&count);
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

  // --- oracle: AmpScope against ATen's own _amp_ ops (LibTorch 2.1+ on the CPU, or CUDA) -------
  void update_rule_matches_aten_amp_update_scale() {
    const auto devices = aten_amp_devices();
    if (devices.empty()) QSKIP(qPrintable(aten_amp_skip_reason()));
    for (const auto& device : devices) {
      Rng rng(0xa3a7e5ca1eULL);
      std::map<ScaleChangeReason, int> reasons;
      int subnormal_results = 0;
      constexpr int kCases = 5000;
      for (int c = 0; c < kCases; ++c) {
        const UpdateCase u = random_update_case(rng, c);
        // PyTorch: ATen's kernel on the device.
        torch::Tensor scale = f32_scalar(u.scale, u.one_element, device);
        torch::Tensor tracker = i32_scalar(u.growth_tracker, u.one_element, device);
        const torch::Tensor found = f32_scalar(u.found_inf, u.one_element, device);
        at::_amp_update_scale_(scale, tracker, found, u.growth_factor, u.backoff_factor, u.growth_interval);
        const float want_scale = read_f32(scale);
        const std::int32_t want_tracker = read_i32(tracker);
        // AmpScope: the pure rule with default (PyTorch) policy options.
        const GradScalerOptions o =
            GradScalerOptions().growth_factor(u.growth_factor).backoff_factor(u.backoff_factor).growth_interval(u.growth_interval);
        ScalerState s;
        s.scale = u.scale;
        s.growth_tracker = u.growth_tracker;
        s.hysteresis_tracker = 1;
        const ScaleUpdate got = apply_update(o, s, u.found_inf != 0.0f);
        QVERIFY2(bits_of(got.after.scale) == bits_of(want_scale) && got.after.growth_tracker == want_tracker,
                 qPrintable(QStringLiteral("update case %1 on %2: %3 -> ATen: scale %4, growth_tracker %5; "
                                           "AmpScope: scale %6, growth_tracker %7 (reason %8)")
                                .arg(c)
                                .arg(device_name(device), describe(u), show_f32(want_scale))
                                .arg(want_tracker)
                                .arg(show_f32(got.after.scale))
                                .arg(got.after.growth_tracker)
                                .arg(QString::fromUtf8(to_string(got.reason).data()))));
        ++reasons[got.reason];
        subnormal_results += std::fpclassify(want_scale) == FP_SUBNORMAL;
      }
      // The generator reaches every branch of the rule, often.
      for (const auto r : {ScaleChangeReason::Unchanged, ScaleChangeReason::Grow, ScaleChangeReason::Backoff,
                           ScaleChangeReason::GrowthRefused})
        QVERIFY2(reasons[r] >= 200, qPrintable(QStringLiteral("only %1 cases with reason %2")
                                                   .arg(reasons[r])
                                                   .arg(QString::fromUtf8(to_string(r).data()))));
      QVERIFY2(subnormal_results >= 100, qPrintable(QStringLiteral("only %1 subnormal results").arg(subnormal_results)));
    }
  }

  void unscale_matches_aten_foreach_non_finite_check_and_unscale() {
    const auto devices = aten_amp_devices();
    if (devices.empty()) QSKIP(qPrintable(aten_amp_skip_reason()));
    for (const auto& device : devices) {
      Rng rng(0x0e5ca1edULL);
      std::set<QString> notes;
      int found_cases = 0, clean_cases = 0;
      constexpr int kCases = 150;
      for (int c = 0; c < kCases; ++c) {
        const UnscaleCase uc = random_unscale_case(rng, c);
        const std::vector<std::int64_t> flag_shape = uc.one_element ? std::vector<std::int64_t>{1} : std::vector<std::int64_t>{};
        const auto f32 = torch::TensorOptions().dtype(torch::kFloat).device(device);
        // inv_scale as PyTorch computes it: _scale.double().reciprocal().float().
        const torch::Tensor scale = f32_scalar(uc.scale, uc.one_element, device);
        const torch::Tensor inv_scale = scale.to(torch::kDouble).reciprocal().to(torch::kFloat);
        const float inv = read_f32(inv_scale);
        const QString where = QStringLiteral("unscale case %1 on %2: %3, inv_scale %4: ")
                                  .arg(c)
                                  .arg(device_name(device), describe(uc), show_f32(inv));
        QVERIFY2(bits_of(inverse_scale(uc.scale)) == bits_of(inv),
                 qPrintable(where + QStringLiteral("ampscope::inverse_scale gives %1").arg(show_f32(inverse_scale(uc.scale)))));

        // AmpScope: parameters whose gradients are copies of the scaled gradients (each parameter
        // of its gradient's dtype), unscaled by the scaler with fp16 allowed.
        std::vector<torch::Tensor> params;
        for (const auto& g : uc.grads) {
          params.push_back(torch::zeros(g.sizes(), g.options().device(device)).requires_grad_());
          params.back().mutable_grad() = g.clone().to(device);
        }
        torch::optim::SGD opt(params, torch::optim::SGDOptions(0.0));
        GradScaler scaler;
        const FoundInfPerDevice got = scaler.unscale_grads_(opt, inv_scale, /*allow_fp16=*/true);

        // PyTorch: the same gradients through ATen's op, per dtype group, one found_inf.
        std::vector<torch::Tensor> grads;
        for (const auto& g : uc.grads) grads.push_back(g.clone().to(device));
        torch::Tensor found = torch::zeros(flag_shape, f32);
        {
          torch::NoGradGuard no_grad;
          aten_unscale_grads(grads, found, inv_scale, &notes);
        }
        const float want_found = read_f32(found);

        QVERIFY2(got.size() == 1 && got.begin()->first == device,
                 qPrintable(where + QStringLiteral("AmpScope recorded found_inf for %1 device(s)%2")
                                        .arg(got.size())
                                        .arg(got.empty() ? QString() : QStringLiteral(", the first %1").arg(device_name(got.begin()->first)))));
        const float got_found = read_f32(got.begin()->second);
        QVERIFY2(bits_of(got_found) == bits_of(want_found),
                 qPrintable(where + QStringLiteral("found_inf: AmpScope %1, ATen %2").arg(show_f32(got_found), show_f32(want_found))));
        (want_found != 0.0f ? found_cases : clean_cases) += 1;
        for (std::size_t i = 0; i < grads.size(); ++i) {
          const QString d = bitwise_difference(params[i].grad(), grads[i], uc.grads[i]);
          QVERIFY2(d.isEmpty(), qPrintable(where + QStringLiteral("gradient %1 (%2): %3").arg(i).arg(uc.what[static_cast<int>(i)], d)));
        }
      }
      QVERIFY2(found_cases >= 30 && clean_cases >= 30,
               qPrintable(QStringLiteral("%1 cases with inf/NaN, %2 without").arg(found_cases).arg(clean_cases)));
      for (const auto& n : notes) qInfo("%s", qPrintable(n));
    }
  }

  void scaler_sequence_matches_aten_reference() {
    const auto devices = aten_amp_devices();
    if (devices.empty()) QSKIP(qPrintable(aten_amp_skip_reason()));
    for (const auto& device : devices) {
      SequenceCoverage cov;
      std::set<QString> notes;
      for (int seq = 0; seq < 4; ++seq) {
        const QString err = run_sequence(device, seq, cov, notes);
        QVERIFY2(err.isEmpty(), qPrintable(err));
      }
      // Every path was taken: skips (injected and natural overflows), growths, both unscale paths.
      QVERIFY2(cov.skipped >= 40 && cov.grew >= 40 && cov.direct >= 100 && cov.explicit_unscale >= 100,
               qPrintable(QStringLiteral("coverage on %1: %2 iterations, %3 skipped (%4 natural overflows), %5 growths, "
                                         "%6 refused, %7 with assigned gradients, %8 with unscale_")
                              .arg(device_name(device))
                              .arg(cov.iterations)
                              .arg(cov.skipped)
                              .arg(cov.overflowed)
                              .arg(cov.grew)
                              .arg(cov.refused)
                              .arg(cov.direct)
                              .arg(cov.explicit_unscale)));
      for (const auto& n : notes) qInfo("%s", qPrintable(n));
    }
  }
};

QTEST_APPLESS_MAIN(TestGradScaler)
#include "test_grad_scaler.moc"
