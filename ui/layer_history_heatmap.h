// One layer's gradient exponents over the recent statistics steps: x = step, y = exponent bin
// (zero / NaN / inf as extra rows on top), colour = share of the tensor's elements (log).
// Shows the scaled gradient, as fp16 held it, with fp16's limits as horizontal lines.
#pragma once

#include "chart_base.h"

namespace ampscope::ui {

class LayerHistoryHeatmap : public ChartBase {
  Q_OBJECT
 public:
  explicit LayerHistoryHeatmap(QWidget* parent = nullptr);
  void applyTheme(const PlotTheme& theme) override;
  void rebuild() override;
  void appendSteps(qint64 firstStep, qint64 lastStep) override;
  void setShownStep(qint64 step) override;
  void setSelectedLayer(int layer);
  int selectedLayer() const { return m_layer; }

 private:
  void redraw();
  QCPColorMap* m_map = nullptr;
  QCPColorScale* m_colorScale = nullptr;
  QCPItemStraightLine* m_cursor = nullptr;
  QCPItemStraightLine* m_separator = nullptr;
  std::vector<QCPItemStraightLine*> m_edgeLines;
  std::vector<QCPItemText*> m_edgeLabels;
  int m_layer = -1;
  int m_lo = -40, m_hi = 20;
};

}  // namespace ampscope::ui
