// Follow a run that another process is still writing (ampscope --follow FILE[:RUN|:NAME], File >
// Follow a run): the window shows it with every chart, as if it trained in the window.
//
// Data flow: a QTimer on the GUI thread (every ~250 ms) starts a poll on a BackgroundJob unless
// one is still running. The poll opens the store read-only (a fresh connection each time, so a
// file that was deleted or replaced is noticed), reads the run list (status, heartbeat, writer),
// and either loads the whole run (the first time, or when the followed run changed: a StoredRun,
// exactly what File > Open replays) or only the steps after the last one shown, a page of at
// most kPage steps (scalars), the page's statistics steps, and the per-layer statistics of its
// newest statistics step and of its skipped ones (at most kCountedSkips: the event log's counts).
// The GUI thread appends them to the shown run's StepHistory (whose stats source, the
// StoredRun's, reads any other statistics step when a chart asks) and tells the charts,
// the layer table and the event log, the same calls a live session's steps take. A writer at
// thousands of steps/s is caught up a page per poll, back to back, without the GUI waiting.
//
// Liveness (FollowLiveness): the run's status decides ("finished", "stopped", "error: ...");
// while it says "running", a writer on this host whose pid is gone is "writer stopped" at once,
// and any writer whose heartbeat (runs.updated) and step count have not moved for
// kStaleSeconds of this machine's clock is "writer stopped (no sign of life for N s)".
#pragma once

#include "panels/narrator.h"
#include "runs/background_job.h"
#include "runs/step_history.h"

#include <ampscope/run_store.h>

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

class QCPGraph;
class QTimer;

namespace ampscope::ui {

class MainWindow;
class StoredRun;

/// What `--follow` names: FILE (its newest run, and the runs that come after it), FILE:RUN,
/// FILE:NAME (the newest run of that name, and the runs of that name that come after it), or
/// FILE:group=NAME (the ranks of a run group). RUN and NAME as every command reads them
/// (classify_run_part).
struct FollowTarget {
  QString path;
  qint64 runId = 0;  ///< 0: the newest run of the file, switching to newer ones as they appear
  QString group;     ///< non-empty: a run group (the ranks side by side)
  QString name;      ///< non-empty: the newest run of this name, switching to newer ones of it
  /// Parses FILE, FILE:RUN, FILE:NAME or FILE:group=NAME; nullopt with `error` set when malformed.
  static std::optional<FollowTarget> parse(const QString& spec, QString* error = nullptr);
};

/// How alive the followed run's writer is, from what the store says and this machine's clock.
struct FollowLiveness {
  enum class State { Waiting, Live, Finished, Stopped, Error, WriterGone };
  State state = State::Waiting;
  QString detail;  ///< the status's error text; the seconds without a sign of life
  /// Decides: `status` the run's status; `writerGone` the writer's pid is known gone (same
  /// host); `quietSeconds` how long neither the heartbeat nor the steps moved.
  static FollowLiveness decide(const std::string& status, bool writerGone, qint64 quietSeconds);
  static constexpr qint64 kStaleSeconds = kWriterQuietSeconds;  // core/store: `ampscope runs` judges by it too
};

/// Where the window is in one followed run.
struct FollowCursor {
  qint64 id = 0;
  std::string created;          ///< its creation time (a replaced file with the same run id reloads)
  qint64 count = 0;             ///< steps shown
  qint64 last = -1;             ///< the last step shown
};

/// One poll of the store (what the window shows; read on a job thread by pollFollowedRun).
struct FollowPoll {
  QString path;
  qint64 wanted = 0;                ///< 0: the newest run (no group)
  QString group;                    ///< non-empty: every run of this group, in rank order
  std::string name;                 ///< non-empty: the newest run of this name (no group)
  std::vector<FollowCursor> shown;  ///< the runs shown (rank order)
};

/// What a poll found about one run.
struct FollowRunDelta {
  RunSummary summary;                ///< its row
  std::shared_ptr<StoredRun> fresh;  ///< the whole run, read (first poll, another run, a replaced file)
  std::vector<StepRecord> steps;     ///< the steps after the last one shown (at most kPage)
  std::vector<std::int64_t> statsSteps;  ///< those of them that have per-layer statistics
  bool more = false;                 ///< the page was full: poll again at once
  bool writerGone = false;           ///< the writer ran on this host and its process is gone
};

/// What a poll found.
struct FollowPollResult {
  bool missing = false;  ///< no such file (yet)
  bool noRuns = false;   ///< a store without runs (yet), or without the group's runs
  QString error;         ///< the file cannot be read (damaged, not a run store, no such run)
  qint64 newest = 0;     ///< the newest run in the file
  std::vector<FollowRunDelta> runs;  ///< the followed run, or the group's runs in rank order
};

/// Reads what changed since `poll` (any thread; opens the store read-only). Throws
/// LoadCancelled when `token` is cancelled during a whole-run read.
FollowPollResult pollFollowedRun(const FollowPoll& poll, const CancelToken& token = {});

/// "step 12: ranks disagree: rank0 found_inf=1, rank1 found_inf=0" when the ranks' found_inf
/// or scale differ at `step` (each entry: a rank and its point at that step), else nothing.
std::optional<QString> rankDisagreement(qint64 step, const std::vector<std::pair<int, const StepPoint*>>& ranks);

class FollowController : public QObject {
  Q_OBJECT
 public:
  /// The window's follow controller (MainWindow::follow()).
  static FollowController* of(MainWindow* window);
  /// Made by `window`, which wires its signals to the status bar and the replay bar. It shows
  /// its runs through the window's ReplayController (MainWindow::runs()) and feeds new steps to
  /// the window's charts, layer table and event log through their public calls.
  explicit FollowController(MainWindow* window);
  ~FollowController() override;

