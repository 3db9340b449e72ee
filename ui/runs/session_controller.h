// The GUI side of a TrainingSession. Owns the session; a ~30 Hz timer drains its records and
// events (never blocking: drain() is bounded and the worker never waits for us), appends them
// to the history and says what happened through signals. Every control goes to the worker as
// a Command; nothing here touches the session's model or scaler directly.
#pragma once

#include "runs/background_job.h"
#include "panels/narrator.h"
#include "runs/step_history.h"

#include <ampscope/session_types.h>

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QTimer>

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

namespace ampscope {
class RunRecorder;
class TrainingSession;
}

namespace ampscope::ui {

class SessionController : public QObject {
  Q_OBJECT
 public:
  enum class State { Empty, Ready, Running, Paused, Finished, Failed };
  Q_ENUM(State)

  explicit SessionController(QObject* parent = nullptr);
  ~SessionController() override;

  /// Builds a new session for `config` and leaves it Ready. The old one is told to stop and
  /// torn down off the GUI thread (its worker may be in a long step): this thread does not
  /// wait for it. On a bad config: errorOccurred(message), state Failed, returns false.
  bool configure(const SessionConfig& config);
  /// Builds the session on a helper thread (loading Fashion-MNIST takes seconds): the GUI
  /// thread goes on. loadingChanged(true, "Loading Fashion-MNIST...") now, sessionReset and
  /// loadingChanged(false) when it is there; start() meanwhile starts it once built. A newer
  /// request while one is building replaces it (the older build's session is dropped).
  void configureInBackground(const SessionConfig& config);
  bool loading() const { return m_loading; }
  QString loadingMessage() const { return m_loadingMessage; }
  static QString buildingMessage(const SessionConfig& config);
  /// Rebuilds the session with the current config (the Reset button).
  bool reset();
  /// Sessions being torn down off the GUI thread (their workers finishing a step; tests).
  int sessionsClosing() const { return m_teardown.runningThreads(); }

  void start();       ///< Ready: start the worker; Paused: resume
  void pause();
  void togglePause();
  void stepOnce();    ///< one step; pauses a running session first
  void stop();

  /// Validates, then posts the options (applied at the next step boundary). On invalid
  /// options: scalerOptionsRejected(message), nothing posted, returns false.
  bool setScalerOptions(const GradScalerOptions& options);
  void setLearningRate(double lr);
  /// Gradient clipping from the next step on (norm 0 = off; unscaleFirst false = the bug).
  void setClipping(double norm, bool unscaleFirst);
  /// Micro-batches per optimizer step from the next step on.
  void setAccumulation(int microBatches);
  /// The session's config as the worker last applied the live commands (thread-safe).
  SessionConfig liveConfig() const;
  void setSpeedLimit(double stepsPerSecond);
  void injectFault(const QString& module, FaultKind kind);

  /// Drains the session now (the timer does this on its own; tests and the screenshot use it).
  void poll();
  /// What poll() does with drained records: narrate, append to the history, stepsAppended.
  /// Public so that a benchmark feeds the exact live path; takes the records' statistics.
  /// The session's events waiting to be told are told in step order with the records: an
  /// event at step s (it happened before step s ran) before step s's narration. `moreWaiting`:
  /// the drain stopped at its limit, so events past the next step wait for their records.
  void ingest(std::vector<StepRecord>& records, bool moreWaiting = false);

  /// Run store that every session started from now on is recorded into (created on demand),
  /// from its first step: a session built and never started leaves nothing in the store.
  /// Empty = not recorded. Recording never blocks this thread or the worker; a failure emits
  /// recordingFailed and the training goes on unrecorded.
  void setStorePath(const QString& path) { m_storePath = path; }
  QString storePath() const { return m_storePath; }
  /// The id of the current session's run in the store (0: not recorded, recording failed,
  /// or the store is still opening). Stays set after the run ended.
  qint64 recordingRunId() const;
  /// Set once the current session's recording has failed.
  QString recordingError() const { return m_recordingError; }
  /// Steps the store has committed for the current session.
  qint64 recordedSteps() const;
  /// Checks the recorder and emits recordingStarted / recordingFailed on a change (poll()
  /// does this; the window's status timer too, for sessions that are not running).
  void checkRecording();

