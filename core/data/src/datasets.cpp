// The datasets: two generated from a seed (spirals, clusters) and Fashion-MNIST from IDX files;
// and the seeded batch sampler.
#include <ampscope/model_zoo.h>
#include <ampscope/user_text.h>

#include "idx_reader.h"

#include <ATen/CPUGeneratorImpl.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numbers>
#include <stdexcept>

namespace ampscope {
namespace {

/// Inputs and labels already in memory as float32 / int64.
class TensorDataset : public Dataset {
 public:
  TensorDataset(std::string name, torch::Tensor inputs, torch::Tensor labels, std::int64_t classes)
      : m_name(std::move(name)), m_inputs(std::move(inputs)), m_labels(std::move(labels)), m_classes(classes) {}

  std::string name() const override { return m_name; }
  std::int64_t size() const override { return m_labels.size(0); }
  std::vector<std::int64_t> input_shape() const override {
    auto s = m_inputs.sizes().vec();
    s.erase(s.begin());
    return s;
  }
  std::int64_t num_classes() const override { return m_classes; }
  std::pair<torch::Tensor, torch::Tensor> gather(const torch::Tensor& idx) const override {
    return {m_inputs.index_select(0, idx), m_labels.index_select(0, idx)};
  }

 private:
  std::string m_name;
  torch::Tensor m_inputs, m_labels;
  std::int64_t m_classes;
};

/// Three interleaved spiral arms in the plane (the cs231n toy problem): not linearly separable,
/// so the MLP's hidden layers have to work. Radius grows 0..1 along an arm; angular noise blurs
/// the arms into each other near the centre.
std::unique_ptr<Dataset> make_spirals(std::uint64_t seed) {
  constexpr std::int64_t kPerClass = 1000, kClasses = 3;
  at::Generator gen = at::detail::createCPUGenerator(seed);
  const auto f32 = torch::TensorOptions().dtype(torch::kFloat);
  const torch::Tensor r = torch::linspace(0.0, 1.0, kPerClass, f32);
  std::vector<torch::Tensor> xs, ys;
  for (std::int64_t k = 0; k < kClasses; ++k) {
    const torch::Tensor noise = torch::randn({kPerClass}, gen, f32) * 0.2;
    const torch::Tensor theta = r * 4.0 + static_cast<double>(k) * (2.0 * std::numbers::pi / kClasses) + noise;
    xs.push_back(torch::stack({r * torch::sin(theta), r * torch::cos(theta)}, 1));
    ys.push_back(torch::full({kPerClass}, k, torch::TensorOptions().dtype(torch::kLong)));
  }
  return std::make_unique<TensorDataset>("spirals", torch::cat(xs), torch::cat(ys), kClasses);
}

/// Ten Gaussian clusters in 128-D: centres ~ N(0, I), points ~ N(centre, 1.5^2 I). Easy for
/// fp32, which is the point: deep-mlp on it shows precision effects, not a hard problem.
std::unique_ptr<Dataset> make_clusters(std::uint64_t seed) {
  constexpr std::int64_t kPerClass = 1000, kClasses = 10, kDim = 128;
  at::Generator gen = at::detail::createCPUGenerator(seed);
  const auto f32 = torch::TensorOptions().dtype(torch::kFloat);
  const torch::Tensor centres = torch::randn({kClasses, kDim}, gen, f32);
  const torch::Tensor labels =
      torch::arange(kClasses, torch::TensorOptions().dtype(torch::kLong)).repeat_interleave(kPerClass);
  const torch::Tensor inputs = centres.index_select(0, labels) + torch::randn({kClasses * kPerClass, kDim}, gen, f32) * 1.5;
  return std::make_unique<TensorDataset>("clusters", inputs, labels, kClasses);
}

// --- Fashion-MNIST -------------------------------------------------------------------------

constexpr const char* kDebianFashionDir = "/usr/share/datasets/fashion-mnist";
constexpr std::int64_t kSide = 28;

/// Images stay uint8 (47 MB instead of 188 MB as float); gather() normalises each batch.
class FashionMnist : public Dataset {
 public:
  FashionMnist(torch::Tensor images, torch::Tensor labels) : m_images(std::move(images)), m_labels(std::move(labels)) {}

  std::string name() const override { return "fashion-mnist"; }
  std::int64_t size() const override { return m_labels.size(0); }
  std::vector<std::int64_t> input_shape() const override { return {1, kSide, kSide}; }
  std::int64_t num_classes() const override { return 10; }
  std::pair<torch::Tensor, torch::Tensor> gather(const torch::Tensor& idx) const override {
    // (x/255 - mean) / std with the training set's mean 0.2860 and std 0.3530.
    torch::Tensor x = m_images.index_select(0, idx).to(torch::kFloat).unsqueeze(1);
    x.mul_(1.0f / (255.0f * 0.3530f)).sub_(0.2860f / 0.3530f);
    return {x, m_labels.index_select(0, idx)};
  }

