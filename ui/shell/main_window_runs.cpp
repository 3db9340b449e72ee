// The runs side of the main window: the dialogs behind the File menu's Open (replay a stored
// run) and Overlay, the replay bar, and what the window does when the shown run changes. The runs themselves, their jobs and the export live in ReplayController; the public
// runs API of MainWindow forwards to it.
#include "shell/main_window.h"

#include "panels/control_panel.h"
#include "charts/dashboard.h"
#include "charts/loss_plot.h"
#include "panels/event_log.h"
#include "panels/narrator.h"
#include "panels/run_settings_view.h"
#include "runs/follow_controller.h"
#include "runs/replay_controller.h"
#include "runs/run_browser.h"
#include "runs/session_controller.h"
#include "runs/stored_run.h"
#include "shell/classroom_controller.h"
#include "shell/main_window_menus.h"
#include "shell/status_bar.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>

namespace ampscope::ui {

// ---- Runs and exports -------------------------------------------------------------------

QWidget* MainWindow::buildReplayBar(QWidget* parent) {
  m_replayBar = new QWidget(parent);
  m_replayBar->setObjectName(QStringLiteral("replayBar"));
  setThemedStyleSheet(m_replayBar, [](const PlotTheme& t) { return t.replayBarStyle(QStringLiteral("replayBar")); });
  auto* h = new QHBoxLayout(m_replayBar);
  h->setContentsMargins(8, 4, 8, 4);
  m_replayLabel = new QLabel(m_replayBar);
  m_replayLabel->setWordWrap(true);
  auto* back = new QPushButton(m_replayBar);
  setTrText(back, QT_TR_NOOP("Back to the live run"));
  connect(back, &QPushButton::clicked, this, &MainWindow::backToLive);
  h->addWidget(m_replayLabel, 1);
  h->addWidget(back);
  m_replayBar->setVisible(false);
  return m_replayBar;
}

void MainWindow::wireRuns() {
  connect(m_runs, &ReplayController::shownRunChanged, this, &MainWindow::onShownRunChanged);
  connect(m_runs, &ReplayController::overlayChanged, this, [this] {
    m_menus->setOverlayShown(m_runs->overlaidRun() != nullptr);
    updateStatus();
  });
  connect(m_runs, &ReplayController::replayStatsArrived, this, [this] { showStep(m_shownStep); });
  connect(m_runs, &ReplayController::openingChanged, this,
          [this] { m_status->showOpening(m_runs->openingText(), m_runs->openingPermille()); });
  connect(m_status, &StatusBar::cancelOpeningClicked, m_runs, &ReplayController::cancelOpening);
  connect(m_status, &StatusBar::tick, this, &MainWindow::updateStatus);
  // Follow mode: its status and rank selector live in the status bar, its banner in the replay bar.
  connect(m_follow, &FollowController::statusChanged, this, [this](const QString& text) {
    m_status->setFollowText(text);
    updateStatus();
  });
  connect(m_follow, &FollowController::ranksChanged, m_status, &StatusBar::setFollowRanks);
  connect(m_status, &StatusBar::followRankChosen, m_follow, &FollowController::selectRank);
  connect(m_follow, &FollowController::bannerChanged, this, [this](const QString& text) {
    if (m_runs->isReplaying()) m_replayLabel->setText(text);
  });
}

void MainWindow::onShownRunChanged() {
  if (const StoredRun* run = m_runs->replayedRun()) {
    showHistory(&run->history(), run->scalerInUse());
    m_log->clear();
    for (const NarratedEvent& e : run->events()) m_log->addEvent(e.step, static_cast<int>(e.severity), e.text);
    if (run->events().empty() && !run->history().empty() && run->history().skippedCount() == 0 &&
        run->history().nonFiniteCount() == 0) {
      // An empty log read as a panel that failed to load: say that there was nothing to tell.
      const StepHistory& h = run->history();
      const qint64 first = h.points().front().step, last = h.lastStep();
      const QString steps = first == last ? tr("step %1").arg(first) : tr("steps %1\u2013%2").arg(first).arg(last);
      m_log->addEvent(first, static_cast<int>(NarratedEvent::Severity::Info),
                      run->scalerInUse() ? tr("%1: nothing to tell: no step skipped, the scale never changed").arg(steps)
                                         : tr("%1: nothing to tell: no loss scaling, and no gradient went non-finite").arg(steps));
    }
    m_replayLabel->setText(m_runs->replayDescription());
    m_replayBar->setVisible(true);
    m_classroom->setReplaying(true);  // the live preset's story is not this run's
    m_menus->setReplaying(true);
    setRunControlsEnabled(false);
    m_runSettings->showRun(*run);
    // A probe run's loss is the user's own objective, not AmpScope's cross-entropy.
    m_dashboard->lossPlot()->setUserLoss(run->summary().origin.source == "probe");
    m_dashboard->lossPlot()->setLossRecorded(run->config().loss_recorded);
    m_controls->hide();
    m_runSettings->show();
  } else {
    showHistory(&m_controller->history(), m_controller->scalerInUse());
    m_log->clear();
    for (const LiveEvent& e : m_liveEvents) m_log->addEvent(e.step, e.severity, e.text);
    m_replayBar->setVisible(false);
    m_classroom->setReplaying(false);
    m_menus->setReplaying(false);
    m_runSettings->hide();
    m_controls->show();
    m_dashboard->lossPlot()->setUserLoss(false);
    m_dashboard->lossPlot()->setLossRecorded(true);
    m_controls->setEnabled(true);
    onStateChanged();
  }
  updateStatus();
  updateTitle();
}

void MainWindow::setStorePath(const QString& path) {
  m_controller->setStorePath(path);
  if (!path.isEmpty()) m_runs->setLastStoreDir(QFileInfo(path).absolutePath());
  updateStatus();
  updateTitle();
}

QString MainWindow::replayBannerText() const { return m_replayBar->isHidden() ? QString() : m_replayLabel->text(); }

void MainWindow::setRunControlsEnabled(bool on) {
  m_menus->setRunControlsEnabled(on);
  m_controls->setEnabled(on);
}

void MainWindow::addLiveEvent(qint64 step, int severity, const QString& text) {
  m_liveEvents.push_back({step, severity, text});
  while (m_liveEvents.size() > static_cast<std::size_t>(EventLog::kMaxLines)) m_liveEvents.pop_front();
  if (!m_runs->isReplaying()) m_log->addEvent(step, severity, text);
}

// ---- the runs API, forwarded (tests, gui_main) ------------------------------------------

bool MainWindow::replayRun(const QString& path, qint64 runId, QString* error) { return m_runs->replayRun(path, runId, error); }
void MainWindow::openReplay(const QString& path, qint64 runId, std::function<void(bool, const QString&)> done) {
  m_runs->openReplay(path, runId, std::move(done));
}
bool MainWindow::isOpeningReplay() const { return m_runs->isOpeningReplay(); }
void MainWindow::cancelOpening() { m_runs->cancelOpening(); }
QString MainWindow::openingText() const { return m_status->openingText(); }
void MainWindow::backToLive() { m_runs->backToLive(); }
bool MainWindow::isReplaying() const { return m_runs->isReplaying(); }
const StoredRun* MainWindow::replayedRun() const { return m_runs->replayedRun(); }
bool MainWindow::overlayRun(const QString& path, qint64 runId, QString* error) { return m_runs->overlayRun(path, runId, error); }
void MainWindow::openOverlay(const QString& path, qint64 runId, std::function<void(bool, const QString&)> done) {
  m_runs->openOverlay(path, runId, std::move(done));
}
bool MainWindow::isOpeningOverlay() const { return m_runs->isOpeningOverlay(); }
void MainWindow::clearOverlay() { m_runs->clearOverlay(); }
const StoredRun* MainWindow::overlaidRun() const { return m_runs->overlaidRun(); }
const StepHistory& MainWindow::shownHistory() const { return m_runs->shownHistory(); }
qint64 MainWindow::exportVisibleCsv(const QString& path, QString* error) { return m_runs->exportVisibleCsv(path, error); }
void MainWindow::exportVisibleCsvInBackground(const QString& path, std::function<void(qint64, const QString&)> done) {
  m_runs->exportVisibleCsvInBackground(path, std::move(done));
}
bool MainWindow::isExporting() const { return m_runs->isExporting(); }
std::pair<qint64, qint64> MainWindow::visibleSteps() const { return m_runs->visibleSteps(); }

// ---- the File menu's dialogs --------------------------------------------------------------

void MainWindow::openStoreInteractive() {
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Open a run store"), m_runs->lastStoreDir(),
      tr("AmpScope run stores (*.sqlite *.ampscope *.db);;All files (*)"));
  if (path.isEmpty()) return;
  // The dialog opens at once and reads the run list off the GUI thread; a store that cannot be
  // read, or holds no runs, says so inside it.
  RunBrowser browser(path, tr("Replay a run"), tr("Replay"), this);
  const StoredRun* shown = m_runs->replayedRun();
  if (shown && QFileInfo(shown->path()) == QFileInfo(path)) browser.selectRun(shown->runId());
  if (browser.exec() != QDialog::Accepted || browser.selectedRun() <= 0) return;
  openReplay(path, browser.selectedRun(), [this](bool ok, const QString& error) {
    if (!ok) QMessageBox::warning(this, tr("Cannot replay the run"), error);
  });
}

