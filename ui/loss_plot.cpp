#include "loss_plot.h"

#include "step_history.h"

#include <cmath>
#include <limits>

namespace ampscope::ui {

LossPlot::LossPlot(QWidget* parent)
    : ChartBase(QStringLiteral("Training loss"), QStringLiteral("loss"), parent) {
  setupStepAxis(xAxis);
  yAxis->setLabel(QStringLiteral("loss (cross-entropy, log scale)"));
  yAxis->setScaleType(QCPAxis::stLogarithmic);
  QSharedPointer<QCPAxisTickerLog> log(new QCPAxisTickerLog);
  log->setLogBase(10);
  log->setSubTickCount(8);
  yAxis->setTicker(log);
  yAxis->setNumberFormat(QStringLiteral("gb"));
  yAxis->grid()->setSubGridVisible(true);
  m_loss = addGraph();
  m_loss->setName(QStringLiteral("loss"));
  m_skipped = addGraph();
  m_skipped->setName(QStringLiteral("skipped step"));
  m_skipped->setLineStyle(QCPGraph::lsNone);
  m_cursor = new QCPItemStraightLine(this);
  m_cursor->setVisible(false);
  moveLegendAboveAxes();
  setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  axisRect()->setRangeDrag(Qt::Horizontal);
  axisRect()->setRangeZoom(Qt::Horizontal);
  applyTheme(m_theme);
  rebuild();
}

void LossPlot::applyTheme(const PlotTheme& theme) {
  ChartBase::applyTheme(theme);
  if (!m_loss) return;
  m_loss->setPen(QPen(theme.loss, theme.lineWidth));
  m_skipped->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, QPen(theme.skipped, theme.lineWidth),
                                             Qt::NoBrush, theme.presentation ? 14 : 9));
  m_cursor->setPen(QPen(theme.highlight, theme.lineWidth, Qt::DashLine));
}

void LossPlot::rebuild() {
  m_loss->data()->clear();
  m_skipped->data()->clear();
  m_consumed = 0;
  m_lossMin = std::numeric_limits<double>::infinity();
  m_lossMax = 0;
  m_lastFinite = 0;
  m_userRange = false;
  appendSteps(0, 0);
  fitRange();
}

void LossPlot::appendSteps(qint64, qint64) {
  if (!m_history) return;
  const auto& pts = m_history->points();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (; m_consumed < pts.size(); ++m_consumed) {
    const StepPoint& p = pts[m_consumed];
    const double x = static_cast<double>(p.step);
    const bool ok = std::isfinite(p.loss) && p.loss > 0;
    m_loss->addData(x, ok ? p.loss : nan);
    if (ok) {
      m_lastFinite = p.loss;
      m_lossMin = std::min(m_lossMin, p.loss);
      m_lossMax = std::max(m_lossMax, p.loss);
    }
    // A skipped step, or a non-finite loss, is marked; without a finite loss at the last finite one.
    if (p.skipped || !ok) m_skipped->addData(x, ok ? p.loss : (m_lastFinite > 0 ? m_lastFinite : 1.0));
  }
  if (following()) fitRange();
  markDirty();
}

void LossPlot::fitRange() {
  const double last = m_history && !m_history->empty() ? static_cast<double>(m_history->lastStep()) : 100.0;
  xAxis->setRange(0, std::max(10.0, last * 1.02 + 1));
  if (m_lossMax > 0 && std::isfinite(m_lossMin))
    yAxis->setRange(m_lossMin / 1.3, m_lossMax * 1.3);
  else
    yAxis->setRange(0.01, 10);
  markDirty();
}

void LossPlot::setShownStep(qint64 step) {
  ChartBase::setShownStep(step);
  m_cursor->setVisible(step >= 0);
  m_cursor->point1->setCoords(static_cast<double>(step), 1);
  m_cursor->point2->setCoords(static_cast<double>(step), 2);
}

}  // namespace ampscope::ui
