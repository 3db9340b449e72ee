#include "panels/layer_table_model.h"

#include "charts/plot_theme.h"

#include "panels/narrator.h"
#include "runs/step_history.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <cmath>

namespace ampscope::ui {

LayerTableModel::LayerTableModel(QObject* parent) : QAbstractTableModel(parent), m_alarm(PlotTheme::light().alarmText) {}

void LayerTableModel::rebuild() {
  beginResetModel();
  const std::size_t n = m_history ? m_history->layers().size() : 0;
  m_rows.assign(n, Row{});
  m_offenderCount.assign(n, 0);
  m_offenderLast.assign(n, -1);
  m_consumed = 0;
  m_drawnStep = -1;
  m_offenderNow = -1;
  m_copy.clear();
  endResetModel();
  appendSteps();
}

void LayerTableModel::appendSteps() {
  if (!m_history) return;
  const auto& pts = m_history->points();
  for (; m_consumed < pts.size(); ++m_consumed) {
    const int o = pts[m_consumed].first_offender;
    if (o >= 0 && o < static_cast<int>(m_offenderCount.size())) {
      ++m_offenderCount[static_cast<std::size_t>(o)];
      m_offenderLast[static_cast<std::size_t>(o)] = pts[m_consumed].step;
    }
  }
  refresh();
}

void LayerTableModel::setShownStep(qint64 step) {
  m_shownStep = step;
  refresh();
}

int LayerTableModel::offenderCount(int layer) const {
  return layer >= 0 && layer < static_cast<int>(m_offenderCount.size()) ? m_offenderCount[static_cast<std::size_t>(layer)] : 0;
}

void LayerTableModel::refresh() {
  if (!m_history || m_rows.empty()) return;
  const StepRecord* r = m_shownStep < 0 ? m_history->latestStats() : m_history->statsAt(m_shownStep);
  m_copy = r ? r->layers : std::vector<LayerStepStats>{};
  m_drawnStep = r ? r->step : -1;
  m_offenderNow = r ? r->first_offender : -1;
  for (auto& row : m_rows) row = Row{};
  for (const auto& l : m_copy)
    if (l.layer >= 0 && l.layer < static_cast<int>(m_rows.size())) m_rows[static_cast<std::size_t>(l.layer)].stats = &l;
  // Underflow is measured on reference steps only: show each layer's latest measurement.
  const auto& recent = m_history->recentStats();
  for (auto it = recent.rbegin(); it != recent.rend(); ++it) {
    if (m_drawnStep >= 0 && it->step > m_drawnStep) continue;
    bool missing = false;
    for (const auto& l : it->layers) {
      if (l.layer < 0 || l.layer >= static_cast<int>(m_rows.size())) continue;
      Row& row = m_rows[static_cast<std::size_t>(l.layer)];
      if (row.underflowStep >= 0) continue;
      if (l.underflow >= 0) {
        row.underflow = l.underflow;
        row.underflowMass = l.underflow_mass;
        row.underflowStep = it->step;
      } else {
        missing = true;
      }
    }
    if (!missing) break;
  }
  Q_EMIT dataChanged(index(0, 0), index(static_cast<int>(m_rows.size()) - 1, ColumnCount - 1));
}

int LayerTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}
int LayerTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

void LayerTableModel::setAlarmColor(const QColor& color) {
  if (color == m_alarm) return;
  m_alarm = color;
  if (!m_rows.empty()) Q_EMIT dataChanged(index(0, NonFinite), index(rowCount() - 1, Offender), {Qt::ForegroundRole});
}

