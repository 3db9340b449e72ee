// Value types of a training session: its configuration, the per-step records it produces and
// the commands it accepts. Torch-free and Qt-free: the UI, the run store and the CLI use them
// without LibTorch headers. Definitions of every number: docs/measurements.md.
#pragma once

#include <ampscope/kernels/grad_stats.h>
#include <ampscope/scale_policy.h>
#include <ampscope/user_text.h>

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace ampscope {

enum class Precision : std::uint8_t { FP32, BF16, FP16 };
enum class DeviceKind : std::uint8_t { Auto, CPU, CUDA };
/// Unrecorded ("unrecorded"): a Python probe run whose optimizer AmpScope has no name for, or
/// that was given none; a session cannot train with it (validate()).
enum class OptimizerKind : std::uint8_t { SGD, Adam, AdamW, Unrecorded };
enum class FaultKind : std::uint8_t { Inf, NaN };

std::string_view to_string(Precision p);      ///< "fp32", "bf16", "fp16"
std::string_view to_string(DeviceKind d);     ///< "auto", "cpu", "cuda"
std::string_view to_string(OptimizerKind o);  ///< "sgd", "adam", "adamw", "unrecorded"
std::string_view to_string(FaultKind f);      ///< "inf", "nan"
bool parse(std::string_view s, Precision& out);
bool parse(std::string_view s, DeviceKind& out);
bool parse(std::string_view s, OptimizerKind& out);
bool parse(std::string_view s, FaultKind& out);
std::string_view to_string(kernels::Format f);  ///< "fp16", "bf16", "fp8-e4m3", ...
bool parse(std::string_view s, kernels::Format& out);

/// The dataset a built-in model trains on ("spiral-mlp": "spirals", "deep-mlp": "clusters",
/// "fashion-cnn": "fashion-mnist"); empty for any other model (a probe run's).
std::string_view own_dataset(std::string_view model);

/// What users read: "fp16 (emulated)" for fp16 on the CPU, else "fp16", "bf16", "fp32".
std::string precision_label(Precision p, DeviceKind resolved_device);
/// A label from precision_label() (also as stored with a run) in a form front ends translate:
/// "fp16 (emulated)" -> "%1 (emulated)" with "fp16"; any other label verbatim.
UserText precision_label_text(const std::string& label);

/// Inject inf or NaN into one layer's weight gradient (or the loss: layer "loss") at a step.
struct FaultSpec {
  std::string layer;     ///< a layer label as in LayerInfo::module, or "loss"
  FaultKind kind = FaultKind::Inf;
  std::int64_t step = 0; ///< optimizer step at which to inject
  bool operator==(const FaultSpec&) const = default;
};

/// Everything that defines a run. Same config + same seed on the CPU = bit-identical records.
struct SessionConfig {
  std::string model = "spiral-mlp";   ///< spiral-mlp | deep-mlp | fashion-cnn
  std::string dataset;                ///< empty = the model's own (spirals | clusters | fashion-mnist)
  std::string data_dir;               ///< fashion-mnist IDX files; empty = Debian's location
  Precision precision = Precision::FP16;
  DeviceKind device = DeviceKind::Auto;
  OptimizerKind optimizer = OptimizerKind::Adam;
  double lr = 1e-3;
  double momentum = 0.9;              ///< SGD only
  double weight_decay = 0.0;
  std::int64_t batch_size = 256;
  std::uint64_t seed = 0;
  bool use_scaler = true;             ///< false = --no-scaler
  GradScalerOptions scaler;           ///< every option and policy of the core GradScaler
  double clip_norm = 0.0;             ///< 0 = no clipping
  bool clip_after_unscale = true;     ///< false demonstrates the classic bug (clip scaled grads)
  std::int64_t accumulation = 1;      ///< micro-batches per optimizer step
  std::int64_t stats_every = 1;       ///< per-layer statistics cadence (0 = never)
  std::int64_t reference_every = 0;   ///< fp32 reference backward cadence for underflow (0 = off)
  bool activation_stats = true;       ///< hooks on module outputs' gradients
  /// false: the run's writer had no loss to give (a probe run whose probe.step() got none): its
  /// steps' NaN losses mean "unknown", not a loss that went non-finite.
  bool loss_recorded = true;
  kernels::HistogramConfig histogram{-40, 20, kernels::Format::FP16};
  std::int64_t max_steps = 0;         ///< 0 = until stopped
  double max_steps_per_second = 0.0;  ///< speed limit for demonstrations (0 = none)
  std::vector<FaultSpec> faults;
  /// The user's name for the run ("generator", "lr 3e-4"), shown beside its model wherever runs
  /// are listed; empty = none. At most kMaxNameLength characters, no control characters.
  std::string name;
  static constexpr std::size_t kMaxNameLength = 80;

  /// Throws std::invalid_argument naming the option and the allowed range.
  void validate() const;
  /// validate() without the model and dataset names: a stored run of a model AmpScope does not
  /// train itself (the Python probe records the user's own model, e.g. "MyNet").
  void validate_options() const;
  /// spiral-mlp, deep-mlp or fashion-cnn: a model a TrainingSession can build.
  bool built_in_model() const;
  std::string to_json() const;
  /// Throws std::invalid_argument. Any model name is read (validate_options() for a model that is
  /// not built in: a probe run's), so that every stored run loads.
  static SessionConfig from_json(const std::string& text);
};

/// One instrumented tensor, in backward order of first appearance is not guaranteed: `order`
/// is the module's position in the forward pass.
struct LayerInfo {
  std::string name;      ///< "fc1.weight", "fc1.bias", "fc1.out" (activation gradient)
  std::string module;    ///< "fc1"
  std::string kind;      ///< "weight" | "bias" | "activation"
  std::vector<std::int64_t> shape;
  std::int64_t numel = 0;
  int order = 0;
};

/// Per-layer numbers of one step (only on statistics steps).
struct LayerStepStats {
  int layer = 0;                     ///< index into the session's layers()
  kernels::TensorStats stats;        ///< of the gradient as backward produced it (scaled)
  std::int64_t underflow = -1;       ///< -1 = not measured this step (no reference backward)
  double underflow_mass = 0.0;       ///< share of sum|g_ref| carried by the underflowed elements
};

/// Why the scale changed, with the step's skip decision: the scale-history fields.
struct StepRecord {
  std::int64_t step = 0;             ///< optimizer step, from 0
  double loss = 0.0;                 ///< unscaled loss of the step (mean over micro-batches)
  double lr = 0.0;
  double scale_before = 1.0;
  double scale_after = 1.0;
  std::int32_t growth_tracker = 0;
  std::int32_t hysteresis_tracker = 0;
  bool found_inf = false;
  bool skipped = false;
  ScaleChangeReason reason = ScaleChangeReason::Unchanged;
  int first_offender = -1;           ///< layer index of the first non-finite layer in backward order
  double grad_norm = 0.0;            ///< total norm of the unscaled gradients (0 when not computed)
  double forward_ms = 0, backward_ms = 0, stats_ms = 0, optimizer_ms = 0;
  std::vector<LayerStepStats> layers;  ///< empty on non-statistics steps
};

/// Something the UI should tell the user about.
struct SessionEvent {
  enum class Kind : std::uint8_t { Started, Paused, Resumed, Finished, Error, Warning, Info };
  Kind kind = Kind::Info;
  std::int64_t step = 0;
  std::string message;  ///< in English: text.english()
  UserText text;        ///< the same message, for front ends that translate it
};

/// Live controls, applied by the worker at the next step boundary.
///  - SetScale: sets the CURRENT loss scale to `value` now (an "init scale" edit while running):
///    the next record says reason SetByUser unless its own update changed the scale again;
///    before the first step it simply replaces init_scale.
///  - SetClipping: clip norm `value` (0 = off), unscale-first = `flag`.
///  - SetAccumulation: `value` micro-batches per optimizer step (1..1024).
struct Command {
  enum class Kind : std::uint8_t {
    Pause, Resume, StepOnce, Stop, SetScaler, SetLr, InjectFault, SetSpeedLimit,
    SetScale, SetClipping, SetAccumulation
  };
  Kind kind = Kind::Pause;
  GradScalerOptions scaler;          ///< SetScaler (enabled() toggles the scaler)
  double value = 0.0;                ///< SetLr, SetSpeedLimit, SetScale, SetClipping, SetAccumulation
  bool flag = false;                 ///< SetClipping: clip after unscale_ (the correct order)
  FaultSpec fault;                   ///< InjectFault (step is ignored: injected at the next step)
};

}  // namespace ampscope