 private:
  torch::Tensor m_images;  // uint8 {N, 28, 28}
  torch::Tensor m_labels;  // int64 {N}
};

/// "<dir>/<base>.gz" or "<dir>/<base>", else empty.
std::string find_file(const std::filesystem::path& dir, const std::string& base) {
  std::error_code ec;
  for (const auto& candidate : {dir / (base + ".gz"), dir / base})
    if (std::filesystem::is_regular_file(candidate, ec)) return candidate.string();
  return {};
}

std::unique_ptr<Dataset> make_fashion_mnist(const std::string& data_dir) {
  const std::filesystem::path dir = std::filesystem::path(data_dir.empty() ? std::string(kDebianFashionDir) : data_dir);
  const std::string images_path = find_file(dir, "train-images-idx3-ubyte");
  const std::string labels_path = find_file(dir, "train-labels-idx1-ubyte");
  if (images_path.empty() || labels_path.empty())
    throw UserRuntimeError({AMPSCOPE_TR_NOOP("ampscope::Dataset", "Fashion-MNIST not found: %1 has no train-images-idx3-ubyte(.gz) and "
                                              "train-labels-idx1-ubyte(.gz). Install the Debian package "
                                              "dataset-fashion-mnist or pass --data-dir."),
                            {dir.string()}});

  // Caps: Fashion-MNIST's training set is 60000 images; allow up to 10x that before refusing.
  detail::IdxLimits image_limits{3, 600000, 600000 * kSide * kSide};
  detail::IdxLimits label_limits{1, 600000, 600000};
  torch::Tensor images = detail::read_idx_u8(images_path, image_limits);
  if (images.size(1) != kSide || images.size(2) != kSide)
    throw UserRuntimeError({AMPSCOPE_TR_NOOP("ampscope::Dataset", "%1: images are %2x%3, Fashion-MNIST's are 28x28"),
                            {images_path, std::to_string(images.size(1)), std::to_string(images.size(2))}});
  torch::Tensor labels = detail::read_idx_u8(labels_path, label_limits);
  if (labels.size(0) != images.size(0))
    throw UserRuntimeError({AMPSCOPE_TR_NOOP("ampscope::Dataset", "%1: %2 labels for %3 images in %4"),
                            {labels_path, std::to_string(labels.size(0)), std::to_string(images.size(0)), images_path}});
  const int max_label = labels.max().item<std::uint8_t>();
  if (max_label >= 10)
    throw UserRuntimeError({AMPSCOPE_TR_NOOP("ampscope::Dataset", "%1: label %2 is out of range (Fashion-MNIST has classes 0..9)"),
                            {labels_path, std::to_string(max_label)}});
  return std::make_unique<FashionMnist>(std::move(images), labels.to(torch::kLong));
}

}  // namespace

std::vector<std::string> dataset_names() { return {"spirals", "clusters", "fashion-mnist"}; }

std::unique_ptr<Dataset> make_dataset(const std::string& name, std::uint64_t seed, const std::string& data_dir) {
  if (name == "spirals") return make_spirals(seed);
  if (name == "clusters") return make_clusters(seed);
  if (name == "fashion-mnist") return make_fashion_mnist(data_dir);
  throw UserInvalidArgument({AMPSCOPE_TR_NOOP("ampscope::Dataset", "unknown dataset '%1' (known: spirals, clusters, fashion-mnist)"), {name}});
}

// --- BatchSampler --------------------------------------------------------------------------

namespace {
std::int64_t checked_batch(const Dataset& data, std::int64_t batch) {
  if (batch < 1)
    throw UserInvalidArgument({AMPSCOPE_TR_NOOP("ampscope::Dataset", "batch size must be at least 1, got %1"), {std::to_string(batch)}});
  if (data.size() < 1) throw UserInvalidArgument({AMPSCOPE_TR_NOOP("ampscope::Dataset", "dataset '%1' is empty"), {data.name()}});
  return std::min(batch, data.size());  // a batch larger than the dataset is the whole dataset
}
}  // namespace

BatchSampler::BatchSampler(const Dataset& data, std::int64_t batch_size, std::uint64_t seed)
    : m_data(data), m_batch(checked_batch(data, batch_size)), m_gen(at::detail::createCPUGenerator(seed)) {
  m_perm = torch::randperm(m_data.size(), m_gen, torch::TensorOptions().dtype(torch::kLong));
}

std::pair<torch::Tensor, torch::Tensor> BatchSampler::next() {
  // Every batch has the same size: the tail of an epoch that does not fill a batch is dropped
  // (a different tail each epoch, since each epoch is a fresh permutation).
  if (m_pos + m_batch > m_data.size()) {
    m_perm = torch::randperm(m_data.size(), m_gen, torch::TensorOptions().dtype(torch::kLong));
    m_pos = 0;
  }
  const torch::Tensor idx = m_perm.slice(0, m_pos, m_pos + m_batch);
  m_pos += m_batch;
  return m_data.gather(idx);
}

}  // namespace ampscope
