#include "ampscope/torch_compat.h"

// AMPSCOPE_TORCH_CUDA is defined (privately, by core/CMakeLists.txt) only when LibTorch is a
// CUDA build and core links c10_cuda; the rest of core compiles the same in every build.
#if defined(AMPSCOPE_TORCH_CUDA)
#include <c10/cuda/CUDAStream.h>
#endif

namespace ampscope::compat {

void* current_cuda_stream(const at::Device& device) {
#if defined(AMPSCOPE_TORCH_CUDA)
  if (device.is_cuda()) {
    // index -1 (a device without an index) is the current device, as LibTorch's ops read it.
    return static_cast<void*>(c10::cuda::getCurrentCUDAStream(device.index()).stream());
  }
#else
  (void)device;
#endif
  return nullptr;
}

}  // namespace ampscope::compat
