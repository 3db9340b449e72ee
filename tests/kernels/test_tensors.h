// Test tensors for the kernels tests: host storage of native bit patterns plus a view, value
// generators (random, bin edges, special values) and a plain per-element reference of the
// statistics the pass must produce.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "ampscope/kernels/grad_stats.h"
#include "fp_reference.h"

namespace ampscope::test {

namespace k = ampscope::kernels;

struct TestTensor {
  k::DType dtype = k::DType::F32;
  std::vector<std::uint8_t> storage;
  std::int64_t base = 0;  // element offset of the view's first element
  int ndim = 1;
  std::array<std::int64_t, k::kMaxDims> sizes{};
  std::array<std::int64_t, k::kMaxDims> strides{};

  std::size_t esize() const { return dtype == k::DType::F32 ? 4 : 2; }
  std::int64_t storage_elems() const { return static_cast<std::int64_t>(storage.size() / esize()); }
  std::uint32_t bits_at(std::int64_t i) const {
    std::uint32_t b = 0;
    std::memcpy(&b, storage.data() + i * static_cast<std::int64_t>(esize()), esize());
    return b;
  }
  void set_bits(std::int64_t i, std::uint32_t b) {
    std::memcpy(storage.data() + i * static_cast<std::int64_t>(esize()), &b, esize());
  }
  std::int64_t numel() const {
    std::int64_t n = 1;
    for (int d = 0; d < ndim; ++d) n *= sizes[static_cast<std::size_t>(d)];
    return n;
  }
  // Storage index of logical (row-major) element i: plain div/mod, obviously right.
  std::int64_t offset_of(std::int64_t i) const {
    std::int64_t off = base;
    for (int d = ndim - 1; d >= 0; --d) {
      const auto u = static_cast<std::size_t>(d);
      off += (i % sizes[u]) * strides[u];
      i /= sizes[u];
    }
    return off;
  }
  k::TensorView view() {
    k::TensorView v;
    v.data = storage.data() + base * static_cast<std::int64_t>(esize());
    v.dtype = dtype;
    v.ndim = ndim;
    v.sizes = sizes;
    v.strides = strides;
    return v;
  }
};

inline double value_of(k::DType dt, std::uint32_t bits) {
  switch (dt) {
    case k::DType::F32: return static_cast<double>(std::bit_cast<float>(bits));
    case k::DType::F16: return half_to_double(static_cast<std::uint16_t>(bits));
    case k::DType::BF16: return bf16_to_double(static_cast<std::uint16_t>(bits));
  }
  return 0.0;
}

// Native bits of x rounded to dt (x must be representable in fp32 for F32).
inline std::uint32_t bits_of(k::DType dt, double x) {
  switch (dt) {
    case k::DType::F32: return std::bit_cast<std::uint32_t>(static_cast<float>(x));
    case k::DType::F16: return double_to_half(x);
    case k::DType::BF16: return double_to_bf16(x);
  }
  return 0;
}

inline bool is_nan_bits(k::DType dt, std::uint32_t b) { return std::isnan(value_of(dt, b)); }

inline const RefFormat& ref_format_of(k::DType dt) {
  return dt == k::DType::F32 ? kRefFp32 : dt == k::DType::F16 ? kRefFp16 : kRefBf16;
}

inline TestTensor make_contiguous(k::DType dt, const std::vector<double>& values) {
  TestTensor t;
  t.dtype = dt;
  t.storage.resize(values.size() * t.esize());
  t.sizes[0] = static_cast<std::int64_t>(values.size());
  t.strides[0] = 1;
  for (std::size_t i = 0; i < values.size(); ++i) t.set_bits(static_cast<std::int64_t>(i), bits_of(dt, values[i]));
  return t;
}

inline TestTensor make_from_bits(k::DType dt, const std::vector<std::uint32_t>& bits) {
  TestTensor t;
  t.dtype = dt;
  t.storage.resize(bits.size() * t.esize());
  t.sizes[0] = static_cast<std::int64_t>(bits.size());
  t.strides[0] = 1;
  for (std::size_t i = 0; i < bits.size(); ++i) t.set_bits(static_cast<std::int64_t>(i), bits[i]);
  return t;
}

// ---- generators -----------------------------------------------------------------------------

inline std::vector<double> gen_normal(std::uint64_t seed, std::size_t n, double scale) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> nd(0.0, scale);
  std::vector<double> v(n);
  for (auto& x : v) x = nd(rng);
  return v;
}

