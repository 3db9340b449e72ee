#include "charts/histogram_heatmap.h"

#include "panels/narrator.h"
#include "charts/special_buckets.h"
#include "runs/step_history.h"

#include <ampscope/scale_text.h>

#include <QFontMetricsF>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <limits>

namespace ampscope::ui {

namespace {
// Columns after the exponent bins: a gap, then zero / NaN / +inf / -inf, each kSpecialWidth wide
// so that their labels stay readable next to the narrow exponent bins.
constexpr int kSpecialWidth = 4;
const char* const kSpecialWords[kSpecialBuckets] = {QT_TRANSLATE_NOOP("ampscope::ui::HistogramHeatmap", "zero"), "NaN",
                                                    "+inf", "-inf"};
constexpr int kHideBiasesAbove = 20;  // rows: beyond this many layers, bias rows are left out
}  // namespace

HistogramHeatmap::HistogramHeatmap(QWidget* parent)
    : ChartBase(tr("Gradient exponents per layer"), QStringLiteral("histogram"), parent) {
  setSubtitle(tr("no step yet"));
  xAxis->setLabel(tr("binary exponent e = \u230Alog\u2082|g|\u230B (scaled, as backward produced it)"));
  yAxis->setRangeReversed(true);
  yAxis->grid()->setVisible(false);
  xAxis->grid()->setVisible(false);
  m_map = new QCPColorMap(xAxis, yAxis);
  m_map->setInterpolate(false);
  m_map->setTightBoundary(false);
  m_colorScale = addLogColorScale(m_map, tr("share of the tensor's elements"));

  for (const FormatEdge& e : formatEdges(m_limits)) {
    auto* line = new QCPItemStraightLine(this);
    line->point1->setCoords(e.edge, 0);
    line->point2->setCoords(e.edge, 1);
    m_edgeLines.push_back(line);
    auto* label = new QCPItemText(this);
    label->setText(e.label);
    // Vertical, along its line from the top: labels never collide however narrow the chart.
    label->setRotation(-90);
    label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    label->position->setTypeX(QCPItemPosition::ptPlotCoords);
    label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    label->position->setCoords(e.edge, 0);
    m_edgeLabels.push_back(label);
  }
  m_separator = new QCPItemStraightLine(this);
  m_specialBand = new QCPItemRect(this);
  m_specialBand->setLayer(QStringLiteral("grid"));
  m_specialBand->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
  m_specialBand->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
  m_selection = new QCPItemRect(this);
  m_selection->setVisible(false);

  setMouseTracking(true);
  connect(this, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
    const int row = rowAt(e->pos()), col = columnAt(e->pos());
    if (row < 0 || col < 0) {
      QToolTip::hideText();
      return;
    }
    QToolTip::showText(e->globalPosition().toPoint(), describeCell(row, col), this);
  });
  connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
    const int row = rowAt(e->pos());
    if (e->button() == Qt::LeftButton && row >= 0) Q_EMIT layerClicked(m_rows[static_cast<std::size_t>(row)]);
  });
  connect(this, &QCustomPlot::afterLayout, this, &HistogramHeatmap::fitLimitLabels);
  applyTheme(m_theme);
  rebuild();
}

