// bench_grad_stats: the fused CPU statistics pass against
//   (a) the same statistics composed from LibTorch ops (what one would write without the
//       kernel: abs, isnan/isinf, frexp, bincount, amax, min of nonzero, sum of squares,
//       and the unscale multiply), and
//   (b) a plain read of the same memory (at::sum), the bandwidth ceiling for one pass.
// Sizes from 1 KB to 256 MB of fp32, best-of-N timing. Not a test: it prints a table.
//
//   bench_grad_stats [--quick] [--threads N] [--max-mb M]
// OMP_NUM_THREADS / --threads set the OpenMP pool shared by LibTorch and the kernel.
#include <torch/torch.h>

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "ampscope/kernels/grad_stats.h"

namespace ak = ampscope::kernels;

namespace {

using Clock = std::chrono::steady_clock;

// Best time of repeated runs: at least min_reps, and until `budget_s` of total time is spent
// (capped at max_reps), so small sizes get many repetitions and large ones a few.
template <class F>
double best_of(F&& f, double budget_s, int min_reps, int max_reps) {
  double best = 1e30, total = 0.0;
  for (int r = 0; r < max_reps && (r < min_reps || total < budget_s); ++r) {
    const auto t0 = Clock::now();
    f(r);
    const double dt = std::chrono::duration<double>(Clock::now() - t0).count();
    best = std::min(best, dt);
    total += dt;
  }
  return best;
}

// The same for two methods whose ratio is reported: their repetitions alternate (f, g, g, f,
// f, g, ...), so that both see the same machine: a clock or cache state that drifts during the
// run (this VM's neighbours, turbo and AVX-512 frequency licences) no longer lands on one of
// them only. Returns the best time of each.
template <class F, class G>
std::pair<double, double> best_of_interleaved(F&& f, G&& g, double budget_s, int min_reps, int max_reps) {
  double best_f = 1e30, best_g = 1e30, total = 0.0;
  auto time = [&](auto&& fn, int r, double& best) {
    const auto t0 = Clock::now();
    fn(r);
    const double dt = std::chrono::duration<double>(Clock::now() - t0).count();
    best = std::min(best, dt);
    total += dt;
  };
  for (int r = 0; r < max_reps && (r < min_reps || total < 2 * budget_s); ++r) {
    if (r % 2 == 0) {
      time(f, r, best_f);
      time(g, r, best_g);
    } else {
      time(g, r, best_g);
      time(f, r, best_f);
    }
  }
  return {best_f, best_g};
}

// (a): the statistics from LibTorch ops. Each op is a pass over memory (and many allocate).
struct OpsStats {
  at::Tensor hist, zero, nan, pos_inf, neg_inf, amax, amin, sumsq, found_inf;
};
OpsStats ops_composed(at::Tensor& x, float inv_scale) {
  OpsStats s;
  const double inf = std::numeric_limits<double>::infinity();
  const at::Tensor a = x.abs();
  const at::Tensor finite = at::isfinite(x);
  s.nan = at::isnan(x).sum();
  s.pos_inf = x.eq(inf).sum();
  s.neg_inf = x.eq(-inf).sum();
  s.zero = x.eq(0).sum();
  const at::Tensor nz = finite.logical_and(x.ne(0));
  s.amax = at::where(finite, a, at::zeros({}, a.options())).amax();
  s.amin = at::where(nz, a, at::full({}, inf, a.options())).amin();
  // floor(log2|x|) = frexp exponent - 1; bincount needs non-negative indices.
  const at::Tensor e = std::get<1>(at::frexp(a.masked_select(nz))).sub(1 + ak::kRawMinExp).to(at::kLong);
  s.hist = at::bincount(e, {}, ak::kRawExpBins);
  s.sumsq = at::where(finite, x, at::zeros({}, x.options())).to(at::kDouble).square().sum();
  s.found_inf = finite.logical_not().any();
  x.mul_(inv_scale);
  return s;
}

std::string human(std::size_t bytes) {
  char buf[32];
  if (bytes >= (1u << 20)) std::snprintf(buf, sizeof buf, "%zu MB", bytes >> 20);
  else std::snprintf(buf, sizeof buf, "%zu KB", bytes >> 10);
  return buf;
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = false;
  int threads = 0;
  std::size_t max_mb = 256;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick")) quick = true;
    else if (!std::strcmp(argv[i], "--threads") && i + 1 < argc) threads = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--max-mb") && i + 1 < argc) max_mb = static_cast<std::size_t>(std::atoll(argv[++i]));
    else {
      std::fprintf(stderr, "usage: %s [--quick] [--threads N] [--max-mb M]\n", argv[0]);
      return 2;
    }
  }
  if (quick) max_mb = std::min<std::size_t>(max_mb, 16);
  if (threads > 0) {
    omp_set_num_threads(threads);
    at::set_num_threads(threads);
  }
  const double budget = quick ? 0.05 : 0.2;  // seconds of repetitions per method and size
  std::printf("bench_grad_stats: fp32, %d OpenMP thread(s), LibTorch intra-op threads %d%s\n",
              omp_get_max_threads(), at::get_num_threads(), quick ? ", --quick" : "");
  std::printf("GB/s = tensor bytes / best time. fused = stats + unscale (reads and writes), "
              "fused-ro = stats only; (a) = LibTorch ops incl. unscale; (b) = at::sum, timed alternately "
              "with fused-ro\n");
  std::printf("%8s %10s %10s %10s %10s %10s %13s\n", "size", "fused", "fused-ro", "(a) ops", "(b) sum",
              "x vs (a)", "ro % of (b)");

