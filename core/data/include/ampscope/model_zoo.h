// The models and datasets a session trains, and the precision modes of their forward pass.
// LibTorch header: used by core and tests, never by ui/.
#pragma once

#include <ampscope/session_types.h>

#include <torch/nn/module.h>
#include <torch/types.h>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ampscope {

namespace detail {
class WorkLane;  // core's own (work_lane.h)
}

/// How a model's forward pass treats precision.
///  - FP32: plain fp32.
///  - BF16 / FP16 with `emulate` (the CPU): every linear/conv rounds its inputs, weights, bias and
///    output to the format (round-to-nearest-even, subnormals kept, overflow to inf), computes the
///    product in fp32 on the rounded operands, and in backward rounds the incoming gradient and
///    the input/weight/bias gradients it produces (docs/measurements.md, "Precision modes").
///  - BF16 / FP16 without `emulate` (CUDA): the caller runs the forward under real autocast.
struct PrecisionMode {
  Precision precision = Precision::FP32;
  bool emulate = false;
};

/// A model whose modules have the labels users read ("fc1", "conv2"), with hooks that capture
/// each module output's gradient during backward.
class InstrumentedModel : public torch::nn::Module {
 public:
  /// Logits for a batch. Honors the precision mode set with set_precision().
  virtual torch::Tensor forward(const torch::Tensor& x) = 0;

  void set_precision(PrecisionMode mode) { m_precision = mode; }
  PrecisionMode precision() const { return m_precision; }

  /// When on, forward() registers a hook on each labelled module's output that stores the
  /// gradient backward produces for it (a reference to the autograd-produced tensor).
  void set_capture_activation_grads(bool on) { m_capture = on; }
  bool capture_activation_grads() const { return m_capture; }
  /// Captured gradients of the last backward, in the order backward produced them
  /// (last layer first). Cleared by every forward().
  const std::vector<std::pair<std::string, torch::Tensor>>& activation_grads() const { return m_act_grads; }

  /// Labelled modules in forward order ("fc1", "fc2", ...): the rows users see.
  virtual std::vector<std::string> module_labels() const = 0;

  /// The direct pass: forward and backward of the mean cross-entropy without autograd (no graph,
  /// no hooks, no dispatch through the autograd layer), for the models that have one (the MLPs;
  /// docs/performance.md, "The direct pass"). It calls the same ATen kernels, in the same order,
  /// as autograd's backward of forward() would, so the loss, every parameter gradient and every
  /// captured activation gradient are the same numbers, bit for bit, in every precision mode
  /// (tests/core/test_models.cpp checks it). Not under autocast: CUDA fp16/bf16 uses autograd.
  virtual bool has_direct_pass() const { return false; }
  /// Forward of a batch for direct_backward(): returns the mean cross-entropy over (x, y), fp32,
  /// as cross_entropy(forward(x).to(kFloat), y) does. Clears captured activation gradients.
  virtual torch::Tensor direct_forward(const torch::Tensor& x, const torch::Tensor& y);
  /// Backward of the last direct_forward(), for the objective `loss * loss_grad` (loss_grad: one
  /// element, the loss scale divided by the micro-batches, as the scaled loss's backward hands the
  /// loss): each parameter's gradient is set when it is undefined and added to it otherwise (as
  /// autograd accumulates), and with capture on the activation gradients are recorded as the
  /// hooks of forward() record them (last layer first, rounded under emulation).
  virtual void direct_backward(const torch::Tensor& loss_grad);
  /// The direct backward's weight and bias gradients on a second thread (the model's own), beside
  /// the input gradients the next layer waits for: each a whole product, through the same
  /// kernels, so the numbers are the same bits as on one thread. The direct forward gives the
  /// same thread the second half of the batch's rows, through every layer, while the stepping
  /// thread takes the first (a row of each kernel reads only that row), where the BLAS computes
  /// a row of a product of fewer rows to the same bits: before the first forward of each batch
  /// size, each layer's product over random rows is computed whole and in halves to know
  /// (forward_split()). For models whose products are
  /// large enough to pay for the hand-over (deep-mlp), with BLAS on one thread; the session
  /// decides (compute_threads.h). A model without a direct pass ignores it.
  virtual void set_weight_grad_lane(bool /*on*/) {}
  virtual bool weight_grad_lane() const { return false; }
  /// The lane's thread, for the session's share of a step beside it (the statistics pass and the
  /// optimizer's halves: training_step.cpp); null without the lane.
  virtual detail::WorkLane* work_lane() { return nullptr; }
  /// Items posted to the lane since it started and run, by the lane or, where the stepping
  /// thread reached one first while waiting, by that thread (work_lane.h): a layer's weight and
  /// bias gradients, a forward's second half, or the session's share of a step, one each. What
  /// tests read to know the work went there.
  virtual std::uint64_t weight_grad_lane_items() const { return 0; }
  /// The lane's forward split for batches of `rows`: 1 where the halves' products are the whole
  /// batch's bits (the forward is split), 0 where they are not (the whole batch on one thread),
  /// -1 where no forward of that size has run with the lane.
  virtual int forward_split(std::int64_t /*rows*/) const { return -1; }
  /// Tests: the lane splits every forward, unchecked, so the halves' own numbers can be compared
  /// with autograd's over each half.
  virtual void set_forward_split_unchecked(bool /*on*/) {}

