// One optimizer step of TrainingSession::Impl (do_step), in units: the plan, forward/backward per
// micro-batch, faults, unscale and measure, the optimizer's step and the scaler's update, clipping,
// and the events the scale's extremes raise. The statistics themselves: step_statistics.cpp.
#include "training_session_impl.h"

#include "fused_optimizers.h"

#include <algorithm>
#include <utility>

namespace ampscope {

std::vector<FaultSpec> TrainingSession::Impl::faults_now() {
  std::vector<FaultSpec> f;
  for (const auto& s : cfg.faults)
    if (s.step == step_index) f.push_back(s);
  for (auto& s : immediate_faults) f.push_back(s);
  immediate_faults.clear();
  return f;
}

void TrainingSession::Impl::poison(torch::Tensor& g, FaultKind kind) {
  // About 1% of the elements (at least one), deterministic: visible, and the rest stays real.
  const double v = kind == FaultKind::Inf ? std::numeric_limits<double>::infinity()
                                          : std::numeric_limits<double>::quiet_NaN();
  auto flat = g.view({-1});
  const std::int64_t stride = std::max<std::int64_t>(1, flat.numel() / 100);
  flat.slice(0, 0, flat.numel(), stride).fill_(v);
}

TrainingSession::Impl::StepPlan TrainingSession::Impl::plan_step() {
  StepPlan p;
  p.stats_step = cfg.stats_every > 0 && step_index % cfg.stats_every == 0;
  p.ref_step =
      cfg.reference_every > 0 && step_index % cfg.reference_every == 0 && cfg.precision != Precision::FP32;
  p.capture = (p.stats_step || p.ref_step) && cfg.activation_stats;
  p.scaler_on = cfg.use_scaler && scaler->is_enabled();
  p.params_in_pass = !p.scaler_on && cfg.stats_every > 0;
  p.immediate_faults = immediate_faults.size();
  p.faults = faults_now();
  // The direct pass: the same numbers as autograd (model_zoo.h), without its overhead. Not under
  // autocast (CUDA fp16/bf16), and not for a poisoned loss (its inf/NaN reaches the gradients
  // through autograd's multiply, which the direct pass does not repeat).
  p.direct = model->has_direct_pass() && !direct_pass_off &&
             !(dev_kind == DeviceKind::CUDA && cfg.precision != Precision::FP32) &&
             std::none_of(p.faults.begin(), p.faults.end(), [](const FaultSpec& f) { return f.layer == "loss"; });
  return p;
}

void TrainingSession::Impl::ensure_threads() {
  if (threads_applied_on == std::this_thread::get_id()) return;
  threads_applied_on = std::this_thread::get_id();
  if (dev_kind != DeviceKind::CPU) return;  // on CUDA the CPU threads only launch kernels
  ThreadChoice c = decide_threads(work_size());
  apply_threads(c);
  model->set_weight_grad_lane(c.grad_lane);  // models without a direct pass ignore it
  // The fused optimizers give the lane half of their parameters (the same bits).
  if (auto* stepping = dynamic_cast<detail::LaneStepping*>(opt.get()))
    stepping->set_work_lane(model->work_lane());
  std::lock_guard lock(snap_mu);
  thread_choice = std::move(c);
}

void TrainingSession::Impl::do_step(StepRecord& r, const std::stop_token& st) {
  ensure_threads();
  // Every field afresh, but the layer vector keeps its storage for add_layer_stats to refill.
  {
    std::vector<LayerStepStats> keep = std::move(r.layers);
    r = StepRecord{};
    r.layers = std::move(keep);
  }
  r.step = step_index;
  r.lr = cfg.lr;
  const StepPlan plan = plan_step();
  // With the model's work lane (2 cores, no window, large linear layers), one span of it from the
  // forward to the optimizer: one wake a step, and it is awake when the statistics and the
  // optimizer give it their shares. Left early (a throw), it settles before anything it writes
  // can change.
  detail::LaneSpan span(cpu_lane());

  // Abandonable part: only .grad and the model's captures change until unscale_.
  Accumulated acc;
  ActGrads act_copy;  // activation gradients of the last micro-batch, on reference steps
  Underflow& underflow = underflow_buf;
  underflow.count.assign(layers.size(), -1);
  underflow.mass.assign(layers.size(), 0.0);
  try {
    acc = forward_backward(plan, r, st);
    if (step_hook) step_hook(step_index);
    // A reference backward runs forward() again, which clears the model's list: copy it then.
    if (plan.ref_step) act_copy = model->activation_grads();
    inject_gradient_faults(plan.faults);
    if (plan.ref_step) {
      const auto t = Clock::now();
      reference_underflow(acc.batches, act_copy, underflow.count, underflow.mass, st);
      r.stats_ms += ms_since(t);
    }
  } catch (const StepAbandoned&) {
    abandon_step(plan);
    throw;
  }
  const ActGrads& act_grads = plan.ref_step ? act_copy : model->activation_grads();
  const std::size_t np = params.size();
  const std::size_t na = plan.capture ? act_grads.size() : 0;

  bool found_inf = unscale_and_measure(plan, act_grads, na, r);
  const double scale_now = step_and_update(plan, r, found_inf);
  span.done();
  read_back(plan, acc, r, found_inf);
  find_first_offender(r, np, na);
  if (plan.stats_step || plan.ref_step) add_layer_stats(r, np, na, act_grads, underflow, scale_now);
  else r.layers.clear();
  tell_scale_extremes(plan, r);
  ++step_index;
  steps_completed.store(step_index, std::memory_order_release);
}

TrainingSession::Impl::Accumulated TrainingSession::Impl::forward_backward(const StepPlan& plan,
                                                                           StepRecord& r,
                                                                           const std::stop_token& st) {
  const bool autocast = dev_kind == DeviceKind::CUDA && cfg.precision != Precision::FP32;
  const auto low = cfg.precision == Precision::BF16 ? torch::kBFloat16 : torch::kHalf;
  model->set_capture_activation_grads(plan.capture);
  // Gradients set to none rather than zeroed (as torch 2.x's zero_grad() does by default): the
  // first backward then hands each parameter its gradient instead of adding it to zeros, two
  // LibTorch ops fewer per parameter (measured: 3% of a spiral-mlp forward+backward).
  clear_grads();
  Accumulated acc;
  acc.loss_sum = torch::zeros({}, torch::TensorOptions().device(device));
  torch::Tensor loss_grad;  // direct pass: what the scaled loss's backward hands the loss
  if (plan.direct) {
    // The autograd path's objective is (loss / micro-batches) * scale: its backward gives the
    // loss 1 * scale / micro-batches, computed by the same two fp32 ops here.
    loss_grad = torch::ones({}, torch::TensorOptions().device(device));
    if (plan.scaler_on) loss_grad = scaler->scale(loss_grad);
    if (cfg.accumulation > 1) loss_grad = loss_grad / static_cast<double>(cfg.accumulation);
  }
  for (std::int64_t m = 0; m < cfg.accumulation; ++m) {
    if (m > 0) throw_if_stopped(st);
    auto [x, y] = sampler->next();
    x = x.to(device);
    y = y.to(device);
    auto t = Clock::now();
    if (plan.direct) {
      acc.loss_sum += model->direct_forward(x, y);
      r.forward_ms += ms_since(t);
      t = Clock::now();
      model->direct_backward(loss_grad);
    } else {
      torch::Tensor logits;
      if (autocast) {
        compat::AutocastGuard guard(torch::kCUDA, low);
        logits = model->forward(x);
      } else {
        logits = model->forward(x);
      }
      // The loss in fp32, as autocast computes cross-entropy.
      torch::Tensor loss = torch::nn::functional::cross_entropy(logits.to(torch::kFloat), y);
      // A poisoned loss must poison its gradients too, as a real overflow in the forward pass
      // does: multiply (adding a constant would leave the gradients finite).
      for (const auto& f : plan.faults) {
        if (f.layer == "loss")
          loss = loss * (f.kind == FaultKind::Inf ? std::numeric_limits<double>::infinity()
                                                  : std::numeric_limits<double>::quiet_NaN());
      }
      acc.loss_sum += loss.detach();
      torch::Tensor part = cfg.accumulation > 1 ? loss / static_cast<double>(cfg.accumulation) : loss;
      r.forward_ms += ms_since(t);
      t = Clock::now();
      (plan.scaler_on ? scaler->scale(part) : part).backward();
    }
    r.backward_ms += ms_since(t);
    micro_batches.fetch_add(1, std::memory_order_relaxed);
    if (plan.ref_step) acc.batches.emplace_back(x, y);
  }
  throw_if_stopped(st);
  return acc;
}

void TrainingSession::Impl::clear_grads() {
  for (auto& p : params) p.mutable_grad() = torch::Tensor();
}

void TrainingSession::Impl::abandon_step(const StepPlan& plan) {
  immediate_faults.insert(immediate_faults.begin(),
                          plan.faults.end() - static_cast<std::ptrdiff_t>(plan.immediate_faults),
                          plan.faults.end());
  clear_grads();
  model->set_capture_activation_grads(false);
}

void TrainingSession::Impl::inject_gradient_faults(const std::vector<FaultSpec>& faults) {
  for (const auto& f : faults) {
    if (f.layer == "loss") continue;
    auto it = weight_layer.find(f.layer);
    if (it == weight_layer.end()) {
      emit(SessionEvent::Kind::Warning,
           UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "fault injection: no layer named '%1'"),
                    {f.layer}));
      continue;
    }
    for (std::size_t i = 0; i < params.size(); ++i) {
      if (param_layer[i] == it->second && params[i].grad().defined())
        poison(params[i].mutable_grad(), f.kind);
    }
  }
}

