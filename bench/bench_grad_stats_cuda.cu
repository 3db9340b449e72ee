// bench_grad_stats_cuda: the CUDA statistics pass against the device's own ceilings, measured
// in the same run:
//   copy = cudaMemcpyAsync device-to-device of the same bytes (bytes read + written / time),
//   read = a plain vectorised sum over the same memory (bytes read / time).
// GB/s of every row counts the bytes a method moves: read-only passes read the tensor once;
// the fused unscale reads and writes it (like the copy). Issue #3's target: the pass on 256 MB
// of gradients at >= 70% of the copy bandwidth.
//
// Also: the kernel variants (histogram method x chunks per block) at 256 MB, fp16/bf16, a
// model-like list of many tensors in one launch, and the host cost of enqueueing a small
// model's worth of tensors (what a training step pays on the CPU side).
//
// Needs only the kernels library and the CUDA runtime (no LibTorch, no Qt).
//   bench_grad_stats_cuda [--quick] [--max-mb M] [--profile]
// Exit status 77 when there is no CUDA device.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "ampscope/kernels/grad_stats.h"

namespace ak = ampscope::kernels;

namespace {

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "bench_grad_stats_cuda: %s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

__device__ __forceinline__ std::uint32_t mix(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return static_cast<std::uint32_t>(x);
}

// Gradient-like data: normal * 1e-3 (Box-Muller on a hash), ~10% exact zeros (dead ReLUs).
__device__ __forceinline__ float gradient_like(long long i, std::uint64_t seed) {
  const std::uint32_t a = mix(seed ^ (2 * i)), b = mix(seed ^ (2 * i + 1));
  const float u1 = (a >> 8) * (1.0f / 16777216.0f) + 1e-7f, u2 = (b >> 8) * (1.0f / 16777216.0f);
  return (b & 0xff) < 26 ? 0.0f : sqrtf(-2.0f * logf(u1)) * cospif(2.0f * u2) * 1e-3f;
}

// fp32 values, or 16-bit patterns: bf16 by truncating the fp32 bits (fine for test data),
// fp16 rounded to nearest.
template <class T>
__global__ void fill_kernel(T* out, long long n, std::uint64_t seed, bool half = false) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x) {
    const float v = gradient_like(i, seed);
    if constexpr (sizeof(T) == 4) out[i] = v;
    else out[i] = half ? __half_as_ushort(__float2half_rn(v)) : static_cast<T>(__float_as_uint(v) >> 16);
  }
}

// The plain-read ceiling: a vectorised sum, one atomic per block.
__global__ void read_sum_kernel(const float4* __restrict__ x, long long n4, float* out) {
  float acc = 0.0f;
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n4;
       i += static_cast<long long>(gridDim.x) * blockDim.x) {
    const float4 v = x[i];
    acc += (v.x + v.y) + (v.z + v.w);
  }
  for (int s = 16; s > 0; s >>= 1) acc += __shfl_down_sync(0xffffffffu, acc, s);
  __shared__ float part[32];
  if ((threadIdx.x & 31) == 0) part[threadIdx.x >> 5] = acc;
  __syncthreads();
  if (threadIdx.x == 0) {
    float b = 0.0f;
    for (int w = 0; w < static_cast<int>(blockDim.x >> 5); ++w) b += part[w];
    atomicAdd(out, b);
  }
}

struct Timer {
  cudaEvent_t a{}, b{};
  Timer() {
    check(cudaEventCreate(&a), "cudaEventCreate");
    check(cudaEventCreate(&b), "cudaEventCreate");
  }
  ~Timer() {
    cudaEventDestroy(a);
    cudaEventDestroy(b);
  }
};

// Seconds per call of f (enqueue only; timed with events on `stream`): best of `trials`
// batches, each batch `reps` calls long, after one warm-up batch.
template <class F>
double time_per_call(cudaStream_t stream, F&& f, int reps, int trials) {
  Timer t;
  double best = 1e30;
  for (int trial = -1; trial < trials; ++trial) {
    check(cudaEventRecord(t.a, stream), "cudaEventRecord");
    for (int r = 0; r < reps; ++r) f(r);
    check(cudaEventRecord(t.b, stream), "cudaEventRecord");
    check(cudaEventSynchronize(t.b), "cudaEventSynchronize");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, t.a, t.b), "cudaEventElapsedTime");
    if (trial >= 0) best = std::min(best, ms * 1e-3 / reps);
  }
  return best;
}

