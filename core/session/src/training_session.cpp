#include "ampscope/training_session.h"

#include "tensor_views.h"

#include <ampscope/grad_scaler.h>
#include <ampscope/model_zoo.h>
#include <ampscope/option_limits.h>
#include <ampscope/run_store.h>
#include <ampscope/torch_compat.h>

#include <torch/cuda.h>
#include <torch/nn/functional/loss.h>
#include <torch/nn/utils/clip_grad.h>
#include <torch/optim.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <limits>
#include <map>
#include <mutex>
#include <new>
#include <stop_token>
#include <thread>
#include <unordered_map>

namespace ampscope {

namespace {
using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

constexpr std::size_t kChannelCapacity = 8192;  // records waiting for the UI before the oldest drop

/// The message of the exception being handled, in words a user reads: LibTorch's errors
/// without their C++ backtrace, and out-of-memory errors with what to do about them.
UserText current_error_text() {
  // LibTorch's own words stay as they are; what AmpScope adds is translatable.
  const auto out_of_memory = [](std::string what) {
    return UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "%1: out of memory. The session has ended; a smaller --batch-size or "
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

struct TrainingSession::Impl : GradScalerObserver {
  // --- what the session trains -------------------------------------------------------------
  SessionConfig cfg;
  DeviceKind dev_kind = DeviceKind::CPU;
  torch::Device device{torch::kCPU};
  std::shared_ptr<InstrumentedModel> model;
  std::unique_ptr<Dataset> data;
  std::unique_ptr<BatchSampler> sampler;
  std::unique_ptr<torch::optim::Optimizer> opt;
  std::unique_ptr<GradScaler> scaler;
  std::vector<LayerInfo> layers;
  std::vector<torch::Tensor> params;           // optimizer order
  std::vector<int> param_layer;                // params[i] -> layer index
  std::unordered_map<const void*, int> layer_of_param;
  std::unordered_map<const void*, std::size_t> index_of_param;  // TensorImpl -> index in params
  std::map<std::string, int> activation_layer; // module label -> layer index of "<label>.out"
  std::map<std::string, int> weight_layer;     // module label -> layer index of "<label>.weight"
  SessionConfig initial_cfg;  // cfg as the constructor fixed it (config()): never changes after build()
  std::int64_t step_index = 0;  // the worker's (or step()'s caller's) own count
  std::atomic<std::int64_t> steps_completed{0};  // step_index, published for steps_done()
  std::atomic<std::uint64_t> micro_batches{0};   // backward passes finished (micro_batches_done())
  std::vector<FaultSpec> immediate_faults;

  // --- per-step buffers, reused across steps (no per-step allocation) ----------------------
  // raw_all: the parameters' raw statistics (params order), then the activation gradients'.
  std::vector<kernels::RawTensorStats> raw_all;
  std::vector<char> have_raw;
  std::vector<kernels::TensorView> views_buf;
  std::vector<std::size_t> view_slot;               // views_buf[k] -> index in raw_all
  std::vector<kernels::RawTensorStats> got_buf;     // pass output when some slots are skipped
  std::vector<torch::Tensor> converted_buf;         // keeps converted copies alive during a pass
  std::vector<int> act_layer_buf;                   // act_grads[k] -> layer index (-1 if none)

  // --- CUDA statistics: the kernels' CUDA pass, read back when the record is assembled -----
  std::unique_ptr<kernels::CudaStatsPass> cuda_pass;  // created on the first CUDA tensor
  bool cuda_pass_unusable = false;                    // the kernels cannot run: copy to the host
  bool cuda_pending = false;                          // results on their way into pinned memory
  std::vector<kernels::TensorView> cuda_views_buf;
  std::vector<std::size_t> cuda_slots;                // cuda_views_buf[k] -> index in raw_all
  std::atomic<std::uint64_t> host_copies{0};          // tensors copied to the CPU for statistics

  // --- observer state of the current step --------------------------------------------------
  bool taking_reports = false;  // only reports delivered by this step's unscale_() are used
  bool reports_found_inf = false;

  // --- worker and channels -----------------------------------------------------------------
  std::jthread worker;
  // The worker's stop. Replaced in start() before the thread exists, so the worker itself may
  // request it (a Stop command, a step hook) without touching `worker` while start() assigns it;
  // other threads reach it under cmd_mu.
  std::stop_source stop_src;
  std::mutex cmd_mu;
  std::condition_variable_any cmd_cv;
  std::deque<Command> commands;
  std::atomic<bool> is_running{false};
  bool paused = false;
  int steps_requested = 0;  // single steps asked for while paused
  double speed_limit = 0.0;

  mutable std::mutex out_mu;
  std::deque<StepRecord> out;
  std::deque<SessionEvent> events;
  std::atomic<std::uint64_t> dropped{0};
  RecordSink sink;
  StepHook step_hook;
  bool floor_told = false;  // the "held at min scale" event was emitted for this visit

  mutable std::mutex snap_mu;
  GradScalerOptions scaler_snapshot;
  double lr_snapshot = 0.0;
  SessionConfig cfg_snapshot;          // cfg after the last applied command
  bool scale_set_by_user = false;      // a SetScale since the last step: say so in its record

  // GradScalerObserver
  void on_unscale(const UnscaleEvent& e) override {
    if (!taking_reports) return;
    for (const auto& rep : e.params) {
      if (rep.has_stats) {
        auto it = index_of_param.find(rep.param_id);
        if (it != index_of_param.end()) {
          raw_all[it->second] = rep.raw;
          have_raw[it->second] = 1;
        }
      }
      reports_found_inf = reports_found_inf || rep.nonfinite() > 0;
    }
  }

  void emit(SessionEvent::Kind kind, UserText text) {
    std::string english = text.english();
    std::lock_guard lock(out_mu);
    events.push_back({kind, step_index, std::move(english), std::move(text)});
  }

  template <class R>  // StepRecord& (copied into the channel) or StepRecord&& (moved)
  void publish(R&& r) {
    if (sink) sink(r);
    std::lock_guard lock(out_mu);
    if (out.size() >= kChannelCapacity) {
      out.pop_front();  // the UI fell behind: newest wins, and the loss is counted
      dropped.fetch_add(1, std::memory_order_relaxed);
    }
    out.push_back(std::forward<R>(r));
  }

  void build() {
    cfg.validate();
    if (cfg.dataset.empty()) cfg.dataset = default_dataset(cfg.model);
    const bool cuda = torch::cuda::is_available();
    if (cfg.device == DeviceKind::CUDA && !cuda)
      throw UserRuntimeError(UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "--device cuda: no CUDA device is available (this LibTorch has no "
                                                      "CUDA support, or no GPU was found); use --device cpu or auto")));
    dev_kind = (cfg.device == DeviceKind::CUDA || (cfg.device == DeviceKind::Auto && cuda)) ? DeviceKind::CUDA
                                                                                              : DeviceKind::CPU;
    device = dev_kind == DeviceKind::CUDA ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
    torch::manual_seed(cfg.seed);
    data = make_dataset(cfg.dataset, cfg.seed, cfg.data_dir);
    sampler = std::make_unique<BatchSampler>(*data, cfg.batch_size, cfg.seed + 1);
    model = make_model(cfg.model, cfg.seed);
    model->to(device);
    model->set_precision({cfg.precision, dev_kind != DeviceKind::CUDA});

    // Layers users read: per labelled module its weight, bias and output gradient.
    const auto named = model->named_parameters(/*recurse=*/true);
    const auto labels = model->module_labels();
    for (int order = 0; order < static_cast<int>(labels.size()); ++order) {
      const std::string& label = labels[order];
      if (cfg.activation_stats) {
        activation_layer[label] = static_cast<int>(layers.size());
        layers.push_back({label + ".out", label, "activation", {}, 0, order});
      }
      for (const char* kind : {"weight", "bias"}) {
        const std::string name = label + "." + kind;
        if (const torch::Tensor* p = named.find(name)) {
          LayerInfo li{name, label, kind, p->sizes().vec(), p->numel(), order};
          if (std::string(kind) == "weight") weight_layer[label] = static_cast<int>(layers.size());
          layer_of_param[p->unsafeGetTensorImpl()] = static_cast<int>(layers.size());
          index_of_param[p->unsafeGetTensorImpl()] = params.size();
          param_layer.push_back(static_cast<int>(layers.size()));
          layers.push_back(std::move(li));
          params.push_back(*p);
        }
      }
    }
    // Parameters not under a labelled module would be invisible: refuse to hide them.
    if (params.size() != named.size())
      throw std::logic_error("model '" + cfg.model + "' has parameters outside its labelled modules");
    // A fault aimed at a layer the model does not have would silently do nothing: refuse it.
    for (const auto& f : cfg.faults) {
      if (f.layer == "loss" || weight_layer.count(f.layer)) continue;
      std::string allowed;
      for (const auto& label : labels)
        if (weight_layer.count(label)) allowed += label + ", ";
      throw UserInvalidArgument(UserText::untranslated(
          "--inject %1:%2@%3: %4",
          {f.layer, std::string(to_string(f.kind)), std::to_string(f.step),
           UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "model %1 has no layer named '%2' (allowed: %3)"),
                    {cfg.model, f.layer, allowed + "loss"})}));
    }

