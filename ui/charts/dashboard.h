// The five charts in pages (loss | scale, under them underflow / overflow per layer on the
// same step range, then histogram | layer history), one coalescing
// replot timer for all of them (only visible, changed charts replot, rpQueuedReplot), and a
// painter-based rendering of the whole grid for vector and raster export.
//
// Pages: all five charts on one page when every plot area stays readable at the dashboard's
// real size and fonts; otherwise fewer charts per page, behind a chart switcher (a tab bar,
// Ctrl+1..9, Ctrl+PgUp/PgDown). In presentation mode the first page is the preset's story
// (two or three charts) and the others hold the rest. Each chart is one widget, moved between
// pages: its data, zoom and selection stay. Splitter proportions are kept per page layout.
#pragma once

#include "charts/plot_theme.h"

#include <QByteArray>
#include <QHash>
#include <QStringList>
#include <QTimer>
#include <QVariantMap>
#include <QWidget>

#include <vector>

class QAction;
class QPainter;
class QSplitter;
class QTabBar;

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

  // ---- pages -------------------------------------------------------------------------------
  /// The preset's story: chart file stems ("scale", "histogram", ...) for presentation mode's
  /// first page; empty: the default story (loss scale and gradient exponents).
  void setStory(const QStringList& charts);
  QStringList story() const;
  /// The pages as chart file stems, in order; the current one; switching (clamped).
  QList<QStringList> pages() const { return m_pages; }
  int currentPage() const { return m_current; }
  void setCurrentPage(int page);
  /// The charts on the current page (the ones on screen).
  std::vector<ChartBase*> pageCharts() const;
  /// The chart switcher (hidden while one page holds every chart).
  QTabBar* pageBar() const { return m_tabs; }
  /// Next / previous page and Ctrl+1..9 (window shortcuts; the window lists them too).
  QList<QAction*> pageActions() const { return m_pageActions; }
  /// Chooses the pages for the current size, fonts and mode now (otherwise done after each
  /// resize, theme or language change, at the next event loop turn).
  void relayout();
  /// The splitter proportions the user dragged to, per page layout (for QSettings).
  QVariantMap splitterStates() const;
  void restoreSplitterStates(const QVariantMap& states);
  /// The plot area a chart needs to stay readable (px): 120 high in presentation mode, 80
  /// otherwise.
  static int minimumPlotHeight(bool presentation) { return presentation ? 120 : 80; }
  static int minimumPlotWidth() { return 160; }

 Q_SIGNALS:
  /// The pages or the current page changed.
  void pagesChanged();

 protected:
  void resizeEvent(QResizeEvent* event) override;
  void changeEvent(QEvent* event) override;

 public:
  /// Paints the caption and the five charts into `target` (logical units) with vector output
  /// where the device supports it. The painter must be a QCPPainter.
  void render(QPainter* painter, const QRect& target);

 private:
  void replotNow();
  /// The cell a chart sits in on a page (the counts chart with its choosers' row).
  QWidget* cellOf(const QString& chart) const;
  /// A page's charts in rows (loss | scale, counts, histogram | layer history), each row's share of the height.
  struct Row {
    QStringList charts;
    int weight;
  };
  /// In presentation mode the story's two charts sit side by side (each gets the full height).
  std::vector<Row> arrange(const QStringList& group) const;
  /// Whether every chart of `group` keeps a readable plot area and unshortened texts at `area`.
  bool readable(const QStringList& group, const QSize& area);
  QList<QStringList> choosePages();
  void showPage(int page);
  void retranslatePages();
  QString pageName(const QStringList& group) const;
  QString layoutKey(const QStringList& group, int splitter) const;
  LossPlot* m_loss = nullptr;
  ScalePlot* m_scale = nullptr;
  HistogramHeatmap* m_histogram = nullptr;
  LayerHistoryHeatmap* m_layerHistory = nullptr;
  LayerCountsPlot* m_counts = nullptr;
  QTimer m_replot;
  QTimer m_relayout;
  QWidget* m_countsCell = nullptr;
  QTabBar* m_tabs = nullptr;
  QWidget* m_host = nullptr;      ///< the current page's parent
  QWidget* m_offstage = nullptr;  ///< hidden; charts not on the current page wait here
  QWidget* m_pageRoot = nullptr;  ///< the current page's splitters (or its one cell)
  QList<QStringList> m_pages;
  int m_current = -1;
  QStringList m_story;
  bool m_pagesPresentation = false;  ///< the mode the pages were chosen for
  QHash<QString, QList<int>> m_splitStates;  ///< splitter (page layout and index) -> sizes the user dragged to
  QList<QAction*> m_pageActions;
  bool m_inRelayout = false;
  PlotTheme m_theme = PlotTheme::light();
  QString m_caption;
};

}  // namespace ampscope::ui
