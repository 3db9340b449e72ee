// The loss-scale update rule as a pure function of (options, state, found_inf).
//
// Torch-free on purpose: the UI and the run store see the same types without LibTorch headers.
// With default options every number equals PyTorch's torch.amp.GradScaler (see
// docs/gradscaler.md); the extensions (hysteresis, min/max clamps, static scale) are off by
// default. C++17, as every public header of AmpScope::scaler.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace ampscope {

/// Why the scale changed (or did not) at one update().
enum class ScaleChangeReason : std::uint8_t {
  Unchanged,       ///< clean step, growth tracker counted up (or static scale)
  Grow,            ///< growth_interval clean steps: scale *= growth_factor
  Backoff,         ///< non-finite gradients: scale *= backoff_factor
  GrowthRefused,   ///< growth would have reached inf in fp32: scale kept, tracker reset
  Hysteresis,      ///< non-finite gradients absorbed by the hysteresis counter: scale kept
  ClampedMin,      ///< backoff stopped at min_scale
  ClampedMax,      ///< growth stopped at max_scale
  SetByUser,       ///< update(new_scale) or a live edit
};

/// Stable lower-case name ("grow", "backoff", "growth_refused", ...), used in the run store.
std::string_view to_string(ScaleChangeReason r);
/// Inverse of to_string; returns false for an unknown name.
bool parse_reason(std::string_view s, ScaleChangeReason& out);

/// Builder-style options, like LibTorch's optimizer options:
///   GradScalerOptions().init_scale(1024).growth_interval(100).hysteresis(2)
/// Setters do not validate (so that a chain can pass through intermediate states);
/// validate() does, and GradScaler calls it wherever options enter (constructor, setters,
/// load_state_dict), throwing std::invalid_argument with a message naming the value.
class GradScalerOptions {
 public:
#define AMPSCOPE_OPTION(type, name, def)                          \
 public:                                                          \
  GradScalerOptions& name(type v) { m_##name = v; return *this; } \
  type name() const { return m_##name; }                          \
                                                                  \
 private:                                                         \
  type m_##name = def;

  // PyTorch's options and defaults.
  AMPSCOPE_OPTION(double, init_scale, 65536.0)
  AMPSCOPE_OPTION(double, growth_factor, 2.0)
  AMPSCOPE_OPTION(double, backoff_factor, 0.5)
  AMPSCOPE_OPTION(std::int64_t, growth_interval, 2000)
  AMPSCOPE_OPTION(bool, enabled, true)
  // AmpScope's policy extensions (off by default).
  /// Megatron hysteresis: back off only after this many overflows since the last growth.
  /// 1 = back off at every overflow (PyTorch).
  AMPSCOPE_OPTION(std::int64_t, hysteresis, 1)
  /// DeepSpeed/Apex: restore the hysteresis counter on every clean step, not only on growth.
  AMPSCOPE_OPTION(bool, consecutive_hysteresis, false)
  /// Floor applied after backoff (0 = none: the scale can reach 0, as in PyTorch).
  AMPSCOPE_OPTION(double, min_scale, 0.0)
  /// Cap applied after growth (inf = none).
  AMPSCOPE_OPTION(double, max_scale, std::numeric_limits<double>::infinity())
  /// Static loss scale: never grows or backs off, still skips non-finite steps.
  AMPSCOPE_OPTION(bool, static_scale, false)
#undef AMPSCOPE_OPTION
 public:
  /// Throws std::invalid_argument naming the offending option and value.
  void validate() const;
  // Written out (not `= default`): the public headers of AmpScope::scaler are C++17. Every
  // option above must appear here.
  bool operator==(const GradScalerOptions& o) const {
    return m_init_scale == o.m_init_scale && m_growth_factor == o.m_growth_factor &&
           m_backoff_factor == o.m_backoff_factor && m_growth_interval == o.m_growth_interval &&
           m_enabled == o.m_enabled && m_hysteresis == o.m_hysteresis &&
           m_consecutive_hysteresis == o.m_consecutive_hysteresis && m_min_scale == o.m_min_scale &&
           m_max_scale == o.m_max_scale && m_static_scale == o.m_static_scale;
  }
  bool operator!=(const GradScalerOptions& o) const { return !(*this == o); }
};

/// The mutable part of a scaler's state (what the update rule reads and writes).
struct ScalerState {
  float scale = 65536.0f;               ///< fp32, as in PyTorch
  std::int32_t growth_tracker = 0;      ///< clean steps since the last growth/backoff
  std::int32_t hysteresis_tracker = 1;  ///< overflows left before a backoff
  bool operator==(const ScalerState& o) const {
    return scale == o.scale && growth_tracker == o.growth_tracker &&
           hysteresis_tracker == o.hysteresis_tracker;
  }
  bool operator!=(const ScalerState& o) const { return !(*this == o); }
};

/// Result of one update().
struct ScaleUpdate {
  ScalerState after;
  ScaleChangeReason reason = ScaleChangeReason::Unchanged;
};

/// The initial state for options (scale rounded to fp32).
ScalerState initial_state(const GradScalerOptions& o);

/// The update rule (docs/gradscaler.md). Pure: same inputs, same output. Arithmetic as in
/// PyTorch's _amp_update_scale_: scale * factor computed in double, rounded to fp32.
ScaleUpdate apply_update(const GradScalerOptions& o, const ScalerState& s, bool found_inf);

/// The shortest decimal text that reads back as exactly v ("65536", "1e+39", "inf", "nan"):
/// how AmpScope's messages print numbers.
std::string format_number(double v);

/// f32(1 / f64(scale)), as PyTorch computes inv_scale.
float inverse_scale(float scale);

}  // namespace ampscope
