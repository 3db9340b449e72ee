// The fused optimizers' steps (fused_optimizers.h). Compiled with -ffp-contract=off (CMake): the
// compiler must not fuse a multiply and an add that LibTorch rounds twice; every FMA here is an
// explicit std::fma, where ATen's kernels compute one (add_ with alpha: fmadd(other, alpha, self);
// addcmul_: fmadd(value * t1, t2, self), as GCC contracts ATen's vectorised expression).
#include "fused_optimizers.h"

#include "work_lane.h"

#include <ampscope/torch_compat.h>
#include <torch/utils.h>

#include <ATen/Parallel.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

namespace ampscope::detail {

namespace {

thread_local bool t_last_fused = false;
thread_local TinyLanes t_tiny_lanes;
thread_local std::size_t t_lane_params = 0;

// Each loop is one function body, compiled twice on x86-64: for AVX2+FMA (vectorised, std::fma
// one instruction) and for the baseline ISA (std::fma in software: exact, slower). The body is
// the same source, so the two give the same bits.
#if defined(__x86_64__) && defined(__GNUC__)
#define AMPSCOPE_FMA_TARGET __attribute__((target("avx2,fma")))
const bool kHaveFma = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
#define AMPSCOPE_FMA_TARGET
const bool kHaveFma = false;
#endif

struct SgdArgs {
  float weight_decay, momentum, one_minus_dampening, neg_lr;
  bool first, use_momentum, nesterov;
  float tiny_buf;            // below this, a zero-d element's buffer decays through fp64 (sgd_fma)
  std::uint32_t big_p_bits;  // |p| with more bits: such an element's step leaves p as it is
};

// torch::optim::SGD, per element: d = g (+ wd p); buf = first ? d : buf m + (1 - dampening) d;
// d = nesterov ? d + m buf : buf; p += -lr d.
#define AMPSCOPE_SGD_BODY                                                          \
  for (std::int64_t i = 0; i < n; ++i) {                                           \
    float d = g[i];                                                                \
    if (a.weight_decay != 0.0f) d = std::fma(p[i], a.weight_decay, d);             \
    if (a.use_momentum) {                                                          \
      const float b = a.first ? d : std::fma(d, a.one_minus_dampening, buf[i] * a.momentum); \
      buf[i] = b;                                                                  \
      d = a.nesterov ? std::fma(b, a.momentum, d) : b;                             \
    }                                                                              \
    p[i] = std::fma(d, a.neg_lr, p[i]);                                            \
  }

AMPSCOPE_FMA_TARGET void sgd_fma_plain(float* __restrict p, const float* __restrict g, float* __restrict buf,
                                       std::int64_t n, SgdArgs a) {
  AMPSCOPE_SGD_BODY
}
void sgd_base(float* __restrict p, const float* __restrict g, float* __restrict buf, std::int64_t n, SgdArgs a) {
  AMPSCOPE_SGD_BODY
}

struct AdamArgs {
  float weight_decay;       // Adam: L2 added to the gradient (0 for AdamW)
  float decay_factor;       // AdamW: p *= 1 - lr wd first (1 for Adam)
  float beta1, one_minus_beta1, beta2, one_minus_beta2;
  float sqrt_bias_correction2, eps, neg_step_size;
  float tiny_m, tiny_v;     // below these, a moment of a zero-d element is stepped in fp64 (adam_fma)
  std::uint32_t big_p_bits; // |p| with more bits: a zero-d element's step with |m| < tiny_m leaves p as it is
};

// torch::optim::Adam/AdamW, per element: m = m b1 + (1 - b1) g; v = v b2 + (1 - b2) g g;
// p += -step_size m / (sqrt(v) / sqrt(bc2) + eps).
#define AMPSCOPE_ADAM_BODY                                                         \
  for (std::int64_t i = 0; i < n; ++i) {                                           \
    float pi = p[i];                                                               \
    if (a.decay_factor != 1.0f) pi = pi * a.decay_factor;                          \
    float d = g[i];                                                                \
    if (a.weight_decay != 0.0f) d = std::fma(pi, a.weight_decay, d);               \
    const float mi = std::fma(d, a.one_minus_beta1, m[i] * a.beta1);               \
    const float vi = std::fma(a.one_minus_beta2 * d, d, v[i] * a.beta2);           \
    m[i] = mi;                                                                     \
    v[i] = vi;                                                                     \
    const float denom = std::sqrt(vi) / a.sqrt_bias_correction2 + a.eps;           \
    p[i] = pi + a.neg_step_size * mi / denom;                                      \
  }

#if defined(__x86_64__) && defined(__GNUC__)
// Adam's moments go subnormal: a parameter whose gradient is zero (a dead unit, a gradient that
// underflowed in fp16) keeps its first moment decaying by b1 a step, down into fp32's subnormal
// range, where it stays (k 2^-149 times 0.9 rounds back to k 2^-149 for k <= 4). Every vector
// operation with a subnormal input or result then takes a microcode assist of a hundred cycles or
// more: on spiral-mlp the optimizer went from 13 to 55 us a step after ~750 steps, with about one
// element in nine there and two blocks of eight in five holding one.
//
// So adam_fma steps those elements (d = +-0 and a tiny moment) apart, in fp64 lanes, where
// nothing is subnormal, and the rest of each block in fp32 as before. Each fp32 operation is
// emulated by the fp64 operation on the same fp32 values and one rounding to fp32's grid: exact
// for products, which fit fp64, and for +, /, sqrt, whose fp64 result is never close enough to a
// midpoint of fp32's grid for the second rounding to move it (53 >= 2 x 24 + 2; on the subnormal
// grid, with fewer bits, the margin is wider). The two FMAs are exact because d is +-0 there:
// fma(+-0, x, y) is y, signs of zero included. The roundings never make an fp32 subnormal in
// hardware: below 2^-126, round_to_f32 adds and subtracts 1.5 x 2^-97, whose fp64 ulp is fp32's
// subnormal spacing 2^-149 (ties to even), and narrow_exact converts k 2^-149 through the integer
// k. Elements no mask catches are still exact, only slower: the fp32 lanes compute them.
struct TinyBatch {
  static constexpr int kCap = 256;
  int n = 0;
  std::int64_t index[kCap];
  alignas(32) float p[kCap + 8], d[kCap + 8], m[kCap + 8], v[kCap + 8];
};

// 4 fp32 values (bits) to fp64, exactly, without converting a subnormal in hardware.
AMPSCOPE_FMA_TARGET inline __m256d widen_exact(__m128 x) {
  const __m128i bits = _mm_castps_si128(x);
  const __m128i abs = _mm_and_si128(bits, _mm_set1_epi32(0x7fffffff));
  const __m128i sub = _mm_cmplt_epi32(abs, _mm_set1_epi32(0x00800000));  // zero or subnormal
  const __m256d normal = _mm256_cvtps_pd(_mm_castsi128_ps(_mm_andnot_si128(sub, bits)));
  const __m256d subnormal = _mm256_mul_pd(_mm256_cvtepi32_pd(_mm_and_si128(sub, abs)), _mm256_set1_pd(0x1p-149));
  const __m128i sign32 = _mm_and_si128(_mm_and_si128(sub, bits), _mm_set1_epi32(static_cast<int>(0x80000000u)));
  const __m256d sign = _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_cvtepu32_epi64(sign32), 32));
  return _mm256_or_pd(_mm256_or_pd(normal, subnormal), sign);
}

