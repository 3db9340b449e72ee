#include "charts/dashboard.h"

#include "charts/histogram_heatmap.h"
#include "charts/layer_counts_plot.h"
#include "charts/layer_history_heatmap.h"
#include "charts/loss_plot.h"
#include "charts/scale_plot.h"

#include <QAction>
#include <QEvent>
#include <QSplitter>
#include <QStyle>
#include <QTabBar>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>

namespace ampscope::ui {

Dashboard::Dashboard(QWidget* parent) : QWidget(parent) {
  // Charts not on the current page wait in a hidden widget (they keep data, zoom, selection).
  m_offstage = new QWidget(this);
  m_offstage->hide();
  m_loss = new LossPlot(m_offstage);
  m_scale = new ScalePlot(m_offstage);
  m_histogram = new HistogramHeatmap(m_offstage);
  m_layerHistory = new LayerHistoryHeatmap(m_offstage);
  m_counts = new LayerCountsPlot(m_offstage);
  // Under the loss and scale charts, on their step range: underflow / overflow per layer, its
  // choosers in a header row.
  m_countsCell = new QWidget(m_offstage);
  auto* mv = new QVBoxLayout(m_countsCell);
  mv->setContentsMargins(0, 0, 0, 0);
  mv->setSpacing(0);
  mv->addWidget(m_counts->controls());
  mv->addWidget(m_counts, 1);
  // A chart whose texts took more or less room at its last layout (new data, a legend in more
  // rows): the pages are checked again.
  for (ChartBase* c : charts())
    connect(c, &ChartBase::chromeChanged, this, [this] { m_relayout.start(); });
  connect(m_loss->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), m_counts, [this](const QCPRange& r) {
    m_counts->xAxis->setRange(r);
    m_counts->markDirty();
    scheduleReplot();
  });
  // The chart switcher: a tab per page, named by its charts.
  m_tabs = new QTabBar(this);
  m_tabs->setObjectName(QStringLiteral("chartPages"));
  m_tabs->setDocumentMode(true);
  m_tabs->setExpanding(false);
  m_tabs->setElideMode(Qt::ElideNone);
  m_tabs->setUsesScrollButtons(true);
  m_tabs->hide();
  connect(m_tabs, &QTabBar::currentChanged, this, [this](int i) {
    if (i >= 0 && i != m_current) showPage(i);
  });
  m_host = new QWidget(this);
  // The window's minimum must not follow the page: with every chart on one page it was 780 px
  // high, and a window made smaller stayed that high. One chart's minimum; the page choice keeps
  // each page's charts at least that large.
  m_host->setMinimumSize(260, 180);
  auto* hv = new QVBoxLayout(m_host);
  hv->setContentsMargins(0, 0, 0, 0);
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(0, 0, 0, 0);
  v->setSpacing(0);
  v->addWidget(m_tabs);
  v->addWidget(m_host, 1);
  // Keys for the switcher: next / previous page, and a page by its number.
  const auto addKey = [this](const QKeySequence& key, std::function<void()> f) {
    auto* a = new QAction(this);
    a->setShortcut(key);
    a->setShortcutContext(Qt::WindowShortcut);
    connect(a, &QAction::triggered, this, std::move(f));
    addAction(a);
    m_pageActions << a;
  };
  addKey(QKeySequence(QStringLiteral("Ctrl+PgDown")), [this] {
    if (!m_pages.isEmpty()) setCurrentPage((m_current + 1) % m_pages.size());
  });
  addKey(QKeySequence(QStringLiteral("Ctrl+PgUp")), [this] {
    if (!m_pages.isEmpty()) setCurrentPage((m_current + m_pages.size() - 1) % m_pages.size());
  });
  for (int i = 0; i < 9; ++i) addKey(QKeySequence(QStringLiteral("Ctrl+%1").arg(i + 1)), [this, i] { setCurrentPage(i); });
  retranslatePages();
  // One timer for every chart: many appends per tick become one replot per visible chart.
  m_replot.setSingleShot(true);
  m_replot.setInterval(0);
  connect(&m_replot, &QTimer::timeout, this, &Dashboard::replotNow);
  // Resizes come in bursts (a window dragged larger): the pages are chosen once they settle.
  m_relayout.setSingleShot(true);
  m_relayout.setInterval(0);
  connect(&m_relayout, &QTimer::timeout, this, &Dashboard::relayout);
  relayout();
}

