// The session's thread choice (compute_threads.h): the rule, the user's overrides, and the BLAS
// library's own thread API found at run time with dlsym (LibTorch links whichever BLAS the
// system provides: OpenBLAS through Debian's alternatives, MKL inside pip's wheels).
#include "ampscope/compute_threads.h"

#include "ampscope/training_session.h"

#include <ATen/Parallel.h>

#include <dlfcn.h>
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>

namespace ampscope {

namespace {
std::atomic<int> g_user_threads{0};  // --threads; 0 = the program decides

bool env_set(const char* name) {
  const char* v = std::getenv(name);
  return v && *v;
}

std::string macs_text(double macs) {
  char b[32];
  if (macs >= 1e9) std::snprintf(b, sizeof b, "%.1fG", macs / 1e9);
  else if (macs >= 1e6) std::snprintf(b, sizeof b, "%.1fM", macs / 1e6);
  else std::snprintf(b, sizeof b, "%.0fk", macs / 1e3);
  return b;
}

using SetFn = void (*)(int);
using GetFn = int (*)();
using ConfigFn = char* (*)();
template <class F>
F find_symbol(const char* name) {
  return reinterpret_cast<F>(dlsym(RTLD_DEFAULT, name));
}
}  // namespace

ThreadChoice choose_threads(const WorkSize& work, int cores) {
  ThreadChoice c;
  cores = std::max(1, cores);
  const int all = std::min(cores, kMaxThreads);
  const double per_linear = work.linear_ops > 0 ? work.linear_macs / work.linear_ops : 0.0;
  if (cores == 1) {
    c.why = "auto: 1 core: 1 thread, BLAS 1";
  } else if (work.conv_macs >= kParallelConvMacs) {
    c.intra_op = all;
    c.why = "auto: " + macs_text(work.conv_macs) + " convolution multiply-adds per forward: " + std::to_string(all) +
            " threads, BLAS 1";
  } else if (per_linear >= kParallelLinearMacs) {
    c.blas = all;
    c.why = "auto: " + macs_text(per_linear) + " multiply-adds per linear layer: 1 thread, BLAS " + std::to_string(all);
  } else {
    c.why = "auto: " + std::string(work.conv_macs > 0 ? "small convolutions, " : "no convolutions, ") +
            macs_text(per_linear) + " per linear layer: 1 thread, BLAS 1";
  }
  return c;
}

int usable_cores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) return std::max(1, CPU_COUNT(&set));
  return 1;
}

ThreadChoice decide_threads(const WorkSize& work) {
  ThreadChoice c = choose_threads(work, usable_cores());
  const std::string blas_part = ", BLAS " + std::to_string(c.blas);
  if (const int user = g_user_threads.load(); user > 0) {
    c.intra_op = user;
    c.why = "--threads " + std::to_string(user) + blas_part;
  } else if (env_set("OMP_NUM_THREADS") || env_set("MKL_NUM_THREADS")) {
    // LibTorch itself reads these at start: its count is the user's.
    c.intra_op = at::get_num_threads();
    c.why = "environment (OMP_NUM_THREADS/MKL_NUM_THREADS): " + std::to_string(c.intra_op) + " threads" + blas_part;
  }
  if (env_set("OPENBLAS_NUM_THREADS") || env_set("GOTO_NUM_THREADS")) {
    c.blas = 0;
    const auto pos = c.why.rfind(", BLAS ");
    if (pos != std::string::npos) c.why.erase(pos);
    c.why += ", BLAS threads from the environment";
  }
  return c;
}

void apply_threads(const ThreadChoice& c) {
  if (c.intra_op >= 1 && at::get_num_threads() != c.intra_op) at::set_num_threads(c.intra_op);
  if (c.blas >= 1) set_blas_threads(c.blas);
}

int set_blas_threads(int n) {
  if (n < 1) return blas_threads();
  static const auto openblas = find_symbol<SetFn>("openblas_set_num_threads");
  static const auto blis = find_symbol<SetFn>("bli_thread_set_num_threads");
  if (openblas) openblas(n);
  else if (blis) blis(n);
  return blas_threads();
}

int blas_threads() {
  static const auto openblas = find_symbol<GetFn>("openblas_get_num_threads");
  static const auto blis = find_symbol<GetFn>("bli_thread_get_num_threads");
  if (openblas) return openblas();
  if (blis) return blis();
  return 0;
}

std::string blas_name() {
  if (const auto config = find_symbol<ConfigFn>("openblas_get_config")) return std::string("OpenBLAS ") + config();
  if (find_symbol<GetFn>("bli_thread_get_num_threads")) return "BLIS";
  return "unknown";
}

int set_compute_threads(int n) {
  g_user_threads.store(std::max(0, n));
  if (n >= 1) at::set_num_threads(n);
  return at::get_num_threads();
}
int compute_threads() { return at::get_num_threads(); }

}  // namespace ampscope
