// RunRecorder: the writer thread between a training session and the run store (contract in
// run_recorder.h; what it promises users in docs/run_store.md, "Recording").
#include "ampscope/run_recorder.h"

#include "ampscope/run_store.h"

#include "record_queue.h"
#include "sqlite_db.h"

#include <sys/stat.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>

namespace ampscope {

namespace {
constexpr std::size_t kBatchSteps = 256;
constexpr std::size_t kMaxBatchSteps = 4 * kBatchSteps;  // when behind: bigger, but bounded, commits
constexpr auto kBatchInterval = std::chrono::milliseconds(250);
// A writer with nothing to write still says it is alive this often (runs.updated): a follower
// tells a slow run from a killed writer by it (docs/run_store.md, "Following a run").
constexpr auto kHeartbeat = std::chrono::seconds(2);

/// Identity of the file on disk, to notice that it was deleted or replaced under us (SQLite
/// would keep writing to the unlinked inode, and the run would vanish at close).
struct FileId {
  dev_t dev = 0;
  ino_t ino = 0;
  bool operator==(const FileId&) const = default;
};
std::optional<FileId> file_id(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return FileId{st.st_dev, st.st_ino};
}
}  // namespace

struct RunRecorder::Impl {
  // Set by the constructor, then only read.
  std::string path;
  SessionConfig config;
  std::vector<LayerInfo> layers;
  std::string device, precision;
  RecorderOptions options;

  // The writer thread's own once it runs (the constructor opens it when not in the background).
  std::unique_ptr<RunStore> store;
  std::optional<FileId> identity;

  // The queue and the close request. The lock is held only to move steps in or out and to
  // read or set the flags: never while SQLite or the disk work.
  std::mutex mutex;
  std::condition_variable work;      // the writer waits: a batch is ready, or closing, or failed
  std::condition_variable space;     // the producer waits (WhenBehind::Wait): room, closing, or failed
  std::condition_variable finished;  // wait_closed() waits
  // Keeps the storage of the steps it has held, and takes back those the writer has written:
  // once warm, queueing a step allocates nothing (record_queue.h).
  detail::RecordQueue queue{2 * kBatchSteps};
  bool closing = false;
  std::string close_status;
  ClosedCallback on_closed;
  bool writer_done = false;  // the callback has been taken (or called) by the writer

  // What any thread may ask at any time: atomics, and the error behind a lock held only to copy.
  std::atomic<State> state{State::Opening};
  std::atomic<bool> failed{false};
  std::atomic<bool> close_requested{false};  // push() refuses at once, without the lock
  std::atomic<bool> done{false};
  std::atomic<std::int64_t> run_id{0}, pushed{0}, committed{0}, thinned{0}, last_step{-1};
  mutable std::mutex error_mutex;
  std::optional<UserText> error;

  std::thread writer;

  void open_store() {
    store = std::make_unique<RunStore>(path, RunStore::Mode::ReadWrite);
    run_id = store->create_run(config, layers, device, precision, options.origin);
    identity = file_id(path);
    State opening = State::Opening;
    state.compare_exchange_strong(opening, State::Recording);  // unless the producer has given up meanwhile
  }

  std::optional<UserText> error_copy() const {
    std::lock_guard lock(error_mutex);
    return error;
  }

  /// Stops recording with `why` (the first failure wins): the queue is dropped, the producer
  /// released, the writer told.
  void set_failed(UserText why) {
    {
      std::lock_guard lock(error_mutex);
      if (!error) error = std::move(why);
    }
    failed = true;
    state = State::Failed;
    {
      std::lock_guard lock(mutex);
      queue.clear();  // nothing more will be written: release the memory
    }
    space.notify_all();
    work.notify_one();
  }

  /// A write failed: says where, why, and what was saved.
  void writing_failed(UserText cause) {
    const std::int64_t saved = committed.load();
    const std::int64_t last = last_step.load();
    set_failed(last >= 0 ? UserText(AMPSCOPE_TR_N_NOOP("ampscope::RunStore",
                                                       "recording to %1 stopped: %2 (%n steps were saved, up to step %3)"),
                                    saved, {store_detail::in_quotes(path), std::move(cause), std::to_string(last)})
                         : UserText(AMPSCOPE_TR_N_NOOP("ampscope::RunStore", "recording to %1 stopped: %2 (%n steps were saved)"),
                                    saved, {store_detail::in_quotes(path), std::move(cause)}));
  }

