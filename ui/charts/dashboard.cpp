#include "charts/dashboard.h"

#include "charts/histogram_heatmap.h"
#include "charts/layer_counts_plot.h"
#include "charts/layer_history_heatmap.h"
#include "charts/loss_plot.h"
#include "charts/scale_plot.h"

#include <QSplitter>
#include <QVBoxLayout>

namespace ampscope::ui {

Dashboard::Dashboard(QWidget* parent) : QWidget(parent) {
  m_loss = new LossPlot(this);
  m_scale = new ScalePlot(this);
  m_histogram = new HistogramHeatmap(this);
  m_layerHistory = new LayerHistoryHeatmap(this);
  m_counts = new LayerCountsPlot(this);
  auto* top = new QSplitter(Qt::Horizontal, this);
  top->addWidget(m_loss);
  top->addWidget(m_scale);
  auto* bottom = new QSplitter(Qt::Horizontal, this);
  bottom->addWidget(m_histogram);
  bottom->addWidget(m_layerHistory);
  bottom->setStretchFactor(0, 3);
  bottom->setStretchFactor(1, 2);
  // Under the loss and scale charts, on their step range: underflow / overflow per layer, its
  // choosers in a header row.
  auto* middle = new QWidget(this);
  auto* mv = new QVBoxLayout(middle);
  mv->setContentsMargins(0, 0, 0, 0);
  mv->setSpacing(0);
  mv->addWidget(m_counts->controls());
  mv->addWidget(m_counts, 1);
  connect(m_loss->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), m_counts, [this](const QCPRange& r) {
    m_counts->xAxis->setRange(r);
    m_counts->markDirty();
    scheduleReplot();
  });
  // Two panes as before (the step charts, the per-layer charts; their proportions are
  // remembered), the second one split again: the per-layer counts sit right under the loss
  // and scale charts.
  auto* rows = new QSplitter(Qt::Vertical, this);
  auto* lower = new QSplitter(Qt::Vertical, this);
  lower->addWidget(middle);
  lower->addWidget(bottom);
  lower->setStretchFactor(0, 2);
  lower->setStretchFactor(1, 3);
  rows->addWidget(top);
  rows->addWidget(lower);
  rows->setStretchFactor(0, 2);
  rows->setStretchFactor(1, 5);
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(0, 0, 0, 0);
  v->addWidget(rows);
  // One timer for every chart: many appends per tick become one replot per visible chart.
  m_replot.setSingleShot(true);
  m_replot.setInterval(0);
  connect(&m_replot, &QTimer::timeout, this, &Dashboard::replotNow);
}

std::vector<ChartBase*> Dashboard::charts() const { return {m_loss, m_scale, m_histogram, m_layerHistory, m_counts}; }

void Dashboard::setHistory(const StepHistory* history) {
  for (ChartBase* c : charts()) c->setHistory(history);
}

void Dashboard::applyTheme(const PlotTheme& theme) {
  m_theme = theme;
  for (ChartBase* c : charts()) c->applyTheme(theme);
  scheduleReplot();
}

void Dashboard::scheduleReplot() {
  if (!m_replot.isActive()) m_replot.start();
}

void Dashboard::replotNow() {
  for (ChartBase* c : charts()) {
    // Hidden charts keep their dirty flag and replot when shown (or when exported).
    if (!c->isVisible()) continue;
    if (c->takeDirty()) c->replot(QCustomPlot::rpQueuedReplot);
  }
}

void Dashboard::render(QPainter* painter, const QRect& target) {
  auto* qcp = static_cast<QCPPainter*>(painter);
  painter->save();
  painter->fillRect(target, m_theme.background);
  int y = target.top();
  if (!m_caption.isEmpty()) {
    const QFont f = m_theme.font(1.35, true);
    painter->setFont(f);
    painter->setPen(m_theme.foreground);
    const int h = QFontMetrics(f).height() * 2;
    const QRect box(target.left() + 12, y, target.width() - 24, h);
    painter->drawText(box, Qt::AlignVCenter | Qt::AlignLeft,
                      QFontMetrics(f).elidedText(m_caption, Qt::ElideRight, box.width()));
    y += h;
  }
  const int w = target.width(), rest = target.bottom() - y + 1;
  const int topH = rest * 2 / 7, midH = rest * 2 / 7;
  const int leftBottom = w * 3 / 5;
  struct Cell {
    ChartBase* chart;
    QRect rect;
  };
  const Cell cells[] = {
      {m_loss, QRect(target.left(), y, w / 2, topH)},
      {m_scale, QRect(target.left() + w / 2, y, w - w / 2, topH)},
      {m_counts, QRect(target.left(), y + topH, w, midH)},
      {m_histogram, QRect(target.left(), y + topH + midH, leftBottom, rest - topH - midH)},
      {m_layerHistory, QRect(target.left() + leftBottom, y + topH + midH, w - leftBottom, rest - topH - midH)},
  };
  for (const Cell& c : cells) {
    painter->save();
    painter->translate(c.rect.topLeft());
    c.chart->toPainter(qcp, c.rect.width(), c.rect.height());
    painter->restore();
  }
  painter->restore();
}

}  // namespace ampscope::ui
