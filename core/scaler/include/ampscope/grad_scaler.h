// ampscope::GradScaler: PyTorch's torch.amp.GradScaler for LibTorch C++, instrumented.
//
// The canonical loop (examples/canonical_loop):
//   ampscope::GradScaler scaler;
//   auto loss = ...;
//   scaler.scale(loss).backward();
//   scaler.unscale_(optimizer);                  // optional, before clipping
//   torch::nn::utils::clip_grad_norm_(params, 1.0);
//   scaler.step(optimizer);                      // skipped when gradients hold inf/NaN
//   scaler.update();
//
// Behaviour, defaults and error messages follow docs/gradscaler.md (PyTorch 2.x) exactly.
// Errors: std::runtime_error for state-machine misuse (PyTorch's RuntimeError and assertions
// about call order), std::invalid_argument for bad arguments and options.
// Threading: not thread-safe; drive one scaler from one thread.
// Packaging: AmpScope::scaler (find_package(AmpScope COMPONENTS scaler)); needs LibTorch only,
// and this header and those it includes are C++17.
#pragma once

#include <ampscope/grad_scaler_events.h>
#include <ampscope/grad_scaler_state.h>
#include <ampscope/scale_policy.h>

#include <torch/optim/optimizer.h>
#include <torch/types.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ampscope {

/// Orders devices (type, then index) so that they can key a std::map.
struct DeviceLess {
  bool operator()(const torch::Device& a, const torch::Device& b) const {
    if (a.type() != b.type()) return static_cast<int>(a.type()) < static_cast<int>(b.type());
    return a.index() < b.index();
  }
};
using FoundInfPerDevice = std::map<torch::Device, torch::Tensor, DeviceLess>;

class GradScaler {
 public:
  /// Throws std::invalid_argument for invalid options when options.enabled(); a disabled
  /// scaler's options are not checked (as in PyTorch) until set_options() turns it on.
  explicit GradScaler(GradScalerOptions options = {});
  ~GradScaler();
  GradScaler(const GradScaler&) = delete;
  GradScaler& operator=(const GradScaler&) = delete;

  /// outputs * scale (out of place); the input unchanged when disabled. Lazily creates the
  /// scale on the outputs' device.
  torch::Tensor scale(const torch::Tensor& outputs);
  std::vector<torch::Tensor> scale(const std::vector<torch::Tensor>& outputs);

  /// Divides the optimizer's gradients by the scale in place, recording inf/NaN per device.
  /// Runs without grad mode (records no autograd history) and bumps each written gradient's
  /// version counter, as PyTorch's in-place unscale does.
  void unscale_(torch::optim::Optimizer& optimizer);
  /// Unscales if not done yet, then runs optimizer.step() unless inf/NaN was found.
  /// Returns true when the optimizer stepped.
  bool step(torch::optim::Optimizer& optimizer);
  /// Updates the scale from this iteration's inf checks; resets every optimizer's stage.
  void update();
  /// Sets the scale (the growth tracker is untouched).
  void update(double new_scale);
  /// PyTorch also accepts a 1-element tensor with requires_grad false, on a device of the
  /// scaler's device type (any index). Its value is copied; reading it synchronises on CUDA.
  void update(const torch::Tensor& new_scale);

  double get_scale() const;  ///< 1.0 when disabled; init_scale before first use
  double get_growth_factor() const { return m_options.growth_factor(); }
  double get_backoff_factor() const { return m_options.backoff_factor(); }
  std::int64_t get_growth_interval() const { return m_options.growth_interval(); }
  std::int64_t get_growth_tracker() const;
  std::int64_t get_hysteresis_tracker() const;
  bool is_enabled() const { return m_options.enabled(); }
  void set_growth_factor(double v);
  void set_backoff_factor(double v);
  void set_growth_interval(std::int64_t v);

  /// All options; set_options validates (when enabled) and applies them live (the current
  /// scale and trackers are kept; init_scale only matters before first use).
  const GradScalerOptions& options() const { return m_options; }
  void set_options(const GradScalerOptions& options);

  GradScalerState state_dict() const;
  /// A no-op on a disabled scaler (as PyTorch's), even for an empty state.
  void load_state_dict(const GradScalerState& state);
  /// Writes state_dict() to a file (JSON); throws std::runtime_error on I/O failure.
  void save(const std::string& path) const;
  /// Reads a file written by save(); throws on a missing, corrupt or invalid file and then
  /// leaves the scaler unchanged.
  void load(const std::string& path);

  /// The found_inf flags recorded by unscale_ for this optimizer since the last update(),
  /// one per device (PyTorch's _found_inf_per_device).
  FoundInfPerDevice found_inf_per_device(torch::optim::Optimizer& optimizer);

  /// PyTorch's _unscale_grads_: unscale with an explicit inv_scale, optionally allowing fp16
  /// gradients (sparse fp16 gradients are then coalesced first). Returns found_inf per device.
  /// Does not touch the optimizer's stage.
  FoundInfPerDevice unscale_grads_(torch::optim::Optimizer& optimizer,
                                   const torch::Tensor& inv_scale, bool allow_fp16);

  /// The report of the most recent update() / update(new_scale), kept whether or not an
  /// observer is attached (update_index -1 before the first).
  const UpdateEvent& last_update() const { return m_last_update; }

  /// Observers are not owned; remove one before destroying it.
  void add_observer(GradScalerObserver* observer);
  void remove_observer(GradScalerObserver* observer);

 private:
  struct OptimizerState;
  OptimizerState& state_for(torch::optim::Optimizer& optimizer);
  void check_initialised(const char* funcname) const;
  void lazy_init(const torch::Device& device);
  // Statistics an unscale left on a device (CUDA), written into its event at delivery; and the
  // device-side machinery (the kernels' CUDA passes), kept out of this header.
  struct DeferredStats;
  struct DeviceWork;
  FoundInfPerDevice unscale_impl(torch::optim::Optimizer& optimizer, float inv_scale,
                                 bool allow_fp16, UnscaleEvent* event,
                                 std::vector<DeferredStats>* deferred, bool pooled_flags);
  void fill_deferred(UnscaleEvent& event, std::vector<DeferredStats>& deferred);
  void deliver_pending_unscale_events();
  void set_state(const ScalerState& s);
  static bool any_found_inf(const FoundInfPerDevice& m);

  GradScalerOptions m_options;
  // The scale and trackers live on the host: the update rule is a pure host function (so every
  // change has a reason), and the host knows found_inf from the skip decision that step()
  // synchronises on anyway. m_scale mirrors the scale on the device for scale()'s multiply.
  ScalerState m_state;
  bool m_initialised = false;
  double m_init_scale;             // reported by get_scale() before first use
  torch::Tensor m_scale;           // float32, 0-dim, created lazily on the first scale()
  std::int64_t m_update_count = 0;
  UpdateEvent m_last_update;
  std::map<const void*, std::unique_ptr<OptimizerState>> m_optimizer_states;
  std::vector<GradScalerObserver*> m_observers;
  std::vector<UnscaleEvent> m_pending_unscale;
  std::unique_ptr<DeviceWork> m_work;  // also holds the DeferredStats of m_pending_unscale
};

}  // namespace ampscope
