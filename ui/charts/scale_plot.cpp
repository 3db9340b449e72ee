#include "charts/scale_plot.h"

#include "panels/narrator.h"
#include "runs/step_history.h"

#include <QToolTip>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace ampscope::ui {

namespace {
/// Integer exponents labelled as powers of two ("2¹⁶").
class PowerOfTwoTicker : public QCPAxisTicker {
 protected:
  double getTickStep(const QCPRange& range) override {
    const double step = QCPAxisTicker::getTickStep(range);
    return std::max(1.0, std::round(step));
  }
  int getSubTickCount(double) override { return 0; }
  QString getTickLabel(double tick, const QLocale&, QChar, int) override {
    return powerOfTwoLabel(static_cast<int>(std::lround(tick)));
  }
};

double log2OrNan(double v) { return v > 0 && std::isfinite(v) ? std::log2(v) : std::numeric_limits<double>::quiet_NaN(); }
}  // namespace

ScalePlot::ScalePlot(QWidget* parent)
    : ChartBase(tr("Loss scale"), QStringLiteral("scale"), parent) {
  setSubtitle(tr("the scale each step ran with") + QStringLiteral(" \u00b7 ") + tr("hover for details"));
  setupStepAxis(xAxis);
  yAxis->setLabel(tr("scale S (log\u2082)"));
  yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new PowerOfTwoTicker));
  m_scale = addGraph();
  m_scale->setName(tr("scale"));
  m_scale->setLineStyle(QCPGraph::lsStepLeft);
  m_overlay = addGraph();
  m_overlay->setLineStyle(QCPGraph::lsStepLeft);
  m_overlay->setVisible(false);
  m_overlay->removeFromLegend();
  m_overlaySkipped = addMarkerGraph();
  m_overlaySkipped->setVisible(false);
  m_overlaySkipped->removeFromLegend();
  m_skipped = addMarkerGraph();
  m_skipped->setName(tr("skipped step (backoff)"));
  m_grown = addMarkerGraph();
  m_grown->setName(tr("growth"));
  m_cursor = new QCPItemStraightLine(this);
  m_cursor->setVisible(false);
  moveLegendAboveAxes();
  setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  axisRect()->setRangeDrag(Qt::Horizontal);
  axisRect()->setRangeZoom(Qt::Horizontal);
  setMouseTracking(true);
  connect(this, &QCustomPlot::mouseMove, this, &ScalePlot::showHover);
  // A zoom or a pan re-decimates just before the replot (see decimateSteps).
  connect(this, &QCustomPlot::beforeReplot, this, [this] { redecimate(false); });
  connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
    if (e->button() == Qt::LeftButton && axisRect()->rect().contains(e->pos()) && (e->modifiers() & Qt::ShiftModifier))
      Q_EMIT stepClicked(static_cast<qint64>(std::lround(xAxis->pixelToCoord(e->pos().x()))));
  });
  applyTheme(m_theme);
  rebuild();
}

void ScalePlot::applyTheme(const PlotTheme& theme) {
  ChartBase::applyTheme(theme);
  if (!m_scale) return;
  m_scale->setPen(QPen(theme.scale, theme.lineWidth));
  const double size = theme.presentation ? 14 : 9;
  m_overlay->setPen(QPen(theme.overlay, theme.lineWidth, Qt::DashLine));
  m_overlaySkipped->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangleInverted,
                                                    QPen(theme.overlay, theme.lineWidth), Qt::NoBrush, size));
  m_skipped->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangleInverted, QPen(theme.skipped, theme.lineWidth),
                                             QBrush(theme.skipped), size));
  m_grown->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle, QPen(theme.grow, theme.lineWidth),
                                           QBrush(theme.grow), size));
  m_cursor->setPen(QPen(theme.highlight, theme.lineWidth, Qt::DashLine));
  m_decimatedWidth = 0;  // the step line's pen is chosen with its density (redecimate)
}

void ScalePlot::setScalerInUse(bool on) {
  m_scalerInUse = on;
  // A figure has no mouse: its subtitle says what the line is, not how to ask it.
  setSubtitle(!on        ? tr("no loss scaling in this run: S = 1, nothing is skipped")
              : printing() ? tr("the scale each step ran with")
                           : tr("the scale each step ran with") + QStringLiteral(" \u00b7 ") + tr("hover for details"));
}

void ScalePlot::retranslate() {
  setTitle(tr("Loss scale"));
  xAxis->setLabel(stepAxisLabel());
  yAxis->setLabel(tr("scale S (log\u2082)"));
  m_skipped->setName(tr("skipped step (backoff)"));
  m_grown->setName(tr("growth"));
  setScalerInUse(m_scalerInUse);
  updateLegend();
}

void ScalePlot::rebuild() {
  m_scaleAll.clear();
  m_skippedAll.clear();
  m_grownAll.clear();
  m_consumed = 0;
  m_lo = std::numeric_limits<double>::infinity();
  m_hi = -std::numeric_limits<double>::infinity();
  m_userRange = false;
  appendSteps(0, 0);
  fitRange();
}

