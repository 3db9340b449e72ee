// CPU gradient statistics: one read of every element, fused with the scaler's unscale and
// found_inf check.
//
// Layout of the work:
// - Every tensor is cut into fixed work items of kItem elements (independent of the thread
//   count), and every item into L1-sized chunks of kChunk elements.
// - Per chunk, all loops run over data already in L1 after the first touch:
//     0. fp16/bf16 only: decode to fp32 bits in a local buffer (then one code path for all);
//     1. branch-free integer reductions the compiler vectorises (non-negative float bits
//        order like integers, so amax/amin are integer max/min), bucket and overflow counts;
//     2. fp64 sum of squares in 8 independent accumulators (vectorises without -ffast-math
//        and fixes the summation order);
//     3. exponent-field byte counts into 4 interleaved sub-tables (consecutive elements with
//        the same exponent would otherwise stall on store-to-load forwarding of one counter);
//        fp32 subnormals (field 0) are rare and re-scanned separately with count-leading-zeros;
//     4. when unscaling: x * inv_scale, rounded to the tensor's dtype, written back. It runs
//        last so that the statistics see the gradient as backward produced it (scaled).
// - Non-dense views are gathered chunk by chunk into a local buffer and scattered back.
// - Threads (OpenMP) take contiguous ranges of items balanced by element count, only above
//   kParallelMin elements in total (waking threads costs more than small layers take).
//   Integer results do not depend on order; the fp64 sum of squares is summed per item and the
//   item sums are added in item order afterwards, so results are bitwise identical for any
//   thread count.
#include <omp.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "ampscope/kernels/grad_stats.h"
#include "float_bits.h"

