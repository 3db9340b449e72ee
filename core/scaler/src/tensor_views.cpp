#include "tensor_views.h"

#include <stdexcept>
#include <string>

namespace ampscope::detail {

std::optional<kernels::DType> kernel_dtype(at::ScalarType t) {
  switch (t) {
    case at::kFloat: return kernels::DType::F32;
    case at::kHalf: return kernels::DType::F16;
    case at::kBFloat16: return kernels::DType::BF16;
    default: return std::nullopt;
  }
}

kernels::TensorView to_view(const at::Tensor& t) {
  auto dt = kernel_dtype(t.scalar_type());
  if (!dt) throw std::invalid_argument(std::string("gradient statistics: unsupported dtype ") +
                                       std::string(c10::toString(t.scalar_type())));
  if (t.dim() > kernels::kMaxDims)
    throw std::invalid_argument("gradient statistics: tensors of more than " +
                                std::to_string(kernels::kMaxDims) + " dimensions are not supported");
  kernels::TensorView v;
  v.data = t.numel() > 0 ? t.data_ptr() : nullptr;
  v.dtype = *dt;
  v.ndim = static_cast<int>(t.dim());
  for (int d = 0; d < v.ndim; ++d) {
    v.sizes[d] = t.size(d);
    v.strides[d] = t.stride(d);
  }
  return v;
}

bool kernel_readable(const at::Tensor& t) {
  return kernel_dtype(t.scalar_type()).has_value() && t.dim() <= kernels::kMaxDims;
}

}  // namespace ampscope::detail
