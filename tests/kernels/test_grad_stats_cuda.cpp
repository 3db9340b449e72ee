// The CUDA pass against the CPU pass (which test_grad_stats checks against the reference):
// counts, amax, amin, cast overflow and unscaled values bit-exact, found_inf equal, the sum of
// squares to 1e-12 relative. Skips (exit code 77 via QSKIP of every test) without a device.
#include <QTest>

#include <bit>
#include <cstdlib>
#include <cstring>

#include "ampscope/kernels/grad_stats.h"
#include "test_tensors.h"

#if defined(AMPSCOPE_KERNELS_CUDA)
#include <cuda_runtime.h>
#endif

using namespace ampscope::kernels;
using namespace ampscope::test;

namespace {

// Used only when the CUDA kernels are built (a CUDA-less build compiles the skipping shell).
[[maybe_unused]] TestTensor build(DType dt, const QString& gen, std::size_t n, const QString& layout) {
  TestTensor t;
  if (gen == "normal") t = make_contiguous(dt, gen_normal(42 + n, n, 1e-2));
  else if (gen == "bits") t = make_from_bits(dt, gen_random_bits(43 + n, dt, n));
  else if (gen == "edges") t = make_contiguous(dt, gen_edges(dt));
  else t = make_contiguous(dt, gen_specials(dt));
  const std::int64_t count = t.sizes[0];
  if (layout == "transposed") {
    t.ndim = 2;
    t.sizes = {count / 16, 16};
    t.strides = {1, count / 16};
  } else if (layout == "sliced") {
    t.ndim = 2;
    t.sizes = {16, (count / 16 + 2) / 3};
    t.strides = {count / 16, 3};
  } else if (layout == "reversed") {
    t.base = count - 1;
    t.strides[0] = -1;
  }
  return t;
}

}  // namespace

class TestGradStatsCuda : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    if (!cuda_available()) {
      // One line for the log, then exit code 77 so CTest reports "skipped", not "passed".
      qInfo("SKIP: no CUDA device (or no CUDA kernels in this build)");
      std::exit(77);
    }
  }

  void cudaMatchesCpu_data() {
    QTest::addColumn<int>("dtype");
    QTest::addColumn<QString>("gen");
    QTest::addColumn<qint64>("n");
    QTest::addColumn<QString>("layout");
    QTest::addColumn<float>("invScale");
    const char* names[] = {"f32", "f16", "bf16"};
    for (int d = 0; d < 3; ++d) {
      const QString p = names[d];
      auto row = [&](const QString& what) -> QTestData& { return QTest::newRow(qPrintable(p + " " + what)) << d; };
      row("normal") << "normal" << qint64(100000) << "contiguous" << 1.0f;
      row("random bits, unscale 1/3") << "bits" << qint64(100000) << "contiguous" << 1.0f / 3.0f;
      row("edges, unscale 2^-16") << "edges" << qint64(0) << "contiguous" << float(1.0 / 65536);
      row("specials, unscale 1024") << "specials" << qint64(0) << "contiguous" << 1024.0f;
      row("empty") << "normal" << qint64(0) << "contiguous" << 0.5f;
      row("one element") << "normal" << qint64(1) << "contiguous" << 0.5f;
      row("transposed") << "bits" << qint64(16 * 999) << "transposed" << 0.5f;
      row("sliced") << "bits" << qint64(16 * 999) << "sliced" << 0.5f;
      row("reversed") << "normal" << qint64(12345) << "reversed" << 0.5f;
      row("large, many blocks") << "normal" << qint64(4'000'037) << "contiguous" << 0.125f;
    }
  }

  void cudaMatchesCpu() {
#if defined(AMPSCOPE_KERNELS_CUDA)
    QFETCH(int, dtype);
    QFETCH(QString, gen);
    QFETCH(qint64, n);
    QFETCH(QString, layout);
    QFETCH(float, invScale);
    TestTensor host = build(static_cast<DType>(dtype), gen, static_cast<std::size_t>(n), layout);
    TestTensor gpu_copy = host;
    void* dev = nullptr;
    std::int32_t* flag = nullptr;
    QCOMPARE(cudaMalloc(&dev, std::max<std::size_t>(host.storage.size(), 1)), cudaSuccess);
    QCOMPARE(cudaMalloc(reinterpret_cast<void**>(&flag), sizeof(std::int32_t)), cudaSuccess);
    QCOMPARE(cudaMemcpy(dev, host.storage.data(), host.storage.size(), cudaMemcpyHostToDevice), cudaSuccess);
    QCOMPARE(cudaMemset(flag, 0, sizeof(std::int32_t)), cudaSuccess);

    PassOptions opt;
    opt.unscale = invScale != 1.0f;
    opt.inv_scale = invScale;
    const TensorView hv = host.view();
    RawTensorStats cpu;
    const bool cpu_found = grad_stats_cpu({&hv, 1}, opt, &cpu);

    TensorView dv = gpu_copy.view();
    dv.data = static_cast<std::uint8_t*>(dev) + host.base * static_cast<std::int64_t>(host.esize());
    cudaStream_t stream = nullptr;
    QCOMPARE(cudaStreamCreate(&stream), cudaSuccess);
    CudaStatsPass pass(0);
    pass.enqueue({&dv, 1}, opt, stream, flag);
    pass.copy_results_async(stream);
    const auto res = pass.wait_results();
    QCOMPARE(res.size(), std::size_t(1));
    const RawTensorStats g = res[0];
    std::int32_t gpu_found = -1;
    QCOMPARE(cudaMemcpy(&gpu_found, flag, sizeof gpu_found, cudaMemcpyDeviceToHost), cudaSuccess);
    QCOMPARE(cudaMemcpy(gpu_copy.storage.data(), dev, host.storage.size(), cudaMemcpyDeviceToHost), cudaSuccess);
    cudaStreamDestroy(stream);
    cudaFree(dev);
    cudaFree(flag);

    for (int i = 0; i < kRawExpBins; ++i) QCOMPARE(g.exp_count[i], cpu.exp_count[i]);
    QCOMPARE(g.zero, cpu.zero);
    QCOMPARE(g.nan, cpu.nan);
    QCOMPARE(g.pos_inf, cpu.pos_inf);
    QCOMPARE(g.neg_inf, cpu.neg_inf);
    QCOMPARE(g.amax_bits, cpu.amax_bits);
    QCOMPARE(g.amin_nz_bits, cpu.amin_nz_bits);
    for (int f = 0; f < kNumFormats; ++f) QCOMPARE(g.cast_overflow[f], cpu.cast_overflow[f]);
    QVERIFY(std::abs(g.sum_squares - cpu.sum_squares) <= 1e-12 * cpu.sum_squares);
    QCOMPARE(gpu_found != 0, cpu_found);
    for (std::int64_t i = 0; i < host.storage_elems(); ++i) {
      const std::uint32_t a = gpu_copy.bits_at(i), b = host.bits_at(i);
      if (a != b && !(is_nan_bits(host.dtype, a) && is_nan_bits(host.dtype, b)))
        QFAIL(qPrintable(QStringLiteral("element %1: gpu 0x%2 cpu 0x%3").arg(i).arg(a, 0, 16).arg(b, 0, 16)));
    }
#else
    QSKIP("no CUDA kernels in this build");
#endif
  }
};

QTEST_APPLESS_MAIN(TestGradStatsCuda)
#include "test_grad_stats_cuda.moc"
