// The stored runs the window shows: a run replayed in place of the live session, a run overlaid
// on the loss and scale charts, the per-step statistics a replayed run reads when a chart asks,
// and the CSV export of the visible steps. Every read of a store and every export runs on a
// BackgroundJob: the GUI thread never waits on SQLite or the disk. The blocking forms
// (replayRun, overlayRun, exportVisibleCsv) are for tests and scripts.
//
// It owns the runs and the jobs, and touches only the charts' overlays; the window follows its
// signals to point the charts, the table and the log at what is shown (MainWindow).
#pragma once

#include <QObject>
#include <QString>
#include <cstdint>
#include <functional>
#include <memory>
#include <utility>

#include "runs/background_job.h"

class QTimer;

namespace ampscope::ui {

class Dashboard;
class SessionController;
class StepHistory;
class StoredRun;

class ReplayController : public QObject {
  Q_OBJECT
 public:
  /// `live`: the session shown when no run is replayed; `dashboard`: where the overlay is
  /// drawn and whose step charts give the visible range. Both outlive this object's use.
  ReplayController(SessionController* live, Dashboard* dashboard, QObject* parent);
  ~ReplayController() override;

  // --- replay ------------------------------------------------------------------------------
  /// Shows a stored run read on this thread. False with `error` set when it cannot be read.
  bool replayRun(const QString& path, qint64 runId, QString* error = nullptr);
  /// The same off the GUI thread: the newest request wins; `done(ok, error)` runs on the GUI
  /// thread once the run is shown or could not be read (not when cancelled or replaced).
  /// `runId` 0: the store's latest run (read off the GUI thread too).
  void openReplay(const QString& path, qint64 runId,
                  std::function<void(bool ok, const QString& error)> done = {});
  bool isOpeningReplay() const { return m_loading != nullptr; }
  /// Shows `run`, already read (follow mode reads and grows its runs itself, FollowController).
  void showReplay(std::shared_ptr<StoredRun> run);
  /// Stops the load in progress (if any); what is shown stays as it was.
  void cancelOpening();
  /// "Opening run 3 of runs.sqlite: 10 of 20 steps" while a run loads; empty otherwise.
  QString openingText() const;
  /// How far the load is, in thousandths (0 while the size is not known yet).
  int openingPermille() const;
  void backToLive();
  bool isReplaying() const { return m_replay != nullptr; }
  const StoredRun* replayedRun() const { return m_replay.get(); }
  /// The replay bar's text for the run shown ("Replaying run 3 from ..."); empty when live.
  QString replayDescription() const;

  // --- overlay -----------------------------------------------------------------------------
  /// Draws a stored run over the loss and scale charts, read on this thread (tests, scripts).
  bool overlayRun(const QString& path, qint64 runId, QString* error = nullptr);
  /// The same off the GUI thread: the newest request wins; `runId` 0: the latest run.
  void openOverlay(const QString& path, qint64 runId,
                   std::function<void(bool ok, const QString& error)> done = {});
  bool isOpeningOverlay() const { return m_overlayJob.isBusy(); }
  /// Draws `run`, already read, over the loss and scale charts (follow mode: a group's other
  /// rank). `staged`: the loss chart takes the run now, the scale chart on the next turn of the loop.
  void showOverlay(std::shared_ptr<StoredRun> run, bool staged = false);
  void clearOverlay();
  const StoredRun* overlaidRun() const { return m_overlay.get(); }
  /// Redraws the overlay's legend (the shown run's name changed: a recording started).
  void updateOverlayLabels();

  // --- what is shown, and its export -------------------------------------------------------
  /// The history the charts show: the live session's or the replayed run's.
  const StepHistory& shownHistory() const;
  /// "run 3: fp16 (live)" or "live: fp16": how the overlay's legend names the live session.
  QString liveLabel() const;
  /// The visible step range of the step charts [first, last].
  std::pair<qint64, qint64> visibleSteps() const;
  /// Writes the visible steps as CSV on this thread; the rows written, or -1 with `error`.
  qint64 exportVisibleCsv(const QString& path, QString* error = nullptr);
  /// The same on a job thread: the range and the live steps are taken now; `done(rows, error)`
  /// runs on the GUI thread when the file is written.
  void exportVisibleCsvInBackground(const QString& path,
                                    std::function<void(qint64 rows, const QString& error)> done = {});
  bool isExporting() const { return m_exportJob.isBusy(); }
  /// Where the file dialogs open: the folder of the last store opened, overlaid or recorded to.
  QString lastStoreDir() const { return m_lastStoreDir; }
  void setLastStoreDir(const QString& dir) { m_lastStoreDir = dir; }

 Q_SIGNALS:
  /// The replayed run changed (a run is shown, or the live session is again). Emitted while
  /// the run shown before is still alive: repoint the charts at shownHistory() in the slot.
  void shownRunChanged();
  /// An overlay was drawn or removed.
  void overlayChanged();
  /// A load started, moved on or ended: openingText() and openingPermille() say how far.
  void openingChanged();
  /// Per-layer statistics of a replayed step arrived: the charts may ask again.
  void replayStatsArrived();

 private:
  struct OpeningProgress;
  struct CsvExportTask;
  void overlayOnto(bool loss, bool scale);
  /// Reads `step`'s statistics of the replayed run on a job thread, then says so.
  void loadReplayStats(const std::weak_ptr<StoredRun>& shown, std::int64_t step);
  void setLoading(std::shared_ptr<OpeningProgress> progress);
  std::shared_ptr<const CsvExportTask> csvTask(const QString& path) const;

  SessionController* m_live;
  Dashboard* m_dashboard;
  // Shared with the jobs that read them (a CSV export of the replayed run).
  std::shared_ptr<StoredRun> m_replay;
  std::shared_ptr<StoredRun> m_overlay;
  std::shared_ptr<OpeningProgress> m_loading;  // the load whose result will be shown
  QTimer* m_openingTimer;
  QString m_lastStoreDir;
  BackgroundJob m_replayJob{this, QStringLiteral("replay loader")};
  BackgroundJob m_overlayJob{this, QStringLiteral("overlay loader")};
  BackgroundJob m_exportJob{this, QStringLiteral("csv export")};
  BackgroundJob m_statsJob{this, QStringLiteral("replay statistics")};
};

}  // namespace ampscope::ui
