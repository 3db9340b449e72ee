// CUDA gradient statistics: the same pass as grad_stats_cpu.cpp, one launch for a whole list
// of tensors, fused with the scaler's unscale and found_inf check.
//
// - Host side: non-empty tensors become descriptors (pointer, dtype, sizes/strides, first block
//   index as a prefix sum) written into a pinned staging slot and copied to the device with
//   cudaMemcpyAsync on the caller's stream; no host synchronisation. Staging slots form a ring,
//   each guarded by an event: the host only waits if it runs kStagingSlots passes ahead of the
//   GPU, which bounds the memory instead of growing it.
// - Device side: a clear kernel initialises the per-tensor RawTensorStats (a plain memset cannot
//   write amin's "none" value 0x7f800000), then the stats kernel: block b finds its (tensor,
//   chunk) by binary search over the prefix sums, every thread loads kItemsPerThread elements
//   (coalesced, all loads issued before use for memory-level parallelism), classifies them into
//   per-warp shared-memory histograms (warp-aggregated with __match_any_sync: gradients cluster
//   in a few exponents, so lanes often hit the same bin), reduces amax/amin/overflow counts/sum
//   of squares per block, and merges into global memory with one atomic per non-empty bin and
//   per scalar: atomicAdd(u64), atomicMax/atomicMin on the u32 bits (non-negative float bits
//   order like integers), atomicAdd(double).
// - The sum of squares is summed in a different order than on the CPU (atomics), so it agrees
//   to rounding only; every count, amax, amin and unscaled value is bit-exact with the CPU.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdlib>
#include <cstddef>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "ampscope/kernels/grad_stats.h"
#include "float_bits.h"

