#include "runs/session_controller.h"

#include "core_text.h"

#include <ampscope/run_recorder.h>
#include <ampscope/training_session.h>

#include <QDir>
#include <QFileInfo>

#include <chrono>
#include <exception>
#include <functional>
#include <limits>

namespace ampscope::ui {

namespace {
constexpr int kPollMs = 33;              // ~30 Hz
constexpr std::size_t kMaxPerPoll = 20000;  // bounded work per tick; the rest waits for the next

Command command(Command::Kind kind) {
  Command c;
  c.kind = kind;
  return c;
}

/// A session for `config`, or why there is none: what configure() and a background build install.
struct Built {
  std::unique_ptr<TrainingSession> session;
  QString error;
};

Built buildSession(const SessionConfig& config) {
  Built b;
  try {
    b.session = std::make_unique<TrainingSession>(config);
  } catch (const std::exception& e) {
    b.error = i18n::errorText(e);
  }
  return b;
}
}  // namespace

SessionController::SessionController(QObject* parent) : QObject(parent) {
  m_timer.setInterval(kPollMs);
  m_timer.setTimerType(Qt::CoarseTimer);
  connect(&m_timer, &QTimer::timeout, this, &SessionController::poll);
  m_clock.start();
}

SessionController::~SessionController() {
  m_build.cancel();  // a session still building is dropped on its thread
  m_timer.stop();
  closeSession("stopped");  // the worker stops at its next check, on the teardown's thread
  // Every recording committed before the process ends: the one wait, at the end. It lasts until
  // the worker has stopped (at most one micro-batch) and the writer has committed the rest.
  for (const auto& r : m_closing) r->wait_closed();
}

std::function<void()> SessionController::retireRecorder(const std::string& status) {
  // Forget the recorders that have closed (closed() never waits).
  std::erase_if(m_closing, [](const std::shared_ptr<RunRecorder>& r) { return r->closed(); });
  if (!m_recorder) return {};
  // A short run can end before the store has even failed to open (the open runs on the writer
  // thread): a failure that shows only now is still announced, back on this thread, unless a
  // newer run has started recording in the meantime (it reports its own store).
  const bool announce = m_recordingError.isEmpty();
  const std::uint64_t generation = m_recordingGeneration;
  // Committing the rest and writing the status wait on the disk: the writer thread does it and
  // says when it is done; this thread goes on at once.
  auto onClosed = [this, announce, generation](const std::optional<UserText>& why) {
    if (!announce || !why) return;
    // Queued to this object: dropped if it is destroyed first (its destructor waits for the
    // writers, so none calls this during or after it).
    QMetaObject::invokeMethod(
        this,
        [this, why = *why, generation] {
          if (generation != m_recordingGeneration || !m_recordingError.isEmpty()) return;
          const QString error = i18n::translate(why);
          m_recordingError = error;
          Q_EMIT recordingFailed(tr("Not recording this run: %1. Training goes on unrecorded.").arg(error));
        },
        Qt::QueuedConnection);
  };
  m_closing.push_back(m_recorder);
  return [rec = std::move(m_recorder), status, onClosed = std::move(onClosed)]() mutable {
    rec->close_async(status, std::move(onClosed));
  };
}

void SessionController::forgetRecording() {
  ++m_recordingGeneration;
  m_recordingError.clear();
  m_announcedRun = 0;
}

void SessionController::startRecording() {
  forgetRecording();
  if (m_storePath.isEmpty() || !m_session) return;
  // Created on demand: the folder too (QStandardPaths::AppDataLocation may not exist yet).
  const QFileInfo info(m_storePath);
  QDir().mkpath(info.absolutePath());
  // The one recording path (run_recorder.h), live: the store opens on the writer thread, the
  // worker never waits (clean steps lose their statistics when the writer is far behind).
  m_recorder = std::make_shared<RunRecorder>(QFile::encodeName(m_storePath).toStdString(), m_session->config(),
                                             m_session->layers(), m_session->device_label(),
                                             m_session->precision_label(), RecorderOptions::live());
  m_session->record_to(m_recorder);
}

qint64 SessionController::recordingRunId() const { return m_recordingError.isEmpty() ? m_announcedRun : 0; }

QString SessionController::precisionLabel() const { return i18n::translate(precision_label_text(m_precisionLabel)); }

qint64 SessionController::recordedSteps() const { return m_recorder ? m_recorder->committed_steps() : 0; }

void SessionController::checkRecording() {
  if (!m_recorder || !m_recordingError.isEmpty()) return;
  if (m_recorder->state() == RunRecorder::State::Failed) {
    m_recordingError = tr("unknown error");
    if (const auto why = m_recorder->error_text()) m_recordingError = i18n::translate(*why);
    Q_EMIT recordingFailed(tr("Not recording this run: %1. Training goes on unrecorded.").arg(m_recordingError));
    return;
  }
  const qint64 id = m_recorder->run_id();
  if (id > 0 && id != m_announcedRun) {
    m_announcedRun = id;
    Q_EMIT recordingStarted(id, m_storePath);
  }
}

void SessionController::setState(State s) {
  if (s == m_state) return;
  m_state = s;
  Q_EMIT stateChanged(s);
}

void SessionController::closeSession(const std::string& recordingStatus) {
  std::function<void()> closeRecording = retireRecorder(recordingStatus);
  if (!m_session) {
    if (closeRecording) closeRecording();
    return;
  }
  m_session->request_stop();
  // Destroying the session joins its worker, which sees the stop at its next check (between
  // micro-batches). A job thread waits for it; this thread goes on at once. The application
  // object waits for it at exit. Only then is the recording closed: the worker's last step is
  // in the recorder's queue by then, and the close (on the writer thread) commits it.
  m_teardown.start(
      [session = std::move(m_session), closeRecording = std::move(closeRecording)](const CancelToken&) mutable {
        session.reset();
        if (closeRecording) closeRecording();
      },
      [] {});
}

void SessionController::teardown(const SessionConfig& config) {
  m_timer.stop();
  closeSession(m_state == State::Finished ? "finished" : "stopped");
  m_stopRequested = false;
  m_started = false;
  m_startWhenBuilt = false;
  m_rateSamples.clear();
  m_stepsPerSecond = 0.0;
  m_config = config;
}

bool SessionController::configure(const SessionConfig& config) {
  m_build.cancel();  // a background build in flight loses to this one
  setLoading(false, {});
  teardown(config);
  Built b = buildSession(config);
  return install(std::move(b.session), b.error);
}

QString SessionController::buildingMessage(const SessionConfig& config) {
  if (config.model == "fashion-cnn")
    return tr("Loading Fashion-MNIST and building fashion-cnn\u2026");
  return tr("Building %1 (%2)\u2026").arg(QString::fromStdString(config.model),
                                          QString::fromUtf8(std::string(to_string(config.precision)).c_str()));
}

void SessionController::configureInBackground(const SessionConfig& config) {
  teardown(config);
  m_history.reset({});
  m_untold.clear();
  m_narrator.reset({}, config.use_scaler);
  setState(State::Empty);
  Q_EMIT sessionReset();
  setLoading(true, buildingMessage(config));
  // The newest request wins: a build still running is cancelled and its session dropped on its
  // thread (the constructor cannot be interrupted).
  m_build.start([config](const CancelToken&) { return buildSession(config); },
      [this](Built b) {
        const bool startNow = m_startWhenBuilt;
        m_startWhenBuilt = false;
        setLoading(false, {});
        if (install(std::move(b.session), b.error) && startNow) start();
      });
}

void SessionController::setLoading(bool loading, const QString& message) {
  if (loading == m_loading && message == m_loadingMessage) return;
  m_loading = loading;
  m_loadingMessage = message;
  Q_EMIT loadingChanged(loading, message);
}

bool SessionController::install(std::unique_ptr<TrainingSession> session, const QString& error) {
  m_session = std::move(session);
  if (!m_session) {
    m_history.reset({});
    m_untold.clear();
    m_narrator.reset({}, m_config.use_scaler);
    setState(State::Failed);
    Q_EMIT sessionReset();
    Q_EMIT errorOccurred(tr("Could not build the session: %1").arg(error));
    return false;
  }
  m_config = m_session->config();
  m_deviceLabel = QString::fromStdString(m_session->device_label());
  m_precisionLabel = m_session->precision_label();
  m_history.reset(m_session->layers());
  m_untold.clear();
  m_narrator.reset(m_session->layers(), scalerInUse());
  m_narrator.setGrowthInterval(m_config.scaler.growth_interval());
  // Recorded from its first step on (startRecording() in start() and stepOnce()): a session that
  // is built and never run (a paused launch, --replay, --follow, Reset, a preset looked at) leaves
  // no empty run in the store. Until then nothing of an older run's recording is told as this one's.
  forgetRecording();
  setState(State::Ready);
  Q_EMIT sessionReset();
  return true;
}

bool SessionController::reset() { return configure(m_config); }

void SessionController::start() {
  if (m_loading) {
    m_startWhenBuilt = true;  // starts as soon as the background build is done
    return;
  }
  if (!m_session) return;
  if (!m_started) {
    startRecording();
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
    startRecording();
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
  if (m_session && m_started) {
    m_stopRequested = true;
    m_session->request_stop();
  }
}

void SessionController::post(const Command& c) {
  if (m_session) m_session->post(c);
}

bool SessionController::setScalerOptions(const GradScalerOptions& options) {
  try {
    options.validate();
  } catch (const std::invalid_argument& e) {
    Q_EMIT scalerOptionsRejected(i18n::errorText(e));
    return false;
  }
  Command c = command(Command::Kind::SetScaler);
  c.scaler = options;
  const bool newScale = options.init_scale() != m_config.scaler.init_scale();
  m_config.scaler = options;
  m_narrator.setGrowthInterval(options.growth_interval());
  m_narrator.setScalerInUse(scalerInUse());
  post(c);
  if (newScale) {
    // "Init scale" while running sets the current scale now (reason 'set by user').
    Command s = command(Command::Kind::SetScale);
    s.value = options.init_scale();
    post(s);
  }
  return true;
}

void SessionController::setClipping(double norm, bool unscaleFirst) {
  Command c = command(Command::Kind::SetClipping);
  c.value = norm;
  c.flag = unscaleFirst;
  m_config.clip_norm = norm;
  m_config.clip_after_unscale = unscaleFirst;
  post(c);
}

void SessionController::setAccumulation(int microBatches) {
  Command c = command(Command::Kind::SetAccumulation);
  c.value = microBatches;
  m_config.accumulation = microBatches;
  post(c);
}

SessionConfig SessionController::liveConfig() const { return m_session ? m_session->live_config() : m_config; }

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
                       tr("step %1: injecting %2 into %3 at the next step")
                           .arg(stepsDone())
                           .arg(kind == FaultKind::Inf ? QStringLiteral("inf") : QStringLiteral("NaN"), module));
}