  State state() const { return m_state; }
  const SessionConfig& config() const { return m_config; }
  const StepHistory& history() const { return m_history; }
  const std::vector<LayerInfo>& layers() const { return m_history.layers(); }
  QStringList moduleNames() const;
  QString deviceLabel() const { return m_deviceLabel; }
  /// "fp16 (emulated)" and the like, in the current language.
  QString precisionLabel() const;
  /// The scaler options the worker last applied (thread-safe snapshot from the session).
  GradScalerOptions scalerOptions() const;
  bool scalerInUse() const;
  double stepsPerSecond() const { return m_stepsPerSecond; }
  std::uint64_t droppedRecords() const;
  /// Whether the session's worker thread is still training (read without draining anything).
  bool workerRunning() const;
  std::int64_t stepsDone() const { return m_history.lastStep() + 1; }
  /// Pauses the workers of this controller have acknowledged since it was made (their Paused
  /// events, drained by poll()): a worker has stopped at a step boundary by then, and runs
  /// nothing more until resumed or stepped. Tests wait on it instead of sleeping.
  std::uint64_t pausesAcknowledged() const { return m_pausesAcknowledged; }
  /// Steps the worker has completed, published or not (the history holds those poll() drained).
  std::int64_t workerStepsDone() const;

 Q_SIGNALS:
  void sessionReset();                                   ///< a new session exists: layers and history changed
  void stepsAppended(qint64 firstStep, qint64 lastStep); ///< new records are in the history
  void eventNarrated(qint64 step, int severity, const QString& text);
  void stateChanged(ampscope::ui::SessionController::State state);
  void runFinished();                                    ///< the worker ended (max steps, stop or error)
  void errorOccurred(const QString& message);
  void scalerOptionsRejected(const QString& message);
  void loadingChanged(bool loading, const QString& message);
  void recordingStarted(qint64 runId, const QString& path);
  void recordingFailed(const QString& message);

 private:
  void setState(State s);
  void teardown(const SessionConfig& config);
  bool install(std::unique_ptr<TrainingSession> session, const QString& error);
  /// Stops the session and destroys it (which joins its worker) on a job thread, then closes
  /// its recording with `recordingStatus`, so that the worker's last step is recorded.
  void closeSession(const std::string& recordingStatus);
  void setLoading(bool loading, const QString& message);
  BackgroundJob m_build{this, QStringLiteral("session builder")};
  BackgroundJob m_teardown{this, QStringLiteral("session teardown")};
  bool m_loading = false;
  bool m_startWhenBuilt = false;
  QString m_loadingMessage;
  void post(const Command& c);
  void handleEvents(const std::vector<SessionEvent>& events);
  /// Tells the waiting events up to and including step `upTo`, oldest first.
  void tellEventsUpTo(std::int64_t upTo);
  void updateRate();
  void startRecording();
  /// A new session's recording status: no run, no error; late news of an older recording is ignored.
  void forgetRecording();
  /// Takes the current recording out of the controller and returns the call that hands its close
  /// (`status`) to its writer thread (empty when nothing records). The caller makes that call
  /// once the worker has stopped: at once when it has, after the teardown's join otherwise.
  std::function<void()> retireRecorder(const std::string& status);

  std::unique_ptr<TrainingSession> m_session;
  SessionConfig m_config;
  StepHistory m_history;
  Narrator m_narrator;
  QTimer m_timer;
  State m_state = State::Empty;
  bool m_started = false;
  QString m_deviceLabel;
  std::string m_precisionLabel;  ///< as the core says it (English); precisionLabel() translates
  std::vector<StepRecord> m_buffer;
  std::vector<StepRecord> m_evicted;  // from the history, back to the session (recycle())
  std::deque<SessionEvent> m_untold;  ///< drained events not yet in the log (see ingest)
  QElapsedTimer m_clock;
  std::deque<std::pair<qint64, std::int64_t>> m_rateSamples;  // (ms, steps done)
  double m_stepsPerSecond = 0.0;
  QString m_storePath;
  std::shared_ptr<RunRecorder> m_recorder;  // queries never wait (run_recorder.h)
  QString m_recordingError;
  qint64 m_announcedRun = 0;
  bool m_stopRequested = false;
  std::uint64_t m_pausesAcknowledged = 0;
  std::vector<std::shared_ptr<RunRecorder>> m_closing;  // closing on their writer threads
  std::uint64_t m_recordingGeneration = 0;  // one per startRecording(): late failures name their run
};

}  // namespace ampscope::ui