namespace ampscope::kernels {
namespace {

constexpr int kThreads = 256;
constexpr int kItemsPerThread = 16;
constexpr int kElemsPerBlock = kThreads * kItemsPerThread;  // 4096
constexpr int kWarps = kThreads / 32;
// Buckets of the per-warp histograms: exponents -149..127, then zero, NaN, +inf, -inf.
constexpr int kZeroBucket = kRawExpBins;
constexpr int kNanBucket = kRawExpBins + 1;
constexpr int kPosInfBucket = kRawExpBins + 2;
constexpr int kNegInfBucket = kRawExpBins + 3;
constexpr int kBuckets = kRawExpBins + 4;
constexpr int kNoBucket = kBuckets;  // lanes past the end of the tensor
constexpr int kStagingSlots = 4;

struct Desc {
  void* data;
  long long numel;
  long long block_begin;  // prefix sum of blocks over the descriptors before this one
  long long sizes[kMaxDims];
  long long strides[kMaxDims];
  int ndim;
  int dtype;   // DType
  int dense;   // read as a flat array
  int tensor;  // index into the results (empty tensors have no descriptor)
};

enum : int { kFlagStats = 1, kFlagUnscale = 2 };

static_assert(sizeof(unsigned long long) == sizeof(std::uint64_t));
static_assert(sizeof(RawTensorStats) % 4 == 0);
constexpr int kStatsWords = static_cast<int>(sizeof(RawTensorStats) / 4);
constexpr int kAminWord = static_cast<int>(offsetof(RawTensorStats, amin_nz_bits) / 4);

__global__ void clear_stats_kernel(std::uint32_t* words, long long total_words) {
  for (long long w = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; w < total_words;
       w += static_cast<long long>(gridDim.x) * blockDim.x)
    words[w] = (w % kStatsWords) == kAminWord ? bits::kInfBits : 0u;
}

__device__ __forceinline__ long long strided_offset(const Desc& d, long long i) {
  long long off = 0;
  for (int k = d.ndim - 1; k >= 0; --k) {
    const long long s = d.sizes[k];
    off += (i % s) * d.strides[k];
    i /= s;
  }
  return off;
}

__device__ __forceinline__ std::uint32_t load_bits(const Desc& d, long long off) {
  if (d.dtype == static_cast<int>(DType::F32)) return static_cast<const std::uint32_t*>(d.data)[off];
  const std::uint16_t h = static_cast<const std::uint16_t*>(d.data)[off];
  return d.dtype == static_cast<int>(DType::F16) ? bits::half_to_f32_bits(h) : bits::bf16_to_f32_bits(h);
}

__device__ __forceinline__ void store_unscaled(const Desc& d, long long off, std::uint32_t u, float inv) {
  const std::uint32_t r = __float_as_uint(__fmul_rn(__uint_as_float(u), inv));
  if (d.dtype == static_cast<int>(DType::F32)) {
    static_cast<std::uint32_t*>(d.data)[off] = r;
  } else {
    static_cast<std::uint16_t*>(d.data)[off] = d.dtype == static_cast<int>(DType::F16)
                                                   ? bits::f32_bits_to_half(r)
                                                   : bits::f32_bits_to_bf16(r);
  }
}

// kMatch: per-warp histogram updates aggregated with __match_any_sync (one shared atomic per
// distinct bucket in the warp), or one shared atomic per lane. Block b covers `chunks`
// consecutive chunks of kElemsPerBlock elements of its tensor: more chunks per block spread
// the fixed cost of a block (clearing and merging its histograms) over more elements.
template <bool kMatch>
__global__ void __launch_bounds__(kThreads)
grad_stats_kernel(const Desc* __restrict__ descs, int n_desc, RawTensorStats* __restrict__ out,
                  int* __restrict__ found_inf, float inv_scale, int flags, int chunks) {
  __shared__ Desc s_desc;
  __shared__ unsigned int s_hist[kWarps][kBuckets];
  __shared__ unsigned int s_amax[kWarps], s_amin[kWarps], s_over[kWarps][kNumFormats - 1];
  __shared__ double s_ss[kWarps];
  __shared__ int s_nonfinite;

  const int tid = threadIdx.x;
  const int lane = tid & 31;
  const int warp = tid >> 5;
  const bool stats = (flags & kFlagStats) != 0;
  const bool unscale = (flags & kFlagUnscale) != 0;

  if (tid == 0) {
    // Last descriptor whose first block is <= this block (descriptors are never empty).
    const long long b = blockIdx.x;
    int lo = 0, hi = n_desc - 1;
    while (lo < hi) {
      const int mid = (lo + hi + 1) / 2;
      if (descs[mid].block_begin <= b) lo = mid; else hi = mid - 1;
    }
    s_desc = descs[lo];
    s_nonfinite = 0;
  }
  if (stats)
    for (int i = tid; i < kWarps * kBuckets; i += kThreads) (&s_hist[0][0])[i] = 0u;
  __syncthreads();

  const Desc& d = s_desc;
  const long long span = static_cast<long long>(kElemsPerBlock) * chunks;
  const long long block_start = (static_cast<long long>(blockIdx.x) - d.block_begin) * span;
  const long long block_end = min(block_start + span, d.numel);

  unsigned int amax = 0u, amin = bits::kInfBits, nonfinite = 0u;
  unsigned int over[kNumFormats - 1] = {0u, 0u, 0u, 0u};
  double ss = 0.0;
  unsigned int* my_hist = s_hist[warp];

  for (long long start = block_start; start < block_end; start += kElemsPerBlock) {
  const long long end = min(start + static_cast<long long>(kElemsPerBlock), block_end);
  // Issue every load first (memory-level parallelism), then classify.
  // (Offsets of strided views may be negative: validity is tracked separately.)
  std::uint32_t v[kItemsPerThread];
  long long off[kItemsPerThread];
#pragma unroll
  for (int k = 0; k < kItemsPerThread; ++k) {
    const long long i = start + static_cast<long long>(k) * kThreads + tid;
    off[k] = i < end ? (d.dense ? i : strided_offset(d, i)) : 0;
    v[k] = i < end ? load_bits(d, off[k]) : 0u;
  }

#pragma unroll
  for (int k = 0; k < kItemsPerThread; ++k) {
    const bool valid = start + static_cast<long long>(k) * kThreads + tid < end;
    const std::uint32_t u = v[k];
    const std::uint32_t a = u & bits::kAbsMask;
    const bool finite = a < bits::kInfBits;
    nonfinite |= (valid && !finite) ? 1u : 0u;
    if (stats) {
      int bucket = kNoBucket;
      if (valid) {
        if (finite) {
          amax = max(amax, a);
          if (a != 0u) {
            amin = min(amin, a);
            const std::uint32_t field = a >> 23;
            // Index e + 149: normal e = field - 127; subnormal e = -149 + (31 - clz(a)).
            bucket = field != 0u ? static_cast<int>(field) + 22 : 31 - __clz(a);
          } else {
            bucket = kZeroBucket;
          }
          const double x = static_cast<double>(__uint_as_float(u));
          ss = __fma_rn(x, x, ss);
          // over[f] is cast_overflow[f + 1]: fp16, bf16, e4m3, e5m2 (Format order).
          over[0] += a >= bits::kOverflowFp16 ? 1u : 0u;
          over[1] += a >= bits::kOverflowBf16 ? 1u : 0u;
          over[2] += a >= bits::kOverflowE4m3 ? 1u : 0u;
          over[3] += a >= bits::kOverflowE5m2 ? 1u : 0u;
        } else {
          bucket = a > bits::kInfBits ? kNanBucket : ((u >> 31) ? kNegInfBucket : kPosInfBucket);
        }
      }
      if constexpr (kMatch) {
        // One shared atomic per distinct bucket in the warp instead of one per lane.
        const unsigned int peers = __match_any_sync(0xffffffffu, bucket);
        if (bucket != kNoBucket && lane == __ffs(peers) - 1) atomicAdd(&my_hist[bucket], __popc(peers));
      } else {
        if (bucket != kNoBucket) atomicAdd(&my_hist[bucket], 1u);
      }
    }
    if (unscale && valid) store_unscaled(d, off[k], u, inv_scale);
  }
  }  // chunks

  // Block reduction.
  nonfinite = __any_sync(0xffffffffu, nonfinite != 0u) ? 1u : 0u;
  if (stats) {
    amax = __reduce_max_sync(0xffffffffu, amax);
    amin = __reduce_min_sync(0xffffffffu, amin);
#pragma unroll
    for (int f = 0; f < kNumFormats - 1; ++f) over[f] = __reduce_add_sync(0xffffffffu, over[f]);
#pragma unroll
    for (int s = 16; s > 0; s >>= 1) ss += __shfl_down_sync(0xffffffffu, ss, s);
    if (lane == 0) {
      s_amax[warp] = amax;
      s_amin[warp] = amin;
      s_ss[warp] = ss;
#pragma unroll
      for (int f = 0; f < kNumFormats - 1; ++f) s_over[warp][f] = over[f];
    }
  }
  if (lane == 0 && nonfinite) s_nonfinite = 1;
  __syncthreads();

  if (tid == 0 && s_nonfinite && found_inf != nullptr) atomicOr(found_inf, 1);
  if (!stats) return;
  RawTensorStats& r = out[d.tensor];
  if (tid == 0) {
    unsigned int bmax = 0u, bmin = bits::kInfBits;
    double bss = 0.0;
    unsigned long long bover[kNumFormats - 1] = {0ull, 0ull, 0ull, 0ull};
    for (int w = 0; w < kWarps; ++w) {
      bmax = max(bmax, s_amax[w]);
      bmin = min(bmin, s_amin[w]);
      bss += s_ss[w];
      for (int f = 0; f < kNumFormats - 1; ++f) bover[f] += s_over[w][f];
    }
    if (bmax != 0u) atomicMax(&r.amax_bits, bmax);
    if (bmin != bits::kInfBits) atomicMin(&r.amin_nz_bits, bmin);
    if (bss != 0.0) atomicAdd(&r.sum_squares, bss);
    for (int f = 0; f < kNumFormats - 1; ++f)
      if (bover[f] != 0ull)
        atomicAdd(reinterpret_cast<unsigned long long*>(&r.cast_overflow[f + 1]), bover[f]);
  }
  for (int b = tid; b < kBuckets; b += kThreads) {
    unsigned long long c = 0;
#pragma unroll
    for (int w = 0; w < kWarps; ++w) c += s_hist[w][b];
    if (c == 0) continue;
    std::uint64_t* dst = b < kRawExpBins    ? &r.exp_count[b]
                         : b == kZeroBucket ? &r.zero
                         : b == kNanBucket  ? &r.nan
                         : b == kPosInfBucket ? &r.pos_inf
                                              : &r.neg_inf;
    atomicAdd(reinterpret_cast<unsigned long long*>(dst), c);
  }
}

void check(cudaError_t err, const char* what) {
  if (err != cudaSuccess)
    throw std::runtime_error(std::string("CudaStatsPass: ") + what + ": " + cudaGetErrorString(err));
}

// Makes `device` current for a scope and restores the caller's device afterwards.
class DeviceGuard {
 public:
  explicit DeviceGuard(int device) : m_device(device) {
    check(cudaGetDevice(&m_prev), "cudaGetDevice");
    if (m_prev != m_device) check(cudaSetDevice(m_device), "cudaSetDevice");
  }
  ~DeviceGuard() {
    if (m_prev != m_device) cudaSetDevice(m_prev);
  }
  DeviceGuard(const DeviceGuard&) = delete;
  DeviceGuard& operator=(const DeviceGuard&) = delete;

