// The three models. Layers are plain torch::nn::Linear / Conv2d registered under the labels
// users read, so named_parameters() gives "fc1.weight"; forward() goes through
// InstrumentedModel::linear()/conv2d() so the precision mode (and its emulation) applies to every
// product, and through capture() so activation gradients can be recorded.
#include "models.h"

#include "work_lane.h"

#include <ATen/CPUGeneratorImpl.h>
#include <ATen/core/LegacyTypeDispatch.h>  // at::AutoDispatchBelowADInplaceOrView
#include <ATen/core/Reduction.h>
#include <torch/nn/modules/conv.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/functional/pooling.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

namespace ampscope::detail {
namespace {

/// PyTorch's default init (kaiming_uniform with a=sqrt(5): U(-1/sqrt(fan_in), 1/sqrt(fan_in)) for
/// weight and bias), drawn from a generator of our own: the weights are then a function of the
/// seed alone, not of whatever else consumed the global generator, and the global generator is
/// left for the caller. Layers are drawn in forward order, weight before bias.
void init_layer(torch::Tensor& weight, torch::Tensor& bias, at::Generator& gen, double weight_gain) {
  torch::NoGradGuard no_grad;
  const double bound = 1.0 / std::sqrt(static_cast<double>(weight[0].numel()));
  weight.uniform_(-weight_gain * bound, weight_gain * bound, gen);
  bias.uniform_(-bound, bound, gen);
}

/// Rounds a view in place (round_to_ may hand back a new tensor where its fast path does not apply:
/// then the view gets its values).
void round_rows_(const torch::Tensor& view, Precision p) {
  torch::Tensor t = view;
  round_to_(t, p);
  if (!t.is_same(view)) view.copy_(t);
}

class Mlp : public InstrumentedModel {
 public:
  Mlp(const std::vector<std::int64_t>& widths, std::uint64_t seed, double weight_gain) {
    at::Generator gen = at::detail::createCPUGenerator(seed);
    for (std::size_t i = 0; i + 1 < widths.size(); ++i) {
      m_labels.push_back("fc" + std::to_string(i + 1));
      m_layers.push_back(register_module(m_labels.back(), torch::nn::Linear(widths[i], widths[i + 1])));
      init_layer(m_layers.back()->weight, m_layers.back()->bias, gen, weight_gain);
    }
  }

  torch::Tensor forward(const torch::Tensor& x) override {
    begin_forward();
    torch::Tensor h = x.flatten(1);
    for (std::size_t i = 0; i < m_layers.size(); ++i) {
      h = capture(m_labels[i], linear(h, m_layers[i]->weight, m_layers[i]->bias));
      if (i + 1 < m_layers.size()) h = torch::relu(h);
    }
    return h;
  }

  std::vector<std::string> module_labels() const override { return m_labels; }

  void set_weight_grad_lane(bool on) override {
    if (on == (m_lane != nullptr)) return;
    m_split_checks.clear();
    m_lane = on && m_layers.size() <= WorkLane::kCapacity ? std::make_unique<WorkLane>() : nullptr;
  }
  bool weight_grad_lane() const override { return m_lane != nullptr; }
  WorkLane* work_lane() override { return m_lane.get(); }
  std::uint64_t weight_grad_lane_items() const override { return m_lane ? m_lane->items_done() : 0; }
  int forward_split(std::int64_t rows) const override {
    for (const SplitCheck& c : m_split_checks)
      if (c.rows == rows) return c.same_bits ? 1 : 0;
    return -1;
  }
  void set_forward_split_unchecked(bool on) override { m_split_unchecked = on; }

  // The direct pass (model_zoo.h): the kernels autograd's backward of forward() and of
  // cross_entropy runs, called in its order without building the graph. A step of spiral-mlp
  // spends most of its time in LibTorch's per-op overhead (ops of 64x256 elements), which the
  // graph, the hooks and the autograd dispatch layer double.
  bool has_direct_pass() const override { return true; }