// The fp64 result of an operation on fp32 values, rounded to fp32's grid (nearest, ties to even;
// subnormals kept), still as fp64.
AMPSCOPE_FMA_TARGET inline __m256d round_to_f32(__m256d r) {
  const __m256d sign = _mm256_set1_pd(-0.0);
  const __m256d small = _mm256_cmp_pd(_mm256_andnot_pd(sign, r), _mm256_set1_pd(0x1p-126), _CMP_LT_OQ);
  const __m256d normal = _mm256_cvtps_pd(_mm256_cvtpd_ps(_mm256_andnot_pd(small, r)));
  const __m256d magic = _mm256_set1_pd(0x1.8p-97);
  const __m256d subnormal = _mm256_or_pd(_mm256_sub_pd(_mm256_add_pd(r, magic), magic), _mm256_and_pd(r, sign));
  return _mm256_blendv_pd(normal, subnormal, small);
}

// fp64 values to fp32 bits, rounded once (nearest, ties to even; subnormals kept), without making
// a subnormal in hardware.
AMPSCOPE_FMA_TARGET inline __m128 narrow_exact(__m256d y) {
  const __m256d sign = _mm256_set1_pd(-0.0);
  const __m256d a = _mm256_andnot_pd(sign, y);
  const __m256d small = _mm256_cmp_pd(a, _mm256_set1_pd(0x1p-126), _CMP_LT_OQ);
  const __m128 normal = _mm256_cvtpd_ps(_mm256_andnot_pd(small, y));
  const __m128i k = _mm256_cvtpd_epi32(_mm256_and_pd(small, _mm256_mul_pd(a, _mm256_set1_pd(0x1p149))));
  const __m256i high = _mm256_setr_epi32(1, 3, 5, 7, 1, 3, 5, 7);  // each fp64 lane's upper half
  const __m128i small32 = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(_mm256_castpd_si256(small), high));
  const __m128i y32 = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(_mm256_castpd_si256(y), high));
  const __m128i sub = _mm_or_si128(k, _mm_and_si128(y32, _mm_set1_epi32(static_cast<int>(0x80000000u))));
  return _mm_castsi128_ps(_mm_blendv_epi8(_mm_castps_si128(normal), sub, small32));
}