namespace ampscope::kernels {
namespace {

// Tensor memory is written as float/half by other code; read it through may_alias types.
using U32A = std::uint32_t __attribute__((may_alias));
using U16A = std::uint16_t __attribute__((may_alias));

// On x86-64, loops whose AVX2 version is measurably faster are compiled twice and picked at
// load time (no -march: the binary runs on any x86-64). Elsewhere, one portable version.
#if defined(__x86_64__)
#define AMPSCOPE_AVX2_CLONES __attribute__((target_clones("avx2", "default"), noinline))
#else
#define AMPSCOPE_AVX2_CLONES __attribute__((noinline))
#endif

constexpr int kChunk = 2048;              // 8 KB of fp32 bits (+ source): stays in a 32 KB L1
constexpr std::int64_t kItem = 1 << 15;   // fixed work item: the unit of threading and of fp64 order
constexpr std::int64_t kParallelMin = 1 << 18;  // below this many elements, one thread (see docs/kernels.md)
constexpr int kOver = kNumFormats - 1;    // overflow thresholds counted (fp32 never overflows)
static_assert(bits::kOverflowE4m3 < bits::kOverflowE5m2 && bits::kOverflowE5m2 < bits::kOverflowFp16 &&
              bits::kOverflowFp16 < bits::kOverflowBf16, "overflow_chunk runs from the lowest threshold");
static_assert(static_cast<int>(Format::FP16) == 1 && static_cast<int>(Format::BF16) == 2 &&
              static_cast<int>(Format::FP8_E4M3) == 3 && static_cast<int>(Format::FP8_E5M2) == 4,
              "TensorAcc::over[k] is cast_overflow[k + 1]");

struct Item {
  int tensor;
  std::int64_t begin, end;  // logical (row-major) element range
};

// Accumulators of one thread for the tensor it is currently working on.
struct TensorAcc {
  std::uint64_t field[256];       // counts by fp32 exponent field (fields 1..254 used)
  std::uint64_t sub_exp[23];      // fp32 subnormals by floor(log2|x|) + 149 (exponents -149..-127)
  std::uint64_t zero, nan, pos_inf, neg_inf;
  std::uint64_t over[kOver];
  std::uint32_t amax, amin;
  void clear() {
    std::memset(this, 0, sizeof(*this));
    amin = bits::kInfBits;
  }
};

// Per-item interleaved exponent-field tables (u32 is enough for one item). 8 tables: an
// increment is a load-add-store, and the next increment of the same counter must wait for that
// store to be forwarded (~5 cycles). Gradients put most elements in a handful of exponents, so
// with one table the loop runs at forwarding latency; with 8, each table is hit every 8th
// element and the loop runs near one store per cycle (measured: 4 tables ~1.5x slower).
constexpr int kTables = 8;
struct FieldTables {
  std::uint32_t t[kTables][256];
  std::uint32_t total(int f) const {
    std::uint32_t s = 0;
    for (int k = 0; k < kTables; ++k) s += t[k][f];
    return s;
  }
};

// Loop 1 keeps 16 fp64 partial sums of squares: lane j takes elements j, j+16, j+32, ... of a
// chunk and adds them in order, and the lanes are combined in a fixed tree. That order is what
// makes the result the same on every machine and for every code path below (AVX2 or portable),
// and 16 lanes keep 4 independent vector additions in flight (add latency would otherwise
// bound the loop).
constexpr int kLanes = 16;

// What loop 1 finds in one chunk.
struct ChunkSums {
  std::uint32_t amax, amin;  // |x| bits; amin = kInfBits when the chunk has no finite nonzero
  double sum_squares;
};

// amin over finite nonzero |x| is computed as the unsigned min of (a - 1), plus 1: a == 0 wraps
// to the top and inf/NaN stay >= inf - 1. The unsigned min is a signed min after flipping the
// sign bit (SSE2/AVX2 have signed 32-bit compares only). |x| bits are < 2^31, so signed
// max/compare order them directly.
constexpr std::int32_t kInfI = static_cast<std::int32_t>(bits::kInfBits);
constexpr std::int32_t kFlip = INT32_MIN;

// Tail elements (fewer than 16 left) and the final combination, shared by both code paths.
ChunkSums finish_chunk(const U32A* b, int i, int n, std::int32_t smax, std::int32_t smin,
                       double (&ss)[kLanes]) {
  for (int j = 0; i < n; ++i, ++j) {
    const std::uint32_t u = b[i];
    const auto a = static_cast<std::int32_t>(u & bits::kAbsMask);
    const bool finite = a < kInfI;
    smax = std::max(smax, finite ? a : 0);
    smin = std::min(smin, (a - 1) ^ kFlip);
    const double d = std::bit_cast<float>(finite ? u : 0u);
    ss[j] += d * d;
  }
  double l8[8];
  for (int j = 0; j < 8; ++j) l8[j] = ss[j] + ss[j + 8];
  const double sum = ((l8[0] + l8[1]) + (l8[2] + l8[3])) + ((l8[4] + l8[5]) + (l8[6] + l8[7]));
  const std::uint32_t amin = static_cast<std::uint32_t>(smin ^ kFlip) + 1u;
  return {static_cast<std::uint32_t>(smax), std::min(amin, bits::kInfBits), sum};
}

#if defined(__x86_64__)
// Loop 1, AVX2: amax, amin over finite nonzero |x| and the fp64 sum of squares of finite
// values, branch-free. Only what every element needs: zeros, inf/NaN and subnormals come from
// the exponent-field counts of loop 2, cast overflows from a scan that runs only when amax says
// a chunk has values that large. Intrinsics because gcc 12 turns the float -> double widening
// of generic vectors into 4 narrow converts plus shuffles.
__attribute__((target("avx2"), noinline)) ChunkSums reduce_chunk_avx2(const U32A* b, int n) {
  const __m256i abs_mask = _mm256_set1_epi32(0x7fffffff);
  const __m256i inf = _mm256_set1_epi32(kInfI);
  const __m256i flip = _mm256_set1_epi32(kFlip);
  const __m256i one = _mm256_set1_epi32(1);
  __m256i amax = _mm256_setzero_si256();
  __m256i amin_m1 = _mm256_set1_epi32((kInfI - 1) ^ kFlip);
  __m256d s0 = _mm256_setzero_pd(), s1 = s0, s2 = s0, s3 = s0;  // lanes 0-3, 4-7, 8-11, 12-15
  int i = 0;
  for (; i + kLanes <= n; i += kLanes) {
    __m256 x[2];
    for (int h = 0; h < 2; ++h) {
      const __m256i u = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + i + 8 * h));
      const __m256i a = _mm256_and_si256(u, abs_mask);
      const __m256i finite = _mm256_cmpgt_epi32(inf, a);
      amax = _mm256_max_epi32(amax, _mm256_and_si256(a, finite));
      amin_m1 = _mm256_min_epi32(amin_m1, _mm256_xor_si256(_mm256_sub_epi32(a, one), flip));
      x[h] = _mm256_castsi256_ps(_mm256_and_si256(u, finite));  // non-finite -> 0
    }
    const __m256d d0 = _mm256_cvtps_pd(_mm256_castps256_ps128(x[0]));
    const __m256d d1 = _mm256_cvtps_pd(_mm256_extractf128_ps(x[0], 1));
    const __m256d d2 = _mm256_cvtps_pd(_mm256_castps256_ps128(x[1]));
    const __m256d d3 = _mm256_cvtps_pd(_mm256_extractf128_ps(x[1], 1));
    s0 = _mm256_add_pd(s0, _mm256_mul_pd(d0, d0));
    s1 = _mm256_add_pd(s1, _mm256_mul_pd(d1, d1));
    s2 = _mm256_add_pd(s2, _mm256_mul_pd(d2, d2));
    s3 = _mm256_add_pd(s3, _mm256_mul_pd(d3, d3));
  }
  alignas(32) std::int32_t mx[8], mn[8];
  _mm256_store_si256(reinterpret_cast<__m256i*>(mx), amax);
  _mm256_store_si256(reinterpret_cast<__m256i*>(mn), amin_m1);
  std::int32_t smax = 0, smin = (kInfI - 1) ^ kFlip;
  for (int j = 0; j < 8; ++j) {
    smax = std::max(smax, mx[j]);
    smin = std::min(smin, mn[j]);
  }
  alignas(32) double ss[kLanes];
  _mm256_store_pd(ss, s0);
  _mm256_store_pd(ss + 4, s1);
  _mm256_store_pd(ss + 8, s2);
  _mm256_store_pd(ss + 12, s3);
  return finish_chunk(b, i, n, smax, smin, ss);
}
#endif

