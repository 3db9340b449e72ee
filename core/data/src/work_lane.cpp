// WorkLane's thread, and the stepping thread's side of waiting (work_lane.h).
#include "work_lane.h"

#include <ATen/Parallel.h>
#include <ATen/core/LegacyTypeDispatch.h>  // at::AutoDispatchBelowADInplaceOrView

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>  // _mm_pause
#endif

namespace ampscope::detail {

WorkLane::WorkLane() : m_thread([this] { run(); }) {}

WorkLane::~WorkLane() {
  m_stop.store(true, std::memory_order_release);
  m_active.store(1, std::memory_order_release);
  m_active.notify_one();
  m_thread.join();
}

void WorkLane::relax() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#else
  std::this_thread::yield();
#endif
}

void WorkLane::run_item(std::uint64_t index) noexcept {
  const Item& it = m_items[index % kCapacity];
  try {
    it.fn(it.ctx, it.arg);
  } catch (...) {
    // The first item to fail keeps its exception; wait() reads it after m_done says all ran.
    if (!m_failed.exchange(true, std::memory_order_acq_rel)) m_error = std::current_exception();
  }
  m_done.fetch_add(1, std::memory_order_acq_rel);
}

void WorkLane::settle() noexcept {
  // The stepping thread, waiting: an item nobody has started runs here now (the lane may be
  // busy with an earlier one, or not awake yet); then it waits for the lane's.
  for (;;) {
    const std::uint64_t next = m_claimed.load(std::memory_order_acquire);
    if (next < m_posted_local && claim(next)) {
      run_item(next);
      ++m_taken_back;
      continue;
    }
    if (next >= m_posted_local) break;
  }
  while (m_done.load(std::memory_order_acquire) != m_posted_local) relax();
}

void WorkLane::run() {
  // This thread's ops stay on it (a bias gradient's reduction, the optimizer's chunks, the
  // statistics pass). Its intra-op count starts as the process's last set one, 1 where the session
  // chose the lane; set only if not, since at::set_num_threads also changes what threads started
  // later begin with.
  if (at::get_num_threads() != 1) at::set_num_threads(1);
  at::AutoDispatchBelowADInplaceOrView below_autograd;  // as the stepping thread's direct pass
  for (;;) {
    m_active.wait(0, std::memory_order_acquire);
    if (m_stop.load(std::memory_order_acquire)) return;
    for (;;) {
      const std::uint64_t next = m_claimed.load(std::memory_order_acquire);
      if (next < m_posted.load(std::memory_order_acquire)) {
        if (claim(next)) run_item(next);
        continue;
      }
      if (m_active.load(std::memory_order_acquire) == 0 || m_stop.load(std::memory_order_relaxed)) break;
      relax();
    }
  }
}

}  // namespace ampscope::detail