// adam_fma's `aside` elements, every operation in fp64 lanes, written back to their places.
AMPSCOPE_FMA_TARGET void adam_tiny_fma(TinyBatch& b, float* __restrict p, float* __restrict m, float* __restrict v,
                                       const AdamArgs& a) {
  for (int k = b.n; k % 4 != 0; ++k) b.p[k] = b.d[k] = b.m[k] = b.v[k] = 0.0f;
  const __m256d df = _mm256_set1_pd(a.decay_factor), b1 = _mm256_set1_pd(a.beta1),
                omb1 = _mm256_set1_pd(a.one_minus_beta1), b2 = _mm256_set1_pd(a.beta2),
                omb2 = _mm256_set1_pd(a.one_minus_beta2), sbc2 = _mm256_set1_pd(a.sqrt_bias_correction2),
                eps = _mm256_set1_pd(a.eps), nss = _mm256_set1_pd(a.neg_step_size);
  for (int k = 0; k < b.n; k += 4) {
    __m256d pi = widen_exact(_mm_load_ps(b.p + k));
    const __m256d d = widen_exact(_mm_load_ps(b.d + k));
    if (a.decay_factor != 1.0f) pi = round_to_f32(_mm256_mul_pd(pi, df));
    const __m256d mi = _mm256_fmadd_pd(d, omb1, round_to_f32(_mm256_mul_pd(widen_exact(_mm_load_ps(b.m + k)), b1)));
    const __m256d vi = _mm256_fmadd_pd(_mm256_mul_pd(omb2, d), d,
                                       round_to_f32(_mm256_mul_pd(widen_exact(_mm_load_ps(b.v + k)), b2)));
    const __m256d root = round_to_f32(_mm256_sqrt_pd(vi));
    const __m256d denom = round_to_f32(_mm256_add_pd(round_to_f32(_mm256_div_pd(root, sbc2)), eps));
    const __m256d step = round_to_f32(_mm256_div_pd(round_to_f32(_mm256_mul_pd(nss, mi)), denom));
    _mm_store_ps(b.p + k, narrow_exact(round_to_f32(_mm256_add_pd(pi, step))));
    _mm_store_ps(b.m + k, narrow_exact(mi));
    _mm_store_ps(b.v + k, narrow_exact(vi));
  }
  for (int k = 0; k < b.n; ++k) {
    const std::int64_t i = b.index[k];
    p[i] = b.p[k];
    m[i] = b.m[k];
    v[i] = b.v[k];
  }
  b.n = 0;
}

// Lanes with 0 < |x| < limit: |x| - 1 < limit - 1 as unsigned numbers (AVX2 compares only signed
// ones: both sides are biased by 2^31).
AMPSCOPE_FMA_TARGET inline __m256i nonzero_below_limit(float limit) {
  return _mm256_set1_epi32(static_cast<int>((std::bit_cast<std::uint32_t>(limit) - 1u) ^ 0x80000000u));
}
AMPSCOPE_FMA_TARGET inline __m256i nonzero_below(__m256 x, __m256i biased_limit) {
  const __m256i abs = _mm256_and_si256(_mm256_castps_si256(x), _mm256_set1_epi32(0x7fffffff));
  const __m256i t = _mm256_xor_si256(_mm256_sub_epi32(abs, _mm256_set1_epi32(1)),
                                     _mm256_set1_epi32(static_cast<int>(0x80000000u)));
  return _mm256_cmpgt_epi32(biased_limit, t);
}

// R(m b1), the first moment's product rounded to fp32, for 8 lanes, through fp64 (exact: the
// product fits fp64, and narrow_exact rounds it once).
AMPSCOPE_FMA_TARGET inline __m256 decayed_exact(__m256 m, double b1) {
  const __m256d k = _mm256_set1_pd(b1);
  const __m128 lo = narrow_exact(_mm256_mul_pd(widen_exact(_mm256_castps256_ps128(m)), k));
  const __m128 hi = narrow_exact(_mm256_mul_pd(widen_exact(_mm256_extractf128_ps(m, 1)), k));
  return _mm256_set_m128(hi, lo);
}

// The same for the usual case, every m subnormal and 0 < b1 < 1, in integers, three times
// cheaper: m = k 2^-149 and b1 = B 2^-shift (B its 24-bit significand, shift >= 24), so
// R(m b1) = RNE(k B / 2^shift) 2^-149, and k B < 2^47 fits a 64-bit lane. A result of 2^23
// is 2^-126's bits, the smallest normal, as it should be.
struct Decay {
  double factor = 0;
  bool integer = false;  // whether decayed_subnormal applies
  __m256i significand, round_bias;
  __m128i shift;
};
AMPSCOPE_FMA_TARGET inline Decay make_decay(float factor) {
  Decay d;
  d.factor = factor;
  d.significand = d.round_bias = _mm256_setzero_si256();
  d.shift = _mm_setzero_si128();
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(factor);
  const int exponent = static_cast<int>(bits >> 23) - 127;  // a positive normal factor < 1: -126..-1
  if (factor > 0.0f && factor < 1.0f && (bits >> 23) != 0) {
    const int shift = 23 - exponent;  // 24..149
    if (shift <= 62) {
      d.integer = true;
      d.significand = _mm256_set1_epi64x((bits & 0x7fffff) | 0x800000);
      d.round_bias = _mm256_set1_epi64x((std::int64_t{1} << (shift - 1)) - 1);
      d.shift = _mm_cvtsi32_si128(shift);
    }
  }
  return d;
}
// x / 2^shift rounded to nearest, ties to even, for 4 unsigned 64-bit x.
AMPSCOPE_FMA_TARGET inline __m256i shift_rne(__m256i x, const Decay& c) {
  const __m256i odd = _mm256_and_si256(_mm256_srl_epi64(x, c.shift), _mm256_set1_epi64x(1));
  return _mm256_srl_epi64(_mm256_add_epi64(_mm256_add_epi64(x, c.round_bias), odd), c.shift);
}
// k B / 2^shift rounded to nearest, ties to even, for the 8 integers k (each below 2^23).
AMPSCOPE_FMA_TARGET inline __m256i decayed_subnormal(__m256i k, const Decay& c) {
  const __m256i even_lanes = shift_rne(_mm256_mul_epu32(k, c.significand), c);
  const __m256i odd_lanes = shift_rne(_mm256_mul_epu32(_mm256_srli_epi64(k, 32), c.significand), c);
  return _mm256_blend_epi32(even_lanes, _mm256_slli_epi64(odd_lanes, 32), 0xAA);
}
// fma(d, 1 - b1, R(m b1)) in the `decay` lanes, where d = +-0: R(m b1), or, where that is a zero,
// the sum of two zeros, negative only when both are. dz = d (1 - b1), a zero: no assist.
AMPSCOPE_FMA_TARGET inline __m256 decayed(__m256 m, __m256i decay, __m256 dz, const Decay& c) {
  const __m256i abs_mask = _mm256_set1_epi32(0x7fffffff);
  const __m256i bits = _mm256_castps_si256(m), abs = _mm256_and_si256(bits, abs_mask);
  const __m256i normal = _mm256_cmpgt_epi32(abs, _mm256_set1_epi32(0x007fffff));
  __m256i r;
  if (c.integer && _mm256_testz_si256(normal, decay)) {
    r = _mm256_or_si256(decayed_subnormal(abs, c), _mm256_andnot_si256(abs_mask, bits));
  } else {
    r = _mm256_castps_si256(decayed_exact(m, c.factor));
  }
  const __m256i r_zero = _mm256_cmpeq_epi32(_mm256_and_si256(r, abs_mask), _mm256_setzero_si256());
  return _mm256_castsi256_ps(_mm256_blendv_epi8(r, _mm256_and_si256(r, _mm256_castps_si256(dz)), r_zero));
}

