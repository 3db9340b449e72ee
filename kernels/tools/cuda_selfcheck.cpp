// ampscope-cuda-selfcheck: runs the CUDA statistics pass against the CPU pass on random and
// adversarial tensors and compares everything exactly (counts, amax, amin, cast overflow,
// unscaled values bit for bit, found_inf); the fp64 sum of squares only to a tight relative
// tolerance, since the GPU sums in another order.
//
// Needs neither Qt nor LibTorch, so it runs on a GPU machine that has only nvcc and cmake:
//   cmake -S kernels -B build-k && cmake --build build-k && build-k/ampscope-cuda-selfcheck
// Exit status: 0 all cases pass, 1 a case failed, 77 no CUDA device (or no CUDA in this build).
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "ampscope/kernels/grad_stats.h"

#if defined(AMPSCOPE_KERNELS_CUDA)
#include <cuda_runtime.h>
#endif

namespace ak = ampscope::kernels;

namespace {

// One tensor of a case: its storage (native bits) and a view into it.
struct HostTensor {
  ak::DType dtype = ak::DType::F32;
  std::vector<std::uint8_t> storage;
  std::int64_t base = 0;  // element offset of the view's first element in storage
  int ndim = 1;
  std::array<std::int64_t, ak::kMaxDims> sizes{};
  std::array<std::int64_t, ak::kMaxDims> strides{};

