#include "layer_history_heatmap.h"

#include "step_history.h"

#include <cmath>
#include <limits>

namespace ampscope::ui {

namespace {
constexpr int kGap = 2;
constexpr int kSpecials = 4;
constexpr int kSpecialHeight = 3;  // rows per zero/NaN/inf bucket, so that their labels stay apart
const char* const kSpecialNames[kSpecials] = {"0", "NaN", "+\u221E", "\u2212\u221E"};
constexpr std::int64_t kMaxColumns = 2048;
}  // namespace

LayerHistoryHeatmap::LayerHistoryHeatmap(QWidget* parent)
    : ChartBase(QStringLiteral("Selected layer over time"), QStringLiteral("layer-history"), parent) {
  setSubtitle(QStringLiteral("select a layer in the table or the histogram"));
  setupStepAxis(xAxis);
  yAxis->setLabel(QStringLiteral("exponent e of the scaled gradient"));
  xAxis->grid()->setVisible(false);
  yAxis->grid()->setVisible(false);
  m_map = new QCPColorMap(xAxis, yAxis);
  m_map->setInterpolate(false);
  m_colorScale = addLogColorScale(m_map, QStringLiteral("share of elements"));
  for (const FormatEdge& e : fp16Edges()) {
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
  m_separator = new QCPItemStraightLine(this);
  m_cursor = new QCPItemStraightLine(this);
  m_cursor->setVisible(false);
  connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
    if (e->button() == Qt::LeftButton && axisRect()->rect().contains(e->pos()))
      Q_EMIT stepClicked(static_cast<qint64>(std::lround(xAxis->pixelToCoord(e->pos().x()))));
  });
  applyTheme(m_theme);
}

void LayerHistoryHeatmap::applyTheme(const PlotTheme& theme) {
  ChartBase::applyTheme(theme);
  if (!m_map) return;
  m_map->setGradient(shareGradient(theme));
  QCPAxis* a = m_colorScale->axis();
  a->setBasePen(QPen(theme.foreground));
  a->setTickPen(QPen(theme.foreground));
  a->setSubTickPen(QPen(theme.foreground));
  a->setTickLabelColor(theme.foreground);
  a->setLabelColor(theme.foreground);
  a->setTickLabelFont(theme.font(0.9));
  a->setLabelFont(theme.font(0.95));
  for (auto* l : m_edgeLines) l->setPen(QPen(theme.threshold, theme.lineWidth, Qt::DashLine));
  for (auto* l : m_edgeLabels) {
    l->setColor(theme.threshold);
    l->setFont(theme.font(0.85, true));
    l->setPadding(QMargins(4, 0, 4, 1));
  }
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

void LayerHistoryHeatmap::setSelectedLayer(int layer) {
  m_layer = layer;
  redraw();
}

void LayerHistoryHeatmap::redraw() {
  markDirty();
  if (!m_history || m_layer < 0 || m_layer >= static_cast<int>(m_history->layers().size())) return;
  const LayerInfo& li = m_history->layers()[static_cast<std::size_t>(m_layer)];
  const auto& recent = m_history->recentStats();
  if (recent.empty()) {
    setSubtitle(QStringLiteral("%1 \u00b7 waiting for statistics").arg(QString::fromStdString(li.name)));
    return;
  }
  const std::int64_t first = recent.front().step, last = recent.back().step;
  const std::int64_t span = last - first + 1;
  const int nx = static_cast<int>(std::min(span, kMaxColumns));
  const double perCell = static_cast<double>(span) / nx;
  // The histogram range of the newest record (constant within a session).
  for (const auto& l : recent.back().layers) {
    m_lo = l.stats.lo;
    m_hi = l.stats.hi;
    break;
  }
  const int nExp = m_hi - m_lo + 1;
  const int ny = nExp + kGap + kSpecials * kSpecialHeight;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  m_map->data()->setSize(nx, ny);
  m_map->data()->setRange(QCPRange(static_cast<double>(first), static_cast<double>(first) + (nx - 1) * perCell),
                          QCPRange(m_lo, m_lo + ny - 1));
  m_map->data()->fill(nan);
  double minShare = 1.0;
  int lowest = m_hi;  // lowest occupied exponent bin, to crop the empty bottom of the axis
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
    for (int b = 0; b < static_cast<int>(s.bins.size()) && b < nExp; ++b) {
      put(b, s.bins[static_cast<std::size_t>(b)]);
      if (s.bins[static_cast<std::size_t>(b)] > 0) lowest = std::min(lowest, m_lo + b);
    }
    const std::int64_t special[kSpecials] = {s.zero, s.nan, s.pos_inf, s.neg_inf};
    for (int k = 0; k < kSpecials; ++k)
      for (int w = 0; w < kSpecialHeight; ++w) put(nExp + kGap + k * kSpecialHeight + w, special[k]);
  }
  m_map->setDataRange(QCPRange(std::max(1e-7, std::min(minShare, 1e-3)), 1.0));

  QSharedPointer<QCPAxisTickerText> yt(new QCPAxisTickerText);
  const int step = m_theme.presentation ? 10 : 5;
  for (int e = m_lo; e <= m_hi; ++e) {
    if (((e % step) + step) % step != 0 || m_hi - e < 2) continue;
    yt->addTick(e, QString::number(e).replace(QLatin1Char('-'), QChar(0x2212)));
  }
  if (lowest - 2 <= m_lo) yt->addTick(m_lo, QStringLiteral("\u2264%1").arg(m_lo).replace(QLatin1Char('-'), QChar(0x2212)));
  yt->addTick(m_hi, QStringLiteral("\u2265%1").arg(m_hi).replace(QLatin1Char('-'), QChar(0x2212)));
  for (int k = 0; k < kSpecials; ++k)
    yt->addTick(m_hi + kGap + 1 + k * kSpecialHeight + (kSpecialHeight - 1) / 2.0, QString::fromUtf8(kSpecialNames[k]));
  yAxis->setTicker(yt);
  yAxis->setSubTicks(false);
  // Keep fp16's smallest subnormal in view; below it, only as far down as the data goes.
  const int bottom = std::max(m_lo, std::min(lowest, -25) - 2);
  yAxis->setRange(bottom - 0.5, m_lo + ny - 0.5);
  m_separator->point1->setCoords(0, m_hi + 0.5 + kGap / 2.0);
  m_separator->point2->setCoords(1, m_hi + 0.5 + kGap / 2.0);
  if (following()) xAxis->setRange(static_cast<double>(first) - 0.5 * perCell, static_cast<double>(last) + 0.5 * perCell);
  setSubtitle(QStringLiteral("%1 \u00b7 steps %2\u2013%3%4")
                  .arg(QString::fromStdString(li.name))
                  .arg(first)
                  .arg(last)
                  .arg(perCell > 1.0 ? QStringLiteral(" (%1 steps per column)").arg(perCell, 0, 'g', 3) : QString()));
}

}  // namespace ampscope::ui
