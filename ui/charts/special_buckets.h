// The buckets both exponent heatmaps (HistogramHeatmap, LayerHistoryHeatmap) draw after their
// exponent bins, in the order of RawTensorStats (docs/measurements.md): zero, NaN, +inf, -inf.
#pragma once

namespace ampscope::ui {

inline constexpr int kSpecialGap = 2;      ///< empty bins between the exponent bins and the buckets
inline constexpr int kSpecialBuckets = 4;  ///< zero, NaN, +inf, -inf
inline constexpr const char* kSpecialBucketNames[kSpecialBuckets] = {"0", "NaN", "+\u221E", "\u2212\u221E"};

}  // namespace ampscope::ui