void ScalePlot::addScaleChanges(QCPGraphDataContainer& data, const std::vector<StepPoint>& pts, std::size_t from,
                                double& last) {
  for (std::size_t i = from; i < pts.size(); ++i) {
    // The same scale as the step before: the same log2, already held (a 1,000,000-step overlay
    // spent 40 ms of the GUI thread on log2 alone).
    if (i > 0 && pts[i].scale_before == pts[i - 1].scale_before) continue;
    const double before = log2OrNan(pts[i].scale_before);
    // Same scale (or still NaN) as the previous step: the step line already holds it.
    if (i > 0 && (before == last || (std::isnan(before) && std::isnan(last)))) continue;
    data.add(QCPGraphData(static_cast<double>(pts[i].step), before));
    last = before;
  }
  // The scale after the newest step holds from the next step on.
  if (!pts.empty()) data.add(QCPGraphData(static_cast<double>(pts.back().step) + 1, log2OrNan(pts.back().scale_after)));
}

QVector<QCPGraphData> decimateSteps(const QCPGraphDataContainer& all, double lo, double hi, int width, bool markers) {
  QVector<QCPGraphData> out;
  auto begin = all.findBegin(lo, true);
  auto end = all.findEnd(hi, true);
  const auto n = end - begin;
  width = std::max(1, width);
  if (n <= 2 * width || !(hi > lo)) {
    out.reserve(static_cast<int>(n));
    for (auto it = begin; it != end; ++it) out.append(*it);
    return out;
  }
  const double perKey = static_cast<double>(width) / (hi - lo);
  auto column = [&](double key) { return static_cast<long long>(std::floor((key - lo) * perKey)); };
  for (auto b = begin; b != end;) {
    const long long c = column(b->key);
    auto e = b;
    while (e != end && column(e->key) == c) ++e;
    if (markers) {
      std::vector<double> seen;
      for (auto it = b; it != e; ++it) {
        if (std::find(seen.begin(), seen.end(), it->value) != seen.end()) continue;
        seen.push_back(it->value);
        out.append(*it);
      }
    } else {
      auto mn = b, mx = b, gap = e;
      for (auto it = b; it != e; ++it) {
        if (std::isnan(it->value)) {
          if (gap == e) gap = it;
          continue;
        }
        if (std::isnan(mn->value) || it->value < mn->value) mn = it;
        if (std::isnan(mx->value) || it->value > mx->value) mx = it;
      }
      std::array<decltype(b), 5> picks{b, mn, mx, gap, e - 1};
      std::sort(picks.begin(), picks.end());
      for (std::size_t i = 0; i < picks.size(); ++i) {
        if (picks[i] == e || (i > 0 && picks[i] == picks[i - 1])) continue;
        out.append(*picks[i]);
      }
    }
    b = e;
  }
  return out;
}

void ScalePlot::redecimate(bool force) {
  const QCPRange range = xAxis->range();
  const int width = std::max(200, axisRect()->width());
  if (!force && range == m_decimatedRange && width == m_decimatedWidth) return;
  m_decimatedRange = range;
  m_decimatedWidth = width;
  m_scale->data()->set(decimateSteps(m_scaleAll, range.lower, range.upper, width, false), true);
  m_skipped->data()->set(decimateSteps(m_skippedAll, range.lower, range.upper, width, true), true);
  m_grown->data()->set(decimateSteps(m_grownAll, range.lower, range.upper, width, true), true);
  fitLineWidth(m_scale, width);  // 1 px where dense: the theme's width costs 4x there
}

void ScalePlot::appendSteps(qint64, qint64) {
  if (!m_history) return;
  const auto& pts = m_history->points();
  if (m_consumed == pts.size()) return;
  // Drop the previous tail (the scale after the previous newest step), the new steps replace it.
  if (m_consumed > 0) m_scaleAll.removeAfter(static_cast<double>(pts[m_consumed - 1].step) + 0.5);
  // Display decimation without loss: only the steps where the scale changes become points.
  addScaleChanges(m_scaleAll, pts, m_consumed, m_lastAdded);
  for (; m_consumed < pts.size(); ++m_consumed) {
    const StepPoint& p = pts[m_consumed];
    const double x = static_cast<double>(p.step);
    const double before = log2OrNan(p.scale_before), after = log2OrNan(p.scale_after);
    if (std::isfinite(before)) {
      m_lo = std::min(m_lo, before);
      m_hi = std::max(m_hi, before);
    }
    if (std::isfinite(after)) {
      m_lo = std::min(m_lo, after);
      m_hi = std::max(m_hi, after);
    }
    if (p.skipped) m_skippedAll.add(QCPGraphData(x, before));
    if (p.reason == ScaleChangeReason::Grow || p.reason == ScaleChangeReason::ClampedMax)
      m_grownAll.add(QCPGraphData(x + 1, after));
  }
  if (following()) fitRange();
  redecimate(true);
  markDirty();
}

