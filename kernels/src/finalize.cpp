// finalize(): raw per-tensor accumulators -> display statistics. The same code shapes CPU and
// CUDA results, so the two can only differ in what the passes counted.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

#include "ampscope/kernels/grad_stats.h"
#include "float_bits.h"

namespace ampscope::kernels {

void RawTensorStats::clear() {
  std::memset(this, 0, sizeof(*this));
  amin_nz_bits = bits::kInfBits;  // "none yet": larger than every finite magnitude
}

double TensorStats::norm() const { return std::sqrt(sum_squares); }

TensorStats finalize(const RawTensorStats& raw, std::int64_t numel, const HistogramConfig& cfg) {
  if (cfg.lo > cfg.hi)
    throw std::invalid_argument("finalize: histogram range lo (" + std::to_string(cfg.lo) +
                                ") > hi (" + std::to_string(cfg.hi) + ")");
  const FormatLimits lim = format_limits(cfg.target);  // throws on an invalid target

  TensorStats s;
  s.numel = numel;
  s.lo = cfg.lo;
  s.hi = cfg.hi;
  s.bins.assign(static_cast<std::size_t>(cfg.hi - cfg.lo + 1), 0);
  for (int i = 0; i < kRawExpBins; ++i) {
    const auto c = static_cast<std::int64_t>(raw.exp_count[i]);
    if (c == 0) continue;
    const int e = i + kRawMinExp;
    // Exponents outside [lo, hi] go to the open first/last bin ("<= lo", ">= hi").
    s.bins[static_cast<std::size_t>(std::clamp(e, cfg.lo, cfg.hi) - cfg.lo)] += c;
    // floor(log2|x|) < k  <=>  |x| < 2^k, so both counts are exact from the raw histogram.
    if (e < lim.min_normal_exp) s.subnormal += c;
    // Strictly below the smallest subnormal, as the field is defined. Note a cast flushes a bit
    // less than that to zero: |x| in (2^(k-1), 2^k) rounds up to 2^k, exactly 2^(k-1) ties to 0.
    if (e < lim.min_subnormal_exp) s.below_min_subnormal += c;
  }
  s.zero = static_cast<std::int64_t>(raw.zero);
  s.nan = static_cast<std::int64_t>(raw.nan);
  s.pos_inf = static_cast<std::int64_t>(raw.pos_inf);
  s.neg_inf = static_cast<std::int64_t>(raw.neg_inf);
  // Exact "becomes inf (NaN for e4m3) when cast", counted at pass time, because exponent ==
  // max_exp alone cannot tell 65504 (finite) from 65520 (inf) for fp16.
  s.above_max = static_cast<std::int64_t>(raw.cast_overflow[static_cast<int>(cfg.target)]);
  s.amax = static_cast<double>(std::bit_cast<float>(raw.amax_bits));
  s.amin_nonzero = raw.amin_nz_bits >= bits::kInfBits
                       ? 0.0
                       : static_cast<double>(std::bit_cast<float>(raw.amin_nz_bits));
  s.sum_squares = raw.sum_squares;
  return s;
}

}  // namespace ampscope::kernels