 private:
  int m_device;
  int m_prev = 0;
};

}  // namespace

bool cuda_compiled() { return true; }

bool cuda_available() {
  int n = 0;
  const cudaError_t err = cudaGetDeviceCount(&n);
  if (err != cudaSuccess) {
    (void)cudaGetLastError();  // no driver / no device: not an error for the caller
    return false;
  }
  return n > 0;
}

struct CudaStatsPass::Impl {
  int device = 0;
  // Kernel variant (AMPSCOPE_CUDA_HIST=match|atomic) and chunks per block
  // (AMPSCOPE_CUDA_CHUNKS=1..64; unset or 0 = chosen per launch from the size of the work).
  bool match = true;
  int chunks = 0;
  int resident_blocks = 0;  // blocks the whole device keeps in flight (SMs x blocks per SM)
  // Descriptor staging ring (pinned host) and the device copy of the latest descriptors.
  Desc* staging[kStagingSlots] = {};
  std::size_t staging_cap[kStagingSlots] = {};
  cudaEvent_t staging_done[kStagingSlots] = {};
  bool staging_recorded[kStagingSlots] = {};
  int next_slot = 0;
  Desc* dev_desc = nullptr;
  std::size_t dev_desc_cap = 0;
  // Results of the latest pass (device) and their pinned host copy.
  RawTensorStats* dev_raw = nullptr;
  std::size_t dev_raw_cap = 0;
  RawTensorStats* host_raw = nullptr;
  std::size_t host_raw_cap = 0;
  std::size_t last_count = 0;  // tensors in the latest enqueued pass
  std::size_t copied_count = 0;
  cudaEvent_t results_event = nullptr;
  bool results_recorded = false;
  int last_chunks = 0;