// The Adam body above in AVX2 intrinsics: the same operations in the same order, so the same
// bits; blocks of 8, the tail in the scalar body. Elements with d = 0 and a tiny moment are
// stepped as described above, in one of two ways:
//  - `decay`: only m is tiny, v is not, and |p| is so large that the step -lr m / bc1 / denom
//    is below half of p's ulp (a.big_p_bits), so p stays as it is: the fp32 lane runs with m = 0
//    (leaving p and v exactly as they would be), and m becomes R(m b1) (`decayed`: in integers
//    when the block's tiny moments are all subnormal, else through fp64). In a spiral-mlp run
//    every such element late in the run took this way;
//  - `aside`: the others (a tiny v, a tiny p) go through adam_tiny_fma, every operation in fp64.
AMPSCOPE_FMA_TARGET void adam_fma(float* __restrict p, const float* __restrict g, float* __restrict m,
                                  float* __restrict v, std::int64_t n, AdamArgs a) {
  TinyBatch batch;
  const __m256 df = _mm256_set1_ps(a.decay_factor), wd = _mm256_set1_ps(a.weight_decay),
               b1 = _mm256_set1_ps(a.beta1), omb1 = _mm256_set1_ps(a.one_minus_beta1),
               b2 = _mm256_set1_ps(a.beta2), omb2 = _mm256_set1_ps(a.one_minus_beta2),
               sbc2 = _mm256_set1_ps(a.sqrt_bias_correction2), eps = _mm256_set1_ps(a.eps),
               nss = _mm256_set1_ps(a.neg_step_size), zero = _mm256_setzero_ps();
  const __m256i m_lim = nonzero_below_limit(a.tiny_m), v_lim = nonzero_below_limit(a.tiny_v);
  const Decay b1_decay = make_decay(a.beta1);
  const __m256i abs_mask = _mm256_set1_epi32(0x7fffffff);
  // |p| above the bound, compared as bits (a NaN p counts as big: it stays that NaN either way).
  const __m256i big_p = _mm256_set1_epi32(static_cast<int>(a.big_p_bits));
  std::int64_t at = 0;
  for (; at + 8 <= n; at += 8) {
    __m256 pi = _mm256_loadu_ps(p + at);
    if (a.decay_factor != 1.0f) pi = _mm256_mul_ps(pi, df);
    __m256 d = _mm256_loadu_ps(g + at);
    if (a.weight_decay != 0.0f) d = _mm256_fmadd_ps(pi, wd, d);
    const __m256 m0 = _mm256_loadu_ps(m + at);
    __m256 mo = m0, vo = _mm256_loadu_ps(v + at);
    const __m256 d_zero_ps = _mm256_cmp_ps(d, zero, _CMP_EQ_OQ);
    int decay_bits = 0, aside_bits = 0;
    __m256i decay = _mm256_setzero_si256(), aside = _mm256_setzero_si256();
    if (_mm256_movemask_ps(d_zero_ps) != 0) {
      const __m256i d_zero = _mm256_castps_si256(d_zero_ps);
      const __m256i m_tiny = nonzero_below(mo, m_lim), v_tiny = nonzero_below(vo, v_lim);
      const __m256i tiny = _mm256_and_si256(d_zero, _mm256_or_si256(m_tiny, v_tiny));
      if (!_mm256_testz_si256(tiny, tiny)) {
        const __m256i p_big = _mm256_cmpgt_epi32(_mm256_and_si256(_mm256_castps_si256(pi), abs_mask), big_p);
        decay = _mm256_andnot_si256(v_tiny, _mm256_and_si256(_mm256_and_si256(d_zero, m_tiny), p_big));
        aside = _mm256_andnot_si256(decay, tiny);
        decay_bits = _mm256_movemask_ps(_mm256_castsi256_ps(decay));
        aside_bits = _mm256_movemask_ps(_mm256_castsi256_ps(aside));
        t_tiny_lanes.decay += std::popcount(static_cast<unsigned>(decay_bits));
        t_tiny_lanes.aside += std::popcount(static_cast<unsigned>(aside_bits));
        // adam_tiny_fma steps these from their stored values; their fp32 lanes run on zero
        // moments (nothing subnormal) and are not stored.
        for (int bits = aside_bits; bits != 0; bits &= bits - 1) {
          const int j = std::countr_zero(static_cast<unsigned>(bits));
          batch.index[batch.n] = at + j;
          batch.p[batch.n] = p[at + j];
          batch.d[batch.n] = d[j];
          batch.m[batch.n] = m[at + j];
          batch.v[batch.n] = v[at + j];
          ++batch.n;
        }
        mo = _mm256_andnot_ps(_mm256_castsi256_ps(tiny), mo);
        vo = _mm256_andnot_ps(_mm256_castsi256_ps(aside), vo);
      }
    }
    __m256 mi = _mm256_fmadd_ps(d, omb1, _mm256_mul_ps(mo, b1));
    const __m256 vi = _mm256_fmadd_ps(_mm256_mul_ps(omb2, d), d, _mm256_mul_ps(vo, b2));
    const __m256 denom = _mm256_add_ps(_mm256_div_ps(_mm256_sqrt_ps(vi), sbc2), eps);
    const __m256 pn = _mm256_add_ps(pi, _mm256_div_ps(_mm256_mul_ps(nss, mi), denom));
    if (decay_bits != 0) {
      mi = _mm256_blendv_ps(mi, decayed(m0, decay, _mm256_mul_ps(d, omb1), b1_decay), _mm256_castsi256_ps(decay));
    }
    if (aside_bits == 0) {
      _mm256_storeu_ps(p + at, pn);
      _mm256_storeu_ps(m + at, mi);
      _mm256_storeu_ps(v + at, vi);
    } else {
      const __m256i keep = _mm256_xor_si256(aside, _mm256_set1_epi32(-1));
      _mm256_maskstore_ps(p + at, keep, pn);
      _mm256_maskstore_ps(m + at, keep, mi);
      _mm256_maskstore_ps(v + at, keep, vi);
      if (batch.n > TinyBatch::kCap - 8) adam_tiny_fma(batch, p, m, v, a);
    }
  }
  if (batch.n != 0) adam_tiny_fma(batch, p, m, v, a);
  p += at;
  g += at;
  m += at;
  v += at;
  n -= at;
  AMPSCOPE_ADAM_BODY
}

