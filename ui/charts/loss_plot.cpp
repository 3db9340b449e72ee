#include "charts/loss_plot.h"

#include "runs/step_history.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace ampscope::ui {

LossPlot::LossPlot(QWidget* parent)
    : ChartBase(tr("Training loss"), QStringLiteral("loss"), parent) {
  setupStepAxis(xAxis);
  m_linear = true;
  setLinear(false);
  m_loss = addGraph();
  m_loss->setName(tr("loss"));
  m_overlay = addGraph();
  m_overlay->setVisible(false);
  m_overlay->removeFromLegend();
  m_skipped = addMarkerGraph();
  m_skipped->setName(markerName());
  m_cursor = new QCPItemStraightLine(this);
  m_cursor->setVisible(false);
  moveLegendAboveAxes();
  setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  axisRect()->setRangeDrag(Qt::Horizontal);
  axisRect()->setRangeZoom(Qt::Horizontal);
  // Shift+click looks at a step (a plain drag pans), as on the scale chart.
  connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
    if (e->button() == Qt::LeftButton && axisRect()->rect().contains(e->pos()) && (e->modifiers() & Qt::ShiftModifier))
      Q_EMIT stepClicked(static_cast<qint64>(std::lround(xAxis->pixelToCoord(e->pos().x()))));
  });
  // Only what the visible range needs goes into the graphs (decimated to the pixels): a zoom
  // or a pan recomputes it just before the replot.
  connect(this, &QCustomPlot::beforeReplot, this, [this] { redecimate(false); });
  // A decimated noisy loss is a dense zigzag: joins drawn the fast way cost a fraction and
  // look the same at that density.
  setPlottingHint(QCP::phFastPolylines, true);
  applyTheme(m_theme);
  rebuild();
}

void LossPlot::retranslate() {
  setTitle(tr("Training loss"));
  xAxis->setLabel(stepAxisLabel());
  yAxis->setLabel(axisLabel());
  m_skipped->setName(markerName());
  updateLegend();
}

QString LossPlot::markerName() const {
  // A cross marks a skipped step, or a loss that went non-finite on a step that was not skipped
  // (no scaler: fp32, bf16, --no-scaler): the legend names what this run's crosses are.
  if (m_markedNonfinite > 0 && m_markedSkips > 0) return tr("skipped step or non-finite loss");
  if (m_markedNonfinite > 0) return tr("non-finite loss");
  return tr("skipped step");
}

void LossPlot::setLossRecorded(bool recorded) {
  if (recorded == m_lossRecorded) return;
  m_lossRecorded = recorded;
  rebuild();
  updateLegend();
  markDirty();
}

void LossPlot::applyTheme(const PlotTheme& theme) {
  ChartBase::applyTheme(theme);
  if (!m_loss) return;
  m_loss->setPen(QPen(theme.loss, theme.lineWidth));
  m_overlay->setPen(QPen(theme.overlay, theme.lineWidth, Qt::DashLine));
  m_skipped->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, QPen(theme.skipped, theme.lineWidth),
                                             Qt::NoBrush, theme.presentation ? 14 : 9));
  m_cursor->setPen(QPen(theme.highlight, theme.lineWidth, Qt::DashLine));
  m_decimatedWidth = 0;  // the line width depends on the density (redecimate)
}

QString LossPlot::axisLabel() const {
  if (m_userLoss) return m_linear ? tr("loss") : tr("loss (log)");
  return m_linear ? tr("cross-entropy loss") : tr("cross-entropy loss (log)");
}

void LossPlot::setLinear(bool linear) {
  if (linear == m_linear) return;
  m_linear = linear;
  if (linear) {
    yAxis->setScaleType(QCPAxis::stLinear);
    yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    yAxis->grid()->setSubGridVisible(false);
  } else {
    yAxis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> log(new QCPAxisTickerLog);
    log->setLogBase(10);
    log->setSubTickCount(8);
    yAxis->setTicker(log);
    yAxis->grid()->setSubGridVisible(true);
  }
  yAxis->setNumberFormat(QStringLiteral("gb"));
  yAxis->setLabel(axisLabel());
}

void LossPlot::setHistory(const StepHistory* history) {
  ChartBase::setHistory(history);
  setLinear(false);  // rebuild() switches again if this run's loss goes below 0
}

void LossPlot::setUserLoss(bool user) {
  m_userLoss = user;
  yAxis->setLabel(axisLabel());
  markDirty();
}

