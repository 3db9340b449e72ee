#include "panels/what_if_table.h"

#include "charts/chart_base.h"
#include "charts/plot_theme.h"
#include "panels/narrator.h"
#include "runs/csv_export.h"
#include "runs/step_history.h"

#include <ampscope/scale_text.h>

#include <QEvent>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QSaveFile>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>

namespace ampscope::ui {

namespace {
constexpr std::size_t kNumFormats = WhatIfModel::kFormats.size();

/// A share as a percentage a person reads: "0", "<0.001%", "0.012%", "3.4%", "45%".
QString percent(double share) {
  if (share <= 0) return QStringLiteral("0");
  const double p = 100.0 * share;
  if (p < 0.001) return QStringLiteral("<0.001%");
  if (p >= 10) return QString::number(p, 'f', 0) + QLatin1Char('%');
  if (p >= 1) return QString::number(p, 'f', 1) + QLatin1Char('%');
  return QString::number(p, 'g', 2) + QLatin1Char('%');
}

/// "0.5%" when the histogram decides the count, "0.5\u20131.2%" when it only bounds it.
QString percentRange(double low, double high) {
  if (low == high) return percent(low);
  return percent(low).remove(QLatin1Char('%')) + QStringLiteral("\u2013") + percent(high);
}

QString csvNumber(double v) { return number(v); }


}  // namespace

WhatIfModel::WhatIfModel(QObject* parent) : QAbstractTableModel(parent), m_text(PlotTheme::light().foreground) {}

void WhatIfModel::setHistory(const StepHistory* history, std::optional<kernels::Format> statsTarget) {
  m_history = history;
  m_statsTarget = statsTarget;
}

void WhatIfModel::rebuild() {
  beginResetModel();
  m_rows.assign(m_history ? m_history->layers().size() : 0, Row{});
  m_step = -1;
  endResetModel();
  refresh();
}

void WhatIfModel::appendSteps() {
  if (m_shownStep < 0) refresh();
}

void WhatIfModel::setShownStep(qint64 step) {
  m_shownStep = step;
  refresh();
}

void WhatIfModel::setUnscaled(bool on) {
  m_unscaled = on;
  refresh();
}

void WhatIfModel::setTheme(const PlotTheme& theme) {
  m_dark = theme.dark;
  m_text = theme.foreground;
  if (!m_rows.empty()) Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void WhatIfModel::retranslate() {
  Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
  if (!m_rows.empty()) Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void WhatIfModel::refresh() {
  if (!m_history || m_rows.empty()) return;
  const StepRecord* r = m_shownStep < 0 ? m_history->latestStats() : m_history->statsAt(m_shownStep);
  for (Row& row : m_rows) row = Row{};
  m_step = r ? r->step : -1;
  m_scale = r ? r->scale_before : 1.0;
  m_skipped = r && r->skipped;
  m_shift = 0;
  m_shiftRefused = false;
  if (r && m_unscaled) {
    // g/S: the bins move by -log2 S, exact only for a power of two (the histogram has no finer bins).
    if (int k = 0; exact_power_of_two(m_scale, k))
      m_shift = -k;
    else
      m_shiftRefused = true;
  }
  if (r) {
    for (const LayerStepStats& l : r->layers) {
      if (l.layer < 0 || l.layer >= static_cast<int>(m_rows.size()) || l.stats.numel <= 0) continue;
      Row& row = m_rows[static_cast<std::size_t>(l.layer)];
      row.valid = true;
      for (std::size_t f = 0; f < kNumFormats; ++f) row.formats[f] = format_whatif(l.stats, kFormats[f], m_shift, m_statsTarget);
    }
  }
  Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

const FormatWhatIf* WhatIfModel::result(int row, kernels::Format format) const {
  if (row < 0 || row >= static_cast<int>(m_rows.size()) || !m_rows[static_cast<std::size_t>(row)].valid) return nullptr;
  for (std::size_t f = 0; f < kNumFormats; ++f)
    if (kFormats[f] == format) return &m_rows[static_cast<std::size_t>(row)].formats[f];
  return nullptr;
}

QString WhatIfModel::headerText() const {
  if (!m_history || m_rows.empty()) return tr("No session");
  if (m_step < 0) return tr("No per-layer statistics yet");
  const QString dot = QStringLiteral(" \u00b7 ");
  QString t = tr("Step %1").arg(m_step) + dot + QStringLiteral("S = %1").arg(scaleText(m_scale));
  if (m_skipped) t += dot + tr("step skipped");
  if (m_shift != 0 || (m_unscaled && !m_shiftRefused))
    t += dot + tr("unscaled gradient g/S");
  else
    t += dot + tr("scaled gradient, as backward produced it");
  if (m_shiftRefused) t += dot + tr("(the unscaled what-if needs a power-of-two scale)");
  t += dot + tr("cast with no per-tensor scaling") + dot + tr("shares of all elements (a\u2013" "b: the histogram only bounds the count)");
  return t;
}

int WhatIfModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(m_rows.size()); }
int WhatIfModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant WhatIfModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  if (section == Name) {
    if (role == Qt::DisplayRole) return tr("Layer");
    return {};
  }
  const std::size_t f = static_cast<std::size_t>(section - FirstFormat) / 2;
  const bool under = (section - FirstFormat) % 2 == 0;
  if (f >= kNumFormats) return {};
  const QString name = formatName(kFormats[f]);
  if (role == Qt::DisplayRole) return under ? tr("%1\nunderflow").arg(name) : tr("%1\noverflow").arg(name);
  if (role == Qt::ToolTipRole) {
    const CastThresholds t = cast_thresholds(kFormats[f]);
    if (under)
      return tr("Share of the elements that are non-zero but would become zero when cast to %1 "
                "(|x| \u2264 %2, half its smallest subnormal: the tie rounds to the even zero)")
          .arg(name, powerOfTwoLabel(t.min_subnormal_exp - 1));
    return tr("Share of the finite elements that would become %1 when cast to %2 (|x| %3 %4; its largest finite value is %5)")
        .arg(kFormats[f] == kernels::Format::FP8_E4M3 ? QStringLiteral("NaN") : QStringLiteral("inf"), name,
             t.overflow_inclusive ? QStringLiteral("\u2265") : QStringLiteral(">"), number(t.overflow_min),
             number(t.max_finite));
  }
  return {};
}

QVariant WhatIfModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || !m_history || index.row() >= static_cast<int>(m_rows.size())) return {};
  const std::size_t r = static_cast<std::size_t>(index.row());
  const QString layer = QString::fromStdString(m_history->layers()[r].name);
  if (index.column() == Name) return role == Qt::DisplayRole ? QVariant(layer) : QVariant();
  const Row& row = m_rows[r];
  const std::size_t f = static_cast<std::size_t>(index.column() - FirstFormat) / 2;
  const bool under = (index.column() - FirstFormat) % 2 == 0;
  if (f >= kNumFormats) return {};
  if (!row.valid) {
    if (role == Qt::DisplayRole) return QStringLiteral("\u2014");
    if (role == Qt::ToolTipRole) return tr("%1: no statistics at this step").arg(layer);
    return {};
  }
  const FormatWhatIf& w = row.formats[f];
  const CountBounds& c = under ? w.underflow : w.overflow;
  const double low = under ? w.underflowShareLow() : w.overflowShareLow();
  const double high = under ? w.underflowShareHigh() : w.overflowShareHigh();
  switch (role) {
    case Qt::DisplayRole: return percentRange(low, high);
    case Qt::TextAlignmentRole: return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::BackgroundRole: {
      if (high <= 0) return {};
      const int level = high < 1e-3 ? 0 : high < 1e-2 ? 1 : 2;
      static const QColor light[3] = {QColor(255, 243, 196), QColor(255, 208, 138), QColor(244, 160, 154)};
      static const QColor dark[3] = {QColor(74, 64, 32), QColor(107, 74, 26), QColor(122, 42, 42)};
      return m_dark ? dark[level] : light[level];
    }
    case Qt::ForegroundRole:
      return high > 0 ? QVariant(m_text) : QVariant();
    case Qt::ToolTipRole: {
      const QString name = formatName(w.format);
      const CastThresholds t = cast_thresholds(w.format);
      QString text = c.exact()
                         ? (under ? tr("%1 \u2192 %2: %3 of %4 elements would flush to zero")
                                  : tr("%1 \u2192 %2: %3 of %4 elements would overflow"))
                               .arg(layer, name)
                               .arg(c.low)
                               .arg(w.numel)
                         : (under ? tr("%1 \u2192 %2: between %3 and %4 of %5 elements would flush to zero")
                                  : tr("%1 \u2192 %2: between %3 and %4 of %5 elements would overflow"))
                               .arg(layer, name)
                               .arg(c.low)
                               .arg(c.high)
                               .arg(w.numel);
      if (under)
        text += QLatin1Char('\n') + tr("flushes: non-zero |x| \u2264 %1").arg(powerOfTwoLabel(t.min_subnormal_exp - 1));
      else
        text += QLatin1Char('\n') + tr("overflows: |x| %1 %2").arg(t.overflow_inclusive ? QStringLiteral("\u2265") : QStringLiteral(">"),
                                                                 number(t.overflow_min));
      if (!c.exact())
        text += QLatin1Char('\n') + tr("%1 elements lie in a bin that straddles that limit; the exponent histogram cannot split it")
                                        .arg(under ? w.underflow_boundary : w.overflow_boundary);
      return text;
    }
    default: return {};
  }
}