// SGD with momentum meets the same: an element with a zero d keeps its buffer decaying by the
// momentum, into the subnormal range (spiral-mlp fp32 SGD: the optimizer phase from ~20 to ~50 us
// a step over 4000 steps). The same `decay` lanes as adam_fma's: d = +-0, 0 < |buf| < tiny_buf
// and |p| so large that the step cannot move it (a.big_p_bits): the fp32 lane runs with buf = 0
// (p stays exactly as it would), and buf becomes fma(d, 1 - dampening, R(buf momentum)) with the
// product computed by `decayed`. Other tiny elements stay in the fp32 lanes: exact, only slower.
AMPSCOPE_FMA_TARGET void sgd_fma(float* __restrict p, const float* __restrict g, float* __restrict buf,
                                 std::int64_t n, SgdArgs a) {
  if (!a.use_momentum || a.first) {  // no buffer to decay
    sgd_fma_plain(p, g, buf, n, a);
    return;
  }
  const __m256 wd = _mm256_set1_ps(a.weight_decay), mom = _mm256_set1_ps(a.momentum),
               omd = _mm256_set1_ps(a.one_minus_dampening), neg_lr = _mm256_set1_ps(a.neg_lr),
               zero = _mm256_setzero_ps();
  const __m256i b_lim = nonzero_below_limit(a.tiny_buf), abs_mask = _mm256_set1_epi32(0x7fffffff);
  const Decay mom_decay = make_decay(a.momentum);
  const __m256i big_p = _mm256_set1_epi32(static_cast<int>(a.big_p_bits));
  std::int64_t at = 0;
  for (; at + 8 <= n; at += 8) {
    const __m256 pv = _mm256_loadu_ps(p + at);
    __m256 d = _mm256_loadu_ps(g + at);
    if (a.weight_decay != 0.0f) d = _mm256_fmadd_ps(pv, wd, d);
    const __m256 b0 = _mm256_loadu_ps(buf + at);
    __m256 bo = b0;
    const __m256 d_zero = _mm256_cmp_ps(d, zero, _CMP_EQ_OQ);
    int decay_bits = 0;
    __m256i decay = _mm256_setzero_si256();
    if (_mm256_movemask_ps(d_zero) != 0) {
      const __m256i p_big = _mm256_cmpgt_epi32(_mm256_and_si256(_mm256_castps_si256(pv), abs_mask), big_p);
      decay = _mm256_and_si256(_mm256_and_si256(_mm256_castps_si256(d_zero), nonzero_below(bo, b_lim)), p_big);
      decay_bits = _mm256_movemask_ps(_mm256_castsi256_ps(decay));
      if (decay_bits != 0) {
        t_tiny_lanes.decay += std::popcount(static_cast<unsigned>(decay_bits));
        bo = _mm256_andnot_ps(_mm256_castsi256_ps(decay), bo);
      }
    }
    const __m256 b = _mm256_fmadd_ps(d, omd, _mm256_mul_ps(bo, mom));
    const __m256 step = a.nesterov ? _mm256_fmadd_ps(b, mom, d) : b;
    _mm256_storeu_ps(p + at, _mm256_fmadd_ps(step, neg_lr, pv));
    if (decay_bits == 0) {
      _mm256_storeu_ps(buf + at, b);
    } else {
      // fma(d, 1 - dampening, R(buf momentum)) with d = +-0.
      _mm256_storeu_ps(buf + at, _mm256_blendv_ps(b, decayed(b0, decay, _mm256_mul_ps(d, omd), mom_decay),
                                                   _mm256_castsi256_ps(decay)));
    }
  }
  p += at;
  g += at;
  buf += at;
  n -= at;
  AMPSCOPE_SGD_BODY
}
#else
void adam_fma(float* __restrict p, const float* __restrict g, float* __restrict m, float* __restrict v, std::int64_t n,
              AdamArgs a) {
  AMPSCOPE_ADAM_BODY
}
void sgd_fma(float* __restrict p, const float* __restrict g, float* __restrict buf, std::int64_t n, SgdArgs a) {
  AMPSCOPE_SGD_BODY
}
#endif
void adam_base(float* __restrict p, const float* __restrict g, float* __restrict m, float* __restrict v,
               std::int64_t n, AdamArgs a) {
  AMPSCOPE_ADAM_BODY
}

