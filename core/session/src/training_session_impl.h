// TrainingSession::Impl, private to the session's sources: the state one session owns and its
// steps, split by role across
//   training_session.cpp  the public API, live commands and the worker loop (threads, channels)
//   session_build.cpp     the model, data, optimizer, scaler and layer table of a new session
//   training_step.cpp     one optimizer step: plan, forward/backward, faults, unscale, step, clip
//   step_statistics.cpp   per-layer statistics: the kernels' passes, read-back, underflow
// No header outside core/session/src includes it.
#pragma once

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
#include <exception>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <condition_variable>
#include <deque>
#include <limits>
#include <map>
#include <mutex>
#include <new>
#include <stop_token>
#include <thread>
#include <unordered_map>

#include "ampscope/compute_threads.h"
#include "ampscope/training_session.h"
#include "record_queue.h"
#include "tensor_views.h"
#include "work_lane.h"

namespace ampscope {

struct TrainingSession::Impl : GradScalerObserver {
  using Clock = std::chrono::steady_clock;
  static double ms_since(Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
  }
  static constexpr std::size_t kChannelCapacity = 8192;  // records waiting for the UI before the oldest drop

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
  std::vector<torch::Tensor> params;  // optimizer order
  std::vector<int> param_layer;       // params[i] -> layer index
  std::unordered_map<const void*, int> layer_of_param;
  std::unordered_map<const void*, std::size_t> index_of_param;  // TensorImpl -> index in params
  std::map<std::string, int> activation_layer;  // module label -> layer index of "<label>.out"
  std::map<std::string, int> weight_layer;      // module label -> layer index of "<label>.weight"
  SessionConfig initial_cfg;    // cfg as the constructor fixed it (config()): never changes after build()
  std::int64_t step_index = 0;  // the worker's (or step()'s caller's) own count
  // Threads (compute_threads.h): chosen from the work size, applied on the thread that steps.
  InstrumentedModel::ForwardWork forward_work;
  std::thread::id threads_applied_on;
  ThreadChoice thread_choice;
  void ensure_threads();
  WorkSize work_size() const {
    return {forward_work.conv_macs, forward_work.macs - forward_work.conv_macs, forward_work.ops - forward_work.conv_ops};
  }
  // AMPSCOPE_AUTOGRAD_STEP=1: every step through autograd, never the model's direct pass (a
  // diagnostic switch, as AMPSCOPE_KERNELS_ISA is for the statistics; bench_training compares).
  const bool direct_pass_off = [] {
    const char* v = std::getenv("AMPSCOPE_AUTOGRAD_STEP");
    return v != nullptr && v[0] != '\0' && v[0] != '0';
  }();
  void clear_grads();  // every parameter's .grad to none (the start of a step, an abandoned one)
  std::atomic<std::int64_t> steps_completed{0};  // step_index, published for steps_done()
  std::atomic<std::uint64_t> micro_batches{0};   // backward passes finished (micro_batches_done())
  std::vector<FaultSpec> immediate_faults;

  // --- per-step buffers, reused across steps (no per-step allocation) ----------------------
  // raw_all: the parameters' raw statistics (params order), then the activation gradients'.
  std::vector<kernels::RawTensorStats> raw_all;
  std::vector<char> have_raw;
  std::vector<kernels::TensorView> views_buf;
  std::vector<std::size_t> view_slot;            // views_buf[k] -> index in raw_all
  std::vector<kernels::RawTensorStats> got_buf;  // pass output when some slots are skipped
  std::vector<torch::Tensor> converted_buf;      // keeps converted copies alive during a pass
  std::vector<int> act_layer_buf;                // act_grads[k] -> layer index (-1 if none)
  std::vector<const torch::Tensor*> pass_ts_buf;  // unscale_and_measure(): the plain pass's tensors
  std::vector<std::size_t> pass_slots_buf;        // pass_ts_buf[k] -> index in raw_all

  // --- the work lane's share of a step (2 cores, deep-mlp: work_lane.h) --------------------
  // The activation gradients whose statistics the lane computes while this thread unscales and
  // measures the rest (unscale_and_measure): their views and where each one's results go.
  std::vector<kernels::TensorView> lane_views;
  std::vector<kernels::RawTensorStats*> lane_raw;
  std::atomic<std::uint64_t> lane_stats_passes{0};  // steps whose statistics the lane shared
  static void lane_stats(void* self, std::size_t arg);
  /// The model's lane on a CPU session (null otherwise), awake from the forward to the
  /// optimizer's end of each step (do_step).
  detail::WorkLane* cpu_lane() const { return dev_kind == DeviceKind::CPU ? model->work_lane() : nullptr; }