bool TrainingSession::Impl::unscale_and_measure(const StepPlan& plan, const ActGrads& act_grads,
                                                std::size_t na, StepRecord& r) {
  const auto t = Clock::now();
  const std::size_t np = params.size();
  raw_all.resize(np + na);
  have_raw.assign(np, 0);
  bool found_inf = false;
  // With the lane awake: a suffix of the activation gradients, about half of the pass's
  // elements, is measured there while this thread unscales and measures the rest. Each tensor's
  // statistics are its own (the kernels' item order is within a tensor), so the same bits.
  const std::size_t lane_from = share_with_lane(act_grads, na);
  // What the plain pass reads, and where each one's statistics go in raw_all.
  pass_ts_buf.clear();
  pass_slots_buf.clear();
  if (plan.scaler_on) {
    if (cfg.clip_norm > 0 && !cfg.clip_after_unscale) clip(r);  // the classic bug, on purpose
    taking_reports = true;
    reports_found_inf = false;
    try {
      scaler->unscale_(*opt);
    } catch (...) {
      taking_reports = false;
      throw;
    }
    taking_reports = false;
    found_inf = reports_found_inf;
    if (cfg.clip_norm > 0 && cfg.clip_after_unscale) clip(r);
  } else if (plan.params_in_pass) {
    for (std::size_t i = 0; i < np; ++i) {
      pass_ts_buf.push_back(&params[i].grad());
      pass_slots_buf.push_back(i);
      have_raw[i] = params[i].grad().defined();
    }
  } else if (cfg.clip_norm > 0) {
    clip(r);
  }
  for (std::size_t k = 0; k < lane_from; ++k) {
    pass_ts_buf.push_back(&act_grads[k].second);
    pass_slots_buf.push_back(np + k);
  }
  const std::size_t npass = pass_ts_buf.size();
  act_pass_deferred = false;
  deferred_pass_error = nullptr;
  deferred_pass_ms = 0.0;
  if (npass > 0 && plan.scaler_on && dev_kind == DeviceKind::CUDA && !plan.params_in_pass) {
    // Held back until the scaler's unscale event arrives after its wait (on_unscale), or run
    // after step() if none does (training_session_impl.h, deferred_act_pass), over the same
    // pass_ts_buf, which nothing changes before the next step.
    act_pass_deferred = true;
  } else if (npass > 0) {
    plain_pass(pass_ts_buf.data(), pass_slots_buf.data(), npass);
  }
  if (lane_from < na) cpu_lane()->wait();  // its results in raw_all; rethrows the lane's error
  if (plan.params_in_pass && cfg.clip_norm > 0) clip(r);
  act_layer_buf.assign(na, -1);
  for (std::size_t k = 0; k < na; ++k) {
    auto it = activation_layer.find(act_grads[k].first);
    if (it != activation_layer.end()) act_layer_buf[k] = it->second;
  }
  r.stats_ms += ms_since(t);
  return found_inf;
}

