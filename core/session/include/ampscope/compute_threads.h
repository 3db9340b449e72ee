// How many threads a training session computes with, decided by the program (issue 18).
//
// Two thread pools meet in a CPU step: LibTorch's intra-op pool (OpenMP) splits an op across
// cores, and the BLAS library (OpenBLAS on Debian) has a pool of its own, which LibTorch's
// matmuls (every linear layer) call into. Left alone, both start one thread per core and fight:
// a tiny MLP step ran 2.2x slower with OpenBLAS's threads on. So the session chooses, from the
// work of one forward pass over one batch (docs/performance.md, "Thread defaults", has the
// measurements on 2 cores):
//  - a model with convolutions of at least kParallelConvMacs multiply-adds: one intra-op thread
//    per core (LibTorch's pool splits a convolution: fashion-cnn +55%) and BLAS at 1 (its
//    linear layers' BLAS threads would oversubscribe the pool: -20%);
//  - otherwise LibTorch's pool has nothing worth splitting (deep-mlp lost 10% with two intra-op
//    threads): 1 intra-op thread, and BLAS threads one per core when the linear layers average
//    at least kParallelLinearMacs multiply-adds (deep-mlp +20 to 30% in most runs), else 1
//    (spiral-mlp: a second BLAS thread cost 12%); beside a window (the GUI), one core fewer
//    for BLAS (below, choose_threads). On exactly 2 cores without a window such a model keeps
//    BLAS at 1 and computes its backward's weight gradients on a second thread (the "lane",
//    grad_lane): a layer's two products at once, each whole on one core, beat one product split
//    in two (session 35: deep-mlp +10 to 20% over BLAS 2, the same bits). Unmeasured on more
//    cores, where BLAS threads one per core stay the rule.
// Threads are capped at kMaxThreads. A user's own choice wins: --threads (set_compute_threads),
// and OMP_NUM_THREADS / MKL_NUM_THREADS / OPENBLAS_NUM_THREADS when set in the environment.
#pragma once

#include <cstdint>
#include <string>

namespace ampscope {

struct ThreadChoice {
  int intra_op = 1;  ///< LibTorch intra-op threads
  int blas = 1;      ///< BLAS threads; 0 = leave the BLAS library alone (the user's environment set it)
  std::string why;   ///< one line for logs, e.g. "auto: no convolutions, 0.5M per linear: 1 thread, BLAS 1"
  /// The direct backward's weight and bias gradients on a second thread of the model's
  /// (InstrumentedModel::set_weight_grad_lane), beside the input gradients, BLAS at 1 thread.
  bool grad_lane = false;
};

/// The work of one forward pass over one batch, as the rule reads it.
struct WorkSize {
  double conv_macs = 0;    ///< multiply-adds in convolutions
  double linear_macs = 0;  ///< multiply-adds in linear layers (matmuls: BLAS)
  int linear_ops = 0;      ///< linear layers called
};

/// The rule alone (pure, tested). CPU sessions only; a CUDA session's CPU threads only launch
/// kernels. `gui`: the session trains beside a window whose thread draws every new step (the
/// GUI's worker, set_gui_process()): BLAS then leaves a core to it. On 2 cores, deep-mlp in the
/// window ran at 121-152 steps/s with BLAS 2 against 200-205 with BLAS 1 (session 25; `record`,
/// no window, 253-272 against 264): a BLAS thread that the window's thread preempts stalls the
/// product it shares. LibTorch's pool keeps every core for convolutions (fashion-cnn in the
/// window: 7.3 steps/s with 2 threads against 5.7 with 1).
ThreadChoice choose_threads(const WorkSize& work, int cores, bool gui = false);

/// Process-wide: this process's sessions train beside a window (the GUI says so once at start;
/// `record`, `demo` and the probe do not). decide_threads() passes it to choose_threads().
void set_gui_process(bool on);

/// Convolution work per forward from which intra-op threads gain (fashion-cnn: a tie at 3.9M
/// multiply-adds, +12% at 7.7M, +40% at 31M).
inline constexpr double kParallelConvMacs = 4e6;
/// Mean multiply-adds per linear layer from which BLAS threads gain (deep-mlp: net loss at
/// 0.98M, +20% in 3 runs of 4 at 1.95M, +30% at 3.9M; spiral-mlp, 0.55M: -12%).
inline constexpr double kParallelLinearMacs = 1.5e6;
inline constexpr int kMaxThreads = 8;

/// Cores this process may run on (its CPU affinity mask; at least 1).
int usable_cores();

/// What the program applies for a session of that work: choose_threads(), overridden by
/// set_compute_threads() and by the environment variables above (either turns the lane off; a
/// thread count of the user's brings back BLAS one per core, the rule without the lane).
ThreadChoice decide_threads(const WorkSize& work);

/// Applies a choice on the calling thread (LibTorch's intra-op count is per-thread state in
/// OpenMP builds: the session applies it on the thread that steps, the GUI's worker included).
void apply_threads(const ThreadChoice& c);

/// Sets BLAS's own thread count through the library's API (OpenBLAS, BLIS), found at run time.
/// Returns the count in use afterwards, or 0 when no known BLAS API is in the process.
int set_blas_threads(int n);
/// BLAS threads in use (0 = unknown BLAS), and its name ("OpenBLAS 0.3.21 ..." or "unknown").
int blas_threads();
std::string blas_name();

/// The BLAS library's kernels, and who chose them.
struct BlasKernels {
  std::string core;  ///< OpenBLAS's core name ("SkylakeX", "Haswell", ...); empty: not OpenBLAS
  enum class By { Library, Environment, AmpScope } by = By::Library;
  std::string replaced;  ///< By::AmpScope: what OpenBLAS had chosen ("Prescott")
};
/// OpenBLAS chooses its kernels from the CPU model when it loads. A model it does not know
/// (Debian 12's OpenBLAS 0.3.21 on Intel's Emerald Rapids, family 6 model 0xCF) gets its
/// generic Prescott kernels, SSE3 only: spiral-mlp's matrix products ran 4x slower and
/// `ampscope record` at half speed. Once per process, before the first training step, the
/// program re-initialises OpenBLAS (gotoblas_dynamic_quit/init, with OPENBLAS_CORETYPE set
/// for the call) with the kernels the CPU can run: SkylakeX with AVX-512 F/BW/DQ/VL, Haswell
/// with AVX2 and FMA. Only when OpenBLAS fell back to Prescott, and never when the user set
/// OPENBLAS_CORETYPE. Done once, when the program loads (a static initialiser beside this
/// function, before main() and any thread); later calls return that decision.
const BlasKernels& ensure_blas_kernels();
/// One line for logs and `record`'s summary, e.g. "SkylakeX (chosen by AmpScope: OpenBLAS
/// took this CPU for a Prescott)"; empty when the BLAS is not OpenBLAS.
std::string blas_kernels_text();

}  // namespace ampscope