  // --- CUDA statistics: the kernels' CUDA pass, read back when the record is assembled -----
  std::unique_ptr<kernels::CudaStatsPass> cuda_pass;  // created on the first CUDA tensor
  bool cuda_pass_unusable = false;                    // the kernels cannot run: copy to the host
  bool cuda_pending = false;                          // results on their way into pinned memory
  std::vector<kernels::TensorView> cuda_views_buf;
  std::vector<std::size_t> cuda_slots;        // cuda_views_buf[k] -> index in raw_all
  std::atomic<std::uint64_t> host_copies{0};  // tensors copied to the CPU for statistics

  // --- observer state of the current step --------------------------------------------------
  bool taking_reports = false;  // only reports delivered by this step's unscale_() are used
  bool reports_found_inf = false;

  // --- the activation pass, held back on CUDA with a scaler (deferred_act_pass) -------------
  // With a scaler on CUDA, GradScaler::step() waits for the GPU (the skip decision) and then
  // delivers the unscale event: a pass enqueued before that wait lengthens it by its own GPU
  // time (measured on an H100: 20-35 us for an activation pass), one enqueued after it runs
  // while the host launches the optimizer's kernels, when the GPU would idle anyway.
  bool act_pass_deferred = false;
  double deferred_pass_ms = 0.0;          // host time of the held-back pass, for stats_ms
  std::exception_ptr deferred_pass_error;  // thrown from the observer: rethrown after step()
  void run_deferred_act_pass() noexcept;

  // --- worker and channels -----------------------------------------------------------------
  std::jthread worker;
  // The worker's stop. Replaced in start() before the thread exists, so the worker itself may
  // request it (a Stop command, a step hook) without touching `worker` while start() assigns it;
  // other threads reach it under cmd_mu.
  std::stop_source stop_src;
  std::mutex cmd_mu;
  std::condition_variable_any cmd_cv;
  std::deque<Command> commands;
  std::vector<Command> todo_buf;  // apply_pending()'s copy of `commands`, outside the lock
  std::atomic<bool> is_running{false};
  bool paused = false;
  int steps_requested = 0;  // single steps asked for while paused
  double speed_limit = 0.0;

  mutable std::mutex out_mu;
  detail::RecordQueue out;  // the record channel; keeps its records' storage (record_queue.h)
  std::deque<SessionEvent> events;
  std::atomic<std::uint64_t> dropped{0};
  RecordSink sink;
  StepHook step_hook;
  bool floor_told = false;  // the "held at min scale" event was emitted for this visit

  mutable std::mutex snap_mu;
  GradScalerOptions scaler_snapshot;
  double lr_snapshot = 0.0;
  SessionConfig cfg_snapshot;      // cfg after the last applied command
  bool scale_set_by_user = false;  // a SetScale since the last step: say so in its record

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
    // After the skip decision's wait (step()/update() deliver CUDA events only then), before
    // the optimizer's launches: the held-back activation pass.
    if (act_pass_deferred) run_deferred_act_pass();
  }

  void emit(SessionEvent::Kind kind, UserText text) {
    std::string english = text.english();
    std::lock_guard lock(out_mu);
    events.push_back({kind, step_index, std::move(english), std::move(text)});
  }

  /// Hands a step's record to the sink and the channel. `keep`: the caller keeps `r` (it is
  /// copied into the channel); otherwise `r` is swapped in and left holding storage to reuse.
  void publish(StepRecord& r, bool keep) {
    if (sink) sink(r);
    std::lock_guard lock(out_mu);
    if (out.size() >= kChannelCapacity) {
      out.drop_front();  // the UI fell behind: newest wins, and the loss is counted
      dropped.fetch_add(1, std::memory_order_relaxed);
    }
    if (keep) out.push_copy(r);
    else out.push_swap(r);
  }
  /// A record to fill for the next step, with the storage of one the channel's consumer gave
  /// back where there is one.
  StepRecord take_record() {
    std::lock_guard lock(out_mu);
    return out.take_spare();
  }

  void build();

  /// Output-gradient shapes are known only after a backward: run one on the first examples
  /// (its own batch, so the training sequence is not disturbed), then clear the gradients.
  void learn_activation_shapes();

  // --- commands (applied at step boundaries) ---------------------------------------------
  void apply(const Command& c);

  /// The "init scale" control while running: the current scale becomes `v` now. Before the
  /// scaler's first use this is simply its init scale; afterwards it is update(new_scale),
  /// and the next record carries reason SetByUser.
  void set_scale(double v);

  /// From any thread: the worker sees it before its next micro-batch.
  void request_stop();

  void apply_pending();

  // --- one optimizer step ------------------------------------------------------------------
  std::vector<FaultSpec> faults_now();