// Gradient-like values laid out to probe the CPU pass's window histogram (grad_stats_cpu.cpp,
// WindowPlanes): chunks of 2048 elements; the first chunk places the window at
// top = field(its amax) + 1, covering fields [top - 31, top]. Every 7th value is zero (every
// 14th a -0); later chunks hold values exactly at the window's top and bottom fields (they fit),
// one field above (the window is placed again) or below (one window: counted apart; two: the
// chunk falls back to the tables), inf/NaN inside full blocks, and n need not be a multiple of
// a block (the tail goes to the tables).
// `windows` 2: values are spread over ~40 more binades (as real gradients are: 40-45 binades
// between the smallest nonzero and the largest), so the pass places two windows, 64 fields.
inline std::vector<double> gen_window(std::uint64_t seed, std::size_t n, double scale, int windows = 1) {
  std::vector<double> v = gen_normal(seed, n, scale);
  if (windows == 2)
    for (std::size_t i = 0; i < n; ++i) v[i] = std::ldexp(v[i], -static_cast<int>((i * 7919) % 40));
  for (std::size_t i = 0; i < n; i += 7) v[i] = (i % 14 == 0) ? -0.0 : 0.0;
  double amax0 = 0.0;
  for (std::size_t i = 0; i < std::min<std::size_t>(n, 2048); ++i) amax0 = std::max(amax0, std::abs(v[i]));
  if (amax0 == 0.0) return v;
  const int top_e = std::ilogb(amax0) + 1;  // the window's top exponent (field - 127)
  const int bottom_e = top_e - 32 * windows + 1;
  auto put = [&](std::size_t chunk, std::size_t at, double x) {
    if (chunk * 2048 + at < n) v[chunk * 2048 + at] = x;
  };
  put(2, 100, std::ldexp(1.0, top_e));           // exactly the top field: fits
  put(2, 101, -std::ldexp(1.75, top_e));         // still the top field
  put(3, 5, std::ldexp(1.0, bottom_e));          // the bottom field: fits
  put(3, 6, std::ldexp(1.9, bottom_e));
  put(4, 7, std::ldexp(1.0, top_e + 1));         // one field above: tables
  put(5, 2047, std::ldexp(1.99, bottom_e - 1));  // one field below, last element: counted apart
  if (windows == 2) put(6, 1000, std::ldexp(1.5, top_e - 32));  // the second window's top field
  put(6, 0, std::numeric_limits<double>::quiet_NaN());  // inf/NaN in a chunk that fits
  put(6, 255, std::numeric_limits<double>::infinity());
  put(6, 256, -std::numeric_limits<double>::infinity());
  put(6, 2040, std::numeric_limits<double>::quiet_NaN());
  put(7, 300, std::ldexp(1.0, -140));            // an fp32 subnormal: counted apart, by its own exponent
  return v;
}

/// Gradient-like values with a few far below the window, as real activation gradients have
/// (spiral-mlp's: 0 to 25 of 16384 values 32-45 binades under the largest): normal values, a
/// third of them zero, every 997th scaled down by 2^-33 .. 2^-52, plus, from the second chunk
/// on, an fp32 subnormal and values exactly at the window's bottom field (in it) and one field
/// under it. The pass keeps one window and counts the values under it apart. `every` 9: one
/// value in 9 is pushed down, too many for one window, and the item takes two from its second
/// chunk on.
inline std::vector<double> gen_outliers(std::uint64_t seed, std::size_t n, double scale, std::size_t every = 997) {
  std::vector<double> v = gen_normal(seed, n, scale);
  for (std::size_t i = 0; i < n; ++i) {
    if (i % 3 == 0) v[i] = 0.0;
    else if (i % every == 1) v[i] = std::ldexp(v[i], -33 - static_cast<int>((i / every) % 20));
  }
  double amax0 = 0.0;
  for (std::size_t i = 0; i < std::min<std::size_t>(n, 2048); ++i) amax0 = std::max(amax0, std::abs(v[i]));
  if (amax0 == 0.0) return v;
  const int bottom_e = std::ilogb(amax0) + 1 - 31;  // the window's bottom field, as an exponent
  auto put = [&](std::size_t at, double x) {
    if (at < n) v[at] = x;
  };
  put(2048 + 10, std::ldexp(1.0, bottom_e));
  put(2048 + 11, -std::ldexp(1.99, bottom_e));
  put(2048 + 12, std::ldexp(1.99, bottom_e - 1));
  put(2048 + 13, -std::ldexp(1.0, bottom_e - 1));
  put(2 * 2048 + 500, std::ldexp(1.0, -140));  // an fp32 subnormal
  put(2 * 2048 + 501, -std::ldexp(1.0, -149));
  return v;
}

/// Activation-gradient-like rows: normal values whose scale changes from chunk to chunk (2048
/// elements) by up to 2^12 either way, a third of them zero (a ReLU's mask), so that later
/// chunks leave the window the first chunk placed and the pass places it again.
inline std::vector<double> gen_scaled_rows(std::uint64_t seed, std::size_t n, double scale) {
  std::vector<double> v = gen_normal(seed, n, scale);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t chunk = i / 2048;
    const int shift = static_cast<int>((chunk * 5) % 25) - 12;  // -12 .. 12
    v[i] = i % 3 == 0 ? 0.0 : std::ldexp(v[i], shift);
  }
  return v;
}

