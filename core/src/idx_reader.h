// Reader for IDX files (the MNIST / Fashion-MNIST container), gzip-compressed or raw.
// Internal to core.
#pragma once

#include <ATen/ATen.h>

#include <cstdint>
#include <string>
#include <vector>

namespace ampscope::detail {

struct IdxLimits {
  int ndim = 1;                               ///< the magic's dimension count must equal this
  std::int64_t max_dim = 1 << 24;             ///< any one dimension
  std::int64_t max_bytes = std::int64_t{1} << 28;  ///< the whole payload (allocation cap)
};

/// Reads an IDX file of unsigned bytes (magic 0x0000080N, N = limits.ndim) into a uint8 tensor
/// shaped as its header says. The header is validated before anything is allocated, and the file
/// must end exactly where the header says. Throws std::runtime_error naming `path` and the problem.
at::Tensor read_idx_u8(const std::string& path, const IdxLimits& limits);

}  // namespace ampscope::detail
