// Exports: the dashboard and single charts (PNG, PDF, SVG), the window grab for the docs, and
// the CSV dialog (ReplayController writes the visible steps on a job thread: the GUI thread
// never waits on the disk or on the replayed run's store).
#include "shell/main_window.h"

#include "core_text.h"

#include "charts/dashboard.h"
#include "charts/export_dialog.h"
#include "charts/loss_plot.h"
#include "runs/replay_controller.h"
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
  // Until the layout settles: a layout fits tick counts, wraps titles and moves charts between
  // pages, and what it fitted takes effect at the next one (the charts queue those replots
  // themselves, at most a dozen rounds; a grab after two showed a wrapped subtitle on its title).
  for (int pass = 0; pass < 6; ++pass) {
    for (ChartBase* c : m_dashboard->charts()) c->replot(QCustomPlot::rpImmediateRefresh);
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
  }
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


void MainWindow::exportCsvInteractive() {
  const auto [first, last] = visibleSteps();
  const StoredRun* replay = m_runs->replayedRun();
  const QString stem = replay ? QStringLiteral("ampscope-run%1-steps-%2-%3.csv").arg(replay->runId()).arg(first).arg(last)
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
