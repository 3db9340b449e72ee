// The one way ui/ runs work off the GUI thread (opening, overlaying, exporting, building and
// tearing down sessions, reading run lists). Modelled on KDAB hotspot's JobTracker and Qt's
// mandelbrot example:
//
// - Newest request wins: start() cancels the request in flight (its CancelToken says so) and
//   its result, or its error, is never delivered.
// - Cancellable: the work gets a CancelToken to poll (RunStore's LoadProgress returns
//   !token.cancelled() to stop a load); cancel() drops the request without a replacement.
// - Results and errors are delivered queued, on the GUI thread, to functions tied to a context
//   QObject: once the context is gone nothing is called. An exception thrown by the work
//   becomes an error message (i18n::errorText for std::exception).
// - The GUI thread never waits: not in start(), not in cancel(), not in the destructor.
//
// Threads: each request runs on a thread of its own, owned by the application object, not by
// the job or its context. The destructor cancels the request in flight and waits for nothing:
// a work that cannot be interrupted (RunStore::runs(), a TrainingSession joining its worker)
// runs on alone and its thread deletes itself when done. So a work must own what it touches
// (capture by value or shared_ptr; never the context or `this`). A thread still running when
// the application object is destroyed is waited for there, so no work runs on into the
// process's exit (a session being torn down finishes its step first).
#pragma once

#include <QObject>
#include <QPointer>
#include <QString>
#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

namespace ampscope::ui {

/// What a background work polls to know that its result is no longer wanted. Thread-safe;
/// a default-constructed token is never cancelled.
class CancelToken {
 public:
  CancelToken() = default;
  bool cancelled() const { return m_flag && m_flag->load(std::memory_order_acquire); }

 private:
  friend class BackgroundJob;
  std::shared_ptr<std::atomic<bool>> m_flag;
};

/// Thrown by a work that notices its token is cancelled (any exception of a cancelled request
/// is dropped with its result; this one just says why).
struct JobCancelled : std::exception {
  const char* what() const noexcept override { return "cancelled"; }
};

class BackgroundJob {
 public:
  /// `context`: the object the results are delivered to (on its thread, the GUI thread).
  /// `name`: the threads' object name (debuggers, tests).
  explicit BackgroundJob(QObject* context, QString name = {});
  /// Cancels the request in flight; waits for nothing (see the file comment).
  ~BackgroundJob();
  BackgroundJob(const BackgroundJob&) = delete;
  BackgroundJob& operator=(const BackgroundJob&) = delete;

  /// Runs `work(const CancelToken&)` on a thread of its own and, unless a newer request or
  /// cancel() came first, calls `done(result)` (or `done()` for a void work) on the context's
  /// thread; an exception from `work` calls `failed(message)` there instead. The request in
  /// flight, if any, is cancelled. Returns the new request's token (the caller may keep it to
  /// read progress it shares with the work).
  template <class Work, class Done, class Failed>
  CancelToken start(Work work, Done done, Failed failed);
  /// The same; an error is dropped (a work that reports its own failures).
  template <class Work, class Done>
  CancelToken start(Work work, Done done) {
    return start(std::move(work), std::move(done), [](const QString&) {});
  }

  /// Cancels the request in flight: nothing of it is delivered. No-op when idle.
  void cancel();
  /// True from start() until its result or error has been delivered (or it was cancelled).
  bool isBusy() const { return m_busy; }
  /// Threads of this job still running, cancelled ones included (tests, diagnostics).
  int runningThreads() const { return m_shared->running.load(); }
  /// Blocks until every thread of this job has ended or `timeoutMs` passed; true when none
  /// runs. For tests and command-line tools only: the GUI never calls it.
  bool waitForIdle(int timeoutMs) const;

  /// The message an exception caught from a work is delivered as.
  static QString errorMessage(const std::exception_ptr& error);

 private:
  struct Shared {
    std::atomic<int> running{0};
  };
  /// Runs `body(token)` on a new thread; once it has ended, `deliver()` on the context's thread
  /// unless the request was cancelled or replaced meanwhile.
  CancelToken launch(std::function<void(const CancelToken&)> body, std::function<void()> deliver);

  QPointer<QObject> m_context;
  QString m_name;
  std::shared_ptr<Shared> m_shared = std::make_shared<Shared>();
  CancelToken m_current;
  std::uint64_t m_generation = 0;
  std::shared_ptr<std::uint64_t> m_delivered = std::make_shared<std::uint64_t>(0);  // GUI thread only
  bool m_busy = false;
};

template <class Work, class Done, class Failed>
CancelToken BackgroundJob::start(Work work, Done done, Failed failed) {
  using Result = std::invoke_result_t<Work&, const CancelToken&>;
  struct Outcome {
    std::optional<std::conditional_t<std::is_void_v<Result>, bool, Result>> value;
    std::exception_ptr error;
  };
  auto outcome = std::make_shared<Outcome>();
  // Held through shared_ptr: std::function wants copyable callables, works may hold move-only
  // things (a session to tear down).
  auto w = std::make_shared<Work>(std::move(work));
  auto d = std::make_shared<Done>(std::move(done));
  auto f = std::make_shared<Failed>(std::move(failed));
  return launch(
      [outcome, w](const CancelToken& token) mutable {
        try {
          if constexpr (std::is_void_v<Result>) {
            (*w)(token);
            outcome->value.emplace(true);
          } else {
            outcome->value.emplace((*w)(token));
          }
        } catch (...) {
          outcome->error = std::current_exception();
        }
        w.reset();  // the work's captures go on this thread
        // A result nobody will see is let go here too, not on the GUI thread.
        if (token.cancelled()) outcome->value.reset();
      },
      [outcome, d, f] {
        if (outcome->error) {
          (*f)(errorMessage(outcome->error));
        } else if (outcome->value) {
          if constexpr (std::is_void_v<Result>)
            (*d)();
          else
            (*d)(std::move(*outcome->value));
        }
      });
}

}  // namespace ampscope::ui
