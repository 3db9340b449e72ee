#include "narrator.h"

#include <ampscope/scale_policy.h>

namespace ampscope::ui {

QString number(double v) { return QString::fromStdString(format_number(v)); }

void Narrator::reset(std::vector<LayerInfo> layers, bool scalerInUse) {
  m_layers = std::move(layers);
  m_scalerInUse = scalerInUse;
  m_inNonFiniteRun = false;
}

QString Narrator::layerName(int index) const {
  if (index < 0 || index >= static_cast<int>(m_layers.size())) return QStringLiteral("a layer");
  return QString::fromStdString(m_layers[static_cast<std::size_t>(index)].name);
}

QString Narrator::nonFiniteWords(const kernels::TensorStats* s) {
  if (!s) return QStringLiteral("non-finite gradients");
  const std::int64_t inf = s->pos_inf + s->neg_inf;
  QStringList parts;
  if (s->nan > 0) parts << QStringLiteral("%1 NaN").arg(s->nan);
  if (inf > 0) parts << QStringLiteral("%1 inf").arg(inf);
  if (parts.isEmpty()) return QStringLiteral("non-finite gradients");
  const bool one = s->nonfinite() == 1;
  return parts.join(QStringLiteral(" and ")) + (one ? QStringLiteral(" gradient") : QStringLiteral(" gradients"));
}

QString Narrator::offenderClause(const StepRecord& r) const {
  if (r.first_offender < 0) return QStringLiteral("non-finite gradients appeared");
  const kernels::TensorStats* stats = nullptr;
  for (const auto& l : r.layers)
    if (l.layer == r.first_offender) stats = &l.stats;
  return QStringLiteral("%1 produced %2").arg(layerName(r.first_offender), nonFiniteWords(stats));
}

std::optional<NarratedEvent> Narrator::narrate(const StepRecord& r) {
  using Sev = NarratedEvent::Severity;
  const QString at = QStringLiteral("step %1: ").arg(r.step);
  const QString before = number(r.scale_before), after = number(r.scale_after);
  if (!m_scalerInUse) {
    if (r.found_inf && !m_inNonFiniteRun) {
      m_inNonFiniteRun = true;
      return NarratedEvent{r.step, Sev::Bad,
                           at + offenderClause(r) +
                               QStringLiteral(" and no scaler is checking: the optimizer applied them")};
    }
    if (!r.found_inf && m_inNonFiniteRun) {
      m_inNonFiniteRun = false;
      return NarratedEvent{r.step, Sev::Info, at + QStringLiteral("gradients are finite again")};
    }
    return std::nullopt;
  }
  switch (r.reason) {
    case ScaleChangeReason::Backoff:
      return NarratedEvent{r.step, Sev::Bad,
                           at + offenderClause(r) + QStringLiteral(", step skipped, scale %1 \u2192 %2").arg(before, after)};
    case ScaleChangeReason::Hysteresis:
      return NarratedEvent{r.step, Sev::Warning,
                           at + offenderClause(r) +
                               QStringLiteral(", step skipped, scale kept at %1 (hysteresis: %2 more overflow(s) before a backoff)")
                                   .arg(after)
                                   .arg(r.hysteresis_tracker)};
    case ScaleChangeReason::ClampedMin:
      return NarratedEvent{r.step, Sev::Bad,
                           at + offenderClause(r) +
                               QStringLiteral(", step skipped, scale %1 \u2192 %2 (held at min scale)").arg(before, after)};
    case ScaleChangeReason::Grow:
      return NarratedEvent{r.step, Sev::Good,
                           at + QStringLiteral("%1 clean steps, scale %2 \u2192 %3").arg(m_growthInterval).arg(before, after)};
    case ScaleChangeReason::ClampedMax:
      return NarratedEvent{r.step, Sev::Info,
                           at + QStringLiteral("%1 clean steps, growth capped at max scale: %2 \u2192 %3")
                                    .arg(m_growthInterval)
                                    .arg(before, after)};
    case ScaleChangeReason::GrowthRefused:
      return NarratedEvent{r.step, Sev::Warning,
                           at + QStringLiteral("growth refused: %1 \u00d7 growth factor would overflow fp32, scale kept").arg(before)};
    case ScaleChangeReason::SetByUser:
      return NarratedEvent{r.step, Sev::Info, at + QStringLiteral("scale set by the user: %1 \u2192 %2").arg(before, after)};
    case ScaleChangeReason::Unchanged:
      if (r.skipped)
        return NarratedEvent{r.step, Sev::Bad,
                             at + offenderClause(r) + QStringLiteral(", step skipped, scale kept at %1").arg(after)};
      return std::nullopt;
  }
  return std::nullopt;
}

NarratedEvent Narrator::narrate(const SessionEvent& e) {
  using Sev = NarratedEvent::Severity;
  NarratedEvent n;
  n.step = e.step;
  n.text = QStringLiteral("step %1: %2").arg(e.step).arg(QString::fromStdString(e.message));
  switch (e.kind) {
    case SessionEvent::Kind::Error: n.severity = Sev::Bad; break;
    case SessionEvent::Kind::Warning: n.severity = Sev::Warning; break;
    default: n.severity = Sev::Info; break;
  }
  return n;
}

}  // namespace ampscope::ui