  at::manual_seed(0);
  for (std::size_t bytes = 1024; bytes <= max_mb << 20; bytes *= 4) {
    const auto n = static_cast<std::int64_t>(bytes / 4);
    // Gradient-like data: normal * 1e-3 with ~10% exact zeros (dead ReLUs).
    at::Tensor x = at::randn({n}) * 1e-3;
    x.masked_fill_(at::rand({n}) < 0.1, 0.0f);
    const ak::TensorView v = ak::TensorView::contiguous(x.data_ptr(), ak::DType::F32, n);
    ak::RawTensorStats raw;
    volatile double sink = 0;
    const int max_reps = 100000;

    // Alternate inv_scale 0.5 / 2 so repeated unscaling leaves the data as it was (exactly:
    // no value gets near the subnormal range), and the work stays the same every repetition.
    const double t_fused = best_of(
        [&](int r) {
          ak::PassOptions opt;
          opt.unscale = true;
          opt.inv_scale = (r & 1) ? 2.0f : 0.5f;
          sink = sink + static_cast<double>(ak::grad_stats_cpu({&v, 1}, opt, &raw)) + raw.sum_squares;
        },
        budget, 3, max_reps);
    // fused-ro and (b) alternate repetition by repetition: their ratio is the last column.
    const auto [t_ro, t_sum] = best_of_interleaved(
        [&](int) { sink = sink + static_cast<double>(ak::grad_stats_cpu({&v, 1}, {}, &raw)) + raw.sum_squares; },
        [&](int) { sink = sink + at::sum(x).item<float>(); }, budget, 3, max_reps);
    // (a) takes seconds at the largest sizes: fewer repetitions there keep the run near a minute.
    const double t_ops = best_of(
        [&](int r) {
          const OpsStats s = ops_composed(x, (r & 1) ? 2.0f : 0.5f);
          sink = sink + s.sumsq.item<double>();
        },
        budget, bytes >= (64u << 20) ? 1 : 3, max_reps);
    (void)sink;

    const double gb = static_cast<double>(bytes) / 1e9;
    std::printf("%8s %10.2f %10.2f %10.2f %10.2f %9.1fx %12.0f%%\n", human(bytes).c_str(), gb / t_fused,
                gb / t_ro, gb / t_ops, gb / t_sum, t_ops / t_fused, 100.0 * t_sum / t_ro);
    std::fflush(stdout);
  }
  return 0;
}
