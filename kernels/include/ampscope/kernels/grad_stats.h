// AmpScope gradient statistics: one fused pass over a list of tensors.
//
// This header is the whole interface of the kernels layer. It knows nothing of LibTorch, Qt or
// core: tensors arrive as raw pointers, element sizes and strides; CUDA work takes a stream
// (passed as void* so that this header needs no CUDA headers). core/ adapts torch::Tensor.
//
// Definitions follow docs/measurements.md (exponent histogram, zero/NaN/inf buckets,
// subnormals of a target format, amax, smallest nonzero magnitude, sum of squares).
//
// Threading contract: every function is reentrant. The CPU pass may use several threads
// internally (OpenMP) and returns when done. The CUDA pass only enqueues work on the given
// stream; results become valid on the host after the stream reaches the recorded event.
#pragma once

#include <ampscope/kernels/raw_tensor_stats.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace ampscope::kernels {

/// Element types the pass reads.
enum class DType : std::uint8_t { F32, F16, BF16 };

/// Limits of a format as binary exponents: smallest subnormal 2^min_subnormal_exp,
/// smallest normal 2^min_normal_exp, largest finite exponent max_exp.
struct FormatLimits {
  int min_subnormal_exp;
  int min_normal_exp;
  int max_exp;
  double max_finite;
  const char* name;
};
FormatLimits format_limits(Format f);

/// Max tensor rank a view may have.
inline constexpr int kMaxDims = 8;

/// A strided view of one tensor's memory. Strides are in elements. `data` is written only
/// when the pass unscales. numel == 0 is allowed (data may then be null).
struct TensorView {
  void* data = nullptr;
  DType dtype = DType::F32;
  int ndim = 0;  // 0 = scalar
  std::array<std::int64_t, kMaxDims> sizes{};
  std::array<std::int64_t, kMaxDims> strides{};
  std::int64_t numel() const;
  /// True when the view covers a dense, non-overlapping block of memory (in any dimension
  /// order: transposed tensors are dense), so it can be read as a flat array.
  bool is_dense() const;
  /// True when no two elements share memory (sufficient test: dimensions sorted by |stride|
  /// each step over the extent of the previous ones). Unscaling requires it: an element
  /// reached twice would be multiplied twice.
  bool is_non_overlapping() const;
  static TensorView contiguous(void* data, DType dtype, std::int64_t numel);
};

/// Histogram shape for display: integer exponent bins [lo, hi]; values below lo land in the
/// first bin and values above hi in the last (the UI labels them "<= lo", ">= hi").
struct HistogramConfig {
  int lo = -40;
  int hi = 20;
  Format target = Format::FP16;  // the format whose subnormals are counted
};

/// The statistics of one tensor, as the rest of AmpScope uses them.
struct TensorStats {
  std::int64_t numel = 0;
  int lo = 0, hi = 0;                 // histogram range (bins.size() == hi - lo + 1)
  std::vector<std::int64_t> bins;     // finite nonzero values by exponent (clamped to [lo, hi])
  std::int64_t zero = 0, nan = 0, pos_inf = 0, neg_inf = 0;
  std::int64_t subnormal = 0;         // nonzero finite |x| < target's smallest normal
  std::int64_t below_min_subnormal = 0;  // nonzero finite |x| < target's smallest subnormal (flush to 0 when cast)
  std::int64_t above_max = 0;         // finite |x| that become inf when cast to the target (RNE; NaN for e4m3): raw.cast_overflow
  double amax = 0.0;                  // largest finite |x|, 0 when none
  double amin_nonzero = 0.0;          // smallest nonzero finite |x|, 0 when none
  double sum_squares = 0.0;
  std::int64_t nonfinite() const { return nan + pos_inf + neg_inf; }
  double norm() const;
};

/// Shape raw statistics for display. Pure function; the same for CPU and CUDA results.
TensorStats finalize(const RawTensorStats& raw, std::int64_t numel, const HistogramConfig& cfg);
/// The same into `out`, reusing its histogram's storage (no allocation once it has the size).
void finalize(const RawTensorStats& raw, std::int64_t numel, const HistogramConfig& cfg, TensorStats& out);