std::size_t TrainingSession::Impl::share_with_lane(const ActGrads& act_grads, std::size_t na) {
  detail::WorkLane* const lane = cpu_lane();
  if (lane == nullptr || na == 0) return na;
  // Below this many elements for the lane, a step keeps its pass on one thread (spiral-mlp's
  // whole pass is 59,000 values, and has no lane anyway).
  constexpr std::int64_t kLaneMinElements = 1 << 15;
  // The pass's elements: every parameter gradient (unscale_'s pass or the plain one), and the
  // activation gradients.
  std::int64_t total = 0;
  for (const auto& p : params)
    if (p.grad().defined()) total += p.grad().numel();
  for (std::size_t k = 0; k < na; ++k)
    if (act_grads[k].second.defined()) total += act_grads[k].second.numel();
  // The longest suffix whose elements stay nearest half of them, of tensors the CPU kernels
  // read as they are.
  std::size_t from = na;
  std::int64_t mine = 0;
  while (from > 0) {
    const torch::Tensor& t = act_grads[from - 1].second;
    const bool readable = t.defined() && t.device().is_cpu() && detail::kernel_readable(t);
    if (!readable) break;
    if (2 * mine + t.numel() > total) break;
    mine += t.numel();
    --from;
  }
  if (mine < kLaneMinElements) return na;
  const std::size_t np = params.size();
  lane_views.clear();
  lane_raw.clear();
  for (std::size_t k = from; k < na; ++k) {
    lane_views.push_back(detail::to_view(act_grads[k].second));
    lane_raw.push_back(&raw_all[np + k]);
  }
  lane->post(&Impl::lane_stats, this, 0);
  lane_stats_passes.fetch_add(1, std::memory_order_relaxed);
  return from;
}