GradScalerOptions SessionController::scalerOptions() const {
  return m_session ? m_session->scaler_options() : m_config.scaler;
}

bool SessionController::scalerInUse() const { return m_config.use_scaler && m_config.scaler.enabled(); }

std::int64_t SessionController::workerStepsDone() const { return m_session ? m_session->steps_done() : 0; }

bool SessionController::workerRunning() const { return m_session && m_session->running(); }

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
  // Events first: the worker publishes a step's record before any later event, so every
  // record older than an event drained here is in the record drain that follows, and the log
  // can tell both in the order they happened. (Records first, the "started" line of a run
  // whose first poll found 30 steps came after those steps' backoffs.)
  std::vector<SessionEvent> events = m_session->drain_events();
  for (const SessionEvent& e : events)
    if (e.kind != SessionEvent::Kind::Paused && e.kind != SessionEvent::Kind::Resumed) m_untold.push_back(e);
  m_buffer.clear();
  const std::size_t n = m_session->drain(m_buffer, kMaxPerPoll);
  ingest(m_buffer, n >= kMaxPerPoll);
  updateRate();
  checkRecording();
  handleEvents(events);
}

void SessionController::tellEventsUpTo(std::int64_t upTo) {
  while (!m_untold.empty() && m_untold.front().step <= upTo) {
    const NarratedEvent n = Narrator::narrate(m_untold.front());
    m_untold.pop_front();
    Q_EMIT eventNarrated(n.step, static_cast<int>(n.severity), n.text);
  }
}