  void poison(torch::Tensor& g, FaultKind kind);


  /// The session's CUDA pass, or nullptr where the kernels cannot run on `d` (no CUDA kernels
  /// in this build, or they fail to start): statistics then go through a host copy.
  kernels::CudaStatsPass* cuda_pass_for(const torch::Device& d);

  /// Statistics of tensors without unscaling (activation gradients; gradients when no scaler
  /// runs), in one pass per device: ts[k] (when defined) into raw_all[slots[k]]. Undefined
  /// tensors get cleared statistics. CPU tensors are done on return; CUDA tensors go to the
  /// kernels' CUDA pass in one launch, and their results reach raw_all only in
  /// harvest_cuda_stats() (no host synchronisation here). Types the kernels don't read
  /// (float64) are converted through the host.
  void plain_pass(const torch::Tensor* const* ts, const std::size_t* slots, std::size_t n);

  /// Brings the CUDA pass's results into raw_all. Called where the record is assembled, after
  /// the step's own synchronisation (the loss): by then the copy has landed.
  void harvest_cuda_stats();

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
    bool direct = false;          // the model's direct pass instead of autograd (model_zoo.h)
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
  Underflow underflow_buf;  // reused by every step

  using ActGrads = std::vector<std::pair<std::string, torch::Tensor>>;

  StepPlan plan_step();

  /// One optimizer step: forward/backward per micro-batch, the step hook, faults, the reference
  /// backward, then check/unscale/statistics, the scaler's step and update, and the record.
  /// A stop requested on `st` is seen between micro-batches (and between the reference
  /// backward's): the step is then abandoned (StepAbandoned) with nothing applied.
  void do_step(StepRecord& r, const std::stop_token& st = {});

  /// Forward and backward of every micro-batch; gradients add up in .grad. Checks `st` before
  /// each micro-batch after the first and after the last one.
  Accumulated forward_backward(const StepPlan& plan, StepRecord& r, const std::stop_token& st);

  /// A step abandoned for a stop: no record, no optimizer or scaler change, step_index stays.
  /// Faults from InjectFault commands go back in the queue (scheduled ones recur by their step);
  /// the gradients are cleared. The abandoned micro-batches' examples stay consumed.
  void abandon_step(const StepPlan& plan);

  void inject_gradient_faults(const std::vector<FaultSpec>& faults);

  /// Check, unscale and statistics: one fused pass inside the scaler when it runs, one plain
  /// pass for the activation gradients (and, without a scaler, the parameter gradients), and
  /// clipping where the config puts it. Returns whether unscale_ found non-finite gradients.
  bool unscale_and_measure(const StepPlan& plan, const ActGrads& act_grads, std::size_t na, StepRecord& r);
  /// With the step's lane awake, posts the statistics of a suffix of the activation gradients
  /// (about half of the pass's elements) to it, into raw_all; returns where that suffix begins
  /// (na: nothing posted). unscale_and_measure() waits for it.
  std::size_t share_with_lane(const ActGrads& act_grads, std::size_t na);

  /// The optimizer step, through the scaler (skip decision, update) when it runs. Fills the
  /// record's scale history; returns the scale the step's gradients carried.
  double step_and_update(const StepPlan& plan, StepRecord& r, bool& found_inf);

  /// The step's one synchronisation (the loss), then the CUDA statistics that have landed by
  /// then, and the non-finite check of the parameter gradients when no scaler made it.
  void read_back(const StepPlan& plan, const Accumulated& acc, StepRecord& r, bool& found_inf);

  /// First offender: the first non-finite layer in backward order (last module first; within
  /// a module its output gradient comes before its weight and bias gradients).
  void find_first_offender(StepRecord& r, std::size_t np, std::size_t na) const;

  /// Per-layer statistics (and underflow, on reference steps) in layer order, and the norm of
  /// the unscaled gradients.
  void add_layer_stats(StepRecord& r, std::size_t np, std::size_t na, const ActGrads& act_grads,
                       const Underflow& underflow, double scale_now) const;

  /// Say plainly when a storm drives the scale to its end points (the narrator prefixes the step).
  void tell_scale_extremes(const StepPlan& plan, const StepRecord& r);

  void clip(StepRecord& r);

  void reference_underflow(const std::vector<std::pair<torch::Tensor, torch::Tensor>>& batches,
                           const std::vector<std::pair<std::string, torch::Tensor>>& mixed_act,
                           std::vector<std::int64_t>& underflow, std::vector<double>& mass,
                           const std::stop_token& st);

  // --- the worker loop -----------------------------------------------------------------------
  void loop(std::stop_token st);
};

}  // namespace ampscope
