// libFuzzer entry point; AMPSCOPE_FUZZ_TARGET names the entry function (fuzz_entries.h).
#include "entries/fuzz_entries.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  (void)ampscope::fuzz::AMPSCOPE_FUZZ_TARGET(data, size);
  return 0;
}
