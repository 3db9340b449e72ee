// CUDA gradient statistics: the same pass as grad_stats_cpu.cpp, one launch for a whole list
// of tensors, fused with the scaler's unscale and found_inf check.
//
// - Host side: non-empty tensors become descriptors (pointer, dtype, sizes/strides, first block
//   index as a prefix sum). Up to kInlineDescs dense tensors travel inside the launch's
//   parameters; longer lists and strided views are written into a pinned staging slot and
//   copied with cudaMemcpyAsync on the caller's stream (a ring of slots, each guarded by an
//   event: the host only waits if it runs kStagingSlots passes ahead of the GPU). No host
//   synchronisation. A small model's pass is one launch, plus the copy of its results.
// - Results: two device buffers; each pass writes the clean one and its kernel clears the
//   other for the next pass (a memset cannot write amin's "none" value 0x7f800000), so there
//   is no clear launch per pass.
// - Device side: block b finds its (tensor, chunks) by binary search over the prefix sums;
//   whole chunks of dense aligned tensors are read with 16-byte loads, the rest element by
//   element (all loads issued before use for memory-level parallelism); values are classified
//   into shared-memory histograms (method chosen by AMPSCOPE_CUDA_HIST, default one shared
//   atomic per lane into per-warp histograms: the fastest measured on gradient-like data),
//   amax/amin/overflow counts/sum of squares are reduced per block, and merged into global
//   memory with one atomic per non-empty bin and per scalar: atomicAdd(u64), atomicMax/atomicMin
//   on the u32 bits (non-negative float bits order like integers), atomicAdd(double).
// - The sum of squares is summed in a different order than on the CPU (atomics), so it agrees
//   to rounding only; every count, amax, amin and unscaled value is bit-exact with the CPU.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
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

// Up to kInlineDescs dense tensors travel in the launch's own parameters (__grid_constant__:
// read in place, never copied per thread), so a small model's pass is a single stream
// operation instead of a descriptor upload, an event and a launch. On the H100 that was
// measured on, every stream operation cost ~4-5 us, more than the pass itself for small
// tensors. Longer lists, and strided views, use the uploaded descriptors.
constexpr int kInlineDescs = 48;
struct InlineDesc {
  void* data;
  long long numel;
  long long block_begin;
  int dtype;
  int tensor;
};
struct InlineDescs {
  int n;
  InlineDesc d[kInlineDescs];
};

enum : int { kFlagStats = 1, kFlagUnscale = 2 };

static_assert(sizeof(unsigned long long) == sizeof(std::uint64_t));
static_assert(sizeof(RawTensorStats) % 4 == 0);
constexpr int kStatsWords = static_cast<int>(sizeof(RawTensorStats) / 4);
constexpr int kAminWord = static_cast<int>(offsetof(RawTensorStats, amin_nz_bits) / 4);

// Word w of an array of cleared RawTensorStats: zero, except amin's "none" (0x7f800000).
__device__ __forceinline__ std::uint32_t cleared_word(long long w) {
  return (w % kStatsWords) == kAminWord ? bits::kInfBits : 0u;
}