QStringList WhatIfModel::csvColumns() {
  return {QStringLiteral("step"),          QStringLiteral("scale"),          QStringLiteral("exponent_shift"),
          QStringLiteral("layer"),         QStringLiteral("numel"),          QStringLiteral("format"),
          QStringLiteral("underflow_low"), QStringLiteral("underflow_high"), QStringLiteral("underflow_pct_low"),
          QStringLiteral("underflow_pct_high"), QStringLiteral("overflow_low"), QStringLiteral("overflow_high"),
          QStringLiteral("overflow_pct_low"), QStringLiteral("overflow_pct_high")};
}

qint64 WhatIfModel::writeCsv(const QString& path, QString* error) const {
  auto fail = [&](const QString& text) -> qint64 {
    if (error) *error = text;
    return -1;
  };
  if (!m_history || m_step < 0) return fail(tr("no per-layer statistics to export"));
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) return fail(tr("cannot write %1: %2").arg(path, file.errorString()));
  QByteArray out = csvColumns().join(QLatin1Char(',')).toUtf8() + '\n';
  qint64 rows = 0;
  for (std::size_t r = 0; r < m_rows.size(); ++r) {
    if (!m_rows[r].valid) continue;
    for (const FormatWhatIf& w : m_rows[r].formats) {
      QStringList c;
      c << QString::number(m_step) << csvNumber(m_scale) << QString::number(m_shift)
        << csvField(QString::fromStdString(m_history->layers()[r].name)) << QString::number(w.numel) << formatName(w.format)
        << QString::number(w.underflow.low) << QString::number(w.underflow.high) << csvNumber(100.0 * w.underflowShareLow())
        << csvNumber(100.0 * w.underflowShareHigh()) << QString::number(w.overflow.low) << QString::number(w.overflow.high)
        << csvNumber(100.0 * w.overflowShareLow()) << csvNumber(100.0 * w.overflowShareHigh());
      out += c.join(QLatin1Char(',')).toUtf8() + '\n';
      ++rows;
    }
  }
  if (file.write(out) != out.size() || !file.commit()) return fail(tr("cannot write %1: %2").arg(path, file.errorString()));
  return rows;
}

