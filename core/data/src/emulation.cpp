// fp16 / bf16 emulation on the CPU. CPU LibTorch has no fp16 matrix kernels, so we hold every
// tensor that CUDA autocast would hold in fp16 as float32 carrying fp16 *values*, and compute the
// products in fp32 on those values, as tensor cores accumulate fp16 products in fp32. The rounding
// points below are exactly those of autocast's casts (and of their backward, which casts the
// fp16 gradient back to fp32 for the master weights).
#include "emulation.h"

#include <ampscope/model_zoo.h>

#include <torch/autograd.h>

#include <cstdint>
#include <cstring>
#include <stdexcept>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace ampscope {

namespace {

// The emulation's rounding runs a few dozen times per step on small tensors (256x64), where
// LibTorch's x.to(kHalf).to(kFloat) costs two ops, two allocations and two passes. These loops
// round fp32 values in one pass, in place or into a new tensor, with the same results: IEEE
// round-to-nearest-even, subnormals kept, overflow to inf. fp16 on x86-64 uses the F16C
// conversion (round_fp16_f16c, below); the scalar loop here rounds on the bits:
//  - fp16, |x| >= 2^-14 (fp16 normal): round the 23-bit mantissa to 10 bits on the fp32 bits
//    (add 0xfff plus the kept part's lowest bit, clear the 13 low bits; a carry moves into the
//    exponent); 65520 and above round to 2^16 and become inf.
//  - fp16, |x| < 2^-14: the quantum is 2^-24 throughout, and (|x| + 0.5f) - 0.5f rounds |x| to
//    it exactly, ties to even (the sum's last mantissa bit is worth 2^-24; no fast-math here).
//  - bf16: c10::BFloat16's rounding, add 0x7fff plus bit 16, clear the low 16 bits.
// NaN stays NaN (quiet; the payload may differ from LibTorch's, as its own scalar and vector
// paths differ), inf stays inf, the sign is kept. tests/core/test_models.cpp compares these
// loops with LibTorch's conversions and an independent reference over every regime.
inline float round_fp16_one(float x) {
  std::uint32_t u;
  std::memcpy(&u, &x, sizeof u);
  const std::uint32_t sign = u & 0x80000000u, a = u & 0x7fffffffu;
  std::uint32_t r;
  if (a >= 0x7f800000u) {
    r = a > 0x7f800000u ? (a | 0x00400000u) : a;
  } else if (a >= 0x38800000u) {
    r = (a + 0xfffu + ((a >> 13) & 1u)) & 0xffffe000u;
    if (r >= 0x47800000u) r = 0x7f800000u;
  } else {
    volatile float half = 0.5f;  // keeps the compiler from folding (f + 0.5) - 0.5 to f
    float f;
    std::memcpy(&f, &a, sizeof f);
    f = (f + half) - half;
    std::memcpy(&r, &f, sizeof r);
  }
  r |= sign;
  float out;
  std::memcpy(&out, &r, sizeof out);
  return out;
}

inline float round_bf16_one(float x) {
  std::uint32_t u;
  std::memcpy(&u, &x, sizeof u);
  if ((u & 0x7fffffffu) > 0x7f800000u) u = (u | 0x00400000u) & 0xffff0000u;
  else u = (u + 0x7fffu + ((u >> 16) & 1u)) & 0xffff0000u;
  float out;
  std::memcpy(&out, &u, sizeof out);
  return out;
}

#if defined(__x86_64__)
bool have_avx2() {
  static const bool ok = __builtin_cpu_supports("avx2");
  return ok;
}

// fp16 with F16C (x86-64 CPUs since 2012; every one with AVX2 has it): the hardware's own
// conversion to fp16 and back, round to nearest even with subnormals and overflow to inf, as
// IEEE defines it and as round_fp16_one computes it (tests/core/test_models.cpp checks every
// regime against LibTorch's conversion and an independent reference). A NaN keeps
// round_fp16_one's form (quieted, its fp32 payload kept) rather than fp16's truncated one.
// Seven vector operations per 8 values where an AVX2 loop on the bits took 17: 0.088 against
// 0.186 ns a value on 16384 values, whether they are fp16 subnormals or normals (session 19,
// this VM's AMD EPYC). An earlier session measured F16C 28% slower on deep-mlp's step and put
// it down to microcode assists on subnormals; that was one run of deep-mlp, whose two-thread
// BLAS runs at 166 or 279 steps/s from one run to the next on this VM. With one BLAS thread,
// three interleaved pairs: forward 1466-1540 -> 1376-1424 us, backward 2388-2506 -> 2264-2311.
__attribute__((target("avx2,f16c"))) void round_fp16_f16c(const float* src, float* dst, std::int64_t n) {
  const __m256i abs_mask = _mm256_set1_epi32(0x7fffffff), inf = _mm256_set1_epi32(0x7f800000);
  const __m256i quiet = _mm256_set1_epi32(0x00400000);
  std::int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m256 x = _mm256_loadu_ps(src + i);
    const __m256 r = _mm256_cvtph_ps(_mm256_cvtps_ph(x, _MM_FROUND_TO_NEAREST_INT));
    const __m256i u = _mm256_castps_si256(x);
    const __m256i nan = _mm256_cmpgt_epi32(_mm256_and_si256(u, abs_mask), inf);
    const __m256 nan_kept = _mm256_castsi256_ps(_mm256_or_si256(u, quiet));
    _mm256_storeu_ps(dst + i, _mm256_blendv_ps(r, nan_kept, _mm256_castsi256_ps(nan)));
  }
  for (; i < n; ++i) dst[i] = round_fp16_one(src[i]);
}
bool have_f16c() {
  static const bool ok = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("f16c");
  return ok;
}