    switch (cfg.optimizer) {
      case OptimizerKind::SGD:
        opt = std::make_unique<torch::optim::SGD>(
            params, torch::optim::SGDOptions(cfg.lr).momentum(cfg.momentum).weight_decay(cfg.weight_decay));
        break;
      case OptimizerKind::Adam:
        opt = std::make_unique<torch::optim::Adam>(params, torch::optim::AdamOptions(cfg.lr).weight_decay(cfg.weight_decay));
        break;
      case OptimizerKind::AdamW:
        opt = std::make_unique<torch::optim::AdamW>(params, torch::optim::AdamWOptions(cfg.lr).weight_decay(cfg.weight_decay));
        break;
    }
    learn_activation_shapes();
    scaler = std::make_unique<GradScaler>(cfg.scaler);
    // stats_every == 0 means "no instrumentation": the scaler then runs its check and unscale
    // without statistics, and the session adds no pass of its own (the baseline of bench/).
    if (cfg.stats_every > 0) scaler->add_observer(this);
    speed_limit = cfg.max_steps_per_second;
    std::lock_guard lock(snap_mu);
    scaler_snapshot = cfg.scaler;
    lr_snapshot = cfg.lr;
    cfg_snapshot = cfg;
    initial_cfg = cfg;
  }

  /// Output-gradient shapes are known only after a backward: run one on the first examples
  /// (its own batch, so the training sequence is not disturbed), then clear the gradients.
  void learn_activation_shapes() {
    if (!cfg.activation_stats) return;
    const std::int64_t n = std::min<std::int64_t>(cfg.batch_size, data->size());
    auto [x, y] = data->gather(torch::arange(n, torch::kLong));
    model->set_capture_activation_grads(true);
    torch::nn::functional::cross_entropy(model->forward(x.to(device)).to(torch::kFloat), y.to(device)).backward();
    for (const auto& [label, g] : model->activation_grads()) {
      auto it = activation_layer.find(label);
      if (it == activation_layer.end()) continue;
      layers[it->second].shape = g.sizes().vec();
      layers[it->second].numel = g.numel();
    }
    model->set_capture_activation_grads(false);
    for (auto& p : params) p.mutable_grad() = torch::Tensor();
  }

