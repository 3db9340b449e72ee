// Exports: the dashboard and single charts (PNG, PDF, SVG), the window grab for the docs, and
// the visible step range as CSV (written on a job thread: the GUI thread never waits on the
// disk or on the replayed run's store).
#include "shell/main_window.h"

#include "core_text.h"

#include "runs/csv_export.h"
#include "charts/dashboard.h"
#include "charts/export_dialog.h"
#include "charts/loss_plot.h"
#include "runs/session_controller.h"
#include "runs/stored_run.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QMessageBox>
#include <QStatusBar>

#include <algorithm>
#include <cmath>

namespace ampscope::ui {

bool MainWindow::grabWindowTo(const QString& path, QString* error) {
  updateStatus();
  // The status texts just changed: lay them out before the grab, or longer words are cut.
  QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
  // Twice: the second layout uses the tick counts and label sizes the first one fitted.
  for (int pass = 0; pass < 2; ++pass)
    for (ChartBase* c : m_dashboard->charts()) c->replot(QCustomPlot::rpImmediateRefresh);
  const QPixmap shot = grab();
  if (shot.isNull() || !shot.save(path, "PNG")) {
    if (error) *error = tr("cannot write %1").arg(path);
    return false;
  }
  return true;
}

bool MainWindow::exportDashboardTo(const QString& path, const ExportOptions& options, QString* error) {
  m_dashboard->setCaption(caption());
  ExportOptions o = options;
  if (o.title.isEmpty()) o.title = caption();
  return exportDashboard(m_dashboard, path, o, error);
}

void MainWindow::exportDashboardInteractive() {
  ExportDialog dlg(tr("dashboard"), QDir::home().filePath(QStringLiteral("ampscope-dashboard.png")), QSize(1600, 1000), this);
  if (dlg.exec() != QDialog::Accepted) return;
  QString error;
  if (!exportDashboardTo(dlg.path(), dlg.options(), &error))
    QMessageBox::warning(this, tr("Export failed"), error);
  else
    statusBar()->showMessage(tr("Wrote %1").arg(dlg.path()), 5000);
}

void MainWindow::exportChartInteractive(int index) {
  ChartBase* chart = m_dashboard->charts().at(static_cast<std::size_t>(index));
  ExportDialog dlg(chart->title(), QDir::home().filePath(QStringLiteral("ampscope-%1.pdf").arg(chart->fileStem())), QSize(800, 500), this);
  if (dlg.exec() != QDialog::Accepted) return;
  ExportOptions o = dlg.options();
  o.title = chart->title();
  QString error;
  if (!exportChart(chart, dlg.path(), o, &error))
    QMessageBox::warning(this, tr("Export failed"), error);
  else
    statusBar()->showMessage(tr("Wrote %1").arg(dlg.path()), 5000);
}


/// What a CSV export needs, taken on the GUI thread; written on a job thread. A replayed run is
/// shared (its steps do not change, its statistics are read from a store opened for the job);
/// the live history changes with every poll, so the visible steps and the statistics it holds
/// are copied.
struct MainWindow::CsvExportTask {
  QString path;
  qint64 first = 0, last = 0;
  std::shared_ptr<const StoredRun> run;
  std::vector<StepPoint> points;
  std::vector<LayerInfo> layers;
  std::vector<StepRecord> stats;

  qint64 write(const CancelToken& token, QString* error) const {
    StatsRangeLoader loader;
    std::unique_ptr<RunStore> store;
    if (run) {
      store = std::make_unique<RunStore>(QFile::encodeName(run->path()).toStdString(), RunStore::Mode::ReadOnly);
      loader = [&store, &token, id = run->runId()](qint64 a, qint64 b, std::vector<StepRecord>& out) {
        if (token.cancelled()) throw JobCancelled();
        for (StepRecord& r : store->load_steps(id, a, b, true))
          if (!r.layers.empty()) out.push_back(std::move(r));
      };
      return writeStepsCsv(path, run->history().points(), run->history().layers(), first, last, loader, error);
    }
    loader = [this, &token](qint64 a, qint64 b, std::vector<StepRecord>& out) {
      if (token.cancelled()) throw JobCancelled();
      for (const StepRecord& r : stats)
        if (r.step >= a && r.step <= b) out.push_back(r);
    };
    return writeStepsCsv(path, points, layers, first, last, loader, error);
  }
};

std::shared_ptr<const MainWindow::CsvExportTask> MainWindow::csvTask(const QString& path) const {
  auto task = std::make_shared<CsvExportTask>();
  task->path = path;
  std::tie(task->first, task->last) = visibleSteps();
  if (m_replay) {
    task->run = m_replay;
    return task;
  }
  const StepHistory& h = m_controller->history();
  const auto& pts = h.points();
  auto begin = std::lower_bound(pts.begin(), pts.end(), task->first, [](const StepPoint& p, qint64 s) { return p.step < s; });
  auto end = std::upper_bound(pts.begin(), pts.end(), task->last, [](qint64 s, const StepPoint& p) { return s < p.step; });
  task->points.assign(begin, end);
  task->layers = h.layers();
  if (!task->layers.empty()) h.keptStats(task->first, task->last, task->stats);
  return task;
}

qint64 MainWindow::exportVisibleCsv(const QString& path, QString* error) {
  auto task = csvTask(path);
  try {
    return task->write({}, error);
  } catch (const std::exception& e) {  // the store went away while reading
    if (error) *error = i18n::errorText(e);
    return -1;
  }
}

void MainWindow::exportVisibleCsvInBackground(const QString& path, std::function<void(qint64, const QString&)> done) {
  auto task = csvTask(path);
  m_exportJob.start(
      [task](const CancelToken& token) {
        QString error;
        const qint64 rows = task->write(token, &error);
        return std::make_pair(rows, error);
      },
      [done](std::pair<qint64, QString> result) {
        if (done) done(result.first, result.second);
      },
      [done](const QString& error) {
        if (done) done(-1, error);
      });
}

void MainWindow::exportCsvInteractive() {
  const auto [first, last] = visibleSteps();
  const QString stem = m_replay ? QStringLiteral("ampscope-run%1-steps-%2-%3.csv").arg(m_replay->runId()).arg(first).arg(last)
                                : QStringLiteral("ampscope-steps-%1-%2.csv").arg(first).arg(last);
  const QString path = QFileDialog::getSaveFileName(this, tr("Export the visible steps %1\u2013%2 as CSV").arg(first).arg(last),
                                                    QDir::home().filePath(stem), tr("CSV files (*.csv)"));
  if (path.isEmpty()) return;
  exportVisibleCsvInBackground(path, [this, path](qint64 rows, const QString& error) {
    if (rows < 0)
      QMessageBox::warning(this, tr("Export failed"), error);
    else
      statusBar()->showMessage(tr("Wrote %1 steps to %2").arg(rows).arg(path), 5000);
  });
}


}  // namespace ampscope::ui
