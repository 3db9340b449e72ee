// Records a live session into the run store without ever blocking the GUI thread or the
// training worker on the file: opening the store (which may wait on a lock held by another
// writer, or fail on a read-only directory) happens on a helper thread, and the steps the
// worker produces meanwhile wait in memory and are handed over once the store is open. After
// that, RunRecorder's own writer thread commits batches. A failure at any point stops the
// recording; the training goes on, and error() says why.
//
// The worker never waits for the disk: every step's scalars are recorded, but when the writer
// falls behind by more than kThinAfter steps, the per-layer statistics of clean steps are left
// out until it catches up (non-finite steps always keep theirs). thinnedSteps() counts them.
#pragma once

#include <ampscope/session_types.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace ampscope {
class RunRecorder;
}

namespace ampscope::ui {

class LiveRecorder {
 public:
  enum class State { Opening, Recording, Failed, Closed };

  /// Starts opening `path` at once (on a helper thread) and creates the run there.
  LiveRecorder(std::string path, const SessionConfig& config, std::vector<LayerInfo> layers, std::string device,
               std::string precision);
  /// Waits for the helper thread and closes the run with status "stopped" unless close() ran.
  ~LiveRecorder();
  LiveRecorder(const LiveRecorder&) = delete;
  LiveRecorder& operator=(const LiveRecorder&) = delete;

  /// Any thread (the session's record sink calls it on the worker). Never waits for the
  /// file; steps arriving after a failure are dropped.
  void push(const StepRecord& record);
  /// Commits everything pushed and writes `status` ("finished", "stopped", "error: ...").
  /// Waits for the writer: call it off the GUI thread (SessionController does).
  void close(const std::string& status);

  State state() const;
  const std::string& path() const { return m_path; }
  /// The run id in the store, once open (0 before).
  std::int64_t runId() const { return m_runId.load(); }
  /// Why recording stopped (file and cause), once it has.
  std::optional<std::string> error() const;
  /// error() in a form the GUI translates.
  std::optional<UserText> errorText() const;
  std::int64_t committedSteps() const;
  std::int64_t pushedSteps() const { return m_pushed.load(); }
  /// Steps recorded without their per-layer statistics because the writer was behind.
  std::int64_t thinnedSteps() const { return m_thinned.load(); }

  /// Backlog (pushed - committed) beyond which clean steps lose their per-layer statistics.
  static constexpr std::int64_t kThinAfter = 4096;
  /// Steps held in memory while the store opens; more fail the recording.
  static constexpr std::size_t kMaxPending = 16384;

 private:
  void open(const SessionConfig& config, const std::vector<LayerInfo>& layers, const std::string& device,
            const std::string& precision);

  std::string m_path;
  mutable std::mutex m_mutex;
  std::unique_ptr<RunRecorder> m_recorder;  // set once open; guarded by m_mutex
  std::vector<StepRecord> m_pending;        // steps pushed while opening
  std::optional<UserText> m_error;
  State m_state = State::Opening;
  std::int64_t m_committedAtClose = 0;
  std::atomic<std::int64_t> m_runId{0};
  std::atomic<std::int64_t> m_pushed{0};
  std::atomic<std::int64_t> m_thinned{0};
  std::thread m_opener;
};

}  // namespace ampscope::ui
