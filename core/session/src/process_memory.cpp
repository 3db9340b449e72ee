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
/// glibc's part; `blocks` says what LibTorch's allocator keeps (keep_step_buffers), in either case.
std::string decide(const std::string& blocks) {
  const std::string kept_anyway = "; " + blocks + " kept";
#if defined(__GLIBC__)
  for (const char* name : {"MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_", "MALLOC_TOP_PAD_", "MALLOC_MMAP_MAX_",
                           "MALLOC_ARENA_MAX", "MALLOC_ARENA_TEST"})
    if (std::getenv(name) != nullptr) return std::string("left to the environment (") + name + ")" + kept_anyway;
  if (const char* t = std::getenv("GLIBC_TUNABLES"); t != nullptr && std::strstr(t, "glibc.malloc.") != nullptr)
    return "left to the environment (GLIBC_TUNABLES)" + kept_anyway;
  // mallopt returns 1 on success, 0 for a value it refuses.
  if (mallopt(M_MMAP_THRESHOLD, kMmapThreshold) != 1 || mallopt(M_TRIM_THRESHOLD, kTrimThreshold) != 1)
    return "left to the C library (mallopt refused the thresholds)" + kept_anyway;
  return "kept (mmap threshold " + std::to_string(kMmapThreshold >> 20) + " MB, trim threshold " +
         std::to_string(kTrimThreshold >> 20) + " MB, " + blocks + ")";
#else
  return "left to the C library (not glibc)" + kept_anyway;
#endif
}
}  // namespace

std::string keep_step_memory() {
  static std::once_flag once;
  static std::string answer;
  std::call_once(once, [] {
    answer = decide("blocks of " + std::to_string(kStepBufferMin >> 20) + " MB and more");
    keep_step_buffers();
  });
  return answer;
}

}  // namespace ampscope