  // Every tensor the pass makes lives in a buffer of its own, allocated on the first step (and
  // again only when the batch size changes): the out= variants of the same kernels write into
  // it. The gradients handed to the parameters' .grad are buffers too; the session sets .grad to
  // none at the start of each step, so nothing reads last step's while this one is written.
  torch::Tensor direct_forward(const torch::Tensor& x, const torch::Tensor& y) override {
    begin_forward();
    at::AutoDispatchBelowADInplaceOrView below_autograd;  // no graph: straight to the kernels
    const bool emulate = emulating();
    const Precision p = precision().precision;
    const std::size_t n = m_layers.size();
    m_in.resize(n);
    m_w.resize(n);
    m_b.resize(n);
    m_z.resize(n);
    m_emulate = emulate;
    m_precision = p;
    const torch::Tensor h = x.flatten(1);
    const std::int64_t rows = h.size(0);
    // Each layer's operands: under emulation as detail::emulated_linear's forward rounds them
    // (input, weight, bias; a hidden layer's input is a ReLU of rounded values, which rounding
    // leaves as they are); the parameters themselves otherwise.
    m_in[0] = emulate ? round_to_out(m_x_rounded, h, p) : h;
    for (std::size_t i = 0; i < n; ++i) {
      const torch::Tensor& w = m_layers[i]->weight;
      const torch::Tensor& b = m_layers[i]->bias;
      if (emulate) {
        round_to_out(m_w[i], w, p);
        round_to_out(m_b[i], b, p);
      } else {
        m_w[i] = w;
        m_b[i] = b;
      }
    }
    // With the lane, the batch's second half goes through every layer on it while this thread
    // takes the first: a row of a product, a ReLU or a rounding reads only the same row of its
    // input, so the halves are the whole batch's numbers, as far as the BLAS computes a row of a
    // product the same way in a product of fewer rows. Not every BLAS kernel does (OpenBLAS's
    // Haswell kernels round many rows differently; its AVX-512 ones do for deep-mlp's layers, not
    // for all of spiral-mlp's): before the first forward of each batch size, each layer's product
    // is computed over random rows whole and in halves (halves_match_whole), and the split is
    // taken only where every output is the same bits. One seed gives one record with or without
    // the lane, on any BLAS.
    WorkLane* lane = m_lane && h.device().is_cpu() && rows >= kMinSplitRows ? m_lane.get() : nullptr;
    if (lane && !m_split_unchecked) {
      int known = forward_split(rows);
      if (known < 0) {
        known = halves_match_whole(rows) ? 1 : 0;
        m_split_checks.push_back({rows, known == 1});
      }
      if (known == 0) lane = nullptr;
    }
    // Each layer's output buffer, sized for the batch, is the next layer's input.
    for (std::size_t i = 0; i < n; ++i) {
      torch::Tensor& z = buffer(m_z[i], m_w[i].options());
      if (z.dim() != 2 || z.size(0) != rows || z.size(1) != m_w[i].size(0)) z.resize_({rows, m_w[i].size(0)});
      if (i > 0) m_in[i] = m_z[i - 1];
    }
    if (lane) {
      m_split = rows / 2;
      m_rows = rows;
      LaneSpan span(lane);
      lane->post(&Mlp::lane_item, this, kForwardItem);
      forward_rows(0, m_split);
      span.done();
    } else {
      forward_rows(0, rows);
    }
    const torch::Tensor& out = m_z[n - 1];
    // cross_entropy(logits.to(kFloat), y): log_softmax, then nll_loss (mean, ignore_index -100).
    const torch::Tensor logits = out.to(at::kFloat);
    at::_log_softmax_out(buffer(m_log_probs, logits.options()), logits, 1, false);
    m_target = y;
    auto [loss, total_weight] = at::nll_loss_forward(m_log_probs, y, {}, at::Reduction::Mean, -100);
    m_total_weight = total_weight;
    return loss;  // a new tensor: callers keep it
  }

  void direct_backward(const torch::Tensor& loss_grad) override {
    at::AutoDispatchBelowADInplaceOrView below_autograd;
    const bool emulate = emulating();
    const Precision p = precision().precision;
    const std::size_t n = m_layers.size();
    m_g.resize(n);
    m_gw.resize(n);
    m_gb.resize(n);
    const at::TensorOptions opts = m_log_probs.options();
    at::nll_loss_backward_out(buffer(m_nll_grad, opts), loss_grad.reshape({}), m_log_probs, m_target, {},
                              at::Reduction::Mean, -100, m_total_weight);
    at::_log_softmax_backward_data_out(buffer(m_g[n - 1], opts), m_nll_grad, m_log_probs, 1, m_log_probs.scalar_type());
    m_opts = opts;
    m_emulate = emulate;
    m_precision = p;
    // The weight and bias gradients of a first micro-batch may go to the lane: they are new
    // buffers nobody reads before the end of backward, and no later layer needs them.
    bool all_first = true;
    for (const auto& l : m_layers) all_first = all_first && !l->weight.grad().defined() && !l->bias.grad().defined();
    WorkLane* lane = all_first ? m_lane.get() : nullptr;
    // Should a kernel below throw, the lane settles before the buffers it writes can change.
    LaneSpan span(lane);
    for (std::size_t i = n; i-- > 0;) {
      // m_g[i]: the gradient of layer i's output. Under emulation it arrives rounded (autocast's
      // cast-back; the capture hook or the emulated layer's backward rounds it). Below the last
      // layer it already is: threshold_backward keeps or zeroes the rounded m_gx, and rounding a
      // value of the format again leaves it as it is (one pass over each hidden layer's gradient
      // fewer: 49,152 values of spiral-mlp's step).
      torch::Tensor& g = m_g[i];
      if (emulate && i + 1 == n) round_to_(g, p);
      if (capture_activation_grads()) record_activation_grad(m_labels[i], g);
      if (lane) {
        lane->post(&Mlp::lane_item, this, i);
      } else {
        torch::Tensor& wgrad = m_layers[i]->weight.mutable_grad();
        torch::Tensor& bgrad = m_layers[i]->bias.mutable_grad();
        if (!wgrad.defined()) {
          weight_and_bias_grads(i);
          wgrad = m_gw[i];
          bgrad = m_gb[i];
        } else {  // a later micro-batch: added, as autograd does
          torch::Tensor gw = g.t().mm(m_in[i]);
          torch::Tensor gb = g.sum(0);
          if (emulate) {
            round_to_(gw, p);
            round_to_(gb, p);
          }
          wgrad.add_(gw);
          bgrad.add_(gb);
        }
      }
      if (i > 0) {
        at::mm_out(buffer(m_gx, opts), g, m_w[i]);  // at::matmul's kernel for 2-D operands
        if (emulate) round_to_(m_gx, p);
        at::threshold_backward_out(buffer(m_g[i - 1], opts), m_gx, m_z[i - 1], 0);
      }
    }
    if (lane) {
      span.done();
      for (std::size_t i = 0; i < n; ++i) {
        m_layers[i]->weight.mutable_grad() = m_gw[i];
        m_layers[i]->bias.mutable_grad() = m_gb[i];
      }
    }
  }

