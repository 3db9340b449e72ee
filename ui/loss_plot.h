// Training loss over optimizer steps (log axis), skipped steps marked where they happened.
#pragma once

#include "chart_base.h"

namespace ampscope::ui {

class LossPlot : public ChartBase {
  Q_OBJECT
 public:
  explicit LossPlot(QWidget* parent = nullptr);
  void applyTheme(const PlotTheme& theme) override;
  void rebuild() override;
  void appendSteps(qint64 firstStep, qint64 lastStep) override;
  void setShownStep(qint64 step) override;
  void fitRange() override;

 private:
  QCPGraph* m_loss = nullptr;
  QCPGraph* m_skipped = nullptr;
  QCPItemStraightLine* m_cursor = nullptr;
  std::size_t m_consumed = 0;  // points of the history already in the graphs
  double m_lossMin = 0, m_lossMax = 0, m_lastFinite = 0;
};

}  // namespace ampscope::ui
