// Test-side reference for the kernels: fp16/bf16 conversions and rounding to any format,
// written with double arithmetic (frexp/ldexp/nearbyint) rather than with the bit tricks the
// kernels use, so that a bug in one is unlikely to be repeated in the other.
#pragma once

#include <bit>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <limits>

namespace ampscope::test {

/// A binary floating-point format for rounding: `mant_bits` stored mantissa bits, smallest
/// normal exponent, largest finite value. Values whose rounded magnitude exceeds max_finite
/// overflow (to inf, or to NaN for fp8 e4m3 whose top code is NaN).
struct RefFormat {
  int mant_bits;
  int min_normal_exp;
  double max_finite;
};
inline constexpr RefFormat kRefFp32{23, -126, 3.4028234663852886e38};
inline constexpr RefFormat kRefFp16{10, -14, 65504.0};
inline constexpr RefFormat kRefBf16{7, -126, 3.3895313892515355e38};
inline constexpr RefFormat kRefE4m3{3, -6, 448.0};
inline constexpr RefFormat kRefE5m2{2, -14, 57344.0};

/// floor(log2 a) for finite a > 0, from frexp (a = m * 2^E with m in [0.5, 1)).
inline int ref_exponent(double a) {
  int e = 0;
  std::frexp(a, &e);
  return e - 1;
}

/// |x| rounded to nearest even in `f`, ignoring overflow (may exceed max_finite).
inline double ref_round_magnitude(double a, const RefFormat& f) {
  if (a == 0.0) return 0.0;
  const int e = std::max(ref_exponent(a), f.min_normal_exp);
  const double quantum = std::ldexp(1.0, e - f.mant_bits);
  // a / quantum is exact (power of two); nearbyint rounds half to even in the default mode.
  return std::nearbyint(a / quantum) * quantum;
}

/// True when finite x overflows a round-to-nearest-even cast to `f`.
inline bool ref_overflows(double x, const RefFormat& f) {
  return std::isfinite(x) && ref_round_magnitude(std::fabs(x), f) > f.max_finite;
}

// ---- fp16 -----------------------------------------------------------------------------------
inline double half_to_double(std::uint16_t h) {
  const int sign = (h >> 15) & 1;
  const int field = (h >> 10) & 0x1f;
  const int mant = h & 0x3ff;
  double v;
  if (field == 0x1f) v = mant ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
  else if (field == 0) v = std::ldexp(static_cast<double>(mant), -24);
  else v = std::ldexp(static_cast<double>(mant + 1024), field - 25);
  return sign ? -v : v;
}

inline std::uint16_t double_to_half(double x) {
  const std::uint16_t sign = std::signbit(x) ? 0x8000 : 0;
  if (std::isnan(x)) return static_cast<std::uint16_t>(sign | 0x7e00);
  const double r = ref_round_magnitude(std::fabs(x), kRefFp16);
  if (std::isinf(x) || r > kRefFp16.max_finite) return static_cast<std::uint16_t>(sign | 0x7c00);
  if (r < std::ldexp(1.0, -14)) return static_cast<std::uint16_t>(sign | static_cast<std::uint16_t>(std::ldexp(r, 24)));
  const int e = ref_exponent(r);
  const auto mant = static_cast<std::uint16_t>(std::ldexp(r, 10 - e) - 1024.0);
  return static_cast<std::uint16_t>(sign | ((e + 15) << 10) | mant);
}

// ---- bf16 -----------------------------------------------------------------------------------
inline double bf16_to_double(std::uint16_t b) {
  return static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(b) << 16));
}

inline std::uint16_t double_to_bf16(double x) {
  const std::uint16_t sign = std::signbit(x) ? 0x8000 : 0;
  if (std::isnan(x)) return static_cast<std::uint16_t>(sign | 0x7fc0);
  const double r = ref_round_magnitude(std::fabs(x), kRefBf16);
  if (std::isinf(x) || r > kRefBf16.max_finite) return static_cast<std::uint16_t>(sign | 0x7f80);
  // r is exactly representable in bf16, hence in fp32 with the low 16 bits zero.
  return static_cast<std::uint16_t>(sign | (std::bit_cast<std::uint32_t>(static_cast<float>(r)) >> 16));
}

}  // namespace ampscope::test
