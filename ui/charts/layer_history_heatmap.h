// One layer's gradient exponents over the recent statistics steps: x = step, y = exponent bin
// (zero / NaN / inf as extra rows on top), colour = share of the tensor's elements (log).
// Shows the scaled gradient, as the run's format held it, with that format's limits (or another's,
// View > Format limits) as horizontal lines labelled with the format's name.
#pragma once

#include "charts/chart_base.h"

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
  /// Unscaled view: rows are exponents of g/S (each step shifted by its own log2 S) and the
  /// format limits follow the scale as step lines. Off: the scaled gradient, fixed limits.
  void setUnscaled(bool on);
  bool unscaled() const { return m_unscaled; }
  /// The fp16 limit lines of the unscaled view (one point per drawn step; for tests).
  const std::vector<QCPGraph*>& movingEdges() const { return m_edgeGraphs; }
  int selectedLayer() const { return m_layer; }
  /// Whose limits the lines mark, labelled with its name (the run's format by default).
  void setLimitsFormat(kernels::Format format);
  kernels::Format limitsFormat() const { return m_limits; }
  /// The limit lines' labels, in the order subnormal, normal, max (for tests).
  const std::vector<QCPItemText*>& limitLabels() const { return m_edgeLabels; }
  /// The slice at a step (what hovering shows): that step's column drawn as a profile beside it,
  /// x = step + width * share / (largest share of the column), y = exponent row. Returns false
  /// (and hides the slice) when the step has no column. The curve is public for tests.
  bool showSliceAt(double step);
  void hideSlice();
  QCPCurve* slice() const { return m_slice; }

 protected:
  void retranslate() override;

 private:
  void redraw();
  QCPColorMap* m_map = nullptr;
  QCPColorScale* m_colorScale = nullptr;
  QCPItemStraightLine* m_cursor = nullptr;
  QCPItemStraightLine* m_separator = nullptr;
  QCPCurve* m_slice = nullptr;
  QCPItemStraightLine* m_sliceLine = nullptr;
  int m_nExp = 0;  // exponent rows of the map (the special rows above are not part of a slice)
  std::vector<QCPItemStraightLine*> m_edgeLines;
  std::vector<QCPItemText*> m_edgeLabels;
  std::vector<QCPGraph*> m_edgeGraphs;  // the limits in the unscaled view
  bool m_unscaled = false;
  kernels::Format m_limits = kernels::Format::FP16;
  int m_layer = -1;
  int m_lo = -40, m_hi = 20;
};

}  // namespace ampscope::ui
