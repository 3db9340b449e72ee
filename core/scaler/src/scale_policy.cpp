#include "ampscope/scale_policy.h"

#include <charconv>
#include <cmath>
#include <stdexcept>

#include "ampscope/user_text.h"

namespace ampscope {

namespace {
constexpr struct {
  ScaleChangeReason reason;
  std::string_view name;
} kReasonNames[] = {
    {ScaleChangeReason::Unchanged, "unchanged"},
    {ScaleChangeReason::Grow, "grow"},
    {ScaleChangeReason::Backoff, "backoff"},
    {ScaleChangeReason::GrowthRefused, "growth_refused"},
    {ScaleChangeReason::Hysteresis, "hysteresis"},
    {ScaleChangeReason::ClampedMin, "clamped_min"},
    {ScaleChangeReason::ClampedMax, "clamped_max"},
    {ScaleChangeReason::SetByUser, "set_by_user"},
};

/// "GradScaler option <option> = <value> is invalid: <rule>", the rule translatable.
[[noreturn]] void reject(const char* option, double value, TextTemplate rule) {
  throw UserInvalidArgument({AMPSCOPE_TR_NOOP("ampscope::GradScalerOptions", "GradScaler option %1 = %2 is invalid: %3"),
                             {option, format_number(value), UserText(rule)}});
}

}  // namespace

std::string format_number(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, v);  // shortest text that reads back exactly
  return std::string(buf, res.ptr);
}

std::string_view to_string(ScaleChangeReason r) {
  for (const auto& e : kReasonNames)
    if (e.reason == r) return e.name;
  return "unknown";
}

bool parse_reason(std::string_view s, ScaleChangeReason& out) {
  for (const auto& e : kReasonNames) {
    if (e.name == s) {
      out = e.reason;
      return true;
    }
  }
  return false;
}

void GradScalerOptions::validate() const {
  // PyTorch's own two checks, with PyTorch's messages (it raises AssertionError).
  if (!(m_growth_factor > 1.0)) throw UserInvalidArgument(UserText(AMPSCOPE_TR_NOOP("ampscope::GradScalerOptions", "The growth factor must be > 1.0.")));
  if (!(m_backoff_factor < 1.0)) throw UserInvalidArgument(UserText(AMPSCOPE_TR_NOOP("ampscope::GradScalerOptions", "The backoff factor must be < 1.0.")));
  // AmpScope's additional checks: nothing a constructor would refuse may enter any other way.
  if (!std::isfinite(m_growth_factor))
    reject("growth_factor", m_growth_factor, AMPSCOPE_TR_NOOP("ampscope::GradScalerOptions", "it must be finite"));
  if (!(m_backoff_factor > 0.0))
    reject("backoff_factor", m_backoff_factor, AMPSCOPE_TR_NOOP("ampscope::GradScalerOptions", "it must be > 0 (0 would zero the scale at the first overflow)"));
  if (!std::isfinite(m_init_scale) || !(m_init_scale > 0.0))
    reject("init_scale", m_init_scale, AMPSCOPE_TR_NOOP("ampscope::GradScalerOptions", "it must be finite and > 0"));
  if (!std::isfinite(static_cast<float>(m_init_scale)) || static_cast<float>(m_init_scale) == 0.0f)
    reject("init_scale", m_init_scale, AMPSCOPE_TR_NOOP("ampscope::GradScalerOptions", "it must be representable in fp32 (between ~1.4e-45 and ~3.4e38)"));
  if (m_growth_interval < 1)
    reject("growth_interval", static_cast<double>(m_growth_interval), AMPSCOPE_TR_NOOP("ampscope::GradScalerOptions", "it must be >= 1"));
  if (m_growth_interval > std::numeric_limits<std::int32_t>::max())
    reject("growth_interval", static_cast<double>(m_growth_interval), AMPSCOPE_TR_NOOP("ampscope::GradScalerOptions", "it must fit the int32 growth tracker"));
  if (m_hysteresis < 1 || m_hysteresis > std::numeric_limits<std::int32_t>::max())
    reject("hysteresis", static_cast<double>(m_hysteresis), AMPSCOPE_TR_NOOP("ampscope::GradScalerOptions", "it must be >= 1 (1 = back off at every overflow)"));
  if (std::isnan(m_min_scale) || m_min_scale < 0.0 || std::isinf(m_min_scale))
    reject("min_scale", m_min_scale, AMPSCOPE_TR_NOOP("ampscope::GradScalerOptions", "it must be finite and >= 0 (0 = no floor)"));
  if (std::isnan(m_max_scale) || !(m_max_scale > 0.0))
    reject("max_scale", m_max_scale, AMPSCOPE_TR_NOOP("ampscope::GradScalerOptions", "it must be > 0 (inf = no cap)"));
  if (m_min_scale > m_max_scale) {
    throw UserInvalidArgument(
        {AMPSCOPE_TR_NOOP("ampscope::GradScalerOptions",
                          "GradScaler options min_scale = %1 and max_scale = %2 are invalid: min_scale must not exceed max_scale"),
         {format_number(m_min_scale), format_number(m_max_scale)}});
  }
  if (m_init_scale < m_min_scale || m_init_scale > m_max_scale) {
    throw UserInvalidArgument({AMPSCOPE_TR_NOOP("ampscope::GradScalerOptions",
                                                "GradScaler option init_scale = %1 is invalid: it must lie within "
                                                "[min_scale, max_scale] = [%2, %3]"),
                               {format_number(m_init_scale), format_number(m_min_scale), format_number(m_max_scale)}});
  }
}