// Loop 1, portable (baseline x86-64 or any other target): the same lanes and operations with
// GCC vector extensions, so the results are bit-identical to the AVX2 path.
using V8i = std::int32_t __attribute__((vector_size(32)));
using V8u = std::uint32_t __attribute__((vector_size(32)));
__attribute__((noinline)) ChunkSums reduce_chunk_portable(const U32A* b, int n) {
  V8i amax = {}, amin_m1 = {};
  amin_m1 += (kInfI - 1) ^ kFlip;
  double ss[kLanes] = {};
  int i = 0;
  for (; i + kLanes <= n; i += kLanes) {
    for (int h = 0; h < 2; ++h) {
      V8u u;
      std::memcpy(&u, b + i + 8 * h, sizeof u);
      const V8i a = reinterpret_cast<V8i>(u & bits::kAbsMask);
      const V8i finite = a < kInfI;  // lanes -1 / 0
      const V8i af = a & finite;
      amax = af > amax ? af : amax;
      const V8i m1 = (a - 1) ^ kFlip;
      amin_m1 = m1 < amin_m1 ? m1 : amin_m1;
      const V8i xm = reinterpret_cast<V8i>(u) & finite;
      for (int j = 0; j < 8; ++j) {
        const double d = std::bit_cast<float>(xm[j]);
        ss[8 * h + j] += d * d;
      }
    }
  }
  std::int32_t smax = 0, smin = (kInfI - 1) ^ kFlip;
  for (int j = 0; j < 8; ++j) {
    smax = std::max(smax, amax[j]);
    smin = std::min(smin, amin_m1[j]);
  }
  return finish_chunk(b, i, n, smax, smin, ss);
}

