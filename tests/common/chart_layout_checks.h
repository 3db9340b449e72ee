#pragma once
// What a chart on screen must never do, checked on its last layout (issue 16): tick labels of an
// axis (layer names and colour scales included) closer than their size, a title, subtitle or
// axis title cut short ("…") or wider than its room, legend entries and titles on top of each
// other or outside the chart, a plot area below a readable height. Used by test_classroom's
// tickLabelsNeverOverlap and by test_screen_matrix over every screen, mode, language and preset.
#include "charts/chart_base.h"
#include "charts/histogram_heatmap.h"

#include <QFontMetricsF>
#include <QRectF>
#include <QStringList>

#include <algorithm>
#include <utility>
#include <vector>

namespace ampscope::test {

struct LayoutTally {
  int axes = 0;       ///< axes whose tick labels were compared
  int tickPairs = 0;  ///< neighbouring tick labels found apart
  int texts = 0;      ///< titles, axis titles and legend entries checked
  int plots = 0;      ///< plot areas measured
  QStringList problems;
};

/// `text` without its spaces and line breaks: a text wrapped into lines (at spaces, hyphens or
/// between CJK characters) compares equal to the text as set; one cut short ("…") does not.
inline QString withoutSpaces(QString text) {
  text.remove(QLatin1Char(' '));
  text.remove(QLatin1Char('\n'));
  return text;
}

/// The widest line of a text that may hold line breaks.
inline double widestLine(const QFontMetricsF& fm, const QString& text) {
  double w = 0;
  for (const QString& line : text.split(QLatin1Char('\n'))) w = std::max(w, fm.horizontalAdvance(line));
  return w;
}

/// Checks `c` as it was last laid out; `where` names the combination in messages.
inline void checkChartLayout(ui::ChartBase* c, const QString& where, int minPlotHeight, int minPlotWidth, LayoutTally& t) {
  const QString at = QStringLiteral("%1, chart %2").arg(where, c->fileStem());
  const QRectF view(c->viewport());
  // Plot areas.
  for (QCPAxisRect* r : c->axisRects()) {
    if (!r->visible()) continue;
    ++t.plots;
    if (r->height() < minPlotHeight || r->width() < minPlotWidth)
      t.problems << QStringLiteral("%1: plot area %2x%3 px, needs at least %4x%5")
                        .arg(at)
                        .arg(r->width())
                        .arg(r->height())
                        .arg(minPlotWidth)
                        .arg(minPlotHeight);
  }
  // Axes: the plot's and the colour scales'.
  std::vector<std::pair<QCPAxis*, double>> axes;  // axis, room for its title
  for (QCPAxisRect* r : c->axisRects())
    for (QCPAxis* a : r->axes())
      if (a->visible()) axes.emplace_back(a, a->orientation() == Qt::Vertical ? r->height() : r->width());
  for (int i = 0; i < c->plotLayout()->elementCount(); ++i)
    if (auto* cs = qobject_cast<QCPColorScale*>(c->plotLayout()->elementAt(i)); cs && cs->visible()) {
      const bool vertical = cs->type() == QCPAxis::atRight || cs->type() == QCPAxis::atLeft;
      axes.emplace_back(cs->axis(), vertical ? cs->outerRect().height() : cs->outerRect().width());
    }
  for (const auto& [a, room] : axes) {
    // Its title: whole (in lines, never cut short) and within its room.
    if (!a->label().isEmpty()) {
      ++t.texts;
      QString shown = a->label();
      shown.replace(QLatin1Char('\n'), QLatin1Char(' '));
      const double wide = widestLine(QFontMetricsF(a->labelFont()), a->label());
      if (withoutSpaces(a->label()) != withoutSpaces(c->fullLabel(a)))
        t.problems << QStringLiteral("%1: axis title '%2' shown as '%3'").arg(at, c->fullLabel(a), shown);
      else if (wide > room + 0.5)
        t.problems << QStringLiteral("%1: axis title '%2' is %3 px wide, its axis %4 px")
                          .arg(at, shown)
                          .arg(wide, 0, 'f', 0)
                          .arg(room, 0, 'f', 0);
    }
    const bool vertical = a->orientation() == Qt::Vertical;
    const double length = vertical ? a->axisRect()->height() : a->axisRect()->width();
    if (!a->tickLabels() || length < 20) continue;
    const QFontMetricsF fm(a->tickLabelFont());
    std::vector<std::pair<double, QString>> shown;  // pixel, label
    const QVector<double> ticks = a->tickVector();
    const QVector<QString> labels = a->tickVectorLabels();
    for (int k = 0; k < ticks.size() && k < labels.size(); ++k)
      if (a->range().contains(ticks[k]) && !labels[k].isEmpty()) shown.emplace_back(a->coordToPixel(ticks[k]), labels[k]);
    std::sort(shown.begin(), shown.end());
    ++t.axes;
    for (std::size_t k = 1; k < shown.size(); ++k) {
      const double gap = shown[k].first - shown[k - 1].first;
      const double need = vertical ? 0.9 * fm.height()
                                   : (fm.horizontalAdvance(shown[k].second) + fm.horizontalAdvance(shown[k - 1].second)) / 2;
      if (gap < need)
        t.problems << QStringLiteral("%1: tick labels '%2' and '%3' are %4 px apart, need %5 (axis '%6', %7 pt)")
                          .arg(at, shown[k - 1].second, shown[k].second)
                          .arg(gap, 0, 'f', 1)
                          .arg(need, 0, 'f', 1)
                          .arg(QString(a->label()).replace(QLatin1Char('\n'), QLatin1Char(' ')))
                          .arg(a->tickLabelFont().pointSizeF());
      else
        ++t.tickPairs;
    }
  }
  // The histogram's format-limit labels run down their lines from the top of the plot: each one
  // inside the plot (a longer one was cut at its bottom edge, one beside the plot's left edge
  // at its side), and neighbours (their lines may be a few exponents apart) never on top of
  // each other.
  if (auto* h = qobject_cast<ui::HistogramHeatmap*>(c)) {
    std::vector<std::pair<QRectF, QString>> drawn;
    const QRectF plot = QRectF(h->axisRect()->rect()).adjusted(-1, -1, 1, 1);
    for (QCPItemText* l : h->limitLabels()) {
      if (!l->visible() || l->text().isEmpty()) continue;
      ++t.texts;
      const QRectF box = ui::drawnTextBox(l);
      if (!plot.contains(box))
        t.problems << QStringLiteral("%1: limit label '%2' (%3x%4 px at %5,%6) is cut by the plot's edge (%7x%8 at %9,%10)")
                          .arg(at, l->text())
                          .arg(box.width(), 0, 'f', 0)
                          .arg(box.height(), 0, 'f', 0)
                          .arg(box.left(), 0, 'f', 0)
                          .arg(box.top(), 0, 'f', 0)
                          .arg(plot.width() - 2, 0, 'f', 0)
                          .arg(plot.height() - 2, 0, 'f', 0)
                          .arg(plot.left() + 1, 0, 'f', 0)
                          .arg(plot.top() + 1, 0, 'f', 0);
      for (const auto& [other, text] : drawn)
        if (other.adjusted(0.5, 0.5, -0.5, -0.5).intersects(box.adjusted(0.5, 0.5, -0.5, -0.5)))
          t.problems << QStringLiteral("%1: limit labels '%2' and '%3' overlap").arg(at, text, l->text());
      drawn.emplace_back(box, l->text());
    }
  }
  // Titles, subtitles and legend entries: whole, inside the chart, apart from each other.
  std::vector<std::pair<QRectF, QString>> boxes;
  for (int i = 0; i < c->plotLayout()->elementCount(); ++i) {
    auto* e = qobject_cast<QCPTextElement*>(c->plotLayout()->elementAt(i));
    if (!e || !e->visible() || e->text().isEmpty()) continue;
    ++t.texts;
    QString shown = e->text();
    shown.replace(QLatin1Char('\n'), QLatin1Char(' '));
    const QFontMetricsF fm(e->font());
    // Drawn centred on its rect, as wide as its widest line, as high as its lines.
    const double w = widestLine(fm, e->text()), h = fm.height() * (e->text().count(QLatin1Char('\n')) + 1);
    const QPointF centre = QRectF(e->rect()).center();
    const QRectF box(centre.x() - w / 2, centre.y() - h / 2, w, h);
    if (withoutSpaces(e->text()) != withoutSpaces(c->fullText(e)))
      t.problems << QStringLiteral("%1: title '%2' shown as '%3'").arg(at, c->fullText(e), shown);
    else if (!view.adjusted(-0.5, -0.5, 0.5, 0.5).contains(box))
      t.problems << QStringLiteral("%1: title '%2' (%3 px wide) is cut by the chart's edge (%4 px wide)")
                        .arg(at, shown)
                        .arg(w, 0, 'f', 0)
                        .arg(view.width(), 0, 'f', 0);
    boxes.emplace_back(box, shown);
  }
  if (c->legend && c->legend->visible())
    for (int i = 0; i < c->legend->itemCount(); ++i)
      if (QCPAbstractLegendItem* item = c->legend->item(i); item && item->visible()) {
        ++t.texts;
        const QRectF box(item->rect());
        const QString name = qobject_cast<QCPPlottableLegendItem*>(item)
                                 ? qobject_cast<QCPPlottableLegendItem*>(item)->plottable()->name()
                                 : QStringLiteral("legend entry %1").arg(i);
        // The entry's text must fit its cell (QCP clips nothing: a narrow cell overlaps the next).
        const double need = item->minimumOuterSizeHint().width();
        if (box.width() + 0.5 < need - item->margins().left() - item->margins().right())
          t.problems << QStringLiteral("%1: legend entry '%2' has %3 px, needs %4").arg(at, name).arg(box.width()).arg(need);
        if (!view.adjusted(-0.5, -0.5, 0.5, 0.5).contains(box))
          t.problems << QStringLiteral("%1: legend entry '%2' is cut by the chart's edge").arg(at, name);
        boxes.emplace_back(box, name);
      }
  for (std::size_t i = 0; i < boxes.size(); ++i)
    for (std::size_t j = i + 1; j < boxes.size(); ++j)
      if (boxes[i].first.adjusted(0.5, 0.5, -0.5, -0.5).intersects(boxes[j].first.adjusted(0.5, 0.5, -0.5, -0.5)))
        t.problems << QStringLiteral("%1: '%2' and '%3' overlap").arg(at, boxes[i].second, boxes[j].second);
}

}  // namespace ampscope::test
