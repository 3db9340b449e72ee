// CPU gradient statistics: one read of every element, fused with the scaler's unscale and
// found_inf check.
//
// Layout of the work:
// - Every tensor is cut into fixed work items of kItem elements (independent of the thread
//   count), and every item into L1-sized chunks of kChunk elements.
// - Per chunk, all loops run over data already in L1 after the first touch:
//     0. fp16/bf16 only: decode to fp32 bits in a local buffer (then one code path for all);
//     1. loop 1 (AVX-512, AVX2+FMA or portable vectors, picked once at run time): amax and
//        amin as integer max/min (non-negative float bits order like integers), whether
//        anything is inf/NaN, and the fp64 sum of squares in 32 lanes in a fixed order, so
//        every path gives the same bits;
//     2. the exponent histogram: the window histogram (bit-sliced counters over 32 or 64
//        exponent fields, no store per element; see WindowPlanes) where the chunk's values
//        fit the item's window, otherwise 8 interleaved tables (loop 2);
//     3. only where needed: a re-scan splitting inf/NaN and counting fp32 subnormals with
//        count-leading-zeros, and the cast-overflow compares when amax reaches 464;
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
// gcc 12's AVX-512 intrinsics fill "don't care" operands with a self-initialised variable
// (_mm512_undefined_*), which -Wuninitialized reports once inlined: a false positive (GCC bug
// 105593, fixed in gcc 13), silenced for this file only.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 13
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>
#endif

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cassert>
#include <climits>
#include <cstddef>
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
#if defined(__x86_64__) && defined(__clang__)
#define AMPSCOPE_AVX2_CLONES __attribute__((target_clones("avx2", "default")))  // clang: never inlined anyway
#elif defined(__x86_64__)
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
  // The same, after flush(): of field[], only 0, 255 and the fields between amin and amax can
  // have been written (2 KB fewer to clear per tensor: small tensors' fixed cost).
  void clear_used() {
    const int lo_f = static_cast<int>(std::min(amin, 0x7f7fffffu) >> 23);
    const int hi_f = static_cast<int>(std::min(amax, 0x7f7fffffu) >> 23);
    if (lo_f <= hi_f) std::memset(field + lo_f, 0, sizeof(field[0]) * static_cast<std::size_t>(hi_f - lo_f + 1));
    field[0] = field[255] = 0;
    std::memset(sub_exp, 0, sizeof *this - offsetof(TensorAcc, sub_exp));
    amin = bits::kInfBits;
  }
};

// Per-item interleaved exponent-field tables (u32 is enough for one item). 8 tables: an
// increment is a load-add-store, and the next increment of the same counter must wait for that
// store to be forwarded (~5 cycles). Gradients put most elements in a handful of exponents, so
// with one table the loop runs at forwarding latency; with 8, each table is hit every 8th
// element and the loop runs near one store per cycle (measured: 4 tables ~1.5x slower).
// Laid out field by field (t[f][k]: a field's 8 counters share 32 bytes), so that reading a
// field's total and clearing it, once per item, is one load and one store, not 8 cache lines.
constexpr int kTables = 8;
struct FieldTables {
  alignas(32) std::uint32_t t[256][kTables];
  std::uint32_t total(int f) const {
    std::uint32_t s = 0;
    for (int k = 0; k < kTables; ++k) s += t[f][k];
    return s;
  }
};

// Loop 1 keeps 32 fp64 partial sums of squares: lane j takes elements j, j+32, j+64, ... of a
// chunk and adds them in order, and the lanes are combined in a fixed tree. That order is what
// makes the result the same on every machine and for every code path below (AVX-512, AVX2 or
// portable). 32 lanes, not 16: each lane is a dependency chain of additions, and with 16 the
// AVX-512 loop waited on add latency (2 chains of 4 cycles per 16 elements).
// x * x of a float is exact in fp64 (24-bit mantissas), so fma(x, x, s) == s + x * x bit for
// bit: the FMA paths and the portable multiply-then-add agree exactly.
constexpr int kLanes = 32;

// What loop 1 finds in one chunk.
struct ChunkSums {
  std::uint32_t amax, amin;  // |x| bits; amin = kInfBits when the chunk has no finite nonzero
  double sum_squares;
  bool nonfinite;            // any inf/NaN
};

// amin over finite nonzero |x| is computed as the unsigned min of (a - 1), plus 1: a == 0 wraps
// to the top and inf/NaN stay >= inf - 1. AVX-512 and the unmasked AVX2 loop take the unsigned
// min directly (vpminud); the portable and masked AVX2 loops, and every unsigned compare (SSE2
// and AVX2 have signed 32-bit compares only), use signed ones after flipping the sign bit. |x|
// bits are < 2^31, so signed max/compare order them directly.
constexpr std::int32_t kInfI = static_cast<std::int32_t>(bits::kInfBits);
constexpr std::int32_t kFlip = INT32_MIN;
// (bits - 1) with the sign bit flipped: x - 1 < bits - 1 unsigned is (x - 1) ^ kFlip < this, signed.
constexpr std::int32_t flipped_m1(std::uint32_t bits) {
  return static_cast<std::int32_t>((bits - 1u) ^ static_cast<std::uint32_t>(kFlip));
}

// Tail elements (fewer than kLanes left) and the final combination, shared by all code paths.
ChunkSums finish_chunk(const U32A* b, int i, int n, std::int32_t smax, std::int32_t smin,
                       bool nonfinite, double (&ss)[kLanes]) {
  for (int j = 0; i < n; ++i, ++j) {
    const std::uint32_t u = b[i];
    const auto a = static_cast<std::int32_t>(u & bits::kAbsMask);
    const bool finite = a < kInfI;
    nonfinite |= !finite;
    smax = std::max(smax, finite ? a : 0);
    smin = std::min(smin, (a - 1) ^ kFlip);
    const double d = std::bit_cast<float>(finite ? u : 0u);
    ss[j] += d * d;
  }
  double l16[16];
  for (int j = 0; j < 16; ++j) l16[j] = ss[j] + ss[j + 16];
  double l8[8];
  for (int j = 0; j < 8; ++j) l8[j] = l16[j] + l16[j + 8];
  const double sum = ((l8[0] + l8[1]) + (l8[2] + l8[3])) + ((l8[4] + l8[5]) + (l8[6] + l8[7]));
  const std::uint32_t amin = static_cast<std::uint32_t>(smin ^ kFlip) + 1u;
  return {static_cast<std::uint32_t>(smax), std::min(amin, bits::kInfBits), sum, nonfinite};
}

// Loop 1's minimum per block of kBlock elements (AVX2, whose window blocks are as long), so that
// the values under an item's window are looked for only in the blocks that hold any
// (below_window_hist): a scan of every chunk that has one such value was a quarter of the AVX2
// pass on spiral-mlp (perf, bench_grad_stats --trace). The AVX-512 loop fused with the window
// marks its blocks itself (reduce_window_avx512).
struct BlockMins {
  static constexpr int kBlock = 128;
  alignas(32) std::uint32_t lane[kChunk / kBlock][8];  // per block and lane: the unsigned min of a - 1
  int blocks = 0;  // blocks recorded from the chunk's start; 0: none (look everywhere)
};
static_assert(kChunk % BlockMins::kBlock == 0 && kChunk / BlockMins::kBlock <= 32 &&
              BlockMins::kBlock % kLanes == 0, "a block mask has a bit per block");

#if defined(__x86_64__)
// The vector loops' endings: their lanes' max and min, and finish_chunk with the fp64 lanes.
__attribute__((target("avx2"), always_inline)) inline void lanes_minmax_avx2(__m256i amax, __m256i amin_m1,
                                                                             std::int32_t& smax, std::int32_t& smin) {
  alignas(32) std::int32_t mx[8], mn[8];
  _mm256_store_si256(reinterpret_cast<__m256i*>(mx), amax);
  _mm256_store_si256(reinterpret_cast<__m256i*>(mn), amin_m1);
  smax = 0;
  smin = (kInfI - 1) ^ kFlip;
  for (int j = 0; j < 8; ++j) {
    smax = std::max(smax, mx[j]);
    smin = std::min(smin, mn[j]);
  }
}
__attribute__((target("avx512f"), always_inline)) inline ChunkSums finish_chunk_avx512(
    const U32A* b, int i, int n, std::int32_t smax, __m512i amin_m1, const __m512d (&s)[4], bool nonfinite) {
  const std::uint32_t umin = _mm512_reduce_min_epu32(amin_m1);
  const auto smin = static_cast<std::int32_t>(umin ^ static_cast<std::uint32_t>(kFlip));
  alignas(64) double ss[kLanes];
  for (int k = 0; k < 4; ++k) _mm512_store_pd(ss + 8 * k, s[k]);
  return finish_chunk(b, i, n, smax, smin, nonfinite, ss);
}

