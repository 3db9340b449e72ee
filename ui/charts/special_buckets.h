// The buckets both exponent heatmaps (HistogramHeatmap, LayerHistoryHeatmap) draw after their
// exponent bins, in the order of RawTensorStats (docs/measurements.md): zero, NaN, +inf, -inf.
#pragma once

#include <ampscope/kernels/grad_stats.h>

#include <array>
#include <cstdint>

namespace ampscope::ui {

inline constexpr int kSpecialGap = 2;      ///< empty bins between the exponent bins and the buckets
inline constexpr int kSpecialBuckets = 4;  ///< zero, NaN, +inf, -inf
inline constexpr const char* kSpecialBucketNames[kSpecialBuckets] = {"0", "NaN", "+\u221E", "\u2212\u221E"};

/// A tensor's counts in the buckets, in the order of kSpecialBucketNames.
inline std::array<std::int64_t, kSpecialBuckets> specialBucketCounts(const kernels::TensorStats& s) {
  return {s.zero, s.nan, s.pos_inf, s.neg_inf};
}

}  // namespace ampscope::ui