// The AVX2 path when the CPU has it (checked once), unless AMPSCOPE_KERNELS_ISA=portable asks
// for the other one (tests run both and expect identical results).
#if defined(__x86_64__)
bool use_avx2() {
  static const bool avx2 = [] {
    const char* isa = std::getenv("AMPSCOPE_KERNELS_ISA");
    if (isa != nullptr && std::strcmp(isa, "portable") == 0) return false;
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0;
  }();
  return avx2;
}

ChunkSums reduce_chunk(const U32A* b, int n) {
  return use_avx2() ? reduce_chunk_avx2(b, n) : reduce_chunk_portable(b, n);
}
#else
ChunkSums reduce_chunk(const U32A* b, int n) { return reduce_chunk_portable(b, n); }
#endif

// Loop 2: exponent-field counts into 4 interleaved tables (one counter would serialise on
// store-to-load forwarding when neighbours share an exponent, as gradients mostly do). Two
// elements per 64-bit load: the increments, not the arithmetic, are the bottleneck, and this
// leaves the load ports to them. Field 0 holds zeros and fp32 subnormals, field 255 inf and
// NaN; rare_chunk() splits them when needed.
// It also prefetches the next chunk (`pf`, `pf_bytes`), one cache line per 8 elements: loop 2
// reads only L1, so without this the memory bus idles while it runs and large tensors go at
// (memory time + histogram time) instead of max(memory, compute).
__attribute__((noinline)) void field_hist_chunk(const U32A* b, int n, FieldTables& ft,
                                                const char* pf, int pf_bytes) {
  using U64A = std::uint64_t __attribute__((may_alias, aligned(4)));
  int i = 0;
  for (int line = 0; i + 8 <= n; i += 8, line += 64) {
    if (line < pf_bytes) __builtin_prefetch(pf + line);
    for (int k = 0; k < 4; ++k) {  // little-endian: element i + 2k in the low half
      const std::uint64_t p = *reinterpret_cast<const U64A*>(b + i + 2 * k);
      ++ft.t[2 * k][(p >> 23) & 0xffu];
      ++ft.t[2 * k + 1][(p >> 55) & 0xffu];
    }
  }
  for (; i < n; ++i) ++ft.t[0][(b[i] >> 23) & 0xffu];
}

// Cast-overflow counts (RawTensorStats::cast_overflow). Runs only on chunks whose amax reaches
// the lowest threshold (e4m3's 464): plain gradients never do; scaled ones often do.
AMPSCOPE_AVX2_CLONES
void overflow_chunk(const U32A* b, int n, TensorAcc& acc) {
  constexpr std::int32_t kInf = static_cast<std::int32_t>(bits::kInfBits);
  V8i o1 = {}, o2 = {}, o3 = {}, o4 = {};
  int i = 0;
  for (; i + 8 <= n; i += 8) {
    V8u u;
    std::memcpy(&u, b + i, sizeof u);
    const V8i a = reinterpret_cast<V8i>(u & bits::kAbsMask);
    const V8i af = a & (a < kInf);  // finite |x|, else 0
    o1 -= af >= static_cast<std::int32_t>(bits::kOverflowFp16);
    o2 -= af >= static_cast<std::int32_t>(bits::kOverflowBf16);
    o3 -= af >= static_cast<std::int32_t>(bits::kOverflowE4m3);
    o4 -= af >= static_cast<std::int32_t>(bits::kOverflowE5m2);
  }
  std::uint32_t c[4] = {0, 0, 0, 0};
  for (int j = 0; j < 8; ++j) {
    c[0] += static_cast<std::uint32_t>(o1[j]);
    c[1] += static_cast<std::uint32_t>(o2[j]);
    c[2] += static_cast<std::uint32_t>(o3[j]);
    c[3] += static_cast<std::uint32_t>(o4[j]);
  }
  for (; i < n; ++i) {
    const std::uint32_t a = b[i] & bits::kAbsMask;
    const std::uint32_t af = a < bits::kInfBits ? a : 0u;
    c[0] += af >= bits::kOverflowFp16;
    c[1] += af >= bits::kOverflowBf16;
    c[2] += af >= bits::kOverflowE4m3;
    c[3] += af >= bits::kOverflowE5m2;
  }
  for (int k = 0; k < kOver; ++k) acc.over[k] += c[k];
}