  std::size_t esize() const { return dtype == ak::DType::F32 ? 4 : 2; }
  ak::TensorView view(void* storage_ptr) const {
    ak::TensorView v;
    v.data = static_cast<std::uint8_t*>(storage_ptr) + base * static_cast<std::int64_t>(esize());
    v.dtype = dtype;
    v.ndim = ndim;
    v.sizes = sizes;
    v.strides = strides;
    return v;
  }
};

struct Case {
  std::string name;
  std::vector<HostTensor> tensors;
  ak::PassOptions opt;
};

// Storage values as native bits, from fp32 bit patterns or raw 16-bit patterns.
void set_elem(HostTensor& t, std::int64_t i, std::uint32_t bits) {
  if (t.esize() == 4) std::memcpy(t.storage.data() + i * 4, &bits, 4);
  else {
    const auto h = static_cast<std::uint16_t>(bits);
    std::memcpy(t.storage.data() + i * 2, &h, 2);
  }
}

// A contiguous tensor whose elements are given as native bit patterns.
HostTensor contiguous(ak::DType dt, const std::vector<std::uint32_t>& bits) {
  HostTensor t;
  t.dtype = dt;
  t.storage.resize(bits.size() * t.esize());
  t.ndim = 1;
  t.sizes[0] = static_cast<std::int64_t>(bits.size());
  t.strides[0] = 1;
  for (std::size_t i = 0; i < bits.size(); ++i) set_elem(t, static_cast<std::int64_t>(i), bits[i]);
  return t;
}

std::uint32_t f32(float x) { return std::bit_cast<std::uint32_t>(x); }
// Native pattern of a value for dt (fp16/bf16 by truncating fp32 bits is not rounding, so
// adversarial 16-bit values are written as bits directly instead).
std::vector<std::uint32_t> random_values(std::mt19937_64& rng, ak::DType dt, std::size_t n, double scale) {
  std::normal_distribution<float> nd(0.0f, 1.0f);
  std::vector<std::uint32_t> v(n);
  for (auto& x : v) {
    const std::uint32_t b = f32(static_cast<float>(nd(rng) * scale));
    if (dt == ak::DType::F32) x = b;
    else if (dt == ak::DType::BF16) x = b >> 16;  // truncation is fine: any pattern is a value
    else {
      // fp16: random sign, exponent field near the scale, random mantissa.
      const int e = std::clamp(static_cast<int>(std::log2(scale)) + 15 + static_cast<int>(rng() % 7) - 3, 0, 31);
      x = static_cast<std::uint32_t>((rng() & 0x8000u) | (static_cast<std::uint32_t>(e) << 10) | (rng() & 0x3ffu));
    }
  }
  return v;
}

std::vector<std::uint32_t> adversarial_f32() {
  std::vector<std::uint32_t> v;
  for (int e = -149; e <= 127; ++e) {
    const float p = std::ldexp(1.0f, e);
    v.push_back(f32(p));
    v.push_back(f32(-std::nextafter(p, 0.0f)));
  }
  for (float x : {0.0f, -0.0f, std::numeric_limits<float>::max(), -std::numeric_limits<float>::max(),
                  std::numeric_limits<float>::denorm_min(), std::numeric_limits<float>::min(),
                  65504.0f, 65519.99f, 65520.0f, 464.0f, std::nextafter(464.0f, 1e9f), 448.0f,
                  57344.0f, 61440.0f, std::nextafter(61440.0f, 0.0f), 3.3895313892515355e38f,
                  std::bit_cast<float>(0x7f7f8000u), std::bit_cast<float>(0x7f7f7fffu)})
    v.push_back(f32(x));
  v.push_back(0x7f800000u);  // +inf
  v.push_back(0xff800000u);  // -inf
  v.push_back(0x7fc00000u);  // NaN
  v.push_back(0xffc00001u);  // -NaN with payload
  v.push_back(0x7f800001u);  // signalling NaN
  return v;
}

std::vector<std::uint32_t> all_16bit_patterns() {
  std::vector<std::uint32_t> v(65536);
  for (std::uint32_t i = 0; i < 65536; ++i) v[i] = i;
  return v;
}

// A 2-D tensor of rows x cols stored row-major, viewed transposed (dense, permuted strides).
HostTensor transposed(HostTensor t, std::int64_t rows, std::int64_t cols) {
  t.ndim = 2;
  t.sizes = {cols, rows};
  t.strides = {1, cols};
  return t;
}
// Every `step`-th column of a rows x cols row-major tensor (not dense).
HostTensor sliced(HostTensor t, std::int64_t rows, std::int64_t cols, std::int64_t step) {
  t.ndim = 2;
  t.sizes = {rows, (cols + step - 1) / step};
  t.strides = {cols, step};
  return t;
}
// Reversed order (negative stride), starting at the last element.
HostTensor reversed(HostTensor t) {
  const std::int64_t n = t.sizes[0];
  t.base = n - 1;
  t.strides[0] = -1;
  return t;
}

#if defined(AMPSCOPE_KERNELS_CUDA)
bool cuda_ok(cudaError_t e, const char* what) {
  if (e != cudaSuccess) std::printf("  CUDA error in %s: %s\n", what, cudaGetErrorString(e));
  return e == cudaSuccess;
}

bool is_nan(ak::DType dt, std::uint32_t bits) {
  switch (dt) {
    case ak::DType::F32: return (bits & 0x7fffffffu) > 0x7f800000u;
    case ak::DType::F16: return (bits & 0x7fffu) > 0x7c00u;
    case ak::DType::BF16: return (bits & 0x7fffu) > 0x7f80u;
  }
  return false;
}

std::string compare_raw(const ak::RawTensorStats& g, const ak::RawTensorStats& c) {
  for (int i = 0; i < ak::kRawExpBins; ++i)
    if (g.exp_count[i] != c.exp_count[i])
      return "exp_count[2^" + std::to_string(i + ak::kRawMinExp) + "] gpu " + std::to_string(g.exp_count[i]) +
             " cpu " + std::to_string(c.exp_count[i]);
  auto cmp = [](const char* n, std::uint64_t a, std::uint64_t b) -> std::string {
    return a == b ? "" : std::string(n) + " gpu " + std::to_string(a) + " cpu " + std::to_string(b);
  };
  for (auto s : {cmp("zero", g.zero, c.zero), cmp("nan", g.nan, c.nan), cmp("pos_inf", g.pos_inf, c.pos_inf),
                 cmp("neg_inf", g.neg_inf, c.neg_inf), cmp("amax_bits", g.amax_bits, c.amax_bits),
                 cmp("amin_nz_bits", g.amin_nz_bits, c.amin_nz_bits)})
    if (!s.empty()) return s;
  for (int f = 0; f < ak::kNumFormats; ++f) {
    auto s = cmp("cast_overflow", g.cast_overflow[f], c.cast_overflow[f]);
    if (!s.empty()) return s + " (format " + std::to_string(f) + ")";
  }
  const double tol = 1e-12 * std::max(std::abs(c.sum_squares), 1e-300);
  if (!(std::abs(g.sum_squares - c.sum_squares) <= tol) &&
      !(std::isinf(g.sum_squares) && g.sum_squares == c.sum_squares)) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "sum_squares gpu %.17g cpu %.17g", g.sum_squares, c.sum_squares);
    return buf;
  }
  return "";
}