void ScalePlot::fitRange() {
  double last = m_history && !m_history->empty() ? static_cast<double>(m_history->lastStep()) : 100.0;
  double lo = m_lo, hi = m_hi;
  if (m_overlayHistory) {
    last = std::max(last, m_overlayLast);
    lo = std::min(lo, m_overlayLo);
    hi = std::max(hi, m_overlayHi);
  }
  xAxis->setRange(0, std::max(10.0, last * 1.02 + 2));
  if (std::isfinite(lo) && std::isfinite(hi))
    yAxis->setRange(std::floor(lo) - 1.5, std::ceil(hi) + 1.5);
  else
    yAxis->setRange(0, 24);
  markDirty();
}

void ScalePlot::setOverlay(const StepHistory* other, const QString& mainLabel, const QString& otherLabel) {
  m_overlay->data()->clear();
  m_overlaySkipped->data()->clear();
  m_overlayHistory = other;
  m_mainLabel = other ? mainLabel : QString();
  m_overlayLabel = other ? otherLabel : QString();
  m_overlay->setVisible(other != nullptr);
  m_overlaySkipped->setVisible(other != nullptr);
  m_overlayLo = std::numeric_limits<double>::infinity();
  m_overlayHi = -std::numeric_limits<double>::infinity();
  m_overlayLast = 0;
  if (other) {
    double last = 0;
    addScaleChanges(*m_overlay->data(), other->points(), 0, last);
    // The range on the raw scales (log2 is monotonic): one log2 each end, not two per step.
    double lo = std::numeric_limits<double>::infinity(), hi = 0;
    for (const StepPoint& p : other->points()) {
      for (const double v : {p.scale_before, p.scale_after}) {
        if (!(v > 0 && std::isfinite(v))) continue;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
      if (p.skipped) m_overlaySkipped->addData(static_cast<double>(p.step), log2OrNan(p.scale_before));
    }
    if (hi > 0) {
      m_overlayLo = std::log2(lo);
      m_overlayHi = std::log2(hi);
    }
    if (!other->empty()) m_overlayLast = static_cast<double>(other->lastStep());
  }
  updateLegend();
  if (following()) fitRange();
  markDirty();
}

void ScalePlot::updateLegend() {
  if (m_overlayHistory) {
    m_scale->setName(m_mainLabel);
    m_overlay->setName(m_overlayLabel);
    m_overlaySkipped->setName(tr("skipped (%1)").arg(m_overlayLabel.section(QLatin1Char(':'), 0, 0)));
    if (!legend->hasItemWithPlottable(m_overlay)) {
      // This run, the other run, then the markers.
      m_skipped->removeFromLegend();
      m_grown->removeFromLegend();
      m_overlay->addToLegend();
      m_skipped->addToLegend();
      m_grown->addToLegend();
      m_overlaySkipped->addToLegend();
    }
  } else {
    m_scale->setName(tr("scale"));
    m_overlay->removeFromLegend();
    m_overlaySkipped->removeFromLegend();
  }
}

void ScalePlot::setShownStep(qint64 step) {
  ChartBase::setShownStep(step);
  m_cursor->setVisible(step >= 0);
  m_cursor->point1->setCoords(static_cast<double>(step), 0);
  m_cursor->point2->setCoords(static_cast<double>(step), 1);
}

QString ScalePlot::describeStep(qint64 step) const {
  if (!m_history) return {};
  const StepPoint* p = m_history->pointAt(step);
  if (!p || p->step != step) return {};
  QString text = tr("step %1\nscale %2 \u2192 %3 (%4)\ngrowth tracker %5")
                     .arg(p->step)
                     .arg(scaleText(p->scale_before), scaleText(p->scale_after),
                          reasonText(p->reason))
                     .arg(p->growth_tracker);
  if (p->skipped) text += QLatin1Char('\n') + tr("step skipped");
  if (p->found_inf && p->first_offender >= 0 && p->first_offender < m_layerNames.size())
    text += QLatin1Char('\n') + tr("first offender: %1").arg(m_layerNames.at(p->first_offender));
  if (m_overlayHistory) {
    const StepPoint* o = m_overlayHistory->pointAt(step);
    if (o && o->step == step)
      text += tr("\n%1: scale %2 \u2192 %3 (%4)%5")
                  .arg(m_overlayLabel, scaleText(o->scale_before), scaleText(o->scale_after),
                       reasonText(o->reason),
                       o->skipped ? tr(", skipped") : QString());
  }
  return text;
}

void ScalePlot::showHover(QMouseEvent* e) {
  if (!m_history || m_history->empty() || !axisRect()->rect().contains(e->pos())) {
    QToolTip::hideText();
    return;
  }
  const qint64 step = static_cast<qint64>(std::floor(xAxis->pixelToCoord(e->pos().x())));
  const StepPoint* p = m_history->pointAt(step);
  if (!p) return;
  QToolTip::showText(e->globalPosition().toPoint(), describeStep(p->step), this);
}

}  // namespace ampscope::ui
