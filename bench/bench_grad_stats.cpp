// bench_grad_stats: the fused CPU statistics pass against
//   (a) the same statistics composed from LibTorch ops (what one would write without the
//       kernel: abs, isnan/isinf, frexp, bincount, amax, min of nonzero, sum of squares,
//       and the unscale multiply), and
//   (b) a plain read of the same memory (at::sum), the bandwidth ceiling for one pass.
// Sizes from 1 KB to 256 MB of fp32, best-of-N timing. Not a test: it prints a table.
//
//   bench_grad_stats [--quick] [--threads N] [--max-mb M]
//   bench_grad_stats --trace [--model M] [--precision fp32|fp16] [--steps N] [--every K]
//
// --trace: the pass on real gradients as training goes on. Random data says little about a
// pass whose cost depends on how many binades the values span; gradients widen as a model
// trains. It trains a zoo model as `ampscope record` does (Adam, lr 1e-3, batch 256, seed 1;
// fp16: emulated, loss scale 2^16) and, at every step, times the pass once on the parameter
// and activation gradients backward has just written, and a plain read of the same tensors
// (at::sum), in alternating order; it prints medians per K steps. Once per step, as a run meets
// them: one step's data timed over and over lets the branch predictor learn it.
// OMP_NUM_THREADS / --threads set the OpenMP pool shared by LibTorch and the kernel; --trace runs
// on one thread, BLAS included, as `ampscope record` runs spiral-mlp.
#include <torch/torch.h>

#include <omp.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "ampscope/compute_threads.h"
#include "ampscope/kernels/grad_stats.h"
#include "ampscope/model_zoo.h"

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

constexpr const char* kTraceUsage = "--trace [--model M] [--precision fp32|fp16] [--steps N] [--every K]";