void LossPlot::rebuild() {
  m_loss->data()->clear();
  m_skipped->data()->clear();
  m_markedSkips = m_markedNonfinite = 0;
  m_consumed = 0;
  m_lossMin = std::numeric_limits<double>::infinity();
  m_lossMax = m_linear ? -std::numeric_limits<double>::infinity() : 0;
  m_lastFinite = 0;
  m_userRange = false;
  if (m_overlayHistory) scanOverlay();  // its extent on this axis
  appendSteps(0, 0);
  fitRange();
}

QVector<QCPGraphData> decimateLoss(const std::vector<StepPoint>& pts, double lo, double hi, int buckets,
                                   double zeroAt, bool logAxis) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  auto byStep = [](const StepPoint& p, double s) { return static_cast<double>(p.step) < s; };
  // The visible steps and one more on each side, so that the line reaches the edges.
  auto first = std::lower_bound(pts.begin(), pts.end(), lo, byStep);
  auto last = std::lower_bound(first, pts.end(), hi, byStep);
  if (first != pts.begin()) --first;
  if (last != pts.end()) ++last;
  const std::size_t n = static_cast<std::size_t>(last - first);
  QVector<QCPGraphData> out;
  const std::size_t per = std::max<std::size_t>(1, (n + static_cast<std::size_t>(std::max(1, buckets)) - 1) /
                                                      static_cast<std::size_t>(std::max(1, buckets)));
  auto value = [zeroAt, logAxis](const StepPoint& p) {
    if (std::isfinite(p.loss) && (p.loss > 0 || !logAxis)) return p.loss;
    return p.loss == 0 ? zeroAt : std::numeric_limits<double>::quiet_NaN();
  };
  if (per == 1) {
    out.reserve(static_cast<int>(n));
    for (auto it = first; it != last; ++it) out.append(QCPGraphData(static_cast<double>(it->step), value(*it)));
    return out;
  }
  // Min and max of each bucket, in step order: the drawn envelope is the full data's. A
  // non-finite loss in a bucket keeps its gap.
  out.reserve(static_cast<int>(3 * (n / per + 1)));
  for (auto b = first; b != last;) {
    const auto e = b + static_cast<std::ptrdiff_t>(std::min<std::size_t>(per, static_cast<std::size_t>(last - b)));
    auto mn = e, mx = e, gap = e;
    for (auto it = b; it != e; ++it) {
      const double v = value(*it);
      if (std::isnan(v)) {
        if (gap == e) gap = it;
        continue;
      }
      if (mn == e || v < value(*mn)) mn = it;
      if (mx == e || v > value(*mx)) mx = it;
    }
    std::array<decltype(b), 3> picks{mn, mx, gap};
    std::sort(picks.begin(), picks.end());
    for (std::size_t i = 0; i < picks.size(); ++i) {
      if (picks[i] == e || (i > 0 && picks[i] == picks[i - 1])) continue;
      out.append(QCPGraphData(static_cast<double>(picks[i]->step), picks[i] == gap ? nan : value(*picks[i])));
    }
    b = e;
  }
  return out;
}

void LossPlot::redecimate(bool force) {
  const QCPRange range = xAxis->range();
  const int width = std::max(200, axisRect()->width());
  if (!force && range == m_decimatedRange && width == m_decimatedWidth) return;
  m_decimatedRange = range;
  m_decimatedWidth = width;
  // About one bucket per pixel (two points each): more would not change a pixel.
  // Zero losses sit on the floor of what is drawn (see decimateLoss).
  double floor = m_lossMin;  // +inf until a positive finite loss arrives
  if (m_overlayHistory && m_overlayMax > 0 && !m_linear) floor = std::min(floor, m_overlayMin);
  const double zeroAt = std::isfinite(floor) ? floor : std::numeric_limits<double>::quiet_NaN();
  const bool log = !m_linear;
  m_loss->data()->set(m_history ? decimateLoss(m_history->points(), range.lower, range.upper, width, zeroAt, log)
                                 : QVector<QCPGraphData>{},
                      true);
  m_overlay->data()->set(m_overlayHistory
                             ? decimateLoss(m_overlayHistory->points(), range.lower, range.upper, width, zeroAt, log)
                             : QVector<QCPGraphData>{},
                         true);
  // A decimated loss is one zigzag per pixel column: 1 px wide, as on the scale chart.
  fitLineWidth(m_loss, width);
  fitLineWidth(m_overlay, width);
}

