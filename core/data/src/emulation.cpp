// fp16 / bf16 emulation on the CPU. CPU LibTorch has no fp16 matrix kernels, so we hold every
// tensor that CUDA autocast would hold in fp16 as float32 carrying fp16 *values*, and compute the
// products in fp32 on those values, as tensor cores accumulate fp16 products in fp32. The rounding
// points below are exactly those of autocast's casts (and of their backward, which casts the
// fp16 gradient back to fp32 for the master weights).
#include "emulation.h"

#include <ampscope/model_zoo.h>

#include <torch/autograd.h>

#include <cstdint>
#include <stdexcept>

namespace ampscope {

torch::Tensor round_to(const torch::Tensor& x, Precision p) {
  // LibTorch's CPU float->Half and float->BFloat16 conversions are IEEE round-to-nearest-even
  // with subnormals kept and overflow to inf (c10::Half / c10::BFloat16), and vectorised (F16C /
  // AVX2): measured 3x faster on one core than a hand-written bit loop built at our -O2, so the
  // two conversions stay. The tests pin the edge values and compare 200k values against an
  // independent reference, so a LibTorch that changes this is caught. Converting from the source
  // dtype directly (not via float32) avoids double rounding for a double input.
  switch (p) {
    case Precision::FP32:
      return x.to(at::kFloat);
    case Precision::FP16:
      return x.to(at::kHalf).to(at::kFloat);
    case Precision::BF16:
      return x.to(at::kBFloat16).to(at::kFloat);
  }
  throw std::invalid_argument("round_to: unknown precision");
}

namespace detail {
namespace {

using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

Precision precision_of(const AutogradContext* ctx) {
  return static_cast<Precision>(ctx->saved_data.at("precision").toInt());
}

/// An undefined tensor stays undefined (a layer without bias).
at::Tensor round_opt(const at::Tensor& t, Precision p) { return t.defined() ? round_to(t, p) : t; }

/// The output's gradient rounded to p, unless the capture hook already did.
at::Tensor incoming_grad(const AutogradContext* ctx, const at::Tensor& g, Precision p) {
  return ctx->saved_data.at("grad_prerounded").toBool() ? g : round_to(g, p);
}

struct EmulatedLinear : public torch::autograd::Function<EmulatedLinear> {
  static at::Tensor forward(AutogradContext* ctx, const at::Tensor& x, const at::Tensor& w,
                            const at::Tensor& b, std::int64_t precision, bool grad_prerounded) {
    const auto p = static_cast<Precision>(precision);
    const at::Tensor xr = round_to(x, p);
    const at::Tensor wr = round_to(w, p);
    ctx->saved_data["precision"] = precision;
    ctx->saved_data["grad_prerounded"] = grad_prerounded;
    ctx->saved_data["has_bias"] = b.defined();
    // Saved rounded: backward's products use the same fp16 operands the forward used.
    ctx->save_for_backward({xr, wr});
    return round_opt(at::linear(xr, wr, round_opt(b, p)), p);
  }

  static variable_list backward(AutogradContext* ctx, variable_list grads) {
    const Precision p = precision_of(ctx);
    const auto saved = ctx->get_saved_variables();
    const at::Tensor& xr = saved[0];
    const at::Tensor& wr = saved[1];
    // The gradient arriving at an fp16 output is fp16 (autocast's cast-back rounds it).
    const at::Tensor g = incoming_grad(ctx, grads[0], p);
    const std::int64_t out_features = wr.size(0);
    const at::Tensor g2 = g.reshape({-1, out_features});

    at::Tensor grad_x, grad_w, grad_b;
    if (ctx->needs_input_grad(0)) grad_x = round_opt(at::matmul(g, wr), p);
    if (ctx->needs_input_grad(1)) grad_w = round_opt(g2.t().mm(xr.reshape({-1, wr.size(1)})), p);
    if (ctx->saved_data.at("has_bias").toBool() && ctx->needs_input_grad(2))
      grad_b = round_opt(g2.sum(0), p);
    return {grad_x, grad_w, grad_b, at::Tensor(), at::Tensor()};
  }
};

struct EmulatedConv2d : public torch::autograd::Function<EmulatedConv2d> {
  static at::Tensor forward(AutogradContext* ctx, const at::Tensor& x, const at::Tensor& w,
                            const at::Tensor& b, std::int64_t padding, std::int64_t precision,
                            bool grad_prerounded) {
    const auto p = static_cast<Precision>(precision);
    const at::Tensor xr = round_to(x, p);
    const at::Tensor wr = round_to(w, p);
    ctx->saved_data["precision"] = precision;
    ctx->saved_data["grad_prerounded"] = grad_prerounded;
    ctx->saved_data["padding"] = padding;
    ctx->saved_data["has_bias"] = b.defined();
    ctx->save_for_backward({xr, wr});
    return round_opt(at::conv2d(xr, wr, round_opt(b, p), /*stride=*/1, padding), p);
  }

  static variable_list backward(AutogradContext* ctx, variable_list grads) {
    const Precision p = precision_of(ctx);
    const std::int64_t padding = ctx->saved_data.at("padding").toInt();
    const bool has_bias = ctx->saved_data.at("has_bias").toBool();
    const auto saved = ctx->get_saved_variables();
    const at::Tensor& xr = saved[0];
    const at::Tensor& wr = saved[1];
    const at::Tensor g = incoming_grad(ctx, grads[0], p);

    const std::array<bool, 3> mask{ctx->needs_input_grad(0), ctx->needs_input_grad(1),
                                   has_bias && ctx->needs_input_grad(2)};
    const std::vector<std::int64_t> bias_sizes{wr.size(0)};
    const std::int64_t stride[2] = {1, 1};
    const std::int64_t pad[2] = {padding, padding};
    const std::int64_t dilation[2] = {1, 1};
    const std::int64_t out_pad[2] = {0, 0};
    auto [gx, gw, gb] = at::convolution_backward(g, xr, wr, at::IntArrayRef(bias_sizes), stride, pad,
                                                 dilation, /*transposed=*/false, out_pad, /*groups=*/1, mask);
    return {round_opt(gx, p), round_opt(gw, p), round_opt(gb, p), at::Tensor(), at::Tensor(), at::Tensor()};
  }
};

std::int64_t checked(Precision p) {
  if (p == Precision::FP32) throw std::invalid_argument("emulation: fp32 needs no emulation");
  return static_cast<std::int64_t>(p);
}

}  // namespace

at::Tensor emulated_linear(const at::Tensor& x, const at::Tensor& w, const at::Tensor& b, Precision p,
                           bool grad_prerounded) {
  return EmulatedLinear::apply(x, w, b, checked(p), grad_prerounded);
}

at::Tensor emulated_conv2d(const at::Tensor& x, const at::Tensor& w, const at::Tensor& b,
                           std::int64_t padding, Precision p, bool grad_prerounded) {
  return EmulatedConv2d::apply(x, w, b, padding, checked(p), grad_prerounded);
}

}  // namespace detail
}  // namespace ampscope