inline std::vector<std::uint32_t> gen_random_bits(std::uint64_t seed, k::DType dt, std::size_t n) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint32_t> v(n);
  const std::uint32_t mask = dt == k::DType::F32 ? 0xffffffffu : 0xffffu;
  for (auto& x : v) x = static_cast<std::uint32_t>(rng()) & mask;
  return v;
}

// Every power of two the dtype can hold and the largest value below each, alternating signs.
inline std::vector<double> gen_edges(k::DType dt) {
  const RefFormat& f = ref_format_of(dt);
  const int min_sub = f.min_normal_exp - f.mant_bits;
  const int max_exp = ref_exponent(f.max_finite);
  std::vector<double> v;
  for (int e = min_sub; e <= max_exp; ++e) {
    const double p = std::ldexp(1.0, e);
    const double step = e <= f.min_normal_exp ? std::ldexp(1.0, min_sub) : std::ldexp(1.0, e - 1 - f.mant_bits);
    v.push_back((e & 1) ? -p : p);
    if (e > min_sub) v.push_back((e & 1) ? (p - step) : -(p - step));
  }
  return v;
}

// Zeros, subnormals, max finite, inf, NaN and the overflow thresholds of the narrow formats.
inline std::vector<double> gen_specials(k::DType dt) {
  const RefFormat& f = ref_format_of(dt);
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double min_sub = std::ldexp(1.0, f.min_normal_exp - f.mant_bits);
  const double min_norm = std::ldexp(1.0, f.min_normal_exp);
  std::vector<double> v = {0.0, -0.0, min_sub, -min_sub, 3 * min_sub, min_norm - min_sub, -(min_norm - min_sub),
                           min_norm, f.max_finite, -f.max_finite, inf, -inf, nan, -nan, 1.0, -1.0,
                           65504.0, 65520.0, -65520.0, 65519.99609375, 448.0, 464.0, 464.0 + 1.0 / 32,
                           480.0, 57344.0, 61440.0, 61439.99609375, -61440.0, 1e-40, 1e-45};
  for (int i = 0; i < 50; ++i) v.push_back(min_sub * (i + 1));  // a run of subnormals
  for (int i = 0; i < 40; ++i) v.push_back(0.0);                // and of zeros
  return v;
}

// ---- reference --------------------------------------------------------------------------

struct RefStats {
  std::array<std::uint64_t, k::kRawExpBins> exp{};
  std::uint64_t zero = 0, nan = 0, pos_inf = 0, neg_inf = 0;
  double amax = 0.0, amin = 0.0;  // 0 when none
  double sum_squares = 0.0;
  std::array<std::uint64_t, k::kNumFormats> overflow{};
  bool found_inf = false;
};

inline const RefFormat& ref_format(k::Format f) {
  switch (f) {
    case k::Format::FP32: return kRefFp32;
    case k::Format::FP16: return kRefFp16;
    case k::Format::BF16: return kRefBf16;
    case k::Format::FP8_E4M3: return kRefE4m3;
    case k::Format::FP8_E5M2: return kRefE5m2;
  }
  return kRefFp32;
}

inline RefStats reference_stats(const TestTensor& t) {
  RefStats r;
  const std::int64_t n = t.numel();
  for (std::int64_t i = 0; i < n; ++i) {
    const double x = value_of(t.dtype, t.bits_at(t.offset_of(i)));
    switch (std::fpclassify(x)) {
      case FP_NAN: ++r.nan; r.found_inf = true; continue;
      case FP_INFINITE: ++(x > 0 ? r.pos_inf : r.neg_inf); r.found_inf = true; continue;
      case FP_ZERO: ++r.zero; break;
      default: {
        const double a = std::fabs(x);
        ++r.exp[static_cast<std::size_t>(ref_exponent(a) - k::kRawMinExp)];
        r.amax = std::max(r.amax, a);
        r.amin = r.amin == 0.0 ? a : std::min(r.amin, a);
      }
    }
    r.sum_squares += x * x;
    for (int f = 0; f < k::kNumFormats; ++f)
      if (ref_overflows(x, ref_format(static_cast<k::Format>(f)))) ++r.overflow[static_cast<std::size_t>(f)];
  }
  return r;
}

// What unscaling must leave in storage: view elements become round_dt(float(x) * inv) (the
// product in fp32, as PyTorch computes it, then rounded to the dtype); other storage is untouched.
inline std::vector<std::uint32_t> reference_unscaled(const TestTensor& t, float inv) {
  std::vector<std::uint32_t> out(static_cast<std::size_t>(t.storage_elems()));
  for (std::int64_t i = 0; i < t.storage_elems(); ++i) out[static_cast<std::size_t>(i)] = t.bits_at(i);
  for (std::int64_t i = 0; i < t.numel(); ++i) {
    const std::int64_t off = t.offset_of(i);
    const float x = static_cast<float>(value_of(t.dtype, t.bits_at(off)));
    const float y = x * inv;
    out[static_cast<std::size_t>(off)] = bits_of(t.dtype, static_cast<double>(y));
  }
  return out;
}

}  // namespace ampscope::test
