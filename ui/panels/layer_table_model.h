// The per-layer numbers of one step as a table: shape, zeros, fp16 subnormals, measured
// underflow, non-finite count, largest magnitude, and which layer went non-finite first.
#pragma once

#include <ampscope/session_types.h>

#include <QAbstractTableModel>
#include <QColor>

#include <vector>

namespace ampscope::ui {

class StepHistory;

class LayerTableModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { Name, Shape, Zeros, Subnormal, Underflow, NonFinite, Amax, Offender, ColumnCount };

  explicit LayerTableModel(QObject* parent = nullptr);
  void setHistory(const StepHistory* history) { m_history = history; }

  /// After a reset: new layers, counts cleared.
  void rebuild();
  /// Tells the views that every text changed (the language did).
  void retranslate();
  /// The colour of a non-finite count and of the offender now (PlotTheme::alarmText; the
  /// table follows the application's theme, LayerTable).
  void setAlarmColor(const QColor& color);
  QColor alarmColor() const { return m_alarm; }
  /// New steps arrived; refreshes the shown values when following the newest step.
  void appendSteps();
  /// -1 = follow the newest statistics step.
  void setShownStep(qint64 step);
  qint64 drawnStep() const { return m_drawnStep; }
  int offenderCount(int layer) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  void refresh();
  struct Row {
    const LayerStepStats* stats = nullptr;  // valid until the next refresh
    std::int64_t underflow = -1;            // latest measured
    double underflowMass = 0.0;
    std::int64_t underflowStep = -1;
  };
  const StepHistory* m_history = nullptr;
  std::vector<Row> m_rows;
  std::vector<int> m_offenderCount;
  std::vector<std::int64_t> m_offenderLast;
  std::size_t m_consumed = 0;
  qint64 m_shownStep = -1;
  qint64 m_drawnStep = -1;
  int m_offenderNow = -1;
  QColor m_alarm;
  std::vector<LayerStepStats> m_copy;  // the drawn step's stats (the history's ring moves on)
};

}  // namespace ampscope::ui
