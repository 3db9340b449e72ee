// The loss scale over optimizer steps on a log2 axis, drawn as a step function: the scale a
// step ran with holds until the next step. Skipped steps (red, downwards) and growths (green,
// upwards) are marked; hovering shows the step, scale before -> after, reason, growth tracker.
#pragma once

#include "chart_base.h"

namespace ampscope::ui {

class ScalePlot : public ChartBase {
  Q_OBJECT
 public:
  explicit ScalePlot(QWidget* parent = nullptr);
  void applyTheme(const PlotTheme& theme) override;
  void rebuild() override;
  void appendSteps(qint64 firstStep, qint64 lastStep) override;
  void setShownStep(qint64 step) override;
  void fitRange() override;
  void setLayerNames(QStringList names) { m_layerNames = std::move(names); }
  /// Says so in the subtitle when the run has no loss scaling (the scale is then 1).
  void setScalerInUse(bool on);

  /// The text the hover tooltip shows for `step` (empty when there is no such step).
  QString describeStep(qint64 step) const;

 private:
  void showHover(QMouseEvent* e);
  QCPGraph* m_scale = nullptr;
  QCPGraph* m_skipped = nullptr;
  QCPGraph* m_grown = nullptr;
  QCPItemStraightLine* m_cursor = nullptr;
  QStringList m_layerNames;
  std::size_t m_consumed = 0;
  double m_lo = 0, m_hi = 0;  // log2 range seen
};

}  // namespace ampscope::ui