namespace {
// A warning box that does not wait for its answer: launch requests report through it while the
// window starts the live run beside it.
void openWarning(QWidget* parent, const QString& title, const QString& text) {
  auto* box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, parent);
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->open();
}
}  // namespace

void MainWindow::warnCannotReplay(const QString& error) { openWarning(this, tr("Cannot replay the run"), error); }
void MainWindow::warnCannotOverlay(const QString& error) { openWarning(this, tr("Cannot overlay the run"), error); }

void MainWindow::overlayInteractive() {
  QString path = m_runs->isReplaying() ? m_runs->replayedRun()->path() : m_controller->storePath();
  path = QFileDialog::getOpenFileName(this, tr("Overlay a run from a run store"), path.isEmpty() ? m_runs->lastStoreDir() : path,
                                      tr("AmpScope run stores (*.sqlite *.ampscope *.db);;All files (*)"));
  if (path.isEmpty()) return;
  RunBrowser browser(path, tr("Overlay a run on the loss and scale charts"), tr("Overlay"), this);
  if (browser.exec() != QDialog::Accepted || browser.selectedRun() <= 0) return;
  openOverlay(path, browser.selectedRun(), [this](bool ok, const QString& error) {
    if (!ok) QMessageBox::warning(this, tr("Cannot overlay the run"), error);
  });
}

}  // namespace ampscope::ui