// The rare cases, only for chunks that have them: fp32 subnormals (bf16 subnormals decode to
// fp32 subnormals; fp16 ones decode to normal fp32), whose exponent is -149 + (31 - clz(bits)),
// and the split of field 255 into NaN, +inf, -inf. Returns the number of subnormals.
__attribute__((noinline)) std::uint32_t rare_chunk(const U32A* b, int n, bool subnormals,
                                                   bool nonfinite, TensorAcc& acc) {
  std::uint32_t sub = 0;
  for (int i = 0; i < n; ++i) {
    const std::uint32_t u = b[i];
    const std::uint32_t a = u & bits::kAbsMask;
    if (subnormals && a != 0u && a < 0x00800000u) {
      ++acc.sub_exp[31 - std::countl_zero(a)];
      ++sub;
    }
    if (nonfinite && a >= bits::kInfBits) {
      if (a > bits::kInfBits) ++acc.nan;
      else if (u == bits::kInfBits) ++acc.pos_inf;
      else ++acc.neg_inf;
    }
  }
  return sub;
}

AMPSCOPE_AVX2_CLONES
void decode_half(const U16A* src, int n, std::uint32_t* dst) {
  for (int i = 0; i < n; ++i) dst[i] = bits::half_to_f32_bits(src[i]);
}
void decode_bf16(const U16A* src, int n, std::uint32_t* dst) {
  for (int i = 0; i < n; ++i) dst[i] = bits::bf16_to_f32_bits(src[i]);
}

// Loop 3 (unscale). `b` holds the original values as fp32 bits; the result goes to `out` in the
// tensor's dtype. fp16/bf16 multiply in fp32 then round (what PyTorch's kernels do).
// fp32 in place (the data was read from the tensor itself or from the gather buffer): one
// pointer, so the compiler needs no overlap check (with two equal pointers its runtime check
// would pick the scalar fallback).
AMPSCOPE_AVX2_CLONES void unscale_f32_inplace(U32A* p, int n, float inv) {
  for (int i = 0; i < n; ++i)
    p[i] = std::bit_cast<std::uint32_t>(std::bit_cast<float>(p[i]) * inv);
}
void unscale_half(const U32A* b, int n, float inv, U16A* out) {
  for (int i = 0; i < n; ++i)
    out[i] = bits::f32_bits_to_half(std::bit_cast<std::uint32_t>(std::bit_cast<float>(b[i]) * inv));
}
void unscale_bf16(const U32A* b, int n, float inv, U16A* out) {
  for (int i = 0; i < n; ++i)
    out[i] = bits::f32_bits_to_bf16(std::bit_cast<std::uint32_t>(std::bit_cast<float>(b[i]) * inv));
}

// The scaler-only path (no statistics): is anything inf/NaN?
bool any_nonfinite(const U32A* b, int n) {
  std::int32_t any = 0;
  for (int i = 0; i < n; ++i)
    any |= static_cast<std::int32_t>(b[i] & bits::kAbsMask) >= static_cast<std::int32_t>(bits::kInfBits);
  return any != 0;
}

std::size_t elem_size(DType t) { return t == DType::F32 ? 4 : 2; }

