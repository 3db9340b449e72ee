// A training session: a small LibTorch model trained under mixed precision through the
// instrumented GradScaler, producing a StepRecord per optimizer step (docs/measurements.md).
//
// Threading contract (read before using from a GUI):
//  - Construction, layers(), config() and the synchronous step() run on the caller's thread.
//  - start() launches ONE worker thread (std::jthread) that runs steps in a plain loop; while it
//    runs, the session's model/optimizer/scaler belong to it alone.
//  - post() may be called from any thread; commands are applied by the worker at the next step
//    boundary, never in the middle of a step.
//  - A stop (request_stop(), a posted Stop, the destructor) is seen between micro-batches, not
//    only between optimizer steps: a step it interrupts is abandoned whole (no optimizer or
//    scaler change, no record, steps_done() unchanged) and the run ends with "stopped after N
//    steps". The worker then ends after at most one more micro-batch (or, on a reference step,
//    one more reference forward/backward).
//  - Safe from any thread while the worker runs: config() (what the constructor fixed; it
//    never changes), layers(), device(), the labels, steps_done(), micro_batches_done(),
//    running(), request_stop(), post(), drain(), recycle(), drain_events(), dropped_records(),
//    stats_host_copies(), and the snapshots scaler_options(), current_lr(), live_config().
//    Not while it runs: step(), parameter_values(), set_record_sink(), record_to(),
//    set_step_hook(); wait() and start() from the thread that owns the session.
//  - Records leave through a bounded channel the worker never blocks on: drain() returns what
//    is there; when the consumer is slower, the oldest records are dropped and counted
//    (dropped_records()). A RecordSink (the run store) receives every record on the worker
//    thread and must not block for long.
//  - Errors on the worker (c10::Error, out of memory, bad values) end the run with an Error
//    event; nothing is thrown across threads and the process never dies with the worker.
// Torch-free header: the UI includes it without LibTorch.
#pragma once

#include <ampscope/compute_threads.h>
#include <ampscope/session_types.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace ampscope {

class RunRecorder;

/// Whether this LibTorch build sees a CUDA device (false on CPU-only builds and machines).
bool cuda_available();

/// The user's intra-op thread count (n >= 1), e.g. from --threads: sessions use it instead of
/// their own choice (compute_threads.h). Also applied on the calling thread; 0 hands the choice back to the
/// program. Returns the count in use.
int set_compute_threads(int n);
int compute_threads();

class TrainingSession {
 public:
  /// Validates the config, loads data, builds the model. Throws std::invalid_argument (bad
  /// option) or std::runtime_error (missing dataset, no CUDA device, ...) with a clear message.
  explicit TrainingSession(SessionConfig config);
  ~TrainingSession();  ///< stops and joins the worker
  TrainingSession(const TrainingSession&) = delete;
  TrainingSession& operator=(const TrainingSession&) = delete;

  /// The config as the constructor fixed it (validated, the dataset resolved). Never changes,
  /// so it is safe from any thread; live edits (lr, scaler, clipping, ...) are in live_config().
  const SessionConfig& config() const;
  const std::vector<LayerInfo>& layers() const;
  DeviceKind device() const;            ///< resolved (never Auto)
  std::string device_label() const;     ///< "cpu", "cuda:0"
  std::string precision_label() const;  ///< "fp16 (emulated)", "bf16", ...
  /// The threads the session computes with (compute_threads.h), once it has stepped; before the
  /// first step, what it will choose on a CPU. intra_op 0 on CUDA (LibTorch's default kept).
  ThreadChoice threads() const;

  /// Runs one optimizer step on the calling thread (not while the worker runs). Applies posted
  /// commands first. Throws on errors.
  StepRecord step();
  /// The same, filling `into` (its per-layer storage is reused: a loop that passes the same
  /// record every step, and recycles what it drains, allocates nothing for the records).
  void step(StepRecord& into);
  /// Optimizer steps completed (records produced). Thread-safe (an atomic the worker updates
  /// after each step).
  std::int64_t steps_done() const;
  /// Micro-batches whose backward has finished since the session was built, abandoned steps'
  /// included. Thread-safe; for tests and progress displays.
  std::uint64_t micro_batches_done() const;
  /// Steps whose statistics pass the second thread shared (ThreadChoice::grad_lane: the
  /// activation gradients' statistics beside the parameters'). Thread-safe; for tests.
  std::uint64_t lane_shared_steps() const;

  /// Receives every record on the thread that produced it.
  using RecordSink = std::function<void(const StepRecord&)>;
  void set_record_sink(RecordSink sink);  ///< before start()
  /// Records every step into `recorder` (replaces the sink; before start()): the one recording
  /// path of the CLI, the GUI and the tests (run_recorder.h). When recording fails (disk full,
  /// file size limit, file deleted, a store that cannot be opened) the session goes on training
  /// and, with `warn_on_failure`, emits one Warning event, "recording stopped: <cause>;
  /// training continues unrecorded" (`ampscope record` says it in its own words instead).
  void record_to(std::shared_ptr<RunRecorder> recorder, bool warn_on_failure = true);

  /// For tests: called on the stepping thread in the middle of every step (after backward,
  /// before the scaler's check). What it throws is handled as a training error, like a
  /// c10::Error or an out-of-memory error from LibTorch would be (before start()).
  using StepHook = std::function<void(std::int64_t step)>;
  void set_step_hook(StepHook hook);

  void start(bool paused = false);
  void post(const Command& command);
  bool running() const;
  /// Asks the worker to stop; seen before its next micro-batch (see the contract above).
  void request_stop();
  void wait();  ///< joins the worker

  std::size_t drain(std::vector<StepRecord>& out, std::size_t max = 1u << 20);
  /// Gives drained records back once read: the session refills their storage with later
  /// records instead of allocating (optional; `used` is emptied). Safe from any thread.
  void recycle(std::vector<StepRecord>& used);
  std::vector<SessionEvent> drain_events();
  std::uint64_t dropped_records() const;
  /// Gradients whose statistics needed a copy to the CPU since the session was built: types
  /// the kernels don't read (float64), or CUDA tensors where the CUDA kernels cannot run. On
  /// CUDA with the kernels it stays 0 (the statistics never leave the device but as results).
  /// Thread-safe; for tests and diagnostics.
  std::uint64_t stats_host_copies() const;

  /// The model's parameters as plain floats, in layers() order of weight/bias layers (not
  /// while the worker runs). For tests and checks, e.g. that a skipped step changed nothing.
  std::vector<std::vector<float>> parameter_values() const;

  /// Current scaler options and scale as the worker last applied them (thread-safe snapshot).
  GradScalerOptions scaler_options() const;
  double current_lr() const;
  /// The config as live commands have changed it so far (lr, scaler, clipping, accumulation,
  /// speed limit), as the worker last applied them (thread-safe snapshot).
  SessionConfig live_config() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace ampscope