__global__ void clear_stats_kernel(std::uint32_t* words, long long total_words) {
  for (long long w = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; w < total_words;
       w += static_cast<long long>(gridDim.x) * blockDim.x)
    words[w] = cleared_word(w);
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

// Histogram methods (AMPSCOPE_CUDA_HIST):
//  kHistMatch  per-warp histograms; lanes with the same bucket aggregated by __match_any_sync,
//              one shared atomic per distinct bucket in the warp;
//  kHistWarp   per-warp histograms, one shared atomic per lane (same-bucket lanes serialise:
//              gradients cluster in a few exponents, so they often do);
//  kHistLane   32 copies per block, one per lane index, two 16-bit counters per word: the
//              lanes of a warp never hit the same word, so an atomic never waits on another
//              lane of its own instruction. A copy sees at most kWarps x kItemsPerThread x
//              chunks (<= 8 x 16 x 64 = 8192) elements per block: 16 bits suffice.
constexpr int kHistMatch = 0, kHistWarp = 1, kHistLane = 2;
constexpr int kPackedWords = (kBuckets + 1) / 2;  // 141
constexpr int kMaxChunks = 64;
static_assert(kWarps * kItemsPerThread * kMaxChunks < 65536, "16-bit lane counters would overflow");
template <int kHist>
constexpr int kHistWords = kHist == kHistLane ? 32 * kPackedWords : kWarps * kBuckets;

// Per-thread accumulators of the statistics other than the histogram.
struct Acc {
  unsigned int amax = 0u, amin = bits::kInfBits, nonfinite = 0u;
  unsigned int over[kNumFormats - 1] = {0u, 0u, 0u, 0u};
  double ss = 0.0;
};

template <int kHist>
__device__ __forceinline__ void count_bucket(unsigned int* hist, int lane, int bucket) {
  if constexpr (kHist == kHistMatch) {
    const unsigned int peers = __match_any_sync(0xffffffffu, bucket);
    if (bucket != kNoBucket && lane == __ffs(peers) - 1) atomicAdd(&hist[bucket], __popc(peers));
  } else if constexpr (kHist == kHistWarp) {
    if (bucket != kNoBucket) atomicAdd(&hist[bucket], 1u);
  } else {
    if (bucket != kNoBucket) atomicAdd(&hist[bucket >> 1], 1u << ((bucket & 1) * 16));
  }
}

// One element, as fp32 bits. `valid` false: a lane past the end (still takes part in the
// warp-wide match). `hist` is the warp's histogram (match, warp) or the lane's copy (lane).
template <int kHist>
__device__ __forceinline__ void classify(std::uint32_t u, bool valid, bool stats, Acc& acc, unsigned int* hist,
                                         int lane) {
  const std::uint32_t a = u & bits::kAbsMask;
  if (!stats) {  // unscale only: the non-finite test is all there is to do
    acc.nonfinite |= (valid && a >= bits::kInfBits) ? 1u : 0u;
    return;
  }
  // With statistics, a non-finite value is found from the block's NaN/inf buckets (one test
  // per block, not per element: the pass is instruction-bound when it only reads).
  if (!valid) {
    if constexpr (kHist == kHistMatch) count_bucket<kHist>(hist, lane, kNoBucket);  // the warp-wide match
    return;
  }
  const std::uint32_t field = a >> 23;
  int bucket;
  if (field == 0xffu) {  // inf or NaN: rare, off the straight path
    bucket = a > bits::kInfBits ? kNanBucket : ((u >> 31) ? kNegInfBucket : kPosInfBucket);
  } else {
    acc.amax = max(acc.amax, a);
    acc.amin = min(acc.amin, a != 0u ? a : bits::kInfBits);
    // Index e + 149: normal e = field - 127; subnormal e = -149 + (31 - clz(a)).
    bucket = field != 0u ? static_cast<int>(field) + 22 : (a != 0u ? 31 - __clz(a) : kZeroBucket);
    const double x = static_cast<double>(__uint_as_float(u));
    acc.ss = __fma_rn(x, x, acc.ss);
    // over[f] is cast_overflow[f + 1]: fp16, bf16, e4m3, e5m2 (Format order). e4m3's
    // threshold (> 464) is the lowest: below it (every gradient, nearly always) one
    // compare and a branch the whole warp skips replace eight instructions.
    if (a >= bits::kOverflowE4m3) {
      acc.over[0] += a >= bits::kOverflowFp16 ? 1u : 0u;
      acc.over[1] += a >= bits::kOverflowBf16 ? 1u : 0u;
      acc.over[2] += 1u;
      acc.over[3] += a >= bits::kOverflowE5m2 ? 1u : 0u;
    }
  }
  count_bucket<kHist>(hist, lane, bucket);
}

// 16-bit <-> fp32 with the hardware conversions (exact widening; round-to-nearest-even
// narrowing, overflow to inf): the same values as float_bits.h's integer versions, which the
// CPU pass uses, in fewer instructions. Only NaN payloads may differ (not specified).
__device__ __forceinline__ std::uint32_t widen16(std::uint16_t h, bool half) {
  return half ? __float_as_uint(__half2float(__ushort_as_half(h))) : static_cast<std::uint32_t>(h) << 16;
}
__device__ __forceinline__ std::uint32_t narrow16(std::uint32_t u, bool half) {
  const float x = __uint_as_float(u);
  return half ? __half_as_ushort(__float2half_rn(x)) : __bfloat16_as_ushort(__float2bfloat16_rn(x));
}

__device__ __forceinline__ std::uint32_t unscaled_bits(std::uint32_t u, float inv) {
  return __float_as_uint(__fmul_rn(__uint_as_float(u), inv));
}

// Block b covers `chunks` consecutive chunks of kElemsPerBlock elements of its tensor: more
// chunks per block spread the fixed cost of a block (clearing and merging its histograms)
// over more elements. Full chunks of dense, 16-byte-aligned tensors are read with 16-byte
// vector loads (fp32: 4 x 4 values per thread, 16-bit: 2 x 8); the rest (strided views,
// partial chunks, unaligned data) element by element.
// Register bound: 4 blocks per SM (at most 64 registers per thread). Measured on an H100:
// the unbounded kernel took ~120 registers, ran 2 blocks per SM and reached a third of the
// bandwidth; allowing 128 registers (2 blocks, no spills) was 15-25% slower than 64.
template <int kHist>
__global__ void __launch_bounds__(kThreads, 4)
grad_stats_kernel(const Desc* __restrict__ descs, const __grid_constant__ InlineDescs inl, int n_desc,
                  RawTensorStats* __restrict__ out, std::uint32_t* __restrict__ clear_next, long long clear_words,
                  int* __restrict__ found_inf, float inv_scale, int flags, int chunks) {
  __shared__ Desc s_desc;
  __shared__ unsigned int s_hist[kHistWords<kHist>];
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
    if (descs != nullptr) {
      while (lo < hi) {
        const int mid = (lo + hi + 1) / 2;
        if (descs[mid].block_begin <= b) lo = mid; else hi = mid - 1;
      }
      s_desc = descs[lo];
    } else {
      while (lo < hi) {
        const int mid = (lo + hi + 1) / 2;
        if (inl.d[mid].block_begin <= b) lo = mid; else hi = mid - 1;
      }
      const InlineDesc& e = inl.d[lo];
      s_desc.data = e.data;
      s_desc.numel = e.numel;
      s_desc.block_begin = e.block_begin;
      s_desc.ndim = 1;
      s_desc.sizes[0] = e.numel;
      s_desc.strides[0] = 1;
      s_desc.dtype = e.dtype;
      s_desc.dense = 1;
      s_desc.tensor = e.tensor;
    }
    s_nonfinite = 0;
  }
  // Clear the other results buffer for the next pass (see CudaStatsPass::Impl::raw): its last
  // reader, the copy of the previous pass's results, came earlier on this stream.
  if (clear_next != nullptr)
    for (long long w = static_cast<long long>(blockIdx.x) * kThreads + tid; w < clear_words;
         w += static_cast<long long>(gridDim.x) * kThreads)
      clear_next[w] = cleared_word(w);
  if (stats)
    for (int i = tid; i < kHistWords<kHist>; i += kThreads) s_hist[i] = 0u;
  __syncthreads();

  const Desc& d = s_desc;
  const long long span = static_cast<long long>(kElemsPerBlock) * chunks;
  const long long block_start = (static_cast<long long>(blockIdx.x) - d.block_begin) * span;
  const long long block_end = min(block_start + span, d.numel);
  unsigned int* hist = kHist == kHistLane ? s_hist + lane * kPackedWords : s_hist + warp * kBuckets;
  const bool vec_ok = d.dense && (reinterpret_cast<std::uintptr_t>(d.data) & 15u) == 0;
  const bool f32 = d.dtype == static_cast<int>(DType::F32);

  Acc acc;
  for (long long start = block_start; start < block_end; start += kElemsPerBlock) {
    const long long end = min(start + static_cast<long long>(kElemsPerBlock), block_end);
    if (vec_ok && end - start == kElemsPerBlock && f32) {
      uint4* p = reinterpret_cast<uint4*>(static_cast<std::uint32_t*>(d.data) + start);
      uint4 v[kItemsPerThread / 4];
#pragma unroll
      for (int k = 0; k < kItemsPerThread / 4; ++k) v[k] = p[k * kThreads + tid];
#pragma unroll
      for (int k = 0; k < kItemsPerThread / 4; ++k) {
        classify<kHist>(v[k].x, true, stats, acc, hist, lane);
        classify<kHist>(v[k].y, true, stats, acc, hist, lane);
        classify<kHist>(v[k].z, true, stats, acc, hist, lane);
        classify<kHist>(v[k].w, true, stats, acc, hist, lane);
        if (unscale)
          p[k * kThreads + tid] = make_uint4(unscaled_bits(v[k].x, inv_scale), unscaled_bits(v[k].y, inv_scale),
                                             unscaled_bits(v[k].z, inv_scale), unscaled_bits(v[k].w, inv_scale));
      }
    } else if (vec_ok && end - start == kElemsPerBlock) {
      const bool half = d.dtype == static_cast<int>(DType::F16);
      uint4* p = reinterpret_cast<uint4*>(static_cast<std::uint16_t*>(d.data) + start);
      uint4 v[kItemsPerThread / 8];
#pragma unroll
      for (int k = 0; k < kItemsPerThread / 8; ++k) v[k] = p[k * kThreads + tid];
#pragma unroll
      for (int k = 0; k < kItemsPerThread / 8; ++k) {
        std::uint32_t w[4] = {v[k].x, v[k].y, v[k].z, v[k].w};
#pragma unroll
        for (int j = 0; j < 4; ++j) {
          const auto lo16 = static_cast<std::uint16_t>(w[j] & 0xffffu), hi16 = static_cast<std::uint16_t>(w[j] >> 16);
          const std::uint32_t ulo = widen16(lo16, half), uhi = widen16(hi16, half);
          classify<kHist>(ulo, true, stats, acc, hist, lane);
          classify<kHist>(uhi, true, stats, acc, hist, lane);
          if (unscale) {
            const std::uint32_t rlo = unscaled_bits(ulo, inv_scale), rhi = unscaled_bits(uhi, inv_scale);
            const std::uint32_t slo = narrow16(rlo, half), shi = narrow16(rhi, half);
            w[j] = slo | (shi << 16);
          }
        }
        if (unscale) p[k * kThreads + tid] = make_uint4(w[0], w[1], w[2], w[3]);
      }
    } else {
      // Element by element. Offsets of strided views may be negative: validity is separate.
      std::uint32_t v[kItemsPerThread];
#pragma unroll
      for (int k = 0; k < kItemsPerThread; ++k) {
        const long long i = start + static_cast<long long>(k) * kThreads + tid;
        v[k] = i < end ? load_bits(d, d.dense ? i : strided_offset(d, i)) : 0u;
      }
#pragma unroll
      for (int k = 0; k < kItemsPerThread; ++k) {
        const long long i = start + static_cast<long long>(k) * kThreads + tid;
        const bool valid = i < end;
        classify<kHist>(v[k], valid, stats, acc, hist, lane);
        if (unscale && valid) store_unscaled(d, d.dense ? i : strided_offset(d, i), v[k], inv_scale);
      }
    }
  }

  // Block reduction.
  const unsigned int nonfinite = __any_sync(0xffffffffu, acc.nonfinite != 0u) ? 1u : 0u;
  if (stats) {
    unsigned int amax = __reduce_max_sync(0xffffffffu, acc.amax);
    unsigned int amin = __reduce_min_sync(0xffffffffu, acc.amin);
    unsigned int over[kNumFormats - 1];
#pragma unroll
    for (int f = 0; f < kNumFormats - 1; ++f) over[f] = __reduce_add_sync(0xffffffffu, acc.over[f]);
    double ss = acc.ss;
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
    if constexpr (kHist == kHistLane) {
#pragma unroll 8
      for (int l = 0; l < 32; ++l) c += (s_hist[l * kPackedWords + (b >> 1)] >> ((b & 1) * 16)) & 0xffffu;
    } else {
#pragma unroll
      for (int w = 0; w < kWarps; ++w) c += s_hist[w * kBuckets + b];
    }
    if (c == 0) continue;
    if (b >= kNanBucket && found_inf != nullptr) atomicOr(found_inf, 1);  // see classify()
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
  int hist = kHistWarp;  // fastest on gradient-like data (H100, bench_grad_stats_cuda)
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
  // Results on the device, two buffers of dev_raw_cap entries. raw[clean] is cleared and
  // receives the next pass; that pass's kernel clears the other buffer (whose results were
  // copied out by then: same stream) for the pass after. No clear launch per pass. A pass on
  // another stream than the last waits for that stream and clears with a launch.
  RawTensorStats* raw[2] = {nullptr, nullptr};
  int clean = 0;
  int last_buf = 0;  // the buffer holding the latest pass's results
  cudaStream_t last_stream = nullptr;  // of the last pass with statistics
  bool have_stream = false;
  cudaStream_t copy_stream = nullptr;  // of the last copy_results_async
  std::size_t dev_raw_cap = 0;
  RawTensorStats* host_raw = nullptr;
  std::size_t host_raw_cap = 0;
  std::size_t last_count = 0;  // tensors in the latest enqueued pass
  std::size_t copied_count = 0;
  cudaEvent_t results_event = nullptr;
  bool results_recorded = false;
  int last_chunks = 0;

  const Desc* upload_descs(const std::vector<Desc>& descs, cudaStream_t stream);

  void release() noexcept {
    // Destructor path: errors cannot be reported; freeing is best effort.
    for (int s = 0; s < kStagingSlots; ++s) {
      if (staging_done[s]) cudaEventDestroy(staging_done[s]);
      if (staging[s]) cudaFreeHost(staging[s]);
    }
    if (results_event) cudaEventDestroy(results_event);
    if (dev_desc) cudaFree(dev_desc);
    for (RawTensorStats* r : raw)
      if (r) cudaFree(r);
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
    if (const char* h = std::getenv("AMPSCOPE_CUDA_HIST"); h && *h) {
      if (std::strcmp(h, "match") == 0) impl->hist = kHistMatch;
      else if (std::strcmp(h, "atomic") == 0) impl->hist = kHistWarp;
      else if (std::strcmp(h, "lane") == 0) impl->hist = kHistLane;
      else throw std::invalid_argument(std::string("AMPSCOPE_CUDA_HIST must be match, atomic or lane, not ") + h);
    }
    if (const char* c = std::getenv("AMPSCOPE_CUDA_CHUNKS"); c && *c) {
      char* end = nullptr;
      const long v = std::strtol(c, &end, 10);
      if (*end != '\0' || v < 0 || v > kMaxChunks)
        throw std::invalid_argument(std::string("AMPSCOPE_CUDA_CHUNKS must be 0 (auto) to 64, not ") + c);
      impl->chunks = static_cast<int>(v);
    }
    int sms = 0, per_sm = 0;
    check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute");
    check(impl->hist == kHistMatch  ? cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, grad_stats_kernel<kHistMatch>, kThreads, 0)
          : impl->hist == kHistWarp ? cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, grad_stats_kernel<kHistWarp>, kThreads, 0)
                                    : cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, grad_stats_kernel<kHistLane>, kThreads, 0),
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
  // Chunks per block: fixed, or as many as keep enough waves of blocks for the device (the
  // fixed cost of a block is then spread over more elements without starving any SM).
  // Measured on an H100 at 256 MB: reading only (instruction-bound) is best at ~4 waves (8
  // chunks), unscaling (memory-bound, reads and writes) at ~8-10 waves (2-3 chunks).
  int chunks = m.chunks;
  const bool unscaling = opt.unscale && opt.inv_scale != 1.0f;
  if (chunks == 0)
    chunks = static_cast<int>(std::clamp<long long>(blocks1 / ((unscaling ? 8LL : 4LL) * m.resident_blocks), 1, 16));
  m.last_chunks = chunks;
  const long long span = static_cast<long long>(kElemsPerBlock) * chunks;
  long long blocks = 0;
  for (Desc& d : descs) {
    d.block_begin = blocks;
    blocks += (d.numel + span - 1) / span;
  }
  if (blocks > 0x7fffffffLL) throw std::invalid_argument("CudaStatsPass: tensors too large for one launch");

  // Results buffers: stream-ordered (re)allocation, so no device-wide synchronisation.
  const std::size_t count = tensors.size();
  auto clear_launch = [&](RawTensorStats* buf) {
    const long long words = static_cast<long long>(m.dev_raw_cap) * kStatsWords;
    const int grid = static_cast<int>(std::min<long long>((words + 255) / 256, 1024));
    clear_stats_kernel<<<grid, 256, 0, stream>>>(reinterpret_cast<std::uint32_t*>(buf), words);
    check(cudaGetLastError(), "clear kernel launch");
  };
  if (opt.compute_stats && count > 0) {
    if (count > m.dev_raw_cap) {
      for (RawTensorStats*& r : m.raw) {
        if (r) check(cudaFreeAsync(r, stream), "cudaFreeAsync");
        r = nullptr;
      }
      const std::size_t cap = std::max<std::size_t>(count, 2 * m.dev_raw_cap);
      for (RawTensorStats*& r : m.raw)
        check(cudaMallocAsync(reinterpret_cast<void**>(&r), cap * sizeof(RawTensorStats), stream),
              "cudaMallocAsync(results)");
      m.dev_raw_cap = cap;
      m.clean = 0;
      clear_launch(m.raw[0]);
    } else if (m.have_stream && stream != m.last_stream) {
      // Another stream than the last pass's: that pass's kernel (which cleared the buffer this
      // pass writes) may still be running there. Rare, so a host wait keeps it simple.
      check(cudaStreamSynchronize(m.last_stream), "cudaStreamSynchronize(previous stream)");
    }
    if (m.results_recorded && m.copy_stream != stream) {
      // The latest results were copied on another stream: this pass's kernel clears that
      // buffer, so it must not start before the copy is done.
      check(cudaStreamWaitEvent(stream, m.results_event, 0), "cudaStreamWaitEvent(results)");
    }
    m.last_stream = stream;
    m.have_stream = true;
  }
  m.last_count = opt.compute_stats ? count : 0;
  RawTensorStats* out = nullptr;
  std::uint32_t* clear_next = nullptr;
  const long long clear_words = static_cast<long long>(m.dev_raw_cap) * kStatsWords;
  if (opt.compute_stats && count > 0) {
    out = m.raw[m.clean];
    clear_next = reinterpret_cast<std::uint32_t*>(m.raw[m.clean ^ 1]);
    m.last_buf = m.clean;
    m.clean ^= 1;
    if (descs.empty()) {  // no kernel to clear the next buffer: a launch does it
      clear_launch(reinterpret_cast<RawTensorStats*>(clear_next));
      return;
    }
  }
  if (descs.empty()) return;

  int flags = 0;
  if (opt.compute_stats) flags |= kFlagStats;
  if (opt.unscale && opt.inv_scale != 1.0f) flags |= kFlagUnscale;
  if (flags == 0 && device_found_inf == nullptr) return;  // nothing asked

  // Small lists of dense tensors: descriptors in the launch parameters.
  InlineDescs inl;
  inl.n = 0;
  const bool inline_ok = descs.size() <= static_cast<std::size_t>(kInlineDescs) &&
                         std::all_of(descs.begin(), descs.end(), [](const Desc& d) { return d.dense != 0; });
  const Desc* dev_descs = nullptr;
  if (inline_ok) {
    for (const Desc& d : descs) inl.d[inl.n++] = {d.data, d.numel, d.block_begin, d.dtype, d.tensor};
  } else {
    dev_descs = m.upload_descs(descs, stream);
  }
  const auto grid = static_cast<unsigned int>(blocks);
  const int nd = static_cast<int>(descs.size());
  if (m.hist == kHistMatch)
    grad_stats_kernel<kHistMatch><<<grid, kThreads, 0, stream>>>(dev_descs, inl, nd, out, clear_next, clear_words,
                                                                 device_found_inf, opt.inv_scale, flags, chunks);
  else if (m.hist == kHistWarp)
    grad_stats_kernel<kHistWarp><<<grid, kThreads, 0, stream>>>(dev_descs, inl, nd, out, clear_next, clear_words,
                                                                device_found_inf, opt.inv_scale, flags, chunks);
  else
    grad_stats_kernel<kHistLane><<<grid, kThreads, 0, stream>>>(dev_descs, inl, nd, out, clear_next, clear_words,
                                                                device_found_inf, opt.inv_scale, flags, chunks);
  check(cudaGetLastError(), "stats kernel launch");
}

// Stage the descriptors in pinned memory and copy them asynchronously; returns the device copy.
const Desc* CudaStatsPass::Impl::upload_descs(const std::vector<Desc>& descs, cudaStream_t stream) {
  Impl& m = *this;
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
  return m.dev_desc;
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
    check(cudaMemcpyAsync(m.host_raw, m.raw[m.last_buf], m.last_count * sizeof(RawTensorStats),
                          cudaMemcpyDeviceToHost, stream),
          "cudaMemcpyAsync(results)");
  check(cudaEventRecord(m.results_event, stream), "cudaEventRecord(results)");
  m.results_recorded = true;
  m.copy_stream = stream;
  m.copied_count = m.last_count;
}

std::string CudaStatsPass::config() const {
  const Impl& m = *m_impl;
  return std::string("hist=") + (m.hist == kHistMatch ? "match" : m.hist == kHistWarp ? "atomic" : "lane") +
         " chunks=" +
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
