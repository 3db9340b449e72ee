// TrainingSession: the public API, the live commands (applied at step boundaries) and the worker
// loop. The state and the step live in TrainingSession::Impl (training_session_impl.h).
#include <ampscope/process_memory.h>
#include "training_session_impl.h"

namespace ampscope {

namespace {
/// The message of the exception being handled, in words a user reads: LibTorch's errors
/// without their C++ backtrace, and out-of-memory errors with what to do about them.
UserText current_error_text() {
  // LibTorch's own words stay as they are; what AmpScope adds is translatable.
  const auto out_of_memory = [](std::string what) {
    return UserText(
        AMPSCOPE_TR_NOOP("ampscope::TrainingSession",
                         "%1: out of memory. The session has ended; a smaller --batch-size or "
                         "--accumulate, a smaller model or the CPU (--device cpu) needs less, and a "
                         "new session starts clean."),
        {UserText::verbatim(std::move(what))});
  };
  try {
    throw;
  } catch (const c10::Error& e) {
    std::string m = e.what_without_backtrace();
    while (!m.empty() && (m.back() == '\n' || m.back() == ' ')) m.pop_back();
    if (m.find("out of memory") != std::string::npos || m.find("Out of memory") != std::string::npos)
      return out_of_memory(std::move(m));
    return UserText::verbatim(std::move(m));
  } catch (const std::bad_alloc& e) {
    return out_of_memory(e.what());
  } catch (const std::exception& e) {
    return user_text_of(e);
  } catch (...) {
    return UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "unknown error (not a std::exception)"));
  }
}
}  // namespace

// --- commands (applied at step boundaries) and the worker loop -------------------------------

void TrainingSession::Impl::apply(const Command& c) {
  switch (c.kind) {
    case Command::Kind::Pause:
      if (!paused)
        emit(SessionEvent::Kind::Paused, UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "paused")));
      paused = true;
      break;
    case Command::Kind::Resume:
      if (paused)
        emit(SessionEvent::Kind::Resumed, UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "resumed")));
      paused = false;
      break;
    case Command::Kind::StepOnce:
      ++steps_requested;
      break;
    case Command::Kind::Stop:
      stop_src.request_stop();
      break;
    case Command::Kind::SetScaler:
      try {
        c.scaler.validate();            // the scaler's rules, with its messages
        check_scaler_limits(c.scaler);  // the option limits inside them
        scaler->set_options(c.scaler);
        cfg.scaler = c.scaler;
        std::lock_guard lock(snap_mu);
        scaler_snapshot = c.scaler;
      } catch (const std::exception& e) {
        emit(SessionEvent::Kind::Warning,
             UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "scaler settings not applied: %1"),
                      {user_text_of(e)}));
      }
      break;
    case Command::Kind::SetLr:
      if (!limits::lr.contains(c.value)) {
        emit(SessionEvent::Kind::Warning,
             UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession",
                                       "learning rate %1 not applied: it must be in %2"),
                      {format_number(c.value), limits::lr.range_text()}));
      } else {
        for (auto& g : opt->param_groups()) g.options().set_lr(c.value);
        cfg.lr = c.value;
        std::lock_guard lock(snap_mu);
        lr_snapshot = c.value;
      }
      break;
    case Command::Kind::InjectFault:
      immediate_faults.push_back(c.fault);
      break;
    case Command::Kind::SetSpeedLimit:
      if (!limits::speed_limit.contains(c.value))
        emit(SessionEvent::Kind::Warning,
             UserText(
                 AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "speed limit %1 not applied: it must be >= 0"),
                 {format_number(c.value)}));
      else
        speed_limit = c.value;
      break;
    case Command::Kind::SetScale:
      set_scale(c.value);
      break;
    case Command::Kind::SetClipping:
      if (!limits::clip_norm.contains(c.value)) {
        emit(SessionEvent::Kind::Warning,
             UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession",
                                       "clip norm %1 not applied: it must be in %2 (0 = off)"),
                      {format_number(c.value), limits::clip_norm.range_text()}));
      } else {
        cfg.clip_norm = c.value;
        cfg.clip_after_unscale = c.flag;
      }
      break;
    case Command::Kind::SetAccumulation:
      if (!limits::accumulation.contains_real(c.value))
        emit(SessionEvent::Kind::Warning,
             UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession",
                                       "accumulation %1 not applied: it must be a whole number in %2"),
                      {format_number(c.value), limits::accumulation.range_text()}));
      else
        cfg.accumulation = static_cast<std::int64_t>(c.value);
      break;
  }
  cfg.max_steps_per_second = speed_limit;
  std::lock_guard lock(snap_mu);
  cfg_snapshot = cfg;
}

