#include "charts/layer_history_heatmap.h"

#include "charts/special_buckets.h"
#include "runs/step_history.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ampscope::ui {

namespace {
constexpr int kSpecialHeight = 3;  // rows per zero/NaN/inf bucket, so that their labels stay apart
constexpr std::int64_t kMaxColumns = 2048;
}  // namespace

LayerHistoryHeatmap::LayerHistoryHeatmap(QWidget* parent)
    : ChartBase(tr("Selected layer over time"), QStringLiteral("layer-history"), parent) {
  setSubtitle(tr("select a layer in the table or the histogram"));
  setupStepAxis(xAxis);
  yAxis->setLabel(tr("exponent e of the scaled gradient"));
  xAxis->grid()->setVisible(false);
  yAxis->grid()->setVisible(false);
  m_map = new QCPColorMap(xAxis, yAxis);
  m_map->setInterpolate(false);
  m_colorScale = addLogColorScale(m_map, tr("share of elements"));
  for (const FormatEdge& e : formatEdges(m_limits)) {
    auto* line = new QCPItemStraightLine(this);
    line->point1->setCoords(0, e.edge);
    line->point2->setCoords(1, e.edge);
    m_edgeLines.push_back(line);
    auto* label = new QCPItemText(this);
    label->setText(e.label);
    label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    label->position->setTypeY(QCPItemPosition::ptPlotCoords);
    label->position->setCoords(0.0, e.edge);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    m_edgeLabels.push_back(label);
  }
  for (std::size_t k = 0; k < m_edgeLines.size(); ++k) {
    auto* g = addGraph(xAxis, yAxis);
    g->setLineStyle(QCPGraph::lsStepCenter);
    g->setVisible(false);
    g->removeFromLegend();
    m_edgeGraphs.push_back(g);
  }
  m_separator = new QCPItemStraightLine(this);
  m_cursor = new QCPItemStraightLine(this);
  m_cursor->setVisible(false);
  m_slice = new QCPCurve(xAxis, yAxis);
  m_slice->removeFromLegend();
  m_slice->setVisible(false);
  m_sliceLine = new QCPItemStraightLine(this);
  m_sliceLine->setVisible(false);
  setMouseTracking(true);
  connect(this, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
    const bool inside = axisRect()->rect().contains(e->pos()) && showSliceAt(xAxis->pixelToCoord(e->pos().x()));
    if (!inside) hideSlice();
    replot(QCustomPlot::rpQueuedReplot);
  });
  connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
    if (e->button() == Qt::LeftButton && axisRect()->rect().contains(e->pos()))
      Q_EMIT stepClicked(static_cast<qint64>(std::lround(xAxis->pixelToCoord(e->pos().x()))));
  });
  applyTheme(m_theme);  redraw();  // the empty state until a history and a layer arrive
}

void LayerHistoryHeatmap::retranslate() {
  setTitle(tr("Selected layer over time"));
  xAxis->setLabel(stepAxisLabel());
  yAxis->setLabel(tr("exponent e of the scaled gradient"));
  m_colorScale->axis()->setLabel(tr("share of elements"));
  setSubtitle(tr("select a layer in the table or the histogram"));
  redraw();
}

void LayerHistoryHeatmap::applyTheme(const PlotTheme& theme) {
  ChartBase::applyTheme(theme);
  if (!m_map) return;
  m_map->setGradient(shareGradient(theme));
  styleColorScale(m_colorScale);
  for (auto* l : m_edgeLines) l->setPen(QPen(theme.threshold, theme.lineWidth, Qt::DashLine));
  for (QCPGraph* g : m_edgeGraphs) g->setPen(QPen(theme.threshold, theme.lineWidth, Qt::DashLine));
  if (m_slice) {
    m_slice->setPen(QPen(theme.foreground, theme.lineWidth * 1.5));
    m_sliceLine->setPen(QPen(theme.foreground, 1, Qt::DotLine));
  }
  for (QCPItemText* l : m_edgeLabels) styleLimitLabel(l, QMargins(4, 0, 4, 1));
  m_separator->setPen(QPen(theme.foreground, 1));
  m_cursor->setPen(QPen(theme.highlight, theme.lineWidth, Qt::DashLine));
}

void LayerHistoryHeatmap::rebuild() {
  const auto& layers = m_history ? m_history->layers() : std::vector<LayerInfo>{};
  if (m_layer < 0 || m_layer >= static_cast<int>(layers.size())) m_layer = layers.empty() ? -1 : 0;
  m_userRange = false;
  redraw();
}

void LayerHistoryHeatmap::appendSteps(qint64, qint64) { redraw(); }

void LayerHistoryHeatmap::setShownStep(qint64 step) {
  ChartBase::setShownStep(step);
  m_cursor->setVisible(step >= 0);
  m_cursor->point1->setCoords(static_cast<double>(step), 0);
  m_cursor->point2->setCoords(static_cast<double>(step), 1);
}

