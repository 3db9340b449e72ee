// LibTorch's CPU allocator with the large blocks a step frees kept for the next step
// (process_memory.h, keep_step_buffers()). glibc keeps a thread's own arena in heaps of at most
// 64 MB and maps any larger block anew, whatever its thresholds: the GUI's worker thread training
// fashion-cnn at batch 512 (a 115 MB im2col buffer) faulted 37,600 pages in a step. Limiting malloc
// to one arena kept them, but made every thread of the window wait on the one heap lock. Keeping
// the large blocks here instead lets every thread have its own arena.
#include "ampscope/process_memory.h"

#include <c10/core/Allocator.h>
#include <c10/core/CPUAllocator.h>
#include <c10/core/impl/alloc_cpu.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <unordered_map>
#include <vector>

namespace ampscope {

namespace {

class StepBufferAllocator final : public c10::Allocator {
 public:
  explicit StepBufferAllocator(c10::Allocator* base) : m_base(base), m_base_raw(base->raw_deleter()) {}

  // Small tensors are LibTorch's own, with its own deleter: nothing added to their path. Large
  // ones carry their pointer as context (LibTorch's raw_allocate, which oneDNN uses for its
  // scratch, needs context == data) and one deleter for both kinds (raw_deallocate).
  c10::DataPtr allocate(std::size_t n) const override {
    if (n < kStepBufferMin) return m_base->allocate(n);
    Kept b = take(n);
    if (b.ptr == nullptr) {
      b.size = n;
      if (posix_memalign(&b.ptr, kAlignment, n) != 0 || b.ptr == nullptr) {
        release_all();  // what is kept may be what the request needs
        if (posix_memalign(&b.ptr, kAlignment, n) != 0 || b.ptr == nullptr) throw std::bad_alloc();
      }
    }
    {
      std::lock_guard lock(m_mutex);
      m_live.emplace(b.ptr, b.size);
    }
    return {b.ptr, b.ptr, &StepBufferAllocator::release, c10::Device(c10::DeviceType::CPU)};
  }
  c10::DeleterFnPtr raw_deleter() const override { return &StepBufferAllocator::release; }
  // LibTorch 2.x asks an allocator to copy (pure virtual there); 1.13 has no such member.
  void copy_data(void* dest, const void* src, std::size_t count) const {
    if (count > 0) std::memcpy(dest, src, count);
  }

  std::size_t kept_bytes() const {
    std::lock_guard lock(m_mutex);
    return kept_total();
  }
  void release_all() const {
    std::vector<Kept> drop;
    {
      std::lock_guard lock(m_mutex);
      drop.swap(m_kept);
    }
    for (const Kept& k : drop) std::free(k.ptr);
  }

 private:
  struct Kept {
    void* ptr;
    std::size_t size;
  };
  static constexpr std::size_t kAlignment = 64;  // c10's own (gAlignment)

  static void release(void* p);

  /// The bytes kept (m_mutex held).
  std::size_t kept_total() const {
    std::size_t total = 0;
    for (const Kept& k : m_kept) total += k.size;
    return total;
  }

  /// The smallest kept block that holds `n` bytes and wastes at most a quarter of itself, taken
  /// out of the kept ones ({nullptr, 0} when none fits).
  Kept take(std::size_t n) const {
    std::lock_guard lock(m_mutex);
    std::size_t best = m_kept.size();
    for (std::size_t i = 0; i < m_kept.size(); ++i)
      if (m_kept[i].size >= n && m_kept[i].size - n <= m_kept[i].size / 4 &&
          (best == m_kept.size() || m_kept[i].size < m_kept[best].size))
        best = i;
    if (best == m_kept.size()) return {nullptr, 0};
    const Kept b = m_kept[best];
    m_kept.erase(m_kept.begin() + static_cast<std::ptrdiff_t>(best));
    return b;
  }
  /// A freed pointer: a large block is kept for the next step (past kStepBuffersKept bytes the
  /// oldest go back to the C library); a small one (raw_deallocate) is LibTorch's to free.
  void free_block(void* p) const {
    std::vector<Kept> drop;
    bool ours = false;
    {
      std::lock_guard lock(m_mutex);
      const auto it = m_live.find(p);
      if (it != m_live.end()) {
        m_kept.push_back({p, it->second});
        m_live.erase(it);
        for (std::size_t total = kept_total(); total > kStepBuffersKept;) {
          total -= m_kept.front().size;
          drop.push_back(m_kept.front());
          m_kept.erase(m_kept.begin());
        }
        ours = true;
      }
    }
    for (const Kept& k : drop) std::free(k.ptr);
    if (ours) return;
    // Not one of ours: LibTorch's own small block, freed through raw_deallocate.
    if (m_base_raw != nullptr)
      m_base_raw(p);
    else
      c10::free_cpu(p);
  }
  c10::Allocator* m_base;
  c10::DeleterFnPtr m_base_raw;
  mutable std::mutex m_mutex;
  mutable std::vector<Kept> m_kept;                       // freed, kept for the next request, oldest first
  mutable std::unordered_map<void*, std::size_t> m_live;  // large blocks in use, by pointer
};

StepBufferAllocator* g_allocator = nullptr;

void StepBufferAllocator::release(void* p) { g_allocator->free_block(p); }

}  // namespace

void keep_step_buffers() {
  static std::once_flag once;
  std::call_once(once, [] {
    // Never destroyed: tensors freed at exit (static ones) still find it.
    g_allocator = new StepBufferAllocator(c10::GetDefaultCPUAllocator());
    c10::SetCPUAllocator(g_allocator, /*priority=*/1);
  });
}

std::size_t kept_step_buffer_bytes() { return g_allocator ? g_allocator->kept_bytes() : 0; }

void release_step_buffers() {
  if (g_allocator) g_allocator->release_all();
}

}  // namespace ampscope