// Loop 1, AVX2 + FMA: amax, amin over finite nonzero |x|, the fp64 sum of squares of finite
// values and whether anything is inf/NaN, branch-free. Only what every element needs: zeros
// and subnormals come from the histogram, cast overflows from a scan that runs only when amax
// says a chunk has values that large. Intrinsics because gcc 12 turns the float -> double
// widening of generic vectors into 4 narrow converts plus shuffles.
__attribute__((target("avx2,fma"), noinline)) ChunkSums reduce_chunk_avx2_masked(const U32A* b, int n) {
  const __m256i abs_mask = _mm256_set1_epi32(0x7fffffff);
  const __m256i inf = _mm256_set1_epi32(kInfI);
  const __m256i flip = _mm256_set1_epi32(kFlip);
  const __m256i one = _mm256_set1_epi32(1);
  __m256i amax = _mm256_setzero_si256();
  __m256i amin_m1 = _mm256_set1_epi32((kInfI - 1) ^ kFlip);
  __m256i finite_all = _mm256_set1_epi32(-1);
  __m256d s[8];  // s[k] holds lanes 4k .. 4k+3
  for (auto& v : s) v = _mm256_setzero_pd();
  int i = 0;
  for (; i + kLanes <= n; i += kLanes) {
    for (int h = 0; h < 4; ++h) {
      const __m256i u = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + i + 8 * h));
      const __m256i a = _mm256_and_si256(u, abs_mask);
      const __m256i finite = _mm256_cmpgt_epi32(inf, a);
      finite_all = _mm256_and_si256(finite_all, finite);
      amax = _mm256_max_epi32(amax, _mm256_and_si256(a, finite));
      amin_m1 = _mm256_min_epi32(amin_m1, _mm256_xor_si256(_mm256_sub_epi32(a, one), flip));
      const __m256 x = _mm256_castsi256_ps(_mm256_and_si256(u, finite));  // non-finite -> 0
      const __m256d lo = _mm256_cvtps_pd(_mm256_castps256_ps128(x));
      const __m256d hi = _mm256_cvtps_pd(_mm256_extractf128_ps(x, 1));
      s[2 * h] = _mm256_fmadd_pd(lo, lo, s[2 * h]);
      s[2 * h + 1] = _mm256_fmadd_pd(hi, hi, s[2 * h + 1]);
    }
  }
  std::int32_t smax, smin;
  lanes_minmax_avx2(amax, amin_m1, smax, smin);
  alignas(32) double ss[kLanes];
  for (int k = 0; k < 8; ++k) _mm256_store_pd(ss + 4 * k, s[k]);
  const bool nonfinite = _mm256_movemask_epi8(finite_all) != -1;
  return finish_chunk(b, i, n, smax, smin, nonfinite, ss);
}

// Loop 1, AVX-512F: the same lanes and results as the AVX2 loop; masks replace the selects
// and an unsigned min replaces the flipped signed one.
__attribute__((target("avx512f"), noinline)) ChunkSums reduce_chunk_avx512_masked(const U32A* b, int n) {
  const __m512i abs_mask = _mm512_set1_epi32(0x7fffffff);
  const __m512i inf = _mm512_set1_epi32(kInfI);
  const __m512i one = _mm512_set1_epi32(1);
  __m512i amax = _mm512_setzero_si512();
  __m512i amin_m1 = _mm512_set1_epi32(kInfI - 1);  // unsigned
  __mmask16 nonfinite = 0;
  __m512d s[4];  // s[k] holds lanes 8k .. 8k+7
  for (auto& v : s) v = _mm512_setzero_pd();
  int i = 0;
  for (; i + kLanes <= n; i += kLanes) {
    for (int h = 0; h < 2; ++h) {
      const __m512i u = _mm512_loadu_si512(b + i + 16 * h);
      const __m512i a = _mm512_and_si512(u, abs_mask);
      const __mmask16 finite = _mm512_cmplt_epi32_mask(a, inf);
      nonfinite = static_cast<__mmask16>(nonfinite | static_cast<__mmask16>(~finite));
      amax = _mm512_mask_max_epi32(amax, finite, amax, a);
      amin_m1 = _mm512_min_epu32(amin_m1, _mm512_sub_epi32(a, one));
      const __m512 x = _mm512_castsi512_ps(_mm512_maskz_mov_epi32(finite, u));  // non-finite -> 0
      const __m512d lo = _mm512_cvtps_pd(_mm512_castps512_ps256(x));
      const __m512d hi = _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(x), 1)));
      s[2 * h] = _mm512_fmadd_pd(lo, lo, s[2 * h]);
      s[2 * h + 1] = _mm512_fmadd_pd(hi, hi, s[2 * h + 1]);
    }
  }
  return finish_chunk_avx512(b, i, n, static_cast<std::int32_t>(_mm512_reduce_max_epi32(amax)), amin_m1, s,
                             nonfinite != 0);
}

// Loop 1 for chunks without inf/NaN, which is nearly every chunk: the masked loops above spend
// a third of their vector operations on the finite mask (compare, mask merges, zeroing
// non-finite values before squaring). These loops assume every value is finite, so they need
// none of that, and they widen straight from memory (vcvtps2pd with a memory operand: no
// extract). The unmasked amax is >= inf exactly when the assumption failed; then the chunk
// runs again through the masked loop, whose results these equal bit for bit on finite chunks
// (same lanes, same order, same operations on the same values).
__attribute__((target("avx512f"), noinline)) ChunkSums reduce_chunk_avx512(const U32A* b, int n) {
  const __m512i abs_mask = _mm512_set1_epi32(0x7fffffff);
  const __m512i one = _mm512_set1_epi32(1);
  __m512i amax = _mm512_setzero_si512();
  __m512i amin_m1 = _mm512_set1_epi32(kInfI - 1);  // unsigned
  __m512d s[4];  // s[k] holds lanes 8k .. 8k+7
  for (auto& v : s) v = _mm512_setzero_pd();
  int i = 0;
  for (; i + kLanes <= n; i += kLanes) {
    for (int h = 0; h < 2; ++h) {
      const U32A* p = b + i + 16 * h;
      const __m512i a = _mm512_and_si512(_mm512_loadu_si512(p), abs_mask);
      amax = _mm512_max_epi32(amax, a);
      amin_m1 = _mm512_min_epu32(amin_m1, _mm512_sub_epi32(a, one));
      const __m512d lo = _mm512_cvtps_pd(_mm256_loadu_ps(reinterpret_cast<const float*>(p)));
      const __m512d hi = _mm512_cvtps_pd(_mm256_loadu_ps(reinterpret_cast<const float*>(p + 8)));
      s[2 * h] = _mm512_fmadd_pd(lo, lo, s[2 * h]);
      s[2 * h + 1] = _mm512_fmadd_pd(hi, hi, s[2 * h + 1]);
    }
  }
  const auto smax = static_cast<std::int32_t>(_mm512_reduce_max_epi32(amax));
  if (smax >= kInfI) return reduce_chunk_avx512_masked(b, n);
  return finish_chunk_avx512(b, i, n, smax, amin_m1, s, false);
}

__attribute__((target("avx2,fma"), noinline)) ChunkSums reduce_chunk_avx2(const U32A* b, int n, BlockMins& bm) {
  const __m256i abs_mask = _mm256_set1_epi32(0x7fffffff);
  const __m256i flip = _mm256_set1_epi32(kFlip);
  const __m256i one = _mm256_set1_epi32(1);
  const __m256i no_min = _mm256_set1_epi32(kInfI - 1);  // unsigned
  __m256i amax = _mm256_setzero_si256();
  __m256d s[8];  // s[k] holds lanes 4k .. 4k+3
  for (auto& v : s) v = _mm256_setzero_pd();
  // The minimum is kept per block of BlockMins::kBlock elements (BlockMins) and folded at the end: the
  // same operations per vector as one running minimum. It is AVX2's unsigned min (vpminud) of
  // a - 1, as AVX-512's loop takes it: the flip to a signed min cost a vector operation of nine.
  // One vector of loop 1 (p: its 8 elements): amax, the minimum into `mn`, the sums.
#define AMPSCOPE_LOOP1_VEC(p, h, mn)                                                                           \
  do {                                                                                                      \
    const __m256i a = _mm256_and_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)), abs_mask); \
    amax = _mm256_max_epi32(amax, a);                                                                       \
    mn = _mm256_min_epu32(mn, _mm256_sub_epi32(a, one));                                                    \
    const __m256d lo = _mm256_cvtps_pd(_mm_loadu_ps(reinterpret_cast<const float*>(p)));                    \
    const __m256d hi = _mm256_cvtps_pd(_mm_loadu_ps(reinterpret_cast<const float*>((p) + 4)));              \
    s[2 * (h)] = _mm256_fmadd_pd(lo, lo, s[2 * (h)]);                                                       \
    s[2 * (h) + 1] = _mm256_fmadd_pd(hi, hi, s[2 * (h) + 1]);                                               \
  } while (false)
  int i = 0;
  int blk = 0;
  for (; i + BlockMins::kBlock <= n; i += BlockMins::kBlock) {
    __m256i block_min = no_min;
    for (int j = 0; j < BlockMins::kBlock; j += kLanes) {
      for (int h = 0; h < 4; ++h) AMPSCOPE_LOOP1_VEC(b + i + j + 8 * h, h, block_min);
    }
    _mm256_store_si256(reinterpret_cast<__m256i*>(bm.lane[blk++]), block_min);
  }
  __m256i amin_m1 = no_min;
  for (; i + kLanes <= n; i += kLanes) {
    for (int h = 0; h < 4; ++h) AMPSCOPE_LOOP1_VEC(b + i + 8 * h, h, amin_m1);
  }
#undef AMPSCOPE_LOOP1_VEC
  for (int k = 0; k < blk; ++k)
    amin_m1 = _mm256_min_epu32(amin_m1, _mm256_load_si256(reinterpret_cast<const __m256i*>(bm.lane[k])));
  std::int32_t smax, smin;
  lanes_minmax_avx2(amax, _mm256_xor_si256(amin_m1, flip), smax, smin);
  if (smax >= kInfI) {
    bm.blocks = 0;
    return reduce_chunk_avx2_masked(b, n);
  }
  bm.blocks = blk;
  alignas(32) double ss[kLanes];
  for (int k = 0; k < 8; ++k) _mm256_store_pd(ss + 4 * k, s[k]);
  return finish_chunk(b, i, n, smax, smin, false, ss);
}

// Which of the blocks that BlockMins recorded hold a finite nonzero value under floor_bits
// (1 <= a < floor: a - 1 < floor - 1 unsigned, compared signed after flipping the sign bits),
// bit k for block k.
__attribute__((target("avx2"), noinline)) std::uint32_t blocks_below_avx2(const BlockMins& bm,
                                                                        std::uint32_t floor_bits) {
  const __m256i flip = _mm256_set1_epi32(kFlip);
  const __m256i t = _mm256_set1_epi32(flipped_m1(floor_bits));
  std::uint32_t m = 0;
  for (int k = 0; k < bm.blocks; ++k) {
    const __m256i v = _mm256_load_si256(reinterpret_cast<const __m256i*>(bm.lane[k]));
    if (_mm256_movemask_epi8(_mm256_cmpgt_epi32(t, _mm256_xor_si256(v, flip))) != 0) m |= 1u << k;
  }
  return m;
}
#endif