bool LayerHistoryHeatmap::showSliceAt(double step) {
  QCPColorMapData* d = m_map->data();
  if (m_nExp <= 0 || d->keySize() <= 0 || d->keyRange().lower > step + 0.5 || d->keyRange().upper < step - 0.5) {
    hideSlice();
    return false;
  }
  int ki = 0;
  d->coordToCell(step, d->valueRange().lower, &ki, nullptr);
  ki = std::clamp(ki, 0, d->keySize() - 1);
  double key = 0, value0 = 0;
  d->cellToCoord(ki, 0, &key, &value0);
  double peak = 0;
  for (int v = 0; v < m_nExp; ++v) {
    const double share = d->cell(ki, v);
    if (std::isfinite(share)) peak = std::max(peak, share);
  }
  if (peak <= 0) {
    hideSlice();
    return false;
  }
  // A profile a sixth of the visible step range wide, drawn to the right of the hovered column.
  const double width = xAxis->range().size() / 6.0;
  QVector<double> t, x, y;
  for (int v = 0; v < m_nExp; ++v) {
    const double share = d->cell(ki, v);
    t.push_back(v);
    x.push_back(key + width * (std::isfinite(share) ? share : 0.0) / peak);
    y.push_back(value0 + v);
  }
  m_slice->setData(t, x, y, true);
  m_slice->setVisible(true);
  m_sliceLine->point1->setCoords(key, 0);
  m_sliceLine->point2->setCoords(key, 1);
  m_sliceLine->setVisible(true);
  return true;
}

void LayerHistoryHeatmap::hideSlice() {
  m_slice->setVisible(false);
  m_sliceLine->setVisible(false);
}

void LayerHistoryHeatmap::setUnscaled(bool on) {
  if (m_unscaled == on) return;
  m_unscaled = on;
  redraw();
}

void LayerHistoryHeatmap::setLimitsFormat(kernels::Format format) {
  if (m_limits == format) return;
  m_limits = format;
  redraw();
}

void LayerHistoryHeatmap::setSelectedLayer(int layer) {
  m_layer = layer;
  redraw();
}