// Above this many elements a parameter's loop is split across LibTorch's intra-op threads, as
// ATen's own elementwise ops are (at::internal::GRAIN_SIZE).
constexpr std::int64_t kGrain = 32768;

// |p| > 2^26 step leaves p as it is (below: twice the 2^25 that suffices), as the fp32 bits the
// loops compare with; never below 2^-100, and 0x7fffffff (no lane) where the bound is out of range.
std::uint32_t p_bound_bits(double step) {
  const double bound = std::max(0x1p-100, 0x1p26 * step);
  if (!(bound < 0x1p120)) return 0x7fffffffu;
  return std::bit_cast<std::uint32_t>(static_cast<float>(bound));
}

// For adam_fma's `decay` lanes (d = 0, 0 < |m| < tiny_m): the |p| (as fp32 bits) above which
// the step cannot change p. Each rounding below at most doubles a value or adds half of 2^-149:
// |R(m b1)| <= 2 |m| max(|b1|, 1) + 2^-148, |t| = |R(-step_size mi)| <= 2 |step_size mi| +
// 2^-149, and the denominator R(R(sqrt v / sqrt bc2) + eps) >= eps / 2, so the step
// |R(t / denom)| <= 4 |t| / eps + 2^-149 =: u. p + step rounds back to p when |step| < ulp(p) / 2,
// and ulp(p) >= |p| 2^-24 for a normal p: |p| > 2^25 u suffices; the bound is twice that.
// 0x7fffffff (no lane) when eps is not a positive normal number or the step size is not finite.
std::uint32_t unchanged_p_bound(const AdamArgs& a) {
  const double eps = a.eps, step = std::fabs(static_cast<double>(a.neg_step_size));
  if (!(eps >= 0x1p-126) || !std::isfinite(step)) return 0x7fffffffu;
  const double m = 2.0 * a.tiny_m * std::max(1.0, std::fabs(static_cast<double>(a.beta1))) + 0x1p-148;
  const double t = 2.0 * step * m + 0x1p-149;
  const double u = 4.0 * t / eps + 0x1p-149;
  return p_bound_bits(u);
}

// The same for sgd_fma's `decay` lanes (d = 0, 0 < |buf| < tiny_buf): |b| = |R(buf momentum)| <=
// 2 |buf| max(momentum, 1) + 2^-148 =: B, Nesterov's step |R(b momentum)| <= 2 B max(momentum,
// 1) + 2^-148, and p = fma(step, -lr, p) rounds back to p when |step lr| < ulp(p) / 2.
std::uint32_t unchanged_p_bound(const SgdArgs& a) {
  const double lr = std::fabs(static_cast<double>(a.neg_lr)), mom = std::max(1.0, std::fabs(static_cast<double>(a.momentum)));
  if (!std::isfinite(lr) || !std::isfinite(mom)) return 0x7fffffffu;
  const double b = 2.0 * a.tiny_buf * mom + 0x1p-148;
  const double step = a.nesterov ? 2.0 * b * mom + 0x1p-148 : b;
  return p_bound_bits(step * lr);
}

template <class Fn>
void for_chunks(std::int64_t n, Fn&& fn) {
  if (n < 2 * kGrain) {
    fn(0, n);
  } else {
    at::parallel_for(0, n, kGrain, fn);
  }
}

// One parameter's loop, with everything it needs computed on the stepping thread (the state's
// lookup and creation, the arguments), so that a job may run on either thread.
struct SgdJob {
  float* p;
  const float* g;
  float* buf;
  std::int64_t n;
  SgdArgs a;
  void run() const {
    for_chunks(n, [&](std::int64_t begin, std::int64_t end) {
      (kHaveFma ? sgd_fma : sgd_base)(p + begin, g + begin, buf ? buf + begin : nullptr, end - begin, a);
    });
  }
};
struct AdamJob {
  float* p;
  const float* g;
  float* m;
  float* v;
  std::int64_t n;
  AdamArgs a;
  void run() const {
    for_chunks(n, [&](std::int64_t begin, std::int64_t end) {
      (kHaveFma ? adam_fma : adam_base)(p + begin, g + begin, m + begin, v + begin, end - begin, a);
    });
  }
};
// A step's jobs, kept from step to step (no allocation once warm); the stepping thread's.
thread_local std::vector<SgdJob> t_sgd_jobs;
thread_local std::vector<AdamJob> t_adam_jobs;