// Loop 1, portable (baseline x86-64 or any other target): the same lanes and operations with
// GCC vector extensions, so the results are bit-identical to the AVX2 path. 128-bit vectors,
// the width SSE2 and NEON have: with 256-bit generic vectors gcc 12 scalarised the compares
// on baseline x86-64 (measured 2x slower than this).
using V8i = std::int32_t __attribute__((vector_size(32)));  // overflow_chunk (AVX2 clone)
using V8u = std::uint32_t __attribute__((vector_size(32)));
using V4i = std::int32_t __attribute__((vector_size(16)));
using V4u = std::uint32_t __attribute__((vector_size(16)));
using V4f = float __attribute__((vector_size(16)));
using V2d = double __attribute__((vector_size(16)));
__attribute__((noinline)) ChunkSums reduce_chunk_portable(const U32A* b, int n) {
  V4i amax = {}, amin_m1 = {}, finite_all = {};
  amin_m1 += (kInfI - 1) ^ kFlip;
  finite_all -= 1;
  V2d s[16] = {};  // s[k] holds lanes 2k, 2k+1
  int i = 0;
  for (; i + kLanes <= n; i += kLanes) {
    for (int h = 0; h < 8; ++h) {
      V4u u;
      std::memcpy(&u, b + i + 4 * h, sizeof u);
      const V4i a = reinterpret_cast<V4i>(u & bits::kAbsMask);
      const V4i finite = a < kInfI;  // lanes -1 / 0
      finite_all &= finite;
      const V4i af = a & finite;
      const V4i gt = af > amax;
      amax = (af & gt) | (amax & ~gt);
      const V4i m1 = (a - 1) ^ kFlip;
      const V4i lt = m1 < amin_m1;
      amin_m1 = (m1 & lt) | (amin_m1 & ~lt);
      const V4f x = reinterpret_cast<V4f>(reinterpret_cast<V4i>(u) & finite);
      const V2d lo = __builtin_convertvector(__builtin_shufflevector(x, x, 0, 1), V2d);
      const V2d hi = __builtin_convertvector(__builtin_shufflevector(x, x, 2, 3), V2d);
      s[2 * h] += lo * lo;
      s[2 * h + 1] += hi * hi;
    }
  }
  double ss[kLanes];
  for (int k = 0; k < 16; ++k) {
    ss[2 * k] = s[k][0];
    ss[2 * k + 1] = s[k][1];
  }
  std::int32_t smax = 0, smin = (kInfI - 1) ^ kFlip;
  bool nonfinite = false;
  for (int j = 0; j < 4; ++j) {
    smax = std::max(smax, amax[j]);
    smin = std::min(smin, amin_m1[j]);
    nonfinite |= finite_all[j] == 0;
  }
  return finish_chunk(b, i, n, smax, smin, nonfinite, ss);
}

// Which vector code runs: the widest the CPU has (checked once), unless AMPSCOPE_KERNELS_ISA
// asks for a narrower one ("avx512f", "avx2" or "portable"; tests run every path and expect
// identical results).
[[maybe_unused]] bool isa_requested(const char* name) {
  const char* want = std::getenv("AMPSCOPE_KERNELS_ISA");
  return want != nullptr && std::strcmp(want, name) == 0;
}
enum class Isa { Portable, Avx2, Avx512 };
Isa isa() {
  static const Isa chosen = [] {
#if defined(__x86_64__)
    if (isa_requested("portable")) return Isa::Portable;
    __builtin_cpu_init();
    const bool avx2 = __builtin_cpu_supports("avx2") != 0 && __builtin_cpu_supports("fma") != 0;
    const bool avx512 = avx2 && __builtin_cpu_supports("avx512f") != 0;
    if (isa_requested("avx2")) return avx2 ? Isa::Avx2 : Isa::Portable;
    return avx512 ? Isa::Avx512 : avx2 ? Isa::Avx2 : Isa::Portable;
#else
    return Isa::Portable;
#endif
  }();
  return chosen;
}

// With AVX-512: whether the window read-out may use GFNI, VBMI and BITALG (AMD Zen 4, Intel Ice
// Lake and later; not Skylake-X). AMPSCOPE_KERNELS_ISA=avx512f keeps AVX-512 without them.
bool gfni_readout() {
  static const bool ok = [] {
#if defined(__x86_64__)
    if (isa() != Isa::Avx512 || isa_requested("avx512f")) return false;
    return __builtin_cpu_supports("gfni") != 0 && __builtin_cpu_supports("avx512vbmi") != 0 &&
           __builtin_cpu_supports("avx512bitalg") != 0 && __builtin_cpu_supports("avx512bw") != 0;
#else
    return false;
#endif
  }();
  return ok;
}

// bm: the blocks' minima where the ISA's loop keeps them (AVX2), else bm.blocks = 0.
ChunkSums reduce_chunk(const U32A* b, int n, BlockMins& bm) {
  bm.blocks = 0;
#if defined(__x86_64__)
  switch (isa()) {
    case Isa::Avx512: return reduce_chunk_avx512(b, n);
    case Isa::Avx2: return reduce_chunk_avx2(b, n, bm);
    case Isa::Portable: break;
  }
#endif
  return reduce_chunk_portable(b, n);
}

// ---- Window histogram: exponent counts without a store per element ----
// The table histogram (loop 2 below) costs one load-add-store per element, ~1.6 cycles here,
// twice loop 1. Where a chunk's finite nonzero values all have exponent fields inside a
// 32-field window [top - 31, top], each element instead becomes a 32-bit one-hot word
// (1 << (top - field), by a variable shift; fields outside the window, inf and NaN shift the
// bit out and give 0), and the words are counted per bit position, vector lane by vector lane,
// with bit-sliced counters: a carry-save adder tree (Harley-Seal) folds 16 vectors of words
// into running ones/twos/fours/eights planes and one "sixteens" vector, which ripples into 9
// more planes (16 .. 4096). About 0.4 vector operations per element with AVX-512, no stores.
// The planes are read out once per work item (positional counts are plane bits times their
// weights). Zeros are the window-counted elements that are neither in the window nor inf/NaN.
// The window is placed once per item, from its first chunk with a finite nonzero value
// (top = that chunk's amax field + 1, headroom for a slightly larger value later; a chunk with
// larger values places it again), one window of 32 fields or two; values under the windows
// (fp32 subnormals included) are counted apart. Chunks with inf/NaN in the separate loops, chunk
// tails shorter than one block and items whose values all lie under 2^-95 (top < 32, or < 64
// for two windows) take the table path, so field 0 (zeros, subnormals) can never alias a
// window bit.
constexpr int kWinBins = 32;
constexpr int kWinPlanes = 13;  // weights 1, 2, 4, 8 (Harley-Seal) and 16 .. 4096 (ripple)
// Per lane and window bin, an item adds at most kItem / 8 (AVX2) elements: 4096 < 2^13.
static_assert(kItem / 8 < (std::int64_t{1} << kWinPlanes), "window planes overflow within an item");
constexpr int kMaxWindows = 2;
using Planes = std::uint32_t[kWinPlanes][16];  // AVX2 uses lanes 0..7
struct WindowPlanes {
  alignas(64) Planes plane[kMaxWindows];  // window k covers fields [top - 32k - 31, top - 32k]
  int top = -1;               // window top field for the current item; -1: not placed yet
  int windows = 1;            // 1 or 2 windows of 32 fields, chosen with the placement
  std::uint64_t counted = 0;  // elements that went through the window
  std::uint64_t nonfinite = 0;  // of those, inf/NaN
  std::uint64_t below = 0;      // of those, finite nonzero values below the item's windows
  bool too_wide = false;        // this item's values spread below one window too often: use two
};

// Elements per Harley-Seal block (16 vectors), 0 when the ISA has no window path.
int window_block() {
  switch (isa()) {
    case Isa::Avx512: return 256;
    case Isa::Avx2: return 128;
    case Isa::Portable: return 0;
  }
  return 0;
}

#if defined(__x86_64__)
// One-hot word of each element: 1 << (top - field(|x|)), 0 outside [top - 31, top].
#define AMPSCOPE_ONEHOT256(p) \
  _mm256_sllv_epi32(one, _mm256_sub_epi32(topv, _mm256_srli_epi32(_mm256_and_si256( \
      _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)), abs_mask), 23)))

// Carry-save adder: (hi, lo) = a + b + c, bit by bit.
__attribute__((target("avx2"), always_inline)) inline void csa(__m256i& hi, __m256i& lo, __m256i a, __m256i b,
                                                                __m256i c) {
  const __m256i u = _mm256_xor_si256(a, b);
  hi = _mm256_or_si256(_mm256_and_si256(a, b), _mm256_and_si256(u, c));
  lo = _mm256_xor_si256(u, c);
}
// The same with 3-input logic: one ternary-logic op each for the majority and the parity.
__attribute__((target("avx512f"), always_inline)) inline void csa(__m512i& hi, __m512i& lo, __m512i a, __m512i b,
                                                                   __m512i c) {
  hi = _mm512_ternarylogic_epi32(a, b, c, 0xe8);
  lo = _mm512_ternarylogic_epi32(a, b, c, 0x96);
}

