// Per-layer statistics of a step: the kernels' CPU and CUDA passes, the read-back into the
// record, the first non-finite layer, and the fp32 reference backward's underflow counts.
#include "training_session_impl.h"

namespace ampscope {

kernels::CudaStatsPass* TrainingSession::Impl::cuda_pass_for(const torch::Device& d) {
  if (!d.is_cuda() || d != device || cuda_pass_unusable) return nullptr;
  if (!cuda_pass) {
    if (!kernels::cuda_compiled()) {
      cuda_pass_unusable = true;
      return nullptr;
    }
    try {
      cuda_pass = std::make_unique<kernels::CudaStatsPass>(device.has_index() ? device.index() : 0);
    } catch (const std::runtime_error&) {
      cuda_pass_unusable = true;
      return nullptr;
    }
  }
  return cuda_pass.get();
}

void TrainingSession::Impl::plain_pass(const torch::Tensor* const* ts, const std::size_t* slots,
                                       std::size_t n) {
  views_buf.clear();
  view_slot.clear();
  converted_buf.clear();
  cuda_views_buf.clear();
  cuda_slots.clear();
  cuda_pending = false;  // results a failed step left behind are not this step's
  bool contiguous_slots = true;
  for (std::size_t i = 0; i < n; ++i) {
    const torch::Tensor& t0 = *ts[i];
    if (!t0.defined()) {
      raw_all[slots[i]].clear();
      contiguous_slots = false;
      continue;
    }
    const bool readable = detail::kernel_readable(t0);
    if (readable && t0.is_cuda() && cuda_pass_for(t0.device())) {
      cuda_views_buf.push_back(detail::to_view(t0));
      cuda_slots.push_back(slots[i]);
      contiguous_slots = false;
      continue;
    }
    if (!t0.device().is_cpu() || !detail::kernel_dtype(t0.scalar_type())) {
      converted_buf.push_back(t0.to(torch::kCPU, torch::kFloat));
      host_copies.fetch_add(1, std::memory_order_relaxed);
      views_buf.push_back(detail::to_view(converted_buf.back()));
    } else {
      views_buf.push_back(detail::to_view(t0));
    }
    if (!view_slot.empty() && slots[i] != view_slot.back() + 1) contiguous_slots = false;
    view_slot.push_back(slots[i]);
  }
  kernels::PassOptions po;
  po.compute_stats = true;
  if (!cuda_views_buf.empty()) {
    // On LibTorch's current stream, so that it sees the gradients backward wrote and runs
    // before the optimizer step (or clipping) changes them.
    void* stream = compat::current_cuda_stream(device);
    cuda_pass->enqueue(cuda_views_buf, po, stream, nullptr);
    cuda_pass->copy_results_async(stream);
    cuda_pending = true;
  }
  if (views_buf.empty()) return;
  if (contiguous_slots) {
    kernels::grad_stats_cpu(views_buf, po, raw_all.data() + view_slot.front());
  } else {
    got_buf.resize(views_buf.size());
    kernels::grad_stats_cpu(views_buf, po, got_buf.data());
    for (std::size_t k = 0; k < view_slot.size(); ++k) raw_all[view_slot[k]] = got_buf[k];
  }
  converted_buf.clear();
}

void TrainingSession::Impl::harvest_cuda_stats() {
  if (!cuda_pending) return;
  cuda_pending = false;
  const auto res = cuda_pass->wait_results();
  if (res.size() != cuda_slots.size())
    throw std::logic_error("CUDA statistics: " + std::to_string(res.size()) + " results for " +
                           std::to_string(cuda_slots.size()) + " tensors");
  for (std::size_t k = 0; k < res.size(); ++k) raw_all[cuda_slots[k]] = res[k];
}

void TrainingSession::Impl::read_back(const StepPlan& plan, const Accumulated& acc, StepRecord& r,
                                      bool& found_inf) {
  r.loss = acc.loss_sum.item<double>() / static_cast<double>(cfg.accumulation);  // the step's sync
  const auto t = Clock::now();
  harvest_cuda_stats();
  r.stats_ms += ms_since(t);
  if (plan.params_in_pass) {
    // Non-finite parameter gradients only (the activation gradients are not checked).
    for (std::size_t i = 0; i < params.size(); ++i)
      if (have_raw[i]) {
        const auto& rw = raw_all[i];
        found_inf = found_inf || rw.nan + rw.pos_inf + rw.neg_inf > 0;
      }
  }
  if (!plan.scaler_on) r.found_inf = found_inf;
}

void TrainingSession::Impl::find_first_offender(StepRecord& r, std::size_t np, std::size_t na) const {
  auto consider = [&](int layer, const kernels::RawTensorStats& raw) {
    if (raw.nan + raw.pos_inf + raw.neg_inf == 0) return;
    if (r.first_offender < 0) {
      r.first_offender = layer;
      return;
    }
    const LayerInfo& cur = layers[r.first_offender];
    const LayerInfo& cand = layers[layer];
    const bool cand_act = cand.kind == "activation", cur_act = cur.kind == "activation";
    if (cand.order > cur.order || (cand.order == cur.order && cand_act && !cur_act)) r.first_offender = layer;
  };
  for (std::size_t i = 0; i < np; ++i)
    if (have_raw[i]) consider(param_layer[i], raw_all[i]);
  for (std::size_t k = 0; k < na; ++k)
    if (act_layer_buf[k] >= 0) consider(act_layer_buf[k], raw_all[np + k]);
}

void TrainingSession::Impl::add_layer_stats(StepRecord& r, std::size_t np, std::size_t na,
                                            const ActGrads& act_grads, const Underflow& underflow,
                                            double scale_now) const {
  const kernels::RawTensorStats* const param_raw = raw_all.data();
  const kernels::RawTensorStats* const act_raw = raw_all.data() + np;
  // The record's layer entries (and their histograms) from an earlier step are refilled in
  // place: a step with the same layers allocates nothing here.
  std::size_t used = 0;
  auto next = [&]() -> LayerStepStats& {
    if (used == r.layers.size()) r.layers.emplace_back();
    return r.layers[used++];
  };
  double sumsq = 0.0;
  for (std::size_t i = 0; i < np; ++i) {
    if (!have_raw[i]) continue;
    const int li = param_layer[i];
    LayerStepStats& ls = next();
    ls.layer = li;
    kernels::finalize(param_raw[i], params[i].numel(), cfg.histogram, ls.stats);
    ls.underflow = underflow.count[li];
    ls.underflow_mass = underflow.mass[li];
    sumsq += ls.stats.sum_squares;
  }
  // Norm of the unscaled gradients (the statistics are of the scaled ones).
  r.grad_norm = std::sqrt(sumsq) / (scale_now > 0 ? scale_now : 1.0);
  for (std::size_t k = 0; k < na; ++k) {
    const int li = act_layer_buf[k];
    if (li < 0) continue;
    LayerStepStats& ls = next();
    ls.layer = li;
    kernels::finalize(act_raw[k], act_grads[k].second.numel(), cfg.histogram, ls.stats);
    ls.underflow = underflow.count[li];
    ls.underflow_mass = underflow.mass[li];
  }
  r.layers.resize(used);
  std::sort(r.layers.begin(), r.layers.end(), [](const auto& a, const auto& b) { return a.layer < b.layer; });
}

void TrainingSession::Impl::reference_underflow(
    const std::vector<std::pair<torch::Tensor, torch::Tensor>>& batches,
    const std::vector<std::pair<std::string, torch::Tensor>>& mixed_act, std::vector<std::int64_t>& underflow,
    std::vector<double>& mass, const std::stop_token& st) {
  // Stash the mixed-precision gradients, run fp32 forward/backward on the same batches and
  // weights, compare, restore. The weights are not touched. A stop between batches abandons
  // the step (StepAbandoned) with the model's precision restored.
  std::vector<torch::Tensor> mixed;
  for (auto& p : params) {
    mixed.push_back(p.grad());
    p.mutable_grad() = torch::Tensor();
  }
  const PrecisionMode saved = model->precision();
  model->set_precision({Precision::FP32, false});
  for (std::size_t b = 0; b < batches.size(); ++b) {
    if (b > 0 && st.stop_requested()) {
      model->set_precision(saved);
      throw StepAbandoned{};
    }
    const auto& [x, y] = batches[b];
    torch::Tensor loss = torch::nn::functional::cross_entropy(model->forward(x).to(torch::kFloat), y);
    if (batches.size() > 1) loss = loss / static_cast<double>(batches.size());
    loss.backward();
  }
  const auto ref_act = model->activation_grads();
  model->set_precision(saved);
  auto compare = [&](int layer, const torch::Tensor& ref, const torch::Tensor& mix) {
    if (!ref.defined() || !mix.defined() || ref.sizes() != mix.sizes()) return;
    auto r32 = ref.to(torch::kFloat);
    auto lost = r32.ne(0).logical_and(mix.eq(0));
    underflow[layer] = lost.sum().item<std::int64_t>();
    const double total = r32.abs().sum().item<double>();
    mass[layer] = total > 0 ? r32.abs().masked_select(lost).sum().item<double>() / total : 0.0;
  };
  for (std::size_t i = 0; i < params.size(); ++i) {
    compare(param_layer[i], params[i].grad(), mixed[i]);
    params[i].mutable_grad() = mixed[i];
  }
  for (const auto& [label, g] : ref_act) {
    auto it = activation_layer.find(label);
    if (it == activation_layer.end()) continue;
    for (const auto& [mlabel, mg] : mixed_act)
      if (mlabel == label) compare(it->second, g, mg);
  }
}

}  // namespace ampscope
