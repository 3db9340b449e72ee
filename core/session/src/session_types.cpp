#include "ampscope/session_types.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "ampscope/option_limits.h"
#include "ampscope/user_text.h"

namespace ampscope {

namespace {
template <class E>
struct Names {
  E value;
  std::string_view name;
};
constexpr Names<Precision> kPrecision[] = {{Precision::FP32, "fp32"}, {Precision::BF16, "bf16"}, {Precision::FP16, "fp16"}};
constexpr Names<DeviceKind> kDevice[] = {{DeviceKind::Auto, "auto"}, {DeviceKind::CPU, "cpu"}, {DeviceKind::CUDA, "cuda"}};
constexpr Names<OptimizerKind> kOptimizer[] = {
    {OptimizerKind::SGD, "sgd"}, {OptimizerKind::Adam, "adam"}, {OptimizerKind::AdamW, "adamw"},
    {OptimizerKind::Unrecorded, "unrecorded"}};
constexpr Names<FaultKind> kFault[] = {{FaultKind::Inf, "inf"}, {FaultKind::NaN, "nan"}};
constexpr Names<kernels::Format> kFormat[] = {{kernels::Format::FP32, "fp32"},
                                              {kernels::Format::FP16, "fp16"},
                                              {kernels::Format::BF16, "bf16"},
                                              {kernels::Format::FP8_E4M3, "fp8-e4m3"},
                                              {kernels::Format::FP8_E5M2, "fp8-e5m2"}};

template <class E, std::size_t N>
std::string_view name_of(const Names<E> (&table)[N], E v) {
  for (const auto& e : table)
    if (e.value == v) return e.name;
  return "unknown";
}
template <class E, std::size_t N>
bool value_of(const Names<E> (&table)[N], std::string_view s, E& out) {
  for (const auto& e : table) {
    if (e.name == s) {
      out = e.value;
      return true;
    }
  }
  return false;
}
template <class E, std::size_t N>
std::string choices(const Names<E> (&table)[N]) {
  std::string out;
  for (const auto& e : table) out += (out.empty() ? "" : "|") + std::string(e.name);
  return out;
}

/// "--<option> <value>: <rule>", the rule translatable (option names and values are not).
[[noreturn]] void bad_option(const std::string& option, UserText::Arg value, TextTemplate rule,
                             std::vector<UserText::Arg> args = {}) {
  throw UserInvalidArgument(UserText::untranslated("--%1 %2: %3", {option, std::move(value), UserText(rule, std::move(args))}));
}
/// What stands for a value that cannot be shown.
UserText not_utf8() { return UserText(AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "(not UTF-8)")); }
std::string num(double v) {
  std::ostringstream s;
  s.precision(10);
  s << v;
  return s.str();
}
/// A value outside its row of the option limits: "--NAME VALUE: must be in RANGE".
void check(const RealLimit& l, double v) {
  if (!l.contains(v)) bad_option(std::string(l.name), format_number(v), AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "must be in %1"), {l.range_text()});
}
void check(const IntLimit& l, std::int64_t v) {
  if (!l.contains(v))
    bad_option(std::string(l.name), std::to_string(v), AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "must be in %1"), {l.range_text()});
}
/// Strict UTF-8 (no overlongs, surrogates or code points past U+10FFFF): what JSON text holds.
bool valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    int n = 0;
    std::uint32_t cp = 0;
    if (c < 0x80) { ++i; continue; }
    if (c >= 0xC2 && c <= 0xDF) { n = 1; cp = c & 0x1F; }
    else if (c >= 0xE0 && c <= 0xEF) { n = 2; cp = c & 0x0F; }
    else if (c >= 0xF0 && c <= 0xF4) { n = 3; cp = c & 0x07; }
    else return false;
    if (i + static_cast<std::size_t>(n) >= s.size()) return false;  // cut short
    for (int k = 1; k <= n; ++k) {
      const auto cc = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
      if ((cc & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (cc & 0x3F);
    }
    if ((n == 2 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) || (n == 3 && (cp < 0x10000 || cp > 0x10FFFF)))
      return false;
    i += static_cast<std::size_t>(n) + 1;
  }
  return true;
}
/// Characters (code points) of valid UTF-8: the bytes that start one.
std::size_t name_length(std::string_view s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}
/// The first `n` characters of valid UTF-8.
std::string first_characters(std::string_view s, std::size_t n) {
  std::size_t i = 0;
  for (std::size_t seen = 0; i < s.size(); ++i)
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80 && seen++ == n) break;
  return std::string(s.substr(0, i));
}
/// C0 controls (tab and newline among them), DEL, and the C1 controls U+0080..U+009F (UTF-8 C2 80..C2 9F).
bool is_control_at(std::string_view s, std::size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  return c < 0x20 || c == 0x7F || (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) < 0xA0);
}
bool has_control_character(std::string_view s) {
  for (std::size_t i = 0; i < s.size(); ++i)
    if (is_control_at(s, i)) return true;
  return false;
}
/// The text with each control character shown as '?': what an error message can print.
std::string controls_shown(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (!is_control_at(s, i)) { out += s[i]; continue; }
    out += '?';
    if (static_cast<unsigned char>(s[i]) == 0xC2) ++i;  // the C1 control's second byte
  }
  return out;
}
}  // namespace

