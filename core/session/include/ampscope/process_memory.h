// What a training process does with the memory a step frees (issue 18: a leaner step).
//
// LibTorch allocates a step's tensors anew every step and frees them after it. glibc's malloc
// serves an allocation above its mmap threshold (128 KB, raised on each free up to 32 MB) with
// a fresh mmap and unmaps it on free, and gives the heap's top back to the system above its trim
// threshold; either way the next step touches new pages, and the kernel faults each 4 KB page in
// and zeroes it. fashion-cnn's step (a 58 MB im2col buffer, 26 MB activations) took 18,800 such
// faults a step on a 2-core VM: 14.2-15.5 steps/s as users run it, 16.7-17.5 with the memory kept
// (docs/performance.md, "Memory a step frees"). So a training process keeps it: the mmap
// threshold is fixed at kMmapThreshold and the trim threshold at kTrimThreshold (fixing either
// also ends glibc's own adjusting of both), and steps reuse the heap's pages. Blocks of
// kStepBufferMin bytes and more are kept by LibTorch's CPU allocator itself (keep_step_buffers):
// a thread's own arena keeps its memory in heaps of at most 64 MB and maps any larger block anew
// each time, whatever the thresholds, which the GUI's worker thread met (fashion-cnn at batch 512:
// 37,600 faults a step, 5.3-6.1 steps/s). Session 27 limited malloc to one arena for that; it made
// every thread wait on the one heap lock (the window's default demo: 18,000-20,000 blocking waits
// in 6 s, 10-23% fewer steps; `record`: 2,200 in 8,000 steps), so every thread keeps its own arena
// now (docs/performance.md, "Memory a step frees").
#pragma once

#include <cstddef>
#include <string>

namespace ampscope {

/// Allocations from which glibc still maps memory of its own, and the free top of the heap from
/// which it still gives memory back.
inline constexpr int kMmapThreshold = 512 << 20;
inline constexpr int kTrimThreshold = 1024 << 20;

/// Once per process (later calls return the first one's answer): keeps freed memory for the next
/// step as above, unless the user's environment already tunes malloc (MALLOC_MMAP_THRESHOLD_,
/// MALLOC_TRIM_THRESHOLD_, MALLOC_TOP_PAD_, MALLOC_MMAP_MAX_, MALLOC_ARENA_MAX, MALLOC_ARENA_TEST,
/// or glibc.malloc tunables in GLIBC_TUNABLES), which then wins, or the C library is not glibc.
/// `ampscope`'s main() calls it first; every training session calls it too as it is built (the
/// benchmarks, the tests). The Python probe does not (the interpreter's malloc is the user's).
/// The large blocks are kept either way (keep_step_buffers). Returns a line for logs: "kept (mmap
/// threshold 512 MB, trim threshold 1024 MB, blocks of 1 MB and more)", "left to the environment
/// (MALLOC_TRIM_THRESHOLD_); blocks of 1 MB and more kept", ...
std::string keep_step_memory();

/// LibTorch's CPU tensors of kStepBufferMin bytes or more come from blocks kept when freed (up to
/// kStepBuffersKept bytes, the oldest returned beyond that) and handed out again for a request
/// they hold with at most a quarter to spare; smaller ones from LibTorch's own allocator. Once per
/// process; keep_step_memory() calls it. Thread-safe.
inline constexpr std::size_t kStepBufferMin = std::size_t{1} << 20;
inline constexpr std::size_t kStepBuffersKept = std::size_t{2} << 30;
void keep_step_buffers();
/// Bytes of freed blocks kept now (tests, logs).
std::size_t kept_step_buffer_bytes();
/// Gives every kept block back to the C library (a session that ends: the next may need none).
void release_step_buffers();

}  // namespace ampscope
