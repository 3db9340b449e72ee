// A new session: the device, the model and its layer table, the data and sampler, the optimizer
// and the GradScaler (TrainingSession::Impl::build), and the activation shapes a first backward
// reveals.
#include "fused_optimizers.h"
#include "training_session_impl.h"

#include <ampscope/process_memory.h>

#include <cstdlib>
#include <string_view>

namespace ampscope {

void TrainingSession::Impl::build() {
  cfg.validate();
  // The memory each step frees stays for the next one (process_memory.h); once per process.
  keep_step_memory();
  if (cfg.dataset.empty()) cfg.dataset = default_dataset(cfg.model);
  const bool cuda = torch::cuda::is_available();
  if (cfg.device == DeviceKind::CUDA && !cuda)
    throw UserRuntimeError(
        UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession",
                                  "--device cuda: no CUDA device is available (this LibTorch has no "
                                  "CUDA support, or no GPU was found); use --device cpu or auto")));
  dev_kind = (cfg.device == DeviceKind::CUDA || (cfg.device == DeviceKind::Auto && cuda)) ? DeviceKind::CUDA
                                                                                          : DeviceKind::CPU;
  device = dev_kind == DeviceKind::CUDA ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
  // AMPSCOPE_CUBLAS_FP16_REDUCTION=0: cuBLAS's fp16 matrix products reduce in fp32 (PyTorch's
  // allow_fp16_reduced_precision_reduction off; on by default). The test of why real fp16
  // underflowed more than the emulation in deep-mlp (docs/measurements.md); process-wide.
  if (dev_kind == DeviceKind::CUDA)
    if (const char* v = std::getenv("AMPSCOPE_CUBLAS_FP16_REDUCTION"); v && std::string_view(v) == "0")
      at::globalContext().setAllowFP16ReductionCuBLAS(false);
  torch::manual_seed(cfg.seed);
  data = make_dataset(cfg.dataset, cfg.seed, cfg.data_dir);
  sampler = std::make_unique<BatchSampler>(*data, cfg.batch_size, cfg.seed + 1);
  model = make_model(cfg.model, cfg.seed);
  model->to(device);
  model->set_precision({cfg.precision, dev_kind != DeviceKind::CUDA});

  // Layers users read: per labelled module its weight, bias and output gradient.
  const auto named = model->named_parameters(/*recurse=*/true);
  const auto labels = model->module_labels();
  for (int order = 0; order < static_cast<int>(labels.size()); ++order) {
    const std::string& label = labels[order];
    if (cfg.activation_stats) {
      activation_layer[label] = static_cast<int>(layers.size());
      layers.push_back({label + ".out", label, "activation", {}, 0, order});
    }
    for (const char* kind : {"weight", "bias"}) {
      const std::string name = label + "." + kind;
      if (const torch::Tensor* p = named.find(name)) {
        LayerInfo li{name, label, kind, p->sizes().vec(), p->numel(), order};
        if (std::string(kind) == "weight") weight_layer[label] = static_cast<int>(layers.size());
        layer_of_param[p->unsafeGetTensorImpl()] = static_cast<int>(layers.size());
        index_of_param[p->unsafeGetTensorImpl()] = params.size();
        param_layer.push_back(static_cast<int>(layers.size()));
        layers.push_back(std::move(li));
        params.push_back(*p);
      }
    }
  }
  // Parameters not under a labelled module would be invisible: refuse to hide them.
  if (params.size() != named.size())
    throw std::logic_error("model '" + cfg.model + "' has parameters outside its labelled modules");
  // A fault aimed at a layer the model does not have would silently do nothing: refuse it.
  for (const auto& f : cfg.faults) {
    if (f.layer == "loss" || weight_layer.count(f.layer)) continue;
    std::string allowed;
    for (const auto& label : labels)
      if (weight_layer.count(label)) allowed += label + ", ";
    throw UserInvalidArgument(UserText::untranslated(
        "--inject %1:%2@%3: %4", {f.layer, std::string(to_string(f.kind)), std::to_string(f.step),
                                  UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession",
                                                            "model %1 has no layer named '%2' (allowed: %3)"),
                                           {cfg.model, f.layer, allowed + "loss"})}));
  }

  // LibTorch's optimizers with one loop per parameter instead of 4 to 10 ops: the same state
  // and the same bits (fused_optimizers.h).
  switch (cfg.optimizer) {
    case OptimizerKind::SGD:
      opt = std::make_unique<detail::FusedSGD>(
          params, torch::optim::SGDOptions(cfg.lr).momentum(cfg.momentum).weight_decay(cfg.weight_decay));
      break;
    case OptimizerKind::Adam:
      opt = std::make_unique<detail::FusedAdam>(
          params, torch::optim::AdamOptions(cfg.lr).weight_decay(cfg.weight_decay));
      break;
    case OptimizerKind::AdamW:
      opt = std::make_unique<detail::FusedAdamW>(
          params, torch::optim::AdamWOptions(cfg.lr).weight_decay(cfg.weight_decay));
      break;
    case OptimizerKind::Unrecorded:  // a probe run's: refused by validate() before this
      throw std::invalid_argument("session: no optimizer to train with");
  }
  learn_activation_shapes();
  // The work size the thread choice reads (compute_threads.h): one forward over one batch. Every
  // linear and convolution's multiply-adds grow with the batch, so one example is counted (a
  // forward of 1/batch the cost at start-up, beside learn_activation_shapes' full batch) and scaled.
  if (dev_kind == DeviceKind::CPU) {
    auto [x, y] = data->gather(torch::zeros({1}, torch::kLong));
    forward_work = model->forward_work(x);
    forward_work.macs *= static_cast<double>(cfg.batch_size);
    forward_work.conv_macs *= static_cast<double>(cfg.batch_size);
  }
  scaler = std::make_unique<GradScaler>(cfg.scaler);
  // stats_every == 0 means "no instrumentation": the scaler then runs its check and unscale
  // without statistics, and the session adds no pass of its own (the baseline of bench/).
  if (cfg.stats_every > 0) scaler->add_observer(this);
  speed_limit = cfg.max_steps_per_second;
  std::lock_guard lock(snap_mu);
  scaler_snapshot = cfg.scaler;
  lr_snapshot = cfg.lr;
  cfg_snapshot = cfg;
  initial_cfg = cfg;
}

void TrainingSession::Impl::learn_activation_shapes() {
  if (!cfg.activation_stats) return;
  const std::int64_t n = std::min<std::int64_t>(cfg.batch_size, data->size());
  auto [x, y] = data->gather(torch::arange(n, torch::kLong));
  model->set_capture_activation_grads(true);
  torch::nn::functional::cross_entropy(model->forward(x.to(device)).to(torch::kFloat), y.to(device))
      .backward();
  for (const auto& [label, g] : model->activation_grads()) {
    auto it = activation_layer.find(label);
    if (it == activation_layer.end()) continue;
    layers[it->second].shape = g.sizes().vec();
    layers[it->second].numel = g.numel();
  }
  model->set_capture_activation_grads(false);
  for (auto& p : params) p.mutable_grad() = torch::Tensor();
}

}  // namespace ampscope
