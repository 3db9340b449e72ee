// The "Formats what-if" dock: for the step the histogram shows, per layer, the share of the
// gradient's elements that a round-to-nearest-even cast to fp16, bf16, fp8-e4m3 or fp8-e5m2
// would flush to zero (underflow, Transformer Engine's underflows%) or push past the format's
// largest finite value (overflow), computed from the exact exponent histogram
// (ampscope/format_whatif.h). A header line says the step and the scale the values are at;
// cells are coloured by severity, tooltips give the counts; writeCsv() exports the table.
// Definitions: docs/measurements.md, "Format what-if".
#pragma once

#include <ampscope/format_whatif.h>
#include <ampscope/session_types.h>

#include <QAbstractTableModel>
#include <QColor>
#include <QWidget>

#include <array>
#include <optional>
#include <vector>

class QLabel;
class QTableView;

namespace ampscope::ui {

class StepHistory;
struct PlotTheme;

class WhatIfModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  /// The formats of the columns, in order: each has an underflow and an overflow column.
  static constexpr std::array<kernels::Format, 4> kFormats = kWhatIfFormats;
  enum Column { Name = 0, FirstFormat = 1, ColumnCount = 1 + 2 * static_cast<int>(kFormats.size()) };

  explicit WhatIfModel(QObject* parent = nullptr);
  /// `statsTarget`: the format the run's statistics count above_max / below_min_subnormal
  /// against (SessionConfig::histogram.target), used where it makes a count exact.
  void setHistory(const StepHistory* history, std::optional<kernels::Format> statsTarget);
  void rebuild();
  void appendSteps();
  /// -1 = follow the newest statistics step (as the histogram does).
  void setShownStep(qint64 step);
  /// The unscaled gradient g/S (the histogram's unscaled view): exact only when S is a power of
  /// two (the bins shift by log2 S); otherwise the table stays at the scaled values and says so.
  void setUnscaled(bool on);
  bool unscaled() const { return m_unscaled; }
  void setTheme(const PlotTheme& theme);
  void retranslate();

  /// The step whose statistics the table shows (-1: none), its scale, and the shift applied.
  qint64 drawnStep() const { return m_step; }
  double drawnScale() const { return m_scale; }
  int exponentShift() const { return m_shift; }
  /// The what-if of a row (a layer index) for a column's format; nullptr when the layer has no
  /// statistics at the drawn step.
  const FormatWhatIf* result(int row, kernels::Format format) const;
  /// "step 120 · S = 2^16 · scaled gradient (as backward produced it) · shares of all elements".
  QString headerText() const;
  /// The table as CSV (one row per layer and format). Returns the rows written, or -1 with
  /// `error` set.
  qint64 writeCsv(const QString& path, QString* error = nullptr) const;
  /// The CSV's columns (for tests and docs).
  static QStringList csvColumns();

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  void refresh();
  struct Row {
    bool valid = false;
    std::array<FormatWhatIf, kFormats.size()> formats{};
  };
  const StepHistory* m_history = nullptr;
  std::optional<kernels::Format> m_statsTarget;
  std::vector<Row> m_rows;
  qint64 m_shownStep = -1;
  qint64 m_step = -1;
  double m_scale = 1.0;
  int m_shift = 0;
  bool m_unscaled = false;
  bool m_shiftRefused = false;  // unscaled asked for, but S is not a power of two
  bool m_skipped = false;
  bool m_dark = false;
  QColor m_text;
};

/// The dock's widget: the header line over the table. Clicking a row selects that layer.
class WhatIfPanel : public QWidget {
  Q_OBJECT
 public:
  explicit WhatIfPanel(QWidget* parent = nullptr);
  WhatIfModel* model() const { return m_model; }
  QTableView* view() const { return m_view; }
  QString header() const;
  void setHistory(const StepHistory* history, std::optional<kernels::Format> statsTarget);
  void rebuild();
  void appendSteps();
  void setShownStep(qint64 step);
  void setUnscaled(bool on);
  void selectLayer(int layer);  ///< programmatic, does not emit layerSelected

 Q_SIGNALS:
  void layerSelected(int layer);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void updateHeader();
  WhatIfModel* m_model = nullptr;
  QLabel* m_header = nullptr;
  QTableView* m_view = nullptr;
  bool m_silent = false;
};

}  // namespace ampscope::ui
