#include "session_options.h"

#include <ampscope/option_limits.h>
#include <ampscope/scale_policy.h>

#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace ampscope::cli {

namespace {
/// A recording needs an end: --steps starts at 1 where the session's 0 means "until stopped".
constexpr IntLimit kRecordSteps{limits::steps.name, 1, limits::steps.hi, 1, limits::steps.hi};

/// An integer as the help writes it: large powers of two as 2^62 and 2^31-1, the rest in digits.
std::string help_int(std::uint64_t v) {
  constexpr std::uint64_t kBig = std::uint64_t(1) << 20;
  if (v >= kBig && std::has_single_bit(v)) return "2^" + std::to_string(std::countr_zero(v));
  if (v >= kBig && (v == std::numeric_limits<std::uint64_t>::max() || std::has_single_bit(v + 1)))
    return "2^" + std::to_string(std::countr_one(v)) + "-1";
  return std::to_string(v);
}

/// A number as the help writes it: 1e-3, 0.9, 65536, 1e6, 3.4e38, 2^62, inf.
std::string help_number(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (v < 0) return "-" + help_number(-v);
  if (v == std::floor(v) && v < 1e6) return std::to_string(static_cast<std::int64_t>(v));
  if (v == std::floor(v) && v < 0x1p63 && std::has_single_bit(static_cast<std::uint64_t>(v)))
    return help_int(static_cast<std::uint64_t>(v));
  if (v >= 0.01 && v < 1e6) {  // the shortest fixed form that reads back: 0.9, 0.5
    for (int digits = 1; digits <= 17; ++digits) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.*g", digits, v);
      if (std::strtod(buf, nullptr) == v) return buf;
    }
  }
  // The shortest exponent form that reads back, without '+' or leading zeros: 1e-3, 3.4e38.
  for (int digits = 0; digits <= 16; ++digits) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*e", digits, v);
    if (std::strtod(buf, nullptr) != v && digits < 16) continue;
    std::string t = buf;
    const auto e = t.find('e');
    std::string mant = t.substr(0, e), exp = t.substr(e + 1);
    const bool neg = exp[0] == '-';
    exp = exp.substr(1);
    while (exp.size() > 1 && exp[0] == '0') exp.erase(0, 1);
    return mant + "e" + (neg ? "-" : "") + exp;
  }
  return std::to_string(v);
}

std::string help_default(std::int64_t v) { return v < 0 ? std::to_string(v) : help_int(static_cast<std::uint64_t>(v)); }

/// The range as the help writes it: "(0, 10]", "[1, 2^31-1]", "(0, inf]".
QString help_range(const RealLimit& l) {
  return qs(std::string(l.lo_open ? "(" : "[") + help_number(l.lo) + ", " + help_number(l.hi) + (l.hi_open ? ")" : "]"));
}
QString help_range(const IntLimit& l) { return qs("[" + help_default(l.lo) + ", " + help_default(l.hi) + "]"); }
QString help_value(double v) { return qs(help_number(v)); }
QString help_value(std::int64_t v) { return qs(help_default(v)); }
}  // namespace

FaultSpec parse_fault(const std::string& text) {
  const auto colon = text.find(':');
  const auto at = text.find('@');
  if (colon == std::string::npos || at == std::string::npos || at < colon || colon == 0)
    throw UsageError(str(Cli::tr("--inject '%1': expected LAYER:KIND@STEP, e.g. fc3:inf@100 or loss:nan@5").arg(qs(text))));
  FaultSpec f;
  f.layer = text.substr(0, colon);
  if (!parse(text.substr(colon + 1, at - colon - 1), f.kind))
    throw UsageError(str(Cli::tr("--inject '%1': KIND must be inf or nan").arg(qs(text))));
  f.step = to_int(text.substr(at + 1), limits::fault_step);
  return f;
}