// Walks the logical elements of a non-dense view in row-major order, starting anywhere.
class StridedCursor {
 public:
  StridedCursor(const TensorView& v, std::int64_t start) : m_v(v) {
    m_off = 0;
    for (int d = v.ndim - 1; d >= 0; --d) {
      const auto i = static_cast<std::size_t>(d);
      m_idx[i] = start % v.sizes[i];
      start /= v.sizes[i];
      m_off += m_idx[i] * v.strides[i];
    }
  }
  // Copies n elements (element type T) out of / into the view, advancing the cursor.
  template <class T, bool kScatter>
  void transfer(T* base, T* buf, int n) {
    const int last = m_v.ndim - 1;
    if (last < 0) {  // scalar: one element at offset 0
      if (kScatter) base[0] = buf[0]; else buf[0] = base[0];
      return;
    }
    const auto li = static_cast<std::size_t>(last);
    const std::int64_t st = m_v.strides[li];
    int done = 0;
    while (done < n) {
      // Run along the innermost dimension with a fixed stride, then carry.
      const int run = static_cast<int>(std::min<std::int64_t>(n - done, m_v.sizes[li] - m_idx[li]));
      T* p = base + m_off;
      if (kScatter) {
        for (int k = 0; k < run; ++k) p[k * st] = buf[done + k];
      } else {
        for (int k = 0; k < run; ++k) buf[done + k] = p[k * st];
      }
      done += run;
      m_idx[li] += run;
      m_off += run * st;
      for (int d = last; d > 0 && m_idx[static_cast<std::size_t>(d)] == m_v.sizes[static_cast<std::size_t>(d)]; --d) {
        const auto i = static_cast<std::size_t>(d);
        m_off -= m_idx[i] * m_v.strides[i];
        m_idx[i] = 0;
        ++m_idx[i - 1];
        m_off += m_v.strides[i - 1];
      }
    }
  }

 private:
  const TensorView& m_v;
  std::array<std::int64_t, kMaxDims> m_idx{};
  std::int64_t m_off = 0;
};

struct Runner {
  std::span<const TensorView> tensors;
  const PassOptions& opt;
  bool do_unscale;

  // Processes one work item. Returns whether it saw inf/NaN; adds its fp64 sum to *sumsq.
  // `ft` must be all zero on entry and is left all zero.
  bool run_item(const Item& it, TensorAcc& acc, FieldTables& ft, double* sumsq) const {
    const TensorView& v = tensors[static_cast<std::size_t>(it.tensor)];
    const bool dense = v.is_dense();
    const bool stats = opt.compute_stats;
    alignas(64) std::uint32_t native[kChunk];  // gathered elements of a non-dense view
    alignas(64) std::uint32_t decoded[kChunk];  // fp16/bf16 decoded to fp32 bits
    double item_sum = 0.0;
    bool nonfinite = false;
    const std::size_t es = elem_size(v.dtype);
    char* const base = static_cast<char*>(v.data);
    std::optional<StridedCursor> gather_cur, scatter_cur;
    if (!dense) {
      gather_cur.emplace(v, it.begin);
      if (do_unscale) scatter_cur.emplace(v, it.begin);
    }

    for (std::int64_t pos = it.begin; pos < it.end; pos += kChunk) {
      const int n = static_cast<int>(std::min<std::int64_t>(kChunk, it.end - pos));
      // Where this chunk's elements are, in the tensor's dtype, contiguously.
      void* src;
      if (dense) {
        src = base + pos * static_cast<std::int64_t>(es);
      } else {
        src = native;
        if (es == 4) gather_cur->transfer<std::uint32_t, false>(reinterpret_cast<std::uint32_t*>(base), native, n);
        else gather_cur->transfer<std::uint16_t, false>(reinterpret_cast<std::uint16_t*>(base), reinterpret_cast<std::uint16_t*>(native), n);
      }
      const U32A* b;  // fp32 bits of the original values
      if (v.dtype == DType::F32) {
        b = static_cast<const U32A*>(src);
      } else {
        if (v.dtype == DType::F16) decode_half(static_cast<const U16A*>(src), n, decoded);
        else decode_bf16(static_cast<const U16A*>(src), n, decoded);
        b = decoded;
      }

      if (stats) {
        const ChunkSums cs = reduce_chunk(b, n);
        item_sum += cs.sum_squares;
        acc.amax = std::max(acc.amax, cs.amax);
        acc.amin = std::min(acc.amin, cs.amin);
        const std::uint32_t low_before = ft.total(0), high_before = ft.total(255);
        // Next chunk of a dense view: where it starts and how many bytes it has.
        const std::int64_t next_n = dense ? std::min<std::int64_t>(kChunk, it.end - pos - n) : 0;
        field_hist_chunk(b, n, ft, static_cast<const char*>(src) + n * static_cast<std::int64_t>(es),
                         static_cast<int>(std::max<std::int64_t>(next_n, 0) * static_cast<std::int64_t>(es)));
        const std::uint32_t low = ft.total(0) - low_before;  // zeros + fp32 subnormals
        // A subnormal is nonzero and finite, so it would be the chunk's amin.
        const bool subnormals = cs.amin < 0x00800000u;
        const bool chunk_nonfinite = ft.total(255) != high_before;
        std::uint32_t sub = 0;
        if (subnormals || chunk_nonfinite) sub = rare_chunk(b, n, subnormals, chunk_nonfinite, acc);
        acc.zero += low - sub;
        if (cs.amax >= bits::kOverflowE4m3) overflow_chunk(b, n, acc);
        nonfinite |= chunk_nonfinite;
      } else {
        nonfinite |= any_nonfinite(b, n);
      }

      if (do_unscale) {
        const float inv = opt.inv_scale;
        switch (v.dtype) {
          case DType::F32: unscale_f32_inplace(static_cast<U32A*>(src), n, inv); break;
          case DType::F16: unscale_half(b, n, inv, static_cast<U16A*>(src)); break;
          case DType::BF16: unscale_bf16(b, n, inv, static_cast<U16A*>(src)); break;
        }
        if (!dense) {
          if (es == 4) scatter_cur->transfer<std::uint32_t, true>(reinterpret_cast<std::uint32_t*>(base), native, n);
          else scatter_cur->transfer<std::uint16_t, true>(reinterpret_cast<std::uint16_t*>(base), reinterpret_cast<std::uint16_t*>(native), n);
        }
      }
    }
    if (stats) {
      // Only fields 0, 255 and those between the item's smallest and largest finite nonzero
      // |x| can be nonzero: fold and clear just those (small tensors would otherwise pay for
      // all 8 x 256 counters, more than their own elements cost).
      const int lo_f = static_cast<int>(std::min(acc.amin, 0x7f7fffffu) >> 23);
      const int hi_f = static_cast<int>(acc.amax >> 23);
      auto fold = [&](int f) {
        acc.field[f] += ft.total(f);
        for (int k = 0; k < kTables; ++k) ft.t[k][f] = 0;
      };
      fold(0);
      fold(255);
      for (int f = std::max(lo_f, 1); f <= std::min(hi_f, 254); ++f) fold(f);
      *sumsq = item_sum;
    }
    return nonfinite;
  }
};

