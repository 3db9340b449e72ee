// Training steps per second for each model and precision, instrumentation off and on, and the
// C++ loop against a plain PyTorch loop in Python (same model, batch 256, same thread count),
// all measured in this run. Ratios are what to read: the machines are noisy.
//   bench_training [--quick] [--threads N] [--device cpu|cuda] [--data-dir DIR]
// On CUDA the table is the same (instrumentation off and on, alternating blocks); the Python
// comparison is a CPU requirement and is run on the CPU only. AMPSCOPE_PYTHON names the Python
// that has torch (default: Debian's /usr/bin/python3).
#include <ampscope/kernels/grad_stats.h>
#include <ampscope/training_session.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace ampscope;

namespace {
// Steps per second of the same configuration with instrumentation off and on, step by step
// interleaved (plain, instrumented, plain, ...), each step timed on its own: on a shared
// machine load comes and goes, and neighbouring steps see the same conditions. Medians of the
// per-step times give the rates; the overhead is also given from the 25th percentiles, as a
// check on the noise (the two agree when the figure can be trusted). Blocks of steps compared
// by their best block, the earlier method, scattered by +-10% on the 2-core VM and on the H100.
struct PlainInstr {
  double plain = 0, instr = 0;          // steps per second (median step)
  double overhead_p50 = 0, overhead_p25 = 0;
};
double quantile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1))];
}
PlainInstr steps_per_sec_pair(SessionConfig cfg, int warmup, int steps) {
  cfg.stats_every = 0;
  cfg.activation_stats = false;
  TrainingSession plain(cfg);
  cfg.stats_every = 1;
  cfg.activation_stats = true;
  TrainingSession instr(cfg);
  std::vector<StepRecord> scratch;
  for (int i = 0; i < warmup; ++i) {
    plain.step();
    instr.step();
  }
  auto timed = [&](TrainingSession& s) {
    const auto t0 = std::chrono::steady_clock::now();
    s.step();
    const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    scratch.clear();
    s.drain(scratch);
    return sec;
  };
  std::vector<double> tp, ti;
  tp.reserve(static_cast<std::size_t>(steps));
  ti.reserve(static_cast<std::size_t>(steps));
  for (int i = 0; i < steps; ++i) {
    // Alternate which goes first, so neither always follows the other's cache footprint.
    if (i & 1) {
      ti.push_back(timed(instr));
      tp.push_back(timed(plain));
    } else {
      tp.push_back(timed(plain));
      ti.push_back(timed(instr));
    }
  }
  PlainInstr r;
  r.plain = 1.0 / quantile(tp, 0.5);
  r.instr = 1.0 / quantile(ti, 0.5);
  r.overhead_p50 = quantile(ti, 0.5) / quantile(tp, 0.5) - 1.0;
  r.overhead_p25 = quantile(ti, 0.25) / quantile(tp, 0.25) - 1.0;
  return r;
}

double python_baseline(int threads, int steps) {
  const char* py = std::getenv("AMPSCOPE_PYTHON");
  const std::string cmd = "OPENBLAS_NUM_THREADS=1 " + std::string(py && *py ? py : "/usr/bin/python3") +
                          " " AMPSCOPE_BENCH_DIR "/python_loop.py " +
                          std::to_string(threads) + " " + std::to_string(steps) + " 2>/dev/null";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return 0;
  char line[256] = {0};
  double v = 0;
  while (std::fgets(line, sizeof line, p))
    if (std::strncmp(line, "steps_per_sec ", 14) == 0) v = std::atof(line + 14);
  pclose(p);
  return v;
}
}  // namespace