int reps_for(std::size_t bytes) {
  // About 20 ms of work per batch at ~2 TB/s, at least 5 and at most 2000 calls.
  return static_cast<int>(std::clamp<double>(4e10 / std::max<double>(static_cast<double>(bytes), 1.0), 5.0, 2000.0));
}

std::string human(std::size_t bytes) {
  char buf[32];
  if (bytes >= (1u << 20)) std::snprintf(buf, sizeof buf, "%zu MB", bytes >> 20);
  else std::snprintf(buf, sizeof buf, "%zu KB", bytes >> 10);
  return buf;
}

struct Device {
  void* a = nullptr;
  void* b = nullptr;
  float* sum = nullptr;
  std::int32_t* flag = nullptr;
  std::size_t cap = 0;
};

double pass_time(ak::CudaStatsPass& pass, cudaStream_t stream, const std::vector<ak::TensorView>& views,
                 bool unscale, std::int32_t* flag, int reps, int trials) {
  return time_per_call(
      stream,
      [&](int r) {
        ak::PassOptions opt;
        opt.unscale = unscale;
        // Alternate 0.5 / 2: repeated unscaling leaves the data as it was (exactly).
        opt.inv_scale = unscale ? ((r & 1) ? 2.0f : 0.5f) : 1.0f;
        pass.enqueue(views, opt, stream, flag);
      },
      reps, trials);
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = false;
  bool profile = false;  // for a profiler: three passes (read-only, then unscale) over max-mb, nothing else
  std::size_t max_mb = 256;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick")) quick = true;
    else if (!std::strcmp(argv[i], "--max-mb") && i + 1 < argc) max_mb = static_cast<std::size_t>(std::atoll(argv[++i]));
    else if (!std::strcmp(argv[i], "--profile")) profile = true;
    else {
      std::fprintf(stderr, "usage: %s [--quick] [--max-mb M] [--profile]\n", argv[0]);
      return 2;
    }
  }
  if (!ak::cuda_available()) {
    std::printf("bench_grad_stats_cuda: SKIP: no CUDA device\n");
    return 77;
  }
  const int trials = quick ? 3 : 7;
  cudaDeviceProp prop{};
  check(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
  std::printf("bench_grad_stats_cuda: %s, %d SMs, %.0f MB L2\n", prop.name, prop.multiProcessorCount,
              prop.l2CacheSize / 1048576.0);
  cudaStream_t stream{};
  check(cudaStreamCreate(&stream), "cudaStreamCreate");

  Device dev;
  dev.cap = max_mb << 20;
  check(cudaMalloc(&dev.a, dev.cap), "cudaMalloc");
  check(cudaMalloc(&dev.b, dev.cap), "cudaMalloc");
  check(cudaMalloc(reinterpret_cast<void**>(&dev.sum), sizeof(float)), "cudaMalloc");
  check(cudaMalloc(reinterpret_cast<void**>(&dev.flag), sizeof(std::int32_t)), "cudaMalloc");
  check(cudaMemset(dev.flag, 0, sizeof(std::int32_t)), "cudaMemset");
  fill_kernel<float><<<4096, 256, 0, stream>>>(static_cast<float*>(dev.a), static_cast<long long>(dev.cap / 4), 12345);
  check(cudaGetLastError(), "fill");
  check(cudaStreamSynchronize(stream), "sync");

  ak::CudaStatsPass pass(0);
  std::printf("pass: %s\n\n", pass.config().c_str());

  if (profile) {
    const std::vector<ak::TensorView> views{
        ak::TensorView::contiguous(dev.a, ak::DType::F32, static_cast<std::int64_t>(dev.cap / 4))};
    for (int r = 0; r < 3; ++r) pass_time(pass, stream, views, false, dev.flag, 1, 0);
    for (int r = 0; r < 2; ++r) pass_time(pass, stream, views, true, dev.flag, 1, 0);
    check(cudaStreamSynchronize(stream), "sync");
    std::printf("profile passes done\n");
    return 0;
  }

  // --- 1. Sizes, fp32, default variant ---------------------------------------------------
  std::printf("fp32, gradient-like data. GB/s = bytes moved / time (copy and fused+unscale read and "
              "write the tensor; read, fused-ro read it once)\n");
  std::printf("%8s %10s %10s %10s %12s %11s %11s %11s\n", "size", "copy", "read", "fused-ro", "fused+unsc",
              "ro % copy", "ro % read", "unsc % copy");
  double copy256 = 0, ro256 = 0, un256 = 0;
  std::size_t last_bytes = 1024;
  for (std::size_t bytes = 1024; bytes <= dev.cap; bytes *= 4) {
    const auto n = static_cast<std::int64_t>(bytes / 4);
    const std::vector<ak::TensorView> views{ak::TensorView::contiguous(dev.a, ak::DType::F32, n)};
    const int reps = reps_for(bytes);
    const double t_copy = time_per_call(
        stream, [&](int) { check(cudaMemcpyAsync(dev.b, dev.a, bytes, cudaMemcpyDeviceToDevice, stream), "copy"); },
        reps, trials);
    const int read_grid = static_cast<int>(std::min<long long>((n / 4 + 255) / 256, 8 * prop.multiProcessorCount));
    const double t_read = time_per_call(
        stream,
        [&](int) {
          read_sum_kernel<<<std::max(read_grid, 1), 256, 0, stream>>>(static_cast<const float4*>(dev.a), n / 4, dev.sum);
        },
        reps, trials);
    const double t_ro = pass_time(pass, stream, views, false, dev.flag, reps, trials);
    const double t_un = pass_time(pass, stream, views, true, dev.flag, reps, trials);
    const double gb = static_cast<double>(bytes) / 1e9;
    const double copy = 2 * gb / t_copy, read = gb / t_read, ro = gb / t_ro, un = 2 * gb / t_un;
    std::printf("%8s %10.1f %10.1f %10.1f %12.1f %10.0f%% %10.0f%% %10.0f%%\n", human(bytes).c_str(), copy, read, ro,
                un, 100 * ro / copy, 100 * ro / read, 100 * un / copy);
    std::fflush(stdout);
    copy256 = copy;  // the largest size's, once the loop ends
    ro256 = ro;
    un256 = un;
    last_bytes = bytes;
  }

  // --- 2. Variants at the largest size -------------------------------------------------------
  {
    const std::size_t bytes = last_bytes;
    const auto n = static_cast<std::int64_t>(bytes / 4);
    const std::vector<ak::TensorView> views{ak::TensorView::contiguous(dev.a, ak::DType::F32, n)};
    std::printf("\nkernel variants, fp32 %s (AMPSCOPE_CUDA_HIST x AMPSCOPE_CUDA_CHUNKS)\n", human(bytes).c_str());
    std::printf("%-8s %-8s %10s %12s %11s %11s\n", "hist", "chunks", "fused-ro", "fused+unsc", "ro % copy", "unsc % copy");
    const char* saved_hist = std::getenv("AMPSCOPE_CUDA_HIST");
    const char* saved_chunks = std::getenv("AMPSCOPE_CUDA_CHUNKS");
    const std::string keep_hist = saved_hist ? saved_hist : "", keep_chunks = saved_chunks ? saved_chunks : "";
    for (const char* hist : {"atomic", "lane", "match"}) {
      for (const char* chunks : {"1", "2", "3", "4", "8", "0"}) {
        setenv("AMPSCOPE_CUDA_HIST", hist, 1);
        setenv("AMPSCOPE_CUDA_CHUNKS", chunks, 1);
        ak::CudaStatsPass p(0);
        const double t_ro = pass_time(p, stream, views, false, dev.flag, reps_for(bytes), trials);
        const double t_un = pass_time(p, stream, views, true, dev.flag, reps_for(bytes), trials);
        const double gb = static_cast<double>(bytes) / 1e9;
        std::printf("%-8s %-8s %10.1f %12.1f %10.0f%% %10.0f%%   %s\n", hist, std::strcmp(chunks, "0") ? chunks : "auto",
                    gb / t_ro, 2 * gb / t_un, 100 * gb / t_ro / copy256, 100 * 2 * gb / t_un / copy256,
                    p.config().c_str());
        std::fflush(stdout);
      }
    }
    if (saved_hist) setenv("AMPSCOPE_CUDA_HIST", keep_hist.c_str(), 1); else unsetenv("AMPSCOPE_CUDA_HIST");
    if (saved_chunks) setenv("AMPSCOPE_CUDA_CHUNKS", keep_chunks.c_str(), 1); else unsetenv("AMPSCOPE_CUDA_CHUNKS");
  }

  // --- 2b. Uniform data: every element in one bucket (a layer whose gradient is all zeros,
  // e.g. dead units), the worst case for per-lane atomics into one histogram.
  {
    const std::size_t bytes = last_bytes;
    const auto n = static_cast<std::int64_t>(bytes / 4);
    check(cudaMemset(dev.a, 0, bytes), "cudaMemset");
    const std::vector<ak::TensorView> views{ak::TensorView::contiguous(dev.a, ak::DType::F32, n)};
    std::printf("\nall-zero fp32 %s (every element in one bucket)\n", human(bytes).c_str());
    std::printf("%-8s %10s %11s\n", "hist", "fused-ro", "ro % copy");
    for (const char* hist : {"atomic", "lane", "match"}) {
      setenv("AMPSCOPE_CUDA_HIST", hist, 1);
      ak::CudaStatsPass p(0);
      const double t_ro = pass_time(p, stream, views, false, dev.flag, reps_for(bytes), trials);
      const double gb = static_cast<double>(bytes) / 1e9;
      std::printf("%-8s %10.1f %10.0f%%   %s\n", hist, gb / t_ro, 100 * gb / t_ro / copy256, p.config().c_str());
    }
    unsetenv("AMPSCOPE_CUDA_HIST");
    fill_kernel<float><<<4096, 256, 0, stream>>>(static_cast<float*>(dev.a), static_cast<long long>(dev.cap / 4), 12345);
    check(cudaStreamSynchronize(stream), "sync");
  }

  // --- 3. 16-bit dtypes at the largest size ---------------------------------------------------
  {
    const std::size_t bytes = last_bytes;
    const auto n = static_cast<long long>(bytes / 2);
    std::printf("\n16-bit gradients, %s (%lld elements)\n", human(bytes).c_str(), n);
    std::printf("%-6s %10s %10s %12s %11s %11s\n", "dtype", "copy", "fused-ro", "fused+unsc", "ro % copy", "unsc % copy");
    for (ak::DType dt : {ak::DType::F16, ak::DType::BF16}) {
      fill_kernel<std::uint16_t><<<4096, 256, 0, stream>>>(static_cast<std::uint16_t*>(dev.b), n, 777,
                                                           dt == ak::DType::F16);
      check(cudaGetLastError(), "fill16");
      const std::vector<ak::TensorView> views{ak::TensorView::contiguous(dev.b, dt, n)};
      const double gb = static_cast<double>(bytes) / 1e9;
      const double t_ro = pass_time(pass, stream, views, false, dev.flag, reps_for(bytes), trials);
      const double t_un = pass_time(pass, stream, views, true, dev.flag, reps_for(bytes), trials);
      std::printf("%-6s %10.1f %10.1f %12.1f %10.0f%% %10.0f%%\n", dt == ak::DType::F16 ? "fp16" : "bf16", copy256,
                  gb / t_ro, 2 * gb / t_un, 100 * gb / t_ro / copy256, 100 * 2 * gb / t_un / copy256);
    }
    fill_kernel<float><<<4096, 256, 0, stream>>>(static_cast<float*>(dev.a), static_cast<long long>(dev.cap / 4), 12345);
    check(cudaStreamSynchronize(stream), "sync");
  }

  // --- 4. A model's gradients: many tensors in one launch -------------------------------------
  {
    // Sizes like a transformer's parameters: pairs of big matrices, small biases and norms.
    std::vector<std::int64_t> sizes;
    std::int64_t total = 0;
    const std::int64_t budget = static_cast<std::int64_t>(dev.cap / 4);
    for (int layer = 0; total < budget; ++layer) {
      for (std::int64_t s : {std::int64_t{1} << 20, std::int64_t{1} << 10, std::int64_t{4} << 20, std::int64_t{4} << 10,
                             std::int64_t{1} << 10, std::int64_t{1} << 10}) {
        if (total + s > budget) break;
        sizes.push_back(s);
        total += s;
      }
      if (sizes.size() > 4000 || total + (std::int64_t{4} << 20) > budget) break;  // room for a whole layer
    }
    std::vector<ak::TensorView> views;
    std::int64_t off = 0;
    for (std::int64_t s : sizes) {
      views.push_back(ak::TensorView::contiguous(static_cast<float*>(dev.a) + off, ak::DType::F32, s));
      off += s;
    }
    const double gb = static_cast<double>(total) * 4 / 1e9;
    const double t_ro = pass_time(pass, stream, views, false, dev.flag, reps_for(static_cast<std::size_t>(total) * 4), trials);
    const double t_un = pass_time(pass, stream, views, true, dev.flag, reps_for(static_cast<std::size_t>(total) * 4), trials);
    std::printf("\n%zu tensors in one launch, %.0f MB of fp32: fused-ro %.1f GB/s (%.0f%% of copy), "
                "fused+unscale %.1f GB/s (%.0f%% of copy)\n",
                views.size(), gb * 1e3 / 1.048576, gb / t_ro, 100 * gb / t_ro / copy256, 2 * gb / t_un,
                100 * 2 * gb / t_un / copy256);
  }

  // --- 5. Host cost per step for a small model ------------------------------------------------
  {
    // deep-mlp's parameters: 13 weight matrices 128x128 (the first 128x128 too) and 13 biases,
    // then 10x128 and 10: 28 tensors, plus 14 activation gradients of 256x128.
    std::vector<ak::TensorView> views;
    std::int64_t off = 0;
    auto add = [&](std::int64_t s) {
      views.push_back(ak::TensorView::contiguous(static_cast<float*>(dev.a) + off, ak::DType::F32, s));
      off += s;
    };
    for (int l = 0; l < 13; ++l) {
      add(128 * 128);
      add(128);
    }
    add(10 * 128);
    add(10);
    for (int l = 0; l < 14; ++l) add(256 * 128);
    const int steps = quick ? 200 : 2000;
    ak::PassOptions opt;
    opt.unscale = true;
    check(cudaStreamSynchronize(stream), "sync");
    const auto t0 = std::chrono::steady_clock::now();
    for (int s = 0; s < steps; ++s) {
      opt.inv_scale = (s & 1) ? 2.0f : 0.5f;
      pass.enqueue(views, opt, stream, dev.flag);
      pass.copy_results_async(stream);
    }
    const double host_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    check(cudaStreamSynchronize(stream), "sync");
    const double all_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("\nsmall model (%zu tensors, %.1f MB): enqueue + async copy-back %.1f us of host time per step; "
                "%.1f us per step end to end (%d steps, one stream)\n",
                views.size(), static_cast<double>(off) * 4 / 1048576.0, 1e6 * host_s / steps, 1e6 * all_s / steps, steps);
  }

  std::printf("\ntarget (issue #3): >= 70%% of copy bandwidth at 256 MB. fp32 %s here: fused-ro %.0f%%, "
              "fused+unscale %.0f%% (copy %.0f GB/s)\n",
              human(last_bytes).c_str(), 100 * ro256 / copy256, 100 * un256 / copy256, copy256);
  cudaFree(dev.a);
  cudaFree(dev.b);
  cudaFree(dev.sum);
  cudaFree(dev.flag);
  cudaStreamDestroy(stream);
  return 0;
}