/// Options of one pass.
struct PassOptions {
  bool compute_stats = true;  // fill RawTensorStats (false: only the unscale/found_inf part)
  bool unscale = false;       // write x * inv_scale back (skipped when inv_scale == 1)
  float inv_scale = 1.0f;
  int num_threads = 0;        // CPU: 0 = OpenMP default
};

/// CPU pass over `tensors`. `raw` must have tensors.size() entries (ignored when
/// !compute_stats). The non-finite test is on each value before it is multiplied.
/// Throws std::invalid_argument on a malformed view, or when unscaling an overlapping one.
/// Returns true when any element of any tensor was inf or NaN (the scaler's found_inf).
bool grad_stats_cpu(std::span<const TensorView> tensors, const PassOptions& opt,
                    RawTensorStats* raw);
/// The same, with tensor k's statistics written to *raw_each[k] (wherever the caller keeps
/// them: the scaler writes straight into its event's reports, no copy).
bool grad_stats_cpu_each(std::span<const TensorView> tensors, const PassOptions& opt,
                         RawTensorStats* const* raw_each);

/// Which vector code the CPU pass runs: "avx512+gfni" (AVX-512 with the GFNI/VBMI/BITALG
/// window read-out), "avx512", "avx2" or "portable" (the widest the CPU has, or what
/// AMPSCOPE_KERNELS_ISA=avx512f|avx2|portable narrows it to).
const char* grad_stats_cpu_isa();
/// Elements whose exponent the CPU pass has counted with its window histogram since the
/// process started (the rest went to the table histogram). For tests and benchmarks: it shows
/// which path a kind of data takes.
std::uint64_t grad_stats_cpu_window_elements();

/// True when this build has CUDA kernels and a device is present.
bool cuda_available();
/// True when this build compiled the CUDA kernels (even if no device is present).
bool cuda_compiled();

/// CUDA pass: one launch for the whole list, per-block shared-memory histograms merged with
/// few atomics. Enqueues on `stream` (a cudaStream_t); never synchronises the host.
/// Results are written to `device_raw` (device memory, tensors.size() entries, cleared by
/// the pass itself) and `device_found_inf` (one int32 on the device, OR-ed into, not
/// cleared: the caller zeroes it per step, as PyTorch's scaler does).
/// Throws std::runtime_error with the CUDA error text on failure, or when not compiled.
class CudaStatsPass {
 public:
  explicit CudaStatsPass(int device = 0);
  ~CudaStatsPass();
  CudaStatsPass(const CudaStatsPass&) = delete;
  CudaStatsPass& operator=(const CudaStatsPass&) = delete;

  /// Enqueue the pass. `tensors` point to device memory of this pass's device. Use one stream
  /// for a pass object's enqueue and copy_results_async calls; moving to another stream
  /// between passes is allowed (the pass then waits for the previous stream on the host).
  void enqueue(std::span<const TensorView> tensors, const PassOptions& opt, void* stream,
               std::int32_t* device_found_inf);
  /// Enqueue an async copy of the last results into pinned host memory and record an event.
  void copy_results_async(void* stream);
  /// The kernel variant in use, e.g. "hist=atomic chunks=auto(3) resident_blocks=528": for
  /// benchmarks and bug reports. Tuning knobs (environment, read by the constructor):
  /// AMPSCOPE_CUDA_HIST=atomic (default)|lane|match, AMPSCOPE_CUDA_CHUNKS=0 (auto)..64.
  std::string config() const;
  /// Non-blocking: true once the copied results are ready on the host.
  bool results_ready() const;
  /// Blocks until ready, then returns the host copy (one entry per tensor of the last pass).
  std::span<const RawTensorStats> wait_results();

 private:
  struct Impl;
  Impl* m_impl;
};

}  // namespace ampscope::kernels
