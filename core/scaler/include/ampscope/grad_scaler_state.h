// GradScaler state as a plain value (PyTorch's state_dict plus AmpScope's policy fields).
// Torch-free. Text (de)serialisation with strict validation: a corrupt file is an error,
// never a half-loaded scaler.
#pragma once

#include <ampscope/scale_policy.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace ampscope {

struct GradScalerState {
  /// PyTorch's state_dict is empty for a disabled scaler; load_state_dict refuses that.
  bool empty = true;
  // PyTorch's five entries.
  double scale = 65536.0;
  double growth_factor = 2.0;
  double backoff_factor = 0.5;
  std::int64_t growth_interval = 2000;
  std::int64_t growth_tracker = 0;
  // AmpScope's policy extensions (defaults = PyTorch behaviour).
  std::int64_t hysteresis = 1;
  std::int64_t hysteresis_tracker = 1;
  bool consecutive_hysteresis = false;
  double min_scale = 0.0;
  double max_scale = std::numeric_limits<double>::infinity();
  bool static_scale = false;

  /// JSON text, one object; doubles written so that they read back bit-exactly.
  std::string to_json() const;
  /// Parses to_json()'s output. Throws std::invalid_argument naming the problem (not JSON,
  /// wrong format tag, missing or mistyped field, out-of-range value).
  static GradScalerState from_json(const std::string& text);
  /// Everything GradScaler::load_state_dict checks, without a scaler (torch-free, so that the
  /// fuzz target runs it): the state's options applied over `base` must validate, and the saved
  /// scale and trackers must be consistent with them. Returns the options a scaler loading this
  /// state runs with. Throws std::invalid_argument naming the value (also for an empty state).
  GradScalerOptions checked_options(GradScalerOptions base) const;
  bool operator==(const GradScalerState& o) const {
    return empty == o.empty && scale == o.scale && growth_factor == o.growth_factor &&
           backoff_factor == o.backoff_factor && growth_interval == o.growth_interval &&
           growth_tracker == o.growth_tracker && hysteresis == o.hysteresis &&
           hysteresis_tracker == o.hysteresis_tracker && consecutive_hysteresis == o.consecutive_hysteresis &&
           min_scale == o.min_scale && max_scale == o.max_scale && static_scale == o.static_scale;
  }
  bool operator!=(const GradScalerState& o) const { return !(*this == o); }
};

}  // namespace ampscope