// Runs one case on both passes; returns "" on success or what differed.
std::string run_case(ak::CudaStatsPass& pass, cudaStream_t stream, const Case& cs) {
  const std::size_t n = cs.tensors.size();
  std::vector<std::vector<std::uint8_t>> host(n);
  std::vector<void*> dev(n, nullptr);
  std::vector<ak::TensorView> hv(n), dv(n);
  std::string err;
  std::int32_t* dev_flag = nullptr;
  auto cleanup = [&] {
    for (void* p : dev) cudaFree(p);
    if (dev_flag) cudaFree(dev_flag);
  };
  for (std::size_t t = 0; t < n; ++t) {
    host[t] = cs.tensors[t].storage;
    const std::size_t bytes = std::max<std::size_t>(host[t].size(), 1);
    if (!cuda_ok(cudaMalloc(&dev[t], bytes), "cudaMalloc") ||
        !cuda_ok(cudaMemcpy(dev[t], host[t].data(), host[t].size(), cudaMemcpyHostToDevice), "cudaMemcpy")) {
      cleanup();
      return "device allocation/copy failed";
    }
    hv[t] = cs.tensors[t].view(host[t].data());
    dv[t] = cs.tensors[t].view(dev[t]);
  }
  if (!cuda_ok(cudaMalloc(&dev_flag, sizeof(std::int32_t)), "cudaMalloc") ||
      !cuda_ok(cudaMemsetAsync(dev_flag, 0, sizeof(std::int32_t), stream), "cudaMemset")) {
    cleanup();
    return "device allocation failed";
  }

  std::vector<ak::RawTensorStats> cpu(n);
  const bool cpu_found = ak::grad_stats_cpu(hv, cs.opt, cpu.data());
  try {
    pass.enqueue(dv, cs.opt, stream, dev_flag);
    pass.copy_results_async(stream);
    const auto gpu = pass.wait_results();
    if (cs.opt.compute_stats && gpu.size() != n) err = "result count " + std::to_string(gpu.size());
    for (std::size_t t = 0; err.empty() && cs.opt.compute_stats && t < n; ++t) {
      const std::string d = compare_raw(gpu[t], cpu[t]);
      if (!d.empty()) err = "tensor " + std::to_string(t) + ": " + d;
    }
  } catch (const std::exception& e) {
    err = std::string("exception: ") + e.what();
  }
  std::int32_t gpu_found = -1;
  if (err.empty() && cuda_ok(cudaStreamSynchronize(stream), "sync") &&
      cuda_ok(cudaMemcpy(&gpu_found, dev_flag, sizeof gpu_found, cudaMemcpyDeviceToHost), "cudaMemcpy")) {
    if ((gpu_found != 0) != cpu_found)
      err = "found_inf gpu " + std::to_string(gpu_found) + " cpu " + std::to_string(cpu_found);
  }
  for (std::size_t t = 0; err.empty() && t < n; ++t) {
    std::vector<std::uint8_t> back(host[t].size());
    if (!cuda_ok(cudaMemcpy(back.data(), dev[t], back.size(), cudaMemcpyDeviceToHost), "cudaMemcpy")) {
      err = "copy back failed";
      break;
    }
    const std::size_t es = cs.tensors[t].esize();
    for (std::size_t i = 0; i < back.size(); i += es) {
      std::uint32_t g = 0, c = 0;
      std::memcpy(&g, back.data() + i, es);
      std::memcpy(&c, host[t].data() + i, es);
      // NaN payloads are not specified (x86 keeps the input's, CUDA returns a canonical NaN).
      if (g != c && !(is_nan(cs.tensors[t].dtype, g) && is_nan(cs.tensors[t].dtype, c))) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "tensor %zu storage element %zu after unscale: gpu 0x%x cpu 0x%x", t,
                      i / es, g, c);
        err = buf;
        break;
      }
    }
  }
  cleanup();
  return err;
}
#endif