// n is a multiple of 128. Prefetches one line of `pf` per vector (see field_hist_chunk).
__attribute__((target("avx2"), noinline)) void window_hist_avx2(const U32A* b, int n, Planes& plane, int top,
                                                                const char* pf, int pf_bytes) {
  const __m256i one = _mm256_set1_epi32(1);
  const __m256i abs_mask = _mm256_set1_epi32(0x7fffffff);
  const __m256i topv = _mm256_set1_epi32(top);
#define ld(k) _mm256_load_si256(reinterpret_cast<const __m256i*>(plane[k]))
  __m256i ones = ld(0), twos = ld(1), fours = ld(2), eights = ld(3);
  int line = 0;
  for (int i = 0; i < n; i += 128) {
    const U32A* p = b + i;
    if (line < pf_bytes) {
      for (int k = 0; k < 16; ++k) __builtin_prefetch(pf + line + 64 * k);
      line += 1024;
    }
    __m256i twosA, twosB, foursA, foursB, eightsA, eightsB, sixteens;
    csa(twosA, ones, ones, AMPSCOPE_ONEHOT256(p), AMPSCOPE_ONEHOT256(p + 8));
    csa(twosB, ones, ones, AMPSCOPE_ONEHOT256(p + 16), AMPSCOPE_ONEHOT256(p + 24));
    csa(foursA, twos, twos, twosA, twosB);
    csa(twosA, ones, ones, AMPSCOPE_ONEHOT256(p + 32), AMPSCOPE_ONEHOT256(p + 40));
    csa(twosB, ones, ones, AMPSCOPE_ONEHOT256(p + 48), AMPSCOPE_ONEHOT256(p + 56));
    csa(foursB, twos, twos, twosA, twosB);
    csa(eightsA, fours, fours, foursA, foursB);
    csa(twosA, ones, ones, AMPSCOPE_ONEHOT256(p + 64), AMPSCOPE_ONEHOT256(p + 72));
    csa(twosB, ones, ones, AMPSCOPE_ONEHOT256(p + 80), AMPSCOPE_ONEHOT256(p + 88));
    csa(foursA, twos, twos, twosA, twosB);
    csa(twosA, ones, ones, AMPSCOPE_ONEHOT256(p + 96), AMPSCOPE_ONEHOT256(p + 104));
    csa(twosB, ones, ones, AMPSCOPE_ONEHOT256(p + 112), AMPSCOPE_ONEHOT256(p + 120));
    csa(foursB, twos, twos, twosA, twosB);
    csa(eightsB, fours, fours, foursA, foursB);
    csa(sixteens, eights, eights, eightsA, eightsB);
    __m256i carry = sixteens;  // ripple into the planes of weight 16 and up
    for (int k = 4; k < kWinPlanes; ++k) {
      const __m256i pk = ld(k);
      _mm256_store_si256(reinterpret_cast<__m256i*>(plane[k]), _mm256_xor_si256(pk, carry));
      carry = _mm256_and_si256(pk, carry);
    }
  }
  _mm256_store_si256(reinterpret_cast<__m256i*>(plane[0]), ones);
  _mm256_store_si256(reinterpret_cast<__m256i*>(plane[1]), twos);
  _mm256_store_si256(reinterpret_cast<__m256i*>(plane[2]), fours);
  _mm256_store_si256(reinterpret_cast<__m256i*>(plane[3]), eights);
#undef ld
}
#undef AMPSCOPE_ONEHOT256

#define AMPSCOPE_ONEHOT512(p) \
  _mm512_sllv_epi32(one, _mm512_sub_epi32(topv, _mm512_srli_epi32(_mm512_and_si512( \
      _mm512_loadu_si512(p), abs_mask), 23)))

// n is a multiple of 256. The same tree.
__attribute__((target("avx512f"), noinline)) void window_hist_avx512(const U32A* b, int n, Planes& plane, int top,
                                                                    const char* pf, int pf_bytes) {
  const __m512i one = _mm512_set1_epi32(1);
  const __m512i abs_mask = _mm512_set1_epi32(0x7fffffff);
  const __m512i topv = _mm512_set1_epi32(top);
#define ld(k) _mm512_load_si512(plane[k])
  __m512i ones = ld(0), twos = ld(1), fours = ld(2), eights = ld(3);
  int line = 0;
  for (int i = 0; i < n; i += 256) {
    const U32A* p = b + i;
    if (line < pf_bytes) {
      for (int k = 0; k < 16; ++k) __builtin_prefetch(pf + line + 64 * k);
      line += 1024;
    }
    __m512i twosA, twosB, foursA, foursB, eightsA, eightsB, sixteens;
    csa(twosA, ones, ones, AMPSCOPE_ONEHOT512(p), AMPSCOPE_ONEHOT512(p + 16));
    csa(twosB, ones, ones, AMPSCOPE_ONEHOT512(p + 32), AMPSCOPE_ONEHOT512(p + 48));
    csa(foursA, twos, twos, twosA, twosB);
    csa(twosA, ones, ones, AMPSCOPE_ONEHOT512(p + 64), AMPSCOPE_ONEHOT512(p + 80));
    csa(twosB, ones, ones, AMPSCOPE_ONEHOT512(p + 96), AMPSCOPE_ONEHOT512(p + 112));
    csa(foursB, twos, twos, twosA, twosB);
    csa(eightsA, fours, fours, foursA, foursB);
    csa(twosA, ones, ones, AMPSCOPE_ONEHOT512(p + 128), AMPSCOPE_ONEHOT512(p + 144));
    csa(twosB, ones, ones, AMPSCOPE_ONEHOT512(p + 160), AMPSCOPE_ONEHOT512(p + 176));
    csa(foursA, twos, twos, twosA, twosB);
    csa(twosA, ones, ones, AMPSCOPE_ONEHOT512(p + 192), AMPSCOPE_ONEHOT512(p + 208));
    csa(twosB, ones, ones, AMPSCOPE_ONEHOT512(p + 224), AMPSCOPE_ONEHOT512(p + 240));
    csa(foursB, twos, twos, twosA, twosB);
    csa(eightsB, fours, fours, foursA, foursB);
    csa(sixteens, eights, eights, eightsA, eightsB);
    __m512i carry = sixteens;
    for (int k = 4; k < kWinPlanes; ++k) {
      const __m512i pk = ld(k);
      _mm512_store_si512(plane[k], _mm512_xor_si512(pk, carry));
      carry = _mm512_and_si512(pk, carry);
    }
  }
  _mm512_store_si512(plane[0], ones);
  _mm512_store_si512(plane[1], twos);
  _mm512_store_si512(plane[2], fours);
  _mm512_store_si512(plane[3], eights);
#undef ld
}
#undef AMPSCOPE_ONEHOT512
#endif

// Each window is its own pass over the chunk (in L1 by then); the first one prefetches.
void window_hist(const U32A* b, int n, WindowPlanes& w, const char* pf, int pf_bytes) {
#if defined(__x86_64__)
  for (int k = 0; k < w.windows; ++k) {
    const int top = w.top - kWinBins * k;
    if (isa() == Isa::Avx512) window_hist_avx512(b, n, w.plane[k], top, k == 0 ? pf : nullptr, k == 0 ? pf_bytes : 0);
    else window_hist_avx2(b, n, w.plane[k], top, k == 0 ? pf : nullptr, k == 0 ? pf_bytes : 0);
  }
#else
  (void)b, (void)n, (void)w, (void)pf, (void)pf_bytes;
#endif
}

#if defined(__x86_64__)
// ---- Loop 1 and the window histogram fused (AVX-512, one window) ----
// Separately, loop 1 and the window histogram each load every element and take its absolute
// bits; at L2 sizes the vector ALUs, not memory, bound the pass, so this loop does both on
// each vector while it is in registers: loop 1's operations of reduce_chunk_avx512 (same
// lanes, same order: bit-identical sums) and the window's shift plus carry-save tree. Once the
// item's window is placed (from its first chunk), whether a chunk fits is known only after its
// amax and amin, so the tree counts into `work`, a copy of `plane`: the caller keeps it when
// its test says the chunk fits, as for the separate path. A chunk with inf/NaN returns false
// (out and work unset) and takes the separate path. Blocks of 256 elements as in
// window_hist_avx512; the rest of the chunk gets loop 1 only (and the tables, in the caller).

// dst = the one-hot word of the 16 elements at p + 16q, after loop 1's work on them.
#define AMPSCOPE_FUSED_VEC(dst, q)                                                              \
  do {                                                                                          \
    const U32A* pq = p + 16 * (q);                                                              \
    const __m512i a = _mm512_and_si512(_mm512_loadu_si512(pq), abs_mask);                       \
    amax = _mm512_max_epi32(amax, a);                                                           \
    block_min_m1 = _mm512_min_epu32(block_min_m1, _mm512_sub_epi32(a, one));                   \
    const __m512d lo = _mm512_cvtps_pd(_mm256_loadu_ps(reinterpret_cast<const float*>(pq)));    \
    const __m512d hi = _mm512_cvtps_pd(_mm256_loadu_ps(reinterpret_cast<const float*>(pq + 8))); \
    s[2 * ((q) & 1)] = _mm512_fmadd_pd(lo, lo, s[2 * ((q) & 1)]);                               \
    s[2 * ((q) & 1) + 1] = _mm512_fmadd_pd(hi, hi, s[2 * ((q) & 1) + 1]);                       \
    dst = _mm512_sllv_epi32(one, _mm512_sub_epi32(topv, _mm512_srli_epi32(a, 23)));            \
  } while (false)