void LayerTableModel::retranslate() {
  Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
  if (!m_rows.empty()) Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

QVariant LayerTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  if (role == Qt::DisplayRole) {
    switch (section) {
      case Name: return tr("Layer");
      case Shape: return tr("Shape");
      case Zeros: return tr("Zeros");
      case Subnormal: return tr("Subnormal");
      case Underflow: return tr("Underflow");
      case NonFinite: return tr("Inf/NaN");
      case Amax: return tr("max |g|");
      case Offender: return tr("First offender");
    }
  }
  if (role == Qt::ToolTipRole) {
    switch (section) {
      case Zeros: return tr("Share of the gradient's elements that are exactly zero (underflow or a dead unit)");
      case Subnormal: return tr("Share of nonzero elements below fp16's smallest normal 2^-14 (precision is lost there)");
      case Underflow:
        return tr("Share of elements nonzero in an fp32 reference backward but zero here (latest measured step; "
                              "measured every reference_every steps)");
      case NonFinite: return tr("Count of NaN, +inf and -inf elements at this step");
      case Amax: return tr("Largest finite magnitude of the scaled gradient");
      case Offender: return tr("The first layer to go non-finite in backward order, and how often it was");
      default: return {};
    }
  }
  return {};
}

QVariant LayerTableModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || !m_history || index.row() >= static_cast<int>(m_rows.size())) return {};
  const std::size_t r = static_cast<std::size_t>(index.row());
  const LayerInfo& li = m_history->layers()[r];
  const Row& row = m_rows[r];
  const kernels::TensorStats* s = row.stats ? &row.stats->stats : nullptr;
  auto pct = [](double v) { return QStringLiteral("%1%").arg(100.0 * v, 0, 'f', v > 0 && v < 0.001 ? 3 : 1); };
  if (role == Qt::DisplayRole) {
    switch (index.column()) {
      case Name: return QString::fromStdString(li.name);
      case Shape: {
        QStringList dims;
        for (auto d : li.shape) dims << QString::number(d);
        return dims.isEmpty() ? QStringLiteral("\u2014") : dims.join(QChar(0x00D7));
      }
      case Zeros: return s && s->numel > 0 ? pct(static_cast<double>(s->zero) / static_cast<double>(s->numel)) : QVariant();
      case Subnormal:
        return s && s->numel > 0 ? pct(static_cast<double>(s->subnormal) / static_cast<double>(s->numel)) : QVariant();
      case Underflow:
        return row.underflow >= 0 && li.numel > 0 ? pct(static_cast<double>(row.underflow) / static_cast<double>(li.numel))
                                                   : QStringLiteral("\u2014");
      case NonFinite: return s ? QVariant(static_cast<qlonglong>(s->nonfinite())) : QVariant();
      // Six significant digits: fp32's 17 (0.009208356030285358) made the column the table's
      // widest and pushed "First offender" out of a 1280-pixel window. The exact value is the tooltip.
      case Amax: return s ? QString::number(s->amax, 'g', 6) : QVariant();
      case Offender: {
        const int layer = static_cast<int>(r);
        const int count = m_offenderCount[r];
        if (layer == m_offenderNow) return QStringLiteral("\u26A0 ") + tr("at step %1").arg(m_drawnStep);
        if (count > 0) return tr("%1\u00D7, last step %2").arg(count).arg(m_offenderLast[r]);
        return QString();
      }
    }
  }
  if (role == Qt::ToolTipRole && index.column() == Amax && s) return number(s->amax);
  if (role == Qt::ToolTipRole && index.column() == Underflow) {
    if (row.underflow < 0) return tr("Not measured yet (needs an fp32 reference backward: reference_every > 0)");
    return tr("%1 elements lost at step %2, carrying %3% of the gradient mass")
        .arg(row.underflow)
        .arg(row.underflowStep)
        .arg(100.0 * row.underflowMass, 0, 'g', 3);
  }
  if (role == Qt::TextAlignmentRole && index.column() != Name && index.column() != Offender)
    return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
  if (role == Qt::ForegroundRole) {
    if (index.column() == NonFinite && s && s->nonfinite() > 0) return QBrush(m_alarm);
    if (index.column() == Offender && static_cast<int>(r) == m_offenderNow) return QBrush(m_alarm);
  }
  if (role == Qt::FontRole && index.column() == Offender && static_cast<int>(r) == m_offenderNow) {
    QFont f;
    f.setBold(true);
    return f;
  }
  return {};
}

}  // namespace ampscope::ui