 private:
  /// The lane's item for the forward's second half (layer indices are the backward's items).
  static constexpr std::size_t kForwardItem = static_cast<std::size_t>(-1);
  /// A lane item: the forward's second half, or layer i's weight and bias gradients.
  static void lane_item(void* self, std::size_t i) {
    auto* m = static_cast<Mlp*>(self);
    if (i == kForwardItem) m->forward_rows(m->m_split, m->m_rows);
    else m->weight_and_bias_grads(i);
  }
  /// Fewer rows than this are not split: two halves of a tiny batch cost more than they save.
  static constexpr std::int64_t kMinSplitRows = 2;

  /// Whether every layer's product (bias, operands and layout as the forward has them) over
  /// `rows` random rows gives, in each half of them, the bits the same product over that half
  /// alone gives: what the BLAS does with the shapes, not with this batch's values (random fp32
  /// operands round where a batch's rounded or ReLU'd values might not show it).
  bool halves_match_whole(std::int64_t rows) const {
    at::Generator gen = at::detail::createCPUGenerator(0x5eed);
    const std::int64_t half = rows / 2;
    for (std::size_t i = 0; i < m_layers.size(); ++i) {
      const torch::Tensor x = at::empty({rows, m_w[i].size(1)}, m_w[i].options().requires_grad(false)).normal_(0, 1, gen);
      const torch::Tensor whole = at::addmm(m_b[i], x, m_w[i].t());
      if (!at::equal(whole.narrow(0, 0, half), at::addmm(m_b[i], x.narrow(0, 0, half), m_w[i].t())) ||
          !at::equal(whole.narrow(0, half, rows - half), at::addmm(m_b[i], x.narrow(0, half, rows - half), m_w[i].t())))
        return false;
    }
    return true;
  }

  /// Rows [r0, r1) of the batch through every layer, into those rows of the layers' output
  /// buffers (sized by direct_forward()), from the operands it made: at::linear's kernel for a
  /// 2-D input, the output rounded under emulation, ReLU in place for hidden layers (the same
  /// values as torch::relu's new tensor, and its backward reads only the result:
  /// threshold_backward(grad, result, 0)). The whole batch on the stepping thread, or one half
  /// of it there and the other on the lane.
  void forward_rows(std::int64_t r0, std::int64_t r1) {
    const std::size_t n = m_layers.size();
    // A block of whole rows of a row-major buffer is contiguous; the whole buffer is itself.
    const auto rows_of = [&](const torch::Tensor& t) { return r0 == 0 && r1 == t.size(0) ? t : t.narrow(0, r0, r1 - r0); };
    for (std::size_t i = 0; i < n; ++i) {
      torch::Tensor z = rows_of(m_z[i]);
      at::addmm_out(z, m_b[i], rows_of(m_in[i]), m_w[i].t());
      if (m_emulate) round_rows_(z, m_precision);
      if (i + 1 < n) at::relu_(z);
    }
  }