// Finite nonzero values below the window (field < top - 31) shift their bit out like zeros do;
// the loop marks the blocks of 256 elements that have any (`below_blocks`, bit k for block k)
// so that the caller can count their exponents apart (below_window_hist) in those blocks only.
// No work per element for it: loop 1's amin is kept per block (block_min_m1) and folded into
// the chunk's at the block's end, after one compare with the window's bottom.
__attribute__((target("avx512f"), noinline)) bool reduce_window_avx512(const U32A* b, int n, const Planes& plane,
                                                                     Planes& work, int top, const char* pf,
                                                                     int pf_bytes, ChunkSums& out,
                                                                     std::uint32_t& below_blocks) {
  const __m512i abs_mask = _mm512_set1_epi32(0x7fffffff);
  const __m512i one = _mm512_set1_epi32(1);
  const __m512i topv = _mm512_set1_epi32(top);
  // 1 <= a < floor  <=>  a - 1 < floor - 1 (unsigned; a == 0 wraps to the top).
  const __m512i floor_m1 = _mm512_set1_epi32(static_cast<int>((static_cast<std::uint32_t>(top - kWinBins + 1) << 23) - 1u));
  const __m512i no_min = _mm512_set1_epi32(kInfI - 1);
  __m512i amax = _mm512_setzero_si512();
  __m512i amin_m1 = _mm512_set1_epi32(kInfI - 1);  // unsigned
  __m512d s[4];
  for (auto& v : s) v = _mm512_setzero_pd();
  std::memcpy(work, plane, sizeof work);
  __m512i ones = _mm512_load_si512(work[0]), twos = _mm512_load_si512(work[1]);
  __m512i fours = _mm512_load_si512(work[2]), eights = _mm512_load_si512(work[3]);
  const int done = n - n % 256;
  static_assert(kChunk / 256 <= 32, "below_blocks has a bit per block");
  std::uint32_t blocks = 0;
  int line = 0;
  for (int i = 0; i < done; i += 256) {
    const U32A* p = b + i;
    if (line < pf_bytes) {
      for (int k = 0; k < 16; ++k) __builtin_prefetch(pf + line + 64 * k);
      line += 1024;
    }
    __m512i block_min_m1 = no_min;  // unsigned min of a - 1 over the block
    __m512i twosA, twosB, foursA, foursB, eightsA, eightsB, sixteens, x0, x1;
    // Two one-hot words per adder, each computed in its own statement: loop 1's sums then run
    // in element order, as in reduce_chunk_avx512.
#define AMPSCOPE_PAIR(hi, q)           \
  AMPSCOPE_FUSED_VEC(x0, q);           \
  AMPSCOPE_FUSED_VEC(x1, (q) + 1);     \
  csa(hi, ones, ones, x0, x1)
    AMPSCOPE_PAIR(twosA, 0);
    AMPSCOPE_PAIR(twosB, 2);
    csa(foursA, twos, twos, twosA, twosB);
    AMPSCOPE_PAIR(twosA, 4);
    AMPSCOPE_PAIR(twosB, 6);
    csa(foursB, twos, twos, twosA, twosB);
    csa(eightsA, fours, fours, foursA, foursB);
    AMPSCOPE_PAIR(twosA, 8);
    AMPSCOPE_PAIR(twosB, 10);
    csa(foursA, twos, twos, twosA, twosB);
    AMPSCOPE_PAIR(twosA, 12);
    AMPSCOPE_PAIR(twosB, 14);
    csa(foursB, twos, twos, twosA, twosB);
    csa(eightsB, fours, fours, foursA, foursB);
    csa(sixteens, eights, eights, eightsA, eightsB);
#undef AMPSCOPE_PAIR
    __m512i carry = sixteens;
    for (int k = 4; k < kWinPlanes; ++k) {
      const __m512i pk = _mm512_load_si512(work[k]);
      _mm512_store_si512(work[k], _mm512_xor_si512(pk, carry));
      carry = _mm512_and_si512(pk, carry);
    }
    if (_mm512_cmplt_epu32_mask(block_min_m1, floor_m1) != 0) blocks |= 1u << (i / 256);
    amin_m1 = _mm512_min_epu32(amin_m1, block_min_m1);
  }
  // (The tail below is not the window's: it goes to the tables.)
  int i = done;
  __m512i block_min_m1 = no_min;
  for (; i + kLanes <= n; i += kLanes) {
    const U32A* p = b + i;
    __m512i unused;
    AMPSCOPE_FUSED_VEC(unused, 0);
    AMPSCOPE_FUSED_VEC(unused, 1);
    (void)unused;
  }
  amin_m1 = _mm512_min_epu32(amin_m1, block_min_m1);
  const auto smax = static_cast<std::int32_t>(_mm512_reduce_max_epi32(amax));
  if (smax >= kInfI) return false;
  out = finish_chunk_avx512(b, i, n, smax, amin_m1, s, false);
  if (out.nonfinite) return false;
  below_blocks = blocks;
  _mm512_store_si512(work[0], ones);
  _mm512_store_si512(work[1], twos);
  _mm512_store_si512(work[2], fours);
  _mm512_store_si512(work[3], eights);
  return true;
}
#undef AMPSCOPE_FUSED_VEC
#endif

#if defined(__x86_64__)
// Window read-out: for each plane and each active bin, the number of lanes with that bit set
// (a mask of the lanes, then popcount), times the plane's weight.
__attribute__((target("avx512f,popcnt"), noinline)) void window_counts_avx512(
    const Planes& plane, int planes, std::uint32_t active, std::uint64_t (&count)[kWinBins]) {
  for (int k = 0; k < planes; ++k) {
    const __m512i v = _mm512_load_si512(plane[k]);
    for (std::uint32_t m = active; m != 0; m &= m - 1) {
      const int d = std::countr_zero(m);
      const unsigned lanes = _mm512_test_epi32_mask(v, _mm512_set1_epi32(static_cast<int>(1u << d)));
      count[d] += static_cast<std::uint64_t>(std::popcount(lanes)) << k;
    }
  }
}
// The same read-out as a bit-matrix transpose, a few vector operations per plane instead of
// one mask-and-popcount per plane and bin (measured: the read-out was a tenth of spiral-mlp's
// statistics pass). Per plane: gather each byte position of 8 lanes into a 64-bit word (vpermb:
// word q = byte q % 4 of lanes 8(q / 4) .. 8(q / 4) + 7); transpose each word's 8x8 bits
// (gf2p8affineqb with the word as the matrix and the unit bytes as the vector: output byte i of
// word q holds bit i of that byte of each of the 8 lanes); count the bits of every byte
// (vpopcntb): byte 8j + i of each 256-bit half counts bit 8j + i over 8 lanes. The two halves
// (lanes 0-7 and 8-15) are added, widened to 32 bits, weighted by 2^plane and summed.
__attribute__((target("avx512f,avx512bw,avx512vbmi,gfni,avx512bitalg"), noinline)) void window_counts_gfni(
    const Planes& plane, int planes, std::uint64_t (&count)[kWinBins]) {
  alignas(64) std::uint8_t idx[64];
  for (int q = 0; q < 8; ++q)
    for (int r = 0; r < 8; ++r) idx[8 * q + r] = static_cast<std::uint8_t>(4 * (8 * (q / 4) + r) + q % 4);
  const __m512i gather = _mm512_load_si512(idx);
  const __m512i units = _mm512_set1_epi64(static_cast<long long>(0x8040201008040201ull));
  __m512i lo = _mm512_setzero_si512(), hi = _mm512_setzero_si512();  // bins 0-15, 16-31
  for (int k = 0; k < planes; ++k) {
    const __m512i words = _mm512_permutexvar_epi8(gather, _mm512_load_si512(plane[k]));
    const __m512i bitsT = _mm512_gf2p8affine_epi64_epi8(units, words, 0);
    const __m512i c = _mm512_popcnt_epi8(bitsT);
    const __m256i per_bin = _mm256_add_epi8(_mm512_castsi512_si256(c), _mm512_extracti64x4_epi64(c, 1));
    const __m512i c_lo = _mm512_cvtepu8_epi32(_mm256_castsi256_si128(per_bin));
    const __m512i c_hi = _mm512_cvtepu8_epi32(_mm256_extracti128_si256(per_bin, 1));
    lo = _mm512_add_epi32(lo, _mm512_slli_epi32(c_lo, static_cast<unsigned>(k)));
    hi = _mm512_add_epi32(hi, _mm512_slli_epi32(c_hi, static_cast<unsigned>(k)));
  }
  alignas(64) std::uint32_t out[kWinBins];
  _mm512_store_si512(out, lo);
  _mm512_store_si512(out + 16, hi);
  for (int d = 0; d < kWinBins; ++d) count[d] += out[d];
}
// The same transpose with AVX2: per plane, byte q of the 8 lanes gathered into 64-bit word q
// (vpshufb groups each 128-bit half's bytes by position, vpermd pairs the halves), then for each
// bit j of a byte, the bits masked and summed over the word's 8 bytes by vpsadbw: word q of sum j
// counts bin 8q + j over the lanes. About 45 vector operations a plane, against a shift, a
// movemask and a popcount per plane and active bin before (perf on bench_grad_stats --trace:
// the read-out and the flush around it were a sixth of the AVX2 pass).
__attribute__((target("avx2"), noinline)) void window_counts_avx2(const Planes& plane, int planes,
                                                                  std::uint64_t (&count)[kWinBins]) {
  const __m256i by_position = _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15,  //
                                               0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
  const __m256i pair_halves = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
  const __m256i low_bit = _mm256_set1_epi8(1);
  const __m256i zero = _mm256_setzero_si256();
  __m256i sum[8];
  for (auto& v : sum) v = zero;
  for (int k = 0; k < planes; ++k) {
    const __m256i v = _mm256_load_si256(reinterpret_cast<const __m256i*>(plane[k]));
    const __m256i words = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(v, by_position), pair_halves);
    const __m128i weight = _mm_cvtsi32_si128(k);
    for (int j = 0; j < 8; ++j) {
      const __m256i bitj = _mm256_and_si256(_mm256_srli_epi16(words, j), low_bit);
      sum[j] = _mm256_add_epi64(sum[j], _mm256_sll_epi64(_mm256_sad_epu8(bitj, zero), weight));
    }
  }
  for (int j = 0; j < 8; ++j) {
    alignas(32) std::uint64_t w[4];
    _mm256_store_si256(reinterpret_cast<__m256i*>(w), sum[j]);
    for (int q = 0; q < 4; ++q) count[8 * q + j] += w[q];
  }
}
#endif

std::atomic<std::uint64_t> g_window_elements{0};

