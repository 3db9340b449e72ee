// Internal: adapts torch tensors to the kernels layer's raw views.
#pragma once

#include <ampscope/kernels/grad_stats.h>

#include <ATen/Tensor.h>

#include <optional>

namespace ampscope::detail {

/// The kernels' dtype for a tensor's scalar type; nullopt for types the kernels don't read
/// (float64, integers...).
std::optional<kernels::DType> kernel_dtype(at::ScalarType t);

/// Whether the kernels read `t` as it is (to_view() accepts it): a dtype they know and at most
/// kernels::kMaxDims dimensions. Its device is the caller's question.
bool kernel_readable(const at::Tensor& t);

/// A strided view of a dense (non-sparse) tensor. Requires dim() <= kernels::kMaxDims and a
/// supported dtype; throws std::invalid_argument otherwise.
kernels::TensorView to_view(const at::Tensor& t);

}  // namespace ampscope::detail