  /// Layer i's weight and bias gradients of a first micro-batch into their buffers, from its
  /// output gradient m_g[i] and input m_in[i]: AddmmBackward (fp32) computes the weight's as
  /// g^T x for a transposed weight, as the emulated layer does; the bias's is g summed over the
  /// batch. On the stepping thread, or on the lane (any thread: nothing here is thread-local but
  /// the dispatch guard each thread sets).
  void weight_and_bias_grads(std::size_t i) {
    const torch::Tensor& g = m_g[i];
    at::mm_out(buffer(m_gw[i], m_opts), g.t(), m_in[i]);
    static constexpr std::int64_t kBatchDim[] = {0};
    at::sum_out(buffer(m_gb[i], m_opts), g, at::IntArrayRef(kBatchDim));
    if (m_emulate) {
      round_to_(m_gw[i], m_precision);
      round_to_(m_gb[i], m_precision);
    }
  }

  /// A buffer of the pass: made empty (of `options`, without autograd) on first use; the out=
  /// kernels size it.
  static torch::Tensor& buffer(torch::Tensor& t, const at::TensorOptions& options) {
    if (!t.defined()) t = at::empty({0}, options.requires_grad(false));
    return t;
  }

  std::vector<std::string> m_labels;
  std::vector<torch::nn::Linear> m_layers;
  // Buffers of the last direct_forward(), which direct_backward() reads: each layer's input and
  // weight and bias (rounded copies under emulation; the parameters themselves otherwise), its
  // output (the ReLU's, in place, for hidden layers), the log-probabilities, targets, weight total.
  std::vector<torch::Tensor> m_in, m_w, m_b, m_z;
  torch::Tensor m_x_rounded, m_log_probs, m_target, m_total_weight;
  // direct_backward()'s: each layer's output gradient (the captured activation gradient), the
  // weight and bias gradients (.grad), the input gradient before the ReLU's mask, nll's output.
  std::vector<torch::Tensor> m_g, m_gw, m_gb;
  torch::Tensor m_gx, m_nll_grad;
  // What weight_and_bias_grads() needs of the backward under way (set before any item is posted).
  at::TensorOptions m_opts;
  bool m_emulate = false;
  Precision m_precision = Precision::FP32;
  // The forward's split on the lane: its rows [m_split, m_rows) (set before the item is posted);
  // for each batch size met, whether the halves gave the whole batch's bits (direct_forward).
  std::int64_t m_split = 0, m_rows = 0;
  struct SplitCheck {
    std::int64_t rows;
    bool same_bits;
  };
  std::vector<SplitCheck> m_split_checks;
  bool m_split_unchecked = false;
  std::unique_ptr<WorkLane> m_lane;  // last: its thread stops before the buffers go
};

class FashionCnn : public InstrumentedModel {
 public:
  explicit FashionCnn(std::uint64_t seed) {
    at::Generator gen = at::detail::createCPUGenerator(seed);
    using torch::nn::Conv2dOptions;
    m_conv1 = register_module("conv1", torch::nn::Conv2d(Conv2dOptions(1, 32, 3).padding(1)));
    m_conv2 = register_module("conv2", torch::nn::Conv2d(Conv2dOptions(32, 64, 3).padding(1)));
    m_fc1 = register_module("fc1", torch::nn::Linear(64 * 7 * 7, 128));
    m_fc2 = register_module("fc2", torch::nn::Linear(128, 10));
    init_layer(m_conv1->weight, m_conv1->bias, gen, 1.0);
    init_layer(m_conv2->weight, m_conv2->bias, gen, 1.0);
    init_layer(m_fc1->weight, m_fc1->bias, gen, 1.0);
    init_layer(m_fc2->weight, m_fc2->bias, gen, 1.0);
  }

  torch::Tensor forward(const torch::Tensor& x) override {
    begin_forward();
    torch::Tensor h = capture("conv1", conv2d(x, m_conv1->weight, m_conv1->bias, 1));
    h = torch::max_pool2d(torch::relu(h), 2);
    h = capture("conv2", conv2d(h, m_conv2->weight, m_conv2->bias, 1));
    h = torch::max_pool2d(torch::relu(h), 2).flatten(1);
    h = torch::relu(capture("fc1", linear(h, m_fc1->weight, m_fc1->bias)));
    return capture("fc2", linear(h, m_fc2->weight, m_fc2->bias));
  }

  std::vector<std::string> module_labels() const override { return {"conv1", "conv2", "fc1", "fc2"}; }

 private:
  torch::nn::Conv2d m_conv1{nullptr}, m_conv2{nullptr};
  torch::nn::Linear m_fc1{nullptr}, m_fc2{nullptr};
};

}  // namespace

std::shared_ptr<InstrumentedModel> make_mlp(const std::vector<std::int64_t>& widths, std::uint64_t seed,
                                            double weight_gain) {
  return std::make_shared<Mlp>(widths, seed, weight_gain);
}

std::shared_ptr<InstrumentedModel> make_fashion_cnn(std::uint64_t seed) {
  return std::make_shared<FashionCnn>(seed);
}

}  // namespace ampscope::detail
