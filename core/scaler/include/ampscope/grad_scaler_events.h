// What an instrumented GradScaler reports. Torch-free value types: the UI, the run store and
// the training session consume them without LibTorch headers. C++17, as every public header of
// AmpScope::scaler.
#pragma once

#include <ampscope/kernels/raw_tensor_stats.h>
#include <ampscope/scale_policy.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ampscope {

/// One parameter's gradient as seen by unscale_ (before unscaling).
struct ParamGradReport {
  std::size_t group = 0;        ///< index of the optimizer's param group
  std::size_t index = 0;        ///< index of the parameter inside the group
  const void* param_id = nullptr;  ///< identity of the parameter (its TensorImpl), for lookups
  std::int64_t numel = 0;
  std::int64_t nan = 0;
  std::int64_t pos_inf = 0;
  std::int64_t neg_inf = 0;
  bool has_stats = false;       ///< raw holds the full statistics of the scaled gradient
  kernels::RawTensorStats raw{};
  std::int64_t nonfinite() const { return nan + pos_inf + neg_inf; }
};

/// Reported for every unscale_ (delivered once the skip decision is known, so that a CUDA
/// run needs no synchronisation beyond the one PyTorch has).
struct UnscaleEvent {
  const void* optimizer_id = nullptr;
  float scale = 1.0f;
  float inv_scale = 1.0f;
  bool found_inf = false;
  std::vector<ParamGradReport> params;  ///< in param-group order, parameters with gradients only
};

/// Reported for every step().
struct StepEvent {
  const void* optimizer_id = nullptr;
  bool stepped = false;  ///< false: skipped because gradients held inf/NaN
  bool found_inf = false;
};

/// Reported for every update() and update(new_scale).
struct UpdateEvent {
  std::int64_t update_index = 0;  ///< counts update() calls since construction (or load)
  ScalerState before;
  ScalerState after;
  bool found_inf = false;          ///< any optimizer/device reported inf/NaN
  ScaleChangeReason reason = ScaleChangeReason::Unchanged;
};

/// Receives the scaler's reports on the thread that drives the scaler. Keep it cheap.
class GradScalerObserver {
 public:
  virtual ~GradScalerObserver() = default;
  virtual void on_unscale(const UnscaleEvent&) {}
  virtual void on_step(const StepEvent&) {}
  virtual void on_update(const UpdateEvent&) {}
};

}  // namespace ampscope
