// InstrumentedModel's helpers and the model registry.
#include <ampscope/model_zoo.h>

#include "emulation.h"
#include "models.h"

#include <algorithm>
#include <stdexcept>

#include "ampscope/user_text.h"

namespace ampscope {

namespace {
std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}
}  // namespace

torch::Tensor InstrumentedModel::capture(const std::string& label, const torch::Tensor& out) {
  // No hook without a graph: an evaluation forward under NoGradGuard records nothing.
  if (!m_capture || !out.requires_grad()) return out;
  if (emulating()) {
    // Under real autocast the gradient reaching an fp16 output is itself fp16 (the cast-back of
    // the fp32 loss rounds it). The emulated layer rounds it on entry to its backward, which runs
    // after this hook, so round here too and hand the rounded tensor on: what we record is what
    // the layer consumes, and the layer's own rounding becomes a no-op.
    const Precision p = m_precision.precision;
    out.register_hook([this, label, p](const torch::Tensor& grad) {
      torch::Tensor g = round_to(grad, p);
      m_act_grads.emplace_back(label, g);
      return g;
    });
  } else {
    out.register_hook([this, label](const torch::Tensor& grad) { m_act_grads.emplace_back(label, grad); });
  }
  return out;
}

torch::Tensor InstrumentedModel::linear(const torch::Tensor& x, const torch::Tensor& w,
                                        const torch::Tensor& b) const {
  // Every linear and conv output of the zoo's models goes through capture(): with capture on,
  // its hook hands backward a gradient already rounded to the precision.
  if (m_macs >= 0) {
    m_macs += static_cast<double>(x.numel() / std::max<std::int64_t>(1, x.size(-1))) * static_cast<double>(w.numel());
    ++m_ops;
  }
  if (emulating()) return detail::emulated_linear(x, w, b, m_precision.precision, m_capture);
  return at::linear(x, w, b);
}

torch::Tensor InstrumentedModel::conv2d(const torch::Tensor& x, const torch::Tensor& w, const torch::Tensor& b,
                                        std::int64_t padding) const {
  torch::Tensor out = emulating()
                          ? detail::emulated_conv2d(x, w, b, padding, m_precision.precision, m_capture)
                          : at::conv2d(x, w, b, /*stride=*/1, padding);
  // Each output element is one dot product over a kernel: in_channels x kh x kw multiply-adds.
  if (m_macs >= 0) {
    const double macs = static_cast<double>(out.numel()) * static_cast<double>(w.numel() / w.size(0));
    m_macs += macs;
    m_conv_macs += macs;
    ++m_ops;
    ++m_conv_ops;
  }
  return out;
}

torch::Tensor InstrumentedModel::direct_forward(const torch::Tensor&, const torch::Tensor&) {
  throw std::logic_error("InstrumentedModel::direct_forward: this model has no direct pass (has_direct_pass())");
}

void InstrumentedModel::direct_backward(const torch::Tensor&) {
  throw std::logic_error("InstrumentedModel::direct_backward: this model has no direct pass (has_direct_pass())");
}

InstrumentedModel::ForwardWork InstrumentedModel::forward_work(const torch::Tensor& x) {
  torch::NoGradGuard no_grad;
  const bool capture_was = m_capture;
  m_capture = false;
  m_macs = 0;
  m_conv_macs = 0;
  m_conv_ops = 0;
  m_ops = 0;
  struct Restore {
    InstrumentedModel& m;
    bool capture;
    ~Restore() {
      m.m_macs = -1;
      m.m_capture = capture;
      m.begin_forward();
    }
  } restore{*this, capture_was};
  forward(x);
  return {m_macs, m_ops, m_conv_macs, m_conv_ops};
}

std::vector<std::string> model_names() { return {"spiral-mlp", "deep-mlp", "fashion-cnn"}; }

std::shared_ptr<InstrumentedModel> make_model(const std::string& name, std::uint64_t seed) {
  if (name == "spiral-mlp") return detail::make_mlp({2, 64, 64, 64, 3}, seed, 1.0);
  if (name == "deep-mlp") {
    std::vector<std::int64_t> widths(13, 128);  // input + 12 hidden layers of 128
    widths.push_back(10);
    return detail::make_mlp(widths, seed, detail::kDeepMlpWeightGain);
  }
  if (name == "fashion-cnn") return detail::make_fashion_cnn(seed);
  throw UserInvalidArgument(
      {AMPSCOPE_TR_NOOP("ampscope::ModelZoo", "unknown model '%1' (known: %2)"), {name, joined(model_names())}});
}

std::string default_dataset(const std::string& model) {
  if (const std::string_view own = own_dataset(model); !own.empty()) return std::string(own);
  throw UserInvalidArgument(
      {AMPSCOPE_TR_NOOP("ampscope::ModelZoo", "unknown model '%1' (known: %2)"), {model, joined(model_names())}});
}

}  // namespace ampscope
