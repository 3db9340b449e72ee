// WorkLane: the second thread of a CPU training step on 2 cores (internal to core).
//
// The stepping thread posts items during a span of the step and waits for them; the lane runs
// them in order. A model's direct pass gives it the forward's second half and the backward's
// weight and bias gradients (models.cpp); the session gives it part of the statistics pass and
// the fused optimizer half of the parameters (training_step.cpp, fused_optimizers.cpp). Every
// item is a whole kernel call over its own outputs, so the numbers are the bits one thread gives.
//
// The lane spins while a span is open (a futex wake costs 20-35 us on the project's VMs, a
// 128x256x128 product about 80) and sleeps between spans. Spans nest: the
// session holds one over a whole step (forward, backward, statistics, optimizer), inside which
// the model's passes open their own, so the lane is woken at most once a step. One producer (the
// stepping thread); items are claimed by the lane, or, once the stepping thread waits for them,
// by the stepping thread itself (an item not started by then runs there rather than late). The
// counters only grow.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <thread>
#include <utility>

namespace ampscope::detail {

class WorkLane {
 public:
  using Fn = void (*)(void* ctx, std::size_t arg);
  static constexpr std::size_t kCapacity = 256;  // items posted and not yet run, at most

  WorkLane();
  ~WorkLane();
  WorkLane(const WorkLane&) = delete;
  WorkLane& operator=(const WorkLane&) = delete;

  /// A span begins: the lane wakes (if no span is open) and spins for items.
  void begin() {
    if (m_depth++ == 0) {
      m_active.store(1, std::memory_order_release);
      m_active.notify_one();
    }
  }
  /// Item fn(ctx, arg) may run (everything it reads written before this call). At most kCapacity
  /// items may be outstanding (posted and not waited for).
  void post(Fn fn, void* ctx, std::size_t arg) {
    Item& it = m_items[m_posted_local % kCapacity];
    it.fn = fn;
    it.ctx = ctx;
    it.arg = arg;
    ++m_posted_local;
    m_posted.store(m_posted_local, std::memory_order_release);
  }
  /// Waits for every posted item (their writes are then visible here) and rethrows the first
  /// exception one of them threw. The span stays open. Items the lane has not started by then
  /// run here, on the calling thread (work_lane.cpp: the same kernels on either thread, so the
  /// same bits), instead of waiting for the lane to reach them.
  void wait() {
    settle();
    rethrow_error();
  }
  /// wait(), then the span ends (the lane sleeps once no span is open). The
  /// span ends also when an item's exception is rethrown.
  void finish() {
    settle();
    end_span();
    rethrow_error();
  }
  /// The same for a span whose stepping-thread part threw: that exception is the one to report,
  /// so an item's is dropped; the lane must not run on (or write a buffer) after it.
  void abandon() noexcept {
    settle();
    end_span();
    m_error = nullptr;
    m_failed.store(false, std::memory_order_relaxed);
  }
  /// Whether a span is open (the lane is awake or waking).
  bool in_span() const { return m_depth > 0; }
  /// Items run so far, on either thread (read after wait() or finish(): the lane's stores are
  /// then visible), and those of them the stepping thread ran itself.
  std::uint64_t items_done() const { return m_done.load(std::memory_order_acquire); }
  std::uint64_t items_taken_back() const { return m_taken_back; }

 private:
  struct Item {
    Fn fn = nullptr;
    void* ctx = nullptr;
    std::size_t arg = 0;
  };
  static void relax();
  /// Runs items until every posted one is done, taking those the lane has not claimed.
  void settle() noexcept;
  /// Claims item `index` (the next unclaimed one) for the calling thread; false if another
  /// thread claimed it first.
  bool claim(std::uint64_t index) noexcept {
    return m_claimed.compare_exchange_strong(index, index + 1, std::memory_order_acq_rel);
  }
  /// Runs a claimed item and counts it done; an exception is kept for wait() (the first one).
  void run_item(std::uint64_t index) noexcept;
  void rethrow_error() {
    if (!m_error) return;
    m_failed.store(false, std::memory_order_relaxed);
    std::rethrow_exception(std::exchange(m_error, nullptr));
  }
  void end_span() noexcept {
    if (m_depth > 0 && --m_depth == 0) m_active.store(0, std::memory_order_release);
  }
  void run();

  Item m_items[kCapacity];
  std::uint64_t m_posted_local = 0;  // the stepping thread's
  std::uint64_t m_taken_back = 0;    // the stepping thread's: items it ran itself
  int m_depth = 0;                   // the stepping thread's: open spans
  // Items [0, m_posted) exist; [0, m_claimed) have a thread (the lane, or the stepping thread in
  // settle()); [0, m_done) are done, in whatever order the two threads finish them.
  std::atomic<std::uint64_t> m_posted{0}, m_claimed{0}, m_done{0};
  std::atomic<int> m_active{0};
  std::atomic<bool> m_stop{false};
  std::atomic<bool> m_failed{false};  // an item threw: its exception is in m_error (set once)
  std::exception_ptr m_error;  // read by the stepping thread once every item is done
  std::thread m_thread;        // last: started once the rest exists
};

/// Ends a lane's span when the scope is left: normally (finish(), rethrowing an item's
/// exception) once done() is called, otherwise (the stepping thread's part threw) abandon().
class LaneSpan {
 public:
  explicit LaneSpan(WorkLane* lane) : m_lane(lane) {
    if (m_lane) m_lane->begin();
  }
  ~LaneSpan() {
    if (m_lane) m_lane->abandon();
  }
  LaneSpan(const LaneSpan&) = delete;
  LaneSpan& operator=(const LaneSpan&) = delete;
  /// The span's work is done: wait for it, rethrow an item's exception, end the span.
  void done() {
    if (WorkLane* l = std::exchange(m_lane, nullptr)) l->finish();
  }

 private:
  WorkLane* m_lane;
};

}  // namespace ampscope::detail
