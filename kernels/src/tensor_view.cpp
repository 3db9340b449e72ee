// TensorView helpers: element count and the "dense in some dimension order" test that lets a
// pass read a (possibly transposed) tensor as one flat array.
#include <array>
#include <utility>

#include "ampscope/kernels/grad_stats.h"

namespace ampscope::kernels {

std::int64_t TensorView::numel() const {
  std::int64_t n = 1;
  for (int d = 0; d < ndim; ++d) n *= sizes[static_cast<std::size_t>(d)];
  return n;
}

bool TensorView::is_dense() const {
  if (numel() == 0) return true;
  // Dimensions of size 1 do not move in memory whatever their stride; the others, sorted by
  // stride, must tile memory exactly: innermost stride 1, each next stride = previous extent.
  std::array<std::pair<std::int64_t, std::int64_t>, kMaxDims> dims{};  // (stride, size)
  int n = 0;
  for (int d = 0; d < ndim; ++d) {
    const auto i = static_cast<std::size_t>(d);
    if (sizes[i] == 1) continue;
    if (strides[i] < 0) return false;
    dims[static_cast<std::size_t>(n++)] = {strides[i], sizes[i]};
  }
  // Insertion sort by stride: at most kMaxDims entries.
  for (int i = 1; i < n; ++i)
    for (int j = i; j > 0 && dims[static_cast<std::size_t>(j)] < dims[static_cast<std::size_t>(j - 1)]; --j)
      std::swap(dims[static_cast<std::size_t>(j)], dims[static_cast<std::size_t>(j - 1)]);
  std::int64_t expected = 1;
  for (int k = 0; k < n; ++k) {
    const auto& [stride, size] = dims[static_cast<std::size_t>(k)];
    if (stride != expected) return false;
    expected *= size;
  }
  return true;
}

bool TensorView::is_non_overlapping() const {
  if (numel() <= 1) return true;
  std::array<std::pair<std::int64_t, std::int64_t>, kMaxDims> dims{};  // (|stride|, size)
  int n = 0;
  for (int d = 0; d < ndim; ++d) {
    const auto i = static_cast<std::size_t>(d);
    if (sizes[i] == 1) continue;
    dims[static_cast<std::size_t>(n++)] = {strides[i] < 0 ? -strides[i] : strides[i], sizes[i]};
  }
  for (int i = 1; i < n; ++i)
    for (int j = i; j > 0 && dims[static_cast<std::size_t>(j)] < dims[static_cast<std::size_t>(j - 1)]; --j)
      std::swap(dims[static_cast<std::size_t>(j)], dims[static_cast<std::size_t>(j - 1)]);
  std::int64_t extent = 1;  // memory span, in elements, of the dimensions seen so far
  for (int k = 0; k < n; ++k) {
    const auto& [stride, size] = dims[static_cast<std::size_t>(k)];
    if (stride < extent) return false;
    extent = stride * (size - 1) + extent;
  }
  return true;
}

TensorView TensorView::contiguous(void* data, DType dtype, std::int64_t numel) {
  TensorView v;
  v.data = data;
  v.dtype = dtype;
  v.ndim = 1;
  v.sizes[0] = numel;
  v.strides[0] = 1;
  return v;
}

}  // namespace ampscope::kernels