void flush(const TensorAcc& acc, RawTensorStats& r) {
  // e = f - 127, index e + 149. Only fields within [amin, amax] of the tensor can be nonzero.
  const int lo_f = std::max(static_cast<int>(std::min(acc.amin, 0x7f7fffffu) >> 23), 1);
  const int hi_f = std::min(static_cast<int>(acc.amax >> 23), 254);
  for (int f = lo_f; f <= hi_f; ++f) r.exp_count[f + 22] += acc.field[f];
  for (int k = 0; k < 23; ++k) r.exp_count[k] += acc.sub_exp[k];
  r.zero += acc.zero;
  r.nan += acc.nan;
  r.pos_inf += acc.pos_inf;
  r.neg_inf += acc.neg_inf;
  for (int k = 0; k < kOver; ++k) r.cast_overflow[k + 1] += acc.over[k];
  r.amax_bits = std::max(r.amax_bits, acc.amax);
  r.amin_nz_bits = std::min(r.amin_nz_bits, acc.amin);
}

void validate(std::span<const TensorView> tensors, bool unscale) {
  for (std::size_t i = 0; i < tensors.size(); ++i) {
    const TensorView& v = tensors[i];
    const std::string where = "grad_stats_cpu: tensor " + std::to_string(i) + ": ";
    if (v.ndim < 0 || v.ndim > kMaxDims) throw std::invalid_argument(where + "ndim out of range");
    if (v.dtype != DType::F32 && v.dtype != DType::F16 && v.dtype != DType::BF16)
      throw std::invalid_argument(where + "unknown dtype");
    for (int d = 0; d < v.ndim; ++d)
      if (v.sizes[static_cast<std::size_t>(d)] < 0) throw std::invalid_argument(where + "negative size");
    if (v.numel() > 0 && v.data == nullptr) throw std::invalid_argument(where + "null data");
    if (unscale && !v.is_non_overlapping())
      throw std::invalid_argument(where + "cannot unscale a view whose elements overlap in memory");
  }
}

}  // namespace

