#include "panels/layer_table.h"

#include "panels/layer_table_model.h"

#include "charts/plot_theme.h"

#include <QEvent>
#include <QHeaderView>
#include <QItemSelectionModel>

namespace ampscope::ui {

LayerTable::LayerTable(QWidget* parent) : QTableView(parent), m_model(new LayerTableModel(this)) {
  setModel(m_model);
  setSelectionBehavior(QAbstractItemView::SelectRows);
  setSelectionMode(QAbstractItemView::SingleSelection);
  setEditTriggers(QAbstractItemView::NoEditTriggers);
  setAlternatingRowColors(true);
  setWordWrap(false);
  verticalHeader()->setVisible(false);
  verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  horizontalHeader()->setStretchLastSection(true);
  connect(selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
    if (!m_silent && current.isValid()) Q_EMIT layerSelected(current.row());
  });
  followApplicationTheme(this, [this](const PlotTheme& theme) { m_model->setAlarmColor(theme.alarmText); });
}

void LayerTable::changeEvent(QEvent* event) {
  QTableView::changeEvent(event);
  if (event->type() == QEvent::LanguageChange) m_model->retranslate();
}

void LayerTable::setHistory(const StepHistory* history) { m_model->setHistory(history); }

void LayerTable::selectLayer(int layer) {
  m_silent = true;
  if (layer >= 0 && layer < m_model->rowCount())
    selectionModel()->setCurrentIndex(m_model->index(layer, 0),
                                      QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
  else
    clearSelection();
  m_silent = false;
}

}  // namespace ampscope::ui