std::string_view to_string(Precision p) { return name_of(kPrecision, p); }
std::string_view to_string(DeviceKind d) { return name_of(kDevice, d); }
std::string_view to_string(OptimizerKind o) { return name_of(kOptimizer, o); }
std::string_view to_string(FaultKind f) { return name_of(kFault, f); }
bool parse(std::string_view s, Precision& out) { return value_of(kPrecision, s, out); }
bool parse(std::string_view s, DeviceKind& out) { return value_of(kDevice, s, out); }
bool parse(std::string_view s, OptimizerKind& out) { return value_of(kOptimizer, s, out); }
bool parse(std::string_view s, FaultKind& out) { return value_of(kFault, s, out); }

namespace {
constexpr TextTemplate kEmulated = AMPSCOPE_TR_NOOP("ampscope::Precision", "%1 (emulated)");
constexpr std::string_view kEmulatedSuffix = " (emulated)";
}  // namespace

std::string precision_label(Precision p, DeviceKind resolved_device) {
  std::string label(to_string(p));
  if (p != Precision::FP32 && resolved_device != DeviceKind::CUDA) label = UserText(kEmulated, {label}).english();
  return label;
}

UserText precision_label_text(const std::string& label) {
  if (label.size() > kEmulatedSuffix.size() && label.ends_with(kEmulatedSuffix))
    return UserText(kEmulated, {label.substr(0, label.size() - kEmulatedSuffix.size())});
  return UserText::verbatim(label);
}

std::string_view own_dataset(std::string_view model) {
  if (model == "spiral-mlp") return "spirals";
  if (model == "deep-mlp") return "clusters";
  if (model == "fashion-cnn") return "fashion-mnist";
  return {};
}

bool SessionConfig::built_in_model() const {
  static const char* kModels[] = {"spiral-mlp", "deep-mlp", "fashion-cnn"};
  bool known = false;
  for (const char* m : kModels) known = known || model == m;
  return known;
}

void SessionConfig::validate() const {
  if (!built_in_model()) bad_option("model", model, AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "must be one of %1"), {"spiral-mlp|deep-mlp|fashion-cnn"});
  if (!dataset.empty() && dataset != "spirals" && dataset != "clusters" && dataset != "fashion-mnist")
    bad_option("dataset", dataset, AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "must be one of %1"), {"spirals|clusters|fashion-mnist"});
  // Each model's input and class count fit its own dataset only (2-D/3 classes, 128-D/10
  // classes, 28x28/10 classes): refuse a mismatch here rather than fail inside the first forward.
  if (!dataset.empty()) {
    const std::string own(own_dataset(model));
    if (dataset != own) bad_option("dataset", dataset, AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "model %1 trains on %2 only"), {model, own});
  }
  if (optimizer == OptimizerKind::Unrecorded)
    bad_option("optimizer", std::string(to_string(optimizer)), AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "must be one of %1"), {"sgd|adam|adamw"});
  validate_options();
}

