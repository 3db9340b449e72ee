// Underflow or overflow per layer over steps: one row per layer (weight and bias gradients, or
// activation gradients), one column per statistics step (decimated to at most kMaxColumns,
// the largest value of the steps a column covers), colour = count or share of the elements.
// The first offender of every non-finite step is outlined on its row. The step axis follows
// the loss chart's (Dashboard links them).
#pragma once

#include "charts/chart_base.h"

#include <cstdint>
#include <vector>

class QComboBox;
class QWidget;

namespace ampscope::ui {

class LayerCountsPlot : public ChartBase {
  Q_OBJECT
 public:
  enum class Metric { Underflow, Overflow };
  enum class Mode { Count, Percent };
  enum class Gradients { Weights, Activations };
  static constexpr int kMaxColumns = 1024;

  explicit LayerCountsPlot(QWidget* parent = nullptr);
  void applyTheme(const PlotTheme& theme) override;
  void rebuild() override;
  void appendSteps(qint64 firstStep, qint64 lastStep) override;
  void setShownStep(qint64 step) override;
  void fitRange() override;

  void setMetric(Metric m);
  void setMode(Mode m);
  void setGradients(Gradients g);
  Metric metric() const { return m_metric; }
  Mode mode() const { return m_mode; }
  Gradients gradients() const { return m_gradients; }
  /// The three choosers (metric, counts or percent, which gradients), for a header row.
  QWidget* controls() const { return m_controls; }

  /// The layer index of each row, top to bottom.
  const std::vector<int>& rowLayers() const { return m_rows; }
  /// The drawn value of `layer` in the column holding `step` (NaN: none, or not a row).
  double valueAt(qint64 step, int layer) const;
  /// The colour drawn for cells measured as zero (the theme's grid colour): not a colour of
  /// the scale, so that "measured, none" reads as quiet and the smallest nonzero value as a
  /// value. Cells not measured stay transparent.
  QColor noneColor() const { return m_noneColor; }
  /// The outlined first offenders: (step, layer index) of each non-finite step drawn.
  struct OffenderMark {
    qint64 step;
    int layer;
  };
  const std::vector<OffenderMark>& offenderMarks() const { return m_marks; }
  /// The text under the title ("not available in replay", the range, the decimation).
  QString subtitleText() const { return m_subtitleText; }
  /// The tooltip text at a plot position (coordinates), empty where there is nothing.
  QString toolTipAt(double step, double row) const;

 protected:
  void retranslate() override;

 private:
  void redraw();
  void fillCombos();
  void showSubtitle(const QString& text);
  QCPColorMap* m_map = nullptr;      // cells with a nonzero value, on the colour scale
  QCPColorMap* m_zeroMap = nullptr;  // cells measured as zero, in one quiet neutral colour
  QColor m_noneColor;                // that colour
  QCPColorScale* m_colorScale = nullptr;
  QCPGraph* m_offenders = nullptr;
  QCPItemStraightLine* m_cursor = nullptr;
  QWidget* m_controls = nullptr;
  QComboBox* m_metricBox = nullptr;
  QComboBox* m_modeBox = nullptr;
  QComboBox* m_gradBox = nullptr;
  Metric m_metric = Metric::Underflow;
  Mode m_mode = Mode::Percent;
  Gradients m_gradients = Gradients::Weights;
  std::vector<int> m_rows;
  std::vector<int> m_rowOfLayer;  // layer index -> row, -1 when not shown
  std::vector<OffenderMark> m_marks;
  QString m_subtitleText;
  /// The drawn grid of the current view (columns x rows, largest value per cell), extended
  /// with each append instead of recomputed over the whole run.
  struct Cache {
    const StepHistory* history = nullptr;
    int key = -1;
    std::int64_t first = 0, per = 1;
    int ny = 0;
    std::size_t consumed = 0;
    std::vector<double> grid;
    double max = 0.0;
    bool measured = false;
  };

  Cache m_cache;
};

}  // namespace ampscope::ui