void HistogramHeatmap::fitLimitLabels() {
  // Not at the dashboard's trial sizes: the labels stay as the last real layout (or an export's,
  // which lays the chart out at its size before drawing) fitted them.
  if (inTrialLayout()) return;
  const QRectF plot = QRectF(axisRect()->rect()).adjusted(-0.5, -0.5, 0.5, 0.5);
  // Left to right (the limits are in rising order): each label reads upwards beside its line,
  // on the line's left unless that crosses the plot's edge or the label before it, else on its
  // right; the full text where it is no longer than the plot is high, else the short one
  // ("fp16 2⁻²⁴"). A label with room on neither side is left out (its line stays).
  double taken = -1e9;  // right edge of the last label placed
  for (std::size_t i = 0; i < m_edgeLabels.size() && i < m_edges.size(); ++i) {
    QCPItemText* label = m_edgeLabels[i];
    if (!m_edgeLines[i]->visible()) continue;
    bool placed = false;
    for (const QString& text : {m_edges[i].label, m_edges[i].shortLabel}) {
      label->setText(text);
      for (const Qt::Alignment side : {Qt::AlignBottom, Qt::AlignTop}) {  // left of the line, right of it
        label->setPositionAlignment(Qt::AlignRight | side);
        const QRectF box = drawnTextBox(label);
        if (plot.contains(box) && box.left() >= taken - 0.5) {
          taken = box.right();
          placed = true;
          break;
        }
      }
      if (placed) break;
    }
    label->setVisible(placed);
  }
}

void HistogramHeatmap::retranslate() {
  setTitle(tr("Gradient exponents per layer"));
  m_colorScale->axis()->setLabel(tr("share of the tensor's elements"));
  setSubtitle(m_rows.empty() ? tr("no session") : tr("waiting for the first step"));
  layoutAxes();
  if (m_history) showRecord(m_shownStep < 0 ? m_history->latestStats() : m_history->statsAt(m_shownStep));
}

void HistogramHeatmap::applyTheme(const PlotTheme& theme) {
  ChartBase::applyTheme(theme);
  if (!m_map) return;
  m_map->setGradient(shareGradient(theme));
  styleColorScale(m_colorScale);
  for (auto* l : m_edgeLines) l->setPen(QPen(theme.threshold, theme.lineWidth, Qt::DashLine));
  for (QCPItemText* l : m_edgeLabels) styleLimitLabel(l, QMargins(4, 1, 4, 1));
  m_separator->setPen(QPen(theme.foreground, 1, Qt::SolidLine));
  m_specialBand->setPen(Qt::NoPen);
  m_specialBand->setBrush(theme.subGrid);
  m_selection->setPen(QPen(theme.highlight, theme.lineWidth + 1));
  m_selection->setBrush(Qt::NoBrush);
}

void HistogramHeatmap::rebuild() {
  m_rows.clear();
  if (m_history) {
    const auto& layers = m_history->layers();
    const bool hideBiases = layers.size() > static_cast<std::size_t>(kHideBiasesAbove);
    for (std::size_t i = 0; i < layers.size(); ++i)
      if (!hideBiases || layers[i].kind != "bias") m_rows.push_back(static_cast<int>(i));
  }
  m_drawnStep = -1;
  m_counts.clear();
  m_map->data()->clear();
  setSubtitle(m_rows.empty() ? tr("no session") : tr("waiting for the first step"));
  layoutAxes();
  showRecord(m_history ? m_history->latestStats() : nullptr);
}

void HistogramHeatmap::appendSteps(qint64, qint64) {
  if (m_shownStep < 0 && m_history) showRecord(m_history->latestStats());
}

void HistogramHeatmap::setShownStep(qint64 step) {
  ChartBase::setShownStep(step);
  if (!m_history) return;
  showRecord(step < 0 ? m_history->latestStats() : m_history->statsAt(step));
}

void HistogramHeatmap::setShiftByScale(bool on) {
  m_shift = on;
  if (!m_history) return;
  showRecord(m_shownStep < 0 ? m_history->latestStats() : m_history->statsAt(m_shownStep));
}

void HistogramHeatmap::setSelectedLayer(int layer) {
  m_selected = layer;
  layoutAxes();
  markDirty();
}

void HistogramHeatmap::setHistory(const StepHistory* history) {
  // The rows of the layers shown so far go now, before anything lays out the axes with them
  // (setLimitsFormat does, before rebuild()): a replayed deep-mlp's 39 rows, then a run of 3,
  // or the live history (the same object) after a reset to another model.
  m_rows.clear();
  m_selected = -1;
  ChartBase::setHistory(history);
}

