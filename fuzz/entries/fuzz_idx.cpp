#include "fuzz_entries.h"

#include "idx_file.h"

#include <filesystem>
#include <memory>
#include <stdexcept>

namespace ampscope::fuzz {

Outcome idx(const std::uint8_t* data, std::size_t size) {
  const std::string path = scratch_path("idx");
  write_file(path, data, size);
  // Removed on every return: each process (a fuzzer, the regression test) left one file behind.
  struct Remove {
    const std::string& path;
    ~Remove() {
      std::error_code ec;
      std::filesystem::remove(path, ec);
    }
  } remove_scratch{path};
  // datasets.cpp's limits for Fashion-MNIST: images (3 dimensions) and labels (1 dimension).
  // The magic's 4th byte names the dimension count of a raw file; a gzip file is read both ways.
  const detail::IdxLimits images{3, 600000, 600000 * 28 * 28};
  const detail::IdxLimits labels{1, 600000, 600000};
  const bool raw_labels = size >= 4 && data[3] == 1;
  Outcome out;
  // (A std::initializer_list chosen by ?: here dangled: its array dies with the full expression.
  // Caught by ASan in the regression test.)
  std::vector<detail::IdxLimits> tries{labels};
  if (!raw_labels) tries.insert(tries.begin(), images);
  for (const detail::IdxLimits& limits : tries) {
    std::unique_ptr<unsigned char[]> buffer;
    std::int64_t allocated = -1;
    try {
      const auto dims = detail::read_idx_u8_into(path, limits, [&](const std::vector<std::int64_t>& d, std::int64_t bytes) {
        if (static_cast<int>(d.size()) != limits.ndim || bytes < 1 || bytes > limits.max_bytes) std::abort();
        allocated = bytes;
        buffer.reset(new unsigned char[static_cast<std::size_t>(bytes)]);
        return buffer.get();
      });
      std::int64_t product = 1;
      for (std::int64_t d : dims) product *= d;
      if (product != allocated) std::abort();  // the dimensions returned are not what was read
      return Outcome{true, {}};  // accepted as one of the two dataset files
    } catch (const std::runtime_error& e) {
      out = rejected(e.what());
    }
  }
  return out;
}

}  // namespace ampscope::fuzz