// Reads the windows' counts out into the item's accumulators and clears them.
void window_flush(WindowPlanes& w, TensorAcc& acc) {
  if (w.top < 0) return;
  if (w.counted == 0) {  // placed but no chunk fitted (e.g. two windows with top < 64): nothing to read
    w.top = -1;
    w.windows = 1;
    return;
  }
  g_window_elements.fetch_add(w.counted - w.below, std::memory_order_relaxed);
  std::uint64_t in_window = 0;
  for (int wi = 0; wi < w.windows; ++wi) {
    const Planes& plane = w.plane[wi];
    std::uint64_t count[kWinBins] = {};
    std::uint32_t active = 0;  // bins with any count: the OR of every plane and lane
    int planes = 0;            // planes above the last nonzero one are skipped (small items)
    for (int k = 0; k < kWinPlanes; ++k) {
      std::uint32_t any = 0;
      for (int l = 0; l < 16; ++l) any |= plane[k][l];
      active |= any;
      if (any != 0) planes = k + 1;
    }
#if defined(__x86_64__)
    if (gfni_readout()) window_counts_gfni(plane, planes, count);
    else if (isa() == Isa::Avx512) window_counts_avx512(plane, planes, active, count);
    else window_counts_avx2(plane, planes, count);
#endif
    // A used window lies within fields 1..254 (run_item places it so), and only bins with a
    // count are touched.
    for (int d = 0; d < kWinBins; ++d) {
      if (count[d] == 0) continue;
      acc.field[w.top - kWinBins * wi - d] += count[d];
      in_window += count[d];
    }
  }
  acc.zero += w.counted - in_window - w.nonfinite - w.below;
  std::memset(w.plane, 0, sizeof w.plane);
  w.top = -1;
  w.windows = 1;
  w.counted = w.nonfinite = w.below = 0;
}

// Values below an item's windows (finite, nonzero, field < top - 31 or top - 63, fp32 subnormals
// included) are counted by below_window_hist, below.
// One such value (|x| as fp32 bits): its exponent field, or an fp32 subnormal's exponent.
inline void count_below_value(std::uint32_t x, TensorAcc& acc, FieldTables& ft, unsigned& k) {
  if (x >= 0x00800000u) ++ft.t[x >> 23][k++ % kTables];
  else ++acc.sub_exp[31 - std::countl_zero(x)];
}
// The elements from i on, one by one.
std::uint32_t below_window_tail(const U32A* b, int i, int n, std::uint32_t floor_bits, TensorAcc& acc,
                                FieldTables& ft, unsigned& k) {
  std::uint32_t count = 0;
  for (; i < n; ++i) {
    const std::uint32_t x = b[i] & bits::kAbsMask;
    if (x - 1u >= floor_bits - 1u) continue;
    count_below_value(x, acc, ft, k);
    ++count;
  }
  return count;
}
// Their exponents counted into the item's tables (interleaved, as loop 2's: neighbours often
// share a field) or, for fp32 subnormals, the accumulators; returns how many. Gradients early in
// training have a few such values (spiral-mlp's activation gradients span 35-45 binades, a
// handful in the lowest 5-10); later they have more (up to 1 in 20 at step 6000 with Adam), so
// the scan packs them without a branch per value. A window of 32 fields plus this scan is
// cheaper than two windows; an item where they are many goes to two windows
// (WindowPlanes::too_wide).
#if defined(__x86_64__)
__attribute__((target("avx512f"), noinline)) std::uint32_t below_window_hist_avx512(const U32A* b, int n,
                                                                                 std::uint32_t floor_bits,
                                                                                 TensorAcc& acc, FieldTables& ft) {
  const __m512i abs_mask = _mm512_set1_epi32(0x7fffffff);
  const __m512i one = _mm512_set1_epi32(1);
  const __m512i floor_m1 = _mm512_set1_epi32(static_cast<int>(floor_bits - 1u));
  // Branch-free: each vector's values under the floor are packed into `found` (a compress, a
  // store, a popcount), then counted from there. A loop over each vector's mask bits took a
  // branch misprediction per vector wherever such values are common (3.6 ns a value, measured
  // on spiral-mlp's activation gradients late in training, 5% of them under one window).
  alignas(64) std::uint32_t found[kChunk + 16];
  int nf = 0;
  int i = 0;
  for (; i + 16 <= n && nf + 16 <= kChunk; i += 16) {
    const __m512i a = _mm512_and_si512(_mm512_loadu_si512(b + i), abs_mask);
    const __mmask16 m = _mm512_cmplt_epu32_mask(_mm512_sub_epi32(a, one), floor_m1);
    _mm512_storeu_si512(found + nf, _mm512_maskz_compress_epi32(m, a));
    nf += std::popcount(static_cast<unsigned>(m));
  }
  unsigned k = 0;
  for (int j = 0; j < nf; ++j) count_below_value(found[j], acc, ft, k);
  return static_cast<std::uint32_t>(nf) + below_window_tail(b, i, n, floor_bits, acc, ft, k);
}
// AVX2 has no compress: a table gives, for each 8-bit mask, the lanes to move to the front
// (vpermd), so the scan below is branch-free as the AVX-512 one is. The loop over each group's
// mask in below_window_hist_vec mispredicted about once per group that held such a value
// (perf on bench_grad_stats --trace: still a sixth of the AVX2 pass once it ran only over the
// blocks that hold such values).
struct CompressTable {
  std::uint64_t lanes[256];  // byte j: the lane of the j-th set bit of the mask
  constexpr CompressTable() : lanes{} {
    for (unsigned m = 0; m < 256; ++m) {
      std::uint64_t v = 0;
      int j = 0;
      for (unsigned l = 0; l < 8; ++l)
        if (m >> l & 1u) v |= static_cast<std::uint64_t>(l) << (8 * j++);
      lanes[m] = v;
    }
  }
};
constexpr CompressTable kCompress;

__attribute__((target("avx2,popcnt"), noinline)) std::uint32_t below_window_hist_avx2(const U32A* b, int n,
                                                                                   std::uint32_t floor_bits,
                                                                                   TensorAcc& acc, FieldTables& ft) {
  const __m256i abs_mask = _mm256_set1_epi32(0x7fffffff);
  const __m256i one = _mm256_set1_epi32(1);
  const __m256i flip = _mm256_set1_epi32(kFlip);
  // 1 <= a < floor  <=>  (a - 1) ^ flip < (floor - 1) ^ flip, signed.
  const __m256i floor_m1 = _mm256_set1_epi32(flipped_m1(floor_bits));
  alignas(32) std::uint32_t found[kChunk + 8];
  int nf = 0;
  int i = 0;
  for (; i + 8 <= n && nf + 8 <= kChunk; i += 8) {
    const __m256i a = _mm256_and_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + i)), abs_mask);
    const __m256i under = _mm256_cmpgt_epi32(floor_m1, _mm256_xor_si256(_mm256_sub_epi32(a, one), flip));
    const auto m = static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(under)));
    const __m256i idx = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128(static_cast<long long>(kCompress.lanes[m])));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(found + nf), _mm256_permutevar8x32_epi32(a, idx));
    nf += std::popcount(m);
  }
  unsigned k = 0;
  for (int j = 0; j < nf; ++j) count_below_value(found[j], acc, ft, k);
  return static_cast<std::uint32_t>(nf) + below_window_tail(b, i, n, floor_bits, acc, ft, k);
}
#endif
AMPSCOPE_AVX2_CLONES
std::uint32_t below_window_hist_vec(const U32A* b, int n, std::uint32_t floor_bits, TensorAcc& acc, FieldTables& ft) {
  // As the AVX-512 loop: a group of 8 with any such value writes all 8 to `found` and advances
  // by those under the floor only (no branch per element), then they are counted.
  alignas(32) std::uint32_t found[kChunk + 8];
  int nf = 0;
  int i = 0;
  for (; i + 8 <= n && nf + 8 <= kChunk; i += 8) {
    V8u u;
    std::memcpy(&u, b + i, sizeof u);
    const V8u a = u & bits::kAbsMask;
    const V8u below = (a - 1u) < (floor_bits - 1u);  // all ones where under the floor
    std::uint64_t any[4];
    std::memcpy(any, &below, sizeof any);
    if ((any[0] | any[1] | any[2] | any[3]) == 0) continue;
    for (int j = 0; j < 8; ++j) {
      found[nf] = a[j];
      nf += static_cast<int>(below[j] & 1u);
    }
  }
  unsigned k = 0;
  for (int j = 0; j < nf; ++j) count_below_value(found[j], acc, ft, k);
  return static_cast<std::uint32_t>(nf) + below_window_tail(b, i, n, floor_bits, acc, ft, k);
}
// The blocks of a chunk that hold finite nonzero values under floor_bits (bit k: block k).
std::uint32_t blocks_below(const BlockMins& bm, std::uint32_t floor_bits) {
#if defined(__x86_64__)
  return blocks_below_avx2(bm, floor_bits);
#else
  (void)floor_bits;
  return bm.blocks == 0 ? 0u : ~0u >> (32 - bm.blocks);  // no minima kept: every block
#endif
}
std::uint32_t below_window_hist(const U32A* b, int n, std::uint32_t floor_bits, TensorAcc& acc, FieldTables& ft) {
#if defined(__x86_64__)
  if (isa() == Isa::Avx512) return below_window_hist_avx512(b, n, floor_bits, acc, ft);
  if (isa() == Isa::Avx2) return below_window_hist_avx2(b, n, floor_bits, acc, ft);
#endif
  return below_window_hist_vec(b, n, floor_bits, acc, ft);
}

// Loop 2: exponent-field counts into 8 interleaved tables (one counter would serialise on
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
      ++ft.t[(p >> 23) & 0xffu][2 * k];
      ++ft.t[(p >> 55) & 0xffu][2 * k + 1];
    }
  }
  for (; i < n; ++i) ++ft.t[(b[i] >> 23) & 0xffu][0];
}

