// Datasets and the batch sampler: generated sets (shapes, balance, determinism), the real
// Fashion-MNIST from Debian's package, and IDX files that are corrupt in every way we could
// think of, each of which must give a clear error naming the file, never a crash.
#include <ampscope/model_zoo.h>

#include <torch/types.h>

#include <zlib.h>

#include <QTemporaryDir>
#include <QtTest>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <vector>

using namespace ampscope;

namespace {

using Bytes = std::vector<unsigned char>;

void put_be32(Bytes& out, std::uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) out.push_back(static_cast<unsigned char>(v >> s));
}

/// A valid IDX image file of n 28x28 images whose pixel i of image k is (k + i) % 256.
Bytes images_idx(std::uint32_t n, std::uint32_t header_n = 0) {
  Bytes b;
  put_be32(b, 0x00000803);
  put_be32(b, header_n ? header_n : n);
  put_be32(b, 28);
  put_be32(b, 28);
  for (std::uint32_t k = 0; k < n; ++k)
    for (int i = 0; i < 28 * 28; ++i) b.push_back(static_cast<unsigned char>((k + i) % 256));
  return b;
}

Bytes labels_idx(std::uint32_t n, std::uint32_t header_n = 0) {
  Bytes b;
  put_be32(b, 0x00000801);
  put_be32(b, header_n ? header_n : n);
  for (std::uint32_t k = 0; k < n; ++k) b.push_back(static_cast<unsigned char>(k % 10));
  return b;
}

void write_raw(const QString& path, const Bytes& bytes) {
  std::ofstream f(path.toStdString(), std::ios::binary | std::ios::trunc);
  f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

void write_gz(const QString& path, const Bytes& bytes) {
  gzFile f = gzopen(path.toLocal8Bit().constData(), "wb");
  QVERIFY(f);
  if (!bytes.empty()) QCOMPARE(gzwrite(f, bytes.data(), static_cast<unsigned>(bytes.size())), int(bytes.size()));
  gzclose(f);
}

Bytes read_all(const QString& path) {
  std::ifstream f(path.toStdString(), std::ios::binary);
  return Bytes(std::istreambuf_iterator<char>(f), {});
}

template <class F>
QString thrown_message(F&& f) {
  try {
    f();
  } catch (const std::runtime_error& e) {
    return QString::fromStdString(e.what());
  } catch (const std::exception& e) {
    return QStringLiteral("<wrong exception type> ") + e.what();
  }
  return QStringLiteral("<no exception>");
}

std::vector<std::int64_t> class_counts(const torch::Tensor& labels, std::int64_t classes) {
  const auto c = torch::bincount(labels, {}, classes);
  return std::vector<std::int64_t>(c.data_ptr<std::int64_t>(), c.data_ptr<std::int64_t>() + c.numel());
}

/// Example i has input {i}: lets the sampler tests see which examples a batch holds.
class IndexDataset : public Dataset {
 public:
  explicit IndexDataset(std::int64_t n) : m_n(n) {}
  std::string name() const override { return "index"; }
  std::int64_t size() const override { return m_n; }
  std::vector<std::int64_t> input_shape() const override { return {1}; }
  std::int64_t num_classes() const override { return 1; }
  std::pair<torch::Tensor, torch::Tensor> gather(const torch::Tensor& idx) const override {
    return {idx.to(torch::kFloat).unsqueeze(1), torch::zeros_like(idx)};
  }

 private:
  std::int64_t m_n;
};

const char* kDebianDir = "/usr/share/datasets/fashion-mnist";

}  // namespace

