// The format what-if: from one tensor's exact exponent histogram (kernels::TensorStats), how many
// of its elements a round-to-nearest-even cast to another format would flush to zero or push past
// the format's largest finite value. Pure arithmetic: no LibTorch, no Qt (the GUI's "Formats
// what-if" dock and its CSV use it). Definitions and the boundary rule: docs/measurements.md,
// section "Format what-if".
#pragma once

#include <ampscope/kernels/grad_stats.h>

#include <array>
#include <cstdint>
#include <optional>

namespace ampscope {

/// A count known between `low` and `high` (equal when the histogram decides it exactly).
struct CountBounds {
  std::int64_t low = 0;
  std::int64_t high = 0;
  bool exact() const { return low == high; }
};

/// Where a round-to-nearest-even cast to a format flushes and overflows, on |x|:
/// |x| <= flush_max becomes 0 (half the smallest subnormal: the tie goes to the even 0);
/// |x| >= overflow_min (or > when !overflow_inclusive) becomes inf (NaN for e4m3).
struct CastThresholds {
  kernels::Format format = kernels::Format::FP16;
  int min_subnormal_exp = 0;   ///< smallest subnormal 2^min_subnormal_exp
  double flush_max = 0.0;      ///< 2^(min_subnormal_exp - 1)
  double max_finite = 0.0;
  double overflow_min = 0.0;   ///< max_finite + half its ulp; infinity for fp32 (never here)
  bool overflow_inclusive = true;  ///< false for e4m3: 464 ties to 448 (even), above it is NaN
};
CastThresholds cast_thresholds(kernels::Format f);

/// What a cast of one tensor to `format` would do, by TE's definitions (docs/measurements.md):
/// underflow = non-zero finite elements that become zero, overflow = finite elements that become
/// inf (NaN for e4m3). Elements already zero, NaN or inf are in neither. Shares are of numel,
/// as Transformer Engine's underflows% computes them.
struct FormatWhatIf {
  kernels::Format format = kernels::Format::FP16;
  std::int64_t numel = 0;
  std::int64_t nonzero_finite = 0;  ///< the elements a cast could flush (sum of the bins)
  CountBounds underflow;
  CountBounds overflow;
  /// Elements of the boundary bins that decide the bounds (for tooltips): the binade holding
  /// half the smallest subnormal, and the one holding the overflow threshold (or an open bin).
  std::int64_t underflow_boundary = 0;
  std::int64_t overflow_boundary = 0;
  double underflowShareLow() const { return share(underflow.low); }
  double underflowShareHigh() const { return share(underflow.high); }
  double overflowShareLow() const { return share(overflow.low); }
  double overflowShareHigh() const { return share(overflow.high); }

 private:
  double share(std::int64_t c) const { return numel > 0 ? static_cast<double>(c) / static_cast<double>(numel) : 0.0; }
};

/// The formats the what-if reports, in the order the GUI's columns and the CSV rows list them.
inline constexpr std::array<kernels::Format, 4> kWhatIfFormats = {kernels::Format::FP16, kernels::Format::BF16,
                                                                 kernels::Format::FP8_E4M3, kernels::Format::FP8_E5M2};

/// The what-if of `stats` (exponent bins [lo, hi], open at both ends) for `format`.
///  - `exponent_shift`: the values are taken times 2^exponent_shift (e.g. -log2 S for the
///    unscaled gradient g/S when S is a power of two); 0 = the values as the histogram has them.
///  - `stats_target`: the format the statistics' own above_max / below_min_subnormal counted
///    against (SessionConfig::histogram.target). When it is `format` and the shift is 0, the
///    overflow is exact (above_max, counted per element) and below_min_subnormal narrows the
///    underflow's upper bound.
/// Rule for a bin that straddles a threshold (the boundary bin): its elements count in `high`
/// and not in `low`; amin_nonzero and amax then settle what they can (no element flushes when
/// amin_nonzero > flush_max; at least one does when amin_nonzero <= flush_max; the same for amax).
FormatWhatIf format_whatif(const kernels::TensorStats& stats, kernels::Format format, int exponent_shift = 0,
                           std::optional<kernels::Format> stats_target = std::nullopt);

}  // namespace ampscope
