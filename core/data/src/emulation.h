// Emulated low-precision linear/conv2d for the CPU (docs/measurements.md, "Precision modes").
// Internal to core: models reach these through InstrumentedModel::linear()/conv2d().
#pragma once

#include <ampscope/session_types.h>

#include <ATen/ATen.h>

#include <cstdint>

namespace ampscope::detail {

/// y = x W^T + b with every operand, the output, and in backward the incoming gradient and the
/// x/W/b gradients rounded to `p` (FP16 or BF16); products in fp32 on the rounded operands.
/// `grad_prerounded`: the output's gradient arrives already rounded to `p` (the activation-
/// gradient capture hook rounds it, InstrumentedModel::capture), so backward need not round it
/// again: the same values without a second pass over them.
at::Tensor emulated_linear(const at::Tensor& x, const at::Tensor& w, const at::Tensor& b, Precision p,
                           bool grad_prerounded = false);

/// The same for a 2-D convolution with stride 1, dilation 1, one group and `padding`.
at::Tensor emulated_conv2d(const at::Tensor& x, const at::Tensor& w, const at::Tensor& b,
                           std::int64_t padding, Precision p, bool grad_prerounded = false);

}  // namespace ampscope::detail
