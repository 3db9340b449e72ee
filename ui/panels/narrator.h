// Turns step records into sentences a person reads: what the scaler decided and why
// ("step 412: fc3.weight produced 37 inf gradients, step skipped, scale 2^16 -> 2^15").
// Pure logic, no widgets, so that the wording is testable.
#pragma once

#include <ampscope/session_types.h>

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace ampscope::ui {

struct NarratedEvent {
  enum class Severity { Info, Good, Warning, Bad };
  std::int64_t step = 0;
  Severity severity = Severity::Info;
  QString text;
};

class Narrator {
  Q_DECLARE_TR_FUNCTIONS(Narrator)

 public:
  void reset(std::vector<LayerInfo> layers, bool scalerInUse);
  /// The growth interval in force (from the scaler options), for "2000 clean steps".
  void setGrowthInterval(std::int64_t interval) { m_growthInterval = interval; }
  void setScalerInUse(bool on) { m_scalerInUse = on; }

  /// A sentence for this step when something worth telling happened, else nothing.
  std::optional<NarratedEvent> narrate(const StepRecord& r);
  /// A sentence for a session event (started, paused, error...).
  static NarratedEvent narrate(const SessionEvent& e);

  /// "37 inf gradients", "3 NaN and 37 inf gradients", "non-finite gradients".
  static QString nonFiniteWords(const kernels::TensorStats* s);
  QString layerName(int index) const;

 private:
  QString offenderClause(const StepRecord& r) const;
  std::vector<LayerInfo> m_layers;
  double m_lastScale = -1.0;  // scale_after of the previous record (-1: none yet)
  bool m_scalerInUse = true;
  std::int64_t m_growthInterval = 2000;
  bool m_inNonFiniteRun = false;  // without a scaler: narrate the start and end of a run only
};

/// Why the scale changed, in words ("backoff", "growth", ...), translated.
QString reasonText(ScaleChangeReason reason);

/// "65536", "0.5", "1e-05": numbers as AmpScope prints them (format_number), as a QString.
QString number(double v);
/// A loss scale as a person reads it (format_scale): "2^16", "2^-24", "45875.2", "0", "inf".
QString scaleText(double v);

}  // namespace ampscope::ui