void LayerHistoryHeatmap::redraw() {
  markDirty();
  // The limits' lines and labels, also before there is anything to draw (a new run's format).
  const std::vector<FormatEdge> edges = formatEdges(m_limits);
  for (std::size_t k = 0; k < m_edgeLabels.size() && k < edges.size(); ++k) {
    m_edgeLabels[k]->setText(edges[k].label);
    m_edgeLines[k]->point1->setCoords(0, edges[k].edge);
    m_edgeLines[k]->point2->setCoords(1, edges[k].edge);
  }
  // Nothing to show (no session, no layer, no statistics yet): an empty plot, not the colour
  // map's default cells and a stray separator.
  const auto clear = [this] {
    m_map->data()->clear();
    m_separator->setVisible(false);
  };
  if (!m_history || m_layer < 0 || m_layer >= static_cast<int>(m_history->layers().size())) return clear();
  const LayerInfo& li = m_history->layers()[static_cast<std::size_t>(m_layer)];
  const auto& recent = m_history->recentStats();
  if (recent.empty()) {
    setSubtitle(tr("%1 \u00b7 waiting for statistics").arg(QString::fromStdString(li.name)));
    return clear();
  }
  m_separator->setVisible(true);
  const std::int64_t first = recent.front().step, last = recent.back().step;
  const std::int64_t span = last - first + 1;
  // One column per kept record at most: a sparse sample (replay, stats_every > 1) leaves no
  // empty columns between its records.
  const int nx = static_cast<int>(std::min({span, kMaxColumns, static_cast<std::int64_t>(recent.size())}));
  const double perCell = static_cast<double>(span) / nx;
  // The histogram range of the newest record (constant within a session).
  for (const auto& l : recent.back().layers) {
    m_lo = l.stats.lo;
    m_hi = l.stats.hi;
    break;
  }
  // Unscaled view: each column moves down by its step's log2 S, so the rows are the exponents of
  // the true gradients g/S, and fp16's window (fixed in the scaled view) moves with the scale.
  auto shiftOf = [this](const StepRecord& r) {
    return m_unscaled && r.scale_before > 0 ? static_cast<int>(std::lround(std::log2(r.scale_before))) : 0;
  };
  int minShift = std::numeric_limits<int>::max(), maxShift = std::numeric_limits<int>::min();
  for (const StepRecord& r : recent) {
    minShift = std::min(minShift, shiftOf(r));
    maxShift = std::max(maxShift, shiftOf(r));
  }
  const int yLo = m_lo - maxShift, yHi = m_hi - minShift;  // exponent range of the rows
  const int nExp = yHi - yLo + 1;
  m_nExp = nExp;
  const int ny = nExp + kSpecialGap + kSpecialBuckets * kSpecialHeight;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  m_map->data()->setSize(nx, ny);
  m_map->data()->setRange(QCPRange(static_cast<double>(first), static_cast<double>(first) + (nx - 1) * perCell),
                          QCPRange(yLo, yLo + ny - 1));
  m_map->data()->fill(nan);
  double minShare = 1.0;
  int lowest = yHi;  // lowest occupied exponent bin, to crop the empty bottom of the axis
  for (QCPGraph* g : m_edgeGraphs) g->data()->clear();
  for (const StepRecord& r : recent) {
    const LayerStepStats* ls = nullptr;
    for (const auto& l : r.layers)
      if (l.layer == m_layer) ls = &l;
    if (!ls || ls->stats.numel <= 0) continue;
    const int c = std::min(nx - 1, static_cast<int>(static_cast<double>(r.step - first) / perCell));
    const double n = static_cast<double>(ls->stats.numel);
    auto put = [&](int y, std::int64_t count) {
      if (count <= 0) return;
      const double share = static_cast<double>(count) / n;
      minShare = std::min(minShare, share);
      m_map->data()->setCell(c, y, share);
    };
    const auto& s = ls->stats;
    const int sh = shiftOf(r), row0 = maxShift - sh;  // row of bin 0 (exponent m_lo - sh)
    for (int b = 0; b < static_cast<int>(s.bins.size()) && row0 + b < nExp; ++b) {
      put(row0 + b, s.bins[static_cast<std::size_t>(b)]);
      if (s.bins[static_cast<std::size_t>(b)] > 0) lowest = std::min(lowest, m_lo - sh + b);
    }
    if (m_unscaled)
      for (std::size_t k = 0; k < edges.size() && k < m_edgeGraphs.size(); ++k)
        m_edgeGraphs[k]->addData(static_cast<double>(r.step), edges[k].edge - sh);
    const std::array<std::int64_t, kSpecialBuckets> special = specialBucketCounts(s);
    for (int k = 0; k < kSpecialBuckets; ++k)
      for (int w = 0; w < kSpecialHeight; ++w) put(nExp + kSpecialGap + k * kSpecialHeight + w, special[k]);
  }
  m_map->setDataRange(QCPRange(std::max(1e-7, std::min(minShare, 1e-3)), 1.0));

  QSharedPointer<QCPAxisTickerText> yt(new QCPAxisTickerText);
  const int step = m_theme.presentation ? 10 : 5;
  for (int e = yLo; e <= yHi; ++e) {
    if (((e % step) + step) % step != 0 || yHi - e < 2) continue;
    yt->addTick(e, QString::number(e).replace(QLatin1Char('-'), QChar(0x2212)));
  }
  if (lowest - 2 <= yLo) yt->addTick(yLo, QStringLiteral("\u2264%1").arg(yLo).replace(QLatin1Char('-'), QChar(0x2212)));
  yt->addTick(yHi, QStringLiteral("\u2265%1").arg(yHi).replace(QLatin1Char('-'), QChar(0x2212)));
  for (int k = 0; k < kSpecialBuckets; ++k)
    yt->addTick(yHi + kSpecialGap + 1 + k * kSpecialHeight + (kSpecialHeight - 1) / 2.0, QString::fromUtf8(kSpecialBucketNames[k]));
  // The limits: fixed lines in the scaled view, step lines following the scale unscaled; only
  // those between closed bins.
  for (std::size_t k = 0; k < m_edgeLabels.size() && k < edges.size(); ++k) {
    const bool inside = edges[k].edge > m_lo && edges[k].edge < m_hi;
    m_edgeLines[k]->setVisible(!m_unscaled && inside);
    m_edgeGraphs[k]->setVisible(m_unscaled && inside);
    m_edgeLabels[k]->setVisible(inside);
    m_edgeLabels[k]->position->setCoords(0.0, edges[k].edge - (m_unscaled ? shiftOf(recent.front()) : 0));
  }
  yAxis->setLabel(m_unscaled ? tr("exponent of the unscaled gradient g/S") : tr("exponent e of the scaled gradient"));
  yAxis->setTicker(yt);
  yAxis->setSubTicks(false);
  // Keep the limits' smallest subnormal in view when the histogram reaches it; below it, only as
  // far down as the data goes.
  const int minSub = kernels::format_limits(m_limits).min_subnormal_exp;
  const int bottom = std::max(yLo, (minSub > m_lo ? std::min(lowest, minSub - 1 - (m_unscaled ? maxShift : 0)) : lowest) - 2);
  // A limit line means something only between two closed bins (the end bins are open).
  bool limitsInside = false;
  for (const FormatEdge& e : edges) limitsInside = limitsInside || (e.edge > m_lo && e.edge < m_hi);
  yAxis->setRange(bottom - 0.5, yLo + ny - 0.5);
  m_separator->point1->setCoords(0, yHi + 0.5 + kSpecialGap / 2.0);
  m_separator->point2->setCoords(1, yHi + 0.5 + kSpecialGap / 2.0);
  if (following()) xAxis->setRange(static_cast<double>(first) - 0.5 * perCell, static_cast<double>(last) + 0.5 * perCell);
  setSubtitle(tr("%1 \u00b7 steps %2\u2013%3%4")
                  .arg(QString::fromStdString(li.name))
                  .arg(first)
                  .arg(last)
                  .arg(perCell > 1.0 ? tr(" (%1 steps per column)").arg(perCell, 0, 'g', 3) : QString()) +
              (limitsInside ? QString() : QStringLiteral(" \u00b7 ") + limitsOutsideNote(m_limits)));
}

}  // namespace ampscope::ui
