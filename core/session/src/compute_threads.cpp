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
std::atomic<bool> g_gui{false};      // set_gui_process()

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

ThreadChoice choose_threads(const WorkSize& work, int cores, bool gui) {
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
    // cores >= 2 here. On 2 cores without a window: BLAS 1 and the lane (a layer's two products
    // of the backward at once, each on one core) beat BLAS 2 splitting each product.
    c.grad_lane = cores == 2 && !gui;
    c.blas = c.grad_lane ? 1 : gui ? std::min(cores - 1, kMaxThreads) : all;
    c.why = "auto: " + macs_text(per_linear) + " multiply-adds per linear layer" +
            (gui ? ", a core left to the window" : "") + ": 1 thread, BLAS " + std::to_string(c.blas) +
            (c.grad_lane ? ", weight gradients on a second thread" : "");
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

void set_gui_process(bool on) { g_gui.store(on); }

ThreadChoice decide_threads(const WorkSize& work) {
  const int cores = usable_cores();
  ThreadChoice c = choose_threads(work, cores, g_gui.load());
  // A user's thread count is every thread the session computes with: no lane beside it, and BLAS
  // as the rule has it without the lane (one thread per core).
  const bool user_count = g_user_threads.load() > 0 || env_set("OMP_NUM_THREADS") || env_set("MKL_NUM_THREADS");
  if (user_count && c.grad_lane) {
    c.grad_lane = false;
    c.blas = std::min(cores, kMaxThreads);
  }
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
    c.grad_lane = false;  // the lane's products would each start the user's BLAS threads
    const auto pos = c.why.rfind(", BLAS ");
    if (pos != std::string::npos) c.why.erase(pos);
    c.why += ", BLAS threads from the environment";
  }
  return c;
}

const BlasKernels& ensure_blas_kernels() {
  static const BlasKernels kernels = [] {
    BlasKernels k;
    using NameFn = char* (*)();
    using VoidFn = void (*)();
    const auto corename = find_symbol<NameFn>("openblas_get_corename");
    if (!corename) return k;  // not OpenBLAS (or a build without the API): nothing to choose
    auto name = [&] {
      const char* n = corename();
      return std::string(n ? n : "");
    };
    k.core = name();
    if (env_set("OPENBLAS_CORETYPE")) {
      k.by = BlasKernels::By::Environment;
      return k;
    }
    if (k.core != "Prescott") return k;  // OpenBLAS knew the CPU
#if defined(__x86_64__)
    __builtin_cpu_init();
    const char* want = nullptr;
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl"))
      want = "SkylakeX";
    else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
      want = "Haswell";
    const auto quit = find_symbol<VoidFn>("gotoblas_dynamic_quit");
    const auto init = find_symbol<VoidFn>("gotoblas_dynamic_init");
    if (!want || !quit || !init) return k;  // a CPU Prescott suits, or a single-target build
    // gotoblas_dynamic_init reads OPENBLAS_CORETYPE; set only for the call, so that the
    // environment still says what the user chose (decide_threads reads it too).
    ::setenv("OPENBLAS_CORETYPE", want, 1);
    quit();
    init();
    ::unsetenv("OPENBLAS_CORETYPE");
    k.replaced = k.core;
    k.core = name();  // Prescott again if this OpenBLAS lacks the kernels asked for
    if (k.core != k.replaced) k.by = BlasKernels::By::AmpScope;
#endif
    return k;
  }();
  return kernels;
}

namespace {
// At load, before any thread of the program exists (the switch sets an environment variable for
// a moment, which another thread's getenv must not see half-written): every program that links
// the sessions gets OpenBLAS's kernels chosen before main().
[[maybe_unused]] const bool g_blas_kernels_at_load = (ensure_blas_kernels(), true);
}  // namespace

std::string blas_kernels_text() {
  const BlasKernels& k = ensure_blas_kernels();
  if (k.core.empty()) return {};
  switch (k.by) {
    case BlasKernels::By::Environment: return k.core + " (OPENBLAS_CORETYPE)";
    case BlasKernels::By::AmpScope:
      return k.core + " (chosen by AmpScope: OpenBLAS did not know this CPU and took it for a " + k.replaced + ")";
    case BlasKernels::By::Library: break;
  }
  return k.core;
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
  if (const auto config = find_symbol<ConfigFn>("openblas_get_config")) {
    // OpenBLAS's config string starts with its own name ("OpenBLAS 0.3.21 NO_LAPACKE ...").
    const std::string text = config();
    return text.rfind("OpenBLAS", 0) == 0 ? text : "OpenBLAS " + text;
  }
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