void TrainingSession::Impl::lane_stats(void* self, std::size_t /*arg*/) {
  auto* impl = static_cast<Impl*>(self);
  kernels::PassOptions po;
  po.compute_stats = true;
  po.num_threads = 1;
  kernels::grad_stats_cpu_each(impl->lane_views, po, impl->lane_raw.data());
}

double TrainingSession::Impl::step_and_update(const StepPlan& plan, StepRecord& r, bool& found_inf) {
  const auto t = Clock::now();
  const double scale_now = plan.scaler_on ? scaler->get_scale() : 1.0;
  if (plan.scaler_on) {
    // On CUDA the scaler delivers unscale_'s report here, once step() has synchronised for
    // the skip decision: take it as this step's.
    bool stepped = false;
    taking_reports = true;
    try {
      stepped = scaler->step(*opt);
      scaler->update();
    } catch (...) {
      taking_reports = false;
      throw;
    }
    taking_reports = false;
    found_inf = reports_found_inf;
    r.skipped = !stepped;
    r.found_inf = found_inf || !stepped;
    const UpdateEvent& u = scaler->last_update();
    r.scale_before = u.before.scale;
    r.scale_after = u.after.scale;
    r.growth_tracker = u.after.growth_tracker;
    r.hysteresis_tracker = u.after.hysteresis_tracker;
    r.reason = u.reason;
    // A scale the user set before this step: its own update left it alone, so say who set it.
    if (scale_set_by_user && r.reason == ScaleChangeReason::Unchanged)
      r.reason = ScaleChangeReason::SetByUser;
    scale_set_by_user = false;
  } else {
    opt->step();  // no scaler: non-finite gradients go straight into the weights
    r.skipped = false;
    r.scale_before = r.scale_after = 1.0;
  }
  if (act_pass_deferred) run_deferred_act_pass();  // no unscale event came: run it now
  if (deferred_pass_error) std::rethrow_exception(std::exchange(deferred_pass_error, nullptr));
  // The held-back pass ran inside step(): its time is the statistics', not the optimizer's.
  r.optimizer_ms = ms_since(t) - deferred_pass_ms;
  r.stats_ms += deferred_pass_ms;
  return scale_now;
}

void TrainingSession::Impl::run_deferred_act_pass() noexcept {
  act_pass_deferred = false;
  const auto t = Clock::now();
  try {
    plain_pass(pass_ts_buf.data(), pass_slots_buf.data(), pass_ts_buf.size());
  } catch (...) {
    deferred_pass_error = std::current_exception();
  }
  deferred_pass_ms += ms_since(t);
}

void TrainingSession::Impl::tell_scale_extremes(const StepPlan& plan, const StepRecord& r) {
  if (plan.scaler_on && r.scale_after == 0.0 && r.scale_before != 0.0)
    emit(SessionEvent::Kind::Warning,
         UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession",
                                   "the loss scale has reached 0: every gradient is now 0 or NaN, so no step "
                                   "can succeed and the scale cannot recover (0 is absorbing). Set a min "
                                   "scale (e.g. 1) or reset the run.")));
  // Once per visit to the floor: the first backoff that min_scale clamps (a backoff landing
  // exactly on the floor is a plain backoff; the next overflow is the first one held).
  if (plan.scaler_on && r.reason == ScaleChangeReason::ClampedMin && !floor_told) {
    floor_told = true;
    emit(SessionEvent::Kind::Warning,
         UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession",
                                   "the loss scale is held at its floor, min scale = %1: steps are skipped "
                                   "for as long as the gradients overflow even at this scale."),
                  {format_number(r.scale_after)}));
  } else if (floor_told && r.scale_after > r.scale_before) {
    floor_told = false;  // grew off the floor: tell again next time
  }
}

void TrainingSession::Impl::clip(StepRecord& r) {
  const double total = torch::nn::utils::clip_grad_norm_(params, cfg.clip_norm);
  if (cfg.clip_after_unscale || !(cfg.use_scaler && scaler->is_enabled())) r.grad_norm = total;
}

}  // namespace ampscope
