// The loss scale over optimizer steps on a log2 axis, drawn as a step function: the scale a
// step ran with holds until the next step. Skipped steps (red, downwards) and growths (green,
// upwards) are marked; hovering shows the step, scale before -> after, reason, growth tracker.
#pragma once

#include "charts/chart_base.h"

#include <vector>

namespace ampscope::ui {

struct StepPoint;

/// Pixel-column decimation of `all` for keys in [lo, hi] (and one point beyond each edge) at
/// `width` columns. A step line (markers false) keeps, per column, its first, lowest, highest
/// and last point (and its first NaN, a gap) in key order: drawn as a step line that is the
/// same picture as every point. Markers keep one point per distinct value per column. With no
/// more points than two per column everything is kept. A 1,000,000-step soak has ~2,000 scale
/// changes and ~400 markers, drawn in ~700 columns.
QVector<QCPGraphData> decimateSteps(const QCPGraphDataContainer& all, double lo, double hi, int width, bool markers);

class ScalePlot : public ChartBase {
  Q_OBJECT
 public:
  explicit ScalePlot(QWidget* parent = nullptr);
  void applyTheme(const PlotTheme& theme) override;
  void rebuild() override;
  void appendSteps(qint64 firstStep, qint64 lastStep) override;
  void setShownStep(qint64 step) override;
  void fitRange() override;

 protected:
  void retranslate() override;
  void printingChanged() override { setScalerInUse(m_scalerInUse); }

 public:
  void setLayerNames(QStringList names) { m_layerNames = std::move(names); }
  /// Says so in the subtitle when the run has no loss scaling (the scale is then 1).
  void setScalerInUse(bool on);

  /// The text the hover tooltip shows for `step` (empty when there is no such step).
  QString describeStep(qint64 step) const;

  /// Draws a second run's scale over this one (dashed, its own colour, its skipped steps as
  /// hollow markers), the legend naming both runs. nullptr removes it. `other` must outlive
  /// the overlay (the tooltip reads it).
  void setOverlay(const StepHistory* other, const QString& mainLabel, const QString& otherLabel);
  bool hasOverlay() const { return m_overlayHistory != nullptr; }
  QCPGraph* scaleGraph() const { return m_scale; }
  QCPGraph* overlayGraph() const { return m_overlay; }
  QCPGraph* skippedGraph() const { return m_skipped; }

 private:
  bool m_scalerInUse = true;
  void showHover(QMouseEvent* e);
  void updateLegend();
  /// Appends the step-plot points of `pts` from `from` on, only where the scale changes (a step
  /// plot of those points is exactly the full one, at a fraction of the points).
  static void addScaleChanges(QCPGraphDataContainer& data, const std::vector<StepPoint>& pts, std::size_t from,
                              double& last);
  /// Fills the drawn graphs from the full data for the visible range (see decimateSteps).
  void redecimate(bool force);
  // The full data; the graphs hold what a pixel column needs of it.
  QCPGraphDataContainer m_scaleAll, m_skippedAll, m_grownAll;
  QCPRange m_decimatedRange;
  int m_decimatedWidth = 0;
  QCPGraph* m_scale = nullptr;
  QCPGraph* m_overlay = nullptr;
  QCPGraph* m_overlaySkipped = nullptr;
  const StepHistory* m_overlayHistory = nullptr;
  QString m_mainLabel, m_overlayLabel;
  double m_overlayLo = 0, m_overlayHi = 0, m_overlayLast = 0;
  double m_lastAdded = 0;  // log2 of the scale of the last point in m_scale (NaN-aware)
  QCPGraph* m_skipped = nullptr;
  QCPGraph* m_grown = nullptr;
  QCPItemStraightLine* m_cursor = nullptr;
  QStringList m_layerNames;
  std::size_t m_consumed = 0;
  double m_lo = 0, m_hi = 0;  // log2 range seen
};

}  // namespace ampscope::ui
