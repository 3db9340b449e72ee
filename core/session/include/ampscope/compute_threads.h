// How many threads a training session computes with, decided by the program (issue 18).
//
// Two thread pools meet in a CPU step: LibTorch's intra-op pool (OpenMP) splits an op across
// cores, and the BLAS library (OpenBLAS on Debian) has a pool of its own that LibTorch's matmuls
// call into. Left alone, both start one thread per core, and on a small model they fight: a tiny
// MLP step ran 2.2x slower with OpenBLAS's threads on. So the session chooses:
//  - BLAS threads: 1, set from inside the process (an environment variable read at library load
//    is too late for a program, and users type no environment). LibTorch's pool parallelises
//    above BLAS where the work is big enough to gain.
//  - intra-op threads: 1 below a work size (multiply-adds of one forward pass over the batch) at
//    which a second thread gains, else one per core the process may run on, at most kMaxThreads.
// A user's own choice wins: --threads (set_compute_threads), and OMP_NUM_THREADS /
// MKL_NUM_THREADS / OPENBLAS_NUM_THREADS when set in the environment.
// The numbers behind the rule: docs/performance.md, "Thread defaults".
#pragma once

#include <cstdint>
#include <string>

namespace ampscope {

struct ThreadChoice {
  int intra_op = 1;  ///< LibTorch intra-op threads
  int blas = 1;      ///< BLAS threads; 0 = leave the BLAS library alone (the user's environment set it)
  std::string why;   ///< one line for logs and `--verbose` output, e.g. "auto: 2.2M MACs/step < 32M: 1 thread"
};

/// The rule alone (pure, tested): multiply-adds of one forward pass over one batch, cores the
/// process may use. CPU sessions only; a CUDA session's CPU threads only launch kernels.
ThreadChoice choose_threads(double forward_macs, int cores);

/// The work size below which one intra-op thread beats two (measured, docs/performance.md).
inline constexpr double kParallelForwardMacs = 32e6;
inline constexpr int kMaxThreads = 8;

/// Cores this process may run on (its CPU affinity mask; at least 1).
int usable_cores();

/// What the program applies for a session of that work size: choose_threads(), overridden by
/// set_compute_threads() and by the environment variables above.
ThreadChoice decide_threads(double forward_macs);

/// Applies a choice on the calling thread (LibTorch's intra-op count is per-thread state in
/// OpenMP builds: the session applies it on the thread that steps, the GUI's worker included).
void apply_threads(const ThreadChoice& c);

/// Sets BLAS's own thread count through the library's API (OpenBLAS, BLIS), found at run time.
/// Returns the count in use afterwards, or 0 when no known BLAS API is in the process.
int set_blas_threads(int n);
/// BLAS threads in use (0 = unknown BLAS), and its name ("OpenBLAS 0.3.21 ..." or "unknown").
int blas_threads();
std::string blas_name();

}  // namespace ampscope
