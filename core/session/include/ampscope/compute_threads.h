// How many threads a training session computes with, decided by the program (issue 18).
//
// Two thread pools meet in a CPU step: LibTorch's intra-op pool (OpenMP) splits an op across
// cores, and the BLAS library (OpenBLAS on Debian) has a pool of its own, which LibTorch's
// matmuls (every linear layer) call into. Left alone, both start one thread per core and fight:
// a tiny MLP step ran 2.2x slower with OpenBLAS's threads on. So the session chooses:
//  - BLAS threads: 1, set from inside the process (an environment variable read at library load
//    is too late for a program, and users type no environment). Measured on 2 cores, a second
//    BLAS thread never won reliably: deep-mlp ran at 167 or 279 steps/s from one run to the next
//    (it competes with the recorder's writer thread), against a steady 215-225 with one.
//  - intra-op threads: one per core the process may run on (at most kMaxThreads) when the
//    model's convolutions (the work LibTorch's own pool splits) reach kParallelConvMacs
//    multiply-adds per forward, else 1. Linear layers' matmuls run in BLAS, and their elementwise
//    ops are too small to split: a second intra-op thread cost deep-mlp 10% (199 vs 220 steps/s).
// A user's own choice wins: --threads (set_compute_threads), and OMP_NUM_THREADS /
// MKL_NUM_THREADS / OPENBLAS_NUM_THREADS when set in the environment.
// The measurements behind the rule: docs/performance.md, "Thread defaults".
#pragma once

#include <cstdint>
#include <string>

namespace ampscope {

struct ThreadChoice {
  int intra_op = 1;  ///< LibTorch intra-op threads
  int blas = 1;      ///< BLAS threads; 0 = leave the BLAS library alone (the user's environment set it)
  std::string why;   ///< one line for logs, e.g. "auto: no convolutions: 1 thread, BLAS 1 thread"
};

/// The rule alone (pure, tested): multiply-adds of one forward pass over one batch spent in
/// convolutions, and the cores the process may use. CPU sessions only; a CUDA session's CPU
/// threads only launch kernels.
ThreadChoice choose_threads(double conv_macs, int cores);

/// The convolution work per forward from which a second intra-op thread gains (measured on
/// fashion-cnn, docs/performance.md: a tie at 3.9M multiply-adds, +12% at 7.7M, +40% at 31M).
inline constexpr double kParallelConvMacs = 4e6;
inline constexpr int kMaxThreads = 8;

/// Cores this process may run on (its CPU affinity mask; at least 1).
int usable_cores();

/// What the program applies for a session with that much convolution work: choose_threads(),
/// overridden by set_compute_threads() and by the environment variables above.
ThreadChoice decide_threads(double conv_macs);

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
