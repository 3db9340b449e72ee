// The torch-free part of the IDX reader (the MNIST / Fashion-MNIST container, gzip-compressed or
// raw): header validation and reading into a buffer the caller allocates. idx_reader.h wraps it
// into a tensor; the fuzz target (fuzz/fuzz_idx.cpp) drives this directly. Internal to core.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ampscope::detail {

struct IdxLimits {
  int ndim = 1;                               ///< the magic's dimension count must equal this
  std::int64_t max_dim = 1 << 24;             ///< any one dimension
  std::int64_t max_bytes = std::int64_t{1} << 28;  ///< the whole payload (allocation cap)
};

/// Called once the header is validated, with its dimensions and their product (the payload size
/// in bytes, <= limits.max_bytes); returns where the payload goes (at least `bytes` long).
using IdxAllocator = std::function<unsigned char*(const std::vector<std::int64_t>& dims, std::int64_t bytes)>;

/// Reads an IDX file of unsigned bytes (magic 0x0000080N, N = limits.ndim): validates the header
/// before anything is allocated, reads the payload into `alloc`'s buffer and checks that the file
/// ends exactly where the header says. Returns the dimensions. Throws std::runtime_error naming
/// `path` and the problem.
std::vector<std::int64_t> read_idx_u8_into(const std::string& path, const IdxLimits& limits,
                                           const IdxAllocator& alloc);

}  // namespace ampscope::detail
