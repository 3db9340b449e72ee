#include "fuzz_entries.h"

#include <ampscope/grad_scaler_state.h>

#include <cmath>
#include <stdexcept>

namespace ampscope::fuzz {

Outcome scaler_state(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const GradScalerState s = GradScalerState::from_json(text);
    if (s.empty) return rejected("empty state (GradScaler::load_state_dict refuses it)");
    const GradScalerOptions o = s.checked_options(GradScalerOptions());
    // What the scaler is then set to must be usable: an fp32 scale and int32 trackers.
    if (!std::isfinite(static_cast<float>(s.scale)) || s.growth_tracker < 0 ||
        s.growth_tracker >= o.growth_interval() || s.hysteresis_tracker < 0 || s.hysteresis_tracker > o.hysteresis())
      std::abort();
    // A state that was accepted writes and reads back to itself.
    if (GradScalerState::from_json(s.to_json()) != s) std::abort();
    return {true, {}};
  } catch (const std::invalid_argument& e) {
    return rejected(e.what());
  }
}

}  // namespace ampscope::fuzz
