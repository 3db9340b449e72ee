#include "ampscope/grad_scaler_state.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace ampscope {

namespace {
constexpr const char* kFormatTag = "ampscope-gradscaler-state";
constexpr int kFormatVersion = 1;

using json = nlohmann::json;

[[noreturn]] void bad(const std::string& what) {
  throw std::invalid_argument("Invalid GradScaler state: " + what);
}

const json& field(const json& j, const char* name) {
  auto it = j.find(name);
  if (it == j.end()) bad(std::string("missing field \"") + name + "\"");
  return *it;
}

double number(const json& j, const char* name) {
  const json& v = field(j, name);
  if (!v.is_number()) bad(std::string("field \"") + name + "\" must be a number");
  return v.get<double>();
}

std::int64_t integer(const json& j, const char* name) {
  const json& v = field(j, name);
  if (!v.is_number_integer()) bad(std::string("field \"") + name + "\" must be an integer");
  return v.get<std::int64_t>();
}

bool boolean(const json& j, const char* name, bool def) {
  auto it = j.find(name);
  if (it == j.end()) return def;
  if (!it->is_boolean()) bad(std::string("field \"") + name + "\" must be true or false");
  return it->get<bool>();
}
}  // namespace

std::string GradScalerState::to_json() const {
  json j;
  j["format"] = kFormatTag;
  j["version"] = kFormatVersion;
  j["empty"] = empty;
  if (!empty) {
    j["scale"] = scale;
    j["growth_factor"] = growth_factor;
    j["backoff_factor"] = backoff_factor;
    j["growth_interval"] = growth_interval;
    j["_growth_tracker"] = growth_tracker;
    j["hysteresis"] = hysteresis;
    j["hysteresis_tracker"] = hysteresis_tracker;
    j["consecutive_hysteresis"] = consecutive_hysteresis;
    j["min_scale"] = min_scale;
    // JSON has no infinity: "no cap" is written as null.
    j["max_scale"] = std::isinf(max_scale) ? json(nullptr) : json(max_scale);
    j["static_scale"] = static_scale;
  }
  return j.dump(2) + "\n";
}

GradScalerState GradScalerState::from_json(const std::string& text) {
  json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) bad("not valid JSON");
  if (!j.is_object()) bad("expected a JSON object");
  const json& tag = field(j, "format");
  if (!tag.is_string() || tag.get<std::string>() != kFormatTag)
    bad(std::string("not an AmpScope GradScaler state (\"format\" must be \"") + kFormatTag + "\")");
  const std::int64_t version = integer(j, "version");
  if (version != kFormatVersion)
    bad("unsupported version " + std::to_string(version) + " (this build reads version " +
        std::to_string(kFormatVersion) + ")");
  GradScalerState s;
  s.empty = boolean(j, "empty", false);
  if (s.empty) return s;
  s.scale = number(j, "scale");
  s.growth_factor = number(j, "growth_factor");
  s.backoff_factor = number(j, "backoff_factor");
  s.growth_interval = integer(j, "growth_interval");
  s.growth_tracker = integer(j, "_growth_tracker");
  s.hysteresis = j.contains("hysteresis") ? integer(j, "hysteresis") : 1;
  s.hysteresis_tracker = j.contains("hysteresis_tracker") ? integer(j, "hysteresis_tracker") : s.hysteresis;
  s.consecutive_hysteresis = boolean(j, "consecutive_hysteresis", false);
  s.min_scale = j.contains("min_scale") ? number(j, "min_scale") : 0.0;
  if (j.contains("max_scale") && !j["max_scale"].is_null())
    s.max_scale = number(j, "max_scale");
  s.static_scale = boolean(j, "static_scale", false);
  return s;
}

GradScalerOptions GradScalerState::checked_options(GradScalerOptions o) const {
  if (empty) bad("the state is empty (saved from a disabled GradScaler)");
  o.growth_factor(growth_factor)
      .backoff_factor(backoff_factor)
      .growth_interval(growth_interval)
      .hysteresis(hysteresis)
      .consecutive_hysteresis(consecutive_hysteresis)
      .min_scale(min_scale)
      .max_scale(max_scale)
      .static_scale(static_scale);
  // Check the options with a placeholder init_scale inside [min_scale, max_scale]; the saved
  // scale is checked on its own, since it may legitimately be 0 (the absorbing state of an
  // unfloored overflow storm).
  o.init_scale(min_scale > 0.0 ? min_scale : std::min(1.0, max_scale));
  o.validate();
  if (!std::isfinite(scale) || scale < 0.0 || !std::isfinite(static_cast<float>(scale)) || scale < min_scale ||
      scale > max_scale) {
    bad("scale = " + format_number(scale) + " must be finite, fit fp32 and lie within [min_scale, max_scale] = [" +
        format_number(min_scale) + ", " + format_number(max_scale) + "]");
  }
  if (growth_tracker < 0 || growth_tracker >= growth_interval)
    bad("growth_tracker = " + std::to_string(growth_tracker) + " must lie in [0, growth_interval)");
  if (hysteresis_tracker < 0 || hysteresis_tracker > hysteresis)
    bad("hysteresis_tracker = " + std::to_string(hysteresis_tracker) + " must lie in [0, hysteresis]");
  if (scale > 0.0) o.init_scale(scale);
  return o;
}

}  // namespace ampscope
