// The per-tensor statistics one pass of the kernels accumulates, as a plain POD.
//
// Split from grad_stats.h so that it stays C++17 (no std::span): the GradScaler's public
// events (core/scaler, AmpScope::scaler) carry it, and their users build as LibTorch does, in
// C++17. Nothing here needs the kernels' library; grad_stats.h includes it.
#pragma once

#include <cstdint>

namespace ampscope::kernels {

/// A format whose limits are used to classify values (subnormals, "would underflow/overflow").
enum class Format : std::uint8_t { FP32, FP16, BF16, FP8_E4M3, FP8_E5M2 };
inline constexpr int kNumFormats = 5;  // number of Format values (index of RawTensorStats::cast_overflow)

/// Exponent range of the raw histogram: every finite nonzero fp32/fp16/bf16 value has
/// floor(log2|x|) in [kRawMinExp, kRawMaxExp] (fp32 subnormals reach -149).
inline constexpr int kRawMinExp = -149;
inline constexpr int kRawMaxExp = 127;
inline constexpr int kRawExpBins = kRawMaxExp - kRawMinExp + 1;  // 277

/// What one pass accumulates for one tensor, before it is shaped for display. This is a
/// plain POD so that the CUDA pass can accumulate it on the device and copy it back as is.
/// `exp_count[e - kRawMinExp]` counts finite nonzero elements with floor(log2|x|) == e,
/// computed from the bits (exact at powers of two and for subnormals).
struct RawTensorStats {
  std::uint64_t exp_count[kRawExpBins];
  std::uint64_t zero;       // +0 and -0
  std::uint64_t nan;
  std::uint64_t pos_inf;
  std::uint64_t neg_inf;
  std::uint32_t amax_bits;      // fp32 bits of the largest finite |x| (0 when none)
  std::uint32_t amin_nz_bits;   // fp32 bits of the smallest nonzero finite |x| (0x7f800000 when none)
  double sum_squares;           // over finite elements, accumulated in fp64
  /// cast_overflow[int(f)]: finite elements that a round-to-nearest-even cast to format f
  /// turns into inf (NaN for e4m3, which has no inf). The exponent histogram cannot give this:
  /// inside the top binade some values still round to max finite (fp16: 65504 <= |x| < 65520
  /// stays finite, 65520 rounds to inf). Thresholds on |x|: fp16 >= 65520, bf16 >=
  /// (2 - 2^-8) * 2^127, e4m3 > 464 (464 ties to 448), e5m2 >= 61440, fp32 never.
  /// Counted in the same pass (one integer compare per format per element).
  std::uint64_t cast_overflow[kNumFormats];
  void clear();
};

}  // namespace ampscope::kernels