__attribute__((target("avx2"))) void round_bf16_avx2(const float* src, float* dst, std::int64_t n) {
  const __m256i abs_mask = _mm256_set1_epi32(0x7fffffff), one = _mm256_set1_epi32(1);
  const __m256i bias = _mm256_set1_epi32(0x7fff), keep = _mm256_set1_epi32(static_cast<int>(0xffff0000u));
  const __m256i inf = _mm256_set1_epi32(0x7f800000), quiet = _mm256_set1_epi32(0x00400000);
  std::int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m256i u = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i));
    const __m256i lsb = _mm256_and_si256(_mm256_srli_epi32(u, 16), one);
    const __m256i rounded = _mm256_add_epi32(_mm256_add_epi32(u, bias), lsb);
    const __m256i nan = _mm256_cmpgt_epi32(_mm256_and_si256(u, abs_mask), inf);
    const __m256i r = _mm256_blendv_epi8(rounded, _mm256_or_si256(u, quiet), nan);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), _mm256_and_si256(r, keep));
  }
  for (; i < n; ++i) dst[i] = round_bf16_one(src[i]);
}
#endif

void round_fp16(const float* src, float* dst, std::int64_t n) {
#if defined(__x86_64__)
  if (have_f16c()) return round_fp16_f16c(src, dst, n);
#endif
  for (std::int64_t i = 0; i < n; ++i) dst[i] = round_fp16_one(src[i]);
}

void round_bf16(const float* src, float* dst, std::int64_t n) {
#if defined(__x86_64__)
  if (have_avx2()) return round_bf16_avx2(src, dst, n);
#endif
  for (std::int64_t i = 0; i < n; ++i) dst[i] = round_bf16_one(src[i]);
}

/// The fast loops take contiguous fp32 CPU tensors that no graph records (rounding with a graph
/// is LibTorch's straight-through conversion).
bool fast_path(const at::Tensor& x) {
  return x.device().is_cpu() && x.scalar_type() == at::kFloat && x.is_contiguous() &&
         !(x.requires_grad() && at::GradMode::is_enabled());
}

void round_into(const at::Tensor& src, at::Tensor& dst, Precision p) {
  const float* s = src.data_ptr<float>();
  float* d = dst.data_ptr<float>();
  if (p == Precision::FP16) round_fp16(s, d, src.numel());
  else round_bf16(s, d, src.numel());
}

}  // namespace

torch::Tensor round_to(const torch::Tensor& x, Precision p) {
  // Converting from the source dtype directly (not via float32) avoids double rounding for a
  // double input.
  switch (p) {
    case Precision::FP32:
      return x.to(at::kFloat);
    case Precision::FP16:
    case Precision::BF16:
      if (fast_path(x)) {
        at::Tensor out = at::empty_like(x);
        round_into(x, out, p);
        return out;
      }
      return p == Precision::FP16 ? x.to(at::kHalf).to(at::kFloat) : x.to(at::kBFloat16).to(at::kFloat);
  }
  throw std::invalid_argument("round_to: unknown precision");
}

torch::Tensor& round_to_out(torch::Tensor& out, const torch::Tensor& x, Precision p) {
  if (p != Precision::FP32 && fast_path(x) && out.defined() && out.scalar_type() == at::kFloat &&
      out.device() == x.device() && !out.requires_grad() && !out.is_inference() && out.data_ptr() != x.data_ptr()) {
    out.resize_(x.sizes());
    if (out.is_contiguous()) {
      round_into(x, out, p);
      return out;
    }
  }
  out = round_to(x, p);
  return out;
}

void round_to_(torch::Tensor& x, Precision p) {
  if (p == Precision::FP32) {
    if (x.scalar_type() != at::kFloat) x = x.to(at::kFloat);
    return;
  }
  if (fast_path(x) && !x.is_inference()) {
    round_into(x, x, p);
    return;
  }
  x = round_to(x, p);
}

