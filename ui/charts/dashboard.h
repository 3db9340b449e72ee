// The five charts in a grid (loss | scale, under them underflow / overflow per layer on the
// same step range, then histogram | layer history), one coalescing
// replot timer for all of them (only visible, changed charts replot, rpQueuedReplot), and a
// painter-based rendering of the whole grid for vector and raster export.
#pragma once

#include "charts/plot_theme.h"

#include <QTimer>
#include <QWidget>

#include <vector>

class QPainter;
class QSplitter;

namespace ampscope::ui {

class ChartBase;
class HistogramHeatmap;
class LayerCountsPlot;
class LayerHistoryHeatmap;
class LossPlot;
class ScalePlot;
class StepHistory;

class Dashboard : public QWidget {
  Q_OBJECT
 public:
  explicit Dashboard(QWidget* parent = nullptr);

  LossPlot* lossPlot() const { return m_loss; }
  ScalePlot* scalePlot() const { return m_scale; }
  HistogramHeatmap* histogram() const { return m_histogram; }
  LayerHistoryHeatmap* layerHistory() const { return m_layerHistory; }
  LayerCountsPlot* layerCounts() const { return m_counts; }
  std::vector<ChartBase*> charts() const;

  void setHistory(const StepHistory* history);
  void applyTheme(const PlotTheme& theme);
  const PlotTheme& theme() const { return m_theme; }
  /// A line drawn above the charts in exports (run, precision, step).
  void setCaption(const QString& caption) { m_caption = caption; }
  QString caption() const { return m_caption; }

  /// Asks for a replot of the changed, visible charts at the next timer tick.
  void scheduleReplot();
  /// Paints the caption and the five charts into `target` (logical units) with vector output
  /// where the device supports it. The painter must be a QCPPainter.
  void render(QPainter* painter, const QRect& target);

 private:
  void replotNow();
  LossPlot* m_loss = nullptr;
  ScalePlot* m_scale = nullptr;
  HistogramHeatmap* m_histogram = nullptr;
  LayerHistoryHeatmap* m_layerHistory = nullptr;
  LayerCountsPlot* m_counts = nullptr;
  QTimer m_replot;
  PlotTheme m_theme = PlotTheme::light();
  QString m_caption;
};

}  // namespace ampscope::ui
