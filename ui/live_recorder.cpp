#include "live_recorder.h"

#include <ampscope/run_store.h>

#include <exception>
#include <utility>

namespace ampscope::ui {

namespace {
/// The step without its per-layer statistics (what is recorded when the writer is behind).
StepRecord withoutLayers(const StepRecord& r) {
  StepRecord c;
  c.step = r.step;
  c.loss = r.loss;
  c.lr = r.lr;
  c.scale_before = r.scale_before;
  c.scale_after = r.scale_after;
  c.growth_tracker = r.growth_tracker;
  c.hysteresis_tracker = r.hysteresis_tracker;
  c.found_inf = r.found_inf;
  c.skipped = r.skipped;
  c.reason = r.reason;
  c.first_offender = r.first_offender;
  c.grad_norm = r.grad_norm;
  c.forward_ms = r.forward_ms;
  c.backward_ms = r.backward_ms;
  c.stats_ms = r.stats_ms;
  c.optimizer_ms = r.optimizer_ms;
  return c;
}
}  // namespace

LiveRecorder::LiveRecorder(std::string path, const SessionConfig& config, std::vector<LayerInfo> layers,
                           std::string device, std::string precision)
    : m_path(std::move(path)) {
  m_opener = std::thread([this, config, layers = std::move(layers), device = std::move(device),
                          precision = std::move(precision)] { open(config, layers, device, precision); });
}

LiveRecorder::~LiveRecorder() { close("stopped"); }

void LiveRecorder::open(const SessionConfig& config, const std::vector<LayerInfo>& layers, const std::string& device,
                        const std::string& precision) {
  std::unique_ptr<RunRecorder> rec;
  try {
    rec = std::make_unique<RunRecorder>(m_path, config, layers, device, precision);
  } catch (const std::exception& e) {
    std::lock_guard lock(m_mutex);
    m_error = user_text_of(e);
    m_state = State::Failed;
    m_pending.clear();
    return;
  }
  std::lock_guard lock(m_mutex);
  m_runId = rec->run_id();
  if (m_state == State::Failed) {  // too many steps arrived while the file was opening
    rec->close("error: " + (m_error ? m_error->english() : std::string("recording stopped")));
    return;
  }
  for (StepRecord& r : m_pending)
    if (!rec->push(std::move(r))) break;
  m_pending.clear();
  m_pending.shrink_to_fit();
  m_recorder = std::move(rec);
  m_state = State::Recording;
  if (auto e = m_recorder->error_text()) {
    m_error = e;
    m_state = State::Failed;
  }
}

void LiveRecorder::push(const StepRecord& record) {
  std::lock_guard lock(m_mutex);
  switch (m_state) {
    case State::Failed:
    case State::Closed:
      return;
    case State::Opening:
      if (m_pending.size() >= kMaxPending) {
        m_error = UserText(AMPSCOPE_TR_NOOP("LiveRecorder", "the run store %1 took too long to open (%2 steps waited for it)"),
                           {m_path, std::to_string(kMaxPending)});
        m_state = State::Failed;
        m_pending.clear();
        return;
      }
      m_pending.push_back(record);
      ++m_pushed;
      return;
    case State::Recording:
      break;
  }
  const std::int64_t backlog = m_pushed.load() - m_recorder->committed_steps();
  bool ok = true;
  if (backlog > kThinAfter && !record.found_inf && !record.layers.empty()) {
    ok = m_recorder->push(withoutLayers(record));
    ++m_thinned;
  } else {
    ok = m_recorder->push(record);
  }
  if (!ok) {
    m_error = m_recorder->error_text().value_or(UserText(AMPSCOPE_TR_NOOP("LiveRecorder", "the recorder stopped")));
    m_state = State::Failed;
    return;
  }
  ++m_pushed;
}

void LiveRecorder::close(const std::string& status) {
  if (m_opener.joinable()) m_opener.join();
  std::unique_ptr<RunRecorder> rec;
  {
    std::lock_guard lock(m_mutex);
    if (m_state == State::Closed) return;
    rec = std::move(m_recorder);
    if (m_state != State::Failed) m_state = State::Closed;
  }
  if (!rec) return;
  rec->close(status);  // commits the rest: waits for the writer thread
  if (auto e = rec->error_text()) {
    std::lock_guard lock(m_mutex);
    if (!m_error) m_error = e;
    m_state = State::Failed;
  }
  std::lock_guard lock(m_mutex);
  m_committedAtClose = rec->committed_steps();
}

LiveRecorder::State LiveRecorder::state() const {
  std::lock_guard lock(m_mutex);
  if (m_state == State::Recording && m_recorder && m_recorder->error()) return State::Failed;
  return m_state;
}

std::optional<std::string> LiveRecorder::error() const {
  if (auto e = errorText()) return e->english();
  return std::nullopt;
}

std::optional<UserText> LiveRecorder::errorText() const {
  std::lock_guard lock(m_mutex);
  if (m_error) return m_error;
  if (m_recorder) return m_recorder->error_text();
  return std::nullopt;
}

std::int64_t LiveRecorder::committedSteps() const {
  std::lock_guard lock(m_mutex);
  return m_recorder ? m_recorder->committed_steps() : m_committedAtClose;
}

}  // namespace ampscope::ui
