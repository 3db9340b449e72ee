#include "charts/chart_base.h"

#include "charts/marker_graph.h"

#include <ampscope/session_types.h>

#include <QCoreApplication>
#include <QEvent>

#include <algorithm>
#include <cmath>
#include <limits>

namespace ampscope::ui {

ChartBase::ChartBase(const QString& title, const QString& fileStem, QWidget* parent)
    : QCustomPlot(parent), m_titleText(title), m_fileStem(fileStem) {
  setNoAntialiasingOnDrag(true);
  setPlottingHints(QCP::phCacheLabels | QCP::phImmediateRefresh);
  plotLayout()->insertRow(0);
  m_title = new QCPTextElement(this, title);
  plotLayout()->addElement(0, 0, m_title);
  plotLayout()->setRowSpacing(0);
  setMinimumSize(260, 180);
  connect(this, &QCustomPlot::mouseWheel, this, [this](QWheelEvent*) { m_userRange = true; });
  connect(this, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
    if (e->buttons() & Qt::LeftButton) m_userRange = true;
  });
  connect(this, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent*) {
    m_userRange = false;
    fitRange();
    replot(rpQueuedReplot);
  });
  // Once the layout knows the axes' lengths (at every replot and export size): labels and tick
  // labels that would not fit are shortened or set smaller instead of overlapping or clipping.
  connect(this, &QCustomPlot::afterLayout, this, &ChartBase::fitAxisText);
  applyTheme(m_theme);
}

