// The format what-if's arithmetic (format_whatif.h; docs/measurements.md, "Format what-if").
#include <ampscope/format_whatif.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace ampscope {

CastThresholds cast_thresholds(kernels::Format f) {
  const kernels::FormatLimits lim = kernels::format_limits(f);
  CastThresholds t;
  t.format = f;
  t.min_subnormal_exp = lim.min_subnormal_exp;
  t.flush_max = std::ldexp(1.0, lim.min_subnormal_exp - 1);
  t.max_finite = lim.max_finite;
  // Half an ulp of the largest finite value: its ulp is the spacing in its binade, which is the
  // smallest subnormal times 2^(max_exp - min_normal_exp).
  const double half_ulp = std::ldexp(1.0, lim.min_subnormal_exp + (lim.max_exp - lim.min_normal_exp) - 1);
  switch (f) {
    case kernels::Format::FP32:
      t.overflow_min = std::numeric_limits<double>::infinity();  // finite fp32 values stay finite
      break;
    case kernels::Format::FP8_E4M3:
      // e4m3 (fn): 448 = 1.110b x 2^8 is the largest finite value; 464 lies halfway to the NaN
      // pattern 1.111b x 2^8 and ties to 448 (even mantissa), so only |x| > 464 becomes NaN.
      t.overflow_min = lim.max_finite + half_ulp;
      t.overflow_inclusive = false;
      break;
    default:
      // fp16, bf16, e5m2: the largest finite value has an odd mantissa (all ones), so the
      // halfway point ties up to the next binade, i.e. to inf.
      t.overflow_min = lim.max_finite + half_ulp;
      t.overflow_inclusive = true;
      break;
  }
  return t;
}

namespace {
bool overflows(double v, const CastThresholds& t) {
  return t.overflow_inclusive ? v >= t.overflow_min : v > t.overflow_min;
}
}  // namespace

FormatWhatIf format_whatif(const kernels::TensorStats& s, kernels::Format format, int exponent_shift,
                           std::optional<kernels::Format> stats_target) {
  const CastThresholds t = cast_thresholds(format);
  FormatWhatIf w;
  w.format = format;
  w.numel = s.numel;
  const int nb = static_cast<int>(s.bins.size());
  for (int b = 0; b < nb; ++b) {
    const std::int64_t c = s.bins[static_cast<std::size_t>(b)];
    if (c <= 0) continue;
    w.nonzero_finite += c;
    // The bin's values (times 2^shift): [2^e, 2^(e+1)), open below for the first bin (0, 2^(e+1))
    // and open above for the last [2^e, inf). ldexp is exact (doubles reach 2^-1074).
    const int e = s.lo + b + exponent_shift;
    const bool openLow = b == 0, openHigh = b == nb - 1;
    const double lower = openLow ? 0.0 : std::ldexp(1.0, e);  // exclusive when openLow
    const double upper = openHigh ? std::numeric_limits<double>::infinity() : std::ldexp(1.0, e + 1);  // exclusive
    // Underflow: flushes iff |x| <= flush_max. Every value flushes when upper <= flush_max
    // (all are < upper); none does when lower > flush_max; otherwise the bin straddles it.
    if (upper <= t.flush_max) {
      w.underflow.low += c;
      w.underflow.high += c;
    } else if (!(lower > t.flush_max)) {
      w.underflow.high += c;
      w.underflow_boundary += c;
    }
    // Overflow: every value overflows when the bin's smallest does (lower is a value of the bin
    // unless the bin is open below); none does when every value is below the threshold
    // (all are < upper <= overflow_min); otherwise the bin straddles it.
    if (!openLow && overflows(lower, t)) {
      w.overflow.low += c;
      w.overflow.high += c;
    } else if (!(upper <= t.overflow_min)) {
      w.overflow.high += c;
      w.overflow_boundary += c;
    }
  }
  // What the tensor's extremes settle (amin_nonzero, amax: exact fp32 magnitudes; 0 = none).
  const double scale = std::ldexp(1.0, exponent_shift);
  if (w.nonzero_finite > 0) {
    const double amin = s.amin_nonzero * scale, amax = s.amax * scale;
    if (s.amin_nonzero > 0.0) {
      if (amin > t.flush_max) w.underflow = {0, 0};
      else w.underflow.low = std::max<std::int64_t>(w.underflow.low, 1);
    }
    if (s.amax > 0.0) {
      if (!overflows(amax, t)) w.overflow = {0, 0};
      else w.overflow.low = std::max<std::int64_t>(w.overflow.low, 1);
    }
  }
  // The statistics' own counts against this format, per element (no shift: they are of the
  // values as recorded). above_max is the cast's overflow itself; below_min_subnormal counts
  // |x| < 2^min_subnormal_exp, a superset of what flushes.
  if (stats_target && *stats_target == format && exponent_shift == 0) {
    w.overflow = {s.above_max, s.above_max};
    w.underflow.high = std::min(w.underflow.high, s.below_min_subnormal);
    w.underflow.low = std::min(w.underflow.low, w.underflow.high);
  }
  return w;
}

}  // namespace ampscope
