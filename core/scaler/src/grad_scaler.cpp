#include "ampscope/grad_scaler.h"

#include "tensor_views.h"

#include <ampscope/kernels/grad_stats.h>
#include <ampscope/torch_compat.h>

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>

namespace ampscope {

namespace {
enum class Stage { Ready, Unscaled, Stepped };

[[noreturn]] void runtime_error(const std::string& msg) { throw std::runtime_error(msg); }

bool found(const torch::Tensor& flag) {
  // A CPU flag is read in place (no dispatch); a device flag is copied back, the skip
  // decision's one synchronisation.
  if (flag.is_cpu()) return *flag.data_ptr<float>() != 0.0f;
  return flag.item<float>() != 0.0f;
}

/// Tells autograd that `t` was modified in place, as every in-place ATen op does (PyTorch's
/// _amp_foreach_non_finite_check_and_unscale_ among them): the kernels write gradients through
/// raw pointers, and a graph that saved `t` for backward must see that it changed.
void written_in_place(const torch::Tensor& t) { t.unsafeGetTensorImpl()->bump_version(); }
}  // namespace

namespace detail {
/// One CudaStatsPass of the kernels layer. A pass keeps only its latest results, so one whose
/// results wait for their event is not reused until they are harvested.
struct PooledCudaPass {
  std::unique_ptr<kernels::CudaStatsPass> pass;
  bool pending = false;
};
}  // namespace detail
using detail::PooledCudaPass;

/// Statistics that an unscale left on a device, written into its event's reports when the
/// event is delivered: after the skip decision has synchronised, so reading them costs no
/// synchronisation of its own.
struct GradScaler::DeferredStats {
  std::vector<std::size_t> reports;  // result k -> event.params[reports[k]]
  // The kernels' CUDA pass (full statistics, copied back asynchronously into pinned memory)...
  PooledCudaPass* pass = nullptr;
  // ...or the ATen fallback: int64 [n, 3] (nan, +inf, -inf) on the device.
  torch::Tensor counts;
};

namespace detail {
/// A gradient unscale_impl works on, with its report's index in the event.
struct UnscaleItem {
  torch::Tensor tensor;
  std::size_t report = 0;  // index into event->params (when observed)
  bool done = false;       // handled by the device's CUDA pass
};
}  // namespace detail

struct GradScaler::DeviceWork {
  // Per CUDA device index: the passes, created lazily. Usually one per device; more only when
  // several unscales (optimizers) run before the first one's event is delivered.
  std::map<int, std::vector<std::unique_ptr<PooledCudaPass>>> pools;
  std::map<int, bool> unusable;  // the kernels could not start on this device: ATen ops instead
  std::vector<std::vector<DeferredStats>> pending;  // parallel to m_pending_unscale
  // Reused by every unscale_ on the CPU (no allocation per step once they have the size): the
  // observers' event, its deferred statistics, the pass's views and raw results.
  UnscaleEvent event;
  std::vector<DeferredStats> deferred;
  std::vector<kernels::TensorView> views;
  std::vector<kernels::RawTensorStats*> raw_each;
  // unscale_impl's gradients by device, then dtype: kept from call to call with their items
  // cleared, so that a step on the same devices and dtypes allocates no map node or vector.
  std::map<torch::Device, std::map<int, std::vector<detail::UnscaleItem>>, DeviceLess> groups;
  // found_inf flags (0-dim float32) per device, reused once nothing else holds them (the
  // optimizer states that held them are dropped by update()): no tensor made per unscale.
  std::map<torch::Device, std::vector<torch::Tensor>, DeviceLess> flags;

  /// A zeroed flag on `device` that no one else references.
  torch::Tensor take_flag(const torch::Device& device) {
    auto& pool = flags[device];
    for (auto& f : pool) {
      if (f.use_count() == 1) {
        if (f.is_cpu())
          *f.data_ptr<float>() = 0.0f;
        else
          f.zero_();  // on the current stream, after every earlier use of it
        return f;
      }
    }
    pool.push_back(torch::zeros({}, torch::TensorOptions().dtype(torch::kFloat32).device(device)));
    return pool.back();
  }