  /// The work of one forward pass over `x`, counted by running it without autograd: multiply-adds
  /// of every linear and convolution, how many such ops there are, and the convolutions' share.
  /// The thread choice reads conv_macs (compute_threads.h): LibTorch's own thread pool splits a
  /// convolution, while a linear layer's matmul runs in BLAS.
  struct ForwardWork {
    double macs = 0;       // linear + convolution
    int ops = 0;           // linear + convolution ops
    double conv_macs = 0;  // convolutions alone
    int conv_ops = 0;
  };
  ForwardWork forward_work(const torch::Tensor& x);

 protected:
  /// Subclasses call this on each labelled module's output inside forward().
  torch::Tensor capture(const std::string& label, const torch::Tensor& out);
  /// A linear layer under the current precision mode (emulated rounding when asked).
  torch::Tensor linear(const torch::Tensor& x, const torch::Tensor& w, const torch::Tensor& b) const;
  /// A 2-D convolution (stride 1, given padding) under the current precision mode.
  torch::Tensor conv2d(const torch::Tensor& x, const torch::Tensor& w, const torch::Tensor& b,
                       std::int64_t padding) const;
  /// True when the precision mode rounds to fp16/bf16 itself (emulation), not plain fp32.
  bool emulating() const { return m_precision.emulate && m_precision.precision != Precision::FP32; }
  /// Called at the start of forward(): clears captured gradients.
  void begin_forward() { m_act_grads.clear(); }
  /// The direct pass records a layer's output gradient here (direct_backward()).
  void record_activation_grad(const std::string& label, const torch::Tensor& g) { m_act_grads.emplace_back(label, g); }

 private:
  PrecisionMode m_precision;
  bool m_capture = false;
  mutable double m_macs = -1;  // counting when >= 0 (forward_work)
  mutable double m_conv_macs = 0;
  mutable int m_conv_ops = 0;
  mutable int m_ops = 0;
  std::vector<std::pair<std::string, torch::Tensor>> m_act_grads;
};

/// Names: "spiral-mlp", "deep-mlp", "fashion-cnn". Weights from `seed`. Throws
/// std::invalid_argument for an unknown name (the message lists the known ones).
std::shared_ptr<InstrumentedModel> make_model(const std::string& name, std::uint64_t seed);
std::vector<std::string> model_names();
/// The dataset a model trains on by default ("spirals", "clusters", "fashion-mnist").
std::string default_dataset(const std::string& model);

/// A labelled dataset held in memory, sampled in seeded shuffled epochs.
class Dataset {
 public:
  virtual ~Dataset() = default;
  virtual std::string name() const = 0;
  virtual std::int64_t size() const = 0;
  virtual std::vector<std::int64_t> input_shape() const = 0;  ///< per example, e.g. {2} or {1,28,28}
  virtual std::int64_t num_classes() const = 0;
  /// Inputs (float32) and int64 labels for examples idx.
  virtual std::pair<torch::Tensor, torch::Tensor> gather(const torch::Tensor& idx) const = 0;
};

/// "spirals" (3-class 2-D spirals), "clusters" (10 Gaussian clusters in 128-D), both generated
/// from `seed`; "fashion-mnist" read from IDX files (gzip or not) in `data_dir` (empty = Debian's
/// /usr/share/datasets/fashion-mnist). Throws std::runtime_error with a clear message for a
/// missing or corrupt dataset (naming the Debian package dataset-fashion-mnist and --data-dir).
std::unique_ptr<Dataset> make_dataset(const std::string& name, std::uint64_t seed, const std::string& data_dir);
std::vector<std::string> dataset_names();

/// Seeded shuffled mini-batches over a dataset (reshuffled each epoch, deterministic).
class BatchSampler {
 public:
  BatchSampler(const Dataset& data, std::int64_t batch_size, std::uint64_t seed);
  std::pair<torch::Tensor, torch::Tensor> next();

 private:
  const Dataset& m_data;
  std::int64_t m_batch;
  torch::Generator m_gen;
  torch::Tensor m_perm;
  std::int64_t m_pos = 0;
};

/// Round a float32 tensor to fp16 / bf16 values (returned as float32): round-to-nearest-even,
/// subnormals kept, overflow to inf. The emulation's one rounding primitive.
torch::Tensor round_to(const torch::Tensor& x, Precision p);
/// round_to in place where it can be (a contiguous float32 CPU tensor no graph records: one
/// pass, no allocation); otherwise `x` becomes round_to(x, p). The same values either way.
void round_to_(torch::Tensor& x, Precision p);
/// round_to into `out`, reusing its storage where it can (`out` resized to x's shape); returns
/// `out`. For buffers kept from step to step.
torch::Tensor& round_to_out(torch::Tensor& out, const torch::Tensor& x, Precision p);

}  // namespace ampscope
