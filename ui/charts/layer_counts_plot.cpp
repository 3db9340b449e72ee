#include "charts/layer_counts_plot.h"

#include "runs/step_history.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <limits>

namespace ampscope::ui {

namespace {
bool shownFor(const LayerInfo& l, LayerCountsPlot::Gradients g) {
  return g == LayerCountsPlot::Gradients::Activations ? l.kind == "activation" : l.kind != "activation";
}
}  // namespace

LayerCountsPlot::LayerCountsPlot(QWidget* parent)
    : ChartBase(tr("Underflow / overflow per layer over steps"), QStringLiteral("layer-counts"), parent) {
  setSubtitle(QString());
  setMinimumHeight(120);  // a third row of charts: smaller than the others can be
  setupStepAxis(xAxis);
  xAxis->grid()->setVisible(false);
  yAxis->grid()->setVisible(false);
  yAxis->setRangeReversed(true);
  // Two maps on the same grid: zeros in a neutral colour under the coloured nonzero cells.
  // With one map a measured zero took the scale's lightest colour, the loud yellow that also
  // means "a little": a chart of mostly zeros read as an alarm. Cells not measured (between
  // reference steps) are transparent in both.
  m_zeroMap = new QCPColorMap(xAxis, yAxis);
  m_zeroMap->setInterpolate(false);
  m_zeroMap->removeFromLegend();
  m_zeroMap->setDataRange(QCPRange(0.0, 1.0));
  m_map = new QCPColorMap(xAxis, yAxis);
  m_map->setInterpolate(false);
  m_colorScale = addLogColorScale(m_map, QString());
  m_colorScale->setDataScaleType(QCPAxis::stLinear);
  m_colorScale->axis()->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
  m_colorScale->axis()->setNumberFormat(QStringLiteral("g"));
  m_colorScale->axis()->setNumberPrecision(3);
  m_offenders = addMarkerGraph(xAxis, yAxis);
  m_offenders->removeFromLegend();
  m_cursor = new QCPItemStraightLine(this);
  m_cursor->setVisible(false);

  m_controls = new QWidget(this);
  auto* h = new QHBoxLayout(m_controls);
  h->setContentsMargins(4, 0, 4, 0);
  m_metricBox = new QComboBox(m_controls);
  m_modeBox = new QComboBox(m_controls);
  m_gradBox = new QComboBox(m_controls);
  m_metricBox->setObjectName(QStringLiteral("layerCountsMetric"));
  m_modeBox->setObjectName(QStringLiteral("layerCountsMode"));
  m_gradBox->setObjectName(QStringLiteral("layerCountsGradients"));
  h->addStretch(1);
  for (QComboBox* b : {m_metricBox, m_modeBox, m_gradBox}) {
    // As wide as their texts where there is room; narrower (the text cut, the list whole) where
    // the chart shares a projected page: the chart, not its choosers, sets the cell's width.
    b->setMinimumWidth(b->fontMetrics().averageCharWidth() * 6 + 24);
    h->addWidget(b);
  }
  fillCombos();
  connect(m_metricBox, &QComboBox::activated, this, [this](int i) { setMetric(i == 0 ? Metric::Underflow : Metric::Overflow); });
  connect(m_modeBox, &QComboBox::activated, this, [this](int i) { setMode(i == 0 ? Mode::Percent : Mode::Count); });
  connect(m_gradBox, &QComboBox::activated, this,
          [this](int i) { setGradients(i == 0 ? Gradients::Weights : Gradients::Activations); });

  connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
    if (e->button() == Qt::LeftButton && axisRect()->rect().contains(e->pos()))
      Q_EMIT stepClicked(static_cast<qint64>(std::lround(xAxis->pixelToCoord(e->pos().x()))));
  });
  connect(this, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
    const QString tip = axisRect()->rect().contains(e->pos())
                            ? toolTipAt(xAxis->pixelToCoord(e->pos().x()), yAxis->pixelToCoord(e->pos().y()))
                            : QString();
    if (tip.isEmpty())
      QToolTip::hideText();
    else
      QToolTip::showText(e->globalPosition().toPoint(), tip, this);
  });
  applyTheme(m_theme);
}

