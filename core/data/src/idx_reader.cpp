#include "idx_reader.h"

namespace ampscope::detail {

at::Tensor read_idx_u8(const std::string& path, const IdxLimits& limits) {
  at::Tensor data;
  read_idx_u8_into(path, limits, [&](const std::vector<std::int64_t>& dims, std::int64_t) {
    data = at::empty(dims, at::TensorOptions().dtype(at::kByte));
    return static_cast<unsigned char*>(data.data_ptr());
  });
  return data;
}

}  // namespace ampscope::detail
