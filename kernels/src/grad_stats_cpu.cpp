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

#include <algorithm>
#include <array>
#include <bit>
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

constexpr int kChunk = 2048;              // 8 KB of fp32 bits (+ source): stays in a 32 KB L1
constexpr std::int64_t kItem = 1 << 15;   // fixed work item: the unit of threading and of fp64 order
constexpr std::int64_t kParallelMin = 1 << 17;  // below this many elements, one thread (measured)
constexpr int kOver = kNumFormats - 1;    // overflow thresholds counted (fp32 never overflows)
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
  std::uint64_t zero, nan, pos_inf, neg_inf, subnormal;
  std::uint64_t over[kOver];
  std::uint32_t amax, amin;
  void clear() {
    std::memset(this, 0, sizeof(*this));
    amin = bits::kInfBits;
  }
};

// Per-chunk interleaved exponent tables; merged into TensorAcc per item (u32 is enough).
struct FieldTables {
  std::uint32_t t[4][256];
};

// Loop 1: branch-free reductions over |x| bits. Returns nothing; updates acc.
inline void reduce_chunk(const U32A* b, int n, TensorAcc& acc) {
  std::uint32_t amax = 0, amin = bits::kInfBits;
  std::uint32_t zero = 0, nan = 0, pinf = 0, ninf = 0, sub = 0;
  std::uint32_t o1 = 0, o2 = 0, o3 = 0, o4 = 0;
  for (int i = 0; i < n; ++i) {
    const std::uint32_t u = b[i];
    const std::uint32_t a = u & bits::kAbsMask;
    const bool finite = a < bits::kInfBits;
    const std::uint32_t af = finite ? a : 0u;
    amax = std::max(amax, af);
    // a - 1 < inf - 1  <=>  finite and nonzero (a == 0 wraps around).
    amin = std::min(amin, (a - 1u) < bits::kInfBits - 1u ? a : bits::kInfBits);
    zero += a == 0u;
    nan += a > bits::kInfBits;
    pinf += u == bits::kInfBits;
    ninf += u == bits::kNegInfBits;
    sub += (a - 1u) < 0x007fffffu;  // fp32 subnormal: field 0, mantissa != 0
    o1 += af >= bits::kOverflowFp16;
    o2 += af >= bits::kOverflowBf16;
    o3 += af >= bits::kOverflowE4m3;
    o4 += af >= bits::kOverflowE5m2;
  }
  acc.amax = std::max(acc.amax, amax);
  acc.amin = std::min(acc.amin, amin);
  acc.zero += zero;
  acc.nan += nan;
  acc.pos_inf += pinf;
  acc.neg_inf += ninf;
  acc.subnormal += sub;
  acc.over[0] += o1;
  acc.over[1] += o2;
  acc.over[2] += o3;
  acc.over[3] += o4;
}

// Loop 2: sum of squares of finite values in fp64, fixed order.
inline double sum_squares_chunk(const U32A* b, int n) {
  double acc[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  int i = 0;
  for (; i + 8 <= n; i += 8) {
    for (int j = 0; j < 8; ++j) {
      const std::uint32_t u = b[i + j];
      const float x = std::bit_cast<float>((u & bits::kAbsMask) < bits::kInfBits ? u : 0u);
      const double d = x;
      acc[j] += d * d;
    }
  }
  for (int j = 0; i < n; ++i, ++j) {
    const std::uint32_t u = b[i];
    const float x = std::bit_cast<float>((u & bits::kAbsMask) < bits::kInfBits ? u : 0u);
    const double d = x;
    acc[j] += d * d;
  }
  return ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]));
}

// Loop 3: exponent-field counts. Fields 0 (zero/subnormal) and 255 (inf/NaN) are counted too
// and ignored later: loop 1 already has exact counts for them.
inline void field_hist_chunk(const U32A* b, int n, FieldTables& ft) {
  int i = 0;
  for (; i + 4 <= n; i += 4) {
    ++ft.t[0][(b[i] >> 23) & 0xffu];
    ++ft.t[1][(b[i + 1] >> 23) & 0xffu];
    ++ft.t[2][(b[i + 2] >> 23) & 0xffu];
    ++ft.t[3][(b[i + 3] >> 23) & 0xffu];
  }
  for (; i < n; ++i) ++ft.t[0][(b[i] >> 23) & 0xffu];
}

// The rare case: fp32 subnormals (also bf16 subnormals, which decode to fp32 subnormals).
// |x| = m * 2^-149, so floor(log2|x|) = -149 + (31 - clz(m)).
void subnormal_exps(const U32A* b, int n, TensorAcc& acc) {
  for (int i = 0; i < n; ++i) {
    const std::uint32_t a = b[i] & bits::kAbsMask;
    if (a != 0u && a < 0x00800000u) ++acc.sub_exp[31 - std::countl_zero(a)];
  }
}

