// The few LibTorch API differences between Debian's LibTorch 1.13 (CPU) and LibTorch 2.x
// (pip's torch, CUDA), in one place. Everything else in AmpScope is written once.
#pragma once

#include <torch/version.h>

#include <ATen/ATen.h>
#include <ATen/autocast_mode.h>

#include <sstream>
#include <string>
#include <type_traits>

namespace ampscope::compat {

inline constexpr bool kTorch2 = TORCH_VERSION_MAJOR >= 2;

/// Turn autocast on or off for a device type and choose its lower-precision dtype.
/// 1.13: per-device free functions (set_enabled = CUDA, set_cpu_enabled = CPU);
/// 2.4+: set_autocast_enabled(device_type, bool) / set_autocast_dtype(device_type, dtype).
inline void set_autocast(at::DeviceType device, bool enabled, at::ScalarType dtype) {
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 4)
  at::autocast::set_autocast_enabled(device, enabled);
  at::autocast::set_autocast_dtype(device, dtype);
#else
  if (device == at::kCUDA) {
    at::autocast::set_enabled(enabled);
    at::autocast::set_autocast_gpu_dtype(dtype);
  } else {
    at::autocast::set_cpu_enabled(enabled);
    at::autocast::set_autocast_cpu_dtype(dtype);
  }
#endif
  if (!enabled) at::autocast::clear_cache();
}

/// RAII autocast region (restores "off" on exit, as torch.autocast's context manager does).
class AutocastGuard {
 public:
  AutocastGuard(at::DeviceType device, at::ScalarType dtype) : m_device(device), m_dtype(dtype) {
    set_autocast(device, true, dtype);
  }
  ~AutocastGuard() { set_autocast(m_device, false, m_dtype); }
  AutocastGuard(const AutocastGuard&) = delete;
  AutocastGuard& operator=(const AutocastGuard&) = delete;

 private:
  at::DeviceType m_device;
  at::ScalarType m_dtype;
};

/// The current CUDA stream of `device` (a cudaStream_t, as void* so that this header needs no
/// CUDA headers): what LibTorch enqueues that device's work on, so work handed to the kernels
/// layer on it is ordered with LibTorch's own. nullptr (CUDA's legacy default stream) when
/// this LibTorch has no CUDA, where no CUDA tensor can exist anyway. Defined in
/// torch_compat.cpp: only core's own build knows whether LibTorch has CUDA.
void* current_cuda_stream(const at::Device& device);

/// Whether PyTorch's own _amp_* ops exist on the CPU in this LibTorch (added in 2.1): tests use
/// them as an oracle where they exist.
inline constexpr bool kHasCpuAmpOps =
    TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 1);

/// The key torch::optim::Optimizer keeps a parameter's state under (its protected state_ map):
/// the TensorImpl's address, printed to a string in 1.13 (c10::guts::to_string), the address
/// itself (void*) since 2.0. StateMap is decltype(state_); the map's own key type decides.
template <class StateMap>
typename StateMap::key_type optimizer_state_key(const at::Tensor& p) {
  using Key = typename StateMap::key_type;
  if constexpr (std::is_same_v<Key, std::string>) {
    std::ostringstream s;
    s << static_cast<const void*>(p.unsafeGetTensorImpl());
    return s.str();
  } else {
    return static_cast<Key>(p.unsafeGetTensorImpl());
  }
}

}  // namespace ampscope::compat