// Cast-overflow counts (RawTensorStats::cast_overflow). Runs only on chunks whose amax reaches
// the lowest threshold (e4m3's 464): plain gradients never do; scaled ones often do (fp16 with
// a loss scale of 2^16: nearly every chunk of spiral-mlp's step). So it compares each element
// with only the thresholds the chunk's finite amax reaches (e4m3's always, e5m2's and fp16's
// from 61440, bf16's almost never), and masks inf/NaN out only in a chunk that has them:
// 2.1-2.4 us of spiral-mlp's 16-18 us pass in fp16 before (every threshold, every element,
// eight lanes).
struct OverflowNeed {
  bool fp16, bf16, e5m2, nonfinite;
};
OverflowNeed overflow_need(std::uint32_t amax, bool nonfinite) {
  return {amax >= bits::kOverflowFp16, amax >= bits::kOverflowBf16, amax >= bits::kOverflowE5m2, nonfinite};
}

AMPSCOPE_AVX2_CLONES
void overflow_chunk_vec(const U32A* b, int n, OverflowNeed need, std::uint32_t (&c)[4]) {
  constexpr std::int32_t kInf = static_cast<std::int32_t>(bits::kInfBits);
  V8i o1 = {}, o2 = {}, o3 = {}, o4 = {};
  int i = 0;
  for (; i + 8 <= n; i += 8) {
    V8u u;
    std::memcpy(&u, b + i, sizeof u);
    V8i a = reinterpret_cast<V8i>(u & bits::kAbsMask);
    if (need.nonfinite) a &= a < kInf;  // finite |x|, else 0
    o3 -= a >= static_cast<std::int32_t>(bits::kOverflowE4m3);
    if (need.e5m2) o4 -= a >= static_cast<std::int32_t>(bits::kOverflowE5m2);
    if (need.fp16) o1 -= a >= static_cast<std::int32_t>(bits::kOverflowFp16);
    if (need.bf16) o2 -= a >= static_cast<std::int32_t>(bits::kOverflowBf16);
  }
  for (int j = 0; j < 8; ++j) {
    c[0] += static_cast<std::uint32_t>(o1[j]);
    c[1] += static_cast<std::uint32_t>(o2[j]);
    c[2] += static_cast<std::uint32_t>(o3[j]);
    c[3] += static_cast<std::uint32_t>(o4[j]);
  }
}

#if defined(__x86_64__)
// The same with AVX-512: a compare into a mask and a masked subtract per threshold and 16 values.
__attribute__((target("avx512f"), noinline)) void overflow_chunk_avx512(const U32A* b, int n, OverflowNeed need,
                                                                      std::uint32_t (&c)[4]) {
  const __m512i abs_mask = _mm512_set1_epi32(0x7fffffff);
  const __m512i inf = _mm512_set1_epi32(static_cast<int>(bits::kInfBits));
  const __m512i t_e4m3 = _mm512_set1_epi32(static_cast<int>(bits::kOverflowE4m3));
  const __m512i t_e5m2 = _mm512_set1_epi32(static_cast<int>(bits::kOverflowE5m2));
  const __m512i t_fp16 = _mm512_set1_epi32(static_cast<int>(bits::kOverflowFp16));
  const __m512i t_bf16 = _mm512_set1_epi32(static_cast<int>(bits::kOverflowBf16));
  const __m512i minus_one = _mm512_set1_epi32(-1);
  __m512i o1 = _mm512_setzero_si512(), o2 = o1, o3 = o1, o4 = o1;
  for (int i = 0; i + 16 <= n; i += 16) {
    __m512i a = _mm512_and_si512(_mm512_loadu_si512(b + i), abs_mask);
    if (need.nonfinite) a = _mm512_maskz_mov_epi32(_mm512_cmplt_epu32_mask(a, inf), a);
    o3 = _mm512_mask_sub_epi32(o3, _mm512_cmpge_epu32_mask(a, t_e4m3), o3, minus_one);
    if (need.e5m2) o4 = _mm512_mask_sub_epi32(o4, _mm512_cmpge_epu32_mask(a, t_e5m2), o4, minus_one);
    if (need.fp16) o1 = _mm512_mask_sub_epi32(o1, _mm512_cmpge_epu32_mask(a, t_fp16), o1, minus_one);
    if (need.bf16) o2 = _mm512_mask_sub_epi32(o2, _mm512_cmpge_epu32_mask(a, t_bf16), o2, minus_one);
  }
  c[0] += static_cast<std::uint32_t>(_mm512_reduce_add_epi32(o1));
  c[1] += static_cast<std::uint32_t>(_mm512_reduce_add_epi32(o2));
  c[2] += static_cast<std::uint32_t>(_mm512_reduce_add_epi32(o3));
  c[3] += static_cast<std::uint32_t>(_mm512_reduce_add_epi32(o4));
}
#endif

