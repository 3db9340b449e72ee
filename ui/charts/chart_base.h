// What every AmpScope chart shares: a title, the theme, a coalesced replot request, the step
// cursor, and a name for exported files. Subclasses fill their data from the StepHistory.
#pragma once

#include "charts/plot_theme.h"

#include "charts/qcp.h"

#include <ampscope/kernels/raw_tensor_stats.h>

#include <QFontMetricsF>
#include <QHash>
#include <QString>
#include <QStringList>

#include <vector>

namespace ampscope::ui {

class StepHistory;

class ChartBase : public QCustomPlot {
  Q_OBJECT
 public:
  ChartBase(const QString& title, const QString& fileStem, QWidget* parent = nullptr);

  QString title() const { return m_titleText; }
  /// Sets the title text (the charts call it again when the language changes).
  void setTitle(const QString& title);
  QString fileStem() const { return m_fileStem; }
  /// The history drawn from now on; rebuild() draws it. A chart that keeps rows of the old
  /// history's layers drops them here (they would index another run's layers until rebuild()).
  virtual void setHistory(const StepHistory* history) { m_history = history; }

  virtual void applyTheme(const PlotTheme& theme);
  const PlotTheme& theme() const { return m_theme; }

  /// Rebuild from the history (after a reset) and after new steps.
  virtual void rebuild() = 0;
  virtual void appendSteps(qint64 firstStep, qint64 lastStep) = 0;
  /// The step the user is looking at (-1: follow the newest).
  virtual void setShownStep(qint64 step);

  /// Time charts follow the newest step until the user zooms or drags; a double click
  /// returns to following.
  bool following() const { return !m_userRange; }
  virtual void fitRange() {}

  /// What the chart would look like at `size` (the dashboard's page choice): its smallest
  /// plot area (axis rect) and whether every title and axis label fits without being cut.
  /// Lays the chart out at that size without drawing; its next replot lays it out at its own.
  struct FitAt {
    QSize plot;
    bool textFits = true;
  };
  FitAt fitAt(const QSize& size);
  /// Fits the texts to `size` and keeps them (an export at that size: toPainter lays the chart
  /// out once, too late for texts wrapped at that layout). The next replot refits at its own.
  void fitTo(const QSize& size);
  /// The texts fitAxisText found too long for their room at the last layout (empty: all fit).
  QStringList cutTexts() const { return m_cutTexts; }
  /// A text (title, axis label) as set, before wrapping into lines: for the layout tests.
  QString fullText(const QCPTextElement* element) const;
  QString fullLabel(const QCPAxis* axis) const;

  /// While a figure is written (exportChart, exportDashboard): texts about the mouse ("hover
  /// for details") are left out of it, and come back on the screen after.
  void setPrinting(bool on) {
    if (m_printing == on) return;
    m_printing = on;
    printingChanged();
  }
  bool printing() const { return m_printing; }

  /// Marks the chart for the next coalesced replot (Dashboard's replot timer).
  void markDirty() { m_dirty = true; }
  bool takeDirty() {
    const bool d = m_dirty;
    m_dirty = false;
    return d;
  }

 Q_SIGNALS:
  void stepClicked(qint64 step);
  /// applyTheme() ran: what others draw on this chart (follow mode's marks) restyles itself.
  void themeApplied(const PlotTheme& theme);
  /// A layout at the chart's own size left its texts more or less room than the last one (a
  /// legend in more rows, a title in more lines, a new language): the dashboard checks its pages.
  void chromeChanged();