// ---- pages -----------------------------------------------------------------------------------

namespace {
const QStringList& allCharts() {
  static const QStringList all = {QStringLiteral("loss"), QStringLiteral("scale"), QStringLiteral("layer-counts"),
                                  QStringLiteral("histogram"), QStringLiteral("layer-history")};
  return all;
}
}  // namespace

QWidget* Dashboard::cellOf(const QString& chart) const {
  if (chart == QLatin1String("layer-counts")) return m_countsCell;
  for (ChartBase* c : charts())
    if (c->fileStem() == chart) return c;
  return nullptr;
}

void Dashboard::setStory(const QStringList& charts) {
  QStringList story;
  for (const QString& c : charts)
    if (allCharts().contains(c) && !story.contains(c)) story << c;
  if (story == m_story) return;
  m_story = story;
  m_pages.clear();  // a new first page in presentation mode
  m_relayout.start();
}

QStringList Dashboard::story() const {
  return m_story.isEmpty() ? QStringList{QStringLiteral("scale"), QStringLiteral("histogram")} : m_story;
}

std::vector<Dashboard::Row> Dashboard::arrange(const QStringList& group) const {
  if (m_theme.presentation && group.size() == 2 && group == story()) return {{group, 1}};
  // The step charts side by side, the per-layer counts under them on the same steps, then the
  // two heatmaps; a row's share of the height as the full dashboard has always had it.
  const std::vector<Row> all = {{{QStringLiteral("loss"), QStringLiteral("scale")}, 2},
                                {{QStringLiteral("layer-counts")}, 2},
                                {{QStringLiteral("histogram"), QStringLiteral("layer-history")}, 3}};
  std::vector<Row> rows;
  for (const Row& r : all) {
    Row mine{{}, r.weight};
    for (const QString& c : r.charts)
      if (group.contains(c)) mine.charts << c;
    if (!mine.charts.isEmpty()) rows.push_back(mine);
  }
  return rows;
}

bool Dashboard::readable(const QStringList& group, const QSize& area) {
  const std::vector<Row> rows = arrange(group);
  const int handle = style()->pixelMetric(QStyle::PM_SplitterWidth, nullptr, this);
  // Each row's share of the height and each pair's split at their default weights: a page
  // does not change under the user's hand when a splitter is dragged (the drag is theirs).
  std::vector<int> weights;
  for (const Row& r : rows) weights.push_back(r.weight);
  long long weightSum = 0;
  for (int w : weights) weightSum += w;
  const int height = area.height() - handle * (static_cast<int>(rows.size()) - 1);
  const int minH = minimumPlotHeight(m_theme.presentation), minW = minimumPlotWidth();
  for (std::size_t ri = 0; ri < rows.size(); ++ri) {
    const Row& r = rows[ri];
    const int h = static_cast<int>(height * static_cast<long long>(weights[ri]) / weightSum);
    const bool pair = r.charts.size() == 2;
    for (int k = 0; k < r.charts.size(); ++k) {
      const QString& name = r.charts[k];
      // The heatmaps share their row 3:2 (the exponents need the width), the step charts evenly.
      const int total = area.width() - (pair ? handle : 0);
      const bool heatmaps = r.charts == QStringList{QStringLiteral("histogram"), QStringLiteral("layer-history")};
      const int first = heatmaps ? total * 3 / 5 : total / 2;
      // A cell never gets less than its minimum width (the splitter keeps it).
      const auto minWidth = [](const QWidget* cell) {  // as QSplitter takes it
        return cell->minimumWidth() > 0 ? cell->minimumWidth() : cell->minimumSizeHint().width();
      };
      const int minA = pair ? minWidth(cellOf(r.charts[0])) : 0;
      const int minB = pair ? minWidth(cellOf(r.charts[1])) : 0;
      const int split = std::max(minA, std::min(first, total - minB));
      const int w = !pair ? area.width() : k == 0 ? split : total - split;
      int ch = h;
      if (name == QLatin1String("layer-counts")) ch -= m_counts->controls()->sizeHint().height();
      auto* chart = static_cast<ChartBase*>(name == QLatin1String("layer-counts") ? m_counts : cellOf(name));
      if (w < chart->minimumWidth() || ch < chart->minimumHeight()) return false;
      const ChartBase::FitAt fit = chart->fitAt(QSize(w, ch));
      if (!fit.textFits || fit.plot.height() < minH || fit.plot.width() < minW) return false;
    }
  }
  return true;
}