int main(int argc, char** argv) {
  bool quick = false;
  int threads = 1;
  DeviceKind device = DeviceKind::CPU;
  std::string data_dir;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick")) quick = true;
    else if (!std::strcmp(argv[i], "--threads") && i + 1 < argc) threads = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--device") && i + 1 < argc) {
      const std::string d = argv[++i];
      if (d != "cpu" && d != "cuda") {
        std::fprintf(stderr, "bench_training: --device must be cpu or cuda\n");
        return 2;
      }
      device = d == "cuda" ? DeviceKind::CUDA : DeviceKind::CPU;
    } else if (!std::strcmp(argv[i], "--data-dir") && i + 1 < argc) {
      data_dir = argv[++i];
    } else {
      std::fprintf(stderr, "usage: bench_training [--quick] [--threads N] [--device cpu|cuda] [--data-dir DIR]\n");
      return 2;
    }
  }
  if (device == DeviceKind::CUDA && !cuda_available()) {
    std::printf("bench_training: SKIP: --device cuda, but this LibTorch sees no CUDA device\n");
    return 77;
  }
  const bool on_cuda = device == DeviceKind::CUDA;
  set_compute_threads(threads);
  std::printf("bench_training: device %s, LibTorch threads %d, OPENBLAS_NUM_THREADS=%s\n\n", on_cuda ? "cuda" : "cpu",
              compute_threads(), std::getenv("OPENBLAS_NUM_THREADS") ? std::getenv("OPENBLAS_NUM_THREADS") : "(unset)");
  std::printf("%-12s %-18s %12s %12s %10s %10s\n", "model", "precision", "plain st/s", "instr st/s", "overhead",
              "(p25)");
  struct Row {
    const char* model;
    int steps;
  };
  const Row rows[] = {{"spiral-mlp", quick ? 300 : 2000}, {"deep-mlp", quick ? 100 : 600}, {"fashion-cnn", quick ? 8 : 40}};
  double spiral_fp32_instr = 0;
  for (const auto& row : rows) {
    for (Precision p : {Precision::FP32, Precision::BF16, Precision::FP16}) {
      SessionConfig cfg;
      cfg.model = row.model;
      cfg.precision = p;
      cfg.batch_size = 256;
      cfg.use_scaler = p == Precision::FP16;
      cfg.device = device;
      cfg.data_dir = data_dir;
      PlainInstr r;
      try {
        r = steps_per_sec_pair(cfg, 10, row.steps);
      } catch (const std::exception& e) {
        std::printf("%-12s %-18s skipped: %s\n", row.model, precision_label(p, device).c_str(), e.what());
        continue;
      }
      const double instr = r.instr;
      if (std::string(row.model) == "spiral-mlp" && p == Precision::FP32) spiral_fp32_instr = instr;
      std::printf("%-12s %-18s %12.1f %12.1f %9.1f%% %9.1f%%\n", row.model, precision_label(p, device).c_str(), r.plain,
                  r.instr, 100.0 * r.overhead_p50, 100.0 * r.overhead_p25);
    }
  }
  if (on_cuda) {
    std::printf("\noverhead = plain/instrumented - 1, as on the CPU; target on a GPU: under 3%%.\n");
    return 0;
  }
  const double py = python_baseline(threads, quick ? 200 : 1000);
  std::printf("\nspiral-mlp fp32, batch 256, Adam, %d thread(s):\n", threads);
  if (py > 0) {
    std::printf("  plain PyTorch loop in Python     %10.1f steps/s\n", py);
    std::printf("  AmpScope C++, full statistics    %10.1f steps/s   (%.2fx the Python loop)\n", spiral_fp32_instr,
                spiral_fp32_instr / py);
  } else {
    std::printf("  Python baseline not run: install Debian's python3-torch (apt-get install python3-torch)\n");
  }
  std::printf("\noverhead = instrumented/plain step time - 1 (median step; p25: from the 25th percentiles):\n"
              "full per-layer statistics (weights, biases and activation gradients) every step, against\n"
              "the same loop with instrumentation off, the two interleaved step by step. CPU statistics pass: %s.\n",
              ampscope::kernels::grad_stats_cpu_isa());
  return 0;
}