  void write_batch(const std::vector<StepRecord>& batch) {
    if (identity && file_id(path) != identity)
      throw RunStoreError(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 was deleted or replaced while recording"),
                                   {store_detail::in_quotes(path)}));
    store->append_steps(run_id, batch);
    last_step = batch.back().step;
    committed += static_cast<std::int64_t>(batch.size());
  }

  void write_loop() {
    std::vector<StepRecord> batch;
    auto last_sign_of_life = std::chrono::steady_clock::now();
    for (;;) {
      {
        std::unique_lock lock(mutex);
        work.wait_for(lock, kBatchInterval, [&] { return closing || failed || queue.size() >= kBatchSteps; });
        if (failed) return;
        if (queue.empty()) {
          if (closing) return;
          if (std::chrono::steady_clock::now() - last_sign_of_life >= kHeartbeat) {
            lock.unlock();
            // Best effort: a heartbeat that cannot be written (a busy or full disk) loses no
            // step; the next batch's write reports a lasting failure.
            try {
              store->touch(run_id);
            } catch (...) {
            }
            last_sign_of_life = std::chrono::steady_clock::now();
          }
          continue;
        }
        // When the writer lags, bigger transactions catch up faster; the cap bounds what a
        // crash can lose and how long one commit holds the file's write lock.
        queue.recycle(batch);  // the last batch, written: its storage for the next steps
        for (std::size_t n = std::min<std::size_t>(queue.size(), kMaxBatchSteps); n > 0; --n)
          queue.pop_back_into(batch);
      }
      space.notify_all();
      try {
        write_batch(batch);
      } catch (const RunStoreError& e) {
        writing_failed(e.user_text());
        return;
      } catch (const std::exception& e) {
        writing_failed(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "unexpected error: %1"), {user_text_of(e)}));
        return;
      } catch (...) {
        writing_failed(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "unexpected error")));
        return;
      }
      last_sign_of_life = std::chrono::steady_clock::now();
    }
  }

  /// The writer thread: open (in the background), write until closed or failed, finish.
  void run() noexcept {
    if (!store) {
      try {
        open_store();
      } catch (const std::exception& e) {
        set_failed(user_text_of(e));
      } catch (...) {
        set_failed(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "unexpected error")));
      }
    }
    if (!failed) write_loop();
    finish();
  }

  /// Writes the run's status, closes the file, then says so.
  void finish() noexcept {
    std::string status;
    {
      std::lock_guard lock(mutex);
      status = close_status;
    }
    if (store && run_id > 0) {
      if (failed) {
        // Best effort: the disk may still be full; then the run keeps 'running' in the file.
        try {
          store->set_status(run_id, "error: " + error_copy().value_or(UserText()).english());
        } catch (...) {
        }
      } else {
        try {
          store->set_status(run_id, status);
        } catch (const std::exception& e) {
          set_failed(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "recording to %1 could not be closed: %2"),
                              {store_detail::in_quotes(path), user_text_of(e)}));
        }
      }
    }
    store.reset();  // the last connection folds the WAL back into the file
    if (!failed) state = State::Closed;
    ClosedCallback callback;
    {
      std::lock_guard lock(mutex);
      writer_done = true;
      callback = std::move(on_closed);
    }
    if (callback) callback(error_copy());
    {
      std::lock_guard lock(mutex);
      done = true;
    }
    finished.notify_all();
  }

  void request_close(const std::string& status, ClosedCallback callback) {
    bool call_now = false;
    {
      std::lock_guard lock(mutex);
      if (closing) return;
      closing = true;
      close_requested = true;
      close_status = status;
      if (writer_done) call_now = true;
      else on_closed = std::move(callback);
    }
    work.notify_one();
    space.notify_all();
    if (call_now && callback) callback(error_copy());
  }

  void wait_closed() {
    std::unique_lock lock(mutex);
    finished.wait(lock, [&] { return done.load(); });
  }
};

