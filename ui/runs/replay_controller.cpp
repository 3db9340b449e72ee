#include "runs/replay_controller.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QTimer>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <optional>

#include "charts/dashboard.h"
#include "charts/loss_plot.h"
#include "charts/scale_plot.h"
#include "core_text.h"
#include "panels/narrator.h"
#include "runs/csv_export.h"
#include "runs/session_controller.h"
#include "runs/stored_run.h"

namespace ampscope::ui {

/// How far the run being opened is (written by the job, read by the status bar's timer).
struct ReplayController::OpeningProgress {
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

ReplayController::ReplayController(SessionController* live, Dashboard* dashboard, QObject* parent)
    : QObject(parent), m_live(live), m_dashboard(dashboard), m_openingTimer(new QTimer(this)) {
  m_openingTimer->setInterval(100);
  connect(m_openingTimer, &QTimer::timeout, this, &ReplayController::openingChanged);
}

// Jobs still running (a run being opened or overlaid, an export) hold what they read and write;
// their results are dropped with the jobs (background_job.h). Nothing waits here.
ReplayController::~ReplayController() = default;

// ---- replay ---------------------------------------------------------------------------------

bool ReplayController::replayRun(const QString& path, qint64 runId, QString* error) {
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

void ReplayController::openReplay(const QString& path, qint64 runId,
                                  std::function<void(bool, const QString&)> done) {
  auto progress = std::make_shared<OpeningProgress>();
  progress->path = path;
  progress->runId = runId;
  // The newest request wins: the job cancels the load in flight (it stops within ~20 ms).
  m_replayJob.start(
      [progress](const CancelToken& token) {
        const qint64 id = resolveRun(progress->path, progress->runId);
        return std::make_shared<StoredRun>(progress->path, id, StoredRun::Use::Replay,
                                           [&](qint64 read, qint64 total) {
                                             progress->read = read;
                                             progress->total = total;
                                             return !token.cancelled();
                                           });
      },
      [this, done](std::shared_ptr<StoredRun> run) {
        setLoading(nullptr);
        showReplay(std::move(run));
        if (done) done(true, {});
      },
      [this, done](const QString& error) {
        setLoading(nullptr);
        if (done) done(false, error);
      });
  setLoading(progress);
}

void ReplayController::cancelOpening() {
  if (!m_loading) return;
  m_replayJob.cancel();
  setLoading(nullptr);
}

void ReplayController::setLoading(std::shared_ptr<OpeningProgress> progress) {
  m_loading = std::move(progress);
  if (!m_loading)
    m_openingTimer->stop();
  else if (!m_openingTimer->isActive())
    m_openingTimer->start();
  Q_EMIT openingChanged();
}

QString ReplayController::openingText() const {
  if (!m_loading) return {};
  const qint64 read = m_loading->read, total = m_loading->total;
  const QString file = QFileInfo(m_loading->path).fileName();
  if (total <= 0) return tr("Opening run %1 of %2").arg(m_loading->runId).arg(file);
  if (read >= total) return tr("Opening run %1 of %2: reading statistics").arg(m_loading->runId).arg(file);
  const QLocale locale;
  return tr("Opening run %1 of %2: %3 of %4 steps")
      .arg(m_loading->runId)
      .arg(file, locale.toString(read), locale.toString(total));
}

int ReplayController::openingPermille() const {
  if (!m_loading) return 0;
  const qint64 read = m_loading->read, total = m_loading->total;
  return total > 0 ? static_cast<int>(std::min<qint64>(1000, read * 1000 / total)) : 0;
}

void ReplayController::showReplay(std::shared_ptr<StoredRun> run) {
  // Point the charts at the new run before the old one (if any) goes away.
  std::shared_ptr<StoredRun> previous = std::move(m_replay);
  m_replay = std::move(run);
  // A step's per-layer statistics are read off the GUI thread when a chart asks for them.
  m_replay->history().setStatsRequest([this, shown = std::weak_ptr<StoredRun>(m_replay)](std::int64_t step) {
    loadReplayStats(shown, step);
  });
  m_lastStoreDir = QFileInfo(m_replay->path()).absolutePath();
  Q_EMIT shownRunChanged();
  previous.reset();
  updateOverlayLabels();
}

QString ReplayController::replayDescription() const {
  if (!m_replay) return {};
  const RunSummary& s = m_replay->summary();
  return tr("Replaying run %1 from %2 (read-only: %3 \u00b7 %4 \u00b7 %5 steps, %6). "
            "Click the event log or the charts to look at a step.")
      .arg(m_replay->runId())
      .arg(QDir::toNativeSeparators(m_replay->path()), i18n::translate(run_title(s)),
           i18n::translate(precision_label_text(s.precision)))
      .arg(s.steps)
      .arg(QString::fromStdString(s.status));
}

void ReplayController::loadReplayStats(const std::weak_ptr<StoredRun>& shown, std::int64_t step) {
  const std::shared_ptr<StoredRun> run = shown.lock();
  if (!run) return;
  auto arrived = [this, shown, step](std::optional<StepRecord> record) {
    const std::shared_ptr<StoredRun> r = shown.lock();
    if (!r || r != m_replay) return;
    r->history().deliverStats(step, std::move(record));
    Q_EMIT replayStatsArrived();  // the charts and the table ask again and find it
  };
  // The newest click wins; a store opened for the job (the replay's own is this thread's).
  m_statsJob.start(
      [path = QFile::encodeName(run->path()).toStdString(), id = run->runId(), step](const CancelToken&) {
        std::vector<StepRecord> r = RunStore(path, RunStore::Mode::ReadOnly).load_steps(id, step, step, true);
        return r.empty() ? std::optional<StepRecord>() : std::optional<StepRecord>(std::move(r.front()));
      },
      arrived, [arrived](const QString&) { arrived(std::nullopt); });  // the file went away: "no statistics"
}

void ReplayController::backToLive() {
  if (!m_replay) return;
  m_statsJob.cancel();
  // The charts go back to the live history before the replayed run goes away.
  std::shared_ptr<StoredRun> previous = std::move(m_replay);
  Q_EMIT shownRunChanged();
  previous.reset();
  updateOverlayLabels();
}

// ---- overlay --------------------------------------------------------------------------------

bool ReplayController::overlayRun(const QString& path, qint64 runId, QString* error) {
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

void ReplayController::openOverlay(const QString& path, qint64 runId,
                                   std::function<void(bool, const QString&)> done) {
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

void ReplayController::showOverlay(std::shared_ptr<StoredRun> run, bool staged) {
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
  m_lastStoreDir = QFileInfo(path).absolutePath();
  Q_EMIT overlayChanged();
}

void ReplayController::clearOverlay() {
  m_overlayJob.cancel();
  m_dashboard->lossPlot()->setOverlay(nullptr, {}, {});
  m_dashboard->scalePlot()->setOverlay(nullptr, {}, {});
  m_overlay.reset();
  m_dashboard->scheduleReplot();
  Q_EMIT overlayChanged();
}

void ReplayController::updateOverlayLabels() { overlayOnto(true, true); }

void ReplayController::overlayOnto(bool loss, bool scale) {
  if (!m_overlay) return;
  const QString main = m_replay ? m_replay->label() : liveLabel();
  if (loss) m_dashboard->lossPlot()->setOverlay(&m_overlay->history(), main, m_overlay->label());
  if (scale) m_dashboard->scalePlot()->setOverlay(&m_overlay->history(), main, m_overlay->label());
  m_dashboard->scheduleReplot();
}

// ---- what is shown, and its export ----------------------------------------------------------

const StepHistory& ReplayController::shownHistory() const {
  return m_replay ? m_replay->history() : m_live->history();
}

QString ReplayController::liveLabel() const {
  const qint64 id = m_live->recordingRunId();
  return id > 0 ? tr("run %1: %2 (live)").arg(id).arg(m_live->precisionLabel())
                : tr("live: %1").arg(m_live->precisionLabel());
}

std::pair<qint64, qint64> ReplayController::visibleSteps() const {
  const QCPRange r = m_dashboard->lossPlot()->xAxis->range();
  return {static_cast<qint64>(std::ceil(std::max(0.0, r.lower))), static_cast<qint64>(std::floor(r.upper))};
}

/// What a CSV export needs, taken on the GUI thread; written on a job thread. A replayed run is
/// shared (its steps do not change, its statistics are read from a store opened for the job);
/// the live history changes with every poll, so the visible steps and the statistics it holds
/// are copied.
struct ReplayController::CsvExportTask {
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
      store =
          std::make_unique<RunStore>(QFile::encodeName(run->path()).toStdString(), RunStore::Mode::ReadOnly);
      loader = [&store, &token, id = run->runId()](qint64 a, qint64 b, std::vector<StepRecord>& out) {
        if (token.cancelled()) throw JobCancelled();
        for (StepRecord& r : store->load_steps(id, a, b, true))
          if (!r.layers.empty()) out.push_back(std::move(r));
      };
      return writeStepsCsv(path, run->history().points(), run->history().layers(), first, last, loader,
                           error);
    }
    loader = [this, &token](qint64 a, qint64 b, std::vector<StepRecord>& out) {
      if (token.cancelled()) throw JobCancelled();
      for (const StepRecord& r : stats)
        if (r.step >= a && r.step <= b) out.push_back(r);
    };
    return writeStepsCsv(path, points, layers, first, last, loader, error);
  }
};

std::shared_ptr<const ReplayController::CsvExportTask> ReplayController::csvTask(const QString& path) const {
  auto task = std::make_shared<CsvExportTask>();
  task->path = path;
  std::tie(task->first, task->last) = visibleSteps();
  if (m_replay) {
    task->run = m_replay;
    return task;
  }
  const StepHistory& h = m_live->history();
  const auto& pts = h.points();
  auto begin = std::lower_bound(pts.begin(), pts.end(), task->first,
                                [](const StepPoint& p, qint64 s) { return p.step < s; });
  auto end = std::upper_bound(pts.begin(), pts.end(), task->last,
                              [](qint64 s, const StepPoint& p) { return s < p.step; });
  task->points.assign(begin, end);
  task->layers = h.layers();
  if (!task->layers.empty()) h.keptStats(task->first, task->last, task->stats);
  return task;
}

qint64 ReplayController::exportVisibleCsv(const QString& path, QString* error) {
  auto task = csvTask(path);
  try {
    return task->write({}, error);
  } catch (const std::exception& e) {  // the store went away while reading
    if (error) *error = i18n::errorText(e);
    return -1;
  }
}

void ReplayController::exportVisibleCsvInBackground(const QString& path,
                                                    std::function<void(qint64, const QString&)> done) {
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

}  // namespace ampscope::ui