class TestDatasets : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void generated_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<qlonglong>("size");
    QTest::addColumn<qlonglong>("dim");
    QTest::addColumn<qlonglong>("classes");
    QTest::newRow("spirals") << "spirals" << 3000LL << 2LL << 3LL;
    QTest::newRow("clusters") << "clusters" << 10000LL << 128LL << 10LL;
  }
  void generated() {
    QFETCH(QString, name);
    QFETCH(qlonglong, size);
    QFETCH(qlonglong, dim);
    QFETCH(qlonglong, classes);
    torch::manual_seed(1);
    const auto a = make_dataset(name.toStdString(), 5, "");
    torch::manual_seed(2);  // the global generator does not matter
    const auto b = make_dataset(name.toStdString(), 5, "");
    const auto c = make_dataset(name.toStdString(), 6, "");
    QCOMPARE(QString::fromStdString(a->name()), name);
    QCOMPARE(a->size(), size);
    QCOMPARE(a->input_shape(), std::vector<std::int64_t>{dim});
    QCOMPARE(a->num_classes(), classes);
    const auto all = torch::arange(static_cast<std::int64_t>(size), torch::kLong);
    const auto [xa, ya] = a->gather(all);
    const auto [xb, yb] = b->gather(all);
    const auto [xc, yc] = c->gather(all);
    QCOMPARE(xa.sizes().vec(), (std::vector<std::int64_t>{size, dim}));
    QCOMPARE(xa.scalar_type(), torch::kFloat);
    QCOMPARE(ya.scalar_type(), torch::kLong);
    QVERIFY(torch::equal(xa, xb));
    QVERIFY(torch::equal(ya, yb));
    QVERIFY(!torch::equal(xa, xc));
    QVERIFY(torch::isfinite(xa).all().item<bool>());
    QCOMPARE(class_counts(ya, classes), std::vector<std::int64_t>(classes, size / classes));
    if (name == "spirals") {
      QVERIFY(xa.norm(2, 1).max().item<float>() <= 1.0f + 1e-5f);  // radius grows 0..1
    } else {
      // Class means sit near their centres ~N(0,1): spread of order 1, within-class noise 1.5.
      const float std_all = torch::std(xa).item<float>();
      QVERIFY2(std_all > 1.4f && std_all < 2.2f, qPrintable(QString::number(std_all)));
    }
    // gather() of a subset returns exactly those rows.
    const auto idx = torch::tensor(std::vector<std::int64_t>{7, 0, 7, size - 1});
    const auto [xs, ys] = a->gather(idx);
    QVERIFY(torch::equal(xs, xa.index_select(0, idx)));
    QVERIFY(torch::equal(ys, ya.index_select(0, idx)));
  }

  void samplerEpochsAreSeededPermutations() {
    IndexDataset data(1000);
    BatchSampler s1(data, 300, 7), s2(data, 300, 7), s3(data, 300, 8);
    std::vector<torch::Tensor> epoch1, epoch2;
    for (int i = 0; i < 3; ++i) epoch1.push_back(s1.next().first.flatten());
    for (int i = 0; i < 3; ++i) epoch2.push_back(s1.next().first.flatten());  // 4th call: new epoch
    for (int i = 0; i < 6; ++i) {
      const auto b = s2.next().first.flatten();
      QVERIFY(torch::equal(b, i < 3 ? epoch1[i] : epoch2[i - 3]));
    }
    QVERIFY(!torch::equal(s3.next().first.flatten(), epoch1[0]));
    // Within an epoch: distinct examples (3 full batches of 300, the last 100 dropped).
    const auto e1 = torch::cat(epoch1), e2 = torch::cat(epoch2);
    QCOMPARE(std::get<0>(torch::_unique(e1)).numel(), std::int64_t{900});
    QCOMPARE(std::get<0>(torch::_unique(e2)).numel(), std::int64_t{900});
    QVERIFY(!torch::equal(e1, e2));  // reshuffled
    // A batch larger than the dataset is the whole dataset; a batch of 0 is refused.
    BatchSampler big(data, 5000, 1);
    QCOMPARE(big.next().first.size(0), std::int64_t{1000});
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, BatchSampler(data, 0, 1));
  }

  // --- Fashion-MNIST -----------------------------------------------------------------------

  void fashionMnistReal() {
    if (!std::filesystem::exists(std::string(kDebianDir) + "/train-images-idx3-ubyte.gz"))
      QSKIP("dataset-fashion-mnist is not installed");
    QElapsedTimer timer;
    timer.start();
    const auto data = make_dataset("fashion-mnist", 0, "");
    qInfo("Fashion-MNIST loaded in %lld ms", static_cast<long long>(timer.elapsed()));
    QCOMPARE(data->size(), std::int64_t{60000});
    QCOMPARE(data->input_shape(), (std::vector<std::int64_t>{1, 28, 28}));
    QCOMPARE(data->num_classes(), std::int64_t{10});
    double sum = 0, sum_sq = 0;
    float lo = 1e9f, hi = -1e9f;
    std::vector<std::int64_t> counts(10, 0);
    for (std::int64_t start = 0; start < 60000; start += 15000) {
      const auto [x, y] = data->gather(torch::arange(start, start + 15000, torch::kLong));
      QCOMPARE(x.sizes().vec(), (std::vector<std::int64_t>{15000, 1, 28, 28}));
      sum += x.sum(torch::kDouble).item<double>();
      sum_sq += x.to(torch::kDouble).square().sum().item<double>();
      lo = std::min(lo, x.min().item<float>());
      hi = std::max(hi, x.max().item<float>());
      const auto c = class_counts(y, 10);
      for (int k = 0; k < 10; ++k) counts[k] += c[k];
    }
    const double n = 60000.0 * 784, mean = sum / n, stdev = std::sqrt(sum_sq / n - mean * mean);
    qInfo("normalised pixels: mean %.4f std %.4f min %.4f max %.4f", mean, stdev, lo, hi);
    // Normalised with the training set's own mean/std: ~0 and ~1; black and white pixels map
    // to (0 - 0.2860)/0.3530 and (1 - 0.2860)/0.3530.
    QVERIFY(std::abs(mean) < 0.01);
    QVERIFY(std::abs(stdev - 1.0) < 0.01);
    QCOMPARE(lo, (0.0f - 0.2860f) / 0.3530f);
    QVERIFY(std::abs(hi - (1.0f - 0.2860f) / 0.3530f) < 1e-5f);
    QCOMPARE(counts, std::vector<std::int64_t>(10, 6000));  // the training set is balanced
  }

  void fashionMnistRawAndGzip_data() {
    QTest::addColumn<bool>("gz");
    QTest::newRow("raw") << false;
    QTest::newRow("gzip") << true;
  }
  void fashionMnistRawAndGzip() {
    QFETCH(bool, gz);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString suffix = gz ? ".gz" : "";
    (gz ? write_gz : write_raw)(dir.filePath("train-images-idx3-ubyte" + suffix), images_idx(5));
    (gz ? write_gz : write_raw)(dir.filePath("train-labels-idx1-ubyte" + suffix), labels_idx(5));
    const auto data = make_dataset("fashion-mnist", 0, dir.path().toStdString());
    QCOMPARE(data->size(), std::int64_t{5});
    const auto [x, y] = data->gather(torch::tensor(std::vector<std::int64_t>{3}));
    QCOMPARE(y.item<std::int64_t>(), std::int64_t{3});
    // Image 3, pixel 10 is (3 + 10) = 13: normalised exactly as the dataset promises.
    const float expected = (13.0f / 255.0f - 0.2860f) / 0.3530f;
    QVERIFY(std::abs(x[0][0][0][10].item<float>() - expected) < 1e-6f);
  }

  void fashionMnistMissing() {
    QTemporaryDir dir;
    const QString msg = thrown_message([&] { make_dataset("fashion-mnist", 0, dir.path().toStdString()); });
    QVERIFY2(msg.contains("dataset-fashion-mnist") && msg.contains("--data-dir") && msg.contains(dir.path()),
             qPrintable(msg));
  }

  void fashionMnistCorrupt_data() {
    QTest::addColumn<QString>("file");      // which file is broken: "images" or "labels"
    QTest::addColumn<QByteArray>("bytes");  // its content (written raw, under a .gz name if gz)
    QTest::addColumn<bool>("gz");           // write `bytes` through gzip
    QTest::addColumn<QString>("problem");   // a word the message must contain
    const auto qa = [](const Bytes& b) { return QByteArray(reinterpret_cast<const char*>(b.data()), int(b.size())); };
    Bytes truncated = images_idx(5);
    truncated.resize(truncated.size() - 100);
    Bytes wrong_magic = images_idx(5);
    wrong_magic[3] = 0x02;
    Bytes huge = images_idx(0, 0);  // header only
    huge[4] = 0x7f;                 // 2^30-ish images claimed by an 16-byte file
    Bytes bad_label = labels_idx(5);
    bad_label.back() = 10;
    QTest::newRow("empty") << "images" << QByteArray() << false << "empty";
    QTest::newRow("empty gzip") << "images" << QByteArray() << true << "empty";
    QTest::newRow("header cut short") << "images" << qa(images_idx(5)).left(9) << false << "truncated";
    QTest::newRow("truncated data") << "images" << qa(truncated) << false << "truncated";
    QTest::newRow("truncated data (gzip)") << "images" << qa(truncated) << true << "truncated";
    QTest::newRow("trailing data") << "images" << qa(images_idx(5, 4)) << false << "longer than its header";
    QTest::newRow("wrong magic") << "images" << qa(wrong_magic) << false << "bad magic";
    QTest::newRow("labels file as images") << "images" << qa(labels_idx(5)) << false << "bad magic";
    QTest::newRow("not gzip, not IDX") << "images" << QByteArray("<html>404 not found</html>") << false << "bad magic";
    QTest::newRow("huge count") << "images" << qa(huge) << false << "dimension 0";
    QTest::newRow("wrong label count") << "labels" << qa(labels_idx(4)) << false << "4 labels for 5 images";
    QTest::newRow("label out of range") << "labels" << qa(bad_label) << false << "out of range";
  }
  void fashionMnistCorrupt() {
    QFETCH(QString, file);
    QFETCH(QByteArray, bytes);
    QFETCH(bool, gz);
    QFETCH(QString, problem);
    QTemporaryDir dir;
    const QString images = dir.filePath("train-images-idx3-ubyte.gz");
    const QString labels = dir.filePath("train-labels-idx1-ubyte.gz");
    write_gz(images, images_idx(5));
    write_gz(labels, labels_idx(5));
    const QString broken = file == "images" ? images : labels;
    const Bytes content(bytes.begin(), bytes.end());
    (gz ? write_gz : write_raw)(broken, content);
    const QString msg = thrown_message([&] { make_dataset("fashion-mnist", 0, dir.path().toStdString()); });
    qInfo("%s", qPrintable(msg.mid(dir.path().size() + 1)));
    QVERIFY2(msg.contains(problem), qPrintable(msg));
    QVERIFY2(msg.contains(QFileInfo(broken).fileName()), qPrintable(msg));
  }

  void fashionMnistTruncatedGzipStream() {
    // A download cut off mid-stream: the gzip trailer and part of the deflate data are missing.
    QTemporaryDir dir;
    const QString images = dir.filePath("train-images-idx3-ubyte.gz");
    write_gz(images, images_idx(50));
    write_gz(dir.filePath("train-labels-idx1-ubyte.gz"), labels_idx(50));
    Bytes gz = read_all(images);
    gz.resize(gz.size() / 2);
    write_raw(images, gz);
    const QString msg = thrown_message([&] { make_dataset("fashion-mnist", 0, dir.path().toStdString()); });
    QVERIFY2(msg.contains("train-images-idx3-ubyte.gz") && (msg.contains("truncated") || msg.contains("corrupt")),
             qPrintable(msg));
  }
};

QTEST_APPLESS_MAIN(TestDatasets)
#include "test_datasets.moc"
