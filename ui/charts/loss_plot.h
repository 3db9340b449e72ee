// Training loss over optimizer steps (log axis), skipped steps marked where they happened.
#pragma once

#include <limits>

#include "charts/chart_base.h"

#include <vector>

namespace ampscope::ui {

struct StepPoint;

/// The loss of `pts` for steps in [lo, hi] (and one step beyond each edge) as at most about
/// 3 * `buckets` points: per bucket of consecutive steps its minimum and maximum in step order
/// (and a NaN where a non-finite loss leaves a gap). One bucket per pixel column draws the same
/// envelope as every point; with fewer steps than buckets every step is kept.
/// A loss of exactly 0 (fp16 rounds a confident prediction's cross-entropy to 0) has no place on
/// the log axis: it is drawn at `zeroAt` (the chart passes its smallest positive loss, so zeros
/// sit on the curve's floor) rather than as a gap, which would hide a run that hits 0 often.
/// With `logAxis` false (a loss that goes negative: the chart's axis is linear then) every
/// finite loss is drawn as it is.
QVector<QCPGraphData> decimateLoss(const std::vector<StepPoint>& pts, double lo, double hi, int buckets,
                                   double zeroAt = std::numeric_limits<double>::quiet_NaN(), bool logAxis = true);

class LossPlot : public ChartBase {
  Q_OBJECT
 public:
  explicit LossPlot(QWidget* parent = nullptr);
  void applyTheme(const PlotTheme& theme) override;
  void rebuild() override;
  void appendSteps(qint64 firstStep, qint64 lastStep) override;
  void setShownStep(qint64 step) override;
  void fitRange() override;
  /// A new history starts on the log axis again (see linearAxis()).
  void setHistory(const StepHistory* history) override;
  /// The shown run's loss is the user's own (a Python probe run), not AmpScope's cross-entropy:
  /// the axis says "loss".
  void setUserLoss(bool user);
  /// false: the run has no loss (its script gave probe.step() none, SessionConfig::loss_recorded):
  /// its NaN losses are unknown, not losses that went non-finite, and are not marked; the
  /// legend says there is no loss.
  void setLossRecorded(bool recorded);
  /// The marker's legend text: what the crosses of this run mark ("skipped step", "non-finite
  /// loss" or both).
  QString markerName() const;
  /// A finite loss below 0 (a user's objective may be negative) has no place on a log axis:
  /// the chart switches to a linear one for that run, and draws every finite loss.
  bool linearAxis() const { return m_linear; }

  /// Draws a second run's loss over this one (a distinct colour and dash), the legend naming
  /// both ("run 3: fp16" against "run 4: bf16"). nullptr removes it. `other` must outlive
  /// the overlay; it is read once, here.
  void setOverlay(const StepHistory* other, const QString& mainLabel, const QString& otherLabel);
  bool hasOverlay() const { return m_overlay->visible(); }
  QCPGraph* lossGraph() const { return m_loss; }
  QCPGraph* overlayGraph() const { return m_overlay; }
  /// Recomputes the drawn points for the visible range (force: even if the range and width
  /// are those of the last time). The graphs hold about two points per pixel column.
  void redecimate(bool force);

 protected:
  void retranslate() override;

 private:
  void updateLegend();
  QString axisLabel() const;
  /// The overlay's loss extent and last step, as this axis draws it.
  void scanOverlay();
  void setLinear(bool linear);
  bool m_userLoss = false;
  bool m_lossRecorded = true;
  std::size_t m_markedSkips = 0;      ///< marked steps that were skipped
  std::size_t m_markedNonfinite = 0;  ///< marked steps not skipped, their loss non-finite
  bool m_linear = false;
  QCPGraph* m_loss = nullptr;
  QCPGraph* m_overlay = nullptr;
  const StepHistory* m_overlayHistory = nullptr;
  QCPRange m_decimatedRange;
  int m_decimatedWidth = 0;
  QString m_mainLabel, m_overlayLabel;
  double m_overlayMin = 0, m_overlayMax = 0, m_overlayLast = 0;
  QCPGraph* m_skipped = nullptr;
  QCPItemStraightLine* m_cursor = nullptr;
  std::size_t m_consumed = 0;  // points of the history already in the graphs
  double m_lossMin = 0, m_lossMax = 0, m_lastFinite = 0;
};

}  // namespace ampscope::ui
