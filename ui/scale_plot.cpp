#include "scale_plot.h"

#include "narrator.h"
#include "step_history.h"

#include <QToolTip>

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
    : ChartBase(QStringLiteral("Loss scale"), QStringLiteral("scale"), parent) {
  setSubtitle(QStringLiteral("the scale each step ran with \u00b7 hover for details"));
  setupStepAxis(xAxis);
  yAxis->setLabel(QStringLiteral("loss scale S (log\u2082 axis)"));
  yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new PowerOfTwoTicker));
  m_scale = addGraph();
  m_scale->setName(QStringLiteral("scale"));
  m_scale->setLineStyle(QCPGraph::lsStepLeft);
  m_skipped = addGraph();
  m_skipped->setName(QStringLiteral("skipped step (backoff)"));
  m_skipped->setLineStyle(QCPGraph::lsNone);
  m_grown = addGraph();
  m_grown->setName(QStringLiteral("growth"));
  m_grown->setLineStyle(QCPGraph::lsNone);
  m_cursor = new QCPItemStraightLine(this);
  m_cursor->setVisible(false);
  moveLegendAboveAxes();
  setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  axisRect()->setRangeDrag(Qt::Horizontal);
  axisRect()->setRangeZoom(Qt::Horizontal);
  setMouseTracking(true);
  connect(this, &QCustomPlot::mouseMove, this, &ScalePlot::showHover);
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
  m_skipped->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangleInverted, QPen(theme.skipped, theme.lineWidth),
                                             QBrush(theme.skipped), size));
  m_grown->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle, QPen(theme.grow, theme.lineWidth),
                                           QBrush(theme.grow), size));
  m_cursor->setPen(QPen(theme.highlight, theme.lineWidth, Qt::DashLine));
}

void ScalePlot::setScalerInUse(bool on) {
  setSubtitle(on ? QStringLiteral("the scale each step ran with \u00b7 hover for details")
                 : QStringLiteral("no loss scaling in this run: S = 1, nothing is skipped"));
}

void ScalePlot::rebuild() {
  m_scale->data()->clear();
  m_skipped->data()->clear();
  m_grown->data()->clear();
  m_consumed = 0;
  m_lo = std::numeric_limits<double>::infinity();
  m_hi = -std::numeric_limits<double>::infinity();
  m_userRange = false;
  appendSteps(0, 0);
  fitRange();
}

void ScalePlot::appendSteps(qint64, qint64) {
  if (!m_history) return;
  const auto& pts = m_history->points();
  if (m_consumed == pts.size()) return;
  // Drop the previous tail (the scale after the previous newest step), the new steps replace it.
  if (m_consumed > 0) m_scale->data()->removeAfter(static_cast<double>(pts[m_consumed - 1].step) + 0.5);
  for (; m_consumed < pts.size(); ++m_consumed) {
    const StepPoint& p = pts[m_consumed];
    const double x = static_cast<double>(p.step);
    const double before = log2OrNan(p.scale_before), after = log2OrNan(p.scale_after);
    m_scale->addData(x, before);
    if (std::isfinite(before)) {
      m_lo = std::min(m_lo, before);
      m_hi = std::max(m_hi, before);
    }
    if (std::isfinite(after)) {
      m_lo = std::min(m_lo, after);
      m_hi = std::max(m_hi, after);
    }
    if (p.skipped) m_skipped->addData(x, before);
    if (p.reason == ScaleChangeReason::Grow || p.reason == ScaleChangeReason::ClampedMax) m_grown->addData(x + 1, after);
  }
  // The scale after the newest step holds from the next step on.
  if (!pts.empty()) {
    const StepPoint& last = pts.back();
    m_scale->addData(static_cast<double>(last.step) + 1, log2OrNan(last.scale_after));
  }
  if (following()) fitRange();
  markDirty();
}

void ScalePlot::fitRange() {
  const double last = m_history && !m_history->empty() ? static_cast<double>(m_history->lastStep()) : 100.0;
  xAxis->setRange(0, std::max(10.0, last * 1.02 + 2));
  if (std::isfinite(m_lo) && std::isfinite(m_hi))
    yAxis->setRange(std::floor(m_lo) - 1.5, std::ceil(m_hi) + 1.5);
  else
    yAxis->setRange(0, 24);
  markDirty();
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
  QString text = QStringLiteral("step %1\nscale %2 \u2192 %3 (%4)\ngrowth tracker %5")
                     .arg(p->step)
                     .arg(number(p->scale_before), number(p->scale_after),
                          QString::fromUtf8(std::string(to_string(p->reason)).c_str()))
                     .arg(p->growth_tracker);
  if (p->skipped) text += QStringLiteral("\nstep skipped");
  if (p->found_inf && p->first_offender >= 0 && p->first_offender < m_layerNames.size())
    text += QStringLiteral("\nfirst offender: %1").arg(m_layerNames.at(p->first_offender));
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