  // --- commands (applied at step boundaries) ---------------------------------------------
  void apply(const Command& c) {
    switch (c.kind) {
      case Command::Kind::Pause:
        if (!paused) emit(SessionEvent::Kind::Paused, UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "paused")));
        paused = true;
        break;
      case Command::Kind::Resume:
        if (paused) emit(SessionEvent::Kind::Resumed, UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "resumed")));
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
          c.scaler.validate();              // the scaler's rules, with its messages
          check_scaler_limits(c.scaler);    // the option limits inside them
          scaler->set_options(c.scaler);
          cfg.scaler = c.scaler;
          std::lock_guard lock(snap_mu);
          scaler_snapshot = c.scaler;
        } catch (const std::exception& e) {
          emit(SessionEvent::Kind::Warning,
               UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "scaler settings not applied: %1"), {user_text_of(e)}));
        }
        break;
      case Command::Kind::SetLr:
        if (!limits::lr.contains(c.value)) {
          emit(SessionEvent::Kind::Warning, UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "learning rate %1 not applied: it must be in %2"),
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
               UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "speed limit %1 not applied: it must be >= 0"), {format_number(c.value)}));
        else
          speed_limit = c.value;
        break;
      case Command::Kind::SetScale:
        set_scale(c.value);
        break;
      case Command::Kind::SetClipping:
        if (!limits::clip_norm.contains(c.value)) {
          emit(SessionEvent::Kind::Warning,
               UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "clip norm %1 not applied: it must be in %2 (0 = off)"),
                        {format_number(c.value), limits::clip_norm.range_text()}));
        } else {
          cfg.clip_norm = c.value;
          cfg.clip_after_unscale = c.flag;
        }
        break;
      case Command::Kind::SetAccumulation:
        if (!limits::accumulation.contains_real(c.value))
          emit(SessionEvent::Kind::Warning,
               UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "accumulation %1 not applied: it must be a whole number in %2"),
                        {format_number(c.value), limits::accumulation.range_text()}));
        else
          cfg.accumulation = static_cast<std::int64_t>(c.value);
        break;
    }
    cfg.max_steps_per_second = speed_limit;
    std::lock_guard lock(snap_mu);
    cfg_snapshot = cfg;
  }

  /// The "init scale" control while running: the current scale becomes `v` now. Before the
  /// scaler's first use this is simply its init scale; afterwards it is update(new_scale),
  /// and the next record carries reason SetByUser.
  void set_scale(double v) {
    if (!std::isfinite(v) || !(v > 0.0) || !std::isfinite(static_cast<float>(v)) || !limits::init_scale.contains(v)) {
      emit(SessionEvent::Kind::Warning,
           UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "scale %1 not applied: it must be finite, > 0 and fit fp32"), {format_number(v)}));
      return;
    }
    GradScalerOptions o = cfg.scaler;
    o.init_scale(v);
    try {
      scaler->set_options(o);  // before first use this sets the scale; later it keeps the scale
    } catch (const std::exception& e) {
      emit(SessionEvent::Kind::Warning, UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "scale not applied: %1"), {user_text_of(e)}));
      return;
    }
    cfg.scaler = o;
    {
      std::lock_guard lock(snap_mu);
      scaler_snapshot = o;
    }
    if (step_index == 0 || !scaler->is_enabled() || scaler->get_scale() == static_cast<double>(static_cast<float>(v))) return;
    try {
      scaler->update(v);
    } catch (const std::runtime_error&) {
      return;  // never used yet (the scaler was off): the init scale above is what it starts with
    }
    scale_set_by_user = true;
  }

  /// From any thread: the worker sees it before its next micro-batch.
  void request_stop() {
    {
      std::lock_guard lock(cmd_mu);
      stop_src.request_stop();
    }
    cmd_cv.notify_all();
  }

  void apply_pending() {
    std::deque<Command> todo;
    {
      std::lock_guard lock(cmd_mu);
      todo.swap(commands);
    }
    for (const auto& c : todo) apply(c);
  }

  // --- one optimizer step ------------------------------------------------------------------
  std::vector<FaultSpec> faults_now() {
    std::vector<FaultSpec> f;
    for (const auto& s : cfg.faults)
      if (s.step == step_index) f.push_back(s);
    for (auto& s : immediate_faults) f.push_back(s);
    immediate_faults.clear();
    return f;
  }

  void poison(torch::Tensor& g, FaultKind kind) {
    // About 1% of the elements (at least one), deterministic: visible, and the rest stays real.
    const double v = kind == FaultKind::Inf ? std::numeric_limits<double>::infinity()
                                            : std::numeric_limits<double>::quiet_NaN();
    auto flat = g.view({-1});
    const std::int64_t stride = std::max<std::int64_t>(1, flat.numel() / 100);
    flat.slice(0, 0, flat.numel(), stride).fill_(v);
  }

  kernels::TensorStats stats_of(const kernels::RawTensorStats& raw, std::int64_t numel) const {
    return kernels::finalize(raw, numel, cfg.histogram);
  }

  /// The session's CUDA pass, or nullptr where the kernels cannot run on `d` (no CUDA kernels
  /// in this build, or they fail to start): statistics then go through a host copy.
  kernels::CudaStatsPass* cuda_pass_for(const torch::Device& d) {
    if (!d.is_cuda() || d != device || cuda_pass_unusable) return nullptr;
    if (!cuda_pass) {
      if (!kernels::cuda_compiled()) {
        cuda_pass_unusable = true;
        return nullptr;
      }
      try {
        cuda_pass = std::make_unique<kernels::CudaStatsPass>(device.has_index() ? device.index() : 0);
      } catch (const std::runtime_error&) {
        cuda_pass_unusable = true;
        return nullptr;
      }
    }
    return cuda_pass.get();
  }

  /// Statistics of tensors without unscaling (activation gradients; gradients when no scaler
  /// runs), in one pass per device: ts[k] (when defined) into raw_all[slots[k]]. Undefined
  /// tensors get cleared statistics. CPU tensors are done on return; CUDA tensors go to the
  /// kernels' CUDA pass in one launch, and their results reach raw_all only in
  /// harvest_cuda_stats() (no host synchronisation here). Types the kernels don't read
  /// (float64) are converted through the host.
  void plain_pass(const torch::Tensor* const* ts, const std::size_t* slots, std::size_t n) {
    views_buf.clear();
    view_slot.clear();
    converted_buf.clear();
    cuda_views_buf.clear();
    cuda_slots.clear();
    cuda_pending = false;  // results a failed step left behind are not this step's
    bool contiguous_slots = true;
    for (std::size_t i = 0; i < n; ++i) {
      const torch::Tensor& t0 = *ts[i];
      if (!t0.defined()) {
        raw_all[slots[i]].clear();
        contiguous_slots = false;
        continue;
      }
      const bool readable = detail::kernel_dtype(t0.scalar_type()).has_value() && t0.dim() <= kernels::kMaxDims;
      if (readable && t0.is_cuda() && cuda_pass_for(t0.device())) {
        cuda_views_buf.push_back(detail::to_view(t0));
        cuda_slots.push_back(slots[i]);
        contiguous_slots = false;
        continue;
      }
      if (!t0.device().is_cpu() || !detail::kernel_dtype(t0.scalar_type())) {
        converted_buf.push_back(t0.to(torch::kCPU, torch::kFloat));
        host_copies.fetch_add(1, std::memory_order_relaxed);
        views_buf.push_back(detail::to_view(converted_buf.back()));
      } else {
        views_buf.push_back(detail::to_view(t0));
      }
      if (!view_slot.empty() && slots[i] != view_slot.back() + 1) contiguous_slots = false;
      view_slot.push_back(slots[i]);
    }
    kernels::PassOptions po;
    po.compute_stats = true;
    if (!cuda_views_buf.empty()) {
      // On LibTorch's current stream, so that it sees the gradients backward wrote and runs
      // before the optimizer step (or clipping) changes them.
      void* stream = compat::current_cuda_stream(device);
      cuda_pass->enqueue(cuda_views_buf, po, stream, nullptr);
      cuda_pass->copy_results_async(stream);
      cuda_pending = true;
    }
    if (views_buf.empty()) return;
    if (contiguous_slots) {
      kernels::grad_stats_cpu(views_buf, po, raw_all.data() + view_slot.front());
    } else {
      got_buf.resize(views_buf.size());
      kernels::grad_stats_cpu(views_buf, po, got_buf.data());
      for (std::size_t k = 0; k < view_slot.size(); ++k) raw_all[view_slot[k]] = got_buf[k];
    }
    converted_buf.clear();
  }

  /// Brings the CUDA pass's results into raw_all. Called where the record is assembled, after
  /// the step's own synchronisation (the loss): by then the copy has landed.
  void harvest_cuda_stats() {
    if (!cuda_pending) return;
    cuda_pending = false;
    const auto res = cuda_pass->wait_results();
    if (res.size() != cuda_slots.size())
      throw std::logic_error("CUDA statistics: " + std::to_string(res.size()) + " results for " +
                             std::to_string(cuda_slots.size()) + " tensors");
    for (std::size_t k = 0; k < res.size(); ++k) raw_all[cuda_slots[k]] = res[k];
  }

  /// Thrown from inside a step when a stop was requested between micro-batches: the step is
  /// abandoned before the scaler or the optimizer touched anything (abandon_step()).
  struct StepAbandoned {};

  static void throw_if_stopped(const std::stop_token& st) {
    if (st.stop_requested()) throw StepAbandoned{};
  }

  /// What one step measures and does, decided before its first micro-batch.
  struct StepPlan {
    bool stats_step = false;      // per-layer statistics this step
    bool ref_step = false;        // an fp32 reference backward for underflow this step
    bool capture = false;         // activation gradients are captured
    bool scaler_on = false;       // the GradScaler scales, checks and steps
    bool params_in_pass = false;  // no scaler: the parameters' statistics come from the plain pass
    std::vector<FaultSpec> faults;
    std::size_t immediate_faults = 0;  // the last ones in `faults` came from InjectFault commands
  };

  /// The forward/backward passes' results beyond .grad: the loss summed over micro-batches (on
  /// the device: read once, at the step's sync) and the batches a reference backward repeats.
  struct Accumulated {
    torch::Tensor loss_sum;
    std::vector<std::pair<torch::Tensor, torch::Tensor>> batches;  // reference steps only
  };

  /// Per layer: elements that underflowed against the fp32 reference (-1 = not measured), and
  /// their share of the reference gradient's mass.
  struct Underflow {
    std::vector<std::int64_t> count;
    std::vector<double> mass;
  };

  using ActGrads = std::vector<std::pair<std::string, torch::Tensor>>;

  StepPlan plan_step() {
    StepPlan p;
    p.stats_step = cfg.stats_every > 0 && step_index % cfg.stats_every == 0;
    p.ref_step = cfg.reference_every > 0 && step_index % cfg.reference_every == 0 && cfg.precision != Precision::FP32;
    p.capture = (p.stats_step || p.ref_step) && cfg.activation_stats;
    p.scaler_on = cfg.use_scaler && scaler->is_enabled();
    p.params_in_pass = !p.scaler_on && cfg.stats_every > 0;
    p.immediate_faults = immediate_faults.size();
    p.faults = faults_now();
    return p;
  }

  /// One optimizer step: forward/backward per micro-batch, the step hook, faults, the reference
  /// backward, then check/unscale/statistics, the scaler's step and update, and the record.
  /// A stop requested on `st` is seen between micro-batches (and between the reference
  /// backward's): the step is then abandoned (StepAbandoned) with nothing applied.
  StepRecord do_step(const std::stop_token& st = {}) {
    StepRecord r;
    r.step = step_index;
    r.lr = cfg.lr;
    const StepPlan plan = plan_step();

    // Abandonable part: only .grad and the model's captures change until unscale_.
    Accumulated acc;
    ActGrads act_copy;  // activation gradients of the last micro-batch, on reference steps
    Underflow underflow{std::vector<std::int64_t>(layers.size(), -1), std::vector<double>(layers.size(), 0.0)};
    try {
      acc = forward_backward(plan, r, st);
      if (step_hook) step_hook(step_index);
      // A reference backward runs forward() again, which clears the model's list: copy it then.
      if (plan.ref_step) act_copy = model->activation_grads();
      inject_gradient_faults(plan.faults);
      if (plan.ref_step) {
        const auto t = Clock::now();
        reference_underflow(acc.batches, act_copy, underflow.count, underflow.mass, st);
        r.stats_ms += ms_since(t);
      }
    } catch (const StepAbandoned&) {
      abandon_step(plan);
      throw;
    }
    const ActGrads& act_grads = plan.ref_step ? act_copy : model->activation_grads();
    const std::size_t np = params.size();
    const std::size_t na = plan.capture ? act_grads.size() : 0;

    bool found_inf = unscale_and_measure(plan, act_grads, na, r);
    const double scale_now = step_and_update(plan, r, found_inf);
    read_back(plan, acc, r, found_inf);
    find_first_offender(r, np, na);
    if (plan.stats_step || plan.ref_step) add_layer_stats(r, np, na, act_grads, underflow, scale_now);
    tell_scale_extremes(plan, r);
    ++step_index;
    steps_completed.store(step_index, std::memory_order_release);
    return r;
  }

  /// Forward and backward of every micro-batch; gradients add up in .grad. Checks `st` before
  /// each micro-batch after the first and after the last one.
  Accumulated forward_backward(const StepPlan& plan, StepRecord& r, const std::stop_token& st) {
    const bool autocast = dev_kind == DeviceKind::CUDA && cfg.precision != Precision::FP32;
    const auto low = cfg.precision == Precision::BF16 ? torch::kBFloat16 : torch::kHalf;
    model->set_capture_activation_grads(plan.capture);
    opt->zero_grad();
    Accumulated acc;
    acc.loss_sum = torch::zeros({}, torch::TensorOptions().device(device));
    for (std::int64_t m = 0; m < cfg.accumulation; ++m) {
      if (m > 0) throw_if_stopped(st);
      auto [x, y] = sampler->next();
      x = x.to(device);
      y = y.to(device);
      auto t = Clock::now();
      torch::Tensor logits;
      if (autocast) {
        compat::AutocastGuard guard(torch::kCUDA, low);
        logits = model->forward(x);
      } else {
        logits = model->forward(x);
      }
      // The loss in fp32, as autocast computes cross-entropy.
      torch::Tensor loss = torch::nn::functional::cross_entropy(logits.to(torch::kFloat), y);
      // A poisoned loss must poison its gradients too, as a real overflow in the forward pass
      // does: multiply (adding a constant would leave the gradients finite).
      for (const auto& f : plan.faults) {
        if (f.layer == "loss")
          loss = loss * (f.kind == FaultKind::Inf ? std::numeric_limits<double>::infinity()
                                                  : std::numeric_limits<double>::quiet_NaN());
      }
      acc.loss_sum += loss.detach();
      torch::Tensor part = cfg.accumulation > 1 ? loss / static_cast<double>(cfg.accumulation) : loss;
      r.forward_ms += ms_since(t);
      t = Clock::now();
      (plan.scaler_on ? scaler->scale(part) : part).backward();
      r.backward_ms += ms_since(t);
      micro_batches.fetch_add(1, std::memory_order_relaxed);
      if (plan.ref_step) acc.batches.emplace_back(x, y);
    }
    throw_if_stopped(st);
    return acc;
  }

  /// A step abandoned for a stop: no record, no optimizer or scaler change, step_index stays.
  /// Faults from InjectFault commands go back in the queue (scheduled ones recur by their step);
  /// the gradients are cleared. The abandoned micro-batches' examples stay consumed.
  void abandon_step(const StepPlan& plan) {
    immediate_faults.insert(immediate_faults.begin(), plan.faults.end() - static_cast<std::ptrdiff_t>(plan.immediate_faults),
                            plan.faults.end());
    opt->zero_grad();
    model->set_capture_activation_grads(false);
  }

  void inject_gradient_faults(const std::vector<FaultSpec>& faults) {
    for (const auto& f : faults) {
      if (f.layer == "loss") continue;
      auto it = weight_layer.find(f.layer);
      if (it == weight_layer.end()) {
        emit(SessionEvent::Kind::Warning, UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "fault injection: no layer named '%1'"), {f.layer}));
        continue;
      }
      for (std::size_t i = 0; i < params.size(); ++i) {
        if (param_layer[i] == it->second && params[i].grad().defined())
          poison(params[i].mutable_grad(), f.kind);
      }
    }
  }

  /// Check, unscale and statistics: one fused pass inside the scaler when it runs, one plain
  /// pass for the activation gradients (and, without a scaler, the parameter gradients), and
  /// clipping where the config puts it. Returns whether unscale_ found non-finite gradients.
  bool unscale_and_measure(const StepPlan& plan, const ActGrads& act_grads, std::size_t na, StepRecord& r) {
    const auto t = Clock::now();
    const std::size_t np = params.size();
    raw_all.resize(np + na);
    have_raw.assign(np, 0);
    bool found_inf = false;
    const torch::Tensor* pass_ts[64];
    std::size_t pass_slots[64];
    std::vector<const torch::Tensor*> pass_ts_big;
    std::vector<std::size_t> pass_slots_big;
    std::size_t npass = 0;
    const torch::Tensor** pts = pass_ts;
    std::size_t* pslots = pass_slots;
    const std::size_t max_pass = (plan.params_in_pass ? np : 0) + na;
    if (max_pass > 64) {
      pass_ts_big.resize(max_pass);
      pass_slots_big.resize(max_pass);
      pts = pass_ts_big.data();
      pslots = pass_slots_big.data();
    }
    if (plan.scaler_on) {
      if (cfg.clip_norm > 0 && !cfg.clip_after_unscale) clip(r);  // the classic bug, on purpose
      taking_reports = true;
      reports_found_inf = false;
      try {
        scaler->unscale_(*opt);
      } catch (...) {
        taking_reports = false;
        throw;
      }
      taking_reports = false;
      found_inf = reports_found_inf;
      if (cfg.clip_norm > 0 && cfg.clip_after_unscale) clip(r);
    } else if (plan.params_in_pass) {
      for (std::size_t i = 0; i < np; ++i) {
        pts[npass] = &params[i].grad();
        pslots[npass++] = i;
        have_raw[i] = params[i].grad().defined();
      }
    } else if (cfg.clip_norm > 0) {
      clip(r);
    }
    for (std::size_t k = 0; k < na; ++k) {
      pts[npass] = &act_grads[k].second;
      pslots[npass++] = np + k;
    }
    if (npass > 0) plain_pass(pts, pslots, npass);
    if (plan.params_in_pass && cfg.clip_norm > 0) clip(r);
    act_layer_buf.assign(na, -1);
    for (std::size_t k = 0; k < na; ++k) {
      auto it = activation_layer.find(act_grads[k].first);
      if (it != activation_layer.end()) act_layer_buf[k] = it->second;
    }
    r.stats_ms += ms_since(t);
    return found_inf;
  }

  /// The optimizer step, through the scaler (skip decision, update) when it runs. Fills the
  /// record's scale history; returns the scale the step's gradients carried.
  double step_and_update(const StepPlan& plan, StepRecord& r, bool& found_inf) {
    const auto t = Clock::now();
    const double scale_now = plan.scaler_on ? scaler->get_scale() : 1.0;
    if (plan.scaler_on) {
      // On CUDA the scaler delivers unscale_'s report here, once step() has synchronised for
      // the skip decision: take it as this step's.
      bool stepped = false;
      taking_reports = true;
      try {
        stepped = scaler->step(*opt);
        scaler->update();
      } catch (...) {
        taking_reports = false;
        throw;
      }
      taking_reports = false;
      found_inf = reports_found_inf;
      r.skipped = !stepped;
      r.found_inf = found_inf || !stepped;
      const UpdateEvent& u = scaler->last_update();
      r.scale_before = u.before.scale;
      r.scale_after = u.after.scale;
      r.growth_tracker = u.after.growth_tracker;
      r.hysteresis_tracker = u.after.hysteresis_tracker;
      r.reason = u.reason;
      // A scale the user set before this step: its own update left it alone, so say who set it.
      if (scale_set_by_user && r.reason == ScaleChangeReason::Unchanged) r.reason = ScaleChangeReason::SetByUser;
      scale_set_by_user = false;
    } else {
      opt->step();  // no scaler: non-finite gradients go straight into the weights
      r.skipped = false;
      r.scale_before = r.scale_after = 1.0;
    }
    r.optimizer_ms = ms_since(t);
    return scale_now;
  }

  /// The step's one synchronisation (the loss), then the CUDA statistics that have landed by
  /// then, and the non-finite check of the parameter gradients when no scaler made it.
  void read_back(const StepPlan& plan, const Accumulated& acc, StepRecord& r, bool& found_inf) {
    r.loss = acc.loss_sum.item<double>() / static_cast<double>(cfg.accumulation);  // the step's sync
    const auto t = Clock::now();
    harvest_cuda_stats();
    r.stats_ms += ms_since(t);
    if (plan.params_in_pass) {
      // Non-finite parameter gradients only (the activation gradients are not checked).
      for (std::size_t i = 0; i < params.size(); ++i)
        if (have_raw[i]) {
          const auto& rw = raw_all[i];
          found_inf = found_inf || rw.nan + rw.pos_inf + rw.neg_inf > 0;
        }
    }
    if (!plan.scaler_on) r.found_inf = found_inf;
  }

  /// First offender: the first non-finite layer in backward order (last module first; within
  /// a module its output gradient comes before its weight and bias gradients).
  void find_first_offender(StepRecord& r, std::size_t np, std::size_t na) const {
    auto consider = [&](int layer, const kernels::RawTensorStats& raw) {
      if (raw.nan + raw.pos_inf + raw.neg_inf == 0) return;
      if (r.first_offender < 0) {
        r.first_offender = layer;
        return;
      }
      const LayerInfo& cur = layers[r.first_offender];
      const LayerInfo& cand = layers[layer];
      const bool cand_act = cand.kind == "activation", cur_act = cur.kind == "activation";
      if (cand.order > cur.order || (cand.order == cur.order && cand_act && !cur_act)) r.first_offender = layer;
    };
    for (std::size_t i = 0; i < np; ++i)
      if (have_raw[i]) consider(param_layer[i], raw_all[i]);
    for (std::size_t k = 0; k < na; ++k)
      if (act_layer_buf[k] >= 0) consider(act_layer_buf[k], raw_all[np + k]);
  }

  /// Per-layer statistics (and underflow, on reference steps) in layer order, and the norm of
  /// the unscaled gradients.
  void add_layer_stats(StepRecord& r, std::size_t np, std::size_t na, const ActGrads& act_grads,
                       const Underflow& underflow, double scale_now) const {
    const kernels::RawTensorStats* const param_raw = raw_all.data();
    const kernels::RawTensorStats* const act_raw = raw_all.data() + np;
    double sumsq = 0.0;
    r.layers.reserve(np + na);
    for (std::size_t i = 0; i < np; ++i) {
      if (!have_raw[i]) continue;
      const int li = param_layer[i];
      LayerStepStats ls;
      ls.layer = li;
      ls.stats = stats_of(param_raw[i], params[i].numel());
      ls.underflow = underflow.count[li];
      ls.underflow_mass = underflow.mass[li];
      sumsq += ls.stats.sum_squares;
      r.layers.push_back(std::move(ls));
    }
    // Norm of the unscaled gradients (the statistics are of the scaled ones).
    r.grad_norm = std::sqrt(sumsq) / (scale_now > 0 ? scale_now : 1.0);
    for (std::size_t k = 0; k < na; ++k) {
      const int li = act_layer_buf[k];
      if (li < 0) continue;
      LayerStepStats ls;
      ls.layer = li;
      ls.stats = stats_of(act_raw[k], act_grads[k].second.numel());
      ls.underflow = underflow.count[li];
      ls.underflow_mass = underflow.mass[li];
      r.layers.push_back(std::move(ls));
    }
    std::sort(r.layers.begin(), r.layers.end(), [](const auto& a, const auto& b) { return a.layer < b.layer; });
  }

  /// Say plainly when a storm drives the scale to its end points (the narrator prefixes the step).
  void tell_scale_extremes(const StepPlan& plan, const StepRecord& r) {
    if (plan.scaler_on && r.scale_after == 0.0 && r.scale_before != 0.0)
      emit(SessionEvent::Kind::Warning,
           UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "the loss scale has reached 0: every gradient is now 0 or NaN, so no step "
                                          "can succeed and the scale cannot recover (0 is absorbing). Set a min "
                                          "scale (e.g. 1) or reset the run.")));
    // Once per visit to the floor: the first backoff that min_scale clamps (a backoff landing
    // exactly on the floor is a plain backoff; the next overflow is the first one held).
    if (plan.scaler_on && r.reason == ScaleChangeReason::ClampedMin && !floor_told) {
      floor_told = true;
      emit(SessionEvent::Kind::Warning,
           UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "the loss scale is held at its floor, min scale = %1: steps are skipped "
                                          "for as long as the gradients overflow even at this scale."),
                    {format_number(r.scale_after)}));
    } else if (floor_told && r.scale_after > r.scale_before) {
      floor_told = false;  // grew off the floor: tell again next time
    }
  }

  void clip(StepRecord& r) {
    const double total = torch::nn::utils::clip_grad_norm_(params, cfg.clip_norm);
    if (cfg.clip_after_unscale || !(cfg.use_scaler && scaler->is_enabled())) r.grad_norm = total;
  }

  void reference_underflow(const std::vector<std::pair<torch::Tensor, torch::Tensor>>& batches,
                           const std::vector<std::pair<std::string, torch::Tensor>>& mixed_act,
                           std::vector<std::int64_t>& underflow, std::vector<double>& mass, const std::stop_token& st) {
    // Stash the mixed-precision gradients, run fp32 forward/backward on the same batches and
    // weights, compare, restore. The weights are not touched. A stop between batches abandons
    // the step (StepAbandoned) with the model's precision restored.
    std::vector<torch::Tensor> mixed;
    for (auto& p : params) {
      mixed.push_back(p.grad());
      p.mutable_grad() = torch::Tensor();
    }
    const PrecisionMode saved = model->precision();
    model->set_precision({Precision::FP32, false});
    for (std::size_t b = 0; b < batches.size(); ++b) {
      if (b > 0 && st.stop_requested()) {
        model->set_precision(saved);
        throw StepAbandoned{};
      }
      const auto& [x, y] = batches[b];
      torch::Tensor loss = torch::nn::functional::cross_entropy(model->forward(x).to(torch::kFloat), y);
      if (batches.size() > 1) loss = loss / static_cast<double>(batches.size());
      loss.backward();
    }
    const auto ref_act = model->activation_grads();
    model->set_precision(saved);
    auto compare = [&](int layer, const torch::Tensor& ref, const torch::Tensor& mix) {
      if (!ref.defined() || !mix.defined() || ref.sizes() != mix.sizes()) return;
      auto r32 = ref.to(torch::kFloat);
      auto lost = r32.ne(0).logical_and(mix.eq(0));
      underflow[layer] = lost.sum().item<std::int64_t>();
      const double total = r32.abs().sum().item<double>();
      mass[layer] = total > 0 ? r32.abs().masked_select(lost).sum().item<double>() / total : 0.0;
    };
    for (std::size_t i = 0; i < params.size(); ++i) {
      compare(param_layer[i], params[i].grad(), mixed[i]);
      params[i].mutable_grad() = mixed[i];
    }
    for (const auto& [label, g] : ref_act) {
      auto it = activation_layer.find(label);
      if (it == activation_layer.end()) continue;
      for (const auto& [mlabel, mg] : mixed_act)
        if (mlabel == label) compare(it->second, g, mg);
    }
  }

  // --- the worker loop -----------------------------------------------------------------------
  void loop(std::stop_token st) {
    emit(SessionEvent::Kind::Started,
         UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "started on %1, %2"),
                  {std::string(dev_kind == DeviceKind::CUDA ? "cuda:0" : "cpu"),
                   precision_label_text(::ampscope::precision_label(cfg.precision, dev_kind))}));
    auto next_slot = Clock::now();
    while (!st.stop_requested()) {
      apply_pending();
      if (st.stop_requested()) break;
      if (cfg.max_steps > 0 && step_index >= cfg.max_steps) {
        emit(SessionEvent::Kind::Finished, UserText(AMPSCOPE_TR_N_NOOP("ampscope::TrainingSession", "finished after %n steps"), step_index));
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
        publish(do_step(st));
      } catch (const StepAbandoned&) {
        break;  // a stop inside the step: nothing applied, no record; "stopped" below
      } catch (...) {
        // c10::Error (CUDA out of memory, bad device), std::bad_alloc, anything: the run ends
        // with an Error event; nothing leaves this thread.
        emit(SessionEvent::Kind::Error, UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "training stopped at step %1: %2"),
                                                 {std::to_string(step_index), current_error_text()}));
        break;
      }
      const auto now = Clock::now();
      next_slot = speed_limit > 0 ? std::max(now, next_slot + std::chrono::duration_cast<Clock::duration>(
                                                                   std::chrono::duration<double>(1.0 / speed_limit)))
                                  : now;
    }
    if (st.stop_requested())
      emit(SessionEvent::Kind::Finished, UserText(AMPSCOPE_TR_N_NOOP("ampscope::TrainingSession", "stopped after %n steps"), step_index));
    is_running = false;
  }
};

