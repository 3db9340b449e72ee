#include "session_controller.h"

#include <ampscope/training_session.h>

#include <exception>

namespace ampscope::ui {

namespace {
constexpr int kPollMs = 33;              // ~30 Hz
constexpr std::size_t kMaxPerPoll = 20000;  // bounded work per tick; the rest waits for the next

Command command(Command::Kind kind) {
  Command c;
  c.kind = kind;
  return c;
}
}  // namespace

SessionController::SessionController(QObject* parent) : QObject(parent) {
  m_timer.setInterval(kPollMs);
  m_timer.setTimerType(Qt::CoarseTimer);
  connect(&m_timer, &QTimer::timeout, this, &SessionController::poll);
  m_clock.start();
}

SessionController::~SessionController() {
  m_timer.stop();
  if (m_session) {
    m_session->request_stop();
    m_session.reset();  // joins the worker (it stops at the next step boundary)
  }
}

void SessionController::setState(State s) {
  if (s == m_state) return;
  m_state = s;
  Q_EMIT stateChanged(s);
}

bool SessionController::configure(const SessionConfig& config) {
  m_timer.stop();
  if (m_session) {
    m_session->request_stop();
    m_session.reset();
  }
  m_started = false;
  m_rateSamples.clear();
  m_stepsPerSecond = 0.0;
  m_config = config;
  try {
    m_session = std::make_unique<TrainingSession>(config);
  } catch (const std::exception& e) {
    m_history.reset({});
    m_narrator.reset({}, config.use_scaler);
    setState(State::Failed);
    Q_EMIT sessionReset();
    Q_EMIT errorOccurred(QStringLiteral("Could not build the session: %1").arg(QString::fromUtf8(e.what())));
    return false;
  }
  m_config = m_session->config();
  m_deviceLabel = QString::fromStdString(m_session->device_label());
  m_precisionLabel = QString::fromStdString(m_session->precision_label());
  m_history.reset(m_session->layers());
  m_narrator.reset(m_session->layers(), scalerInUse());
  m_narrator.setGrowthInterval(m_config.scaler.growth_interval());
  setState(State::Ready);
  Q_EMIT sessionReset();
  return true;
}

bool SessionController::reset() { return configure(m_config); }

void SessionController::start() {
  if (!m_session) return;
  if (!m_started) {
    m_session->start(false);
    m_started = true;
    m_timer.start();
    setState(State::Running);
  } else if (m_state == State::Paused) {
    post(command(Command::Kind::Resume));
    setState(State::Running);
  }
}

void SessionController::pause() {
  if (m_state != State::Running) return;
  post(command(Command::Kind::Pause));
  setState(State::Paused);
}

void SessionController::togglePause() {
  if (m_state == State::Running)
    pause();
  else
    start();
}

void SessionController::stepOnce() {
  if (!m_session) return;
  if (!m_started) {
    m_session->start(true);
    m_started = true;
    m_timer.start();
    setState(State::Paused);
  } else if (m_state == State::Running) {
    pause();
  }
  if (m_state == State::Paused) post(command(Command::Kind::StepOnce));
}

void SessionController::stop() {
  if (m_session && m_started) m_session->request_stop();
}

void SessionController::post(const Command& c) {
  if (m_session) m_session->post(c);
}

bool SessionController::setScalerOptions(const GradScalerOptions& options) {
  try {
    options.validate();
  } catch (const std::invalid_argument& e) {
    Q_EMIT scalerOptionsRejected(QString::fromUtf8(e.what()));
    return false;
  }
  Command c = command(Command::Kind::SetScaler);
  c.scaler = options;
  m_config.scaler = options;
  m_narrator.setGrowthInterval(options.growth_interval());
  m_narrator.setScalerInUse(scalerInUse());
  post(c);
  return true;
}

void SessionController::setLearningRate(double lr) {
  Command c = command(Command::Kind::SetLr);
  c.value = lr;
  m_config.lr = lr;
  post(c);
}

void SessionController::setSpeedLimit(double stepsPerSecond) {
  Command c = command(Command::Kind::SetSpeedLimit);
  c.value = stepsPerSecond;
  m_config.max_steps_per_second = stepsPerSecond;
  post(c);
}

void SessionController::injectFault(const QString& module, FaultKind kind) {
  Command c = command(Command::Kind::InjectFault);
  c.fault.layer = module.toStdString();
  c.fault.kind = kind;
  post(c);
  Q_EMIT eventNarrated(stepsDone(), static_cast<int>(NarratedEvent::Severity::Warning),
                       QStringLiteral("step %1: injecting %2 into %3 at the next step")
                           .arg(stepsDone())
                           .arg(kind == FaultKind::Inf ? QStringLiteral("inf") : QStringLiteral("NaN"), module));
}

GradScalerOptions SessionController::scalerOptions() const {
  return m_session ? m_session->scaler_options() : m_config.scaler;
}

bool SessionController::scalerInUse() const { return m_config.use_scaler && m_config.scaler.enabled(); }

std::uint64_t SessionController::droppedRecords() const { return m_session ? m_session->dropped_records() : 0; }

QStringList SessionController::moduleNames() const {
  QStringList out;
  for (const LayerInfo& l : m_history.layers()) {
    const QString m = QString::fromStdString(l.module);
    if (!out.contains(m)) out << m;
  }
  return out;
}

void SessionController::poll() {
  if (!m_session) return;
  m_buffer.clear();
  m_session->drain(m_buffer, kMaxPerPoll);
  if (!m_buffer.empty()) {
    // Narrate before the history takes the per-layer statistics.
    for (const StepRecord& r : m_buffer)
      if (auto n = m_narrator.narrate(r)) Q_EMIT eventNarrated(n->step, static_cast<int>(n->severity), n->text);
    const qint64 first = m_buffer.front().step, last = m_buffer.back().step;
    m_history.append(m_buffer);
    Q_EMIT stepsAppended(first, last);
  }
  updateRate();
  handleEvents();
}

void SessionController::handleEvents() {
  bool ended = false;
  for (const SessionEvent& e : m_session->drain_events()) {
    switch (e.kind) {
      case SessionEvent::Kind::Started:
      case SessionEvent::Kind::Paused:
      case SessionEvent::Kind::Resumed:
        break;  // the buttons already say so
      case SessionEvent::Kind::Finished:
        ended = true;
        setState(State::Finished);
        break;
      case SessionEvent::Kind::Error:
        ended = true;
        setState(State::Failed);
        Q_EMIT errorOccurred(QString::fromStdString(e.message));
        break;
      case SessionEvent::Kind::Warning:
      case SessionEvent::Kind::Info:
        break;
    }
    if (e.kind != SessionEvent::Kind::Paused && e.kind != SessionEvent::Kind::Resumed) {
      const NarratedEvent n = Narrator::narrate(e);
      Q_EMIT eventNarrated(n.step, static_cast<int>(n.severity), n.text);
    }
  }
  if (ended) {
    // The worker publishes its last records before the event: take them too.
    m_buffer.clear();
    while (m_session->drain(m_buffer, kMaxPerPoll) > 0) {
      for (const StepRecord& r : m_buffer)
        if (auto n = m_narrator.narrate(r)) Q_EMIT eventNarrated(n->step, static_cast<int>(n->severity), n->text);
      const qint64 first = m_buffer.front().step, last = m_buffer.back().step;
      m_history.append(m_buffer);
      Q_EMIT stepsAppended(first, last);
      m_buffer.clear();
    }
    m_timer.stop();
    m_stepsPerSecond = 0.0;
    Q_EMIT runFinished();
  }
}

void SessionController::updateRate() {
  const qint64 now = m_clock.elapsed();
  m_rateSamples.emplace_back(now, stepsDone());
  while (m_rateSamples.size() > 2 && now - m_rateSamples.front().first > 2000) m_rateSamples.pop_front();
  const auto& [t0, s0] = m_rateSamples.front();
  m_stepsPerSecond = now > t0 ? 1000.0 * static_cast<double>(stepsDone() - s0) / static_cast<double>(now - t0) : 0.0;
}

}  // namespace ampscope::ui