  /// Starts following (replaces what was followed). The first load is off the GUI thread; the
  /// window shows the run once it has been read. A file that does not exist yet is waited for.
  void follow(const FollowTarget& target);
  void follow(const QString& path, qint64 runId = 0) { follow(FollowTarget{path, runId, {}, {}}); }
  /// File > Follow a run: a file dialog, then the file's run list (picking the newest run
  /// follows the runs that come after it too).
  void followInteractive();
  /// Stops polling; what is shown stays (as a replay).
  void stop();

  bool isFollowing() const { return m_following; }
  /// True until the first load of the followed run has been shown (or failed).
  bool isLoading() const { return m_following && !m_run && m_error.isEmpty(); }
  const FollowTarget& target() const { return m_target; }
  /// The run shown (0: none yet).
  qint64 shownRun() const;
  /// The last step shown (-1: none).
  qint64 lastStep() const;
  const FollowLiveness& liveness() const { return m_liveness; }
  /// "following runs.db:3 — live, 1,200 steps", "… — writer stopped", "… — finished".
  QString statusText() const;
  /// Polls done, and steps read, since follow() (tests).
  qint64 polls() const { return m_polls; }
  /// The poll interval (ms); tests may shorten it.
  void setPollInterval(int ms);
  /// The run of each rank, when a group is followed (rank order); empty otherwise.
  const std::vector<std::shared_ptr<StoredRun>>& ranks() const { return m_rankRuns; }
  /// Shows rank `rank` of the followed group in the charts and the table (the rank selector).
  void selectRank(int rank);
  int shownRank() const { return static_cast<int>(m_shownRank); }
  /// Steps where the ranks' found_inf or scale disagree (a group), in order.
  const std::vector<qint64>& disagreements() const { return m_disagreements; }

  /// How many steps one poll reads at most (the rest next poll, at once).
  static constexpr qint64 kPage = 20000;
  /// The skipped steps of a page whose statistics are read for the event log's counts.
  static constexpr int kCountedSkips = 64;

 Q_SIGNALS:
  /// The status text changed (liveness, steps, errors); empty when following stopped.
  void statusChanged(const QString& text);
  /// A run group's ranks ("rank 0", ...) and the one the charts show; empty: no group.
  void ranksChanged(const QStringList& ranks, int shown);
  /// The replay bar's text for the followed run ("Following run 1 of ... written by another
  /// process: ..."), sent while the followed run is the one shown.
  void bannerChanged(const QString& text);
  /// Another run is shown (the first load, a new run in the file, a replaced file).
  void runShown(qint64 runId);

 private:
  struct Rank {
    std::shared_ptr<StoredRun> run;
    RunSummary summary;      // as last polled
    std::string heartbeat;   // runs.updated as last seen
    QElapsedTimer sinceSign; // since the heartbeat or the steps moved
    FollowLiveness liveness;
  };
  void pollNow();
  void deliver(FollowPollResult result);
  /// Shows rank `index`'s run in the charts (the others overlaid when a group).
  void showRank(std::size_t index);
  /// Appends `steps` to `run`'s history; true when some were new. `first`/`last`: their range.
  bool absorb(StoredRun& run, std::vector<StepRecord>& steps, const std::vector<std::int64_t>& statsSteps, qint64& first,
              qint64& last, bool narrate);
  void checkDisagreements();
  void drawDisagreements();
  void updateText();
  bool stillShown() const;

  MainWindow* m_window;
  FollowTarget m_target;
  bool m_following = false;
  std::shared_ptr<StoredRun> m_run;  // what the charts show (the chosen rank of a group)
  std::vector<Rank> m_ranks;         // the followed run, or the group's runs in rank order
  std::size_t m_shownRank = 0;
  std::vector<std::shared_ptr<StoredRun>> m_rankRuns;
  std::vector<qint64> m_disagreements;
  std::vector<NarratedEvent> m_disagreementEvents;
  qint64 m_checkedUpTo = -1;  // a group: steps compared so far
  qint64 m_newerRun = 0;      // FILE:RUN: a newer run appeared
  QPointer<QCPGraph> m_disagreeGraph;
  FollowLiveness m_liveness;
  QString m_error;
  Narrator m_narrator;
  qint64 m_polls = 0;
  QTimer* m_timer = nullptr;
  BackgroundJob m_job{this, QStringLiteral("follow poll")};
};

}  // namespace ampscope::ui