void HistogramHeatmap::setLimitsFormat(kernels::Format format) {
  if (m_limits == format) return;
  m_limits = format;
  layoutAxes();
  if (m_history) showRecord(m_shownStep < 0 ? m_history->latestStats() : m_history->statsAt(m_shownStep));
}

void HistogramHeatmap::layoutAxes() {
  const int nExp = m_hi - m_lo + 1;
  const int nx = nExp + kSpecialGap + kSpecialBuckets * kSpecialWidth;
  const double x0 = m_lo - m_shiftBy;
  // The limits' smallest subnormal stays in view when the histogram reaches it; below it, only
  // as far down as the data goes.
  const int keep = kernels::format_limits(m_limits).min_subnormal_exp - 2 - m_lo;
  const double left = std::max(0, (keep >= 0 ? std::min(m_lowestBin, keep) : m_lowestBin) - 1);
  xAxis->setRange(x0 + left - 0.5, x0 + nx - 0.5);
  yAxis->setRange(-0.5, std::max<double>(0.5, static_cast<double>(m_rows.size()) - 0.5));

  QSharedPointer<QCPAxisTickerText> xt(new QCPAxisTickerText);
  const int trueLo = static_cast<int>(std::ceil(m_lo - m_shiftBy)), trueHi = static_cast<int>(std::floor(m_hi - m_shiftBy));
  const int step = m_theme.presentation ? 10 : 5;
  for (int t = trueLo; t <= trueHi; ++t) {
    if (((t % step) + step) % step != 0) continue;
    if ((left == 0 && t - trueLo < 3) || trueHi - t < 3) continue;  // keep room for the open-ended labels
    xt->addTick(t, QString::number(t).replace(QLatin1Char('-'), QChar(0x2212)));
  }
  if (left == 0) xt->addTick(x0, QStringLiteral("\u2264%1").arg(m_lo - m_shiftBy, 0, 'g', 4).replace(QLatin1Char('-'), QChar(0x2212)));
  xt->addTick(x0 + nExp - 1, QStringLiteral("\u2265%1").arg(m_hi - m_shiftBy, 0, 'g', 4).replace(QLatin1Char('-'), QChar(0x2212)));
  for (int s = 0; s < kSpecialBuckets; ++s)
    xt->addTick(x0 + nExp + kSpecialGap + s * kSpecialWidth + (kSpecialWidth - 1) / 2.0, QString::fromUtf8(kSpecialBucketNames[s]));
  xAxis->setTicker(xt);
  xAxis->setLabel(m_shift ? tr("binary exponent of the unscaled gradient g/S = e \u2212 log\u2082 S")
                          : tr("binary exponent e = \u230Alog\u2082|g|\u230B of the scaled gradient"));

  QSharedPointer<QCPAxisTickerText> yt(new QCPAxisTickerText);
  if (m_history) {
    const auto& layers = m_history->layers();
    for (std::size_t r = 0; r < m_rows.size(); ++r)
      yt->addTick(static_cast<double>(r), QString::fromStdString(layers[static_cast<std::size_t>(m_rows[r])].name));
  }
  yAxis->setTicker(yt);
  yAxis->setSubTicks(false);
  yAxis->setLabel(QString());
  // Many rows (deep models): smaller row labels so that they stay apart.
  const double rowFont = m_rows.size() > 24 ? 0.72 : m_rows.size() > 14 ? 0.85 : 0.95;
  yAxis->setTickLabelFont(m_theme.font(rowFont));

  const std::vector<FormatEdge> edges = formatEdges(m_limits);
  m_edges = edges;
  m_limitsInside = false;
  for (std::size_t i = 0; i < edges.size() && i < m_edgeLines.size(); ++i) {
    const double x = edges[i].edge - m_shiftBy;
    const bool inside = x > x0 + left && x < x0 + nExp - 1;
    m_limitsInside = m_limitsInside || inside;
    m_edgeLabels[i]->setText(edges[i].label);
    m_edgeLines[i]->point1->setCoords(x, 0);
    m_edgeLines[i]->point2->setCoords(x, 1);
    m_edgeLines[i]->setVisible(inside);
    m_edgeLabels[i]->position->setCoords(x, 0);
    m_edgeLabels[i]->setVisible(inside);
  }
  const double sep = x0 + nExp - 1 + (kSpecialGap + 1) / 2.0;
  m_separator->point1->setCoords(sep, 0);
  m_separator->point2->setCoords(sep, 1);
  m_specialBand->topLeft->setCoords(x0 + nExp + kSpecialGap - 0.5, 0);
  m_specialBand->bottomRight->setCoords(x0 + nx - 0.5, 1);

  int selRow = -1;
  for (std::size_t r = 0; r < m_rows.size(); ++r)
    if (m_rows[r] == m_selected) selRow = static_cast<int>(r);
  m_selection->setVisible(selRow >= 0);
  m_selection->topLeft->setCoords(x0 + left - 0.5, selRow - 0.5);
  m_selection->bottomRight->setCoords(x0 + nx - 0.5, selRow + 0.5);
  markDirty();
}

