// Reader for IDX files (the MNIST / Fashion-MNIST container), gzip-compressed or raw, into a
// tensor. The parsing itself is torch-free (idx_file.h). Internal to core.
#pragma once

#include "idx_file.h"

#include <ATen/ATen.h>

#include <string>

namespace ampscope::detail {

/// Reads an IDX file of unsigned bytes (magic 0x0000080N, N = limits.ndim) into a uint8 tensor
/// shaped as its header says. The header is validated before anything is allocated, and the file
/// must end exactly where the header says. Throws std::runtime_error naming `path` and the problem.
at::Tensor read_idx_u8(const std::string& path, const IdxLimits& limits);

}  // namespace ampscope::detail