void LayerCountsPlot::fillCombos() {
  const int m = m_metric == Metric::Underflow ? 0 : 1, p = m_mode == Mode::Percent ? 0 : 1,
            g = m_gradients == Gradients::Weights ? 0 : 1;
  m_metricBox->clear();
  m_metricBox->addItems({tr("Underflow"), tr("Overflow + non-finite")});
  m_metricBox->setToolTip(tr("Underflow: elements nonzero in an fp32 reference backward but zero here (reference "
                             "steps only). Overflow: NaN and inf elements and finite ones beyond the format's maximum."));
  m_modeBox->clear();
  m_modeBox->addItems({tr("Percent"), tr("Counts")});
  m_gradBox->clear();
  m_gradBox->addItems({tr("Weight gradients"), tr("Activation gradients")});
  m_metricBox->setCurrentIndex(m);
  m_modeBox->setCurrentIndex(p);
  m_gradBox->setCurrentIndex(g);
}

void LayerCountsPlot::retranslate() {
  setTitle(tr("Underflow / overflow per layer over steps"));
  xAxis->setLabel(stepAxisLabel());
  fillCombos();
  redraw();
}

void LayerCountsPlot::applyTheme(const PlotTheme& theme) {
  ChartBase::applyTheme(theme);
  if (!m_map) return;
  m_map->setGradient(shareGradient(theme));
  m_noneColor = theme.grid;
  QCPColorGradient none;
  none.setColorStops({{0.0, m_noneColor}, {1.0, m_noneColor}});
  none.setNanHandling(QCPColorGradient::nhTransparent);
  m_zeroMap->setGradient(none);
  styleColorScale(m_colorScale);
  m_offenders->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, QPen(theme.offenderMark, theme.lineWidth * 1.4),
                                               Qt::NoBrush, theme.presentation ? 16 : 11));
  m_cursor->setPen(QPen(theme.highlight, theme.lineWidth, Qt::DashLine));
  redraw();
}

void LayerCountsPlot::rebuild() {
  m_userRange = false;
  m_cache = Cache{};  // a new run or a reset history
  redraw();
  fitRange();
}

void LayerCountsPlot::appendSteps(qint64, qint64) {
  redraw();
  if (following()) fitRange();
}

void LayerCountsPlot::fitRange() {
  // The loss and scale charts' range: 0 to just past the newest step.
  const double last = m_history && !m_history->empty() ? static_cast<double>(m_history->lastStep()) : 100.0;
  xAxis->setRange(0, std::max(10.0, last * 1.02 + 1));
  markDirty();
}

void LayerCountsPlot::setShownStep(qint64 step) {
  ChartBase::setShownStep(step);
  m_cursor->setVisible(step >= 0);
  m_cursor->point1->setCoords(static_cast<double>(step), 0);
  m_cursor->point2->setCoords(static_cast<double>(step), 1);
}

void LayerCountsPlot::setMetric(Metric m) {
  if (m_metric == m) return;
  m_metric = m;
  m_metricBox->setCurrentIndex(m == Metric::Underflow ? 0 : 1);
  redraw();
}

void LayerCountsPlot::setMode(Mode m) {
  if (m_mode == m) return;
  m_mode = m;
  m_modeBox->setCurrentIndex(m == Mode::Percent ? 0 : 1);
  redraw();
}

void LayerCountsPlot::setGradients(Gradients g) {
  if (m_gradients == g) return;
  m_gradients = g;
  m_gradBox->setCurrentIndex(g == Gradients::Weights ? 0 : 1);
  redraw();
}

void LayerCountsPlot::showSubtitle(const QString& text) {
  m_subtitleText = text;
  setSubtitle(text);
}

double LayerCountsPlot::valueAt(qint64 step, int layer) const {
  if (layer < 0 || layer >= static_cast<int>(m_rowOfLayer.size()) || m_rowOfLayer[static_cast<std::size_t>(layer)] < 0)
    return std::numeric_limits<double>::quiet_NaN();
  QCPColorMapData* d = m_map->data();
  if (d->keySize() <= 0 || d->valueSize() <= 0) return std::numeric_limits<double>::quiet_NaN();
  int k = 0, v = 0;
  d->coordToCell(static_cast<double>(step), m_rowOfLayer[static_cast<std::size_t>(layer)], &k, &v);
  if (k < 0 || k >= d->keySize() || v < 0 || v >= d->valueSize()) return std::numeric_limits<double>::quiet_NaN();
  const double x = d->cell(k, v);
  return std::isnan(x) ? m_zeroMap->data()->cell(k, v) : x;
}

