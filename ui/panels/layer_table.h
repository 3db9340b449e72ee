// The layer table: one row per instrumented tensor. Clicking a row selects that layer in every
// chart (layerSelected).
#pragma once

#include <QTableView>

namespace ampscope::ui {

class LayerTableModel;
class StepHistory;

class LayerTable : public QTableView {
  Q_OBJECT
 public:
  explicit LayerTable(QWidget* parent = nullptr);
  LayerTableModel* tableModel() const { return m_model; }
  void setHistory(const StepHistory* history);
  void selectLayer(int layer);  ///< programmatic, does not emit layerSelected

 protected:
  void changeEvent(QEvent* event) override;

 public:

 Q_SIGNALS:
  void layerSelected(int layer);

 private:
  LayerTableModel* m_model = nullptr;
  bool m_silent = false;
};

}  // namespace ampscope::ui