RunRecorder::RunRecorder(const std::string& path, const SessionConfig& config, const std::vector<LayerInfo>& layers,
                         const std::string& device, const std::string& precision_label, RecorderOptions options)
    : m_impl(std::make_shared<Impl>()) {
  Impl& d = *m_impl;
  d.path = path;
  d.config = config;
  d.layers = layers;
  d.device = device;
  d.precision = precision_label;
  d.options = options;
  if (!options.open_in_background) d.open_store();  // throws RunStoreError: no thread yet
  // The thread shares the state: a handle dropped by the thread itself (from its callback)
  // leaves it alive until the thread returns.
  d.writer = std::thread([self = m_impl] { self->run(); });
}

RunRecorder::~RunRecorder() {
  Impl& d = *m_impl;
  d.request_close("stopped", {});
  if (std::this_thread::get_id() == d.writer.get_id()) {
    d.writer.detach();  // dropped from the closed callback: the thread is about to return
    return;
  }
  d.wait_closed();
  if (d.writer.joinable()) d.writer.join();
}

bool RunRecorder::push(const StepRecord& step) {
  Impl& d = *m_impl;
  if (d.failed || d.close_requested) return false;
  bool thin = false;
  if (d.options.when_behind == RecorderOptions::WhenBehind::Thin) {
    const std::int64_t behind = d.pushed.load() - d.committed.load();
    if (behind >= kMaxBacklog) {
      if (d.state == State::Opening)
        // The words (and the context, which its translations are filed under) of the GUI's
        // LiveRecorder, which held the steps of a store still opening before this class did.
        d.set_failed(UserText(AMPSCOPE_TR_NOOP("LiveRecorder", "the run store %1 took too long to open (%2 steps waited for it)"),
                              {d.path, std::to_string(kMaxBacklog)}));
      else
        d.writing_failed(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "the disk cannot keep up (%1 steps waited to be written)"),
                                  {std::to_string(kMaxBacklog)}));
      return false;
    }
    // Every step's scalars are kept; a non-finite step's statistics too (they say where).
    thin = behind > kThinAfter && !step.found_inf && !step.layers.empty();
  }
  std::unique_lock lock(d.mutex);
  if (d.options.when_behind == RecorderOptions::WhenBehind::Wait)
    d.space.wait(lock, [&] { return d.failed || d.closing || d.queue.size() < static_cast<std::size_t>(kQueueCapacity); });
  if (d.failed || d.closing) return false;
  if (thin) {
    StepRecord scalars = step;
    scalars.layers = {};
    d.queue.push_swap(scalars);
  } else {
    d.queue.push_copy(step);
  }
  ++d.pushed;
  if (thin) ++d.thinned;
  if (d.queue.size() == kBatchSteps) d.work.notify_one();
  return true;
}

void RunRecorder::close_async(const std::string& status, ClosedCallback on_closed) {
  m_impl->request_close(status, std::move(on_closed));
}

void RunRecorder::close(const std::string& status) {
  m_impl->request_close(status, {});
  m_impl->wait_closed();
}

void RunRecorder::wait_closed() { m_impl->wait_closed(); }

bool RunRecorder::closed() const { return m_impl->done.load(); }

RunRecorder::State RunRecorder::state() const { return m_impl->state.load(); }

std::int64_t RunRecorder::run_id() const { return m_impl->run_id.load(); }

std::optional<std::string> RunRecorder::error() const {
  if (auto e = m_impl->error_copy()) return e->english();
  return std::nullopt;
}

std::optional<UserText> RunRecorder::error_text() const { return m_impl->error_copy(); }

std::int64_t RunRecorder::pushed_steps() const { return m_impl->pushed.load(); }
std::int64_t RunRecorder::committed_steps() const { return m_impl->committed.load(); }
std::int64_t RunRecorder::thinned_steps() const { return m_impl->thinned.load(); }

}  // namespace ampscope