[[maybe_unused]] std::vector<Case> build_cases() {  // unused without CUDA
  std::mt19937_64 rng(20240611);
  std::vector<Case> cases;
  const ak::DType dts[] = {ak::DType::F32, ak::DType::F16, ak::DType::BF16};
  const char* dn[] = {"f32", "f16", "bf16"};
  auto add = [&](std::string name, std::vector<HostTensor> ts, ak::PassOptions opt = {}) {
    cases.push_back({std::move(name), std::move(ts), opt});
  };
  ak::PassOptions unscale;
  unscale.unscale = true;
  unscale.inv_scale = 1.0f / 65536.0f;
  ak::PassOptions unscale_odd = unscale;
  unscale_odd.inv_scale = 1.0f / 3.0f;  // not a power of two: exercises rounding to dtype
  ak::PassOptions unscale_up = unscale;
  unscale_up.inv_scale = 1024.0f;  // pushes values to overflow in fp16/bf16
  ak::PassOptions no_stats = unscale;
  no_stats.compute_stats = false;

  for (int k = 0; k < 3; ++k) {
    const ak::DType dt = dts[k];
    const std::string p = dn[k];
    for (double scale : {1e-6, 1e-3, 1.0, 1e3})
      add(p + " random normal x" + std::to_string(scale), {contiguous(dt, random_values(rng, dt, 100000, scale))});
    add(p + " random + unscale 2^-16", {contiguous(dt, random_values(rng, dt, 50000, 1.0))}, unscale);
    add(p + " random + unscale 1/3", {contiguous(dt, random_values(rng, dt, 50000, 1.0))}, unscale_odd);
    add(p + " large (many blocks) + unscale", {contiguous(dt, random_values(rng, dt, 3'000'001, 1e-2))}, unscale);
    add(p + " empty", {contiguous(dt, {})});
    add(p + " one element", {contiguous(dt, {dt == ak::DType::F32 ? f32(0.375f) : 0x3e00u})});
    {
      HostTensor s = contiguous(dt, {dt == ak::DType::F32 ? f32(-2.0f) : 0xc000u});
      s.ndim = 0;
      add(p + " scalar (ndim 0)", {s}, unscale);
    }
    auto big = random_values(rng, dt, 300 * 517, 1.0);
    add(p + " transposed 300x517", {transposed(contiguous(dt, big), 300, 517)}, unscale);
    add(p + " sliced step 3", {sliced(contiguous(dt, big), 300, 517, 3)}, unscale);
    add(p + " reversed (negative stride)", {reversed(contiguous(dt, random_values(rng, dt, 10007, 1.0)))}, unscale);
    add(p + " no stats, unscale only", {contiguous(dt, random_values(rng, dt, 70000, 1.0))}, no_stats);
    {
      // Dense but not 16-byte aligned (the element-by-element path), and whole chunks of an
      // aligned one (the vector-load path, no partial chunk).
      HostTensor u = contiguous(dt, random_values(rng, dt, 4096 * 40 + 1, 1e-2));
      u.base = 1;
      u.sizes[0] -= 1;
      add(p + " unaligned start + unscale", {u}, unscale_odd);
      add(p + " 40 whole chunks + unscale", {contiguous(dt, random_values(rng, dt, 4096 * 40, 1e-2))}, unscale_odd);
    }
  }
  add("f32 adversarial", {contiguous(ak::DType::F32, adversarial_f32())});
  add("f32 adversarial + unscale 2^-16", {contiguous(ak::DType::F32, adversarial_f32())}, unscale);
  add("f32 adversarial + unscale 1024", {contiguous(ak::DType::F32, adversarial_f32())}, unscale_up);
  {
    std::vector<std::uint32_t> v(1 << 20);
    for (auto& x : v) x = static_cast<std::uint32_t>(rng());  // every exponent, NaNs, infs
    add("f32 random bit patterns", {contiguous(ak::DType::F32, v)}, unscale_odd);
  }
  add("f16 all 65536 patterns", {contiguous(ak::DType::F16, all_16bit_patterns())});
  add("f16 all patterns + unscale 1/3", {contiguous(ak::DType::F16, all_16bit_patterns())}, unscale_odd);
  add("f16 all patterns + unscale 1024", {contiguous(ak::DType::F16, all_16bit_patterns())}, unscale_up);
  add("bf16 all 65536 patterns", {contiguous(ak::DType::BF16, all_16bit_patterns())});
  add("bf16 all patterns + unscale 1/3", {contiguous(ak::DType::BF16, all_16bit_patterns())}, unscale_odd);
  add("bf16 all patterns + unscale 2^-16", {contiguous(ak::DType::BF16, all_16bit_patterns())}, unscale);
  {
    // A model's worth of parameter gradients in one launch: mixed dtypes and sizes, empties,
    // one with a NaN, so block -> tensor mapping and per-tensor merging are exercised.
    std::vector<HostTensor> ts;
    for (int i = 0; i < 300; ++i) {
      const ak::DType dt = dts[rng() % 3];
      const std::size_t n = (i % 17 == 0) ? 0 : static_cast<std::size_t>(rng() % 20000);
      ts.push_back(contiguous(dt, random_values(rng, dt, n, std::ldexp(1.0, static_cast<int>(rng() % 40) - 30))));
    }
    set_elem(ts[123], 0, ts[123].dtype == ak::DType::F32 ? 0x7fc00000u : (ts[123].dtype == ak::DType::F16 ? 0x7e00u : 0x7fc0u));
    add("300 tensors, one launch", ts);
    add("300 tensors, one launch + unscale", ts, unscale);
  }
  return cases;
}

}  // namespace

