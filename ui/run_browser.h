// File > Open: the runs of one store as a table (id, created, model, precision, device, steps,
// final scale, skipped share, status), newest first; the chosen run is replayed or overlaid.
#pragma once

#include <ampscope/run_store.h>

#include <QDialog>

#include <vector>

class QLabel;
class QTableWidget;

namespace ampscope::ui {

class RunBrowser : public QDialog {
  Q_OBJECT
 public:
  /// Reads the run list of `path` (read-only). When that fails, error() says why and the
  /// dialog has nothing to choose.
  RunBrowser(const QString& path, const QString& title, const QString& acceptText, QWidget* parent = nullptr);

  QString error() const { return m_error; }
  const std::vector<RunSummary>& runs() const { return m_runs; }
  /// The chosen run's id (0: none).
  qint64 selectedRun() const;
  void selectRun(qint64 id);

 private:
  std::vector<RunSummary> m_runs;
  QTableWidget* m_table = nullptr;
  QString m_error;
};

}  // namespace ampscope::ui
