// Builds without nvcc: the CUDA entry points exist (so core links the same everywhere) but
// report that there are no CUDA kernels.
#include <stdexcept>

#include "ampscope/kernels/grad_stats.h"

namespace ampscope::kernels {

bool cuda_compiled() { return false; }
bool cuda_available() { return false; }

struct CudaStatsPass::Impl {};

CudaStatsPass::CudaStatsPass(int /*device*/) : m_impl(nullptr) {
  throw std::runtime_error(
      "CudaStatsPass: this build of AmpScope has no CUDA kernels (configured without nvcc)");
}
CudaStatsPass::~CudaStatsPass() = default;
void CudaStatsPass::enqueue(std::span<const TensorView>, const PassOptions&, void*, std::int32_t*) {
  throw std::runtime_error("CudaStatsPass: no CUDA kernels in this build");
}
void CudaStatsPass::copy_results_async(void*) {
  throw std::runtime_error("CudaStatsPass: no CUDA kernels in this build");
}
std::string CudaStatsPass::config() const { return "none (no CUDA kernels in this build)"; }
bool CudaStatsPass::results_ready() const { return false; }
std::span<const RawTensorStats> CudaStatsPass::wait_results() {
  throw std::runtime_error("CudaStatsPass: no CUDA kernels in this build");
}

}  // namespace ampscope::kernels