 protected:
  /// True while fitAt() or fitTo() lays the chart out at another size: what a chart fits after its
  /// layouts (afterLayout) is then not for the screen, and fitAt() puts back only its own texts.
  bool inTrialLayout() const { return m_trialLayout; }
  void showEvent(QShowEvent* event) override;
  /// QEvent::LanguageChange: retranslate(), then a replot.
  void changeEvent(QEvent* event) override;
  /// Sets every text of the chart again in the current language (title, axes, legend,
  /// subtitle). Subclasses extend it; their constructors set the same texts first.
  virtual void retranslate() {}
  /// setPrinting() changed printing(): the texts that depend on it are set again.
  virtual void printingChanged() {}
  void styleAxis(QCPAxis* axis) const;
  void setSubtitle(const QString& text);
  void moveLegendAboveAxes();
  /// A log-scaled colour scale to the right of the axes, aligned with them, driving `map`
  /// (the heatmaps' shared setup). `label` names what the colours measure.
  QCPColorScale* addLogColorScale(QCPColorMap* map, const QString& label);
  /// A graph for markers (line style none): drawn from a cached bitmap on the screen, as
  /// vectors in PDF and SVG (see MarkerGraph). The axes default to xAxis and yAxis.
  QCPGraph* addMarkerGraph(QCPAxis* keyAxis = nullptr, QCPAxis* valueAxis = nullptr);
  /// The theme's line width for `graph`, or 1 px where its points are denser than one per
  /// 3 pixel columns of `width`: a pen wider than 1 px takes Qt's stroker path (at 1,000,000
  /// steps a 1.6 px step line took 13 of the scale chart's 16 ms, against 3 ms at 1 px), and
  /// at that density both draw the same band.
  void fitLineWidth(QCPGraph* graph, int width) const;
  /// The colour scale's axis in the current theme (the heatmaps call it from applyTheme()).
  void styleColorScale(QCPColorScale* scale) const;
  /// A format limit's label ("fp16 normal 2^-14") in the current theme, on the background's
  /// colour so that it stays readable over a heatmap's cells (the heatmaps call it from applyTheme()).
  void styleLimitLabel(QCPItemText* label, const QMargins& padding) const;
  const StepHistory* m_history = nullptr;
  PlotTheme m_theme = PlotTheme::light();
  QCPTextElement* m_title = nullptr;
  QCPTextElement* m_subtitle = nullptr;
  qint64 m_shownStep = -1;
  bool m_userRange = false;
  bool m_printing = false;

 private:
  /// Shortens axis labels and shrinks tick labels that would not fit (after each layout).
  void fitAxisText();
  struct FittedAxis {
    QString fullLabel, shownLabel;
    int lines = 1;  ///< the label's lines at this viewport (they only grow: no back and forth)
    QFont baseFont, shownFont;
    int baseTickCount = 0;
    double spread = 1.5;  ///< pixels between ticks per label size, larger where labels came too close
    QMap<double, QString> fullTicks;   ///< a fixed-label ticker's labels before any were left out
    QMap<double, QString> shownTicks;  ///< the labels fitAxisText left it with
  };
  QHash<QCPAxis*, FittedAxis> m_fitted;
  struct FittedText {
    QString full, shown;
    int lines = 1;
  };
  /// The viewport the lines above were fitted at: another size starts them again from one.
  QSize m_fittedViewport;
  QHash<QCPTextElement*, FittedText> m_fittedTexts;
  QStringList m_cutTexts;
  bool m_trialLayout = false;  ///< fitAt's layouts at other sizes
  int m_fitRounds = 0;         ///< layouts in a row that changed a fitted text
  bool m_noFit = false;        ///< fitAt putting the layout back as it was
  QSize m_chrome;              ///< viewport minus plot area at the last own layout
  QString m_titleText;
  QString m_fileStem;
  bool m_dirty = false;
};

/// `text` in one, two or three lines (broken at spaces, as even as can be) so that no line is
/// wider than `room` px; `fits` false (and the text in one line) when even three lines are.
/// `minLines`: no fewer lines than that (a layout that once needed more keeps them).
QString wrapToWidth(const QString& text, const QFontMetricsF& fm, double room, bool* fits, int minLines = 1);
/// "2¹⁶", "2⁻³": a power of two for axis labels.
QString powerOfTwoLabel(int exponent);
/// The colour map of the heatmaps (perceptually ordered, dark = many, light = few on light
/// themes), with empty cells transparent.
QCPColorGradient shareGradient(const PlotTheme& theme);
/// A format's limits as bin edges in exponent coordinates: bin e holds [2^e, 2^(e+1)). The
/// smallest subnormal, the smallest normal and the largest exponent, each label naming the
/// format whose limit it is ("fp16 subnormal 2⁻²⁴", "bf16 max 2¹²⁷").
struct FormatEdge {
  double edge;
  QString label;       ///< "fp16 subnormal 2⁻²⁴"
  QString shortLabel;  ///< "fp16 2⁻²⁴": where the full label is longer than its line
};
std::vector<FormatEdge> formatEdges(kernels::Format format);
/// The name the limits and the what-if use: "fp16", "bf16", "fp8-e4m3", "fp8-e5m2", "fp32".
QString formatName(kernels::Format format);
/// "bf16's limits (2⁻¹³³ … 2¹²⁷) lie outside the plotted exponents": the charts' subtitle note
/// when none of the format's limit lines falls inside the drawn range.
QString limitsOutsideNote(kernels::Format format);
/// The box a text item covers as drawn, turned or not (from its corner anchors), in pixels.
QRectF drawnTextBox(const QCPItemText* item);
/// One time axis for steps: integer ticks, readable at any zoom.
void setupStepAxis(QCPAxis* axis);
/// The label of that axis, translated.
QString stepAxisLabel();

}  // namespace ampscope::ui