void LossPlot::appendSteps(qint64, qint64) {
  if (!m_history) return;
  const auto& pts = m_history->points();
  for (; m_consumed < pts.size(); ++m_consumed) {
    const StepPoint& p = pts[m_consumed];
    if (!m_linear && std::isfinite(p.loss) && p.loss < 0) {
      // This run's loss goes negative: a linear axis, and everything drawn again on it.
      setLinear(true);
      rebuild();
      return;
    }
    const double x = static_cast<double>(p.step);
    const bool ok = std::isfinite(p.loss) && (p.loss > 0 || m_linear);
    if (ok) {
      m_lastFinite = p.loss;
      m_lossMin = std::min(m_lossMin, p.loss);
      m_lossMax = std::max(m_lossMax, p.loss);
    }
    // A skipped step, or a non-finite loss, is marked; without a finite loss at the last finite
    // one. A loss of exactly 0 is an ordinary step (drawn on the floor, see decimateLoss): in a
    // 1,000,000-step fp16 soak, 99,215 of the first 271,316 steps had loss 0, and marking them
    // all cost 30 ms a replot.
    // A run without a loss (loss_recorded false) has NaN for "unknown": nothing to mark.
    const bool nonfinite = !std::isfinite(p.loss) && m_lossRecorded;
    if (p.skipped) ++m_markedSkips;
    else if (nonfinite) ++m_markedNonfinite;
    if (p.skipped || nonfinite)
      m_skipped->addData(x, ok ? p.loss : (m_linear || m_lastFinite > 0 ? m_lastFinite : 1.0));
  }
  if (const QString name = markerName(); name != m_skipped->name()) m_skipped->setName(name);
  if (following()) fitRange();
  redecimate(true);
  markDirty();
}

void LossPlot::fitRange() {
  double last = m_history && !m_history->empty() ? static_cast<double>(m_history->lastStep()) : 100.0;
  double lo = m_lossMin, hi = m_lossMax;
  if (m_overlay->visible()) {
    last = std::max(last, m_overlayLast);
    if (m_linear ? std::isfinite(m_overlayMin) : m_overlayMax > 0) {
      lo = std::min(lo, m_overlayMin);
      hi = std::max(hi, m_overlayMax);
    }
  }
  xAxis->setRange(0, std::max(10.0, last * 1.02 + 1));
  if (m_linear && std::isfinite(lo) && std::isfinite(hi) && lo <= hi) {
    const double pad = hi > lo ? 0.08 * (hi - lo) : std::max(0.5, 0.1 * std::fabs(hi));
    yAxis->setRange(lo - pad, hi + pad);
  } else if (hi > 0 && std::isfinite(lo))
    yAxis->setRange(lo / 1.3, hi * 1.3);
  else
    yAxis->setRange(0.01, 10);
  markDirty();
}

void LossPlot::setOverlay(const StepHistory* other, const QString& mainLabel, const QString& otherLabel) {
  m_overlayHistory = other;
  m_mainLabel = other ? mainLabel : QString();
  m_overlayLabel = other ? otherLabel : QString();
  m_overlay->setVisible(other != nullptr);
  scanOverlay();
  if (other && !m_linear) {
    for (const StepPoint& p : other->points()) {
      if (std::isfinite(p.loss) && p.loss < 0) {  // the other run goes negative: both on a linear axis
        setLinear(true);
        rebuild();
        break;
      }
    }
  }
  updateLegend();
  if (following()) fitRange();
  redecimate(true);
  markDirty();
}

void LossPlot::scanOverlay() {
  m_overlayMin = std::numeric_limits<double>::infinity();
  m_overlayMax = m_linear ? -std::numeric_limits<double>::infinity() : 0;
  m_overlayLast = 0;
  if (!m_overlayHistory) return;
  for (const StepPoint& p : m_overlayHistory->points()) {
    if (!(std::isfinite(p.loss) && (p.loss > 0 || m_linear))) continue;
    m_overlayMin = std::min(m_overlayMin, p.loss);
    m_overlayMax = std::max(m_overlayMax, p.loss);
  }
  if (!m_overlayHistory->empty()) m_overlayLast = static_cast<double>(m_overlayHistory->lastStep());
}

void LossPlot::updateLegend() {
  if (m_overlay->visible()) {
    m_loss->setName(m_mainLabel);
    m_overlay->setName(m_overlayLabel);
    if (!legend->hasItemWithPlottable(m_overlay)) {
      // Keep the order: this run, the other run, then the skipped marker.
      m_skipped->removeFromLegend();
      m_overlay->addToLegend();
      m_skipped->addToLegend();
    }
  } else {
    m_loss->setName(m_lossRecorded ? tr("loss") : tr("no loss: the script gave probe.step() none"));
    m_overlay->removeFromLegend();
  }
}

void LossPlot::setShownStep(qint64 step) {
  ChartBase::setShownStep(step);
  m_cursor->setVisible(step >= 0);
  m_cursor->point1->setCoords(static_cast<double>(step), 1);
  m_cursor->point2->setCoords(static_cast<double>(step), 2);
}

}  // namespace ampscope::ui
