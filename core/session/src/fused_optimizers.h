// LibTorch's SGD, Adam and AdamW with one loop per parameter (issue 18, "a leaner step").
//
// torch::optim's C++ step() runs 4 to 10 LibTorch ops per parameter (SGD with momentum: the
// gradient alias, mul_, add_, add_; Adam: mul_, add_, mul_, addcmul_, sqrt, div, add_, addcdiv_),
// each through the dispatcher: on a small model that per-op overhead, not the arithmetic, is the
// optimizer's time. These subclasses keep the base class's options, state (momentum buffers,
// moments, step counts) and serialisation, and compute exactly the same numbers: every float
// operation in the same order with the same roundings, FMA where ATen's vectorised kernels use
// one. The results are the same bits as the base class's on Debian's LibTorch 1.13
// (test_session: fusedOptimizersMatchLibTorch). A parameter the loop does not cover (not a
// contiguous fp32 CPU tensor, a sparse gradient, amsgrad) sends the whole step to the base class.
#pragma once

#include <torch/optim/adam.h>
#include <torch/optim/adamw.h>
#include <torch/optim/sgd.h>

#include <cstddef>
#include <cstdint>

namespace ampscope::detail {

class WorkLane;

/// A fused optimizer's second thread (work_lane.h: the session's on 2 cores, beside deep-mlp's
/// step). With one, a step runs the parameters of its second half (by elements) there and the
/// first on the calling thread: each parameter's loop whole on one thread, so the same bits as
/// without. Stepped from the thread that posts to the lane (the session's stepping thread).
class LaneStepping {
 public:
  void set_work_lane(WorkLane* lane) { m_lane = lane; }

 protected:
  WorkLane* m_lane = nullptr;
};

class FusedSGD final : public torch::optim::SGD, public LaneStepping {
 public:
  using torch::optim::SGD::SGD;
  torch::Tensor step(LossClosure closure = nullptr) override;
};

class FusedAdam final : public torch::optim::Adam, public LaneStepping {
 public:
  using torch::optim::Adam::Adam;
  torch::Tensor step(LossClosure closure = nullptr) override;
};

class FusedAdamW final : public torch::optim::AdamW, public LaneStepping {
 public:
  using torch::optim::AdamW::AdamW;
  torch::Tensor step(LossClosure closure = nullptr) override;
};

/// Whether the last step() of a fused optimizer ran its own loop (false: the base class's).
/// For tests and the profile in bench_training.
bool last_step_was_fused();
/// Parameters the last fused step on this thread gave its lane (0: none, or no lane). For tests.
std::size_t last_step_lane_params();

/// Elements the last fused step on this thread stepped apart because their gradient was zero and
/// a moment (Adam's m or v, SGD's momentum buffer) tiny (fused_optimizers.cpp, adam_fma and
/// sgd_fma): `decay` with only the moment's decay computed apart (in integers or fp64), `aside`
/// (Adam only) with every operation in fp64. Zero without AVX2. For tests.
struct TinyLanes {
  std::int64_t decay = 0, aside = 0;
};
TinyLanes last_step_tiny_lanes();

}  // namespace ampscope::detail
