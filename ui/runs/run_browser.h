// File > Open: the runs of one store as a table (id, created, model, precision, device, steps,
// final scale, skipped share, status), newest first; the chosen run is replayed or overlaid.
// The run list is read on a thread of its own: counting and summing the steps of a long run
// takes a noticeable while (0.2-0.3 s for 600,000 steps here, more from a cold disk), and the
// GUI thread does not wait on the disk that long.
#pragma once

#include "runs/background_job.h"

#include <ampscope/run_store.h>

#include <QDialog>

#include <memory>
#include <vector>

class QLabel;
class QPushButton;
class QTableWidget;

namespace ampscope::ui {

class RunBrowser : public QDialog {
  Q_OBJECT
 public:
  /// Starts reading the run list of `path` (read-only) and shows the dialog's frame at once: the
  /// table stays empty and the accept button off until the list arrives (loaded()). When the
  /// read fails or the store holds no runs, error() says why, the dialog shows it and there is
  /// nothing to choose.
  RunBrowser(const QString& path, const QString& title, const QString& acceptText, QWidget* parent = nullptr);
  /// Does not wait for a read still running: it goes on alone and its result is dropped.
  ~RunBrowser() override;

  /// True until the run list (or the reason there is none) has arrived.
  bool isLoading() const { return m_loading; }
  QString error() const { return m_error; }
  /// The runs in store order (oldest first); empty while loading.
  const std::vector<RunSummary>& runs() const { return m_runs; }
  /// The chosen run's id (0: none, or still loading).
  qint64 selectedRun() const;
  /// Selects run `id`; asked for while loading, it is selected once the list arrives.
  void selectRun(qint64 id);
  /// The "Reading the runs in ..." / "Runs in ..." line above the table.
  QString headingText() const;

 Q_SIGNALS:
  /// The run list has arrived (or failed); isLoading() is false from here on.
  void loaded();

 private:
  void showResult(std::vector<RunSummary> runs, const QString& error);

  QString m_path;
  std::vector<RunSummary> m_runs;
  QLabel* m_heading = nullptr;
  QTableWidget* m_table = nullptr;
  QLabel* m_errorLabel = nullptr;
  QPushButton* m_ok = nullptr;
  QString m_error;
  qint64 m_wanted = 0;  // selectRun() before the list arrived
  bool m_loading = true;
  BackgroundJob m_reader{this, QStringLiteral("run list reader")};
};

}  // namespace ampscope::ui
