// The GUI side of a TrainingSession. Owns the session; a ~30 Hz timer drains its records and
// events (never blocking: drain() is bounded and the worker never waits for us), appends them
// to the history and says what happened through signals. Every control goes to the worker as
// a Command; nothing here touches the session's model or scaler directly.
#pragma once

#include "narrator.h"
#include "step_history.h"

#include <ampscope/session_types.h>

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QTimer>

#include <deque>
#include <memory>
#include <utility>

namespace ampscope {
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

  /// Builds a new session for `config` (the old one is stopped first) and leaves it Ready.
  /// On a bad config: errorOccurred(message), state Failed, returns false.
  bool configure(const SessionConfig& config);
  /// Rebuilds the session with the current config (the Reset button).
  bool reset();

  void start();       ///< Ready: start the worker; Paused: resume
  void pause();
  void togglePause();
  void stepOnce();    ///< one step; pauses a running session first
  void stop();

  /// Validates, then posts the options (applied at the next step boundary). On invalid
  /// options: scalerOptionsRejected(message), nothing posted, returns false.
  bool setScalerOptions(const GradScalerOptions& options);
  void setLearningRate(double lr);
  void setSpeedLimit(double stepsPerSecond);
  void injectFault(const QString& module, FaultKind kind);

  /// Drains the session now (the timer does this on its own; tests and the screenshot use it).
  void poll();

  State state() const { return m_state; }
  const SessionConfig& config() const { return m_config; }
  const StepHistory& history() const { return m_history; }
  const std::vector<LayerInfo>& layers() const { return m_history.layers(); }
  QStringList moduleNames() const;
  QString deviceLabel() const { return m_deviceLabel; }
  QString precisionLabel() const { return m_precisionLabel; }
  /// The scaler options the worker last applied (thread-safe snapshot from the session).
  GradScalerOptions scalerOptions() const;
  bool scalerInUse() const;
  double stepsPerSecond() const { return m_stepsPerSecond; }
  std::uint64_t droppedRecords() const;
  std::int64_t stepsDone() const { return m_history.lastStep() + 1; }

 Q_SIGNALS:
  void sessionReset();                                   ///< a new session exists: layers and history changed
  void stepsAppended(qint64 firstStep, qint64 lastStep); ///< new records are in the history
  void eventNarrated(qint64 step, int severity, const QString& text);
  void stateChanged(ampscope::ui::SessionController::State state);
  void runFinished();                                    ///< the worker ended (max steps, stop or error)
  void errorOccurred(const QString& message);
  void scalerOptionsRejected(const QString& message);

 private:
  void setState(State s);
  void post(const Command& c);
  void handleEvents();
  void updateRate();

  std::unique_ptr<TrainingSession> m_session;
  SessionConfig m_config;
  StepHistory m_history;
  Narrator m_narrator;
  QTimer m_timer;
  State m_state = State::Empty;
  bool m_started = false;
  QString m_deviceLabel, m_precisionLabel;
  std::vector<StepRecord> m_buffer;
  QElapsedTimer m_clock;
  std::deque<std::pair<qint64, std::int64_t>> m_rateSamples;  // (ms, steps done)
  double m_stepsPerSecond = 0.0;
};

}  // namespace ampscope::ui
