// The status bar, the window title, the error banner and the export caption: what the window
// says about the session or the replayed run it shows.
#include "shell/main_window.h"

#include "core_text.h"

#include "charts/dashboard.h"
#include "panels/narrator.h"
#include "runs/session_controller.h"
#include "runs/stored_run.h"

#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QStatusBar>

namespace ampscope::ui {

void MainWindow::updateStatus() {
  m_controller->checkRecording();
  const qint64 runId = m_controller->recordingRunId();
  if (!m_controller->recordingError().isEmpty()) {
    m_statusRecording->setText(tr("not recorded"));
    m_statusRecording->setToolTip(m_controller->recordingError());
  } else if (runId > 0) {
    m_statusRecording->setText(tr("\u25CF recording run %1").arg(runId));
    m_statusRecording->setToolTip(tr("Every step of this run is recorded in %1 (File > Open replays it)")
                                      .arg(m_controller->storePath()));
  } else {
    m_statusRecording->setText(m_controller->storePath().isEmpty() ? tr("not recorded") : QString());
    m_statusRecording->setToolTip(QString());
  }
  if (m_replay) {
    const StepHistory& h = m_replay->history();
    const RunSummary& r = m_replay->summary();
    m_statusStep->setText(tr("replay: %1 steps").arg(r.steps));
    m_statusRate->setText(QString());
    m_statusDevice->setText(QStringLiteral("%1 \u00b7 %2").arg(QString::fromStdString(r.device), i18n::translate(precision_label_text(r.precision))));
    m_statusScale->setText(m_replay->scalerInUse() ? tr("final scale %1").arg(number(r.final_scale)) : tr("no scaler"));
    m_statusSkipped->setText(tr("skipped %1 (%2%)")
                                 .arg(h.skippedCount())
                                 .arg(h.empty() ? 0.0 : 100.0 * static_cast<double>(h.skippedCount()) / static_cast<double>(h.points().size()), 0, 'f', 2));
    m_statusDropped->setText(QString());
    m_dashboard->setCaption(caption());
    return;
  }
  const StepHistory& h = m_controller->history();
  const qint64 steps = m_controller->stepsDone();
  using S = SessionController::State;
  QString state;
  switch (m_controller->state()) {
    case S::Empty: state = m_controller->loading() ? tr("loading") : tr("no session"); break;
    case S::Ready: state = tr("ready"); break;
    case S::Running: state = tr("running"); break;
    case S::Paused: state = tr("paused"); break;
    case S::Finished: state = tr("finished"); break;
    case S::Failed: state = tr("stopped by an error"); break;
  }
  m_statusStep->setText(tr("step %1 (%2)").arg(steps).arg(state));
  m_statusRate->setText(tr("%1 steps/s").arg(m_controller->stepsPerSecond(), 0, 'f', 0));
  m_statusDevice->setText(QStringLiteral("%1 \u00b7 %2").arg(m_controller->deviceLabel(), m_controller->precisionLabel()));
  if (!h.empty()) {
    m_statusScale->setText(m_controller->scalerInUse() ? tr("scale %1").arg(number(h.points().back().scale_after))
                                                       : tr("no scaler"));
    m_statusSkipped->setText(tr("skipped %1 (%2%)")
                                 .arg(h.skippedCount())
                                 .arg(100.0 * static_cast<double>(h.skippedCount()) / static_cast<double>(h.points().size()), 0, 'f', 2));
  } else {
    m_statusScale->setText(m_controller->scalerInUse() ? tr("scale %1").arg(number(m_controller->config().scaler.init_scale()))
                                                       : tr("no scaler"));
    m_statusSkipped->setText(tr("skipped 0"));
  }
  const auto dropped = m_controller->droppedRecords();
  m_statusDropped->setText(tr("dropped %1").arg(dropped));
  m_statusDropped->setToolTip(tr("Records the GUI could not take in time (the training never waits for the GUI)"));
  m_dashboard->setCaption(caption());
}

QString MainWindow::caption() const {
  if (m_replay) {
    const SessionConfig& c = m_replay->config();
    QString s = tr("%1 \u00b7 %2 \u00b7 %3 steps \u00b7 ")
                    .arg(m_replay->label(), QString::fromStdString(c.model))
                    .arg(m_replay->summary().steps);
    s += m_replay->scalerInUse() ? tr("GradScaler (interval %1)").arg(c.scaler.growth_interval()) : tr("no loss scaling");
    if (m_overlay) s += tr(" \u00b7 overlay %1").arg(m_overlay->label());
    return s;
  }
  const SessionConfig& c = m_controller->config();
  QString s = tr("%1 \u00b7 %2 \u00b7 %3 steps \u00b7 ")
                  .arg(QString::fromStdString(c.model), m_controller->precisionLabel())
                  .arg(m_controller->stepsDone());
  s += m_controller->scalerInUse() ? tr("GradScaler (interval %1)").arg(c.scaler.growth_interval())
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

QString MainWindow::liveLabel() const {
  const qint64 id = m_controller->recordingRunId();
  return id > 0 ? tr("run %1: %2 (live)").arg(id).arg(m_controller->precisionLabel())
                : tr("live: %1").arg(m_controller->precisionLabel());
}

void MainWindow::updateTitle() {
  if (m_replay) {
    setWindowTitle(tr("AmpScope \u2014 replaying run %1 from %2").arg(m_replay->runId()).arg(QFileInfo(m_replay->path()).fileName()));
    return;
  }
  const qint64 id = m_controller->recordingRunId();
  setWindowTitle(id > 0 ? tr("AmpScope \u2014 run %1 (recording to %2)").arg(id).arg(QDir::toNativeSeparators(m_controller->storePath()))
                        : QStringLiteral("AmpScope"));
}

}  // namespace ampscope::ui