void TrainingSession::Impl::set_scale(double v) {
  if (!std::isfinite(v) || !(v > 0.0) || !std::isfinite(static_cast<float>(v)) ||
      !limits::init_scale.contains(v)) {
    emit(SessionEvent::Kind::Warning,
         UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession",
                                   "scale %1 not applied: it must be finite, > 0 and fit fp32"),
                  {format_number(v)}));
    return;
  }
  GradScalerOptions o = cfg.scaler;
  o.init_scale(v);
  try {
    scaler->set_options(o);  // before first use this sets the scale; later it keeps the scale
  } catch (const std::exception& e) {
    emit(SessionEvent::Kind::Warning,
         UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "scale not applied: %1"), {user_text_of(e)}));
    return;
  }
  cfg.scaler = o;
  {
    std::lock_guard lock(snap_mu);
    scaler_snapshot = o;
  }
  if (step_index == 0 || !scaler->is_enabled() ||
      scaler->get_scale() == static_cast<double>(static_cast<float>(v)))
    return;
  try {
    scaler->update(v);
  } catch (const std::runtime_error&) {
    return;  // never used yet (the scaler was off): the init scale above is what it starts with
  }
  scale_set_by_user = true;
}

void TrainingSession::Impl::request_stop() {
  {
    std::lock_guard lock(cmd_mu);
    stop_src.request_stop();
  }
  cmd_cv.notify_all();
}

void TrainingSession::Impl::apply_pending() {
  {
    std::lock_guard lock(cmd_mu);
    if (commands.empty()) return;  // every step asks: no allocation when there is nothing
    todo_buf.assign(std::make_move_iterator(commands.begin()), std::make_move_iterator(commands.end()));
    commands.clear();
  }
  for (const auto& c : todo_buf) apply(c);
  todo_buf.clear();
}

void TrainingSession::Impl::loop(std::stop_token st) {
  emit(SessionEvent::Kind::Started,
       UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "started on %1, %2"),
                {std::string(dev_kind == DeviceKind::CUDA ? "cuda:0" : "cpu"),
                 precision_label_text(::ampscope::precision_label(cfg.precision, dev_kind))}));
  auto next_slot = Clock::now();
  while (!st.stop_requested()) {
    apply_pending();
    if (st.stop_requested()) break;
    if (cfg.max_steps > 0 && step_index >= cfg.max_steps) {
      emit(SessionEvent::Kind::Finished,
           UserText(AMPSCOPE_TR_N_NOOP("ampscope::TrainingSession", "finished after %n steps"), step_index));
      break;
    }
    if (paused && steps_requested == 0) {
      std::unique_lock lock(cmd_mu);
      cmd_cv.wait(lock, st, [&] { return !commands.empty(); });
      continue;
    }
    if (speed_limit > 0) {
      std::unique_lock lock(cmd_mu);
      // Wait for the next slot, but wake for commands (pause and stop stay instant).
      if (cmd_cv.wait_until(lock, st, next_slot, [&] { return !commands.empty(); })) continue;
      if (st.stop_requested()) break;
    }
    if (steps_requested > 0) --steps_requested;
    try {
      StepRecord r = take_record();
      do_step(r, st);
      publish(r, /*keep=*/false);
    } catch (const StepAbandoned&) {
      break;  // a stop inside the step: nothing applied, no record; "stopped" below
    } catch (...) {
      // c10::Error (CUDA out of memory, bad device), std::bad_alloc, anything: the run ends
      // with an Error event; nothing leaves this thread.
      emit(SessionEvent::Kind::Error,
           UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "training stopped at step %1: %2"),
                    {std::to_string(step_index), current_error_text()}));
      break;
    }
    const auto now = Clock::now();
    next_slot = speed_limit > 0
                    ? std::max(now, next_slot + std::chrono::duration_cast<Clock::duration>(
                                                    std::chrono::duration<double>(1.0 / speed_limit)))
                    : now;
  }
  if (st.stop_requested())
    emit(SessionEvent::Kind::Finished,
         UserText(AMPSCOPE_TR_N_NOOP("ampscope::TrainingSession", "stopped after %n steps"), step_index));
  is_running = false;
}