void HistogramHeatmap::showRecord(const StepRecord* r) {
  if (!r || r->layers.empty() || m_rows.empty()) {
    markDirty();
    return;
  }
  const kernels::TensorStats& any = r->layers.front().stats;
  m_lo = any.lo;
  m_hi = any.hi;
  m_shiftBy = m_shift && r->scale_before > 0 ? std::log2(r->scale_before) : 0.0;
  const int nExp = m_hi - m_lo + 1;
  const int nx = nExp + kSpecialGap + kSpecialBuckets * kSpecialWidth;
  const int ny = static_cast<int>(m_rows.size());
  const double x0 = m_lo - m_shiftBy;
  m_map->data()->setSize(nx, ny);
  m_map->data()->setRange(QCPRange(x0, x0 + nx - 1), QCPRange(0, std::max(1, ny - 1)));
  if (ny == 1) m_map->data()->setValueRange(QCPRange(-0.5, 0.5));
  m_counts.assign(static_cast<std::size_t>(ny), std::vector<std::int64_t>(static_cast<std::size_t>(nx), -1));
  m_numel.assign(static_cast<std::size_t>(ny), 0);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  double minShare = 1.0;
  m_lowestBin = nExp - 1;
  for (int row = 0; row < ny; ++row) {
    const int layer = m_rows[static_cast<std::size_t>(row)];
    const LayerStepStats* ls = nullptr;
    for (const auto& l : r->layers)
      if (l.layer == layer) ls = &l;
    for (int c = 0; c < nx; ++c) m_map->data()->setCell(c, row, nan);
    if (!ls || ls->stats.numel <= 0) continue;
    const kernels::TensorStats& s = ls->stats;
    auto& counts = m_counts[static_cast<std::size_t>(row)];
    m_numel[static_cast<std::size_t>(row)] = s.numel;
    const double n = static_cast<double>(s.numel);
    auto put = [&](int c, std::int64_t count) {
      counts[static_cast<std::size_t>(c)] = count;
      if (count <= 0) return;
      const double share = static_cast<double>(count) / n;
      minShare = std::min(minShare, share);
      m_map->data()->setCell(c, row, share);
    };
    for (int b = 0; b < static_cast<int>(s.bins.size()) && b < nExp; ++b) {
      put(b, s.bins[static_cast<std::size_t>(b)]);
      if (s.bins[static_cast<std::size_t>(b)] > 0) m_lowestBin = std::min(m_lowestBin, b);
    }
    const std::array<std::int64_t, kSpecialBuckets> special = specialBucketCounts(s);
    for (int k = 0; k < kSpecialBuckets; ++k)
      for (int w = 0; w < kSpecialWidth; ++w) put(nExp + kSpecialGap + k * kSpecialWidth + w, special[k]);
  }
  m_map->setDataRange(QCPRange(std::max(1e-7, std::min(minShare, 1e-3)), 1.0));
  m_drawnStep = r->step;
  // "S = 2¹⁶" as the axes write powers of two; a scale between them also says where it lies:
  // "S = 45875.2 (2^15.49)".
  int k = 0;
  const QString scale = exact_power_of_two(r->scale_before, k) ? QStringLiteral("S = %1").arg(powerOfTwoLabel(k))
                        : r->scale_before > 0 && std::isfinite(r->scale_before)
                            ? QStringLiteral("S = %1 (2^%2)").arg(scaleText(r->scale_before)).arg(std::log2(r->scale_before), 0, 'f', 2)
                            : QStringLiteral("S = %1").arg(scaleText(r->scale_before));
  QString sub = tr("step %1").arg(r->step) + QStringLiteral(" \u00b7 ") + scale;
  if (r->skipped) sub += QStringLiteral(" \u00b7 ") + tr("step skipped");
  if (m_shift) sub += QStringLiteral(" \u00b7 ") + tr("unscaled view");
  if (m_history && m_rows.size() < m_history->layers().size()) sub += QStringLiteral(" \u00b7 ") + tr("bias rows hidden");
  layoutAxes();
  if (!m_limitsInside) sub += QStringLiteral(" \u00b7 ") + limitsOutsideNote(m_limits);
  setSubtitle(sub);
}