bool cuda_available() { return torch::cuda::is_available(); }

int set_compute_threads(int n) {
  if (n >= 1) torch::set_num_threads(n);
  return torch::get_num_threads();
}
int compute_threads() { return torch::get_num_threads(); }

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
}

const SessionConfig& TrainingSession::config() const { return m_impl->initial_cfg; }
const std::vector<LayerInfo>& TrainingSession::layers() const { return m_impl->layers; }
DeviceKind TrainingSession::device() const { return m_impl->dev_kind; }
std::string TrainingSession::device_label() const { return m_impl->dev_kind == DeviceKind::CUDA ? "cuda:0" : "cpu"; }
std::string TrainingSession::precision_label() const {
  return ::ampscope::precision_label(m_impl->initial_cfg.precision, m_impl->dev_kind);
}

StepRecord TrainingSession::step() {
  if (m_impl->is_running) throw std::logic_error("TrainingSession::step() while the worker is running");
  m_impl->apply_pending();
  StepRecord r;
  try {
    r = m_impl->do_step();
  } catch (...) {
    // The same words as the worker's Error event, without LibTorch's C++ backtrace.
    throw UserRuntimeError(current_error_text());
  }
  m_impl->publish(r);
  return r;
}

std::int64_t TrainingSession::steps_done() const { return m_impl->steps_completed.load(std::memory_order_acquire); }
std::uint64_t TrainingSession::micro_batches_done() const { return m_impl->micro_batches.load(std::memory_order_relaxed); }
void TrainingSession::set_record_sink(RecordSink sink) { m_impl->sink = std::move(sink); }

