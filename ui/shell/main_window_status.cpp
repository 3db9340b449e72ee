// What the window says about the session or the replayed run it shows: the status bar (its
// labels: StatusBar), the window title, the error banner and the export caption.
#include "shell/main_window.h"

#include "core_text.h"

#include "charts/dashboard.h"
#include "panels/narrator.h"
#include "runs/replay_controller.h"
#include "runs/session_controller.h"
#include "runs/stored_run.h"
#include "shell/status_bar.h"

#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QStatusBar>

namespace ampscope::ui {

void MainWindow::updateStatus() {
  m_status->refresh(*m_controller, m_runs->replayedRun());
  m_dashboard->setCaption(caption());
}

QString MainWindow::caption() const {
  if (const StoredRun* replay = m_runs->replayedRun()) {
    const SessionConfig& c = replay->config();
    QString s = tr("%1 \u00b7 %2 \u00b7 %3 steps \u00b7 ")
                    .arg(replay->label(), QString::fromStdString(c.model))  // the label names a named run
                    .arg(replay->summary().steps);
    s += replay->scalerInUse() ? tr("GradScaler (init %1, interval %2)").arg(scaleText(c.scaler.init_scale())).arg(c.scaler.growth_interval())
                               : tr("no loss scaling");
    if (const StoredRun* overlay = m_runs->overlaidRun()) s += tr(" \u00b7 overlay %1").arg(overlay->label());
    return s;
  }
  const SessionConfig& c = m_controller->config();
  QString s = tr("%1 \u00b7 %2 \u00b7 %3 steps \u00b7 ")
                  .arg(QString::fromStdString(c.model), m_controller->precisionLabel())
                  .arg(m_controller->stepsDone());
  // The start is part of the story a figure tells (overflow-storm's 2^40).
  s += m_controller->scalerInUse() ? tr("GradScaler (init %1, interval %2)").arg(scaleText(c.scaler.init_scale())).arg(c.scaler.growth_interval())
                                   : tr("no loss scaling");
  s += tr(" \u00b7 %1 lr %2 \u00b7 batch %3")
           .arg(QString::fromUtf8(std::string(to_string(c.optimizer)).c_str()), number(c.lr))
           .arg(c.batch_size);
  return s;
}

void MainWindow::showBanner(const QString& text) {
  m_banner->setText(text);
  m_banner->setVisible(!text.isEmpty());
  statusBar()->showMessage(text, 10000);
}

QString MainWindow::bannerText() const { return m_banner->isHidden() ? QString() : m_banner->text(); }

void MainWindow::updateTitle() {
  if (const StoredRun* replay = m_runs->replayedRun()) {
    setWindowTitle(tr("AmpScope \u2014 replaying run %1 from %2").arg(replay->runId()).arg(QFileInfo(replay->path()).fileName()));
    return;
  }
  const qint64 id = m_controller->recordingRunId();
  setWindowTitle(id > 0 ? tr("AmpScope \u2014 run %1 (recording to %2)").arg(id).arg(QDir::toNativeSeparators(m_controller->storePath()))
                        : QStringLiteral("AmpScope"));
}

}  // namespace ampscope::ui