// Below this many elements in all, a step stays on one thread: the lane's share would cost about
// what a cache line crossing to the other core and back costs (deep-mlp: 199,434).
constexpr std::int64_t kLaneMinElements = 1 << 16;

// The lane's share of a step: jobs [first, first + count), and what they counted (t_tiny_lanes is
// each thread's own).
template <class Job>
struct LaneShare {
  const Job* first;
  std::size_t count;
  TinyLanes tiny;
};
template <class Job>
void run_lane_share(void* ctx, std::size_t /*arg*/) {
  auto* share = static_cast<LaneShare<Job>*>(ctx);
  // On the lane, or on the stepping thread when it took the share back (work_lane.h): counted
  // apart either way, and added by run_jobs.
  const TinyLanes outer = t_tiny_lanes;
  t_tiny_lanes = {};
  for (std::size_t i = 0; i < share->count; ++i) share->first[i].run();
  share->tiny = t_tiny_lanes;
  t_tiny_lanes = outer;
}

// Runs a step's jobs: on the calling thread, or, with a lane and enough elements, the first
// jobs holding about half of them here and the rest there at the same time.
template <class Job>
void run_jobs(const std::vector<Job>& jobs, WorkLane* lane) {
  t_lane_params = 0;
  std::int64_t total = 0;
  for (const Job& j : jobs) total += j.n;
  std::size_t k = jobs.size();  // jobs [0, k) here, [k, size) on the lane
  if (lane && jobs.size() >= 2 && total >= kLaneMinElements) {
    // The split nearest half the elements, with a job on each side.
    std::int64_t before = 0;
    k = 0;
    while (k + 1 < jobs.size() && 2 * (before + jobs[k].n) <= total) before += jobs[k++].n;
    if (k + 1 < jobs.size() && total - 2 * before > 2 * (before + jobs[k].n) - total) before += jobs[k++].n;
    k = std::max<std::size_t>(k, 1);
  }
  if (k == jobs.size()) {
    for (const Job& j : jobs) j.run();
    return;
  }
  LaneShare<Job> share{jobs.data() + k, jobs.size() - k, {}};
  LaneSpan span(lane);  // nested in the session's: the lane is already awake
  lane->post(&run_lane_share<Job>, &share, 0);
  for (std::size_t i = 0; i < k; ++i) jobs[i].run();
  span.done();
  t_tiny_lanes.decay += share.tiny.decay;
  t_tiny_lanes.aside += share.tiny.aside;
  t_lane_params = share.count;
}

// Whether every parameter with a gradient is one the loops cover.
bool fusable(const std::vector<torch::optim::OptimizerParamGroup>& groups) {
  for (const auto& group : groups)
    for (const auto& p : group.params()) {
      const auto& g = p.grad();
      if (!g.defined()) continue;
      if (!p.device().is_cpu() || p.scalar_type() != at::kFloat || !p.is_contiguous() || g.is_sparse() ||
          g.scalar_type() != at::kFloat || !g.is_contiguous() || g.numel() != p.numel() || !g.device().is_cpu())
        return false;
    }
  return true;
}

template <class Closure>
torch::Tensor run_closure(const Closure& closure) {
  torch::Tensor loss;
  if (closure != nullptr) {
    at::AutoGradMode enable_grad(true);
    loss = closure();
  }
  return loss;
}

}  // namespace

bool last_step_was_fused() { return t_last_fused; }
std::size_t last_step_lane_params() { return t_lane_params; }
TinyLanes last_step_tiny_lanes() { return t_tiny_lanes; }

torch::Tensor FusedSGD::step(LossClosure closure) {
  if (!fusable(param_groups_)) {
    t_last_fused = false;
    return torch::optim::SGD::step(std::move(closure));
  }
  t_last_fused = true;
  t_tiny_lanes = {};
  torch::NoGradGuard no_grad;
  torch::Tensor loss = run_closure(closure);
  std::vector<SgdJob>& jobs = t_sgd_jobs;
  jobs.clear();
  for (auto& group : param_groups_) {
    const auto& o = static_cast<const torch::optim::SGDOptions&>(group.options());
    for (auto& p : group.params()) {
      if (!p.grad().defined()) continue;
      SgdArgs a{static_cast<float>(o.weight_decay()), static_cast<float>(o.momentum()),
                static_cast<float>(1 - o.dampening()), static_cast<float>(-1 * o.lr()),
                false, o.momentum() != 0, o.nesterov(), 0.0f, 0u};
      // Where buf momentum could be subnormal; only speed depends on it.
      a.tiny_buf = static_cast<float>(0x1p-120 / std::max(0x1p-4, std::min(1.0, std::fabs(static_cast<double>(a.momentum)))));
      a.big_p_bits = unchanged_p_bound(a);
      float* buf = nullptr;
      if (a.use_momentum) {
        const auto key = compat::optimizer_state_key<decltype(state_)>(p);
        auto it = state_.find(key);
        if (it == state_.end()) {
          // The first step's buffer is the (decayed) gradient itself, as the base class's clone.
          auto state = std::make_unique<torch::optim::SGDParamState>();
          state->momentum_buffer(torch::empty_like(p, at::MemoryFormat::Contiguous));
          it = state_.emplace(key, std::move(state)).first;
          a.first = true;
        }
        auto& b = static_cast<torch::optim::SGDParamState&>(*it->second).momentum_buffer();
        if (!b.is_contiguous() || b.scalar_type() != at::kFloat) b = b.contiguous().to(at::kFloat);
        buf = b.data_ptr<float>();
      }
      jobs.push_back({p.data_ptr<float>(), p.grad().data_ptr<float>(), buf, p.numel(), a});
    }
  }
  run_jobs(jobs, m_lane);
  return loss;
}