  void release() noexcept {
    // Destructor path: errors cannot be reported; freeing is best effort.
    for (int s = 0; s < kStagingSlots; ++s) {
      if (staging_done[s]) cudaEventDestroy(staging_done[s]);
      if (staging[s]) cudaFreeHost(staging[s]);
    }
    if (results_event) cudaEventDestroy(results_event);
    if (dev_desc) cudaFree(dev_desc);
    if (dev_raw) cudaFree(dev_raw);
    if (host_raw) cudaFreeHost(host_raw);
  }
};

CudaStatsPass::CudaStatsPass(int device) : m_impl(nullptr) {
  int n = 0;
  const cudaError_t err = cudaGetDeviceCount(&n);
  if (err != cudaSuccess) {
    (void)cudaGetLastError();
    throw std::runtime_error(std::string("CudaStatsPass: no usable CUDA device (") +
                             cudaGetErrorString(err) + ")");
  }
  if (device < 0 || device >= n)
    throw std::runtime_error("CudaStatsPass: CUDA device " + std::to_string(device) +
                             " does not exist (" + std::to_string(n) + " device(s) found)");
  auto impl = std::make_unique<Impl>();
  impl->device = device;
  try {
    DeviceGuard guard(device);
    for (int s = 0; s < kStagingSlots; ++s)
      check(cudaEventCreateWithFlags(&impl->staging_done[s], cudaEventDisableTiming), "cudaEventCreate");
    if (const char* h = std::getenv("AMPSCOPE_CUDA_HIST")) {
      if (std::strcmp(h, "atomic") == 0) impl->match = false;
      else if (std::strcmp(h, "match") != 0 && *h)
        throw std::invalid_argument(std::string("AMPSCOPE_CUDA_HIST must be match or atomic, not ") + h);
    }
    if (const char* c = std::getenv("AMPSCOPE_CUDA_CHUNKS"); c && *c) {
      char* end = nullptr;
      const long v = std::strtol(c, &end, 10);
      if (*end != '\0' || v < 0 || v > 64)
        throw std::invalid_argument(std::string("AMPSCOPE_CUDA_CHUNKS must be 0 (auto) to 64, not ") + c);
      impl->chunks = static_cast<int>(v);
    }
    int sms = 0, per_sm = 0;
    check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute");
    check(impl->match ? cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, grad_stats_kernel<true>, kThreads, 0)
                      : cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, grad_stats_kernel<false>, kThreads, 0),
          "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
    impl->resident_blocks = std::max(1, sms * per_sm);
    check(cudaEventCreateWithFlags(&impl->results_event, cudaEventDisableTiming), "cudaEventCreate");
  } catch (...) {
    impl->release();
    throw;
  }
  m_impl = impl.release();
}