// amax: the chunk's largest finite |x| bits; nonfinite: whether it has inf/NaN.
void overflow_chunk(const U32A* b, int n, std::uint32_t amax, bool nonfinite, TensorAcc& acc) {
  const OverflowNeed need = overflow_need(amax, nonfinite);
  std::uint32_t c[4] = {0, 0, 0, 0};
  int i = 0;
#if defined(__x86_64__)
  if (isa() == Isa::Avx512) {
    i = n - n % 16;
    overflow_chunk_avx512(b, i, need, c);
  }
#endif
  if (i == 0) {
    i = n - n % 8;
    overflow_chunk_vec(b, i, need, c);
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
AMPSCOPE_AVX2_CLONES bool any_nonfinite(const U32A* b, int n) {
  std::int32_t any = 0;
  for (int i = 0; i < n; ++i)
    any |= static_cast<std::int32_t>(b[i] & bits::kAbsMask) >= static_cast<std::int32_t>(bits::kInfBits);
  return any != 0;
}
// The same test and the fp32 unscale in one read (the scaler without observers: PyTorch's
// _amp_foreach_non_finite_check_and_unscale_). Each value is tested before it is multiplied;
// the products are those of unscale_f32_inplace.
AMPSCOPE_AVX2_CLONES bool any_nonfinite_unscale_f32(U32A* p, int n, float inv) {
  std::int32_t any = 0;
  for (int i = 0; i < n; ++i) {
    const std::uint32_t u = p[i];
    any |= static_cast<std::int32_t>(u & bits::kAbsMask) >= static_cast<std::int32_t>(bits::kInfBits);
    p[i] = std::bit_cast<std::uint32_t>(std::bit_cast<float>(u) * inv);
  }
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
  // `ft` and `win` must be all zero (win.top -1) on entry and are left so.
  bool run_item(const Item& it, TensorAcc& acc, FieldTables& ft, WindowPlanes& win, double* sumsq) const {
    const TensorView& v = tensors[static_cast<std::size_t>(it.tensor)];
    const bool dense = v.is_dense();
    const bool stats = opt.compute_stats;
    alignas(64) std::uint32_t native[kChunk];  // gathered elements of a non-dense view
    alignas(64) std::uint32_t decoded[kChunk];  // fp16/bf16 decoded to fp32 bits
    double item_sum = 0.0;
    bool nonfinite = false;
    // A chunk that did not fit the window cost the fused loop its histogram work for nothing;
    // data like that (spread wider than the window) takes the separate loops for the rest of
    // the item.
    [[maybe_unused]] bool try_fused = true;
    alignas(64) Planes fused_planes;  // the window planes with the fused loop's chunk counted
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

      bool multiplied = false;  // the scaler-only fp32 loop tested and multiplied in one read
      if (stats) {
        // Next chunk of a dense view: where it starts and how many bytes it has.
        const std::int64_t next_n = dense ? std::min<std::int64_t>(kChunk, it.end - pos - n) : 0;
        const char* pf = static_cast<const char*>(src) + n * static_cast<std::int64_t>(es);
        const int pf_bytes = static_cast<int>(std::max<std::int64_t>(next_n, 0) * static_cast<std::int64_t>(es));
        // With the item's window placed (one window, AVX-512), loop 1 and the histogram run
        // fused; a chunk that is not all finite or does not fit goes the separate way.
        ChunkSums cs;
        bool fused = false;  // cs, fused_planes and fused_below come from the fused loop
        std::uint32_t fused_below = 0;  // blocks of 256 with values under the window
#if defined(__x86_64__)
        if (try_fused && win.top >= 0 && win.windows == 1 && n >= 256 && isa() == Isa::Avx512)
          fused = reduce_window_avx512(b, n, win.plane[0], fused_planes, win.top, pf, pf_bytes, cs, fused_below);
#endif
        BlockMins bm;  // loop 1's minima per block (AVX2), where below_window_hist must look
        if (!fused) cs = reduce_chunk(b, n, bm);
        item_sum += cs.sum_squares;
        acc.amax = std::max(acc.amax, cs.amax);
        acc.amin = std::min(acc.amin, cs.amin);
        // The window histogram takes the chunk's whole blocks when its finite nonzero values
        // fit the item's window (see WindowPlanes); the rest goes to the tables.
        int done = 0;
        const int block = window_block();
        if (block > 0 && n >= block) {
          const int amax_f = static_cast<int>(cs.amax >> 23);
          const int amin_f = static_cast<int>(cs.amin >> 23);  // 255 when no finite nonzero
          // A window placed around this chunk: top one binade above its largest value. One
          // window of 32 binades, with the values below it counted apart (below_window_hist):
          // real gradients span 35-45 binades, but only a handful of values lie in the lowest
          // ones (spiral-mlp's activation gradients: 0 to 25 of 16384). Two windows where the
          // values below one are many (more than 1 in 16 of a chunk), as in data spread evenly
          // over 40 binades.
          const int top = std::min(amax_f + 1, 254);
          const int windows = win.too_wide ? 2 : 1;
          // Every value at or under the top fits, with one window or two: those below the
          // windows are counted apart. (Two windows used to send a chunk with any value under
          // them to the tables: a quarter to two thirds of deep-mlp's gradients after 400 Adam
          // steps, whose smallest values reach fp32's subnormals; counted apart, its pass took
          // 175 us instead of 253, measured on 13 steps' gradients, 0 to 1200.)
          auto fits_in = [&](int w_top, int w_windows) {
            const int span = kWinBins * w_windows;
            return w_top >= span && amax_f <= w_top;
          };
          if (win.top < 0 && cs.amax != 0) {
            win.top = top;
            win.windows = windows;
          }
          // An item found too wide for one window takes two from its next chunk on.
          bool fits = fits_in(win.top, win.windows) && !(win.too_wide && win.windows == 1);
          bool replaced = false;
          if (!fits && cs.amax != 0 && !cs.nonfinite && fits_in(top, windows)) {
            // The chunk's values lie outside the window its item placed earlier (activation
            // gradients: batch rows differ in scale by more than the one binade of headroom),
            // but fit one placed around them: read the old one out and place it again. A flush
            // costs a few hundred cycles, the tables ~1.6 cycles per element (measured on
            // spiral-mlp's step: a quarter of its values went to the tables).
            window_flush(win, acc);
            win.top = top;
            win.windows = windows;
            fits = replaced = true;
          }
          if (fits) {
            done = n - n % block;
            assert(!fused || done == n - n % 256);
            if (fused && !replaced) std::memcpy(win.plane[0], fused_planes, sizeof fused_planes);
            else window_hist(b, done, win, pf, pf_bytes);
            win.counted += static_cast<std::uint64_t>(done);
            // Finite nonzero values under the windows' bottom field: the chunk's minimum says
            // whether there are any, and the fused loop (one window) marked the blocks that hold them.
            const int floor_f = win.top - kWinBins * win.windows + 1;
            if (cs.amax != 0 && amin_f < floor_f) {
              const auto floor_bits = static_cast<std::uint32_t>(floor_f) << 23;
              std::uint32_t below = 0;
              if (fused && !replaced) {
                for (std::uint32_t m = fused_below; m != 0; m &= m - 1)
                  below += below_window_hist(b + 256 * std::countr_zero(m), 256, floor_bits, acc, ft);
              } else if (bm.blocks * BlockMins::kBlock >= done) {
                // Runs of consecutive blocks that hold such values, each scanned once.
                std::uint32_t m = blocks_below(bm, floor_bits);
                while (m != 0) {
                  const int first = std::countr_zero(m);
                  const int len = std::countr_one(m >> first);
                  below += below_window_hist(b + BlockMins::kBlock * first, BlockMins::kBlock * len, floor_bits,
                                             acc, ft);
                  m &= len < 32 ? ~(((1u << len) - 1u) << first) : 0u;
                }
              } else {
                below = below_window_hist(b, done, floor_bits, acc, ft);
              }
              win.below += below;
              if (win.windows == 1 && below * 16u > static_cast<std::uint32_t>(done)) win.too_wide = true;
            }
            if (cs.nonfinite) {
              const std::uint64_t before = acc.nan + acc.pos_inf + acc.neg_inf;
              rare_chunk(b, done, false, true, acc);
              win.nonfinite += acc.nan + acc.pos_inf + acc.neg_inf - before;
            }
          } else if (fused) {
            try_fused = false;
          }
        }
        if (done < n) {
          const U32A* rb = b + done;
          const int rn = n - done;
          const std::uint32_t low_before = ft.total(0), high_before = ft.total(255);
          field_hist_chunk(rb, rn, ft, done == 0 ? pf : nullptr, done == 0 ? pf_bytes : 0);
          const std::uint32_t low = ft.total(0) - low_before;  // zeros + fp32 subnormals
          // A subnormal is nonzero and finite, so it would be the chunk's amin.
          const bool subnormals = cs.amin < 0x00800000u;
          const bool rest_nonfinite = ft.total(255) != high_before;
          std::uint32_t sub = 0;
          if (subnormals || rest_nonfinite) sub = rare_chunk(rb, rn, subnormals, rest_nonfinite, acc);
          acc.zero += low - sub;
        }
        if (cs.amax >= bits::kOverflowE4m3) overflow_chunk(b, n, cs.amax, cs.nonfinite, acc);
        nonfinite |= cs.nonfinite;
      } else if (do_unscale && v.dtype == DType::F32) {
        nonfinite |= any_nonfinite_unscale_f32(static_cast<U32A*>(src), n, opt.inv_scale);
        multiplied = true;
      } else {
        nonfinite |= any_nonfinite(b, n);
      }

      if (do_unscale) {
        const float inv = opt.inv_scale;
        if (!multiplied) {
          switch (v.dtype) {
            case DType::F32: unscale_f32_inplace(static_cast<U32A*>(src), n, inv); break;
            case DType::F16: unscale_half(b, n, inv, static_cast<U16A*>(src)); break;
            case DType::BF16: unscale_bf16(b, n, inv, static_cast<U16A*>(src)); break;
          }
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
        for (int k = 0; k < kTables; ++k) ft.t[f][k] = 0;
      };
      window_flush(win, acc);
      win.too_wide = false;
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
    // The message is made only for a bad view (no allocation per tensor on every pass).
    auto bad = [i](const char* what) {
      return std::invalid_argument("grad_stats_cpu: tensor " + std::to_string(i) + ": " + what);
    };
    if (v.ndim < 0 || v.ndim > kMaxDims) throw bad("ndim out of range");
    if (v.dtype != DType::F32 && v.dtype != DType::F16 && v.dtype != DType::BF16) throw bad("unknown dtype");
    for (int d = 0; d < v.ndim; ++d)
      if (v.sizes[static_cast<std::size_t>(d)] < 0) throw bad("negative size");
    if (v.numel() > 0 && v.data == nullptr) throw bad("null data");
    if (unscale && !v.is_non_overlapping()) throw bad("cannot unscale a view whose elements overlap in memory");
  }
}

}  // namespace

const char* grad_stats_cpu_isa() {
  switch (isa()) {
    case Isa::Avx512: return gfni_readout() ? "avx512+gfni" : "avx512";
    case Isa::Avx2: return "avx2";
    case Isa::Portable: break;
  }
  return "portable";
}

std::uint64_t grad_stats_cpu_window_elements() { return g_window_elements.load(std::memory_order_relaxed); }

bool grad_stats_cpu(std::span<const TensorView> tensors, const PassOptions& opt,
                    RawTensorStats* raw) {
  if (opt.compute_stats && raw == nullptr && !tensors.empty())
    throw std::invalid_argument("grad_stats_cpu: raw is null but compute_stats is set");
  thread_local std::vector<RawTensorStats*> tls_each;
  std::vector<RawTensorStats*>& each = tls_each;
  each.clear();
  if (opt.compute_stats)
    for (std::size_t t = 0; t < tensors.size(); ++t) each.push_back(raw + t);
  return grad_stats_cpu_each(tensors, opt, opt.compute_stats ? each.data() : nullptr);
}

bool grad_stats_cpu_each(std::span<const TensorView> tensors, const PassOptions& opt,
                         RawTensorStats* const* raw_each) {
  if (opt.compute_stats && !tensors.empty()) {
    if (raw_each == nullptr)
      throw std::invalid_argument("grad_stats_cpu: raw is null but compute_stats is set");
    for (std::size_t t = 0; t < tensors.size(); ++t)
      if (raw_each[t] == nullptr) throw std::invalid_argument("grad_stats_cpu: raw is null but compute_stats is set");
  }
  validate(tensors, opt.unscale && opt.inv_scale != 1.0f);
  if (opt.compute_stats)
    for (std::size_t t = 0; t < tensors.size(); ++t) raw_each[t]->clear();

  // Fixed work items (independent of the thread count: that fixes the fp64 summation order), in
  // buffers this thread keeps from pass to pass (a training step makes one or two passes: no
  // allocation per pass once they have the size).
  // (References, not the thread_locals' names, inside the OpenMP region below: another thread
  // naming them would get its own, empty, vectors.)
  thread_local std::vector<Item> tls_items;
  thread_local std::vector<double> tls_item_sums;
  std::vector<Item>& items = tls_items;
  std::vector<double>& item_sums = tls_item_sums;
  items.clear();
  std::int64_t total = 0;
  for (std::size_t t = 0; t < tensors.size(); ++t) {
    const std::int64_t n = tensors[t].numel();
    for (std::int64_t b = 0; b < n; b += kItem)
      items.push_back({static_cast<int>(t), b, std::min(n, b + kItem)});
    total += n;
  }
  if (items.empty()) return false;
  item_sums.assign(items.size(), 0.0);

  const Runner runner{tensors, opt, opt.unscale && opt.inv_scale != 1.0f};
  // Runs items [first, last) on the calling thread, flushing per tensor.
  auto run_range = [&](std::size_t first, std::size_t last, bool locked) {
    bool found = false;
    // The statistics' scratch (13 KB), cleared only for a pass that computes them: an unscale
    // alone reads none of it.
    TensorAcc acc;
    FieldTables ft;  // kept zero between items by run_item
    WindowPlanes win;  // likewise
    if (opt.compute_stats) {
      acc.clear();
      std::memset(&ft, 0, sizeof ft);
      std::memset(win.plane, 0, sizeof win.plane);
    }
    int cur = -1;
    auto flush_cur = [&] {
      if (cur < 0 || !opt.compute_stats) return;
      if (locked) {
#pragma omp critical(ampscope_grad_stats_flush)
        flush(acc, *raw_each[cur]);
      } else {
        flush(acc, *raw_each[cur]);
      }
      acc.clear_used();
    };
    for (std::size_t i = first; i < last; ++i) {
      if (items[i].tensor != cur) {
        flush_cur();
        cur = items[i].tensor;
      }
      found |= runner.run_item(items[i], acc, ft, win, &item_sums[i]);
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
    for (std::size_t i = 0; i < items.size(); ++i) raw_each[items[i].tensor]->sum_squares += item_sums[i];
  return found_inf;
}

}  // namespace ampscope::kernels