QString LayerCountsPlot::toolTipAt(double step, double row) const {
  if (!m_history) return {};
  const int r = static_cast<int>(std::lround(row));
  if (r < 0 || r >= static_cast<int>(m_rows.size())) return {};
  const int layer = m_rows[static_cast<std::size_t>(r)];
  const QString name = QString::fromStdString(m_history->layers()[static_cast<std::size_t>(layer)].name);
  // A first-offender mark within half a marker of the pointer wins.
  const double px = xAxis->coordToPixel(step);
  for (const OffenderMark& m : m_marks)
    if (m_rowOfLayer[static_cast<std::size_t>(m.layer)] == r &&
        std::abs(xAxis->coordToPixel(static_cast<double>(m.step)) - px) <= 6)
      return tr("step %1: first offender %2")
          .arg(m.step)
          .arg(QString::fromStdString(m_history->layers()[static_cast<std::size_t>(m.layer)].name));
  const double v = valueAt(static_cast<qint64>(std::lround(step)), layer);
  if (std::isnan(v)) return {};
  return m_mode == Mode::Percent ? tr("%1, step %2: %3%").arg(name).arg(std::lround(step)).arg(v, 0, 'g', 3)
                                 : tr("%1, step %2: %3 elements").arg(name).arg(std::lround(step)).arg(v, 0, 'f', 0);
}

