// Helpers shared by the GradScaler tests: a parameter whose gradient the test sets directly,
// so that a trajectory of clean/overflow steps can be driven through the real scaler API.
#pragma once

#include <ampscope/grad_scaler.h>

#include <torch/nn.h>
#include <torch/optim.h>

#include <limits>
#include <vector>

namespace ampscope::test {

/// One fp32 parameter and an SGD optimizer (lr 0: the parameter never moves).
struct ScalerRig {
  torch::Tensor param = torch::zeros({4}).requires_grad_();
  torch::optim::SGD opt{std::vector<torch::Tensor>{param}, torch::optim::SGDOptions(0.0)};

  /// One iteration: scale a loss, give the parameter a finite or infinite gradient, step, update.
  /// Returns whether the optimizer stepped.
  bool iterate(GradScaler& scaler, bool overflow) {
    auto loss = scaler.scale(torch::ones({}));  // initialises the scale lazily, like a real loss
    (void)loss;
    param.mutable_grad() = torch::full({4}, 3.0f);
    if (overflow) param.mutable_grad()[1] = std::numeric_limits<float>::infinity();
    const bool stepped = scaler.step(opt);
    scaler.update();
    return stepped;
  }
};

}  // namespace ampscope::test
