// Bit-level helpers shared by the CPU pass (C++) and the CUDA pass (nvcc): decoding fp16 and
// bf16 into fp32 bits, rounding fp32 back to fp16/bf16 with round-to-nearest-even, and the
// thresholds of RawTensorStats::cast_overflow. Everything works on integers, so results do
// not depend on the floating-point environment (flush-to-zero, denormals-are-zero).
// Private to the kernels layer.
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#define AMPSCOPE_HD __host__ __device__ __forceinline__
#else
#define AMPSCOPE_HD inline
#endif

namespace ampscope::kernels::bits {

inline constexpr std::uint32_t kAbsMask = 0x7fffffffu;
inline constexpr std::uint32_t kInfBits = 0x7f800000u;  // +inf; |x| bits below it are finite
inline constexpr std::uint32_t kNegInfBits = 0xff800000u;

// Smallest fp32 |x| bits that overflow a round-to-nearest-even cast to each narrow format
// (fp32 itself never overflows from a finite fp32 value). The overflow point is max finite plus half an ulp;
// at that exact tie, round-to-even goes to inf when max finite has an odd mantissa (fp16,
// bf16, e5m2) and stays at max finite when it is even (e4m3: 448 = 1.110b * 2^8), hence
// "> 464" there. Encoded as ">= bits" so that all compare the same way.
// (Scalars, not an array: a namespace-scope constexpr array is not usable in device code.)
inline constexpr std::uint32_t kOverflowFp16 = 0x477ff000u;  // 65520 = 65504 + 16
inline constexpr std::uint32_t kOverflowBf16 = 0x7f7f8000u;  // (2 - 2^-8) * 2^127
inline constexpr std::uint32_t kOverflowE4m3 = 0x43e80001u;  // next float above 464 (ties to 448): -> NaN
inline constexpr std::uint32_t kOverflowE5m2 = 0x47700000u;  // 61440 = 57344 + 4096

// fp16 bits -> fp32 bits, exact. Subnormal halves become normal fp32 numbers: the int -> float
// conversion of the 10-bit mantissa and the product with 2^-24 are exact and involve no fp32
// subnormal, so DAZ/FTZ cannot change them. Written with selects so the compiler vectorises it.
AMPSCOPE_HD std::uint32_t half_to_f32_bits(std::uint16_t h) {
  const std::uint32_t a = h & 0x7fffu;
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  const std::uint32_t normal = (a << 13) + (112u << 23);  // rebias exponent 15 -> 127
  const std::uint32_t inf_nan = (a << 13) | kInfBits;     // keeps the NaN payload
  const float sub = static_cast<float>(static_cast<std::int32_t>(a)) * 0x1p-24f;
  std::uint32_t sub_bits;
#if defined(__CUDA_ARCH__)
  sub_bits = __float_as_uint(sub);
#else
  __builtin_memcpy(&sub_bits, &sub, 4);
#endif
  const std::uint32_t r = a < 0x400u ? sub_bits : (a >= 0x7c00u ? inf_nan : normal);
  return r | sign;
}

AMPSCOPE_HD std::uint32_t bf16_to_f32_bits(std::uint16_t h) {
  return static_cast<std::uint32_t>(h) << 16;
}

// fp32 bits -> fp16 bits, round-to-nearest-even, overflow to inf, subnormals kept, NaN stays
// NaN (quiet). Integer only. This is the cast PyTorch applies after computing in fp32.
AMPSCOPE_HD std::uint16_t f32_bits_to_half(std::uint32_t u) {
  const std::uint32_t sign = (u >> 16) & 0x8000u;
  const std::uint32_t a = u & kAbsMask;
  if (a > kInfBits) return static_cast<std::uint16_t>(sign | 0x7e00u | ((a >> 13) & 0x3ffu));
  if (a >= kOverflowFp16) return static_cast<std::uint16_t>(sign | 0x7c00u);
  if (a >= 0x38800000u) {  // >= 2^-14: normal half; drop 13 mantissa bits with RNE
    std::uint32_t r = a - (112u << 23);
    r += 0xfffu + ((r >> 13) & 1u);
    return static_cast<std::uint16_t>(sign | (r >> 13));
  }
  // Subnormal half (or zero): result = round(|x| / 2^-24). |x| = m * 2^(E - 150) with the
  // implicit bit, so the result is m >> (126 - E) rounded to nearest even.
  const std::uint32_t e = a >> 23;
  if (e < 102) return static_cast<std::uint16_t>(sign);  // |x| < 2^-25: rounds to 0 (2^-25 ties to 0)
  const std::uint32_t m = (a & 0x7fffffu) | 0x800000u;
  const std::uint32_t s = 126u - e;  // 14 .. 24
  std::uint32_t q = m >> s;
  const std::uint32_t rem = m & ((1u << s) - 1u);
  const std::uint32_t half = 1u << (s - 1u);
  q += (rem > half || (rem == half && (q & 1u))) ? 1u : 0u;  // may carry into 0x400 = 2^-14: fine
  return static_cast<std::uint16_t>(sign | q);
}

// fp32 bits -> bf16 bits, round-to-nearest-even; NaN stays NaN (quiet bit set).
AMPSCOPE_HD std::uint16_t f32_bits_to_bf16(std::uint32_t u) {
  if ((u & kAbsMask) > kInfBits) return static_cast<std::uint16_t>((u >> 16) | 0x40u);
  return static_cast<std::uint16_t>((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}

}  // namespace ampscope::kernels::bits