inline void decode_half(const U16A* src, int n, std::uint32_t* dst) {
  for (int i = 0; i < n; ++i) dst[i] = bits::half_to_f32_bits(src[i]);
}
inline void decode_bf16(const U16A* src, int n, std::uint32_t* dst) {
  for (int i = 0; i < n; ++i) dst[i] = bits::bf16_to_f32_bits(src[i]);
}

// Loop 4 (unscale). `b` holds the original values as fp32 bits; the result goes to `out` in the
// tensor's dtype. fp16/bf16 multiply in fp32 then round (what PyTorch's kernels do).
inline void unscale_f32(const U32A* b, int n, float inv, U32A* out) {
  for (int i = 0; i < n; ++i)
    out[i] = std::bit_cast<std::uint32_t>(std::bit_cast<float>(b[i]) * inv);
}
inline void unscale_half(const U32A* b, int n, float inv, U16A* out) {
  for (int i = 0; i < n; ++i)
    out[i] = bits::f32_bits_to_half(std::bit_cast<std::uint32_t>(std::bit_cast<float>(b[i]) * inv));
}
inline void unscale_bf16(const U32A* b, int n, float inv, U16A* out) {
  for (int i = 0; i < n; ++i)
    out[i] = bits::f32_bits_to_bf16(std::bit_cast<std::uint32_t>(std::bit_cast<float>(b[i]) * inv));
}

inline bool any_nonfinite(const U32A* b, int n) {
  std::uint32_t any = 0;
  for (int i = 0; i < n; ++i) any |= (b[i] & bits::kAbsMask) >= bits::kInfBits;
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
  bool run_item(const Item& it, TensorAcc& acc, double* sumsq) const {
    const TensorView& v = tensors[static_cast<std::size_t>(it.tensor)];
    const bool dense = v.is_dense();
    const bool stats = opt.compute_stats;
    alignas(64) std::uint32_t native[kChunk];  // gathered elements of a non-dense view
    alignas(64) std::uint32_t decoded[kChunk];  // fp16/bf16 decoded to fp32 bits
    FieldTables ft;
    if (stats) std::memset(&ft, 0, sizeof(ft));
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
        const std::uint64_t sub_before = acc.subnormal;
        const std::uint64_t nf_before = acc.nan + acc.pos_inf + acc.neg_inf;
        reduce_chunk(b, n, acc);
        item_sum += sum_squares_chunk(b, n);
        field_hist_chunk(b, n, ft);
        if (acc.subnormal != sub_before) subnormal_exps(b, n, acc);
        nonfinite |= acc.nan + acc.pos_inf + acc.neg_inf != nf_before;
      } else {
        nonfinite |= any_nonfinite(b, n);
      }

      if (do_unscale) {
        const float inv = opt.inv_scale;
        switch (v.dtype) {
          case DType::F32: unscale_f32(b, n, inv, static_cast<U32A*>(src)); break;
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
      for (int f = 0; f < 256; ++f)
        acc.field[f] += static_cast<std::uint64_t>(ft.t[0][f]) + ft.t[1][f] + ft.t[2][f] + ft.t[3][f];
      *sumsq = item_sum;
    }
    return nonfinite;
  }
};

void flush(const TensorAcc& acc, RawTensorStats& r) {
  for (int f = 1; f < 255; ++f) r.exp_count[f + 22] += acc.field[f];  // e = f - 127, index e + 149
  for (int k = 0; k < 23; ++k) r.exp_count[k] += acc.sub_exp[k];
  r.zero += acc.zero;
  r.nan += acc.nan;
  r.pos_inf += acc.pos_inf;
  r.neg_inf += acc.neg_inf;
  for (int k = 0; k < kOver; ++k) r.cast_overflow[k + 1] += acc.over[k];
  r.amax_bits = std::max(r.amax_bits, acc.amax);
  r.amin_nz_bits = std::min(r.amin_nz_bits, acc.amin);
}

void validate(std::span<const TensorView> tensors) {
  for (std::size_t i = 0; i < tensors.size(); ++i) {
    const TensorView& v = tensors[i];
    const std::string where = "grad_stats_cpu: tensor " + std::to_string(i) + ": ";
    if (v.ndim < 0 || v.ndim > kMaxDims) throw std::invalid_argument(where + "ndim out of range");
    if (v.dtype != DType::F32 && v.dtype != DType::F16 && v.dtype != DType::BF16)
      throw std::invalid_argument(where + "unknown dtype");
    for (int d = 0; d < v.ndim; ++d)
      if (v.sizes[static_cast<std::size_t>(d)] < 0) throw std::invalid_argument(where + "negative size");
    if (v.numel() > 0 && v.data == nullptr) throw std::invalid_argument(where + "null data");
  }
}

}  // namespace

bool grad_stats_cpu(std::span<const TensorView> tensors, const PassOptions& opt,
                    RawTensorStats* raw) {
  if (opt.compute_stats && raw == nullptr && !tensors.empty())
    throw std::invalid_argument("grad_stats_cpu: raw is null but compute_stats is set");
  validate(tensors);
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
      found |= runner.run_item(items[i], acc, &item_sums[i]);
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