int main() {
  std::printf("ampscope-cuda-selfcheck: CUDA pass vs CPU pass\n");
  if (!ak::cuda_compiled()) {
    std::printf("SKIP: no CUDA device (this build has no CUDA kernels)\n");
    return 77;
  }
  if (!ak::cuda_available()) {
    std::printf("SKIP: no CUDA device\n");
    return 77;
  }
#if defined(AMPSCOPE_KERNELS_CUDA)
  cudaDeviceProp prop{};
  if (cudaGetDeviceProperties(&prop, 0) == cudaSuccess)
    std::printf("device 0: %s (sm_%d%d)\n", prop.name, prop.major, prop.minor);
  cudaStream_t stream = nullptr;
  if (!cuda_ok(cudaStreamCreate(&stream), "cudaStreamCreate")) return 1;
  // Every kernel variant (histogram method x chunks per block, see CudaStatsPass::config) must
  // give the same results: each runs every case. Fixed chunk counts of 3 and 16 make the large
  // cases span several chunks per block, with a partial last chunk.
  struct Variant {
    const char* hist;
    const char* chunks;
  };
  const Variant variants[] = {{"atomic", "0"}, {"match", "0"}, {"lane", "0"}, {"lane", "3"}, {"match", "16"}};
  const std::vector<Case> cases = build_cases();
  int failures = 0, total = 0;
  for (const Variant& var : variants) {
    setenv("AMPSCOPE_CUDA_HIST", var.hist, 1);
    setenv("AMPSCOPE_CUDA_CHUNKS", var.chunks, 1);
    try {
      ak::CudaStatsPass pass(0);
      std::printf("-- variant %s\n", pass.config().c_str());
      for (const Case& cs : cases) {
        ++total;
        const std::string err = run_case(pass, stream, cs);
        if (!err.empty() || (std::strcmp(var.chunks, "0") == 0 && std::strcmp(var.hist, "atomic") == 0))
          std::printf("%-4s %s%s%s\n", err.empty() ? "ok" : "FAIL", cs.name.c_str(), err.empty() ? "" : ": ",
                      err.c_str());
        if (!err.empty()) ++failures;
      }
    } catch (const std::exception& e) {
      std::printf("FAIL: %s\n", e.what());
      ++failures;
    }
  }
  unsetenv("AMPSCOPE_CUDA_HIST");
  unsetenv("AMPSCOPE_CUDA_CHUNKS");
  cudaStreamDestroy(stream);
  std::printf("%s: %d/%d cases passed\n", failures == 0 ? "PASS" : "FAIL", total - failures, total);
  return failures == 0 ? 0 : 1;
#else
  return 77;
#endif
}