bool cuda_available() { return torch::cuda::is_available(); }

TrainingSession::TrainingSession(SessionConfig config) : m_impl(std::make_unique<Impl>()) {
  m_impl->cfg = std::move(config);
  m_impl->build();
}

TrainingSession::~TrainingSession() {
  if (m_impl->worker.joinable()) {
    m_impl->request_stop();
    m_impl->worker.join();
  }
  if (m_impl->scaler) m_impl->scaler->remove_observer(m_impl.get());
  // Its tensors freed, the large blocks they held go back to the C library: the next session
  // (another model, or none) may need none of them (process_memory.h).
  m_impl.reset();
  release_step_buffers();
}

const SessionConfig& TrainingSession::config() const { return m_impl->initial_cfg; }
const std::vector<LayerInfo>& TrainingSession::layers() const { return m_impl->layers; }
DeviceKind TrainingSession::device() const { return m_impl->dev_kind; }
std::string TrainingSession::device_label() const {
  return m_impl->dev_kind == DeviceKind::CUDA ? "cuda:0" : "cpu";
}
std::uint64_t TrainingSession::lane_shared_steps() const {
  return m_impl->lane_stats_passes.load(std::memory_order_relaxed);
}

ThreadChoice TrainingSession::threads() const {
  {
    std::lock_guard lock(m_impl->snap_mu);
    if (m_impl->thread_choice.intra_op > 0 && !m_impl->thread_choice.why.empty()) return m_impl->thread_choice;
  }
  if (m_impl->dev_kind != DeviceKind::CPU) return {0, 0, "cuda: LibTorch's default"};
  return decide_threads(m_impl->work_size());
}

std::string TrainingSession::precision_label() const {
  return ::ampscope::precision_label(m_impl->initial_cfg.precision, m_impl->dev_kind);
}

StepRecord TrainingSession::step() {
  StepRecord r = m_impl->take_record();
  step(r);
  return r;
}

void TrainingSession::step(StepRecord& into) {
  if (m_impl->is_running) throw std::logic_error("TrainingSession::step() while the worker is running");
  m_impl->apply_pending();
  try {
    m_impl->do_step(into);
  } catch (...) {
    // The same words as the worker's Error event, without LibTorch's C++ backtrace.
    throw UserRuntimeError(current_error_text());
  }
  m_impl->publish(into, /*keep=*/true);
}

std::int64_t TrainingSession::steps_done() const {
  return m_impl->steps_completed.load(std::memory_order_acquire);
}
std::uint64_t TrainingSession::micro_batches_done() const {
  return m_impl->micro_batches.load(std::memory_order_relaxed);
}
void TrainingSession::set_record_sink(RecordSink sink) { m_impl->sink = std::move(sink); }