void TrainingSession::record_to(std::shared_ptr<RunRecorder> recorder, bool warn_on_failure) {
  Impl* impl = m_impl.get();
  m_impl->sink = [impl, recorder = std::move(recorder), warn_on_failure, stopped = false](const StepRecord& r) mutable {
    if (stopped || recorder->push(r)) return;
    stopped = true;  // tell once, then train on without recording
    if (!warn_on_failure) return;
    const auto why = recorder->error_text();
    impl->emit(SessionEvent::Kind::Warning,
               UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "recording stopped: %1; training continues unrecorded"),
                        {why ? *why : UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "the run store was closed"))}));
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

void TrainingSession::request_stop() {
  m_impl->request_stop();
}

void TrainingSession::wait() {
  if (m_impl->worker.joinable()) m_impl->worker.join();
}

std::size_t TrainingSession::drain(std::vector<StepRecord>& out, std::size_t max) {
  std::lock_guard lock(m_impl->out_mu);
  std::size_t n = 0;
  while (!m_impl->out.empty() && n < max) {
    out.push_back(std::move(m_impl->out.front()));
    m_impl->out.pop_front();
    ++n;
  }
  return n;
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
  if (m_impl->is_running) throw std::logic_error("TrainingSession::parameter_values() while the worker is running");
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
