// The models of the zoo (internal to core; users reach them through make_model()).
#pragma once

#include <ampscope/model_zoo.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace ampscope::detail {

/// deep-mlp scales PyTorch's default weight init by this gain. At 0.6 each ReLU layer shrinks
/// the backward signal by about sqrt(128 * (0.6^2 / (3*128)) / 2) ~ 0.25, so by fc1 the activation
/// gradients of an unscaled fp16 backward sit below half of fp16's smallest subnormal (2^-25) and
/// flush to zero, while a scale of 2^16 lifts them back into range: the demonstration the model
/// exists for. fp32 still trains because Adam normalises the small gradients away. Measured
/// (clusters, batch 256, Adam 1e-3, 300 steps): fp32 and fp16 x65536 reach loss ~0.7-1.0,
/// unscaled fp16 stays at ln(10) with every fc1 weight gradient exactly zero. At 0.5 fp32 itself
/// stalls for ~200 steps; at 0.7 and above unscaled fp16 recovers after ~50-100 steps.
inline constexpr double kDeepMlpWeightGain = 0.6;

/// fc1..fcN, Linear(widths[i], widths[i+1]) with ReLU between them, no ReLU after the last.
std::shared_ptr<InstrumentedModel> make_mlp(const std::vector<std::int64_t>& widths, std::uint64_t seed,
                                            double weight_gain);
/// conv1-relu-pool-conv2-relu-pool-fc1-relu-fc2 on 1x28x28 inputs.
std::shared_ptr<InstrumentedModel> make_fashion_cnn(std::uint64_t seed);

}  // namespace ampscope::detail