void add_session_options(ArgParser& p, SessionConfig& cfg) {
  // The lambdas run after this function returns: they capture cfg (which outlives the parser)
  // by reference. Every range comes from the option limits (option_limits.h).
  p.option("model", "NAME", str(Cli::tr("Model: spiral-mlp (default), deep-mlp, fashion-cnn.")), [&](const std::string& v) {
    if (v != "spiral-mlp" && v != "deep-mlp" && v != "fashion-cnn")
      throw UsageError(str(Cli::tr("--model '%1': allowed spiral-mlp, deep-mlp, fashion-cnn").arg(qs(v))));
    cfg.model = v;
  });
  p.option("dataset", "NAME", str(Cli::tr("Dataset: spirals, clusters, fashion-mnist (default: the model's own).")),
           [&](const std::string& v) {
             if (v != "spirals" && v != "clusters" && v != "fashion-mnist")
               throw UsageError(str(Cli::tr("--dataset '%1': allowed spirals, clusters, fashion-mnist").arg(qs(v))));
             cfg.dataset = v;
           });
  p.option("data-dir", "DIR", str(Cli::tr("Where the Fashion-MNIST IDX files are (default /usr/share/datasets/fashion-mnist).")),
           [&](const std::string& v) { cfg.data_dir = v; });
  p.option("precision", "P", str(Cli::tr("fp32, bf16 or fp16 (default). fp16/bf16 on the CPU are emulated and labelled so.")),
           [&](const std::string& v) {
             if (!parse(v, cfg.precision)) throw UsageError(str(Cli::tr("--precision '%1': allowed fp32, bf16, fp16").arg(qs(v))));
           });
  p.option("device", "D", str(Cli::tr("auto (default: CUDA when available), cpu or cuda.")), [&](const std::string& v) {
    if (!parse(v, cfg.device)) throw UsageError(str(Cli::tr("--device '%1': allowed auto, cpu, cuda").arg(qs(v))));
  });
  p.option("optimizer", "O", str(Cli::tr("sgd (with momentum), adam (default) or adamw.")), [&](const std::string& v) {
    if (!parse(v, cfg.optimizer) || cfg.optimizer == OptimizerKind::Unrecorded) throw UsageError(str(Cli::tr("--optimizer '%1': allowed sgd, adam, adamw").arg(qs(v))));
  });
  p.option("lr", "X", str(Cli::tr("Learning rate, in %1 (default %2).").arg(help_range(limits::lr), help_value(cfg.lr))),
           [&](const std::string& v) { cfg.lr = to_double(v, limits::lr); });
  p.option("momentum", "X", str(Cli::tr("SGD momentum, in %1 (default %2).").arg(help_range(limits::momentum), help_value(cfg.momentum))),
           [&](const std::string& v) { cfg.momentum = to_double(v, limits::momentum); });
  p.option("weight-decay", "X", str(Cli::tr("Weight decay, in %1 (default %2).").arg(help_range(limits::weight_decay), help_value(cfg.weight_decay))),
           [&](const std::string& v) { cfg.weight_decay = to_double(v, limits::weight_decay); });
  p.option("batch-size", "N", str(Cli::tr("Examples per micro-batch, in %1 (default %2).").arg(help_range(limits::batch_size), help_value(cfg.batch_size))),
           [&](const std::string& v) { cfg.batch_size = to_int(v, limits::batch_size); });
  p.option("seed", "N", str(Cli::tr("Seed of data, weights and sampling, in %1 (default %2). Same seed, same CPU records.")
                                 .arg(qs("[0, " + help_int(std::numeric_limits<std::uint64_t>::max()) + "]"), qs(help_int(cfg.seed)))),
           [&](const std::string& v) { cfg.seed = to_uint("seed", v); });
  p.option("name", "TEXT", str(Cli::tr("A name for the run, shown beside its model wherever runs are listed (at most %1 characters).")
                                  .arg(SessionConfig::kMaxNameLength)),
           [&](const std::string& v) { cfg.name = v; });
  p.option("steps", "N", str(Cli::tr("Optimizer steps to run, in %1 (default %2).").arg(help_range(kRecordSteps), help_value(cfg.max_steps))),
           [&](const std::string& v) { cfg.max_steps = to_int(v, kRecordSteps); });
  // The scaler.
  p.flag("no-scaler", str(Cli::tr("Train without a GradScaler (non-finite gradients reach the weights).")),
         [&] { cfg.use_scaler = false; });
  p.option("init-scale", "S", str(Cli::tr("Initial loss scale, in %1 (default %2 = %3).")
                           .arg(help_range(limits::init_scale), help_value(cfg.scaler.init_scale()),
                                qs("2^" + std::to_string(std::ilogb(cfg.scaler.init_scale()))))),
           [&](const std::string& v) { cfg.scaler.init_scale(to_double(v, limits::init_scale)); });
  p.option("growth-factor", "X", str(Cli::tr("Scale multiplier after growth-interval clean steps, in %1 (default %2).")
                                 .arg(help_range(limits::growth_factor), help_value(cfg.scaler.growth_factor()))),
           [&](const std::string& v) { cfg.scaler.growth_factor(to_double(v, limits::growth_factor)); });
  p.option("backoff-factor", "X", str(Cli::tr("Scale multiplier on overflow, in %1 (default %2).")
                                 .arg(help_range(limits::backoff_factor), help_value(cfg.scaler.backoff_factor()))),
           [&](const std::string& v) { cfg.scaler.backoff_factor(to_double(v, limits::backoff_factor)); });
  p.option("growth-interval", "N", str(Cli::tr("Clean steps before the scale grows, in %1 (default %2).")
                                 .arg(help_range(limits::growth_interval), help_value(std::int64_t(cfg.scaler.growth_interval())))),
           [&](const std::string& v) { cfg.scaler.growth_interval(to_int(v, limits::growth_interval)); });
  p.option("hysteresis", "N", str(Cli::tr("Overflows tolerated before a backoff (Megatron), in %1 (default %2 = PyTorch).")
                                 .arg(help_range(limits::hysteresis), help_value(std::int64_t(cfg.scaler.hysteresis())))),
           [&](const std::string& v) { cfg.scaler.hysteresis(to_int(v, limits::hysteresis)); });
  p.flag("consecutive-hysteresis", str(Cli::tr("Refill the hysteresis counter on every clean step (DeepSpeed).")),
         [&] { cfg.scaler.consecutive_hysteresis(true); });
  p.option("min-scale", "S", str(Cli::tr("Floor after backoff, in %1 (default %2 = none: the scale can reach 0).")
                                 .arg(help_range(limits::min_scale), help_value(cfg.scaler.min_scale()))),
           [&](const std::string& v) { cfg.scaler.min_scale(to_double(v, limits::min_scale)); });
  p.option("max-scale", "S", str(Cli::tr("Cap after growth, in %1 (default %2 = none).").arg(help_range(limits::max_scale), help_value(cfg.scaler.max_scale()))),
           [&](const std::string& v) { cfg.scaler.max_scale(to_double(v, limits::max_scale)); });
  p.flag("static-scale", str(Cli::tr("Never grow or back off (still skips non-finite steps).")), [&] { cfg.scaler.static_scale(true); });
  p.flag("scaler-disabled", str(Cli::tr("Construct the scaler with enabled=false (PyTorch's transparent mode).")),
         [&] { cfg.scaler.enabled(false); });
  // Gradient handling.
  static_assert(!limits::clip_norm.lo_open && !limits::clip_norm.hi_open, "the help says <= at both ends");
  p.option("clip-norm", "X", str(Cli::tr("Clip the total gradient norm to X, %1 <= X <= %2 (default %3 = off).")
                                 .arg(help_value(limits::clip_norm.lo), help_value(limits::clip_norm.hi), help_value(cfg.clip_norm))),
           [&](const std::string& v) { cfg.clip_norm = to_double(v, limits::clip_norm); });
  p.flag("clip-before-unscale", str(Cli::tr("Clip the still-scaled gradients (the classic bug, for demonstration).")),
         [&] { cfg.clip_after_unscale = false; });
  p.option("accumulate", "N", str(Cli::tr("Micro-batches per optimizer step, in %1 (default %2).").arg(help_range(limits::accumulation), help_value(cfg.accumulation))),
           [&](const std::string& v) { cfg.accumulation = to_int(v, limits::accumulation); });
  p.option("inject", "LAYER:KIND@STEP", str(Cli::tr("Inject inf or nan into a layer's weight gradient (or 'loss') at a step; repeatable.")),
           [&](const std::string& v) { cfg.faults.push_back(parse_fault(v)); }, /*repeatable=*/true);
  // Instrumentation.
  p.option("stats-every", "N", str(Cli::tr("Per-layer statistics every N steps, N >= %1 (default %2; 0 = never).")
                                 .arg(help_value(limits::stats_every.lo), help_value(cfg.stats_every))),
           [&](const std::string& v) { cfg.stats_every = to_int(v, limits::stats_every); });
  p.option("reference-every", "K", str(Cli::tr("fp32 reference backward for underflow every K steps (default %1 = off).").arg(help_value(cfg.reference_every))),
           [&](const std::string& v) { cfg.reference_every = to_int(v, limits::reference_every); });
  p.flag("no-activation-stats", str(Cli::tr("Do not instrument the gradients of module outputs.")), [&] { cfg.activation_stats = false; });
  p.option("hist-range", "LO:HI", str(Cli::tr("Exponent range of the histograms, %1 <= LO < HI <= %2 (default %3:%4).")
                                 .arg(limits::hist_exponent.lo).arg(limits::hist_exponent.hi).arg(cfg.histogram.lo).arg(cfg.histogram.hi)),
           [&](const std::string& v) {
             const auto c = v.find(':');
             if (c == std::string::npos) throw UsageError(str(Cli::tr("--hist-range '%1': expected LO:HI, e.g. -40:20").arg(qs(v))));
             constexpr auto& hx = limits::hist_exponent;
             const auto lo = to_int("hist-range", v.substr(0, c), hx.lo, hx.hi - 1);
             const auto hi = to_int("hist-range", v.substr(c + 1), lo + 1, hx.hi);
             cfg.histogram.lo = static_cast<int>(lo);
             cfg.histogram.hi = static_cast<int>(hi);
           });
  p.option("hist-format", "F", str(Cli::tr("Format whose subnormals/overflows are counted: fp16 (default), bf16, fp8-e4m3, fp8-e5m2, fp32.")),
           [&](const std::string& v) {
             if (!parse(v, cfg.histogram.target))
               throw UsageError(str(Cli::tr("--hist-format '%1': allowed fp16, bf16, fp8-e4m3, fp8-e5m2, fp32").arg(qs(v))));
           });
}

}  // namespace ampscope::cli