void SessionController::ingest(std::vector<StepRecord>& records, bool moreWaiting) {
  // Narrate before the history takes the per-layer statistics.
  for (const StepRecord& r : records) {
    tellEventsUpTo(r.step);
    if (auto n = m_narrator.narrate(r)) Q_EMIT eventNarrated(n->step, static_cast<int>(n->severity), n->text);
  }
  // Events after the last record: those of the next step now; later ones wait for the records
  // still in the channel, unless there are none (the channel may have dropped them).
  tellEventsUpTo(moreWaiting && !records.empty() ? records.back().step + 1
                                                : std::numeric_limits<std::int64_t>::max());
  if (records.empty()) return;
  const qint64 first = records.front().step, last = records.back().step;
  m_history.append(records, &m_evicted);
  // Records the history let go of: the session refills their storage instead of allocating.
  m_session->recycle(m_evicted);
  Q_EMIT stepsAppended(first, last);
}

void SessionController::handleEvents(const std::vector<SessionEvent>& events) {
  bool ended = false;
  std::string status = "finished";
  for (const SessionEvent& e : events) {
    switch (e.kind) {
      case SessionEvent::Kind::Paused:
        ++m_pausesAcknowledged;
        [[fallthrough]];
      case SessionEvent::Kind::Started:
      case SessionEvent::Kind::Resumed:
        break;  // the buttons already say so
      case SessionEvent::Kind::Finished:
        ended = true;
        setState(State::Finished);
        break;
      case SessionEvent::Kind::Error:
        ended = true;
        status = "error: " + e.message;
        setState(State::Failed);
        Q_EMIT errorOccurred(e.text.empty() ? QString::fromStdString(e.message) : i18n::translate(e.text));
        break;
      case SessionEvent::Kind::Warning:
      case SessionEvent::Kind::Info:
        break;
    }
  }
  if (ended) {
    // The worker publishes its last records before the event: take them too.
    m_buffer.clear();
    while (m_session->drain(m_buffer, kMaxPerPoll) > 0) {
      ingest(m_buffer);
      m_buffer.clear();
    }
    tellEventsUpTo(std::numeric_limits<std::int64_t>::max());
    // The worker has ended: every record is in the recorder; close the run in the store.
    checkRecording();
    if (m_stopRequested && status == "finished") status = "stopped";
    if (auto closeRecording = retireRecorder(status)) closeRecording();  // the worker has ended
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