int HistogramHeatmap::rowAt(const QPoint& pos) const {
  if (!axisRect()->rect().contains(pos) || m_rows.empty()) return -1;
  const int row = static_cast<int>(std::lround(yAxis->pixelToCoord(pos.y())));
  return row >= 0 && row < static_cast<int>(m_rows.size()) ? row : -1;
}

int HistogramHeatmap::columnAt(const QPoint& pos) const {
  if (!axisRect()->rect().contains(pos) || m_counts.empty()) return -1;
  const int col = static_cast<int>(std::lround(xAxis->pixelToCoord(pos.x()) - (m_lo - m_shiftBy)));
  return col >= 0 && col < static_cast<int>(m_counts.front().size()) ? col : -1;
}

QString HistogramHeatmap::describeCell(int row, int column) const {
  if (!m_history || row < 0 || row >= static_cast<int>(m_counts.size())) return {};
  const auto& counts = m_counts[static_cast<std::size_t>(row)];
  if (column < 0 || column >= static_cast<int>(counts.size())) return {};
  const LayerInfo& li = m_history->layers()[static_cast<std::size_t>(m_rows[static_cast<std::size_t>(row)])];
  const int nExp = m_hi - m_lo + 1;
  QString bucket;
  if (column < nExp) {
    const int e = m_lo + column;
    const QString shift = m_shift ? tr(" (unscaled: %1)").arg(e - m_shiftBy, 0, 'g', 4) : QString();
    if (column == 0)
      bucket = tr("exponent \u2264 %1%2").arg(e).arg(shift);
    else if (column == nExp - 1)
      bucket = tr("exponent \u2265 %1%2").arg(e).arg(shift);
    else
      bucket = tr("exponent %1: |g| in [2^%1, 2^%2)%3").arg(e).arg(e + 1).arg(shift);
  } else if (column >= nExp + kSpecialGap) {
    bucket = tr(kSpecialWords[(column - nExp - kSpecialGap) / kSpecialWidth]);
  } else {
    return {};
  }
  const std::int64_t count = counts[static_cast<std::size_t>(column)];
  const std::int64_t numel = m_numel[static_cast<std::size_t>(row)];
  if (count < 0) return tr("%1\nno statistics at this step").arg(QString::fromStdString(li.name));
  return tr("%1 \u2014 %2\n%3 of %4 elements (%5%)")
      .arg(QString::fromStdString(li.name), bucket)
      .arg(count)
      .arg(numel)
      .arg(numel > 0 ? 100.0 * static_cast<double>(count) / static_cast<double>(numel) : 0.0, 0, 'g', 3);
}

}  // namespace ampscope::ui
