// keep_step_memory() (process_memory.h): glibc's malloc thresholds, set once per process.
#include "ampscope/process_memory.h"

#include <cstdlib>
#include <cstring>
#include <mutex>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace ampscope {

namespace {
std::string decide(StepThread steps) {
#if defined(__GLIBC__)
  for (const char* name : {"MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_", "MALLOC_TOP_PAD_", "MALLOC_MMAP_MAX_",
                           "MALLOC_ARENA_MAX", "MALLOC_ARENA_TEST"})
    if (std::getenv(name) != nullptr) return std::string("left to the environment (") + name + ")";
  if (const char* t = std::getenv("GLIBC_TUNABLES"); t != nullptr && std::strstr(t, "glibc.malloc.") != nullptr)
    return "left to the environment (GLIBC_TUNABLES)";
  // mallopt returns 1 on success, 0 for a value it refuses.
  const bool one_arena = steps == StepThread::Worker;
  if (mallopt(M_MMAP_THRESHOLD, kMmapThreshold) != 1 || mallopt(M_TRIM_THRESHOLD, kTrimThreshold) != 1 ||
      (one_arena && mallopt(M_ARENA_MAX, 1) != 1))
    return "left to the C library (mallopt refused the thresholds)";
  return "kept (mmap threshold " + std::to_string(kMmapThreshold >> 20) + " MB, trim threshold " +
         std::to_string(kTrimThreshold >> 20) + " MB" + (one_arena ? ", one arena)" : ")");
#else
  (void)steps;
  return "left to the C library (not glibc)";
#endif
}
}  // namespace

std::string keep_step_memory(StepThread steps) {
  static std::once_flag once;
  static std::string answer;
  std::call_once(once, [steps] { answer = decide(steps); });
  return answer;
}

}  // namespace ampscope
