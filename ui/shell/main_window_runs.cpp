// The runs side of the main window: File > Open (replay a stored run), Overlay, Back to the live
// run, and the CSV export of the visible range. Every read of a store and every export runs
// through a BackgroundJob: the GUI thread never waits on SQLite or the disk. The blocking
// forms (replayRun, overlayRun, exportVisibleCsv) are for tests and scripts.
#include "shell/main_window.h"

#include "core_text.h"

#include "panels/control_panel.h"
#include "runs/csv_export.h"
#include "runs/follow_controller.h"
#include "charts/dashboard.h"
#include "panels/event_log.h"
#include "charts/loss_plot.h"
#include "panels/narrator.h"
#include "runs/run_browser.h"
#include "charts/scale_plot.h"
#include "runs/session_controller.h"
#include "runs/stored_run.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QStatusBar>
#include <QTimer>

#include <atomic>
#include <cmath>
#include <optional>

namespace ampscope::ui {

/// How far the run being opened is (written by the job, read by the status bar's timer).
struct MainWindow::OpeningProgress {
  QString path;
  qint64 runId = 0;
  std::atomic<qint64> read{0};
  std::atomic<qint64> total{0};
};

namespace {
/// Run `runId`, or the latest run of `path` when it is 0 (--replay FILE). Reads the run list:
/// call it on a job thread.
qint64 resolveRun(const QString& path, qint64 runId) {
  if (runId > 0) return runId;
  try {
    const auto runs = RunStore(QFile::encodeName(path).toStdString(), RunStore::Mode::ReadOnly).runs();
    return runs.empty() ? 0 : runs.back().id;
  } catch (const std::exception&) {
    return 1;  // StoredRun reports why the file cannot be read
  }
}
}  // namespace

// ---- Runs and exports -------------------------------------------------------------------

void MainWindow::buildRunMenu(QMenu* file) {
  QAction* open = file->addAction(QString(), this, &MainWindow::openStoreInteractive);
  setTrText(open, QT_TR_NOOP("&Open run\u2026"));
  open->setShortcut(QKeySequence::Open);
  open->setToolTip(tr("Replay a run from a run store (recorded here or by 'ampscope record')"));
  QAction* overlay = file->addAction(QString(), this, &MainWindow::overlayInteractive);
  setTrText(overlay, QT_TR_NOOP("O&verlay a run\u2026"));
  overlay->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+O")));
  QAction* follow = file->addAction(QString(), this, [this] { FollowController::of(this)->followInteractive(); });
  setTrText(follow, QT_TR_NOOP("&Follow a run\u2026"));  // follow mode (runs/follow_controller.h)
  m_clearOverlay = file->addAction(QString(), this, &MainWindow::clearOverlay);
  setTrText(m_clearOverlay, QT_TR_NOOP("&Remove the overlay"));
  m_clearOverlay->setEnabled(false);
  m_backToLive = file->addAction(QString(), this, &MainWindow::backToLive);
  setTrText(m_backToLive, QT_TR_NOOP("&Back to the live run"));
  m_backToLive->setShortcut(QKeySequence(QStringLiteral("Ctrl+L")));
  m_backToLive->setEnabled(false);
  file->addSeparator();
  QAction* csv = file->addAction(QString(), this, &MainWindow::exportCsvInteractive);
  setTrText(csv, QT_TR_NOOP("Export the visible range as C&SV\u2026"));
  csv->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+E")));
  file->addSeparator();
}

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

void MainWindow::setStorePath(const QString& path) {
  m_controller->setStorePath(path);
  if (!path.isEmpty()) m_lastStoreDir = QFileInfo(path).absolutePath();
  updateStatus();
  updateTitle();
}

const StepHistory& MainWindow::shownHistory() const { return m_replay ? m_replay->history() : m_controller->history(); }

QString MainWindow::replayBannerText() const { return m_replayBar->isHidden() ? QString() : m_replayLabel->text(); }

void MainWindow::setRunControlsEnabled(bool on) {
  for (QAction* a : {m_start, m_pause, m_step, m_reset}) a->setEnabled(on);
  m_controls->setEnabled(on);
}

bool MainWindow::replayRun(const QString& path, qint64 runId, QString* error) {
  std::shared_ptr<StoredRun> run;
  try {
    run = std::make_shared<StoredRun>(path, runId, StoredRun::Use::Replay);
  } catch (const std::exception& e) {
    if (error) *error = i18n::errorText(e);
    return false;
  }
  cancelOpening();  // this one is newer
  showReplay(std::move(run));
  return true;
}

void MainWindow::openReplay(const QString& path, qint64 runId, std::function<void(bool, const QString&)> done) {
  auto progress = std::make_shared<OpeningProgress>();
  progress->path = path;
  progress->runId = runId;
  // The newest request wins: the job cancels the load in flight (it stops within ~20 ms).
  m_replayJob.start(
      [progress](const CancelToken& token) {
        const qint64 id = resolveRun(progress->path, progress->runId);
        return std::make_shared<StoredRun>(progress->path, id, StoredRun::Use::Replay, [&](qint64 read, qint64 total) {
          progress->read = read;
          progress->total = total;
          return !token.cancelled();
        });
      },
      [this, done](std::shared_ptr<StoredRun> run) {
        m_loading.reset();
        updateOpening();
        showReplay(std::move(run));
        if (done) done(true, {});
      },
      [this, done](const QString& error) {
        m_loading.reset();
        updateOpening();
        if (done) done(false, error);
      });
  m_loading = progress;
  updateOpening();
}

void MainWindow::cancelOpening() {
  if (!m_loading) return;
  m_replayJob.cancel();
  m_loading.reset();
  updateOpening();
}

QString MainWindow::openingText() const { return m_loading ? m_openingLabel->text() : QString(); }

void MainWindow::updateOpening() {
  if (!m_loading) {
    m_openingTimer->stop();
    if (!m_openingBar->isHidden()) statusBar()->removeWidget(m_openingBar);  // hides it
    return;
  }
  const qint64 read = m_loading->read, total = m_loading->total;
  const QString file = QFileInfo(m_loading->path).fileName();
  if (total <= 0)
    m_openingLabel->setText(tr("Opening run %1 of %2").arg(m_loading->runId).arg(file));
  else if (read >= total)
    m_openingLabel->setText(tr("Opening run %1 of %2: reading statistics").arg(m_loading->runId).arg(file));
  else
    m_openingLabel->setText(tr("Opening run %1 of %2: %3 of %4 steps")
                                .arg(m_loading->runId)
                                .arg(file, locale().toString(read), locale().toString(total)));
  m_openingProgress->setValue(total > 0 ? static_cast<int>(std::min<qint64>(1000, read * 1000 / total)) : 0);
  if (m_openingBar->isHidden()) {
    statusBar()->addWidget(m_openingBar);
    m_openingBar->show();
  }
  if (!m_openingTimer->isActive()) m_openingTimer->start();
}

void MainWindow::showReplay(std::shared_ptr<StoredRun> run) {
  const QString path = run->path();
  const qint64 runId = run->runId();
  // Point the charts at the new run before the old one (if any) goes away.
  std::shared_ptr<StoredRun> previous = std::move(m_replay);
  m_replay = std::move(run);
  // A step's per-layer statistics are read off the GUI thread when a chart asks for them.
  m_replay->history().setStatsRequest([this, shown = std::weak_ptr<StoredRun>(m_replay)](std::int64_t step) {
    loadReplayStats(shown, step);
  });
  showHistory(&m_replay->history(), m_replay->scalerInUse());
  previous.reset();
  m_log->clear();
  for (const NarratedEvent& e : m_replay->events()) m_log->addEvent(e.step, static_cast<int>(e.severity), e.text);
  m_replayLabel->setText(tr("Replaying run %1 from %2 (read-only: %3 \u00b7 %4 \u00b7 %5 steps, %6). "
                            "Click the event log or the charts to look at a step.")
                             .arg(runId)
                             .arg(QDir::toNativeSeparators(path), QString::fromStdString(m_replay->summary().model),
                                  i18n::translate(precision_label_text(m_replay->summary().precision)))
                             .arg(m_replay->summary().steps)
                             .arg(QString::fromStdString(m_replay->summary().status)));
  m_replayBar->setVisible(true);
  m_explanation->setVisible(false);  // the live preset's story is not this run's
  m_backToLive->setEnabled(true);
  m_lastStoreDir = QFileInfo(path).absolutePath();
  setRunControlsEnabled(false);
  updateOverlayLabels();
  updateStatus();
  updateTitle();
}

void MainWindow::loadReplayStats(const std::weak_ptr<StoredRun>& shown, std::int64_t step) {
  const std::shared_ptr<StoredRun> run = shown.lock();
  if (!run) return;
  auto arrived = [this, shown, step](std::optional<StepRecord> record) {
    const std::shared_ptr<StoredRun> r = shown.lock();
    if (!r || r != m_replay) return;
    r->history().deliverStats(step, std::move(record));
    showStep(m_shownStep);  // the charts and the table ask again and find it
  };
  // The newest click wins; a store opened for the job (the replay's own is this thread's).
  m_statsJob.start(
      [path = QFile::encodeName(run->path()).toStdString(), id = run->runId(), step](const CancelToken&) {
        std::vector<StepRecord> r = RunStore(path, RunStore::Mode::ReadOnly).load_steps(id, step, step, true);
        return r.empty() ? std::optional<StepRecord>() : std::optional<StepRecord>(std::move(r.front()));
      },
      arrived, [arrived](const QString&) { arrived(std::nullopt); });  // the file went away: "no statistics"
}

void MainWindow::backToLive() {
  if (!m_replay) return;
  m_statsJob.cancel();
  showHistory(&m_controller->history(), m_controller->scalerInUse());
  m_replay.reset();
  m_log->clear();
  for (const LiveEvent& e : m_liveEvents) m_log->addEvent(e.step, e.severity, e.text);
  m_replayBar->setVisible(false);
  m_explanation->setVisible(!m_explanation->text().isEmpty());
  m_backToLive->setEnabled(false);
  m_controls->setEnabled(true);
  onStateChanged();
  updateOverlayLabels();
  updateStatus();
  updateTitle();
}

bool MainWindow::overlayRun(const QString& path, qint64 runId, QString* error) {
  std::shared_ptr<StoredRun> run;
  try {
    run = std::make_shared<StoredRun>(path, runId, StoredRun::Use::Overlay);
  } catch (const std::exception& e) {
    if (error) *error = i18n::errorText(e);
    return false;
  }
  m_overlayJob.cancel();  // this one is newer
  showOverlay(std::move(run));
  return true;
}

void MainWindow::openOverlay(const QString& path, qint64 runId, std::function<void(bool, const QString&)> done) {
  m_overlayJob.start(
      [path, runId](const CancelToken& token) {
        return std::make_shared<StoredRun>(path, resolveRun(path, runId), StoredRun::Use::Overlay,
                                           [&token](qint64, qint64) { return !token.cancelled(); });
      },
      [this, done](std::shared_ptr<StoredRun> run) {
        showOverlay(std::move(run), true);
        if (done) done(true, {});
      },
      [done](const QString& error) {
        if (done) done(false, error);
      });
}

void MainWindow::showOverlay(std::shared_ptr<StoredRun> run, bool staged) {
  const QString path = run->path();
  std::shared_ptr<StoredRun> previous = std::move(m_overlay);
  m_overlay = std::move(run);
  if (staged) {
    // A long run takes each chart tens of milliseconds to take in (decimation, scale changes):
    // one chart per turn of the event loop, so that the GUI thread's pauses stay short.
    overlayOnto(true, false);
    QTimer::singleShot(0, this, [this, shown = std::weak_ptr<StoredRun>(m_overlay)] {
      if (!shown.expired() && shown.lock() == m_overlay) overlayOnto(false, true);
    });
  } else {
    updateOverlayLabels();
  }
  previous.reset();
  m_clearOverlay->setEnabled(true);
  m_lastStoreDir = QFileInfo(path).absolutePath();
  updateStatus();
}

void MainWindow::clearOverlay() {
  m_overlayJob.cancel();
  m_dashboard->lossPlot()->setOverlay(nullptr, {}, {});
  m_dashboard->scalePlot()->setOverlay(nullptr, {}, {});
  m_overlay.reset();
  m_clearOverlay->setEnabled(false);
  m_dashboard->scheduleReplot();
}

void MainWindow::updateOverlayLabels() {
  overlayOnto(true, true);
}

void MainWindow::overlayOnto(bool loss, bool scale) {
  if (!m_overlay) return;
  const QString main = m_replay ? m_replay->label() : liveLabel();
  if (loss) m_dashboard->lossPlot()->setOverlay(&m_overlay->history(), main, m_overlay->label());
  if (scale) m_dashboard->scalePlot()->setOverlay(&m_overlay->history(), main, m_overlay->label());
  m_dashboard->scheduleReplot();
}

void MainWindow::addLiveEvent(qint64 step, int severity, const QString& text) {
  m_liveEvents.push_back({step, severity, text});
  while (m_liveEvents.size() > static_cast<std::size_t>(EventLog::kMaxLines)) m_liveEvents.pop_front();
  if (!m_replay) m_log->addEvent(step, severity, text);
}

std::pair<qint64, qint64> MainWindow::visibleSteps() const {
  const QCPRange r = m_dashboard->lossPlot()->xAxis->range();
  return {static_cast<qint64>(std::ceil(std::max(0.0, r.lower))), static_cast<qint64>(std::floor(r.upper))};
}

void MainWindow::openStoreInteractive() {
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Open a run store"), m_lastStoreDir,
      tr("AmpScope run stores (*.sqlite *.ampscope *.db);;All files (*)"));
  if (path.isEmpty()) return;
  // The dialog opens at once and reads the run list off the GUI thread; a store that cannot be
  // read, or holds no runs, says so inside it.
  RunBrowser browser(path, tr("Replay a run"), tr("Replay"), this);
  if (m_replay && QFileInfo(m_replay->path()) == QFileInfo(path)) browser.selectRun(m_replay->runId());
  if (browser.exec() != QDialog::Accepted || browser.selectedRun() <= 0) return;
  openReplay(path, browser.selectedRun(), [this](bool ok, const QString& error) {
    if (!ok) QMessageBox::warning(this, tr("Cannot replay the run"), error);
  });
}

void MainWindow::overlayInteractive() {
  QString path = m_replay ? m_replay->path() : m_controller->storePath();
  path = QFileDialog::getOpenFileName(this, tr("Overlay a run from a run store"), path.isEmpty() ? m_lastStoreDir : path,
                                      tr("AmpScope run stores (*.sqlite *.ampscope *.db);;All files (*)"));
  if (path.isEmpty()) return;
  RunBrowser browser(path, tr("Overlay a run on the loss and scale charts"), tr("Overlay"), this);
  if (browser.exec() != QDialog::Accepted || browser.selectedRun() <= 0) return;
  openOverlay(path, browser.selectedRun(), [this](bool ok, const QString& error) {
    if (!ok) QMessageBox::warning(this, tr("Cannot overlay the run"), error);
  });
}

}  // namespace ampscope::ui
