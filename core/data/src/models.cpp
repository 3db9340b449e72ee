// The three models. Layers are plain torch::nn::Linear / Conv2d registered under the labels
// users read, so named_parameters() gives "fc1.weight"; forward() goes through
// InstrumentedModel::linear()/conv2d() so the precision mode (and its emulation) applies to every
// product, and through capture() so activation gradients can be recorded.
#include "models.h"

#include <ATen/CPUGeneratorImpl.h>
#include <ATen/core/LegacyTypeDispatch.h>  // at::AutoDispatchBelowADInplaceOrView
#include <ATen/core/Reduction.h>
#include <torch/nn/modules/conv.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/functional/pooling.h>

#include <atomic>
#include <cmath>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>  // _mm_pause
#endif

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

void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#else
  std::this_thread::yield();
#endif
}

/// A second thread for the direct backward's weight and bias gradients (Mlp::set_weight_grad_lane).
/// The stepping thread posts layer indices during a backward and waits for them at its end. The
/// lane spins while a backward is under way (a futex wake costs 20-35 us on these VMs, a product
/// about 80) and sleeps between backwards. One producer, one consumer; the counters only grow.
class GradLane {
 public:
  explicit GradLane(std::function<void(std::size_t)> work) : m_work(std::move(work)), m_thread([this] { run(); }) {}
  ~GradLane() {
    m_stop.store(true, std::memory_order_release);
    m_active.store(1, std::memory_order_release);
    m_active.notify_one();
    m_thread.join();
  }
  GradLane(const GradLane&) = delete;
  GradLane& operator=(const GradLane&) = delete;

  /// A backward begins: the lane wakes and spins for items.
  void begin() {
    m_active.store(1, std::memory_order_release);
    m_active.notify_one();
  }
  /// Item `i` is ready (its inputs written before this call).
  void post(std::size_t i) {
    m_items[m_posted_local % kCapacity] = i;
    ++m_posted_local;
    m_posted.store(m_posted_local, std::memory_order_release);
  }
  /// Waits for every posted item; the lane goes back to sleep. Rethrows an item's exception.
  void finish() {
    settle();
    if (m_error) std::rethrow_exception(std::exchange(m_error, nullptr));
  }
  /// The same for a backward that threw on the stepping thread: its exception is the one to
  /// report, so an item's is dropped; the lane must not spin on (or write a buffer) after it.
  void abandon() noexcept {
    settle();
    m_error = nullptr;
  }
  static constexpr std::size_t kCapacity = 256;  // items of one backward (layers), at most

 private:
  void settle() noexcept {
    while (m_done.load(std::memory_order_acquire) != m_posted_local) cpu_relax();
    m_active.store(0, std::memory_order_release);
  }
  void run() {
    // This thread's ops stay on it (the reduction of a bias gradient). Its intra-op count starts
    // as the process's last set one, 1 where the session chose the lane; set only if not, since
    // at::set_num_threads also changes what threads started later begin with.
    if (at::get_num_threads() != 1) at::set_num_threads(1);
    at::AutoDispatchBelowADInplaceOrView below_autograd;  // as the stepping thread's direct pass
    std::uint64_t taken = 0;
    for (;;) {
      m_active.wait(0, std::memory_order_acquire);
      if (m_stop.load(std::memory_order_acquire)) return;
      for (;;) {
        if (taken < m_posted.load(std::memory_order_acquire)) {
          const std::size_t i = m_items[taken % kCapacity];
          try {
            m_work(i);
          } catch (...) {
            if (!m_error) m_error = std::current_exception();  // read by finish() after m_done
          }
          m_done.store(++taken, std::memory_order_release);
          continue;
        }
        if (m_active.load(std::memory_order_acquire) == 0 || m_stop.load(std::memory_order_relaxed)) break;
        cpu_relax();
      }
    }
  }

  std::function<void(std::size_t)> m_work;
  std::size_t m_items[kCapacity] = {};
  std::uint64_t m_posted_local = 0;  // the stepping thread's
  std::atomic<std::uint64_t> m_posted{0}, m_done{0};
  std::atomic<int> m_active{0};
  std::atomic<bool> m_stop{false};
  std::exception_ptr m_error;
  std::thread m_thread;  // last: started once the rest exists
};

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
    m_lane = on && m_layers.size() <= GradLane::kCapacity
                 ? std::make_unique<GradLane>([this](std::size_t i) { weight_and_bias_grads(i); })
                 : nullptr;
  }
  bool weight_grad_lane() const override { return m_lane != nullptr; }

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
    torch::Tensor h = x.flatten(1);
    for (std::size_t i = 0; i < n; ++i) {
      const torch::Tensor& w = m_layers[i]->weight;
      const torch::Tensor& b = m_layers[i]->bias;
      torch::Tensor& z = buffer(m_z[i], w.options());
      if (emulate) {  // as detail::emulated_linear's forward: operands, bias and output rounded
        // A hidden layer's input is a ReLU of rounded values, which rounding leaves as they are.
        m_in[i] = i == 0 ? round_to_out(m_x_rounded, h, p) : h;
        round_to_out(m_w[i], w, p);
        round_to_out(m_b[i], b, p);
        at::addmm_out(z, m_b[i], m_in[i], m_w[i].t());  // at::linear's kernel for a 2-D input
        round_to_(z, p);
      } else {
        m_in[i] = h;
        m_w[i] = w;
        at::addmm_out(z, b, h, w.t());
      }
      // ReLU in place: the same values as torch::relu's new tensor, and its backward reads only
      // the result (threshold_backward(grad, result, 0)).
      if (i + 1 < n) at::relu_(z);
      h = z;
    }
    // cross_entropy(logits.to(kFloat), y): log_softmax, then nll_loss (mean, ignore_index -100).
    const torch::Tensor logits = h.to(at::kFloat);
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
    GradLane* lane = all_first ? m_lane.get() : nullptr;
    if (lane) lane->begin();
    // Should a kernel below throw, the lane settles before the buffers it writes can change.
    struct Settle {
      GradLane* lane;
      ~Settle() {
        if (lane) lane->abandon();
      }
    } settle{lane};
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
        lane->post(i);
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
      settle.lane = nullptr;
      lane->finish();
      for (std::size_t i = 0; i < n; ++i) {
        m_layers[i]->weight.mutable_grad() = m_gw[i];
        m_layers[i]->bias.mutable_grad() = m_gb[i];
      }
    }
  }

 private:
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
  std::unique_ptr<GradLane> m_lane;  // last: its thread stops before the buffers go
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
