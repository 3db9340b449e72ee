// The allowed range of every numeric session option, written once. SessionConfig::validate()
// (and so every session, preset and stored config), the live commands, the command line's
// converters and help, and the GUI's spin boxes and sliders all read this table; nothing else
// spells a bound. tests/app/test_option_limits.cpp holds the CLI, the session and a preset to
// the same values at and beyond every limit.
//
// The GradScaler library keeps its own rules (scale_policy.cpp, PyTorch's checks and the
// scaler's invariants): the scaler rows here lie inside them, so whatever this table admits
// the scaler accepts, with one rule the table does not repeat: init_scale must also be
// representable in fp32 (not below ~1.4e-45). min_scale <= init_scale <= max_scale, a relation
// between options, stays the scaler's too.
//
// Torch-free and Qt-free; header-only (the fuzz targets build the CLI parser without core's
// library).
#pragma once

#include <ampscope/kernels/grad_stats.h>
#include <ampscope/scale_policy.h>  // format_number

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace ampscope {

/// A real-valued option's range: [lo, hi], either end open. NaN is never in it; +-inf only as
/// a closed infinite end (max_scale's "inf = no cap").
struct RealLimit {
  std::string_view name;  ///< the command-line option, without "--": "clip-norm"
  double lo, hi;
  bool lo_open = false, hi_open = false;
  /// The span the GUI's control offers (in the option's unit). It may reach one step past a
  /// bound where the panel shows the refusal on purpose (the scaler sliders' growth 1.00 and
  /// backoff 1.00: the scaler's message teaches the rule).
  double control_lo, control_hi;

  constexpr bool contains(double v) const {
    if (v != v) return false;  // NaN
    return (lo_open ? v > lo : v >= lo) && (hi_open ? v < hi : v <= hi);
  }
  /// The range as messages quote it: "(0, 10]", "[0, 1e+30]", "(0, inf]".
  std::string range_text() const {
    return std::string(lo_open ? "(" : "[") + format_number(lo) + ", " + format_number(hi) +
           (hi_open ? ")" : "]");
  }
};

/// An integer option's range [lo, hi].
struct IntLimit {
  std::string_view name;
  std::int64_t lo, hi;
  std::int64_t control_lo, control_hi;  ///< the span the GUI's control offers

  constexpr bool contains(std::int64_t v) const { return v >= lo && v <= hi; }
  /// A double holding an integer in range (live commands carry numbers as doubles).
  constexpr bool contains_real(double v) const {
    return v >= static_cast<double>(lo) && v <= static_cast<double>(hi) &&
           static_cast<double>(static_cast<std::int64_t>(v)) == v;
  }
  std::string range_text() const { return "[" + std::to_string(lo) + ", " + std::to_string(hi) + "]"; }
};

namespace limits {
inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline constexpr std::int64_t kI64Max = std::numeric_limits<std::int64_t>::max();
inline constexpr std::int64_t kI32Max = std::numeric_limits<std::int32_t>::max();
/// The largest scale the options take: just under fp32's largest finite value (~3.40282e38).
inline constexpr double kMaxScale = 3.4e38;

// --- training --------------------------------------------------------------------------------
inline constexpr RealLimit lr{"lr", 0.0, 10.0, true, false, 1e-6, 10.0};
inline constexpr RealLimit momentum{"momentum", 0.0, 1.0, false, true, 0.0, 0.999};
inline constexpr RealLimit weight_decay{"weight-decay", 0.0, 1.0, false, false, 0.0, 1.0};
inline constexpr IntLimit batch_size{"batch-size", 1, 65536, 1, 8192};
/// 0 = until stopped (the session); a recording needs an end: the CLI's --steps starts at 1.
inline constexpr IntLimit steps{"steps", 0, std::int64_t(1) << 62, 0, std::int64_t(1) << 62};
inline constexpr RealLimit clip_norm{"clip-norm", 0.0, 1e30, false, false, 0.0, 1e6};  ///< 0 = off
inline constexpr IntLimit accumulation{"accumulate", 1, 1024, 1, 1024};
inline constexpr RealLimit speed_limit{"speed-limit", 0.0, kInf, false,
                                       true,          0.0, 300.0};  ///< steps/s, 0 = none

// --- the scaler (inside GradScalerOptions::validate()'s rules) --------------------------------
/// The GUI's slider spans 2^0 .. 2^40 (the overflow-storm preset starts at 2^40).
inline constexpr RealLimit init_scale{"init-scale", 0.0, kMaxScale, true, false, 1.0, 1099511627776.0};
inline constexpr RealLimit growth_factor{"growth-factor", 1.0, 1e6, true, false, 1.0, 4.0};
inline constexpr RealLimit backoff_factor{"backoff-factor", 0.0, 1.0, true, true, 0.01, 1.0};
inline constexpr IntLimit growth_interval{"growth-interval", 1, kI32Max, 1, 10000};
inline constexpr IntLimit hysteresis{"hysteresis", 1, kI32Max, 1, 32};
inline constexpr RealLimit min_scale{"min-scale", 0.0, kMaxScale, false,
                                     false,       0.0, 16777216.0};  ///< 0 = no floor
inline constexpr RealLimit max_scale{"max-scale", 0.0,   kInf,           true,
                                     false,       256.0, 1099511627776.0};  ///< inf = no cap

// --- instrumentation -----------------------------------------------------------------------
inline constexpr IntLimit stats_every{"stats-every", 0, kI64Max, 0, kI64Max};          ///< 0 = never
inline constexpr IntLimit reference_every{"reference-every", 0, kI64Max, 0, kI64Max};  ///< 0 = off
/// Histogram exponents: lo in [min, max - 1], hi in [lo + 1, max].
inline constexpr IntLimit hist_exponent{"hist-range", kernels::kRawMinExp, kernels::kRawMaxExp,
                                        kernels::kRawMinExp, kernels::kRawMaxExp};
inline constexpr IntLimit fault_step{"inject", 0, kI64Max, 0, kI64Max};
}  // namespace limits

/// Throws UserInvalidArgument "--NAME VALUE: must be in RANGE" for the first scaler option
/// outside its row (SessionConfig::validate() calls it after the scaler's own checks).
void check_scaler_limits(const GradScalerOptions& o);

}  // namespace ampscope