ScalerState initial_state(const GradScalerOptions& o) {
  ScalerState s;
  s.scale = static_cast<float>(o.init_scale());
  s.growth_tracker = 0;
  s.hysteresis_tracker = static_cast<std::int32_t>(o.hysteresis());
  return s;
}

ScaleUpdate apply_update(const GradScalerOptions& o, const ScalerState& s, bool found_inf) {
  ScaleUpdate u;
  u.after = s;
  if (o.static_scale()) {
    // Static scaling: the skip decision is the step's, the scale never moves.
    u.after.growth_tracker = 0;
    return u;
  }
  if (found_inf) {
    u.after.growth_tracker = 0;
    u.after.hysteresis_tracker = s.hysteresis_tracker - 1;
    if (u.after.hysteresis_tracker > 0) {
      u.reason = ScaleChangeReason::Hysteresis;
      return u;
    }
    // Keep the counter at 0 (not negative) so that every further overflow backs off until a
    // growth restores it (Megatron semantics).
    u.after.hysteresis_tracker = 0;
    const float backed = static_cast<float>(static_cast<double>(s.scale) * o.backoff_factor());
    if (static_cast<double>(backed) < o.min_scale()) {
      u.after.scale = static_cast<float>(o.min_scale());
      u.reason = ScaleChangeReason::ClampedMin;
    } else {
      u.after.scale = backed;
      u.reason = ScaleChangeReason::Backoff;
    }
    return u;
  }
  if (o.consecutive_hysteresis()) u.after.hysteresis_tracker = static_cast<std::int32_t>(o.hysteresis());
  const std::int64_t t = static_cast<std::int64_t>(s.growth_tracker) + 1;
  if (t != o.growth_interval()) {
    u.after.growth_tracker = static_cast<std::int32_t>(t);
    return u;
  }
  u.after.growth_tracker = 0;  // reset even when the growth is refused
  const float candidate = static_cast<float>(static_cast<double>(s.scale) * o.growth_factor());
  if (!std::isfinite(candidate)) {
    u.reason = ScaleChangeReason::GrowthRefused;
    return u;
  }
  u.after.hysteresis_tracker = static_cast<std::int32_t>(o.hysteresis());
  if (static_cast<double>(candidate) > o.max_scale()) {
    // Never shrink on a clean step: a scale already above the cap (a user set it) stays.
    u.after.scale = std::max(s.scale, static_cast<float>(o.max_scale()));
    u.reason = ScaleChangeReason::ClampedMax;
  } else {
    u.after.scale = candidate;
    u.reason = ScaleChangeReason::Grow;
  }
  return u;
}

float inverse_scale(float scale) { return static_cast<float>(1.0 / static_cast<double>(scale)); }

}  // namespace ampscope