void ChartBase::fitAxisText() {
  struct Fit {
    QCPAxis* axis;
    double labelRoom;  // pixels along the axis for its label
    double length;     // pixels the ticks spread over
  };
  std::vector<Fit> axes;
  for (QCPAxisRect* r : axisRects())
    for (QCPAxis* a : r->axes())
      if (a->visible()) {
        const double l = a->orientation() == Qt::Vertical ? r->height() : r->width();
        axes.push_back({a, l, l});
      }
  for (int i = 0; i < plotLayout()->elementCount(); ++i)
    if (auto* cs = qobject_cast<QCPColorScale*>(plotLayout()->elementAt(i)); cs && cs->visible()) {
      // A colour scale's label may use the element's whole side; its ticks only spread over
      // the bar. Counted over the element, a short bar kept too many ticks (overlapping labels
      // on the counts chart in presentation mode).
      const bool vertical = cs->type() == QCPAxis::atRight || cs->type() == QCPAxis::atLeft;
      const QRect outer = cs->outerRect(), bar = cs->axis()->axisRect()->rect();
      axes.push_back({cs->axis(), static_cast<double>(vertical ? outer.height() : outer.width()),
                      static_cast<double>(vertical ? bar.height() : bar.width())});
    }
  bool retick = false;
  for (const auto& [a, labelRoom, length] : axes) {
    if (length < 20) continue;
    FittedAxis& f = m_fitted[a];
    // The axis label: elided to the axis length (the charts may set a new one at any time).
    if (a->label() != f.shownLabel) f.fullLabel = a->label();
    const QFontMetricsF lm(a->labelFont());
    f.shownLabel = lm.horizontalAdvance(f.fullLabel) <= labelRoom
                       ? f.fullLabel
                       : lm.elidedText(f.fullLabel, Qt::ElideRight, labelRoom);
    if (a->label() != f.shownLabel) a->setLabel(f.shownLabel);
    // Tick labels: as large as the theme says, smaller where neighbours would overlap.
    if (a->tickLabelFont() != f.shownFont) f.baseFont = a->tickLabelFont();
    const QVector<double> ticks = a->tickVector();
    const QVector<QString> labels = a->tickVectorLabels();
    double minGap = std::numeric_limits<double>::infinity();
    std::vector<double> px;
    for (double t : ticks)
      if (a->range().contains(t)) px.push_back(a->coordToPixel(t));
    std::sort(px.begin(), px.end());
    for (std::size_t k = 1; k < px.size(); ++k) minGap = std::min(minGap, px[k] - px[k - 1]);
    QFont font = f.baseFont;
    if (a->tickLabels() && !ticks.isEmpty()) {
      const QFontMetricsF fm(f.baseFont);
      double need = fm.height() * 0.95;
      if (a->orientation() == Qt::Horizontal) {
        need = 0;
        for (const QString& l : labels) need = std::max(need, fm.horizontalAdvance(l) + 6.0);
      }
      const QSharedPointer<QCPAxisTicker> ticker = a->ticker();
      if (ticker && ticker.dynamicCast<QCPAxisTickerText>().isNull()) {
        // A computed ticker: fewer ticks at full size rather than many small ones (down to a
        // count of 1, which still labels two or three ticks at a "nice" step).
        if (f.baseTickCount <= 0) f.baseTickCount = ticker->tickCount();
        int count = f.baseTickCount;
        while (count > 1 && length / count < need * 1.5) --count;
        if (ticker->tickCount() != count) {
          ticker->setTickCount(count);
          retick = true;
        }
      } else {
        // Fixed labels (layers, exponent rows): smaller where neighbours would overlap, down to
        // 6 pt; on a vertical axis where even that overlaps (many layers in a short chart, the
        // large fonts of presentation mode), only labels a line apart are kept, from the first
        // row on (every row's tooltip still names it).
        // (Vertically a label needs its full line height; 90% of it is the closest allowed.)
        const double room = a->orientation() == Qt::Vertical ? fm.height() : need;
        if (std::isfinite(minGap) && room > minGap && f.baseFont.pointSizeF() > 0)
          font.setPointSizeF(std::max(6.0, f.baseFont.pointSizeF() * minGap / room));
        const QSharedPointer<QCPAxisTickerText> text = ticker.dynamicCast<QCPAxisTickerText>();
        if (text && a->orientation() == Qt::Vertical) {
          // Labels other than those left here last time (a new ticker, or the chart set new
          // ones): they are the full set.
          if (text->ticks() != f.shownTicks) f.fullTicks = text->ticks();
          const double line = QFontMetricsF(font).height() * 0.9;
          QMap<double, QString> shown;
          double lastKept = std::numeric_limits<double>::quiet_NaN();
          for (auto it = f.fullTicks.cbegin(); it != f.fullTicks.cend(); ++it) {
            const double p = a->coordToPixel(it.key());
            const bool keep = it.value().isEmpty() || std::isnan(lastKept) || std::abs(p - lastKept) >= line;
            shown.insert(it.key(), keep ? it.value() : QString());
            if (keep && !it.value().isEmpty()) lastKept = p;
          }
          if (shown != text->ticks()) {
            text->ticks() = shown;
            retick = true;
          }
          f.shownTicks = shown;
        }
      }
    }
    f.shownFont = font;
    if (a->tickLabelFont() != font) a->setTickLabelFont(font);
  }
  // New tick counts take effect at the next layout.
  if (retick) replot(rpQueuedReplot);
}

QString powerOfTwoLabel(int exponent) {
  static const QChar digits[] = {QChar(0x2070), QChar(0x00B9), QChar(0x00B2), QChar(0x00B3), QChar(0x2074),
                                 QChar(0x2075), QChar(0x2076), QChar(0x2077), QChar(0x2078), QChar(0x2079)};
  QString s = QStringLiteral("2");
  if (exponent < 0) s += QChar(0x207B);
  for (const QChar c : QString::number(std::abs(exponent))) s += digits[c.digitValue()];
  return s;
}