  /// A pass on `index` free for a new pass, or nullptr when the kernels cannot run there.
  PooledCudaPass* acquire(int index) {
    if (!kernels::cuda_compiled() || unusable[index]) return nullptr;
    auto& pool = pools[index];
    for (auto& p : pool)
      if (!p->pending) return p.get();
    auto p = std::make_unique<PooledCudaPass>();
    try {
      p->pass = std::make_unique<kernels::CudaStatsPass>(index);
    } catch (const std::runtime_error&) {
      // Compiled but not usable here (no driver, a device the build has no code for...): the
      // scaler still works, with LibTorch's ops.
      unusable[index] = true;
      return nullptr;
    }
    pool.push_back(std::move(p));
    return pool.back().get();
  }
};

struct GradScaler::OptimizerState {
  Stage stage = Stage::Ready;
  FoundInfPerDevice found_inf_per_device;
  bool found_inf_known = false;  // host copy of the flags below is valid
  bool found_inf = false;
};

GradScaler::GradScaler(GradScalerOptions options)
    : m_options(std::move(options)), m_work(std::make_unique<DeviceWork>()) {
  // As PyTorch: options are checked only when scaling is on. A disabled scaler's options are
  // never used; set_options() checks them when it is turned on.
  if (m_options.enabled()) m_options.validate();
  m_last_update.update_index = -1;
  m_state = initial_state(m_options);
  m_init_scale = m_options.init_scale();
}

GradScaler::~GradScaler() = default;

void GradScaler::check_initialised(const char* funcname) const {
  if (!m_initialised) {
    runtime_error(std::string("Attempted ") + funcname +
                  " but _scale is None.  This may indicate your script did not use "
                  "scaler.scale(loss or outputs) earlier in the iteration.");
  }
}

void GradScaler::lazy_init(const torch::Device& device) {
  m_state.scale = static_cast<float>(m_init_scale);
  m_scale = torch::full({}, m_state.scale, torch::TensorOptions().dtype(torch::kFloat32).device(device));
  m_initialised = true;
}

void GradScaler::set_state(const ScalerState& s) {
  m_state = s;
  if (m_initialised) m_scale.fill_(s.scale);  // async on CUDA: no synchronisation
}

torch::Tensor GradScaler::scale(const torch::Tensor& outputs) {
  if (!m_options.enabled()) return outputs;
  if (!m_initialised) lazy_init(outputs.device());
  return outputs * m_scale.to(outputs.device(), /*non_blocking=*/true);
}

std::vector<torch::Tensor> GradScaler::scale(const std::vector<torch::Tensor>& outputs) {
  std::vector<torch::Tensor> out;
  out.reserve(outputs.size());
  for (const auto& t : outputs) out.push_back(scale(t));
  return out;
}

GradScaler::OptimizerState& GradScaler::state_for(torch::optim::Optimizer& optimizer) {
  auto& slot = m_optimizer_states[static_cast<const void*>(&optimizer)];
  if (!slot) slot = std::make_unique<OptimizerState>();
  return *slot;
}

bool GradScaler::any_found_inf(const FoundInfPerDevice& m) {
  bool any = false;
  for (const auto& [dev, flag] : m) any = found(flag) || any;  // .item(): the skip decision's sync
  return any;
}

FoundInfPerDevice GradScaler::unscale_impl(torch::optim::Optimizer& optimizer, float inv_scale,
                                           bool allow_fp16, UnscaleEvent* event,
                                           std::vector<DeferredStats>* deferred, bool pooled_flags) {
  // As PyTorch's _unscale_grads_ (`with torch.no_grad()`): unscaling records no autograd
  // history, even in a graph-building context (gradients from backward(create_graph=true)).
  torch::NoGradGuard no_grad;
  using Item = detail::UnscaleItem;
  // Collect first, modify later: an fp16 gradient is refused before anything is touched.
  // The groups are the last call's, emptied (what they held is released on the way out).
  auto& groups = m_work->groups;
  struct ClearItems {
    std::map<torch::Device, std::map<int, std::vector<Item>>, DeviceLess>& g;
    ~ClearItems() {
      for (auto& [device, per_dtype] : g)
        for (auto& [dtype, items] : per_dtype) items.clear();
    }
  } clear_items{groups};
  // The event's reports are refilled in place (their statistics are written over by the pass):
  // storage kept from the last unscale_, trimmed to this one's count on the way out.
  std::size_t nrep = 0;
  struct TrimReports {
    UnscaleEvent* event;
    std::size_t& n;
    ~TrimReports() {
      if (event) event->params.resize(n);
    }
  } trim_reports{event, nrep};
  auto& param_groups = optimizer.param_groups();
  for (std::size_t gi = 0; gi < param_groups.size(); ++gi) {
    auto& params = param_groups[gi].params();
    for (std::size_t pi = 0; pi < params.size(); ++pi) {
      auto& p = params[pi];
      // (grad() checks is_leaf() to warn on every call: asked once.)
      const torch::Tensor& grad = p.grad();
      if (!grad.defined()) continue;
      if (!allow_fp16 && grad.scalar_type() == torch::kHalf)
        throw std::invalid_argument("Attempting to unscale FP16 gradients.");
      torch::Tensor to_unscale;
      if (grad.is_sparse()) {
        // Duplicate indices are summed by coalescing, which can overflow in fp16: the check
        // must see the coalesced values.
        if (grad.scalar_type() == torch::kHalf) p.mutable_grad() = p.grad().coalesce();
        to_unscale = p.grad()._values();
      } else {
        to_unscale = grad;
      }
      std::size_t report = 0;
      if (event) {
        ParamGradReport& r = nrep < event->params.size() ? event->params[nrep] : event->params.emplace_back();
        r.group = gi;
        r.index = pi;
        r.param_id = p.unsafeGetTensorImpl();
        r.numel = to_unscale.numel();
        r.nan = r.pos_inf = r.neg_inf = 0;
        r.has_stats = false;  // r.raw is written by the pass below, or cleared where none runs
        report = nrep++;
      }
      groups[to_unscale.device()][static_cast<int>(to_unscale.scalar_type())].push_back({to_unscale, report});
    }
  }

  FoundInfPerDevice found_inf;
  const bool want_stats = event != nullptr;
  for (auto& [device, per_dtype] : groups) {
    if (std::all_of(per_dtype.begin(), per_dtype.end(), [](const auto& kv) { return kv.second.empty(); }))
      continue;  // a device of an earlier call's gradients, none this time
    // Not a fresh tensor per call: the found_inf flags unscale_ hands its optimizer states are
    // pooled (take_flag); unscale_grads_'s are the caller's to keep.
    torch::Tensor flag =
        pooled_flags ? m_work->take_flag(device)
              : torch::zeros({}, torch::TensorOptions().dtype(torch::kFloat32).device(device));
    if (device.is_cuda()) {
      // The kernels' CUDA pass: every gradient it reads, whatever its dtype, in one launch on
      // LibTorch's current stream; found_inf stays on the device and the statistics come back
      // by an asynchronous copy, read when the event is delivered. No host synchronisation.
      std::vector<Item*> in_pass;
      for (auto& [dtype_int, items] : per_dtype) {
        if (!detail::kernel_dtype(static_cast<at::ScalarType>(dtype_int))) continue;
        for (auto& it : items)
          if (it.tensor.dim() <= kernels::kMaxDims) in_pass.push_back(&it);
      }
      PooledCudaPass* pp = in_pass.empty() ? nullptr : m_work->acquire(device.has_index() ? device.index() : 0);
      if (pp) {
        std::vector<kernels::TensorView> views;
        views.reserve(in_pass.size());
        for (const Item* it : in_pass) views.push_back(detail::to_view(it->tensor));
        kernels::PassOptions opt;
        opt.compute_stats = want_stats;
        opt.unscale = true;
        opt.inv_scale = inv_scale;
        torch::Tensor int_flag = torch::zeros({}, torch::TensorOptions().dtype(torch::kInt32).device(device));
        void* stream = compat::current_cuda_stream(device);
        pp->pass->enqueue(views, opt, stream, int_flag.data_ptr<std::int32_t>());
        if (want_stats) {
          pp->pass->copy_results_async(stream);
          pp->pending = true;
          DeferredStats d;
          d.pass = pp;
          d.reports.reserve(in_pass.size());
          for (const Item* it : in_pass) d.reports.push_back(it->report);
          deferred->push_back(std::move(d));
        }
        flag.copy_(int_flag);  // 0 or 1, on the device
        for (Item* it : in_pass) {
          it->done = true;
          written_in_place(it->tensor);
        }
      }
    }
    for (auto& [dtype_int, items] : per_dtype) {
      if (items.empty()) continue;
      const auto dtype = static_cast<at::ScalarType>(dtype_int);
      const bool kernel_ok = device.is_cpu() && detail::kernel_dtype(dtype).has_value() &&
                             std::all_of(items.begin(), items.end(), [](const Item& it) {
                               return it.tensor.dim() <= kernels::kMaxDims;
                             });
      if (kernel_ok) {
        // The fused pass: non-finite check, unscale and (for observers) statistics in one read.
        std::vector<kernels::TensorView>& views = m_work->views;
        views.clear();
        for (const auto& it : items) views.push_back(detail::to_view(it.tensor));
        // The statistics go straight into the event's reports.
        std::vector<kernels::RawTensorStats*>& raw_each = m_work->raw_each;
        raw_each.clear();
        if (want_stats)
          for (const auto& it : items) raw_each.push_back(&event->params[it.report].raw);
        kernels::PassOptions opt;
        opt.compute_stats = want_stats;
        opt.unscale = true;
        opt.inv_scale = inv_scale;
        if (kernels::grad_stats_cpu_each(views, opt, want_stats ? raw_each.data() : nullptr))
          *flag.data_ptr<float>() = 1.0f;  // a CPU flag (the version counter of no concern)
        for (const auto& it : items) written_in_place(it.tensor);
        if (want_stats) {
          for (const auto& it : items) {
            ParamGradReport& r = event->params[it.report];
            r.nan = static_cast<std::int64_t>(r.raw.nan);
            r.pos_inf = static_cast<std::int64_t>(r.raw.pos_inf);
            r.neg_inf = static_cast<std::int64_t>(r.raw.neg_inf);
            r.has_stats = true;
          }
        }
      } else {
        // The rest (float64; CUDA without the kernels; other devices): ATen ops, same
        // semantics: the check sees the scaled values; every value is multiplied. The counts
        // stay on the device and are read when the event is delivered.
        std::vector<torch::Tensor> counts;
        DeferredStats d;
        for (const auto& it : items) {
          if (it.done) continue;
          torch::Tensor t = it.tensor;
          if (event) {
            event->params[it.report].raw = kernels::RawTensorStats{};  // counts only: no statistics
            counts.push_back(torch::stack({t.isnan().sum(), (t == std::numeric_limits<double>::infinity()).sum(),
                                           (t == -std::numeric_limits<double>::infinity()).sum()}));
            d.reports.push_back(it.report);
          }
          flag.logical_or_(t.isfinite().logical_not().any()).clamp_max_(1.0);
          if (inv_scale != 1.0f)
            t.mul_(inv_scale);  // bumps the version itself
          else
            written_in_place(t);
        }
        if (!counts.empty()) {
          d.counts = torch::stack(counts);
          deferred->push_back(std::move(d));
        }
      }
    }
    found_inf.emplace(device, flag);
  }
  return found_inf;
}

void GradScaler::fill_deferred(UnscaleEvent& event, std::vector<DeferredStats>& deferred) {
  for (auto& d : deferred) {
    if (d.pass) {
      PooledCudaPass* pp = d.pass;
      d.pass = nullptr;
      pp->pending = false;  // free for the next pass whatever happens below
      const auto res = pp->pass->wait_results();  // ready: the skip decision has synchronised
      if (res.size() != d.reports.size())
        runtime_error("GradScaler: the CUDA statistics pass returned " + std::to_string(res.size()) +
                      " results for " + std::to_string(d.reports.size()) + " gradients");
      for (std::size_t k = 0; k < res.size(); ++k) {
        ParamGradReport& r = event.params[d.reports[k]];
        r.nan = static_cast<std::int64_t>(res[k].nan);
        r.pos_inf = static_cast<std::int64_t>(res[k].pos_inf);
        r.neg_inf = static_cast<std::int64_t>(res[k].neg_inf);
        r.has_stats = true;
        r.raw = res[k];
      }
    } else if (d.counts.defined()) {
      const torch::Tensor c = d.counts.to(torch::kCPU).contiguous();  // one copy per unscale
      const auto a = c.accessor<std::int64_t, 2>();
      for (std::size_t k = 0; k < d.reports.size(); ++k) {
        ParamGradReport& r = event.params[d.reports[k]];
        const auto row = static_cast<std::int64_t>(k);
        r.nan = a[row][0];
        r.pos_inf = a[row][1];
        r.neg_inf = a[row][2];
      }
    }
  }
  deferred.clear();
}

FoundInfPerDevice GradScaler::unscale_grads_(torch::optim::Optimizer& optimizer,
                                             const torch::Tensor& inv_scale, bool allow_fp16) {
  if (inv_scale.numel() != 1)
    throw std::invalid_argument("unscale_grads_: inv_scale must be a 1-element tensor");
  return unscale_impl(optimizer, inv_scale.item<float>(), allow_fp16, nullptr, nullptr, /*pooled_flags=*/false);
}

void GradScaler::unscale_(torch::optim::Optimizer& optimizer) {
  if (!m_options.enabled()) return;
  check_initialised("unscale_");
  OptimizerState& st = state_for(optimizer);
  if (st.stage == Stage::Unscaled)
    runtime_error("unscale_() has already been called on this optimizer since the last update().");
  if (st.stage == Stage::Stepped) runtime_error("unscale_() is being called after step().");

  const float inv = inverse_scale(m_state.scale);
  UnscaleEvent& event = m_work->event;  // storage reused from the last unscale_ (its reports too)
  event.found_inf = false;
  std::vector<DeferredStats>& deferred = m_work->deferred;
  deferred.clear();
  const bool observed = !m_observers.empty();
  try {
    st.found_inf_per_device = unscale_impl(optimizer, inv, /*allow_fp16=*/false, observed ? &event : nullptr,
                                           observed ? &deferred : nullptr, /*pooled_flags=*/true);
  } catch (...) {
    for (auto& d : deferred)
      if (d.pass) d.pass->pending = false;  // nobody will harvest them
    throw;
  }
  st.found_inf_known = false;
  st.stage = Stage::Unscaled;
  if (observed) {
    event.optimizer_id = &optimizer;
    event.scale = m_state.scale;
    event.inv_scale = inv;
    const bool all_cpu = std::all_of(st.found_inf_per_device.begin(), st.found_inf_per_device.end(),
                                     [](const auto& kv) { return kv.first.is_cpu(); });
    if (all_cpu) {
      st.found_inf = any_found_inf(st.found_inf_per_device);
      st.found_inf_known = true;
      event.found_inf = st.found_inf;
      fill_deferred(event, deferred);  // CPU tensors: nothing to wait for
      for (auto* o : m_observers) o->on_unscale(event);
    } else {
      // Reading the device flags or statistics here would add a synchronisation PyTorch
      // doesn't have: the event waits for step() (or update()), which synchronises for the
      // skip decision.
      m_pending_unscale.push_back(std::move(event));
      event.params.clear();  // moved from: valid, and empty from here on
      m_work->pending.push_back(std::move(deferred));
    }
  }
}

void GradScaler::deliver_pending_unscale_events() {
  for (std::size_t i = 0; i < m_pending_unscale.size(); ++i) {
    UnscaleEvent& ev = m_pending_unscale[i];
    if (i < m_work->pending.size()) fill_deferred(ev, m_work->pending[i]);
    auto it = m_optimizer_states.find(ev.optimizer_id);
    if (it != m_optimizer_states.end()) {
      OptimizerState& st = *it->second;
      if (!st.found_inf_known) {
        st.found_inf = any_found_inf(st.found_inf_per_device);
        st.found_inf_known = true;
      }
      ev.found_inf = st.found_inf;
    }
    for (auto* o : m_observers) o->on_unscale(ev);
  }
  m_pending_unscale.clear();
  m_work->pending.clear();
}

bool GradScaler::step(torch::optim::Optimizer& optimizer) {
  if (!m_options.enabled()) {
    optimizer.step();
    return true;
  }
  check_initialised("step");
  OptimizerState& st = state_for(optimizer);
  if (st.stage == Stage::Stepped) runtime_error("step() has already been called since the last update().");
  if (st.stage == Stage::Ready) unscale_(optimizer);
  if (st.found_inf_per_device.empty()) runtime_error("No inf checks were recorded for this optimizer.");
  if (!st.found_inf_known) {
    st.found_inf = any_found_inf(st.found_inf_per_device);  // the one synchronisation per step
    st.found_inf_known = true;
  }
  deliver_pending_unscale_events();
  const bool stepped = !st.found_inf;
  if (stepped) optimizer.step();
  st.stage = Stage::Stepped;
  StepEvent ev;
  ev.optimizer_id = &optimizer;
  ev.stepped = stepped;
  ev.found_inf = st.found_inf;
  for (auto* o : m_observers) o->on_step(ev);
  return stepped;
}

void GradScaler::update() {
  if (!m_options.enabled()) return;
  check_initialised("update");
  bool any_recorded = false;
  bool found_inf = false;
  for (auto& [id, st] : m_optimizer_states) {
    if (st->found_inf_per_device.empty()) continue;
    any_recorded = true;
    if (!st->found_inf_known) {
      st->found_inf = any_found_inf(st->found_inf_per_device);
      st->found_inf_known = true;
    }
    found_inf = found_inf || st->found_inf;
  }
  if (!any_recorded) runtime_error("No inf checks were recorded prior to update.");
  deliver_pending_unscale_events();
  UpdateEvent ev;
  ev.update_index = m_update_count++;
  ev.before = m_state;
  ev.found_inf = found_inf;
  const ScaleUpdate u = apply_update(m_options, m_state, found_inf);
  set_state(u.after);
  ev.after = m_state;
  ev.reason = u.reason;
  m_optimizer_states.clear();
  m_last_update = ev;
  for (auto* o : m_observers) o->on_update(ev);
}

void GradScaler::update(double new_scale) {
  if (!m_options.enabled()) return;
  check_initialised("update");
  if (!std::isfinite(new_scale) || !(new_scale > 0.0) || !std::isfinite(static_cast<float>(new_scale))) {
    throw std::invalid_argument("update(new_scale): new_scale = " + format_number(new_scale) +
                                " is invalid: it must be finite, > 0 and fit fp32");
  }
  deliver_pending_unscale_events();
  UpdateEvent ev;
  ev.update_index = m_update_count++;
  ev.before = m_state;
  ScalerState s = m_state;
  s.scale = static_cast<float>(new_scale);
  set_state(s);
  ev.after = m_state;
  ev.reason = ScaleChangeReason::SetByUser;
  m_optimizer_states.clear();
  m_last_update = ev;
  for (auto* o : m_observers) o->on_update(ev);
}

void GradScaler::update(const torch::Tensor& new_scale) {
  const char* reason =
      "new_scale should be a float or a 1-element torch.cuda.FloatTensor or torch.FloatTensor "
      "with requires_grad=False.";
  if (!m_options.enabled()) return;
  check_initialised("update");
  // PyTorch's checks: the device *type* (a scale on cuda:1 may set a scaler on cuda:0), one
  // element, no autograd. Its value is copied (converted to fp32, as copy_ does); later
  // changes to new_scale do not reach the scaler. Reading it is AmpScope's one difference:
  // the scale lives on the host (docs/gradscaler.md, "Differences from PyTorch").
  if (new_scale.device().type() != m_scale.device().type() || new_scale.numel() != 1 ||
      new_scale.requires_grad())
    throw std::invalid_argument(reason);
  update(static_cast<double>(new_scale.detach().to(torch::kCPU, torch::kFloat32).item<float>()));
}

double GradScaler::get_scale() const {
  if (!m_options.enabled()) return 1.0;
  return m_initialised ? static_cast<double>(m_state.scale) : m_init_scale;
}

std::int64_t GradScaler::get_growth_tracker() const { return m_state.growth_tracker; }
std::int64_t GradScaler::get_hysteresis_tracker() const { return m_state.hysteresis_tracker; }

void GradScaler::set_growth_factor(double v) {
  GradScalerOptions o = m_options;
  o.growth_factor(v);
  set_options(o);
}

void GradScaler::set_backoff_factor(double v) {
  GradScalerOptions o = m_options;
  o.backoff_factor(v);
  set_options(o);
}

void GradScaler::set_growth_interval(std::int64_t v) {
  GradScalerOptions o = m_options;
  o.growth_interval(v);
  set_options(o);
}

void GradScaler::set_options(const GradScalerOptions& options) {
  // Checked whenever scaling is on, as in the constructor: turning a disabled scaler on (a
  // setter, a GUI control) can never reach options the constructor would refuse.
  if (options.enabled()) options.validate();
  const GradScalerOptions old = m_options;
  m_options = options;
  ScalerState s = m_state;
  if (!m_initialised) {
    m_init_scale = options.init_scale();
    s.scale = static_cast<float>(options.init_scale());
  }
  if (options.hysteresis() != old.hysteresis()) {
    // A full counter stays full under the new setting; a partly used one keeps what is left.
    const auto h = static_cast<std::int32_t>(options.hysteresis());
    s.hysteresis_tracker = s.hysteresis_tracker >= old.hysteresis() ? h : std::min(s.hysteresis_tracker, h);
  }
  // Options that were never checked (a disabled scaler's) may have left the counter anywhere.
  if (options.enabled() && (s.hysteresis_tracker < 0 || s.hysteresis_tracker > options.hysteresis()))
    s.hysteresis_tracker = static_cast<std::int32_t>(options.hysteresis());
  // A shorter growth interval must not strand the tracker beyond it (it would never equal it).
  if (options.enabled() && s.growth_tracker >= options.growth_interval())
    s.growth_tracker = static_cast<std::int32_t>(options.growth_interval() - 1);
  set_state(s);
}

GradScalerState GradScaler::state_dict() const {
  GradScalerState s;
  if (!m_options.enabled()) return s;  // empty, as PyTorch's
  s.empty = false;
  s.scale = get_scale();
  s.growth_factor = m_options.growth_factor();
  s.backoff_factor = m_options.backoff_factor();
  s.growth_interval = m_options.growth_interval();
  s.growth_tracker = m_state.growth_tracker;
  s.hysteresis = m_options.hysteresis();
  s.hysteresis_tracker = m_state.hysteresis_tracker;
  s.consecutive_hysteresis = m_options.consecutive_hysteresis();
  s.min_scale = m_options.min_scale();
  s.max_scale = m_options.max_scale();
  s.static_scale = m_options.static_scale();
  return s;
}

void GradScaler::load_state_dict(const GradScalerState& s) {
  if (!m_options.enabled()) return;  // a no-op when disabled, as PyTorch's (even for an empty state)
  if (s.empty)
    runtime_error("The source state dict is empty, possibly because it was saved from a disabled instance of GradScaler.");
  // Validate everything before changing anything.
  const GradScalerOptions o = s.checked_options(m_options);
  m_options = o;
  m_init_scale = s.scale;
  ScalerState st;
  st.scale = static_cast<float>(s.scale);
  st.growth_tracker = static_cast<std::int32_t>(s.growth_tracker);
  st.hysteresis_tracker = static_cast<std::int32_t>(s.hysteresis_tracker);
  set_state(st);
}

void GradScaler::save(const std::string& path) const {
  const std::string text = state_dict().to_json();
  const std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f) runtime_error("Cannot write GradScaler state to '" + tmp + "'");
    f << text;
    f.flush();
    if (!f) runtime_error("Writing GradScaler state to '" + tmp + "' failed (disk full?)");
  }
  // Replace atomically: an interrupted save never leaves a truncated state file behind.
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    runtime_error("Cannot replace '" + path + "' with the new GradScaler state");
  }
}

void GradScaler::load(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) runtime_error("Cannot open GradScaler state file '" + path + "'");
  std::ostringstream buf;
  buf << f.rdbuf();
  constexpr std::size_t kMaxStateFile = 1 << 20;
  if (buf.str().size() > kMaxStateFile) throw std::invalid_argument("Invalid GradScaler state: file '" + path + "' is too large");
  load_state_dict(GradScalerState::from_json(buf.str()));
}

FoundInfPerDevice GradScaler::found_inf_per_device(torch::optim::Optimizer& optimizer) {
  return state_for(optimizer).found_inf_per_device;
}

void GradScaler::add_observer(GradScalerObserver* observer) {
  if (observer && std::find(m_observers.begin(), m_observers.end(), observer) == m_observers.end())
    m_observers.push_back(observer);
}

void GradScaler::remove_observer(GradScalerObserver* observer) {
  m_observers.erase(std::remove(m_observers.begin(), m_observers.end(), observer), m_observers.end());
}

}  // namespace ampscope