void SessionConfig::validate_options() const {
  // Ranges: the option limits (option_limits.h). Unbounded ones keep words that say what 0 means.
  check(limits::lr, lr);
  check(limits::momentum, momentum);
  check(limits::weight_decay, weight_decay);
  check(limits::batch_size, batch_size);
  check(limits::clip_norm, clip_norm);
  check(limits::accumulation, accumulation);
  if (!limits::stats_every.contains(stats_every))
    bad_option("stats-every", std::to_string(stats_every), AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "must be >= 0 (0 = never)"));
  if (!limits::reference_every.contains(reference_every))
    bad_option("reference-every", std::to_string(reference_every), AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "must be >= 0 (0 = off)"));
  if (max_steps < 0) bad_option("steps", std::to_string(max_steps), AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "must be >= 0 (0 = until stopped)"));
  check(limits::steps, max_steps);
  if (!limits::speed_limit.contains(max_steps_per_second))
    bad_option("speed-limit", num(max_steps_per_second), AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "must be >= 0 steps/s (0 = none)"));
  constexpr auto& hx = limits::hist_exponent;
  if (histogram.lo >= histogram.hi || !hx.contains(histogram.lo) || !hx.contains(histogram.hi))
    bad_option("hist-range", std::to_string(histogram.lo) + ":" + std::to_string(histogram.hi),
               AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "must satisfy %1 <= lo < hi <= %2"),
               {std::to_string(hx.lo), std::to_string(hx.hi)});
  // The configuration is stored as JSON (run store, presets), whose text is UTF-8 (fuzz/cli_args
  // found a --data-dir that made to_json() throw).
  if (!valid_utf8(data_dir))
    bad_option("data-dir", not_utf8(),
               AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "must be valid UTF-8 text (it is stored with the run); rename the "
                                                "directory or point a symbolic link with a UTF-8 name at it"));
  if (!valid_utf8(name))
    bad_option("name", not_utf8(), AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "must be valid UTF-8 text (it is stored with the run)"));
  if (name_length(name) > kMaxNameLength)
    bad_option("name", controls_shown(first_characters(name, 40)) + "\u2026", AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "must be at most %1 characters"),
               {std::to_string(kMaxNameLength)});
  if (has_control_character(name))
    bad_option("name", controls_shown(name), AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "must be one line of text, without tabs or control characters"));
  for (const auto& f : faults) {
    if (!valid_utf8(f.layer))
      bad_option("inject", not_utf8(), AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "the layer name must be valid UTF-8 text"));
    if (f.layer.empty()) bad_option("inject", "", AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "needs a layer name or 'loss'"));
    if (!limits::fault_step.contains(f.step))
      bad_option("inject", f.layer + "@" + std::to_string(f.step), AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "the step must be >= 0"));
  }
  try {
    scaler.validate();
  } catch (const std::invalid_argument& e) {
    throw UserInvalidArgument(UserText::untranslated("scaler: %1", {user_text_of(e)}));
  }
  // The scaler's own rules first (PyTorch's messages), then the table's narrower bounds.
  check_scaler_limits(scaler);
}

void check_scaler_limits(const GradScalerOptions& o) {
  check(limits::init_scale, o.init_scale());
  check(limits::growth_factor, o.growth_factor());
  check(limits::backoff_factor, o.backoff_factor());
  check(limits::growth_interval, o.growth_interval());
  check(limits::hysteresis, o.hysteresis());
  check(limits::min_scale, o.min_scale());
  check(limits::max_scale, o.max_scale());
}