CudaStatsPass::~CudaStatsPass() {
  if (!m_impl) return;
  {
    int prev = 0;
    const bool have_prev = cudaGetDevice(&prev) == cudaSuccess;
    cudaSetDevice(m_impl->device);
    // Pending copies may still target these buffers: let them finish before freeing.
    if (m_impl->results_recorded) cudaEventSynchronize(m_impl->results_event);
    for (int s = 0; s < kStagingSlots; ++s)
      if (m_impl->staging_recorded[s]) cudaEventSynchronize(m_impl->staging_done[s]);
    m_impl->release();
    if (have_prev) cudaSetDevice(prev);
  }
  delete m_impl;
}

void CudaStatsPass::enqueue(std::span<const TensorView> tensors, const PassOptions& opt,
                            void* stream_ptr, std::int32_t* device_found_inf) {
  Impl& m = *m_impl;
  const auto stream = static_cast<cudaStream_t>(stream_ptr);
  DeviceGuard guard(m.device);

  // Descriptors of the non-empty tensors (validated), then the prefix sum of their blocks.
  std::vector<Desc> descs;
  descs.reserve(tensors.size());
  long long blocks1 = 0;  // blocks at one chunk per block
  for (std::size_t t = 0; t < tensors.size(); ++t) {
    const TensorView& v = tensors[t];
    if (v.ndim < 0 || v.ndim > kMaxDims)
      throw std::invalid_argument("CudaStatsPass: tensor " + std::to_string(t) + ": ndim out of range");
    if (v.dtype != DType::F32 && v.dtype != DType::F16 && v.dtype != DType::BF16)
      throw std::invalid_argument("CudaStatsPass: tensor " + std::to_string(t) + ": unknown dtype");
    const std::int64_t n = v.numel();
    if (n <= 0) continue;
    if (v.data == nullptr)
      throw std::invalid_argument("CudaStatsPass: tensor " + std::to_string(t) + ": null data");
    if (opt.unscale && opt.inv_scale != 1.0f && !v.is_non_overlapping())
      throw std::invalid_argument("CudaStatsPass: tensor " + std::to_string(t) +
                                  ": cannot unscale a view whose elements overlap in memory");
    Desc d{};
    d.data = v.data;
    d.numel = n;
    for (int k = 0; k < v.ndim; ++k) {
      d.sizes[k] = v.sizes[static_cast<std::size_t>(k)];
      d.strides[k] = v.strides[static_cast<std::size_t>(k)];
    }
    d.ndim = v.ndim;
    d.dtype = static_cast<int>(v.dtype);
    d.dense = v.is_dense() ? 1 : 0;
    d.tensor = static_cast<int>(t);
    descs.push_back(d);
    blocks1 += (n + kElemsPerBlock - 1) / kElemsPerBlock;
  }
  // Chunks per block: fixed, or as many as keep at least ~4 waves of blocks for the device
  // (the fixed cost of a block is then spread over more elements without starving any SM).
  int chunks = m.chunks;
  if (chunks == 0) chunks = static_cast<int>(std::clamp<long long>(blocks1 / (4LL * m.resident_blocks), 1, 16));
  m.last_chunks = chunks;
  const long long span = static_cast<long long>(kElemsPerBlock) * chunks;
  long long blocks = 0;
  for (Desc& d : descs) {
    d.block_begin = blocks;
    blocks += (d.numel + span - 1) / span;
  }
  if (blocks > 0x7fffffffLL) throw std::invalid_argument("CudaStatsPass: tensors too large for one launch");

  // Results buffer: stream-ordered (re)allocation, so no device-wide synchronisation.
  const std::size_t count = tensors.size();
  if (opt.compute_stats && count > m.dev_raw_cap) {
    if (m.dev_raw) check(cudaFreeAsync(m.dev_raw, stream), "cudaFreeAsync");
    m.dev_raw = nullptr;
    const std::size_t cap = std::max<std::size_t>(count, 2 * m.dev_raw_cap);
    check(cudaMallocAsync(reinterpret_cast<void**>(&m.dev_raw), cap * sizeof(RawTensorStats), stream),
          "cudaMallocAsync(results)");
    m.dev_raw_cap = cap;
  }
  if (opt.compute_stats && count > 0) {
    const long long words = static_cast<long long>(count) * kStatsWords;
    const int grid = static_cast<int>(std::min<long long>((words + 255) / 256, 1024));
    clear_stats_kernel<<<grid, 256, 0, stream>>>(reinterpret_cast<std::uint32_t*>(m.dev_raw), words);
    check(cudaGetLastError(), "clear kernel launch");
  }
  m.last_count = opt.compute_stats ? count : 0;
  if (descs.empty()) return;

  // Stage the descriptors in pinned memory and copy them asynchronously.
  const int slot = m.next_slot;
  m.next_slot = (m.next_slot + 1) % kStagingSlots;
  if (m.staging_recorded[slot]) {
    // Normally long complete; waits only when the host is kStagingSlots passes ahead.
    check(cudaEventSynchronize(m.staging_done[slot]), "cudaEventSynchronize(staging)");
    m.staging_recorded[slot] = false;
  }
  if (descs.size() > m.staging_cap[slot]) {
    if (m.staging[slot]) check(cudaFreeHost(m.staging[slot]), "cudaFreeHost");
    m.staging[slot] = nullptr;
    m.staging_cap[slot] = 0;
    const std::size_t cap = std::max<std::size_t>(descs.size(), 64);
    check(cudaMallocHost(reinterpret_cast<void**>(&m.staging[slot]), cap * sizeof(Desc)), "cudaMallocHost(descriptors)");
    m.staging_cap[slot] = cap;
  }
  std::memcpy(m.staging[slot], descs.data(), descs.size() * sizeof(Desc));
  if (descs.size() > m.dev_desc_cap) {
    if (m.dev_desc) check(cudaFreeAsync(m.dev_desc, stream), "cudaFreeAsync");
    m.dev_desc = nullptr;
    const std::size_t cap = std::max<std::size_t>(descs.size(), 2 * m.dev_desc_cap);
    check(cudaMallocAsync(reinterpret_cast<void**>(&m.dev_desc), cap * sizeof(Desc), stream),
          "cudaMallocAsync(descriptors)");
    m.dev_desc_cap = cap;
  }
  check(cudaMemcpyAsync(m.dev_desc, m.staging[slot], descs.size() * sizeof(Desc),
                        cudaMemcpyHostToDevice, stream),
        "cudaMemcpyAsync(descriptors)");
  check(cudaEventRecord(m.staging_done[slot], stream), "cudaEventRecord(staging)");
  m.staging_recorded[slot] = true;

  int flags = 0;
  if (opt.compute_stats) flags |= kFlagStats;
  if (opt.unscale && opt.inv_scale != 1.0f) flags |= kFlagUnscale;
  if (flags == 0 && device_found_inf == nullptr) return;  // nothing asked
  if (m.match)
    grad_stats_kernel<true><<<static_cast<unsigned int>(blocks), kThreads, 0, stream>>>(
        m.dev_desc, static_cast<int>(descs.size()), m.dev_raw, device_found_inf, opt.inv_scale, flags, chunks);
  else
    grad_stats_kernel<false><<<static_cast<unsigned int>(blocks), kThreads, 0, stream>>>(
        m.dev_desc, static_cast<int>(descs.size()), m.dev_raw, device_found_inf, opt.inv_scale, flags, chunks);
  check(cudaGetLastError(), "stats kernel launch");
}