QList<QStringList> Dashboard::choosePages() {
  // Start from the fewest pages (normal mode: every chart on one; presentation mode: the story,
  // then the rest) and split a page whose charts would not stay readable: its rows into two
  // halves, a single row into its charts, until each page is readable or holds one chart.
  QList<QStringList> pages;
  if (m_theme.presentation) {
    const QStringList story = this->story();
    QStringList rest;
    for (const QString& c : allCharts())
      if (!story.contains(c)) rest << c;
    pages = {story};
    if (!rest.isEmpty()) pages << rest;
  } else {
    pages = {allCharts()};
  }
  const QSize whole = size();
  const int tabH = m_tabs->sizeHint().height();
  for (int i = 0; i < pages.size(); ++i) {
    const QStringList group = pages[i];
    if (group.size() == 1) continue;
    const QSize area(whole.width(), whole.height() - (pages.size() > 1 ? tabH : 0));
    if (readable(group, area)) continue;
    const std::vector<Row> rows = arrange(group);
    QList<QStringList> parts;
    if (rows.size() > 1) {
      QStringList a, b;
      const std::size_t half = (rows.size() + 1) / 2;
      for (std::size_t r = 0; r < rows.size(); ++r) (r < half ? a : b) << rows[r].charts;
      parts = {a, b};
    } else {
      for (const QString& c : rows[0].charts) parts << QStringList{c};
    }
    pages.removeAt(i);
    for (int k = 0; k < parts.size(); ++k) pages.insert(i + k, parts[k]);
    --i;  // look at the first part again
  }
  return pages;
}

void Dashboard::relayout() {
  if (m_inRelayout) return;
  m_inRelayout = true;
  m_relayout.stop();
  const QStringList before = m_current >= 0 && m_current < m_pages.size() ? m_pages[m_current] : QStringList();
  const bool modeChanged = m_pagesPresentation != m_theme.presentation || m_pages.isEmpty();
  const QList<QStringList> pages = choosePages();
  if (pages != m_pages || m_current < 0) {
    m_pages = pages;
    m_pagesPresentation = m_theme.presentation;
    // Stay with what was on screen (the page holding its first chart); in a new mode, on the
    // first page (the story in presentation mode).
    int page = 0;
    if (!modeChanged && !before.isEmpty())
      for (int i = 0; i < m_pages.size(); ++i)
        if (m_pages[i].contains(before.first())) page = i;
    const QSignalBlocker block(m_tabs);
    while (m_tabs->count() > 0) m_tabs->removeTab(0);
    for (const QStringList& p : m_pages) m_tabs->addTab(pageName(p));
    m_tabs->setVisible(m_pages.size() > 1);
    m_current = -1;
    showPage(page);
  }
  // The trial layouts left the charts laid out at other sizes: lay them out at their own.
  for (ChartBase* c : charts()) c->markDirty();
  scheduleReplot();
  m_inRelayout = false;
}