namespace {
// One Adam or AdamW step over every parameter (the two differ only in where weight decay goes).
template <class ParamState, class Options, class StateMap, class Groups>
void adam_step(Groups& groups, StateMap& state, bool decoupled, WorkLane* lane) {
  std::vector<AdamJob>& jobs = t_adam_jobs;
  jobs.clear();
  for (auto& group : groups) {
    const auto& o = static_cast<const Options&>(group.options());
    for (auto& p : group.params()) {
      if (!p.grad().defined()) continue;
      const auto key = compat::optimizer_state_key<StateMap>(p);
      auto it = state.find(key);
      if (it == state.end()) {
        auto s = std::make_unique<ParamState>();
        s->step(0);
        s->exp_avg(torch::zeros_like(p, at::MemoryFormat::Contiguous));
        s->exp_avg_sq(torch::zeros_like(p, at::MemoryFormat::Contiguous));
        it = state.emplace(key, std::move(s)).first;
      }
      auto& s = static_cast<ParamState&>(*it->second);
      s.step(s.step() + 1);
      const double beta1 = std::get<0>(o.betas()), beta2 = std::get<1>(o.betas());
      const double bias_correction1 = 1 - std::pow(beta1, s.step());
      const double bias_correction2 = 1 - std::pow(beta2, s.step());
      AdamArgs a{};
      a.weight_decay = decoupled ? 0.0f : static_cast<float>(o.weight_decay());
      a.decay_factor = decoupled && o.weight_decay() != 0 ? static_cast<float>(1 - o.lr() * o.weight_decay()) : 1.0f;
      a.beta1 = static_cast<float>(beta1);
      a.one_minus_beta1 = static_cast<float>(1 - beta1);
      a.beta2 = static_cast<float>(beta2);
      a.one_minus_beta2 = static_cast<float>(1 - beta2);
      a.sqrt_bias_correction2 = static_cast<float>(std::sqrt(bias_correction2));
      a.eps = static_cast<float>(o.eps());
      a.neg_step_size = static_cast<float>(-(o.lr() / bias_correction1));
      // Where an element's fp32 operations could meet a subnormal: m b1, the step -lr m / bc1
      // (and that over a denominator up to ~2^6), v b2. Only speed depends on these bounds.
      const double shrink = std::max(0x1p-30, std::min({1.0, static_cast<double>(a.beta1),
                                                        std::fabs(static_cast<double>(a.neg_step_size))}));
      a.tiny_m = static_cast<float>(std::min(0x1p-60, 0x1p-120 / shrink));
      a.tiny_v = static_cast<float>(0x1p-120 / std::max(0x1p-4, std::min(1.0, static_cast<double>(a.beta2))));
      a.big_p_bits = unchanged_p_bound(a);
      auto& m = s.exp_avg();
      auto& v = s.exp_avg_sq();
      if (!m.is_contiguous() || m.scalar_type() != at::kFloat) m = m.contiguous().to(at::kFloat);
      if (!v.is_contiguous() || v.scalar_type() != at::kFloat) v = v.contiguous().to(at::kFloat);
      jobs.push_back({p.template data_ptr<float>(), p.grad().template data_ptr<float>(),
                      m.template data_ptr<float>(), v.template data_ptr<float>(), p.numel(), a});
    }
  }
  run_jobs(jobs, lane);
}

template <class Groups>
bool any_amsgrad(const Groups& groups) {
  for (const auto& group : groups) {
    const auto& o = group.options();
    if (const auto* adam = dynamic_cast<const torch::optim::AdamOptions*>(&o); adam && adam->amsgrad()) return true;
    if (const auto* adamw = dynamic_cast<const torch::optim::AdamWOptions*>(&o); adamw && adamw->amsgrad()) return true;
  }
  return false;
}
}  // namespace

torch::Tensor FusedAdam::step(LossClosure closure) {
  if (!fusable(param_groups_) || any_amsgrad(param_groups_)) {
    t_last_fused = false;
    return torch::optim::Adam::step(std::move(closure));
  }
  t_last_fused = true;
  t_tiny_lanes = {};
  torch::NoGradGuard no_grad;
  torch::Tensor loss = run_closure(closure);
  adam_step<torch::optim::AdamParamState, torch::optim::AdamOptions>(param_groups_, state_, false, m_lane);
  return loss;
}

torch::Tensor FusedAdamW::step(LossClosure closure) {
  if (!fusable(param_groups_) || any_amsgrad(param_groups_)) {
    t_last_fused = false;
    return torch::optim::AdamW::step(std::move(closure));
  }
  t_last_fused = true;
  t_tiny_lanes = {};
  torch::NoGradGuard no_grad;
  torch::Tensor loss = run_closure(closure);
  adam_step<torch::optim::AdamWParamState, torch::optim::AdamWOptions>(param_groups_, state_, true, m_lane);
  return loss;
}

}  // namespace ampscope::detail