void CudaStatsPass::copy_results_async(void* stream_ptr) {
  Impl& m = *m_impl;
  const auto stream = static_cast<cudaStream_t>(stream_ptr);
  DeviceGuard guard(m.device);
  if (m.last_count > m.host_raw_cap) {
    // A previous copy may still be writing into the old buffer (rare: growth only).
    if (m.results_recorded) check(cudaEventSynchronize(m.results_event), "cudaEventSynchronize(results)");
    if (m.host_raw) check(cudaFreeHost(m.host_raw), "cudaFreeHost");
    m.host_raw = nullptr;
    m.host_raw_cap = 0;
    check(cudaMallocHost(reinterpret_cast<void**>(&m.host_raw), m.last_count * sizeof(RawTensorStats)),
          "cudaMallocHost(results)");
    m.host_raw_cap = m.last_count;
  }
  if (m.last_count > 0)
    check(cudaMemcpyAsync(m.host_raw, m.dev_raw, m.last_count * sizeof(RawTensorStats),
                          cudaMemcpyDeviceToHost, stream),
          "cudaMemcpyAsync(results)");
  check(cudaEventRecord(m.results_event, stream), "cudaEventRecord(results)");
  m.results_recorded = true;
  m.copied_count = m.last_count;
}

std::string CudaStatsPass::config() const {
  const Impl& m = *m_impl;
  return std::string("hist=") + (m.match ? "match" : "atomic") + " chunks=" +
         (m.chunks == 0 ? "auto(" + std::to_string(m.last_chunks) + ")" : std::to_string(m.chunks)) +
         " resident_blocks=" + std::to_string(m.resident_blocks);
}

bool CudaStatsPass::results_ready() const {
  if (!m_impl->results_recorded) return false;
  const cudaError_t err = cudaEventQuery(m_impl->results_event);
  if (err == cudaErrorNotReady) return false;
  check(err, "cudaEventQuery(results)");
  return true;
}

std::span<const RawTensorStats> CudaStatsPass::wait_results() {
  Impl& m = *m_impl;
  if (!m.results_recorded)
    throw std::logic_error("CudaStatsPass::wait_results: copy_results_async was not called");
  check(cudaEventSynchronize(m.results_event), "cudaEventSynchronize(results)");
  return {m.host_raw, m.copied_count};
}

}  // namespace ampscope::kernels
