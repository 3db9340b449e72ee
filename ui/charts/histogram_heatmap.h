// The core picture: for one step, every layer's gradient as an exponent histogram (rows =
// layers, columns = binary exponent bins), colour = share of the tensor's elements on a log
// scale. Zero / NaN / +inf / -inf have their own columns, always visible. A format's limits (the
// run's own, or View > Format limits drawn) are lines labelled with its name. "Unscaled" shifts
// the exponents by -log2(S): the true gradients.
#pragma once

#include "charts/chart_base.h"

#include <ampscope/session_types.h>

#include <vector>

namespace ampscope::ui {

class HistogramHeatmap : public ChartBase {
  Q_OBJECT
 public:
  explicit HistogramHeatmap(QWidget* parent = nullptr);
  void applyTheme(const PlotTheme& theme) override;
  void rebuild() override;
  void setHistory(const StepHistory* history) override;
  void appendSteps(qint64 firstStep, qint64 lastStep) override;
  void setShownStep(qint64 step) override;

  void setShiftByScale(bool on);
  bool shiftByScale() const { return m_shift; }
  void setSelectedLayer(int layer);
  /// Whose limits the dashed lines mark (labelled with its name): the run's own format by
  /// default (MainWindow), or another the user picks in View > Format limits.
  void setLimitsFormat(kernels::Format format);
  kernels::Format limitsFormat() const { return m_limits; }
  /// The limit lines' labels, in the order subnormal, normal, max (for tests).
  const std::vector<QCPItemText*>& limitLabels() const { return m_edgeLabels; }
  /// The step whose statistics are drawn (-1: none yet).
  qint64 drawnStep() const { return m_drawnStep; }
  /// Text of the hover tooltip at a cell (row = displayed row, column = map column).
  QString describeCell(int row, int column) const;

 protected:
  void retranslate() override;

 Q_SIGNALS:
  void layerClicked(int layer);

 private:
  void showRecord(const StepRecord* r);
  void layoutAxes();
  /// After each layout: a limit label longer than the plot is high (it runs down its line) takes
  /// its short form ("fp16 2⁻²⁴"), and hides only where even that does not fit.
  void fitLimitLabels();
  int rowAt(const QPoint& pos) const;
  int columnAt(const QPoint& pos) const;

  QCPColorMap* m_map = nullptr;
  QCPColorScale* m_colorScale = nullptr;
  QCPItemRect* m_selection = nullptr;
  QCPItemStraightLine* m_separator = nullptr;
  QCPItemRect* m_specialBand = nullptr;  // faint background: the zero/NaN/inf columns exist even when empty
  std::vector<QCPItemStraightLine*> m_edgeLines;
  std::vector<QCPItemText*> m_edgeLabels;
  std::vector<FormatEdge> m_edges;  // the labels' texts, full and short
  std::vector<int> m_rows;                              // displayed row -> layer index
  std::vector<std::vector<std::int64_t>> m_counts;      // [row][column] of the drawn step
  std::vector<std::int64_t> m_numel;                    // [row]
  bool m_shift = false;
  kernels::Format m_limits = kernels::Format::FP16;
  bool m_limitsInside = true;  // some limit line falls inside the drawn exponents (layoutAxes)
  double m_shiftBy = 0.0;  // log2(S) applied to the exponent columns
  int m_lo = -40, m_hi = 20;
  int m_lowestBin = 0;  // lowest occupied bin of the drawn step (column index)
  int m_selected = -1;
  qint64 m_drawnStep = -1;
};

}  // namespace ampscope::ui