void TrainingSession::record_to(std::shared_ptr<RunRecorder> recorder, bool warn_on_failure) {
  Impl* impl = m_impl.get();
  m_impl->sink = [impl, recorder = std::move(recorder), warn_on_failure,
                  stopped = false](const StepRecord& r) mutable {
    if (stopped || recorder->push(r)) return;
    stopped = true;  // tell once, then train on without recording
    if (!warn_on_failure) return;
    const auto why = recorder->error_text();
    impl->emit(
        SessionEvent::Kind::Warning,
        UserText(
            AMPSCOPE_TR_NOOP("ampscope::TrainingSession",
                             "recording stopped: %1; training continues unrecorded"),
            {why ? *why
                 : UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "the run store was closed"))}));
  };
}

void TrainingSession::set_step_hook(StepHook hook) { m_impl->step_hook = std::move(hook); }

void TrainingSession::start(bool paused) {
  if (m_impl->worker.joinable()) {
    if (m_impl->is_running) return;
    m_impl->worker.join();
  }
  m_impl->paused = paused;
  m_impl->is_running = true;
  std::stop_token token;
  {
    std::lock_guard lock(m_impl->cmd_mu);
    m_impl->stop_src = std::stop_source();
    token = m_impl->stop_src.get_token();
  }
  m_impl->worker = std::jthread([impl = m_impl.get(), token] { impl->loop(token); });
}

void TrainingSession::post(const Command& command) {
  {
    std::lock_guard lock(m_impl->cmd_mu);
    m_impl->commands.push_back(command);
    // A stop is seen at once, between micro-batches, not at the next step boundary.
    if (command.kind == Command::Kind::Stop) m_impl->stop_src.request_stop();
  }
  m_impl->cmd_cv.notify_all();
}

bool TrainingSession::running() const { return m_impl->is_running; }

void TrainingSession::request_stop() { m_impl->request_stop(); }

void TrainingSession::wait() {
  if (m_impl->worker.joinable()) m_impl->worker.join();
}

std::size_t TrainingSession::drain(std::vector<StepRecord>& out, std::size_t max) {
  std::lock_guard lock(m_impl->out_mu);
  std::size_t n = 0;
  while (!m_impl->out.empty() && n < max) {
    m_impl->out.pop_back_into(out);
    ++n;
  }
  return n;
}

void TrainingSession::recycle(std::vector<StepRecord>& used) {
  std::lock_guard lock(m_impl->out_mu);
  m_impl->out.recycle(used);
}

std::vector<SessionEvent> TrainingSession::drain_events() {
  std::lock_guard lock(m_impl->out_mu);
  std::vector<SessionEvent> ev(m_impl->events.begin(), m_impl->events.end());
  m_impl->events.clear();
  return ev;
}

std::uint64_t TrainingSession::dropped_records() const { return m_impl->dropped.load(); }
std::uint64_t TrainingSession::stats_host_copies() const { return m_impl->host_copies.load(); }

std::vector<std::vector<float>> TrainingSession::parameter_values() const {
  if (m_impl->is_running)
    throw std::logic_error("TrainingSession::parameter_values() while the worker is running");
  std::vector<std::vector<float>> out;
  for (const auto& p : m_impl->params) {
    auto c = p.detach().to(torch::kCPU, torch::kFloat).contiguous();
    out.emplace_back(c.data_ptr<float>(), c.data_ptr<float>() + c.numel());
  }
  return out;
}

GradScalerOptions TrainingSession::scaler_options() const {
  std::lock_guard lock(m_impl->snap_mu);
  return m_impl->scaler_snapshot;
}

double TrainingSession::current_lr() const {
  std::lock_guard lock(m_impl->snap_mu);
  return m_impl->lr_snapshot;
}

SessionConfig TrainingSession::live_config() const {
  std::lock_guard lock(m_impl->snap_mu);
  return m_impl->cfg_snapshot;
}

}  // namespace ampscope