QCPColorGradient shareGradient(const PlotTheme& theme) {
  QCPColorGradient g;
  QMap<double, QColor> stops;
  if (theme.dark) {
    stops = {{0.0, QColor(40, 30, 90)}, {0.3, QColor(49, 104, 142)}, {0.55, QColor(33, 145, 140)},
             {0.8, QColor(94, 201, 98)}, {1.0, QColor(253, 231, 37)}};
  } else {
    stops = {{0.0, QColor(253, 231, 37)}, {0.25, QColor(94, 201, 98)}, {0.5, QColor(33, 145, 140)},
             {0.75, QColor(59, 82, 139)}, {1.0, QColor(68, 1, 84)}};
  }
  g.setColorStops(stops);
  g.setLevelCount(256);
  g.setNanHandling(QCPColorGradient::nhTransparent);
  return g;
}

QString formatName(kernels::Format format) {
  return QString::fromUtf8(std::string(to_string(format)).c_str());
}

std::vector<FormatEdge> formatEdges(kernels::Format format) {
  const kernels::FormatLimits lim = kernels::format_limits(format);
  const QString name = formatName(format);
  return {{lim.min_subnormal_exp - 0.5, QCoreApplication::translate("ChartBase", "%1 subnormal %2").arg(name, powerOfTwoLabel(lim.min_subnormal_exp))},
          {lim.min_normal_exp - 0.5, QCoreApplication::translate("ChartBase", "%1 normal %2").arg(name, powerOfTwoLabel(lim.min_normal_exp))},
          {lim.max_exp + 0.5, QCoreApplication::translate("ChartBase", "%1 max %2").arg(name, powerOfTwoLabel(lim.max_exp))}};
}

QString limitsOutsideNote(kernels::Format format) {
  const kernels::FormatLimits lim = kernels::format_limits(format);
  return QCoreApplication::translate("ChartBase", "%1 limits (%2 \u2026 %3) lie outside the plotted exponents")
      .arg(formatName(format), powerOfTwoLabel(lim.min_subnormal_exp), powerOfTwoLabel(lim.max_exp));
}

QString stepAxisLabel() { return QCoreApplication::translate("ChartBase", "optimizer step"); }

void setupStepAxis(QCPAxis* axis) {
  QSharedPointer<QCPAxisTickerFixed> t(new QCPAxisTickerFixed);
  t->setTickStep(1.0);
  t->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
  axis->setTicker(t);
  axis->setNumberFormat(QStringLiteral("f"));
  axis->setNumberPrecision(0);
  axis->setLabel(stepAxisLabel());
}

QCPColorScale* ChartBase::addLogColorScale(QCPColorMap* map, const QString& label) {
  auto* scale = new QCPColorScale(this);
  plotLayout()->addElement(plotLayout()->rowCount() - 1, 1, scale);
  plotLayout()->setColumnStretchFactor(1, 0.01);
  scale->setType(QCPAxis::atRight);
  scale->setBarWidth(12);
  scale->setDataScaleType(QCPAxis::stLogarithmic);
  scale->axis()->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
  scale->axis()->setNumberFormat(QStringLiteral("eb"));
  scale->axis()->setNumberPrecision(0);
  scale->axis()->setLabel(label);
  map->setColorScale(scale);
  auto* group = new QCPMarginGroup(this);
  axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, group);
  scale->setMarginGroup(QCP::msTop | QCP::msBottom, group);
  return scale;
}

void ChartBase::setSubtitle(const QString& text) {
  if (!m_subtitle) {
    plotLayout()->insertRow(1);
    m_subtitle = new QCPTextElement(this, text);
    plotLayout()->addElement(1, 0, m_subtitle);
    m_subtitle->setFont(m_theme.font(0.9));
    m_subtitle->setTextColor(m_theme.foreground);
  } else {
    m_subtitle->setText(text);
  }
}