int run_trace(const std::string& model_name, const std::string& precision, int steps, int every) {
  namespace as = ampscope;
  if (precision != "fp32" && precision != "fp16") {
    std::fprintf(stderr, "--precision: fp32 or fp16\n");
    return 2;
  }
  const bool fp16 = precision == "fp16";
  const double scale = fp16 ? 65536.0 : 1.0;
  // As `ampscope record` runs spiral-mlp: one LibTorch thread, one BLAS thread, the BLAS kernels
  // AmpScope chose. OpenBLAS's default second thread otherwise spins (sched_yield) on the other
  // core after each product, beside the timed pass.
  at::set_num_threads(1);
  ampscope::set_blas_threads(1);
  torch::manual_seed(1);
  std::shared_ptr<as::InstrumentedModel> model;
  std::unique_ptr<as::Dataset> data;
  try {
    model = as::make_model(model_name, 1);
    data = as::make_dataset(as::default_dataset(model_name), 1, "");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_grad_stats --trace: %s\n", e.what());
    return 2;
  }
  if (fp16) model->set_precision({as::Precision::FP16, true});
  as::BatchSampler sampler(*data, 256, 1);
  torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(1e-3));
  const auto params = model->parameters();
  const at::Tensor loss_grad = torch::full({}, scale);
  model->set_capture_activation_grads(true);

  std::printf("bench_grad_stats --trace: %s, %s%s, Adam lr 1e-3, batch 256, one thread; CPU pass: %s\n",
              model_name.c_str(), precision.c_str(), fp16 ? " (emulated, loss scale 2^16)" : "",
              ak::grad_stats_cpu_isa());
  std::printf("BLAS: %s, %d thread, kernels %s\n", ampscope::blas_name().c_str(), ampscope::blas_threads(),
              ampscope::blas_kernels_text().c_str());
  std::printf("Every step: the pass (statistics, no unscale) over the parameter and activation gradients\n"
              "backward has just written, and at::sum over the same tensors, in alternating order; each\n"
              "sees each step's data once, as in a run. Medians over each %d steps.\n", every);
  std::printf("%12s %8s %8s %10s %10s %9s %8s\n", "steps", "values", "binades", "pass us", "sum us", "ns/value",
              "x sum");
  std::vector<ak::RawTensorStats> raw;
  std::vector<ak::TensorView> views;
  std::vector<double> pass_us, sum_us;
  double total_pass = 0, total_sum = 0, lo = 1e30, hi = 0;
  int rows = 0, top = -1000, bottom = 1000;
  volatile double sink = 0;
  auto median = [](std::vector<double>& v) {
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
    return v[v.size() / 2];
  };
  auto time_us = [](auto&& fn) {
    const auto t0 = Clock::now();
    fn();
    return std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
  };
  for (int step = 0; step < steps; ++step) {
    for (auto p : params) p.mutable_grad() = at::Tensor();
    auto [x, y] = sampler.next();
    if (model->has_direct_pass()) {
      model->direct_forward(x, y);
      model->direct_backward(loss_grad);
    } else {
      at::Tensor loss = torch::nn::functional::cross_entropy(model->forward(x).to(at::kFloat), y);
      (loss * scale).backward();
    }
    std::vector<at::Tensor> ts;
    for (const auto& p : params)
      if (p.grad().defined()) ts.push_back(p.grad());
    for (const auto& [label, g] : model->activation_grads()) ts.push_back(g.contiguous());
    views.clear();
    std::int64_t values = 0;
    for (const auto& t : ts) {
      views.push_back(ak::TensorView::contiguous(t.data_ptr(), ak::DType::F32, t.numel()));
      values += t.numel();
    }
    raw.resize(views.size());
    auto pass = [&] { sink = sink + static_cast<double>(ak::grad_stats_cpu(views, {}, raw.data())); };
    auto sum = [&] {
      for (const auto& t : ts) sink = sink + at::sum(t).item<float>();
    };
    if (step % 2 == 0) {
      pass_us.push_back(time_us(pass));
      sum_us.push_back(time_us(sum));
    } else {
      sum_us.push_back(time_us(sum));
      pass_us.push_back(time_us(pass));
    }
    // The binades the window's finite nonzero values span, over all its tensors, as exponent
    // fields (an fp32 subnormal's: its top bit's position - 22, from 0 down to -22).
    for (const auto& rw : raw) {
      if (rw.amax_bits == 0) continue;
      const std::uint32_t amin = rw.amin_nz_bits;
      top = std::max(top, static_cast<int>(rw.amax_bits >> 23));
      bottom = std::min(bottom, amin >= 0x00800000u ? static_cast<int>(amin >> 23) : 9 - std::countl_zero(amin));
    }
    if (static_cast<int>(pass_us.size()) == every || step == steps - 1) {
      const double p = median(pass_us), q = median(sum_us);
      char range[32];
      std::snprintf(range, sizeof range, "%d-%d", step + 1 - static_cast<int>(pass_us.size()), step);
      std::printf("%12s %8lld %8d %10.2f %10.2f %9.3f %7.2fx\n", range, static_cast<long long>(values),
                  top >= bottom ? top - bottom + 1 : 0, p, q, 1000.0 * p / static_cast<double>(values), p / q);
      total_pass += p;
      total_sum += q;
      lo = std::min(lo, p);
      hi = std::max(hi, p);
      ++rows;
      pass_us.clear();
      sum_us.clear();
      top = -1000;
      bottom = 1000;
    }
    // The optimizer steps on the unscaled gradients; a step with inf/NaN is skipped, as the
    // scaler would.
    bool finite = true;
    for (auto p : params)
      if (p.grad().defined()) {
        if (fp16) p.mutable_grad().div_(scale);
        finite = finite && p.grad().isfinite().all().item<bool>();
      }
    if (finite) opt.step();
  }
  (void)sink;
  std::printf("pass, mean of the %d medians: %.2f us (%.2f to %.2f), %.2fx the plain read\n", rows,
              total_pass / rows, lo, hi, total_pass / total_sum);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--trace") != 0) continue;
    std::string model = "spiral-mlp", precision = "fp32";
    int steps = 6000, every = 500;
    for (int j = 1; j < argc; ++j) {
      if (!std::strcmp(argv[j], "--trace")) continue;
      if (!std::strcmp(argv[j], "--model") && j + 1 < argc) model = argv[++j];
      else if (!std::strcmp(argv[j], "--precision") && j + 1 < argc) precision = argv[++j];
      else if (!std::strcmp(argv[j], "--steps") && j + 1 < argc) steps = std::atoi(argv[++j]);
      else if (!std::strcmp(argv[j], "--every") && j + 1 < argc) every = std::atoi(argv[++j]);
      else {
        std::fprintf(stderr, "usage: %s %s\n", argv[0], kTraceUsage);
        return 2;
      }
    }
    if (steps < 1 || every < 1) {
      std::fprintf(stderr, "--steps and --every must be at least 1\n");
      return 2;
    }
    return run_trace(model, precision, steps, every);
  }
  bool quick = false;
  int threads = 0;
  std::size_t max_mb = 256;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick")) quick = true;
    else if (!std::strcmp(argv[i], "--threads") && i + 1 < argc) threads = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--max-mb") && i + 1 < argc) max_mb = static_cast<std::size_t>(std::atoll(argv[++i]));
    else {
      std::fprintf(stderr, "usage: %s [--quick] [--threads N] [--max-mb M]\n       %s %s\n", argv[0], argv[0],
                   kTraceUsage);
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
