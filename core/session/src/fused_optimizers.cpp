// The fused optimizers' steps (fused_optimizers.h). Compiled with -ffp-contract=off (CMake): the
// compiler must not fuse a multiply and an add that LibTorch rounds twice; every FMA here is an
// explicit std::fma, where ATen's kernels compute one (add_ with alpha: fmadd(other, alpha, self);
// addcmul_: fmadd(value * t1, t2, self), as GCC contracts ATen's vectorised expression).
#include "fused_optimizers.h"

#include <ampscope/torch_compat.h>
#include <torch/utils.h>

#include <ATen/Parallel.h>

#include <cmath>

namespace ampscope::detail {

namespace {

thread_local bool t_last_fused = false;

// Each loop is one function body, compiled twice on x86-64: for AVX2+FMA (vectorised, std::fma
// one instruction) and for the baseline ISA (std::fma in software: exact, slower). The body is
// the same source, so the two give the same bits.
#if defined(__x86_64__) && defined(__GNUC__)
#define AMPSCOPE_FMA_TARGET __attribute__((target("avx2,fma")))
const bool kHaveFma = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
#define AMPSCOPE_FMA_TARGET
const bool kHaveFma = false;
#endif

struct SgdArgs {
  float weight_decay, momentum, one_minus_dampening, neg_lr;
  bool first, use_momentum, nesterov;
};

// torch::optim::SGD, per element: d = g (+ wd p); buf = first ? d : buf m + (1 - dampening) d;
// d = nesterov ? d + m buf : buf; p += -lr d.
#define AMPSCOPE_SGD_BODY                                                          \
  for (std::int64_t i = 0; i < n; ++i) {                                           \
    float d = g[i];                                                                \
    if (a.weight_decay != 0.0f) d = std::fma(p[i], a.weight_decay, d);             \
    if (a.use_momentum) {                                                          \
      const float b = a.first ? d : std::fma(d, a.one_minus_dampening, buf[i] * a.momentum); \
      buf[i] = b;                                                                  \
      d = a.nesterov ? std::fma(b, a.momentum, d) : b;                             \
    }                                                                              \
    p[i] = std::fma(d, a.neg_lr, p[i]);                                            \
  }

AMPSCOPE_FMA_TARGET void sgd_fma(float* __restrict p, const float* __restrict g, float* __restrict buf,
                                 std::int64_t n, SgdArgs a) {
  AMPSCOPE_SGD_BODY
}
void sgd_base(float* __restrict p, const float* __restrict g, float* __restrict buf, std::int64_t n, SgdArgs a) {
  AMPSCOPE_SGD_BODY
}

struct AdamArgs {
  float weight_decay;       // Adam: L2 added to the gradient (0 for AdamW)
  float decay_factor;       // AdamW: p *= 1 - lr wd first (1 for Adam)
  float beta1, one_minus_beta1, beta2, one_minus_beta2;
  float sqrt_bias_correction2, eps, neg_step_size;
};

// torch::optim::Adam/AdamW, per element: m = m b1 + (1 - b1) g; v = v b2 + (1 - b2) g g;
// p += -step_size m / (sqrt(v) / sqrt(bc2) + eps).
#define AMPSCOPE_ADAM_BODY                                                         \
  for (std::int64_t i = 0; i < n; ++i) {                                           \
    float pi = p[i];                                                               \
    if (a.decay_factor != 1.0f) pi = pi * a.decay_factor;                          \
    float d = g[i];                                                                \
    if (a.weight_decay != 0.0f) d = std::fma(pi, a.weight_decay, d);               \
    const float mi = std::fma(d, a.one_minus_beta1, m[i] * a.beta1);               \
    const float vi = std::fma(a.one_minus_beta2 * d, d, v[i] * a.beta2);           \
    m[i] = mi;                                                                     \
    v[i] = vi;                                                                     \
    const float denom = std::sqrt(vi) / a.sqrt_bias_correction2 + a.eps;           \
    p[i] = pi + a.neg_step_size * mi / denom;                                      \
  }

AMPSCOPE_FMA_TARGET void adam_fma(float* __restrict p, const float* __restrict g, float* __restrict m,
                                  float* __restrict v, std::int64_t n, AdamArgs a) {
  AMPSCOPE_ADAM_BODY
}
void adam_base(float* __restrict p, const float* __restrict g, float* __restrict m, float* __restrict v,
               std::int64_t n, AdamArgs a) {
  AMPSCOPE_ADAM_BODY
}

// Above this many elements a parameter's loop is split across LibTorch's intra-op threads, as
// ATen's own elementwise ops are (at::internal::GRAIN_SIZE).
constexpr std::int64_t kGrain = 32768;

template <class Fn>
void for_chunks(std::int64_t n, Fn&& fn) {
  if (n < 2 * kGrain) {
    fn(0, n);
  } else {
    at::parallel_for(0, n, kGrain, fn);
  }
}

// Whether every parameter with a gradient is one the loops cover.
bool fusable(const std::vector<torch::optim::OptimizerParamGroup>& groups) {
  for (const auto& group : groups)
    for (const auto& p : group.params()) {
      const auto& g = p.grad();
      if (!g.defined()) continue;
      if (!p.device().is_cpu() || p.scalar_type() != at::kFloat || !p.is_contiguous() || g.is_sparse() ||
          g.scalar_type() != at::kFloat || !g.is_contiguous() || g.numel() != p.numel() || !g.device().is_cpu())
        return false;
    }
  return true;
}

template <class Closure>
torch::Tensor run_closure(const Closure& closure) {
  torch::Tensor loss;
  if (closure != nullptr) {
    at::AutoGradMode enable_grad(true);
    loss = closure();
  }
  return loss;
}

}  // namespace

bool last_step_was_fused() { return t_last_fused; }

torch::Tensor FusedSGD::step(LossClosure closure) {
  if (!fusable(param_groups_)) {
    t_last_fused = false;
    return torch::optim::SGD::step(std::move(closure));
  }
  t_last_fused = true;
  torch::NoGradGuard no_grad;
  torch::Tensor loss = run_closure(closure);
  for (auto& group : param_groups_) {
    const auto& o = static_cast<const torch::optim::SGDOptions&>(group.options());
    for (auto& p : group.params()) {
      if (!p.grad().defined()) continue;
      SgdArgs a{static_cast<float>(o.weight_decay()), static_cast<float>(o.momentum()),
                static_cast<float>(1 - o.dampening()), static_cast<float>(-1 * o.lr()),
                false, o.momentum() != 0, o.nesterov()};
      float* buf = nullptr;
      if (a.use_momentum) {
        const auto key = compat::optimizer_state_key<decltype(state_)>(p);
        auto it = state_.find(key);
        if (it == state_.end()) {
          // The first step's buffer is the (decayed) gradient itself, as the base class's clone.
          auto state = std::make_unique<torch::optim::SGDParamState>();
          state->momentum_buffer(torch::empty_like(p, at::MemoryFormat::Contiguous));
          it = state_.emplace(key, std::move(state)).first;
          a.first = true;
        }
        auto& b = static_cast<torch::optim::SGDParamState&>(*it->second).momentum_buffer();
        if (!b.is_contiguous() || b.scalar_type() != at::kFloat) b = b.contiguous().to(at::kFloat);
        buf = b.data_ptr<float>();
      }
      float* pp = p.data_ptr<float>();
      const float* g = p.grad().data_ptr<float>();
      for_chunks(p.numel(), [&](std::int64_t begin, std::int64_t end) {
        (kHaveFma ? sgd_fma : sgd_base)(pp + begin, g + begin, buf ? buf + begin : nullptr, end - begin, a);
      });
    }
  }
  return loss;
}

namespace {
// One Adam or AdamW step over every parameter (the two differ only in where weight decay goes).
template <class ParamState, class Options, class StateMap, class Groups>
void adam_step(Groups& groups, StateMap& state, bool decoupled) {
  for (auto& group : groups) {
    const auto& o = static_cast<const Options&>(group.options());
    for (auto& p : group.params()) {
      if (!p.grad().defined()) continue;
      const auto key = compat::optimizer_state_key<StateMap>(p);
      auto it = state.find(key);
      if (it == state.end()) {
        auto s = std::make_unique<ParamState>();
        s->step(0);
        s->exp_avg(torch::zeros_like(p, at::MemoryFormat::Contiguous));
        s->exp_avg_sq(torch::zeros_like(p, at::MemoryFormat::Contiguous));
        it = state.emplace(key, std::move(s)).first;
      }
      auto& s = static_cast<ParamState&>(*it->second);
      s.step(s.step() + 1);
      const double beta1 = std::get<0>(o.betas()), beta2 = std::get<1>(o.betas());
      const double bias_correction1 = 1 - std::pow(beta1, s.step());
      const double bias_correction2 = 1 - std::pow(beta2, s.step());
      AdamArgs a{};
      a.weight_decay = decoupled ? 0.0f : static_cast<float>(o.weight_decay());
      a.decay_factor = decoupled && o.weight_decay() != 0 ? static_cast<float>(1 - o.lr() * o.weight_decay()) : 1.0f;
      a.beta1 = static_cast<float>(beta1);
      a.one_minus_beta1 = static_cast<float>(1 - beta1);
      a.beta2 = static_cast<float>(beta2);
      a.one_minus_beta2 = static_cast<float>(1 - beta2);
      a.sqrt_bias_correction2 = static_cast<float>(std::sqrt(bias_correction2));
      a.eps = static_cast<float>(o.eps());
      a.neg_step_size = static_cast<float>(-(o.lr() / bias_correction1));
      auto& m = s.exp_avg();
      auto& v = s.exp_avg_sq();
      if (!m.is_contiguous() || m.scalar_type() != at::kFloat) m = m.contiguous().to(at::kFloat);
      if (!v.is_contiguous() || v.scalar_type() != at::kFloat) v = v.contiguous().to(at::kFloat);
      float* pp = p.template data_ptr<float>();
      const float* g = p.grad().template data_ptr<float>();
      float* mp = m.template data_ptr<float>();
      float* vp = v.template data_ptr<float>();
      for_chunks(p.numel(), [&](std::int64_t begin, std::int64_t end) {
        (kHaveFma ? adam_fma : adam_base)(pp + begin, g + begin, mp + begin, vp + begin, end - begin, a);
      });
    }
  }
}

template <class Groups>
bool any_amsgrad(const Groups& groups) {
  for (const auto& group : groups) {
    const auto& o = group.options();
    if (const auto* adam = dynamic_cast<const torch::optim::AdamOptions*>(&o); adam && adam->amsgrad()) return true;
    if (const auto* adamw = dynamic_cast<const torch::optim::AdamWOptions*>(&o); adamw && adamw->amsgrad()) return true;
  }
  return false;
}
}  // namespace

torch::Tensor FusedAdam::step(LossClosure closure) {
  if (!fusable(param_groups_) || any_amsgrad(param_groups_)) {
    t_last_fused = false;
    return torch::optim::Adam::step(std::move(closure));
  }
  t_last_fused = true;
  torch::NoGradGuard no_grad;
  torch::Tensor loss = run_closure(closure);
  adam_step<torch::optim::AdamParamState, torch::optim::AdamOptions>(param_groups_, state_, false);
  return loss;
}

torch::Tensor FusedAdamW::step(LossClosure closure) {
  if (!fusable(param_groups_) || any_amsgrad(param_groups_)) {
    t_last_fused = false;
    return torch::optim::AdamW::step(std::move(closure));
  }
  t_last_fused = true;
  torch::NoGradGuard no_grad;
  torch::Tensor loss = run_closure(closure);
  adam_step<torch::optim::AdamWParamState, torch::optim::AdamWOptions>(param_groups_, state_, true);
  return loss;
}

}  // namespace ampscope::detail
