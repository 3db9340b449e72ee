// The one recording path from a training session to the run store (docs/run_store.md,
// "Recording"): the CLI (`ampscope record`), the GUI (SessionController) and the tests all record
// through a RunRecorder fed by TrainingSession::record_to().
//
// Threading contract:
//  - One writer thread per recorder owns the store's connection: it opens the store (in the
//    background, or in the constructor), commits batches of steps (every ~0.25 s or 256 steps,
//    up to 1024 when behind), writes the run's status and closes the file.
//  - push() is called by one producer (the training worker). What it may wait for is set by
//    RecorderOptions::WhenBehind, and nothing else: Wait (headless) never loses a step and
//    waits while 16,384 steps are queued; Thin (live) never waits.
//  - The queries (state, error, run id, pushed/committed/thinned counts, closed) may be called
//    from any thread at any time and never wait on the writer, the producer or the disk: they
//    read atomics, or copy the error under a lock that nothing holds for longer than a copy.
//  - close_async() hands the close to the writer thread and returns at once; close() and
//    wait_closed() wait for it, for callers that must (the CLI at its end, tests, a process
//    ending). The destructor closes with "stopped" and waits.
// Torch-free and Qt-free.
#pragma once

#include <ampscope/run_origin.h>
#include <ampscope/session_types.h>
#include <ampscope/user_text.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ampscope {

/// How a RunRecorder opens its store and meets a writer that cannot keep up with the producer.
struct RecorderOptions {
  enum class WhenBehind {
    /// Never loses a step or a statistic: push() waits while the queue holds kQueueCapacity
    /// steps (the producer trains at the disk's pace). Headless recording: `ampscope record`.
    Wait,
    /// push() never waits. Beyond kThinAfter steps behind, clean steps are queued without their
    /// per-layer statistics (thinned, counted); non-finite steps keep theirs, every step keeps
    /// its scalars. Beyond kMaxBacklog steps behind, recording stops with an error and the
    /// training goes on. Live recording: the GUI.
    Thin,
  };
  /// true: the writer thread opens the store and creates the run; the constructor returns at
  /// once and never throws, steps pushed meanwhile wait in the queue, and an open that fails
  /// shows as state() Failed. false: the constructor opens, and throws RunStoreError.
  bool open_in_background = false;
  WhenBehind when_behind = WhenBehind::Wait;
  /// Who writes the run (RunStore::create_run): the probe's source, DDP group and rank.
  RunOrigin origin;

  /// Opens now (throws), never loses anything: `ampscope record`, tests.
  static RecorderOptions headless() { return {false, WhenBehind::Wait, {}}; }
  /// Opens in the background, never waits: the GUI's live sessions.
  static RecorderOptions live() { return {true, WhenBehind::Thin, {}}; }
};

class RunRecorder {
 public:
  enum class State {
    Opening,    ///< the writer thread is opening the store (open_in_background)
    Recording,  ///< open; steps are committed as they come (also while a close is pending)
    Failed,     ///< opening or writing failed: error() says why; nothing more is recorded
    Closed,     ///< closed without error: everything pushed is committed, the status written
  };

  /// Steps queued before push() waits (WhenBehind::Wait).
  static constexpr std::int64_t kQueueCapacity = 16384;
  /// Steps behind (pushed, not yet committed) beyond which clean steps are thinned (Thin).
  static constexpr std::int64_t kThinAfter = 4096;
  /// Steps behind at which recording stops rather than hold more in memory (Thin): ~40 MB of
  /// thinned steps; at 5,000 steps/s, 50 s of a disk that writes nothing.
  static constexpr std::int64_t kMaxBacklog = 262144;

  /// Starts recording a new run of `config` into the store at `path` (created if missing).
  RunRecorder(const std::string& path, const SessionConfig& config, const std::vector<LayerInfo>& layers,
              const std::string& device, const std::string& precision_label,
              RecorderOptions options = RecorderOptions::headless());
  /// close("stopped") unless a close was asked for: waits for the writer to finish.
  ~RunRecorder();
  RunRecorder(const RunRecorder&) = delete;
  RunRecorder& operator=(const RunRecorder&) = delete;

  /// The producer's thread. Queues `step` for the writer (WhenBehind says when it may wait, or
  /// thin it). False once the recording failed or a close was asked for: the step is not
  /// recorded (training goes on unrecorded).
  bool push(const StepRecord& step);

  /// Called once, when the writer has finished: everything is committed (or failed), the
  /// status written, the file closed. `error` is error_text() then. Runs on the writer thread,
  /// or at once on the caller's thread when the writer had already finished; it must not
  /// destroy the last reference to the recorder waiting for itself (posting to a GUI thread
  /// is what it is for).
  using ClosedCallback = std::function<void(const std::optional<UserText>& error)>;
  /// Asks the writer to commit everything pushed, write `status` ("finished", "stopped",
  /// "error: ..."; after a failure the status is "error: <why>" whatever is asked) and close
  /// the file; returns at once. Only the first close counts.
  void close_async(const std::string& status, ClosedCallback on_closed = {});
  /// close_async(status), then wait_closed(). Idempotent.
  void close(const std::string& status = "finished");
  /// Waits until the writer has finished (after a close, or at once after a failure).
  void wait_closed();
  /// Whether the writer has finished (never waits).
  bool closed() const;

  State state() const;
  /// The run's id in the store; 0 while the store is opening, or when opening failed.
  std::int64_t run_id() const;
  /// Set once recording has failed; the message names the file and the cause.
  std::optional<std::string> error() const;
  /// error() in a form front ends translate.
  std::optional<UserText> error_text() const;
  std::int64_t pushed_steps() const;     ///< steps accepted by push()
  std::int64_t committed_steps() const;  ///< steps in the store
  std::int64_t thinned_steps() const;    ///< of the pushed steps, those queued without their statistics

 private:
  struct Impl;
  std::shared_ptr<Impl> m_impl;  // shared with the writer thread, which may outlive this handle by a moment
};

}  // namespace ampscope
