#include "panels/narrator.h"

#include "core_text.h"

#include <ampscope/scale_policy.h>
#include <ampscope/scale_text.h>

#include <algorithm>
#include <limits>

namespace ampscope::ui {

QString number(double v) { return QString::fromStdString(format_number(v)); }
QString scaleText(double v) { return QString::fromStdString(format_scale(v)); }

void Narrator::reset(std::vector<LayerInfo> layers, bool scalerInUse) {
  m_layers = std::move(layers);
  m_scalerInUse = scalerInUse;
  m_inNonFiniteRun = false;
  m_lastScale = -1.0;
}

QString Narrator::layerName(int index) const {
  if (index < 0 || index >= static_cast<int>(m_layers.size())) return tr("a layer");
  return QString::fromStdString(m_layers[static_cast<std::size_t>(index)].name);
}

namespace {
int countArg(std::int64_t n) { return static_cast<int>(std::min<std::int64_t>(n, std::numeric_limits<int>::max())); }
}  // namespace

QString Narrator::nonFiniteWords(const kernels::TensorStats* s) {
  if (!s) return tr("non-finite gradients");
  const std::int64_t inf = s->pos_inf + s->neg_inf;
  if (s->nan > 0 && inf > 0) return tr("%1 NaN and %2 inf gradients").arg(s->nan).arg(inf);
  if (s->nan > 0) return tr("%n NaN gradients", nullptr, countArg(s->nan));
  if (inf > 0) return tr("%n inf gradients", nullptr, countArg(inf));
  return tr("non-finite gradients");
}

QString Narrator::offenderClause(const StepRecord& r) const {
  if (r.first_offender < 0) return tr("non-finite gradients appeared");
  const kernels::TensorStats* stats = nullptr;
  for (const auto& l : r.layers)
    if (l.layer == r.first_offender) stats = &l.stats;
  return tr("%1 produced %2").arg(layerName(r.first_offender), nonFiniteWords(stats));
}

QString reasonText(ScaleChangeReason reason) {
  switch (reason) {
    case ScaleChangeReason::Unchanged: return Narrator::tr("unchanged");
    case ScaleChangeReason::Grow: return Narrator::tr("growth");
    case ScaleChangeReason::Backoff: return Narrator::tr("backoff");
    case ScaleChangeReason::GrowthRefused: return Narrator::tr("growth refused");
    case ScaleChangeReason::Hysteresis: return Narrator::tr("hysteresis");
    case ScaleChangeReason::ClampedMin: return Narrator::tr("clamped at min scale");
    case ScaleChangeReason::ClampedMax: return Narrator::tr("clamped at max scale");
    case ScaleChangeReason::SetByUser: return Narrator::tr("set by user");
  }
  return QString::fromUtf8(std::string(to_string(reason)).c_str());
}

std::optional<NarratedEvent> Narrator::narrate(const StepRecord& r) {
  using Sev = NarratedEvent::Severity;
  const QString at = QString::number(r.step);
  const QString before = scaleText(r.scale_before), after = scaleText(r.scale_after);
  const double previous = m_lastScale;
  m_lastScale = r.scale_after;
  if (!m_scalerInUse) {
    if (r.found_inf && !m_inNonFiniteRun) {
      m_inNonFiniteRun = true;
      return NarratedEvent{r.step, Sev::Bad,
                           tr("step %1: %2 and no scaler is checking: the optimizer applied them").arg(at, offenderClause(r))};
    }
    if (!r.found_inf && m_inNonFiniteRun) {
      m_inNonFiniteRun = false;
      return NarratedEvent{r.step, Sev::Info, tr("step %1: gradients are finite again").arg(at)};
    }
    return std::nullopt;
  }
  const int interval = countArg(m_growthInterval);
  switch (r.reason) {
    case ScaleChangeReason::Backoff:
      return NarratedEvent{r.step, Sev::Bad,
                           tr("step %1: %2, step skipped, scale %3 \u2192 %4").arg(at, offenderClause(r), before, after)};
    case ScaleChangeReason::Hysteresis:
      return NarratedEvent{
          r.step, Sev::Warning,
          tr("step %1: %2, step skipped, scale kept at %3 (hysteresis: %n more overflows before a backoff)", nullptr,
             countArg(r.hysteresis_tracker))
              .arg(at, offenderClause(r), after)};
    case ScaleChangeReason::ClampedMin:
      return NarratedEvent{r.step, Sev::Bad,
                           tr("step %1: %2, step skipped, scale %3 \u2192 %4 (held at min scale)")
                               .arg(at, offenderClause(r), before, after)};
    case ScaleChangeReason::Grow:
      return NarratedEvent{r.step, Sev::Good,
                           tr("step %1: %n clean steps, scale %2 \u2192 %3", nullptr, interval).arg(at, before, after)};
    case ScaleChangeReason::ClampedMax:
      return NarratedEvent{r.step, Sev::Info,
                           tr("step %1: %n clean steps, growth capped at max scale: %2 \u2192 %3", nullptr, interval)
                               .arg(at, before, after)};
    case ScaleChangeReason::GrowthRefused:
      return NarratedEvent{r.step, Sev::Warning,
                           tr("step %1: growth refused: %2 \u00d7 growth factor would overflow fp32, scale kept").arg(at, before)};
    case ScaleChangeReason::SetByUser:
      return NarratedEvent{r.step, Sev::Info,
                           tr("step %1: scale set by the user: %2 \u2192 %3")
                               .arg(at, previous >= 0 ? scaleText(previous) : before, before)};
    case ScaleChangeReason::Unchanged:
      if (r.skipped)
        return NarratedEvent{r.step, Sev::Bad,
                             tr("step %1: %2, step skipped, scale kept at %3").arg(at, offenderClause(r), after)};
      return std::nullopt;
  }
  return std::nullopt;
}

NarratedEvent Narrator::narrate(const SessionEvent& e) {
  using Sev = NarratedEvent::Severity;
  NarratedEvent n;
  n.step = e.step;
  // The session's words come as a template the catalogues translate (the core has no Qt).
  const QString what = e.text.empty() ? QString::fromStdString(e.message) : i18n::translate(e.text);
  n.text = tr("step %1: %2").arg(QString::number(e.step), what);
  switch (e.kind) {
    case SessionEvent::Kind::Error: n.severity = Sev::Bad; break;
    case SessionEvent::Kind::Warning: n.severity = Sev::Warning; break;
    default: n.severity = Sev::Info; break;
  }
  return n;
}

}  // namespace ampscope::ui