void ChartBase::styleAxis(QCPAxis* axis) const {
  const QPen pen(m_theme.foreground, 1);
  axis->setBasePen(pen);
  axis->setTickPen(pen);
  axis->setSubTickPen(pen);
  axis->setTickLabelColor(m_theme.foreground);
  axis->setLabelColor(m_theme.foreground);
  axis->setTickLabelFont(m_theme.font(0.95));
  axis->setLabelFont(m_theme.font(1.0));
  axis->grid()->setPen(QPen(m_theme.grid, 1, Qt::DotLine));
  axis->grid()->setSubGridPen(QPen(m_theme.subGrid, 1, Qt::DotLine));
  axis->grid()->setZeroLinePen(Qt::NoPen);
}

void ChartBase::styleColorScale(QCPColorScale* scale) const {
  QCPAxis* a = scale->axis();
  a->setBasePen(QPen(m_theme.foreground));
  a->setTickPen(QPen(m_theme.foreground));
  a->setSubTickPen(QPen(m_theme.foreground));
  a->setTickLabelColor(m_theme.foreground);
  a->setLabelColor(m_theme.foreground);
  a->setTickLabelFont(m_theme.font(0.9));
  a->setLabelFont(m_theme.font(0.95));
}

void ChartBase::applyTheme(const PlotTheme& theme) {
  m_theme = theme;
  setBackground(theme.background);
  for (QCPAxisRect* r : axisRects()) {
    r->setBackground(theme.background);
    for (QCPAxis* a : r->axes()) styleAxis(a);
  }
  m_title->setFont(theme.font(1.25, true));
  m_title->setTextColor(theme.foreground);
  if (m_subtitle) {
    m_subtitle->setFont(theme.font(0.9));
    m_subtitle->setTextColor(theme.foreground);
  }
  if (legend) {
    legend->setFont(theme.font(0.95));
    legend->setTextColor(theme.foreground);
    legend->setBrush(Qt::NoBrush);
    legend->setBorderPen(Qt::NoPen);
  }
  markDirty();
  Q_EMIT themeApplied(theme);
}

void ChartBase::moveLegendAboveAxes() {
  // A horizontal legend in its own row under the title: it never hides data.
  for (int i = 0; i < axisRect()->insetLayout()->elementCount(); ++i)
    if (axisRect()->insetLayout()->elementAt(i) == legend) axisRect()->insetLayout()->take(legend);
  axisRect()->insetLayout()->simplify();
  const int row = plotLayout()->rowCount() - 1;  // the axis rect's row
  plotLayout()->insertRow(row);
  plotLayout()->addElement(row, 0, legend);
  plotLayout()->setRowStretchFactor(row, 0.001);
  legend->setFillOrder(QCPLegend::foColumnsFirst);
  legend->setBorderPen(Qt::NoPen);
  legend->setMargins(QMargins(4, 0, 4, 0));
  legend->setVisible(true);
}

void ChartBase::setTitle(const QString& title) {
  m_titleText = title;
  m_title->setText(title);
  markDirty();
}

void ChartBase::changeEvent(QEvent* event) {
  QCustomPlot::changeEvent(event);
  if (event->type() == QEvent::LanguageChange) {
    retranslate();
    markDirty();
    replot(rpQueuedReplot);
  }
}

void ChartBase::showEvent(QShowEvent* event) {
  QCustomPlot::showEvent(event);
  if (takeDirty()) replot(rpQueuedReplot);  // changed while hidden
}

void ChartBase::setShownStep(qint64 step) {
  m_shownStep = step;
  markDirty();
}

QCPGraph* ChartBase::addMarkerGraph(QCPAxis* keyAxis, QCPAxis* valueAxis) {
  auto* g = new MarkerGraph(keyAxis ? keyAxis : xAxis, valueAxis ? valueAxis : yAxis);
  g->setLineStyle(QCPGraph::lsNone);
  return g;
}

void ChartBase::fitLineWidth(QCPGraph* graph, int width) const {
  const bool dense = graph->dataCount() > width / 3;
  QPen pen = graph->pen();
  pen.setWidthF(dense ? 1.0 : m_theme.lineWidth);
  graph->setPen(pen);
}

}  // namespace ampscope::ui