void LayerCountsPlot::redraw() {
  markDirty();
  if (!m_map) return;
  m_rows.clear();
  m_rowOfLayer.clear();
  m_marks.clear();
  m_offenders->data()->clear();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  QCPAxis* scaleAxis = m_colorScale->axis();
  scaleAxis->setLabel(m_mode == Mode::Percent ? tr("% of elements") : tr("elements"));
  if (!m_history) {
    m_map->data()->clear();
    m_zeroMap->data()->clear();
    showSubtitle(QString());
    return;
  }
  const auto& layers = m_history->layers();
  m_rowOfLayer.assign(layers.size(), -1);
  QSharedPointer<QCPAxisTickerText> yt(new QCPAxisTickerText);
  for (std::size_t i = 0; i < layers.size(); ++i)
    if (shownFor(layers[i], m_gradients)) {
      m_rowOfLayer[i] = static_cast<int>(m_rows.size());
      yt->addTick(static_cast<double>(m_rows.size()), QString::fromStdString(layers[i].name));
      m_rows.push_back(static_cast<int>(i));
    }
  yAxis->setTicker(yt);
  yAxis->setSubTicks(false);
  yAxis->setTickLength(0, 0);
  const int ny = static_cast<int>(m_rows.size());
  yAxis->setRange(-0.5, std::max(0, ny - 1) + 0.5);

  // The first offender of each non-finite step, from the scalars of every step (on its own
  // row, or on the row of the same module when its kind of gradient is not shown).
  for (const StepPoint& p : m_history->points()) {
    if (p.first_offender < 0 || p.first_offender >= static_cast<int>(layers.size())) continue;
    int row = m_rowOfLayer[static_cast<std::size_t>(p.first_offender)];
    if (row < 0)
      for (int r = 0; r < ny && row < 0; ++r)
        if (layers[static_cast<std::size_t>(m_rows[static_cast<std::size_t>(r)])].module ==
            layers[static_cast<std::size_t>(p.first_offender)].module)
          row = r;
    if (row < 0) continue;
    m_marks.push_back({p.step, m_rows[static_cast<std::size_t>(row)]});
    m_offenders->addData(static_cast<double>(p.step), row);
  }

  const auto& steps = m_history->countSteps();
  if (ny == 0) {
    m_map->data()->clear();
    m_zeroMap->data()->clear();
    showSubtitle(m_gradients == Gradients::Activations ? tr("no activation gradients in this run")
                                                       : tr("no layers"));
    return;
  }
  if (steps.empty()) {
    m_map->data()->clear();
    m_zeroMap->data()->clear();
    showSubtitle(m_history->hasStatsSource() ? tr("not available in replay") : tr("waiting for statistics"));
    return;
  }
  const std::int64_t first = steps.front(), last = steps.back();
  const std::int64_t span = last - first + 1;
  // Whole steps per column, so that a column keeps its steps while the run grows: only the new
  // statistics steps are added to the cached grid (a new width or a new view starts afresh).
  std::int64_t per = std::max<std::int64_t>(1, (span + kMaxColumns - 1) / kMaxColumns);
  if (static_cast<std::int64_t>(steps.size()) < span / per) per = std::max<std::int64_t>(1, span / static_cast<std::int64_t>(steps.size()));
  const int nx = static_cast<int>((last - first) / per + 1);
  const double perCell = static_cast<double>(per);
  Cache& g = m_cache;
  const int key = static_cast<int>(m_metric) * 4 + static_cast<int>(m_mode) * 2 + static_cast<int>(m_gradients);
  if (g.history != m_history || g.key != key || g.first != first || g.per != per || g.ny != ny ||
      g.consumed > steps.size()) {
    g = Cache{};
    g.history = m_history;
    g.key = key;
    g.first = first;
    g.per = per;
    g.ny = ny;
  }
  g.grid.resize(static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny), nan);
  const bool underflow = m_metric == Metric::Underflow, percent = m_mode == Mode::Percent;
  for (std::size_t c = g.consumed; c < steps.size(); ++c) {
    const int col = std::min(nx - 1, static_cast<int>((steps[c] - first) / per));
    const LayerCounts* column = m_history->countsColumn(c);
    double* cells = g.grid.data() + static_cast<std::size_t>(col) * static_cast<std::size_t>(ny);
    for (int r = 0; r < ny; ++r) {
      const LayerCounts& lc = column[m_rows[static_cast<std::size_t>(r)]];
      const std::int32_t count = underflow ? lc.underflow : lc.overflow;
      if (count < 0 || lc.numel <= 0) continue;  // not measured at this step
      g.measured = true;
      const double v = percent ? 100.0 * count / lc.numel : static_cast<double>(count);
      double& cell = cells[r];
      if (std::isnan(cell) || v > cell) cell = v;  // a column shows its steps' largest value
      g.max = std::max(g.max, v);
    }
  }
  g.consumed = steps.size();
  const bool measured = g.measured;
  QCPColorMapData* d = m_map->data();
  QCPColorMapData* z = m_zeroMap->data();
  const double c0 = static_cast<double>(first) + (perCell - 1) / 2;
  for (QCPColorMapData* m : {d, z}) {
    m->setSize(nx, ny);
    m->setRange(QCPRange(c0, c0 + (nx - 1) * perCell), QCPRange(0, std::max(1, ny - 1)));
    if (ny == 1) m->setValueRange(QCPRange(-0.5, 0.5));
  }
  bool anyNone = false;
  for (int c = 0; c < nx; ++c)
    for (int r = 0; r < ny; ++r) {
      const double v = g.grid[static_cast<std::size_t>(c) * static_cast<std::size_t>(ny) + static_cast<std::size_t>(r)];
      const bool none = v == 0.0;
      anyNone = anyNone || none;
      d->setCell(c, r, none ? nan : v);
      z->setCell(c, r, none ? 0.0 : nan);
    }
  m_map->setDataRange(QCPRange(0.0, g.max > 0 ? g.max : 1.0));
  if (following()) fitRange();
  QString text;
  if (!measured && m_metric == Metric::Underflow)
    text = tr("underflow is measured on reference steps only (reference every k steps > 0)");
  else
    text = tr("steps %1\u2013%2%3")
               .arg(first)
               .arg(last)
               .arg(perCell > 1.0 ? tr(" (%1 steps per column, largest shown)").arg(perCell, 0, 'g', 3) : QString());
  if (anyNone) text += tr(" \u00b7 grey: measured, none");
  if (m_history->countsSampledOf() > 0)
    text += tr(" \u00b7 replay: a sample of %1 of %2 statistics steps").arg(steps.size()).arg(m_history->countsSampledOf());
  showSubtitle(text);
}

}  // namespace ampscope::ui