// ---- the panel -----------------------------------------------------------------------------

WhatIfPanel::WhatIfPanel(QWidget* parent) : QWidget(parent), m_model(new WhatIfModel(this)) {
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(0, 0, 0, 0);
  v->setSpacing(2);
  m_header = new QLabel(this);
  m_header->setWordWrap(true);
  m_header->setContentsMargins(6, 2, 6, 2);
  m_header->setObjectName(QStringLiteral("whatIfHeader"));
  m_header->setToolTip(
      tr("What a round-to-nearest-even cast of each gradient, as recorded at this step, to each format would flush to "
         "zero or overflow, from the exact exponent histogram (docs/measurements.md, \"Format what-if\"). The values "
         "are already in the run's own format: a cast to that format changes nothing, and what the run flushed is "
         "counted as zero now (the Layers table's Underflow column measures it against an fp32 reference)."));
  v->addWidget(m_header);
  m_view = new QTableView(this);
  m_view->setModel(m_model);
  m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_view->setSelectionMode(QAbstractItemView::SingleSelection);
  m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_view->setWordWrap(false);
  m_view->verticalHeader()->setVisible(false);
  m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_view->horizontalHeader()->setStretchLastSection(true);
  v->addWidget(m_view, 1);
  connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
    if (!m_silent && current.isValid()) Q_EMIT layerSelected(current.row());
  });
  connect(m_model, &QAbstractItemModel::dataChanged, this, &WhatIfPanel::updateHeader);
  connect(m_model, &QAbstractItemModel::modelReset, this, &WhatIfPanel::updateHeader);
  followApplicationTheme(this, [this](const PlotTheme& theme) { m_model->setTheme(theme); });
  updateHeader();
}

QString WhatIfPanel::header() const { return m_header->text(); }

void WhatIfPanel::updateHeader() { m_header->setText(m_model->headerText()); }

void WhatIfPanel::setHistory(const StepHistory* history, std::optional<kernels::Format> statsTarget) {
  m_model->setHistory(history, statsTarget);
}
void WhatIfPanel::rebuild() { m_model->rebuild(); }
void WhatIfPanel::appendSteps() { m_model->appendSteps(); }
void WhatIfPanel::setShownStep(qint64 step) { m_model->setShownStep(step); }
void WhatIfPanel::setUnscaled(bool on) { m_model->setUnscaled(on); }

void WhatIfPanel::selectLayer(int layer) {
  m_silent = true;
  if (layer >= 0 && layer < m_model->rowCount())
    m_view->selectionModel()->setCurrentIndex(m_model->index(layer, 0),
                                              QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
  else
    m_view->clearSelection();
  m_silent = false;
}

void WhatIfPanel::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() == QEvent::LanguageChange) {
    m_model->retranslate();
    updateHeader();
  }
}

}  // namespace ampscope::ui
