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
  if (m_noFit) return;
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
  m_cutTexts.clear();
  // Titles and subtitles: centred over their column, so they may use twice the distance from
  // that centre to the nearer edge of the chart; wrapped into lines where one is too long.
  const QRect vp = viewport();
  // Texts wrapped at one size may need more lines as the layout settles (a wrapped label takes
  // height from an axis whose label then wraps too); at one size their lines only grow, so
  // layouts never go back and forth. Another size starts again from one line.
  const bool newSize = vp.size() != m_fittedViewport;
  m_fittedViewport = vp.size();
  for (int i = 0; i < plotLayout()->elementCount(); ++i) {
    auto* t = qobject_cast<QCPTextElement*>(plotLayout()->elementAt(i));
    if (!t || !t->visible()) continue;
    FittedText& f = m_fittedTexts[t];
    if (t->text() != f.shown) {
      if (t->text() != f.full) f.lines = 1;  // the same text set again keeps its lines
      f.full = t->text();
    }
    if (newSize) f.lines = 1;
    const double cx = t->outerRect().center().x() + 0.5;
    const double room = 2 * std::min(cx - vp.left(), vp.right() + 1 - cx) - 8;
    bool fits = true;
    f.shown = wrapToWidth(f.full, QFontMetricsF(t->font()), room, &fits, f.lines);
    f.lines = std::max(f.lines, static_cast<int>(f.shown.count(QLatin1Char('\n'))) + 1);
    if (!fits) m_cutTexts << f.full;
    if (t->text() != f.shown) {
      t->setText(f.shown);
      retick = true;
    }
  }
  // A legend in a row of its own: as many entries a row as fit the chart's width.
  if (legend && legend->visible() && legend->layout() == plotLayout()) {
    const int room = legend->outerRect().width() - legend->margins().left() - legend->margins().right();
    std::vector<int> widths;
    for (int i = 0; i < legend->itemCount(); ++i)  // cells of a wrapped grid may be empty
      if (QCPAbstractLegendItem* item = legend->item(i)) widths.push_back(item->minimumOuterSizeHint().width());
    int columns = static_cast<int>(widths.size());
    for (; columns > 1; --columns) {
      int total = legend->columnSpacing() * (columns - 1);
      for (int c = 0; c < columns; ++c) {
        int widest = 0;
        for (std::size_t i = static_cast<std::size_t>(c); i < widths.size(); i += static_cast<std::size_t>(columns))
          widest = std::max(widest, widths[i]);
        total += widest;
      }
      if (total <= room) break;
    }
    const int wrap = columns >= static_cast<int>(widths.size()) ? 0 : columns;
    if (legend->wrap() != wrap) {
      legend->setWrap(wrap);
      legend->setFillOrder(QCPLegend::foColumnsFirst, true);
      retick = true;
    }
  }
  for (const auto& [a, labelRoom, length] : axes) {
    if (length < 20) continue;
    FittedAxis& f = m_fitted[a];
    // The axis label: in two or three lines where one is longer than the axis, cut short only
    // where even that is (the charts may set a new one at any time).
    if (a->label() != f.shownLabel) {
      if (a->label() != f.fullLabel) f.lines = 1;
      f.fullLabel = a->label();
    }
    if (newSize) f.lines = 1;
    const QFontMetricsF lm(a->labelFont());
    bool fits = true;
    f.shownLabel = wrapToWidth(f.fullLabel, lm, labelRoom, &fits, f.lines);
    f.lines = std::max(f.lines, static_cast<int>(f.shownLabel.count(QLatin1Char('\n'))) + 1);
    if (!fits) {
      f.shownLabel = lm.elidedText(f.fullLabel, Qt::ElideRight, labelRoom);
      m_cutTexts << f.fullLabel;
    }
    if (a->label() != f.shownLabel) {
      a->setLabel(f.shownLabel);
      retick = true;  // a label in more or fewer lines changes the margins
    }
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
        while (count > 1 && length / count < need * f.spread) --count;
        // Ticks are spaced unevenly on a log axis (and where the ticker rounds to a nice step):
        // labels still closer than they need at this count make this axis sparser from now on.
        if (ticker->tickCount() == count && std::isfinite(minGap) && minGap < need * 0.95 && count > 1 && f.spread < 6) {
          f.spread *= 1.3;
          while (count > 1 && length / count < need * f.spread) --count;
        }
        if (ticker->tickCount() != count) {
          ticker->setTickCount(count);
          retick = true;
        }
      } else {
        // Fixed labels (layers, exponent rows, the histogram's columns): smaller where
        // neighbours would overlap, down to 70% of the theme's size (and 6 pt), still readable
        // from the back of a room; where even that overlaps (many layers in a short chart, the
        // large fonts of presentation mode), only labels far enough apart are kept, from the
        // first on (every row's and column's tooltip still names it).
        // (Vertically a label needs its full line height; 90% of it is the closest allowed.)
        const double room = a->orientation() == Qt::Vertical ? fm.height() : need;
        if (std::isfinite(minGap) && room > minGap && f.baseFont.pointSizeF() > 0)
          font.setPointSizeF(std::max({6.0, f.baseFont.pointSizeF() * 0.7, f.baseFont.pointSizeF() * minGap / room}));
        const QSharedPointer<QCPAxisTickerText> text = ticker.dynamicCast<QCPAxisTickerText>();
        if (text) {
          // Labels other than those left here last time (a new ticker, or the chart set new
          // ones): they are the full set.
          if (text->ticks() != f.shownTicks) f.fullTicks = text->ticks();
          // Vertically a label needs 90% of a line; horizontally half of each neighbour's width.
          const QFontMetricsF sm(font);
          const bool vertical = a->orientation() == Qt::Vertical;
          QMap<double, QString> shown;
          double lastKept = std::numeric_limits<double>::quiet_NaN();
          double lastWidth = 0;
          for (auto it = f.fullTicks.cbegin(); it != f.fullTicks.cend(); ++it) {
            const double p = a->coordToPixel(it.key());
            const double w = sm.horizontalAdvance(it.value());
            const double apart = vertical ? sm.height() * 0.9 : (w + lastWidth) / 2 + 2;
            const bool keep = it.value().isEmpty() || std::isnan(lastKept) || std::abs(p - lastKept) >= apart;
            shown.insert(it.key(), keep ? it.value() : QString());
            if (keep && !it.value().isEmpty()) {
              lastKept = p;
              lastWidth = w;
            }
          }
          // At one size labels once left out stay out (as wrapped lines stay): a layout that
          // kept them all gave the next one less room, which left them out, and so on.
          const auto kept = [](const QMap<double, QString>& m) {
            return std::count_if(m.cbegin(), m.cend(), [](const QString& v) { return !v.isEmpty(); });
          };
          if (!newSize && f.shownTicks.size() == shown.size() && f.shownTicks.keys() == shown.keys() &&
              kept(f.shownTicks) < kept(shown))
            shown = f.shownTicks;
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
  // New tick counts take effect at the next layout. A few rounds settle every chart; should
  // some text ever go back and forth, the chart stops asking instead of replotting for ever.
  m_fitRounds = retick ? m_fitRounds + 1 : 0;
  if (retick && m_fitRounds <= 12 && !m_trialLayout) replot(rpQueuedReplot);
  if (!m_trialLayout && !retick) {
    QSize plot(std::numeric_limits<int>::max(), std::numeric_limits<int>::max());
    for (QCPAxisRect* r : axisRects())
      if (r->visible()) plot = plot.boundedTo(r->rect().size());
    const QSize chrome = viewport().size() - plot;
    if (std::abs(chrome.width() - m_chrome.width()) > 2 || std::abs(chrome.height() - m_chrome.height()) > 2) {
      m_chrome = chrome;
      Q_EMIT chromeChanged();
    }
  }
}

QString wrapToWidth(const QString& text, const QFontMetricsF& fm, double room, bool* fits, int minLines) {
  *fits = true;
  if (text.isEmpty() || (minLines <= 1 && fm.horizontalAdvance(text) <= room)) return text;
  // Where a line may break: after a space or a hyphen, and between any two CJK characters
  // (Chinese and Japanese put no spaces between words).
  QStringList words;
  QString word;
  for (int i = 0; i < text.size(); ++i) {
    const QChar c = text[i];
    const bool cjk = c.script() == QChar::Script_Han || c.script() == QChar::Script_Hiragana ||
                     c.script() == QChar::Script_Katakana || (c.unicode() >= 0x3000 && c.unicode() <= 0x303F) ||
                     (c.unicode() >= 0xFF00 && c.unicode() <= 0xFFEF);
    if (cjk && !word.isEmpty() && !word.endsWith(QLatin1Char(' '))) {
      words << word;
      word.clear();
    }
    word += c;
    if (c == QLatin1Char(' ') || c == QLatin1Char('-') || cjk) {
      words << word;
      word.clear();
    }
  }
  if (!word.isEmpty()) words << word;
  const int n = static_cast<int>(words.size());
  const auto join = [&](int from, int to) { return words.mid(from, to - from).join(QString()).trimmed(); };
  // One line, two, three: of every way to break, the one with the narrowest widest line. The
  // fewest lines that fit, and no fewer than minLines where the text can be broken that often.
  struct Candidate {
    QString text;
    double width = std::numeric_limits<double>::infinity();
  };
  Candidate byLines[3];
  byLines[0] = {text, fm.horizontalAdvance(text)};
  for (int i = 1; i < n; ++i) {
    const QString a = join(0, i), b = join(i, n);
    const double w = std::max(fm.horizontalAdvance(a), fm.horizontalAdvance(b));
    if (w < byLines[1].width) byLines[1] = {a + QLatin1Char('\n') + b, w};
    for (int j = i + 1; j < n; ++j) {
      const QString c = join(i, j), d = join(j, n);
      const double w3 = std::max({fm.horizontalAdvance(a), fm.horizontalAdvance(c), fm.horizontalAdvance(d)});
      if (w3 < byLines[2].width) byLines[2] = {a + QLatin1Char('\n') + c + QLatin1Char('\n') + d, w3};
    }
  }
  const int most = n >= 3 ? 3 : std::max(1, n);
  for (int lines = std::min(std::max(1, minLines), most); lines <= most; ++lines)
    if (byLines[lines - 1].width <= room) return byLines[lines - 1].text;
  // Too long even so: the narrowest form (a one-line text wider than its column would take
  // width from the column beside it, and the room measured next time would differ again).
  *fits = false;
  return byLines[most - 1].width < byLines[0].width ? byLines[most - 1].text : text;
}

ChartBase::FitAt ChartBase::fitAt(const QSize& size) {
  // Everything the text fitting changes, put back after the trial: the chart on screen keeps
  // its texts and geometry exactly (a trial that left it fitted to another size started its
  // own layouts over, which asked for the pages to be chosen again, and so on).
  struct AxisState {
    QCPAxis* axis;
    QString label;
    QFont tickFont;
    int tickCount;
    QMap<double, QString> ticks;
  };
  std::vector<AxisState> axes;
  const auto keep = [&axes](QCPAxis* a) {
    const QSharedPointer<QCPAxisTickerText> text = a->ticker().dynamicCast<QCPAxisTickerText>();
    axes.push_back({a, a->label(), a->tickLabelFont(), a->ticker() ? a->ticker()->tickCount() : 0,
                    text ? text->ticks() : QMap<double, QString>()});
  };
  for (QCPAxisRect* r : axisRects())
    for (QCPAxis* a : r->axes()) keep(a);
  std::vector<std::pair<QCPTextElement*, QString>> texts;
  for (int i = 0; i < plotLayout()->elementCount(); ++i) {
    if (auto* cs = qobject_cast<QCPColorScale*>(plotLayout()->elementAt(i))) keep(cs->axis());
    if (auto* t = qobject_cast<QCPTextElement*>(plotLayout()->elementAt(i))) texts.emplace_back(t, t->text());
  }
  const int legendWrap = legend ? legend->wrap() : 0;
  const auto fitted = m_fitted;
  const auto fittedTexts = m_fittedTexts;
  const QSize fittedViewport = m_fittedViewport;
  const QStringList cut = m_cutTexts;
  const int rounds = m_fitRounds;

  const QRect old = viewport();
  setViewport(QRect(QPoint(0, 0), size));
  m_trialLayout = true;
  // Again with the texts fitted to this size (lines, legend rows, tick counts) taking their room.
  for (int i = 0; i < 3; ++i) updateLayout();
  FitAt fit{QSize(std::numeric_limits<int>::max(), std::numeric_limits<int>::max()), m_cutTexts.isEmpty()};
  for (QCPAxisRect* r : axisRects())
    if (r->visible()) fit.plot = fit.plot.boundedTo(r->rect().size());

  for (const AxisState& st : axes) {
    st.axis->setLabel(st.label);
    st.axis->setTickLabelFont(st.tickFont);
    if (st.axis->ticker()) st.axis->ticker()->setTickCount(st.tickCount);
    if (const QSharedPointer<QCPAxisTickerText> text = st.axis->ticker().dynamicCast<QCPAxisTickerText>()) text->ticks() = st.ticks;
  }
  for (const auto& [t, text] : texts) t->setText(text);
  if (legend && legend->wrap() != legendWrap) {
    legend->setWrap(legendWrap);
    legend->setFillOrder(QCPLegend::foColumnsFirst, true);
  }
  m_fitted = fitted;
  m_fittedTexts = fittedTexts;
  m_fittedViewport = fittedViewport;
  m_cutTexts = cut;
  m_fitRounds = rounds;
  setViewport(old);
  if (!old.isEmpty()) {
    m_noFit = true;  // the same layout as before the trial, nothing fitted anew
    updateLayout();
    m_noFit = false;
  }
  m_trialLayout = false;
  return fit;
}

void ChartBase::fitTo(const QSize& size) {
  const QRect old = viewport();
  setViewport(QRect(QPoint(0, 0), size));
  m_trialLayout = true;  // no replot requests, no chromeChanged for the dashboard's pages
  for (int i = 0; i < 3; ++i) updateLayout();
  m_trialLayout = false;
  setViewport(old);
  markDirty();
}

QString ChartBase::fullText(const QCPTextElement* element) const {
  const auto it = m_fittedTexts.constFind(const_cast<QCPTextElement*>(element));
  return it != m_fittedTexts.cend() && element->text() == it->shown ? it->full : element->text();
}

QString ChartBase::fullLabel(const QCPAxis* axis) const {
  const auto it = m_fitted.constFind(const_cast<QCPAxis*>(axis));
  return it != m_fitted.cend() && axis->label() == it->shownLabel ? it->fullLabel : axis->label();
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
  const auto edge = [&](double at, const char* kind, int exponent) {
    const QString value = powerOfTwoLabel(exponent);
    return FormatEdge{at, QCoreApplication::translate("ChartBase", kind).arg(name, value),
                      QStringLiteral("%1 %2").arg(name, value)};
  };
  return {edge(lim.min_subnormal_exp - 0.5, QT_TRANSLATE_NOOP("ChartBase", "%1 subnormal %2"), lim.min_subnormal_exp),
          edge(lim.min_normal_exp - 0.5, QT_TRANSLATE_NOOP("ChartBase", "%1 normal %2"), lim.min_normal_exp),
          edge(lim.max_exp + 0.5, QT_TRANSLATE_NOOP("ChartBase", "%1 max %2"), lim.max_exp)};
}

QString limitsOutsideNote(kernels::Format format) {
  const kernels::FormatLimits lim = kernels::format_limits(format);
  return QCoreApplication::translate("ChartBase", "%1 limits (%2 \u2026 %3) lie outside the plotted exponents")
      .arg(formatName(format), powerOfTwoLabel(lim.min_subnormal_exp), powerOfTwoLabel(lim.max_exp));
}

QRectF drawnTextBox(const QCPItemText* item) {
  double x0 = 1e9, y0 = 1e9, x1 = -1e9, y1 = -1e9;  // QRectF::united skips empty rects: by hand
  for (const QCPItemAnchor* a : {item->topLeft, item->topRight, item->bottomLeft, item->bottomRight}) {
    const QPointF p = a->pixelPosition();
    x0 = std::min(x0, p.x());
    y0 = std::min(y0, p.y());
    x1 = std::max(x1, p.x());
    y1 = std::max(y1, p.y());
  }
  return QRectF(QPointF(x0, y0), QPointF(x1, y1));
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

void ChartBase::styleLimitLabel(QCPItemText* label, const QMargins& padding) const {
  label->setColor(m_theme.threshold);
  label->setFont(m_theme.font(0.85, true));
  label->setPadding(padding);
  QColor background = m_theme.background;
  background.setAlpha(210);
  label->setBrush(background);
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
