// The three models. Layers are plain torch::nn::Linear / Conv2d registered under the labels
// users read, so named_parameters() gives "fc1.weight"; forward() goes through
// InstrumentedModel::linear()/conv2d() so the precision mode (and its emulation) applies to every
// product, and through capture() so activation gradients can be recorded.
#include "models.h"

#include <ATen/CPUGeneratorImpl.h>
#include <torch/nn/modules/conv.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/functional/pooling.h>

#include <cmath>
#include <string>

namespace ampscope::detail {
namespace {

/// PyTorch's default init (kaiming_uniform with a=sqrt(5): U(-1/sqrt(fan_in), 1/sqrt(fan_in)) for
/// weight and bias), drawn from a generator of our own: the weights are then a function of the
/// seed alone, not of whatever else consumed the global generator, and the global generator is
/// left for the caller. Layers are drawn in forward order, weight before bias.
void init_layer(torch::Tensor& weight, torch::Tensor& bias, at::Generator& gen, double weight_gain) {
  torch::NoGradGuard no_grad;
  const double bound = 1.0 / std::sqrt(static_cast<double>(weight[0].numel()));
  weight.uniform_(-weight_gain * bound, weight_gain * bound, gen);
  bias.uniform_(-bound, bound, gen);
}

class Mlp : public InstrumentedModel {
 public:
  Mlp(const std::vector<std::int64_t>& widths, std::uint64_t seed, double weight_gain) {
    at::Generator gen = at::detail::createCPUGenerator(seed);
    for (std::size_t i = 0; i + 1 < widths.size(); ++i) {
      m_labels.push_back("fc" + std::to_string(i + 1));
      m_layers.push_back(register_module(m_labels.back(), torch::nn::Linear(widths[i], widths[i + 1])));
      init_layer(m_layers.back()->weight, m_layers.back()->bias, gen, weight_gain);
    }
  }

  torch::Tensor forward(const torch::Tensor& x) override {
    begin_forward();
    torch::Tensor h = x.flatten(1);
    for (std::size_t i = 0; i < m_layers.size(); ++i) {
      h = capture(m_labels[i], linear(h, m_layers[i]->weight, m_layers[i]->bias));
      if (i + 1 < m_layers.size()) h = torch::relu(h);
    }
    return h;
  }

  std::vector<std::string> module_labels() const override { return m_labels; }

 private:
  std::vector<std::string> m_labels;
  std::vector<torch::nn::Linear> m_layers;
};

class FashionCnn : public InstrumentedModel {
 public:
  explicit FashionCnn(std::uint64_t seed) {
    at::Generator gen = at::detail::createCPUGenerator(seed);
    using torch::nn::Conv2dOptions;
    m_conv1 = register_module("conv1", torch::nn::Conv2d(Conv2dOptions(1, 32, 3).padding(1)));
    m_conv2 = register_module("conv2", torch::nn::Conv2d(Conv2dOptions(32, 64, 3).padding(1)));
    m_fc1 = register_module("fc1", torch::nn::Linear(64 * 7 * 7, 128));
    m_fc2 = register_module("fc2", torch::nn::Linear(128, 10));
    init_layer(m_conv1->weight, m_conv1->bias, gen, 1.0);
    init_layer(m_conv2->weight, m_conv2->bias, gen, 1.0);
    init_layer(m_fc1->weight, m_fc1->bias, gen, 1.0);
    init_layer(m_fc2->weight, m_fc2->bias, gen, 1.0);
  }

  torch::Tensor forward(const torch::Tensor& x) override {
    begin_forward();
    torch::Tensor h = capture("conv1", conv2d(x, m_conv1->weight, m_conv1->bias, 1));
    h = torch::max_pool2d(torch::relu(h), 2);
    h = capture("conv2", conv2d(h, m_conv2->weight, m_conv2->bias, 1));
    h = torch::max_pool2d(torch::relu(h), 2).flatten(1);
    h = torch::relu(capture("fc1", linear(h, m_fc1->weight, m_fc1->bias)));
    return capture("fc2", linear(h, m_fc2->weight, m_fc2->bias));
  }

  std::vector<std::string> module_labels() const override { return {"conv1", "conv2", "fc1", "fc2"}; }

 private:
  torch::nn::Conv2d m_conv1{nullptr}, m_conv2{nullptr};
  torch::nn::Linear m_fc1{nullptr}, m_fc2{nullptr};
};

}  // namespace

std::shared_ptr<InstrumentedModel> make_mlp(const std::vector<std::int64_t>& widths, std::uint64_t seed,
                                            double weight_gain) {
  return std::make_shared<Mlp>(widths, seed, weight_gain);
}

std::shared_ptr<InstrumentedModel> make_fashion_cnn(std::uint64_t seed) {
  return std::make_shared<FashionCnn>(seed);
}

}  // namespace ampscope::detail