void Dashboard::setCurrentPage(int page) {
  if (m_pages.isEmpty()) return;
  page = std::clamp(page, 0, static_cast<int>(m_pages.size()) - 1);
  if (page != m_current) showPage(page);
}

void Dashboard::showPage(int page) {
  // Every cell back to the hidden holder, then the page's cells into new splitters.
  for (const QString& c : allCharts()) {
    QWidget* cell = cellOf(c);
    if (cell->parentWidget() != m_offstage) cell->setParent(m_offstage);
  }
  delete m_pageRoot;
  m_pageRoot = nullptr;
  m_current = page;
  const QStringList group = m_pages.value(page);
  const std::vector<Row> rows = arrange(group);
  std::vector<QWidget*> rowWidgets;
  int index = 0;
  for (const Row& r : rows) {
    if (r.charts.size() == 1) {
      rowWidgets.push_back(cellOf(r.charts[0]));
      continue;
    }
    auto* split = new QSplitter(Qt::Horizontal);
    split->setObjectName(layoutKey(group, ++index));
    split->setChildrenCollapsible(false);
    for (const QString& c : r.charts) split->addWidget(cellOf(c));
    const bool heatmaps = r.charts == QStringList{QStringLiteral("histogram"), QStringLiteral("layer-history")};
    split->setStretchFactor(0, heatmaps ? 3 : 1);
    split->setStretchFactor(1, heatmaps ? 2 : 1);
    split->setSizes({heatmaps ? 3000 : 1000, heatmaps ? 2000 : 1000});  // until the user drags (then remembered)
    rowWidgets.push_back(split);
  }
  if (rowWidgets.size() == 1 && qobject_cast<QSplitter*>(rowWidgets[0])) {
    m_pageRoot = rowWidgets[0];
  } else if (rowWidgets.size() == 1) {
    // A lone chart: in a holder, so that deleting the page never deletes the chart.
    m_pageRoot = new QWidget;
    auto* l = new QVBoxLayout(m_pageRoot);
    l->setContentsMargins(0, 0, 0, 0);
    l->addWidget(rowWidgets[0]);
  } else {
    auto* split = new QSplitter(Qt::Vertical);
    split->setObjectName(layoutKey(group, 0));
    split->setChildrenCollapsible(false);
    QList<int> sizes;
    for (std::size_t r = 0; r < rowWidgets.size(); ++r) {
      split->addWidget(rowWidgets[r]);
      split->setStretchFactor(static_cast<int>(r), rows[r].weight);
      sizes << rows[r].weight * 1000;
    }
    split->setSizes(sizes);
    m_pageRoot = split;
  }
  m_host->layout()->addWidget(m_pageRoot);
  // At its real size before the remembered proportions apply: a splitter that grows later gives
  // the new room by stretch factor, not in proportion, and the proportions would drift.
  m_pageRoot->setGeometry(m_host->contentsRect());
  m_pageRoot->show();
  QList<QSplitter*> splitters = m_pageRoot->findChildren<QSplitter*>();
  if (auto* s = qobject_cast<QSplitter*>(m_pageRoot)) splitters.prepend(s);  // the outer one first
  for (QSplitter* s : splitters) {
    // Proportions the user dragged this page's splitter to, kept per page layout.
    const auto it = m_splitStates.constFind(s->objectName());
    if (it != m_splitStates.cend() && it->size() == s->count()) s->setSizes(*it);
    connect(s, &QSplitter::splitterMoved, this, [this, s] { m_splitStates.insert(s->objectName(), s->sizes()); });
  }
  for (const QString& c : group) cellOf(c)->show();
  {
    const QSignalBlocker block(m_tabs);
    m_tabs->setCurrentIndex(page);
  }
  scheduleReplot();
  Q_EMIT pagesChanged();
}