bool grad_stats_cpu(std::span<const TensorView> tensors, const PassOptions& opt,
                    RawTensorStats* raw) {
  if (opt.compute_stats && raw == nullptr && !tensors.empty())
    throw std::invalid_argument("grad_stats_cpu: raw is null but compute_stats is set");
  validate(tensors, opt.unscale && opt.inv_scale != 1.0f);
  if (opt.compute_stats)
    for (std::size_t t = 0; t < tensors.size(); ++t) raw[t].clear();

  // Fixed work items (independent of the thread count: that fixes the fp64 summation order).
  std::vector<Item> items;
  std::int64_t total = 0;
  for (std::size_t t = 0; t < tensors.size(); ++t) {
    const std::int64_t n = tensors[t].numel();
    for (std::int64_t b = 0; b < n; b += kItem)
      items.push_back({static_cast<int>(t), b, std::min(n, b + kItem)});
    total += n;
  }
  if (items.empty()) return false;
  std::vector<double> item_sums(items.size(), 0.0);

  const Runner runner{tensors, opt, opt.unscale && opt.inv_scale != 1.0f};
  // Runs items [first, last) on the calling thread, flushing per tensor.
  auto run_range = [&](std::size_t first, std::size_t last, bool locked) {
    bool found = false;
    TensorAcc acc;
    acc.clear();
    FieldTables ft;  // kept zero between items by run_item
    std::memset(&ft, 0, sizeof ft);
    int cur = -1;
    auto flush_cur = [&] {
      if (cur < 0 || !opt.compute_stats) return;
      if (locked) {
#pragma omp critical(ampscope_grad_stats_flush)
        flush(acc, raw[cur]);
      } else {
        flush(acc, raw[cur]);
      }
      acc.clear();
    };
    for (std::size_t i = first; i < last; ++i) {
      if (items[i].tensor != cur) {
        flush_cur();
        cur = items[i].tensor;
      }
      found |= runner.run_item(items[i], acc, ft, &item_sums[i]);
    }
    flush_cur();
    return found;
  };

  int threads = opt.num_threads > 0 ? opt.num_threads : omp_get_max_threads();
  bool found_inf = false;
  if (threads <= 1 || total < kParallelMin || items.size() < 2) {
    found_inf = run_range(0, items.size(), false);
  } else {
    threads = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(threads), items.size()));
    // Balance by elements: thread k takes the items whose first element falls in its share.
    std::vector<std::size_t> bounds(static_cast<std::size_t>(threads) + 1, items.size());
    bounds[0] = 0;
    {
      std::int64_t seen = 0;
      int k = 1;
      for (std::size_t i = 0; i < items.size() && k < threads; ++i) {
        while (k < threads && seen >= total * k / threads) bounds[static_cast<std::size_t>(k++)] = i;
        seen += items[i].end - items[i].begin;
      }
    }
    int found_any = 0;
#pragma omp parallel num_threads(threads) reduction(| : found_any)
    {
      // The runtime may grant fewer threads than asked (nested regions, limits): the ranges
      // are then shared round-robin, so every item still runs exactly once.
      const int granted = omp_get_num_threads();
      for (int k = omp_get_thread_num(); k < threads; k += granted) {
        const auto kk = static_cast<std::size_t>(k);
        if (run_range(bounds[kk], bounds[kk + 1], true)) found_any = 1;
      }
    }
    found_inf = found_any != 0;
  }

  if (opt.compute_stats)
    for (std::size_t i = 0; i < items.size(); ++i) raw[items[i].tensor].sum_squares += item_sums[i];
  return found_inf;
}

}  // namespace ampscope::kernels