std::string SessionConfig::to_json() const {
  using json = nlohmann::json;
  json j;
  j["model"] = model;
  j["dataset"] = dataset;
  j["data_dir"] = data_dir;
  j["precision"] = std::string(to_string(precision));
  j["device"] = std::string(to_string(device));
  j["optimizer"] = std::string(to_string(optimizer));
  j["lr"] = lr;
  j["momentum"] = momentum;
  j["weight_decay"] = weight_decay;
  j["batch_size"] = batch_size;
  j["seed"] = seed;
  j["use_scaler"] = use_scaler;
  json s;
  s["init_scale"] = scaler.init_scale();
  s["growth_factor"] = scaler.growth_factor();
  s["backoff_factor"] = scaler.backoff_factor();
  s["growth_interval"] = scaler.growth_interval();
  s["enabled"] = scaler.enabled();
  s["hysteresis"] = scaler.hysteresis();
  s["consecutive_hysteresis"] = scaler.consecutive_hysteresis();
  s["min_scale"] = scaler.min_scale();
  s["max_scale"] = std::isinf(scaler.max_scale()) ? json(nullptr) : json(scaler.max_scale());
  s["static_scale"] = scaler.static_scale();
  j["scaler"] = s;
  j["clip_norm"] = clip_norm;
  j["clip_after_unscale"] = clip_after_unscale;
  j["accumulation"] = accumulation;
  j["stats_every"] = stats_every;
  j["reference_every"] = reference_every;
  j["activation_stats"] = activation_stats;
  if (!loss_recorded) j["loss_recorded"] = false;  // absent when true: earlier configs read the same
  j["histogram"] = {{"lo", histogram.lo}, {"hi", histogram.hi}, {"target", std::string(name_of(kFormat, histogram.target))}};
  j["max_steps"] = max_steps;
  j["max_steps_per_second"] = max_steps_per_second;
  json faults_j = json::array();
  for (const auto& f : faults) faults_j.push_back({{"layer", f.layer}, {"kind", std::string(to_string(f.kind))}, {"step", f.step}});
  j["faults"] = faults_j;
  if (!name.empty()) j["name"] = name;  // absent when unnamed: the configs of earlier versions read the same
  // validate() admits only UTF-8 text; for an unvalidated config, replace bad bytes rather than throw.
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

namespace {
/// An integer field in [lo, hi]. nlohmann's get<integer>() of a double outside the target's
/// range is undefined behaviour (found by fuzz/preset), and of 1.5 silently truncates: accept
/// JSON integers, and doubles only when integral, both range-checked first.
std::int64_t checked_integer(const nlohmann::json& v, const char* key, std::int64_t lo, std::int64_t hi) {
  bool ok = false;
  std::int64_t n = 0;
  if (v.is_number_unsigned()) {
    const auto u = v.get<std::uint64_t>();
    ok = u <= static_cast<std::uint64_t>(hi);
    n = ok ? static_cast<std::int64_t>(u) : 0;
  } else if (v.is_number_integer()) {
    n = v.get<std::int64_t>();
    ok = true;
  } else if (v.is_number_float()) {
    const double d = v.get<double>();
    // 2^63 is exactly representable; every integral double below it fits int64.
    ok = std::floor(d) == d && d >= -9223372036854775808.0 && d < 9223372036854775808.0;
    n = ok ? static_cast<std::int64_t>(d) : 0;
  } else {
    throw UserInvalidArgument({AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "session config: \"%1\" must be an integer"), {key}});
  }
  if (!ok || n < lo || n > hi)
    throw UserInvalidArgument({AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "session config: \"%1\" = %2 must be an integer in [%3, %4]"),
                               {key, v.dump(), std::to_string(lo), std::to_string(hi)}});
  return n;
}
}  // namespace