std::vector<ChartBase*> Dashboard::pageCharts() const {
  std::vector<ChartBase*> out;
  const QStringList group = m_pages.value(m_current);
  for (ChartBase* c : charts())
    if (group.contains(c->fileStem())) out.push_back(c);
  return out;
}

QString Dashboard::layoutKey(const QStringList& group, int splitter) const {
  // Per page layout: the same charts on a page keep their proportions wherever they come back.
  return QStringLiteral("%1/%2").arg(group.join(QLatin1Char('+'))).arg(splitter);
}

QVariantMap Dashboard::splitterStates() const {
  QVariantMap out;
  for (auto it = m_splitStates.cbegin(); it != m_splitStates.cend(); ++it) {
    QVariantList sizes;
    for (int v : it.value()) sizes << v;
    out.insert(it.key(), sizes);
  }
  return out;
}

void Dashboard::restoreSplitterStates(const QVariantMap& states) {
  for (auto it = states.cbegin(); it != states.cend(); ++it) {
    QList<int> sizes;
    for (const QVariant& v : it.value().toList())
      if (v.toInt() >= 0) sizes << v.toInt();
    if (sizes.size() >= 2) m_splitStates.insert(it.key(), sizes);
  }
  if (!m_pageRoot) return;
  QList<QSplitter*> splitters = m_pageRoot->findChildren<QSplitter*>();
  if (auto* sp = qobject_cast<QSplitter*>(m_pageRoot)) splitters.prepend(sp);
  for (QSplitter* sp : splitters)
    if (m_splitStates.contains(sp->objectName()) && m_splitStates[sp->objectName()].size() == sp->count())
      sp->setSizes(m_splitStates[sp->objectName()]);
}

QString Dashboard::pageName(const QStringList& group) const {
  if (group.size() == allCharts().size()) return tr("All charts");
  QStringList names;
  for (const QString& c : group) {
    if (c == QLatin1String("loss")) names << tr("Loss");
    else if (c == QLatin1String("scale")) names << tr("Loss scale");
    else if (c == QLatin1String("layer-counts")) names << tr("Under/overflow");
    else if (c == QLatin1String("histogram")) names << tr("Exponents");
    else names << tr("Layer over time");
  }
  return names.join(QStringLiteral(" \u00b7 "));
}

void Dashboard::retranslatePages() {
  for (int i = 0; i < m_pages.size() && i < m_tabs->count(); ++i) m_tabs->setTabText(i, pageName(m_pages[i]));
  const QStringList tips = {tr("Next chart page"), tr("Previous chart page")};
  for (int i = 0; i < m_pageActions.size(); ++i)
    m_pageActions[i]->setText(i < 2 ? tips[i] : tr("Chart page %1").arg(i - 1));
}

void Dashboard::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  m_relayout.start();  // also when resized while choosing (a page shown changed the window's layout)
}

void Dashboard::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() == QEvent::LanguageChange) {
    retranslatePages();
    m_relayout.start();  // longer words may need more room
  } else if (event->type() == QEvent::FontChange) {
    m_relayout.start();
  }
}

std::vector<ChartBase*> Dashboard::charts() const { return {m_loss, m_scale, m_histogram, m_layerHistory, m_counts}; }

void Dashboard::setHistory(const StepHistory* history) {
  for (ChartBase* c : charts()) c->setHistory(history);
}

void Dashboard::applyTheme(const PlotTheme& theme) {
  m_theme = theme;
  for (ChartBase* c : charts()) c->applyTheme(theme);
  scheduleReplot();
  m_relayout.start();  // new fonts, and presentation mode's story page
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
    c.chart->fitTo(c.rect.size());  // titles, labels and legends fitted to the figure's cell
    c.chart->toPainter(qcp, c.rect.width(), c.rect.height());
    painter->restore();
  }
  painter->restore();
}

}  // namespace ampscope::ui
