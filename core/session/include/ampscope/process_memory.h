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
// also ends glibc's own adjusting of both), and steps reuse the heap's pages.
// Where the steps run decides the arenas. Off the main thread (the GUI's worker) every thread
// allocates from the main heap (one arena): a thread's own arena keeps its memory in heaps of
// at most 64 MB and maps any larger block anew each time, which the GUI's worker thread met
// (fashion-cnn at batch 512: 37,600 faults a step, 5.3-6.1 steps/s; one arena: 0, 8.9-9.2).
// On the main thread (`record`, `demo`), which has the main heap anyway, the other threads keep
// arenas of their own: with one arena the recorder's writer and the stepping thread took turns
// on its lock (2,200 blocking waits in 8,000 steps of `record` against 170, and 7 of 8 pairs
// 2-10% slower; docs/performance.md, "Memory a step frees").
#pragma once

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
/// `ampscope`'s main() calls it first, before any thread has an arena of its own, with where its
/// command steps; every training session calls it too as it is built (the benchmarks, the tests:
/// `steps` as given there, if the process had not decided). The Python probe does not (the
/// interpreter's malloc is the user's). Returns a line for logs: "kept (mmap threshold 512 MB, trim
/// threshold 1024 MB, one arena)" (Worker), the same without "one arena" (Main), "left to the
/// environment (MALLOC_TRIM_THRESHOLD_)", ...
/// Where a process's training steps run: on its main thread (`ampscope record`, `demo`: the
/// thread that calls TrainingSession::step()), or on another (the GUI's worker; sessions started
/// with start()).
enum class StepThread { Main, Worker };

std::string keep_step_memory(StepThread steps = StepThread::Worker);

}  // namespace ampscope