SessionConfig SessionConfig::from_json(const std::string& text) {
  using json = nlohmann::json;
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) throw UserInvalidArgument(UserText(AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "session config: not a JSON object")));
  SessionConfig c;
  try {
    auto str = [&](const json& o, const char* k, std::string& out) { if (o.contains(k)) out = o.at(k).get<std::string>(); };
    auto dbl = [&](const json& o, const char* k, double& out) { if (o.contains(k)) out = o.at(k).get<double>(); };
    constexpr auto i64min = std::numeric_limits<std::int64_t>::min(), i64max = std::numeric_limits<std::int64_t>::max();
    auto i64 = [&](const json& o, const char* k, std::int64_t& out) { if (o.contains(k)) out = checked_integer(o.at(k), k, i64min, i64max); };
    auto bln = [&](const json& o, const char* k, bool& out) { if (o.contains(k)) out = o.at(k).get<bool>(); };
    auto enm = [&](const json& o, const char* k, auto& out, TextTemplate what) {
      if (!o.contains(k)) return;
      const std::string v = o.at(k).get<std::string>();
      if (!parse(v, out)) throw UserInvalidArgument({AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "session config: unknown %1 '%2'"), {UserText(what), v}});
    };
    str(j, "model", c.model);
    str(j, "name", c.name);
    str(j, "dataset", c.dataset);
    str(j, "data_dir", c.data_dir);
    enm(j, "precision", c.precision, AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "precision"));
    enm(j, "device", c.device, AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "device"));
    enm(j, "optimizer", c.optimizer, AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "optimizer"));
    dbl(j, "lr", c.lr);
    dbl(j, "momentum", c.momentum);
    dbl(j, "weight_decay", c.weight_decay);
    i64(j, "batch_size", c.batch_size);
    if (j.contains("seed")) {
      // Seeds span all of uint64: JSON integers only (to_json writes them so).
      const json& v = j.at("seed");
      if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<std::int64_t>() >= 0))
        throw UserInvalidArgument({AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "session config: \"%1\" = %2 must be an integer in [0, 2^64)"),
                                   {"seed", v.dump()}});
      c.seed = v.get<std::uint64_t>();
    }
    bln(j, "use_scaler", c.use_scaler);
    if (j.contains("scaler")) {
      const json& s = j.at("scaler");
      double d;
      std::int64_t n;
      bool b;
      if (s.contains("init_scale")) { dbl(s, "init_scale", d); c.scaler.init_scale(d); }
      if (s.contains("growth_factor")) { dbl(s, "growth_factor", d); c.scaler.growth_factor(d); }
      if (s.contains("backoff_factor")) { dbl(s, "backoff_factor", d); c.scaler.backoff_factor(d); }
      if (s.contains("growth_interval")) { i64(s, "growth_interval", n); c.scaler.growth_interval(n); }
      if (s.contains("enabled")) { bln(s, "enabled", b); c.scaler.enabled(b); }
      if (s.contains("hysteresis")) { i64(s, "hysteresis", n); c.scaler.hysteresis(n); }
      if (s.contains("consecutive_hysteresis")) { bln(s, "consecutive_hysteresis", b); c.scaler.consecutive_hysteresis(b); }
      if (s.contains("min_scale")) { dbl(s, "min_scale", d); c.scaler.min_scale(d); }
      if (s.contains("max_scale") && !s.at("max_scale").is_null()) { dbl(s, "max_scale", d); c.scaler.max_scale(d); }
      if (s.contains("static_scale")) { bln(s, "static_scale", b); c.scaler.static_scale(b); }
    }
    dbl(j, "clip_norm", c.clip_norm);
    bln(j, "clip_after_unscale", c.clip_after_unscale);
    i64(j, "accumulation", c.accumulation);
    i64(j, "stats_every", c.stats_every);
    i64(j, "reference_every", c.reference_every);
    bln(j, "activation_stats", c.activation_stats);
    bln(j, "loss_recorded", c.loss_recorded);
    if (j.contains("histogram")) {
      const json& h = j.at("histogram");
      constexpr auto imin = std::numeric_limits<int>::min(), imax = std::numeric_limits<int>::max();
      if (h.contains("lo")) c.histogram.lo = static_cast<int>(checked_integer(h.at("lo"), "histogram.lo", imin, imax));
      if (h.contains("hi")) c.histogram.hi = static_cast<int>(checked_integer(h.at("hi"), "histogram.hi", imin, imax));
      enm(h, "target", c.histogram.target, AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "histogram target format"));
    }
    i64(j, "max_steps", c.max_steps);
    dbl(j, "max_steps_per_second", c.max_steps_per_second);
    if (j.contains("faults")) {
      for (const json& f : j.at("faults")) {
        FaultSpec fs;
        str(f, "layer", fs.layer);
        enm(f, "kind", fs.kind, AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "fault kind"));
        i64(f, "step", fs.step);
        c.faults.push_back(fs);
      }
    }
  } catch (const json::exception& e) {
    throw UserInvalidArgument({AMPSCOPE_TR_NOOP("ampscope::SessionConfig", "session config: %1"), {UserText::verbatim(e.what())}});
  }
  if (c.built_in_model()) c.validate(); else c.validate_options();
  return c;
}

bool parse(std::string_view s, kernels::Format& out) { return value_of(kFormat, s, out); }
std::string_view to_string(kernels::Format f) { return name_of(kFormat, f); }

}  // namespace ampscope
