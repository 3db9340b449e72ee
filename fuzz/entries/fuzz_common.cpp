#include "fuzz_entries.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

namespace ampscope::fuzz {

std::string scratch_path(std::string_view tag) {
  std::error_code ec;
  std::filesystem::path dir = std::filesystem::temp_directory_path(ec);
  if (ec) dir = "/tmp";
  return (dir / ("ampscope-fuzz-" + std::to_string(::getpid()) + "-" + std::string(tag))).string();
}

void write_file(const std::string& path, const std::uint8_t* data, std::size_t size) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) {
    std::perror(path.c_str());
    std::abort();
  }
  if (size && std::fwrite(data, 1, size, f) != size) {
    std::perror(path.c_str());
    std::abort();
  }
  if (std::fclose(f) != 0) {
    std::perror(path.c_str());
    std::abort();
  }
}

Outcome rejected(std::string message) {
  if (message.empty()) {
    std::fprintf(stderr, "fuzz: the reader rejected the input with an empty message\n");
    std::abort();
  }
  return {false, std::move(message)};
}

}  // namespace ampscope::fuzz