namespace detail {
namespace {

using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

Precision precision_of(const AutogradContext* ctx) {
  return static_cast<Precision>(ctx->saved_data.at("precision").toInt());
}

/// An undefined tensor stays undefined (a layer without bias).
at::Tensor round_opt(const at::Tensor& t, Precision p) { return t.defined() ? round_to(t, p) : t; }
/// The same for a tensor this code has just made (no one else holds it): rounded in place.
at::Tensor round_own(at::Tensor t, Precision p) {
  if (t.defined()) round_to_(t, p);
  return t;
}

/// The output's gradient rounded to p, unless the capture hook already did.
at::Tensor incoming_grad(const AutogradContext* ctx, const at::Tensor& g, Precision p) {
  return ctx->saved_data.at("grad_prerounded").toBool() ? g : round_to(g, p);
}

struct EmulatedLinear : public torch::autograd::Function<EmulatedLinear> {
  static at::Tensor forward(AutogradContext* ctx, const at::Tensor& x, const at::Tensor& w,
                            const at::Tensor& b, std::int64_t precision, bool grad_prerounded) {
    const auto p = static_cast<Precision>(precision);
    const at::Tensor xr = round_to(x, p);
    const at::Tensor wr = round_to(w, p);
    ctx->saved_data["precision"] = precision;
    ctx->saved_data["grad_prerounded"] = grad_prerounded;
    ctx->saved_data["has_bias"] = b.defined();
    // Saved rounded: backward's products use the same fp16 operands the forward used.
    ctx->save_for_backward({xr, wr});
    return round_own(at::linear(xr, wr, round_opt(b, p)), p);
  }

  static variable_list backward(AutogradContext* ctx, variable_list grads) {
    const Precision p = precision_of(ctx);
    const auto saved = ctx->get_saved_variables();
    const at::Tensor& xr = saved[0];
    const at::Tensor& wr = saved[1];
    // The gradient arriving at an fp16 output is fp16 (autocast's cast-back rounds it).
    const at::Tensor g = incoming_grad(ctx, grads[0], p);
    const std::int64_t out_features = wr.size(0);
    const at::Tensor g2 = g.reshape({-1, out_features});

    at::Tensor grad_x, grad_w, grad_b;
    if (ctx->needs_input_grad(0)) grad_x = round_own(at::matmul(g, wr), p);
    if (ctx->needs_input_grad(1)) grad_w = round_own(g2.t().mm(xr.reshape({-1, wr.size(1)})), p);
    if (ctx->saved_data.at("has_bias").toBool() && ctx->needs_input_grad(2))
      grad_b = round_own(g2.sum(0), p);
    return {grad_x, grad_w, grad_b, at::Tensor(), at::Tensor()};
  }
};

struct EmulatedConv2d : public torch::autograd::Function<EmulatedConv2d> {
  static at::Tensor forward(AutogradContext* ctx, const at::Tensor& x, const at::Tensor& w,
                            const at::Tensor& b, std::int64_t padding, std::int64_t precision,
                            bool grad_prerounded) {
    const auto p = static_cast<Precision>(precision);
    const at::Tensor xr = round_to(x, p);
    const at::Tensor wr = round_to(w, p);
    ctx->saved_data["precision"] = precision;
    ctx->saved_data["grad_prerounded"] = grad_prerounded;
    ctx->saved_data["padding"] = padding;
    ctx->saved_data["has_bias"] = b.defined();
    ctx->save_for_backward({xr, wr});
    return round_own(at::conv2d(xr, wr, round_opt(b, p), /*stride=*/1, padding), p);
  }

  static variable_list backward(AutogradContext* ctx, variable_list grads) {
    const Precision p = precision_of(ctx);
    const std::int64_t padding = ctx->saved_data.at("padding").toInt();
    const bool has_bias = ctx->saved_data.at("has_bias").toBool();
    const auto saved = ctx->get_saved_variables();
    const at::Tensor& xr = saved[0];
    const at::Tensor& wr = saved[1];
    const at::Tensor g = incoming_grad(ctx, grads[0], p);

    const std::array<bool, 3> mask{ctx->needs_input_grad(0), ctx->needs_input_grad(1),
                                   has_bias && ctx->needs_input_grad(2)};
    const std::vector<std::int64_t> bias_sizes{wr.size(0)};
    const std::int64_t stride[2] = {1, 1};
    const std::int64_t pad[2] = {padding, padding};
    const std::int64_t dilation[2] = {1, 1};
    const std::int64_t out_pad[2] = {0, 0};
    auto [gx, gw, gb] = at::convolution_backward(g, xr, wr, at::IntArrayRef(bias_sizes), stride, pad,
                                                 dilation, /*transposed=*/false, out_pad, /*groups=*/1, mask);
    return {round_own(gx, p), round_own(gw, p), round_own(gb, p), at::Tensor(), at::Tensor(), at::Tensor()};
  }
};

std::int64_t checked(Precision p) {
  if (p == Precision::FP32) throw std::invalid_argument("emulation: fp32 needs no emulation");
  return static_cast<std::int64_t>(p);
}

}  // namespace

at::Tensor emulated_linear(const at::Tensor& x, const at::Tensor& w, const at::Tensor& b, Precision p,
                           bool grad_prerounded) {
  return EmulatedLinear::apply(x, w, b, checked(p), grad_prerounded);
}

at::Tensor emulated_conv2d(const at::Tensor& x, const at::Tensor& w, const at::Tensor& b,
                           std::int64_t padding, Precision p, bool grad_prerounded) {
  return EmulatedConv2d::apply(x, w, b, padding, checked(p), grad_prerounded);
}

}  // namespace detail
}  // namespace ampscope
