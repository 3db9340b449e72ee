// TrainingSession: determinism, skip semantics, underflow measurement, fault injection, live
// controls, the worker thread, and clean errors for bad configurations.
#include <ampscope/process_memory.h>
#include <ampscope/training_session.h>

#include <ampscope/torch_compat.h>

#include "fused_optimizers.h"  // core/session/src: the fused steps against LibTorch's
#include "work_lane.h"        // core/data/src: the second thread of a step on 2 cores
#include "session_test_helpers.h"

#include <c10/core/CPUAllocator.h>
#include <c10/util/Exception.h>

#include <QtTest>

#include <sched.h>
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <stdexcept>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <memory>
#include <new>
#include <thread>
#include <tuple>

using namespace ampscope;
using ampscope::test::drain_until_done;
using ampscope::test::events_of;

// Heap allocations counted per thread while a test asks (operator new is replaced for this test
// binary; every form ends in malloc/free, which the sanitizers still watch). Under ASan, LibTorch's
// own allocations still go through the sanitizer's operator new, and some are freed by inlined
// header code through this operator delete: ASan must not call that pair a mismatch here.
// (tests/core/CMakeLists.txt exports it: the sanitizer's runtime, a shared library, looks it up.)
#if defined(__SANITIZE_ADDRESS__)
#define AMPSCOPE_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define AMPSCOPE_TEST_ASAN 1
#endif
#endif
#ifdef AMPSCOPE_TEST_ASAN
extern "C" __attribute__((visibility("default"), used)) const char* __asan_default_options() {
  return "alloc_dealloc_mismatch=0";
}
#endif
namespace {
thread_local bool g_count_allocations = false;
thread_local std::uint64_t g_allocations = 0;
void* counted_alloc(std::size_t n) {
  if (g_count_allocations) ++g_allocations;
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void* counted_alloc(std::size_t n, std::align_val_t a) {
  if (g_count_allocations) ++g_allocations;
  const auto al = std::max(static_cast<std::size_t>(a), sizeof(void*));
  if (void* p = std::aligned_alloc(al, (std::max<std::size_t>(n, 1) + al - 1) / al * al)) return p;
  throw std::bad_alloc();
}
}  // namespace
void* operator new(std::size_t n) { return counted_alloc(n); }
void* operator new[](std::size_t n) { return counted_alloc(n); }
void* operator new(std::size_t n, std::align_val_t a) { return counted_alloc(n, a); }
void* operator new[](std::size_t n, std::align_val_t a) { return counted_alloc(n, a); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }

namespace {
// deep-mlp's work at batch 256 (test_models checks the counts).
const WorkSize kDeepWork{0, 256 * (12.0 * 128 * 128 + 128 * 10), 13};

/// While it lives, the process runs on at most `cores` of the CPUs it had (the first ones), so
/// that what the thread rule gives a 2-core machine is tested on a bigger one too.
class CoreLimit {
 public:
  explicit CoreLimit(int cores) {
    CPU_ZERO(&m_saved);
    if (sched_getaffinity(0, sizeof m_saved, &m_saved) != 0 || CPU_COUNT(&m_saved) <= cores) return;
    cpu_set_t fewer;
    CPU_ZERO(&fewer);
    for (int c = 0, kept = 0; c < CPU_SETSIZE && kept < cores; ++c)
      if (CPU_ISSET(c, &m_saved)) {
        CPU_SET(c, &fewer);
        ++kept;
      }
    m_limited = sched_setaffinity(0, sizeof fewer, &fewer) == 0;
  }
  ~CoreLimit() {
    if (m_limited) sched_setaffinity(0, sizeof m_saved, &m_saved);
  }
  CoreLimit(const CoreLimit&) = delete;
  CoreLimit& operator=(const CoreLimit&) = delete;

 private:
  cpu_set_t m_saved;
  bool m_limited = false;
};

// Work lane items (workLane* tests): each counts its runs and where it ran.
std::atomic<double> g_lane_sink{0.0};
struct LaneSlot {
  std::atomic<int> runs{0};
  std::atomic<bool> here{false};  // ran on the thread that posted it
  std::thread::id poster;
};
void lane_slot_item(void* ctx, std::size_t i) {
  LaneSlot& s = static_cast<LaneSlot*>(ctx)[i];
  s.runs.fetch_add(1);
  s.here.store(std::this_thread::get_id() == s.poster);
  if (i % 3 == 0) {  // a little work, so that both threads take some
    double x = 1.0;
    for (int k = 0; k < 2000; ++k) x = x * 1.0000001 + 1e-9;
    g_lane_sink.store(x, std::memory_order_relaxed);
  }
}
/// `n` slots, posted from this thread.
std::unique_ptr<LaneSlot[]> lane_slots(std::size_t n) {
  auto slots = std::make_unique<LaneSlot[]>(n);
  for (std::size_t i = 0; i < n; ++i) slots[i].poster = std::this_thread::get_id();
  return slots;
}
void lane_throwing_item(void*, std::size_t i) { throw std::runtime_error("item " + std::to_string(i)); }

SessionConfig spiral(std::uint64_t seed = 5) {
  SessionConfig c;
  c.model = "spiral-mlp";
  c.precision = Precision::FP16;
  c.seed = seed;
  c.batch_size = 128;
  return c;
}

int layer_index(const TrainingSession& s, const std::string& name) {
  const auto& ls = s.layers();
  for (std::size_t i = 0; i < ls.size(); ++i)
    if (ls[i].name == name) return static_cast<int>(i);
  return -1;
}

const LayerStepStats* stats_of(const StepRecord& r, int layer) {
  for (const auto& l : r.layers)
    if (l.layer == layer) return &l;
  return nullptr;
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

/// A storm: a fault at every one of `steps` steps, alternating inf/NaN, the loss and fc3.
SessionConfig storm(std::int64_t steps) {
  SessionConfig c = spiral();
  c.batch_size = 32;
  c.max_steps = steps;
  c.stats_every = 10;  // the statistics path runs too, on every tenth step
  for (std::int64_t i = 0; i < steps; ++i)
    c.faults.push_back({i % 3 == 0 ? "loss" : "fc3", i % 2 == 0 ? FaultKind::Inf : FaultKind::NaN, i});
  return c;
}

}  // namespace

class TestSession : public QObject {
  Q_OBJECT

 public:
  // QTEST_GUILESS_MAIN calls it first, as ampscope's main() calls keep_step_memory() first: before
  // any thread of the process (QtTest's watchdog) has an arena of its own.
  static void initMain() { keep_step_memory(); }

 private Q_SLOTS:
  void initTestCase() { set_compute_threads(1); }

  // --- threads (compute_threads.h) ------------------------------------------------------------

  void threadRuleByWorkSize() {
    // The three models' work at batch 256 (test_models checks the counts).
    const WorkSize spiral{0, 256 * (2.0 * 64 + 64 * 64 + 64 * 64 + 64 * 3), 4};
    const WorkSize deep = kDeepWork;
    const WorkSize fashion{256 * (32.0 * 28 * 28 * 9 + 64.0 * 14 * 14 * 32 * 9), 256 * (3136.0 * 128 + 128 * 10), 2};
    // gui: beside a window (the GUI's worker).
    auto check = [](const WorkSize& w, int cores, int intra, int blas, bool gui = false) {
      const ThreadChoice c = choose_threads(w, cores, gui);
      QVERIFY2(c.intra_op == intra && c.blas == blas,
               qPrintable(QStringLiteral("%1%2 cores: %3 threads, BLAS %4; want %5, %6 (%7)")
                              .arg(gui ? "window, " : "").arg(cores).arg(c.intra_op).arg(c.blas).arg(intra).arg(blas)
                              .arg(c.why.c_str())));
    };
    check(spiral, 2, 1, 1);
    check(spiral, 64, 1, 1);
    check(deep, 2, 1, 1);  // and the lane (below)
    check(deep, 3, 1, 3);
    check(deep, 16, 1, kMaxThreads);
    check(fashion, 2, 2, 1);
    check(fashion, 16, kMaxThreads, 1);
    for (const auto& w : {spiral, deep, fashion}) check(w, 1, 1, 1);
    // The thresholds themselves.
    check({kParallelConvMacs - 1, 0, 0}, 4, 1, 1);
    check({kParallelConvMacs, 0, 0}, 4, 4, 1);
    check({0, 10 * kParallelLinearMacs - 1, 10}, 4, 1, 1);
    check({0, 10 * kParallelLinearMacs, 10}, 4, 1, 4);
    // The weight-gradient lane: large linear layers on exactly 2 cores, without a window.
    QVERIFY(choose_threads(deep, 2).grad_lane);
    QVERIFY(choose_threads({0, 10 * kParallelLinearMacs, 10}, 2).grad_lane);
    QVERIFY(!choose_threads({0, 10 * kParallelLinearMacs - 1, 10}, 2).grad_lane);
    for (const int cores : {1, 3, 4, 16}) QVERIFY(!choose_threads(deep, cores).grad_lane);
    QVERIFY(!choose_threads(deep, 2, true).grad_lane);
    QVERIFY(!choose_threads(spiral, 2).grad_lane);
    QVERIFY(!choose_threads(fashion, 2).grad_lane);
    QVERIFY2(QString::fromStdString(choose_threads(deep, 2).why).endsWith("BLAS 1, weight gradients on a second thread"),
             choose_threads(deep, 2).why.c_str());
    // Beside a window: BLAS leaves a core to the window's thread; the rest as without one.
    check(deep, 2, 1, 1, true);
    check(deep, 4, 1, 3, true);
    check(deep, 16, 1, kMaxThreads, true);
    check(deep, 1, 1, 1, true);
    check(spiral, 2, 1, 1, true);
    check(fashion, 2, 2, 1, true);
    check(fashion, 16, kMaxThreads, 1, true);
    QVERIFY2(QString::fromStdString(choose_threads(deep, 2, true).why).contains("a core left to the window: 1 thread, BLAS 1"),
             choose_threads(deep, 2, true).why.c_str());
    QVERIFY(!QString::fromStdString(choose_threads(deep, 2).why).contains("window"));
    QVERIFY2(QString::fromStdString(choose_threads(spiral, 2).why).contains("no convolutions, 545k per linear layer"),
             choose_threads(spiral, 2).why.c_str());
    QVERIFY2(QString::fromStdString(choose_threads(fashion, 2).why).contains("982.6M convolution"),
             choose_threads(fashion, 2).why.c_str());
  }

  // The memory a step frees stays for the next step (process_memory.h; set here by initMain, as
  // ampscope's main() and every session's build set it): a 58 MB block (fashion-cnn's im2col size)
  // that malloc gives, is freed and is asked for again is not faulted in again: glibc's thresholds,
  // as every allocation outside LibTorch's tensors meets them (largeBlocksAreKeptByTheAllocator
  // checks the tensors). With glibc's defaults every round faulted its ~14,800 pages in anew.
  void freedStepMemoryIsReused() {
    // A session first, as in a run: its small tensors already sit in the heap (without them the
    // rounds' own small allocations land above each freed block and keep it from being reused).
    TrainingSession s(spiral());
    const std::string how = keep_step_memory();
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    QSKIP("the sanitizer's allocator replaces glibc's malloc: its thresholds do not apply");
#endif
#if defined(__GLIBC__)
    if (how.rfind("left to the environment", 0) == 0) QSKIP("malloc is tuned by this environment: the program leaves it alone");
    QCOMPARE(QString::fromStdString(how),
             QStringLiteral("kept (mmap threshold 512 MB, trim threshold 1024 MB, blocks of 1 MB and more)"));
    auto faults = [] {
      rusage u{};
      getrusage(RUSAGE_SELF, &u);
      return static_cast<long>(u.ru_minflt);
    };
    const std::int64_t n = (58 << 20) / 4;
    auto round = [n] {
      float* t = static_cast<float*>(std::malloc(static_cast<std::size_t>(n) * sizeof(float)));
      if (t == nullptr) return 0.0f;
      std::fill(t, t + n, 1.0f);  // touches every page
      const float last = t[n - 1];
      std::free(t);
      return last;
    };
    // The first rounds fault their pages in once (the heap grows before its free chunks fit every
    // request).
    for (int warm = 0; warm < 4; ++warm) QCOMPARE(round(), 1.0f);
    const long before = faults();
    for (int r = 0; r < 5; ++r) QCOMPARE(round(), 1.0f);
    const long per_round = (faults() - before) / 5;
    QVERIFY2(per_round < 500, qPrintable(QStringLiteral("%1 page faults a round (of %2 pages)").arg(per_round).arg(n * 4 / 4096)));
#else
    QVERIFY(how.rfind("left to the C library", 0) == 0);
#endif
  }

  // The same for a session on its worker thread (the GUI's), whose own arena maps any block above
  // its 64 MB heaps anew: LibTorch's allocator keeps the large blocks itself (keep_step_buffers).
  // fashion-cnn at batch 512 (a 115 MB im2col buffer) faulted 37,600 pages a step there with
  // glibc's thread arena alone, and trained at 5.3-6.1 steps/s against 8.9-9.2 with them kept
  // (docs/performance.md).
  void workerSessionReusesItsLargeBuffers() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    QSKIP("the sanitizer's allocator replaces glibc's malloc: its thresholds do not apply");
#endif
    SessionConfig c;  // the large blocks are kept whatever the environment does with malloc
    c.model = "fashion-cnn";
    c.batch_size = 512;
    c.max_steps = 14;
    c.stats_every = 0;
    std::unique_ptr<TrainingSession> s;
    try {
      s = std::make_unique<TrainingSession>(c);
    } catch (const std::exception& e) {
      QSKIP(qPrintable(QStringLiteral("fashion-cnn cannot be built here: %1").arg(e.what())));
    }
    auto faults = [] {
      rusage u{};
      getrusage(RUSAGE_SELF, &u);
      return static_cast<long>(u.ru_minflt);
    };
    std::vector<StepRecord> out;
    s->start();
    long before = -1;
    std::int64_t from = 0;
    do {
      if (before < 0 && s->steps_done() >= 6) {  // the first steps fault their buffers in once
        before = faults();
        from = s->steps_done();
      }
      s->drain(out);
      s->recycle(out);
      QTest::qWait(2);
    } while (s->running());
    QCOMPARE(s->steps_done(), c.max_steps);
    QVERIFY(before >= 0 && s->steps_done() > from);
    const long per_step = (faults() - before) / static_cast<long>(s->steps_done() - from);
    QVERIFY2(per_step < 2000, qPrintable(QStringLiteral("%1 page faults a step").arg(per_step)));
  }

  // LibTorch's CPU allocator keeps a freed block of 1 MB or more (process_memory.h) and hands it
  // out again for a request it holds with at most a quarter to spare, through at::empty and
  // through raw_allocate (oneDNN's scratch); small blocks stay LibTorch's; release_step_buffers()
  // gives the kept ones back.
  void largeBlocksAreKeptByTheAllocator() {
    release_step_buffers();
    QCOMPARE(kept_step_buffer_bytes(), std::size_t(0));
    const std::int64_t n = (32 << 20) / 4;  // 32 MB of floats
    at::Tensor a = at::empty({n});
    void* first = a.data_ptr();
    a.fill_(2.0f);
    a.reset();
    QVERIFY(kept_step_buffer_bytes() >= std::size_t(32) << 20);
    at::Tensor b = at::empty({n - 1000});  // held with a little to spare: the same block
    QCOMPARE(b.data_ptr(), first);
    QCOMPARE(kept_step_buffer_bytes(), std::size_t(0));
    b.reset();
    at::Tensor c = at::empty({(20 << 20) / 4});  // 20 MB: 12 MB to spare of 32 is too much
    QVERIFY(c.data_ptr() != first);
    c.fill_(1.0f);
    QCOMPARE(c.sum().item<float>(), float((20 << 20) / 4));
    c.reset();
    // raw_allocate and raw_deallocate (oneDNN's path), small and large.
    c10::Allocator* cpu = c10::GetCPUAllocator();
    void* small = cpu->raw_allocate(4096);
    std::memset(small, 1, 4096);
    cpu->raw_deallocate(small);
    const std::size_t kept = kept_step_buffer_bytes();
    void* large = cpu->raw_allocate(std::size_t(24) << 20);
    std::memset(large, 1, std::size_t(24) << 20);
    cpu->raw_deallocate(large);
    // Kept: the 20 MB and the 32 MB block, which the 24 MB request took (8 MB to spare) and gave back.
    QCOMPARE(kept, std::size_t(52) << 20);
    QCOMPARE(kept_step_buffer_bytes(), kept);
    release_step_buffers();
    QCOMPARE(kept_step_buffer_bytes(), std::size_t(0));
  }

  // OpenBLAS's kernels: never its generic Prescott ones on a CPU with AVX2 (Debian 12's 0.3.21
  // takes Intel's Emerald Rapids for one), unless the user chose them.
  void blasKernelsSuitTheCpu() {
    const BlasKernels& k = ensure_blas_kernels();
    QCOMPARE(&ensure_blas_kernels(), &k);  // decided once
    if (k.core.empty()) QSKIP("the BLAS in this process is not OpenBLAS");
    qInfo("BLAS kernels: %s", blas_kernels_text().c_str());
    if (k.by == BlasKernels::By::Environment) QSKIP("OPENBLAS_CORETYPE is set: the user's choice stands");
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
      QVERIFY2(k.core != "Prescott", blas_kernels_text().c_str());
      if (k.by == BlasKernels::By::AmpScope) {
        QCOMPARE(QString::fromStdString(k.replaced), QStringLiteral("Prescott"));
        QVERIFY(QString::fromStdString(blas_kernels_text()).contains("chosen by AmpScope"));
        QVERIFY(qEnvironmentVariableIsEmpty("OPENBLAS_CORETYPE"));  // set only for the switch
      }
    }
#endif
    // The products are right with the kernels in use (one thread and two).
    torch::manual_seed(3);
    const torch::Tensor a = torch::randn({256, 128}), b = torch::randn({128, 96});
    const torch::Tensor ref = torch::mm(a.to(torch::kDouble), b.to(torch::kDouble));
    for (int t : {1, 2}) {
      set_blas_threads(t);
      QVERIFY(torch::allclose(torch::mm(a, b).to(torch::kDouble), ref, 1e-5, 1e-4));
    }
    set_blas_threads(1);
  }

  void sessionAppliesItsThreadChoiceOnTheSteppingThread() {
    // As users run it: no --threads, no environment. The test environment sets OMP_NUM_THREADS
    // and OPENBLAS_NUM_THREADS (cmake/AmpScopeTesting.cmake): take them away for this test.
    const QByteArray omp = qgetenv("OMP_NUM_THREADS"), blas = qgetenv("OPENBLAS_NUM_THREADS");
    qunsetenv("OMP_NUM_THREADS");
    qunsetenv("OPENBLAS_NUM_THREADS");
    set_compute_threads(0);
    const bool have_blas_api = set_blas_threads(2) > 0;
    SessionConfig c = spiral();
    c.batch_size = 256;
    {
      TrainingSession s(c);
      QCOMPARE(s.threads().intra_op, 1);  // an MLP: no convolutions, one thread
      QVERIFY2(QString::fromStdString(s.threads().why).contains("no convolutions"), s.threads().why.c_str());
      // The worker thread steps: the choice holds there, and BLAS's own pool is down to 1.
      int on_worker = -1;
      std::thread([&] {
        s.step();
        on_worker = compute_threads();
      }).join();
      QCOMPARE(on_worker, 1);
      if (have_blas_api) QCOMPARE(blas_threads(), 1);
      QVERIFY(!s.threads().grad_lane);
    }
    // deep-mlp on 2 cores: BLAS 1 and the weight-gradient lane, whose step gives autograd's
    // numbers (AMPSCOPE_AUTOGRAD_STEP's session, the same seed).
    SessionConfig deep;
    deep.model = "deep-mlp";
    deep.batch_size = 256;
    deep.seed = 4;
    // The lane also takes about half of the statistics pass (activation gradients) and half of
    // the fused optimizer's parameters: every statistic of every layer and the next steps' losses
    // are those of a session without the lane (OPENBLAS_NUM_THREADS set: no lane, BLAS left at the
    // 1 thread the lane's session set). On a machine with more cores the test runs on two of them.
    const CoreLimit two_cores(2);
    if (usable_cores() == 2) {
      std::vector<StepRecord> with_lane, without;
      {
        TrainingSession s(deep);
        for (int k = 0; k < 3; ++k) with_lane.push_back(s.step());
        QVERIFY2(s.threads().grad_lane, s.threads().why.c_str());
        QCOMPARE(s.threads().blas, 1);
        if (have_blas_api) QCOMPARE(blas_threads(), 1);
        QVERIFY(decide_threads(kDeepWork).grad_lane);
        QCOMPARE(s.lane_shared_steps(), std::uint64_t{3});
      }
      qputenv("AMPSCOPE_AUTOGRAD_STEP", "1");
      qputenv("OPENBLAS_NUM_THREADS", "1");
      {
        TrainingSession ref(deep);
        for (int k = 0; k < 3; ++k) without.push_back(ref.step());
        QVERIFY2(!ref.threads().grad_lane, ref.threads().why.c_str());
        QCOMPARE(ref.lane_shared_steps(), std::uint64_t{0});
      }
      qunsetenv("AMPSCOPE_AUTOGRAD_STEP");
      qunsetenv("OPENBLAS_NUM_THREADS");
      for (std::size_t k = 0; k < with_lane.size(); ++k) {
        const StepRecord &r = with_lane[k], &rr = without[k];
        // Exact (QCOMPARE compares doubles within a tolerance).
        QVERIFY2(r.loss == rr.loss, qPrintable(QStringLiteral("step %1: loss %2 against %3")
                                                   .arg(k)
                                                   .arg(r.loss, 0, 'g', 17)
                                                   .arg(rr.loss, 0, 'g', 17)));
        QVERIFY(r.grad_norm == rr.grad_norm);
        QCOMPARE(r.layers.size(), rr.layers.size());
        QVERIFY(r.layers.size() >= 26);  // 13 layers' weights, biases and activation gradients
        for (std::size_t i = 0; i < r.layers.size(); ++i) {
          const auto &a = r.layers[i].stats, &b = rr.layers[i].stats;
          QCOMPARE(r.layers[i].layer, rr.layers[i].layer);
          QVERIFY2(a.amax == b.amax && a.amin_nonzero == b.amin_nonzero && a.sum_squares == b.sum_squares,
                   qPrintable(QStringLiteral("step %1, layer entry %2").arg(k).arg(i)));
          QCOMPARE(a.zero, b.zero);
          QCOMPARE(a.subnormal, b.subnormal);
          QCOMPARE(a.lo, b.lo);
          QCOMPARE(a.bins, b.bins);
        }
      }
    }
    // The user's environment wins for BLAS: the session leaves it alone.
    qputenv("OPENBLAS_NUM_THREADS", "2");
    if (have_blas_api) {
      set_blas_threads(2);
      TrainingSession s(c);
      QCOMPARE(s.threads().blas, 0);
      s.step();
      QCOMPARE(blas_threads(), 2);
      // deep-mlp's work (threadRuleByWorkSize): no lane, each of its products would start BLAS's
      // threads too. (The rule alone: a session with more than one thread meets libgomp's and
      // OpenBLAS's uninstrumented pools under TSan.)
      QVERIFY(!decide_threads(kDeepWork).grad_lane);
      set_blas_threads(1);
    }
    // --threads wins for LibTorch's pool.
    set_compute_threads(2);
    {
      TrainingSession s(c);
      s.step();
      QCOMPARE(s.threads().intra_op, 2);
      QCOMPARE(compute_threads(), 2);
      // The user's count is all the threads: no lane, and BLAS as without it (one per core).
      QVERIFY(!decide_threads(kDeepWork).grad_lane);
      qunsetenv("OPENBLAS_NUM_THREADS");  // set above
      if (usable_cores() == 2) QCOMPARE(decide_threads(kDeepWork).blas, 2);
    }
    set_compute_threads(1);
    if (!omp.isEmpty()) qputenv("OMP_NUM_THREADS", omp);
    qputenv("OPENBLAS_NUM_THREADS", blas.isEmpty() ? QByteArray("1") : blas);
  }

  // --- the work lane (work_lane.h): the second thread of a step on 2 cores -------------------
  void workLaneRunsEveryItemOnceOnEitherThread() {
    ampscope::detail::WorkLane lane;
    constexpr std::size_t n = 200;
    const auto slots = lane_slots(n);
    // In a span (the lane awake), and outside one (asleep: what the lane has not claimed when
    // wait() is called runs on the waiting thread).
    for (const bool span : {true, false}) {
      for (std::size_t i = 0; i < n; ++i) slots[i].runs = 0;
      const std::uint64_t done0 = lane.items_done(), back0 = lane.items_taken_back();
      if (span) lane.begin();
      for (std::size_t i = 0; i < n; ++i) lane.post(&lane_slot_item, slots.get(), i);
      if (span) lane.finish();
      else lane.wait();
      QVERIFY(!lane.in_span());
      std::uint64_t here = 0;
      for (std::size_t i = 0; i < n; ++i) {
        QCOMPARE(slots[i].runs.load(), 1);
        here += slots[i].here ? 1 : 0;
      }
      QCOMPARE(lane.items_done() - done0, std::uint64_t{n});
      QCOMPARE(lane.items_taken_back() - back0, here);
    }
    // Spans nest: the lane stays awake until the outermost ends.
    lane.begin();
    lane.begin();
    QVERIFY(lane.in_span());
    lane.finish();
    QVERIFY(lane.in_span());
    lane.finish();
    QVERIFY(!lane.in_span());
  }

  void workLaneReportsAnItemsException() {
    ampscope::detail::WorkLane lane;
    constexpr std::size_t n = 40;
    const auto slots = lane_slots(n);
    // The first failing item's exception reaches wait(), after every other item ran.
    lane.begin();
    for (std::size_t i = 0; i < n; ++i) {
      if (i == 7) lane.post(&lane_throwing_item, nullptr, i);
      else lane.post(&lane_slot_item, slots.get(), i);
    }
    QString what;
    try {
      lane.wait();
    } catch (const std::runtime_error& e) {
      what = e.what();
    }
    QCOMPARE(what, QStringLiteral("item 7"));
    for (std::size_t i = 0; i < n; ++i) QCOMPARE(slots[i].runs.load(), i == 7 ? 0 : 1);
    QVERIFY(lane.in_span());  // wait() leaves the span open
    // Reported once: the next items run and wait cleanly.
    lane.post(&lane_slot_item, slots.get(), 0);
    lane.finish();
    QCOMPARE(slots[0].runs.load(), 2);
    // A span abandoned (its own part threw) drops an item's exception, and the lane goes on.
    {
      ampscope::detail::LaneSpan span(&lane);
      lane.post(&lane_throwing_item, nullptr, 1);
    }
    QVERIFY(!lane.in_span());
    lane.begin();
    lane.post(&lane_slot_item, slots.get(), 1);
    lane.finish();
    QCOMPARE(slots[1].runs.load(), 2);
  }

  // --- the fused optimizers (fused_optimizers.h) against LibTorch's own ------------------------

  void fusedOptimizersMatchLibTorch_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<double>("lr");
    QTest::addColumn<double>("momentum");  // SGD only
    QTest::addColumn<double>("dampening");
    QTest::addColumn<bool>("nesterov");
    QTest::addColumn<double>("weight_decay");
    QTest::newRow("sgd") << "sgd" << 0.05 << 0.0 << 0.0 << false << 0.0;
    QTest::newRow("sgd momentum (the sessions')") << "sgd" << 0.05 << 0.9 << 0.0 << false << 0.0;
    QTest::newRow("sgd momentum, weight decay") << "sgd" << 0.05 << 0.9 << 0.0 << false << 1e-4;
    QTest::newRow("sgd dampening") << "sgd" << 0.01 << 0.8 << 0.3 << false << 0.0;
    QTest::newRow("sgd nesterov") << "sgd" << 0.05 << 0.9 << 0.0 << true << 1e-3;
    QTest::newRow("adam") << "adam" << 1e-3 << 0.0 << 0.0 << false << 0.0;
    QTest::newRow("adam weight decay") << "adam" << 1e-3 << 0.0 << 0.0 << false << 1e-2;
    QTest::newRow("adamw") << "adamw" << 1e-3 << 0.0 << 0.0 << false << 1e-2;
  }
  void fusedOptimizersMatchLibTorch() {
    QFETCH(QString, kind);
    QFETCH(double, lr);
    QFETCH(double, momentum);
    QFETCH(double, dampening);
    QFETCH(bool, nesterov);
    QFETCH(double, weight_decay);
    // Shapes of the zoo's layers, a 3-element bias (all of it the loops' scalar tail), and one
    // large enough to be split across threads.
    const std::vector<std::vector<std::int64_t>> shapes{{64, 2}, {64}, {64, 64}, {3, 64}, {3}, {13}, {140000}};
    torch::manual_seed(11);
    std::vector<torch::Tensor> ours, theirs, mixed;
    for (const auto& s : shapes) {
      const auto t = torch::randn(s);
      ours.push_back(t.clone().requires_grad_());
      theirs.push_back(t.clone().requires_grad_());
      mixed.push_back(t.clone().requires_grad_());
    }
    auto make = [&](std::vector<torch::Tensor> ps, bool fused) -> std::unique_ptr<torch::optim::Optimizer> {
      if (kind == "sgd") {
        auto o = torch::optim::SGDOptions(lr).momentum(momentum).dampening(dampening).nesterov(nesterov).weight_decay(
            weight_decay);
        if (fused) return std::make_unique<ampscope::detail::FusedSGD>(ps, o);
        return std::make_unique<torch::optim::SGD>(ps, o);
      }
      if (kind == "adam") {
        auto o = torch::optim::AdamOptions(lr).weight_decay(weight_decay);
        if (fused) return std::make_unique<ampscope::detail::FusedAdam>(ps, o);
        return std::make_unique<torch::optim::Adam>(ps, o);
      }
      auto o = torch::optim::AdamWOptions(lr).weight_decay(weight_decay);
      if (fused) return std::make_unique<ampscope::detail::FusedAdamW>(ps, o);
      return std::make_unique<torch::optim::AdamW>(ps, o);
    };
    auto a = make(ours, true), b = make(theirs, false), m = make(mixed, true);
    // The alternating one also steps with a lane (work_lane.h): the 140,000-element parameter
    // there, the rest here, the same bits.
    ampscope::detail::WorkLane lane;
    dynamic_cast<ampscope::detail::LaneStepping&>(*m).set_work_lane(&lane);
    auto base_step = [&](torch::optim::Optimizer& o) {
      // The base class's own step on a fused optimizer: both must read and write the same state.
      if (kind == "sgd") static_cast<ampscope::detail::FusedSGD&>(o).torch::optim::SGD::step();
      else if (kind == "adam") static_cast<ampscope::detail::FusedAdam&>(o).torch::optim::Adam::step();
      else static_cast<ampscope::detail::FusedAdamW&>(o).torch::optim::AdamW::step();
    };
    for (int step = 0; step < 40; ++step) {
      // Gradients from 1e-5 to 1e2 in size, so that the moments and buffers see every regime;
      // step 5 leaves one parameter without a gradient (skipped, as the base class skips it).
      for (std::size_t k = 0; k < shapes.size(); ++k) {
        torch::Tensor g = torch::randn(shapes[k]) * std::pow(10.0, step % 8 - 5);
        if (step == 5 && k == 1) g = torch::Tensor();
        ours[k].mutable_grad() = g.defined() ? g.clone() : g;
        theirs[k].mutable_grad() = g.defined() ? g.clone() : g;
        mixed[k].mutable_grad() = g.defined() ? g.clone() : g;
      }
      a->step();
      QVERIFY(ampscope::detail::last_step_was_fused());
      b->step();
      if (step % 3 == 1) {
        base_step(*m);
      } else {
        m->step();
        QCOMPARE(ampscope::detail::last_step_lane_params(), std::size_t{1});
      }
      for (std::size_t k = 0; k < shapes.size(); ++k) {
        QVERIFY2(torch::equal(ours[k], theirs[k]),
                 qPrintable(QStringLiteral("step %1, parameter %2: max difference %3")
                                .arg(step)
                                .arg(k)
                                .arg((ours[k] - theirs[k]).abs().max().item<double>())));
        QVERIFY2(torch::equal(mixed[k], theirs[k]), qPrintable(QStringLiteral("alternating, step %1, parameter %2")
                                                                  .arg(step)
                                                                  .arg(k)));
      }
    }
  }

  // The fused Adam ("adam") or AdamW ("adamw") on `ours` and LibTorch's on `theirs`, with the
  // same options (beta2 0.999).
  static std::pair<std::unique_ptr<torch::optim::Optimizer>, std::unique_ptr<torch::optim::Optimizer>> adam_pair(
      const QString& kind, double lr, double beta1, double eps, double weight_decay, const torch::Tensor& ours,
      const torch::Tensor& theirs) {
    if (kind == "adam") {
      const auto o = torch::optim::AdamOptions(lr).betas({beta1, 0.999}).eps(eps).weight_decay(weight_decay);
      return {std::make_unique<ampscope::detail::FusedAdam>(std::vector<torch::Tensor>{ours}, o),
              std::make_unique<torch::optim::Adam>(std::vector<torch::Tensor>{theirs}, o)};
    }
    const auto o = torch::optim::AdamWOptions(lr).betas({beta1, 0.999}).eps(eps).weight_decay(weight_decay);
    return {std::make_unique<ampscope::detail::FusedAdamW>(std::vector<torch::Tensor>{ours}, o),
            std::make_unique<torch::optim::AdamW>(std::vector<torch::Tensor>{theirs}, o)};
  }
  // An Adam or AdamW optimizer's first and second moments of `p`.
  static std::pair<torch::Tensor, torch::Tensor> adam_moments(torch::optim::Optimizer& o, const torch::Tensor& p) {
    auto& st = o.state();
    auto it = st.find(compat::optimizer_state_key<std::decay_t<decltype(st)>>(p));
    if (auto* s = dynamic_cast<torch::optim::AdamParamState*>(it->second.get())) return {s->exp_avg(), s->exp_avg_sq()};
    auto* w = dynamic_cast<torch::optim::AdamWParamState*>(it->second.get());
    return {w->exp_avg(), w->exp_avg_sq()};
  }

  // Moments through fp32's subnormal range (the fused Adam steps such elements apart, partly or
  // wholly in fp64: fused_optimizers.cpp): the same parameters and moments as LibTorch's Adam, bit for bit,
  // while m decays by b1 a step from 1e-30 to 0 under zero gradients (about 900 steps), in
  // every sign, beside tiny and zero parameters (where an update of that size still shows) and
  // elements whose gradient is not zero.
  void fusedAdamThroughSubnormalMoments_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<double>("weight_decay");
    QTest::addColumn<bool>("subnormal");  // whether m reaches the subnormal range
    QTest::newRow("adam") << "adam" << 0.0 << true;
    QTest::newRow("adamw") << "adamw" << 0.01 << true;
    // L2 decay adds to every gradient: none is zero, the moments stay normal.
    QTest::newRow("adam, weight decay") << "adam" << 1e-3 << false;
  }
  void fusedAdamThroughSubnormalMoments() {
    QFETCH(QString, kind);
    QFETCH(double, weight_decay);
    QFETCH(bool, subnormal);
    const std::int64_t n = 200;  // 12 blocks of 16 and a tail of 8
    torch::manual_seed(5);
    torch::Tensor init = torch::randn({n});
    // Tiny and zero parameters: there an update of subnormal size changes the bits.
    for (std::int64_t i = 0; i < n; i += 5) init[i] = static_cast<float>(std::ldexp(1.0, -120 - static_cast<int>(i % 20)));
    init[1] = 0.0f;
    init[2] = -0.0f;
    torch::Tensor ours = init.clone().requires_grad_(), theirs = init.clone().requires_grad_();
    auto [a, b] = adam_pair(kind, 1e-3, 0.9, 1e-8, weight_decay, ours, theirs);
    const float tiny_grad = static_cast<float>(std::ldexp(1.0, -100));
    std::int64_t subnormal_seen = 0;
    for (int step = 0; step < 1000; ++step) {
      // Step 0: gradients of every size and sign (some as small as 2^-100); from then on zero,
      // but for every 7th element, whose gradient stays, and a few steps with a gradient back.
      torch::Tensor g = torch::randn({n}) * 1e-30;
      if (step == 0) {
        for (std::int64_t i = 0; i < n; i += 4) g[i] = i % 8 == 0 ? tiny_grad : -tiny_grad;
      } else {
        const torch::Tensor keep = (torch::arange(n) % 7 == 0).to(torch::kFloat);
        g = g * keep;
        if (step % 300 == 150) g[3] = 1e-3f;
        if (step % 2 == 0) g[9] = -0.0f;  // a negative zero gradient
      }
      ours.mutable_grad() = g.clone();
      theirs.mutable_grad() = g.clone();
      a->step();
      QVERIFY(ampscope::detail::last_step_was_fused());
      b->step();
      const auto [ma, va] = adam_moments(*a, ours);
      const auto [mb, vb] = adam_moments(*b, theirs);
      // Bits, so that -0 and +0 differ too.
      auto bits = [](const torch::Tensor& t) { return t.view(torch::kInt32); };
      QVERIFY2(torch::equal(bits(ours.detach()), bits(theirs.detach())), qPrintable(QStringLiteral("step %1: parameters").arg(step)));
      QVERIFY2(torch::equal(bits(ma), bits(mb)), qPrintable(QStringLiteral("step %1: first moment").arg(step)));
      QVERIFY2(torch::equal(bits(va), bits(vb)), qPrintable(QStringLiteral("step %1: second moment").arg(step)));
      const torch::Tensor am = ma.abs();
      subnormal_seen += ((am > 0) & (am < std::ldexp(1.0, -126))).sum().item<std::int64_t>();
    }
    if (subnormal) QVERIFY2(subnormal_seen > 10000, qPrintable(QStringLiteral("%1 subnormal moments").arg(subnormal_seen)));
  }

  // fp32 values from every range, either sign: 0, a subnormal k 2^-149 (k = 1..4 as often as
  // larger ones: where decaying moments end up), a tiny normal (2^-126 to 2^-100), an ordinary
  // one (2^-20 to 1).
  static torch::Tensor draw_fp32_ranges(std::int64_t count) {
    const torch::Tensor kind_of = torch::randint(0, 5, {count});
    const torch::Tensor sign = torch::randint(0, 2, {count}).to(torch::kFloat).mul(2).sub(1);
    const torch::Tensor small_k = torch::randint(1, 5, {count}).to(torch::kDouble);
    const torch::Tensor big_k = torch::exp2(torch::rand({count}, torch::kDouble) * 23).floor();
    const torch::Tensor tiny_normal = torch::exp2(torch::rand({count}, torch::kDouble) * 26 - 126);
    const torch::Tensor ordinary = torch::exp2(torch::rand({count}, torch::kDouble) * 20 - 20);
    torch::Tensor out = torch::zeros({count}, torch::kDouble);
    out = torch::where(kind_of == 1, small_k * std::ldexp(1.0, -149), out);
    out = torch::where(kind_of == 2, big_k * std::ldexp(1.0, -149), out);
    out = torch::where(kind_of == 3, tiny_normal, out);
    out = torch::where(kind_of == 4, ordinary, out);
    return (out.to(torch::kFloat) * sign).contiguous();  // fp32's rounding; -0 where out is 0
  }
  // Gradients: 80% zeros of either sign (the elements in question), the rest ordinary.
  static torch::Tensor draw_mostly_zero_grad(std::int64_t n) {
    const torch::Tensor zero_sign = torch::where(torch::rand({n}) < 0.5, torch::zeros({n}), torch::zeros({n}).neg());
    return torch::where(torch::rand({n}) < 0.8, zero_sign, torch::randn({n}) * 1e-3);
  }
  // The first bits that differ, with the element's starting state, as a failure message.
  static QString first_difference(const char* what, const torch::Tensor& x, const torch::Tensor& y,
                                  const std::vector<std::pair<const char*, torch::Tensor>>& start) {
    auto bits = [](const torch::Tensor& t) { return t.view(torch::kInt32); };
    const torch::Tensor differ = (bits(x) != bits(y)).nonzero();
    if (differ.numel() == 0) return {};
    const std::int64_t i = differ[0][0].item<std::int64_t>();
    auto show = [&](const torch::Tensor& t) {
      return QStringLiteral("%1 (0x%2)")
          .arg(static_cast<double>(t[i].item<float>()), 0, 'g', 9)
          .arg(static_cast<quint32>(bits(t)[i].item<std::int32_t>()), 8, 16, QLatin1Char('0'));
    };
    QString state;
    for (const auto& [name, t] : start) state += QStringLiteral(" %1 %2").arg(QString::fromLatin1(name), show(t));
    return QStringLiteral("%1 of element %2 (from%3): %4 against LibTorch's %5 (%6 elements differ)")
        .arg(QString::fromLatin1(what)).arg(i).arg(state, show(x), show(y)).arg(differ.size(0));
  }

  // The fused Adam's elements with a zero gradient and a tiny moment (fused_optimizers.cpp,
  // adam_fma: m's decay alone computed apart where p cannot move, every operation in fp64
  // elsewhere):
  // states drawn over every range of fp32 (zeros of both signs, subnormals, tiny and ordinary
  // normals, for p, m and v alike), stepped by LibTorch's Adam and by the fused one from the same
  // state: the same bits for p, m and v, three steps running. Each row checks that both of the
  // fused loop's own paths ran.
  void fusedAdamTinyMomentsMatchLibTorch_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<double>("lr");
    QTest::addColumn<double>("beta1");
    QTest::addColumn<double>("eps");
    QTest::addColumn<double>("weight_decay");
    QTest::addColumn<bool>("decay_path");  // whether the m-only path runs: eps > 0, and no L2 decay (d = p wd, not 0)
    QTest::newRow("adam") << "adam" << 1e-3 << 0.9 << 1e-8 << 0.0 << true;
    QTest::newRow("adam, lr 1") << "adam" << 1.0 << 0.9 << 1e-8 << 0.0 << true;
    // m b1 rounds to zero for the smallest subnormals: the sign of the zero is the sum's.
    QTest::newRow("adam, beta1 0.3") << "adam" << 1e-2 << 0.3 << 1e-8 << 0.0 << true;
    // m b1 = k 2^-149 / 2: every odd k a tie, to even.
    QTest::newRow("adam, beta1 0.5") << "adam" << 1e-3 << 0.5 << 1e-8 << 0.0 << true;
    QTest::newRow("adam, eps 0") << "adam" << 1e-3 << 0.9 << 0.0 << 0.0 << false;
    QTest::newRow("adam, weight decay") << "adam" << 1e-3 << 0.9 << 1e-8 << 1e-2 << false;
    QTest::newRow("adamw") << "adamw" << 1e-3 << 0.9 << 1e-8 << 1e-2 << true;
  }
  void fusedAdamTinyMomentsMatchLibTorch() {
    QFETCH(QString, kind);
    QFETCH(double, lr);
    QFETCH(double, beta1);
    QFETCH(double, eps);
    QFETCH(double, weight_decay);
    QFETCH(bool, decay_path);
    const std::int64_t n = 4099;  // 512 blocks of 8 and a tail of 3
    torch::manual_seed(11);
    torch::Tensor p0 = draw_fp32_ranges(n), m0 = draw_fp32_ranges(n), v0 = draw_fp32_ranges(n).abs();
    torch::Tensor ours = p0.clone().requires_grad_(), theirs = p0.clone().requires_grad_();
    auto [a, b] = adam_pair(kind, lr, beta1, eps, weight_decay, ours, theirs);
    // A first step creates both states; then both start again from the drawn p, m and v (the
    // step count stays 1, the same on both sides).
    ours.mutable_grad() = torch::zeros({n});
    theirs.mutable_grad() = torch::zeros({n});
    a->step();
    b->step();
    {
      torch::NoGradGuard no_grad;
      for (auto* t : {&ours, &theirs}) t->copy_(p0);
      for (auto* o : {a.get(), b.get()}) {
        auto [m, v] = adam_moments(*o, o == a.get() ? ours : theirs);
        m.copy_(m0);
        v.copy_(v0);
      }
    }
    std::int64_t decay = 0, aside = 0;
    for (int step = 0; step < 3; ++step) {
      const torch::Tensor g = draw_mostly_zero_grad(n);
      ours.mutable_grad() = g.clone();
      theirs.mutable_grad() = g.clone();
      a->step();
      QVERIFY(ampscope::detail::last_step_was_fused());
      decay += ampscope::detail::last_step_tiny_lanes().decay;
      aside += ampscope::detail::last_step_tiny_lanes().aside;
      b->step();
      const auto [ma, va] = adam_moments(*a, ours);
      const auto [mb, vb] = adam_moments(*b, theirs);
      for (const auto& [what, x, y] : {std::tuple{"parameters", ours.detach(), theirs.detach()},
                                       std::tuple{"first moment", ma, mb}, std::tuple{"second moment", va, vb}}) {
        const QString difference = first_difference(what, x, y, {{"p", p0}, {"m", m0}, {"v", v0}});
        if (!difference.isEmpty()) QFAIL(qPrintable(QStringLiteral("step %1, ").arg(step) + difference));
      }
    }
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
      QVERIFY2(aside > 100, qPrintable(QStringLiteral("%1 elements stepped in fp64").arg(aside)));
      if (decay_path) QVERIFY2(decay > 100, qPrintable(QStringLiteral("%1 elements with m's decay alone computed apart").arg(decay)));
      else QCOMPARE(decay, std::int64_t{0});
    }
#endif
  }

  // The same for the fused SGD's momentum buffers (sgd_fma: the buffer's decay alone computed
  // apart where p cannot move).
  void fusedSgdTinyBuffersMatchLibTorch_data() {
    QTest::addColumn<double>("lr");
    QTest::addColumn<double>("momentum");
    QTest::addColumn<double>("dampening");
    QTest::addColumn<bool>("nesterov");
    QTest::addColumn<double>("weight_decay");
    QTest::addColumn<bool>("decay_path");  // whether the buffer-only path runs (not with L2 decay: d = p wd)
    QTest::newRow("momentum (the sessions')") << 0.05 << 0.9 << 0.0 << false << 0.0 << true;
    QTest::newRow("nesterov") << 0.05 << 0.9 << 0.0 << true << 0.0 << true;
    QTest::newRow("dampening") << 0.05 << 0.9 << 0.5 << false << 0.0 << true;
    QTest::newRow("momentum 0.5 (ties)") << 0.05 << 0.5 << 0.0 << false << 0.0 << true;
    QTest::newRow("lr 1, momentum 0.3") << 1.0 << 0.3 << 0.0 << false << 0.0 << true;
    QTest::newRow("weight decay") << 0.05 << 0.9 << 0.0 << false << 1e-2 << false;
  }
  void fusedSgdTinyBuffersMatchLibTorch() {
    QFETCH(double, lr);
    QFETCH(double, momentum);
    QFETCH(double, dampening);
    QFETCH(bool, nesterov);
    QFETCH(double, weight_decay);
    QFETCH(bool, decay_path);
    const std::int64_t n = 4099;
    torch::manual_seed(12);
    const torch::Tensor p0 = draw_fp32_ranges(n), b0 = draw_fp32_ranges(n);
    torch::Tensor ours = p0.clone().requires_grad_(), theirs = p0.clone().requires_grad_();
    const auto o = torch::optim::SGDOptions(lr).momentum(momentum).dampening(dampening).nesterov(nesterov).weight_decay(weight_decay);
    ampscope::detail::FusedSGD a({ours}, o);
    torch::optim::SGD b({theirs}, o);
    auto buffer = [](torch::optim::Optimizer& opt, const torch::Tensor& p) {
      auto& st = opt.state();
      auto it = st.find(compat::optimizer_state_key<std::decay_t<decltype(st)>>(p));
      return static_cast<torch::optim::SGDParamState&>(*it->second).momentum_buffer();
    };
    // A first step creates both buffers; then both start again from the drawn p and buffer.
    ours.mutable_grad() = torch::zeros({n});
    theirs.mutable_grad() = torch::zeros({n});
    a.step();
    b.step();
    {
      torch::NoGradGuard no_grad;
      ours.copy_(p0);
      theirs.copy_(p0);
      buffer(a, ours).copy_(b0);
      buffer(b, theirs).copy_(b0);
    }
    std::int64_t decay = 0;
    for (int step = 0; step < 3; ++step) {
      const torch::Tensor g = draw_mostly_zero_grad(n);
      ours.mutable_grad() = g.clone();
      theirs.mutable_grad() = g.clone();
      a.step();
      QVERIFY(ampscope::detail::last_step_was_fused());
      decay += ampscope::detail::last_step_tiny_lanes().decay;
      b.step();
      for (const auto& [what, x, y] : {std::tuple{"parameters", ours.detach(), theirs.detach()},
                                       std::tuple{"momentum buffer", buffer(a, ours), buffer(b, theirs)}}) {
        const QString difference = first_difference(what, x, y, {{"p", p0}, {"buffer", b0}});
        if (!difference.isEmpty()) QFAIL(qPrintable(QStringLiteral("step %1, ").arg(step) + difference));
      }
    }
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
      if (decay_path) QVERIFY2(decay > 100, qPrintable(QStringLiteral("%1 buffers decayed apart").arg(decay)));
      else QCOMPARE(decay, std::int64_t{0});
    }
#endif
  }

  void fusedOptimizerHandsOtherTensorsToLibTorch() {
    // fp64 parameters are not the loops' business: the base class steps them, with the same result.
    auto p = torch::randn({5, 7}, torch::kDouble).requires_grad_();
    auto q = p.detach().clone().requires_grad_();
    ampscope::detail::FusedAdam ours({p}, torch::optim::AdamOptions(1e-2));
    torch::optim::Adam theirs({q}, torch::optim::AdamOptions(1e-2));
    for (int i = 0; i < 3; ++i) {
      const auto g = torch::randn({5, 7}, torch::kDouble);
      p.mutable_grad() = g.clone();
      q.mutable_grad() = g.clone();
      ours.step();
      QVERIFY(!ampscope::detail::last_step_was_fused());
      theirs.step();
    }
    QVERIFY(torch::equal(p, q));
  }

  // Issue 18: the statistics and the record allocate nothing per step. A session with full
  // statistics every step (weights, biases, activation gradients; the fused pass inside the
  // scaler, or the plain pass without one) makes exactly as many heap allocations on the stepping
  // thread as the same session with statistics off, once both are warm, stepping as `ampscope
  // record` does: one record refilled by step(r), the channel drained and recycled. (LibTorch's
  // own ops, where they allocate, do so in both alike.)
  void statistics_and_records_allocate_nothing_per_step_data() {
    QTest::addColumn<int>("precision");
    QTest::addColumn<bool>("scaler");
    QTest::newRow("fp32, no scaler (plain pass)") << int(Precision::FP32) << false;
    QTest::newRow("fp16 emulated, scaler (fused pass)") << int(Precision::FP16) << true;
    QTest::newRow("bf16 emulated, no scaler") << int(Precision::BF16) << false;
  }
  void statistics_and_records_allocate_nothing_per_step() {
    QFETCH(int, precision);
    QFETCH(bool, scaler);
    SessionConfig c = spiral();
    c.precision = static_cast<Precision>(precision);
    c.use_scaler = scaler;
    c.stats_every = 1;
    c.activation_stats = true;
    TrainingSession with(c);
    c.stats_every = 0;
    c.activation_stats = false;
    TrainingSession without(c);
    std::vector<StepRecord> scratch;
    StepRecord rw, ro;
    auto run = [&](TrainingSession& s, StepRecord& r, int steps) {
      g_allocations = 0;
      g_count_allocations = true;
      for (int i = 0; i < steps; ++i) {
        s.step(r);
        s.drain(scratch);
        s.recycle(scratch);
      }
      g_count_allocations = false;
      return g_allocations;
    };
    run(with, rw, 5);
    run(without, ro, 5);
    const std::uint64_t a = run(with, rw, 40), b = run(without, ro, 40);
    QVERIFY2(!rw.layers.empty() && ro.layers.empty(), "the sessions measure what their rows say");
    qInfo("40 steps: %llu allocations with statistics, %llu without", static_cast<unsigned long long>(a),
          static_cast<unsigned long long>(b));
    QVERIFY2(a == b, qPrintable(QStringLiteral("40 steps: %1 allocations with statistics, %2 without").arg(a).arg(b)));
    // The counter counts (with the direct pass, the plain sessions allocate nothing at all).
    g_allocations = 0;
    g_count_allocations = true;
    {
      std::unique_ptr<char[]> p(new char[64]);
      asm volatile("" : : "r"(p.get()) : "memory");  // keep the allocation
    }
    g_count_allocations = false;
    QCOMPARE(g_allocations, std::uint64_t{1});
  }

  void layers_are_named_for_reading() {
    TrainingSession s(spiral());
    QStringList names;
    for (const auto& l : s.layers()) names << QString::fromStdString(l.name);
    QCOMPARE(names.first(), QString("fc1.out"));
    QVERIFY(names.contains("fc1.weight"));
    QVERIFY(names.contains("fc4.bias"));
    QCOMPARE(s.layers()[layer_index(s, "fc2.weight")].numel, std::int64_t(64 * 64));
    QCOMPARE(s.layers()[layer_index(s, "fc1.out")].numel, std::int64_t(128 * 64));  // batch x features
    // fp16 is emulated on the CPU only; on a GPU machine the default device is CUDA.
    QCOMPARE(QString::fromStdString(s.precision_label()),
             QString(s.device_label() == "cpu" ? "fp16 (emulated)" : "fp16"));
  }

  void same_seed_same_records_bit_for_bit() {
    TrainingSession a(spiral(11)), b(spiral(11));
    for (int i = 0; i < 12; ++i) {
      const StepRecord ra = a.step(), rb = b.step();
      QVERIFY(same_bits(ra.loss, rb.loss));
      QCOMPARE(ra.scale_after, rb.scale_after);
      QCOMPARE(ra.layers.size(), rb.layers.size());
      for (std::size_t k = 0; k < ra.layers.size(); ++k) {
        QCOMPARE(ra.layers[k].stats.bins, rb.layers[k].stats.bins);
        QVERIFY(same_bits(ra.layers[k].stats.sum_squares, rb.layers[k].stats.sum_squares));
      }
    }
    QCOMPARE(a.parameter_values(), b.parameter_values());
    // A different seed gives a different run.
    TrainingSession c(spiral(12));
    QVERIFY(c.step().loss != TrainingSession(spiral(11)).step().loss);
  }

  void watching_does_not_change_training() {
    // Statistics every step with activation gradients captured, against none at all: the same
    // losses and scales, bit for bit. In emulated fp16/bf16 the capture hook rounds the
    // gradient a layer's backward consumes (and that backward then skips its own rounding).
    for (Precision p : {Precision::FP16, Precision::BF16}) {
      SessionConfig c = spiral();
      c.device = DeviceKind::CPU;
      c.precision = p;
      c.stats_every = 0;
      c.activation_stats = false;
      TrainingSession plain(c);
      c.stats_every = 1;
      c.activation_stats = true;
      TrainingSession watched(c);
      for (int i = 0; i < 30; ++i) {
        const StepRecord a = plain.step();
        const StepRecord b = watched.step();
        QVERIFY2(a.loss == b.loss && a.scale_after == b.scale_after,
                 qPrintable(QString("%1 step %2: loss %3 vs %4, scale %5 vs %6")
                                .arg(QString::fromStdString(precision_label(p, DeviceKind::CPU)))
                                .arg(i).arg(a.loss, 0, 'g', 17).arg(b.loss, 0, 'g', 17)
                                .arg(a.scale_after).arg(b.scale_after)));
      }
    }
  }

  void direct_pass_and_autograd_give_the_same_run_bit_for_bit_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("precision");
    QTest::addColumn<int>("accumulation");
    QTest::newRow("spiral-mlp fp32") << "spiral-mlp" << static_cast<int>(Precision::FP32) << 1;
    QTest::newRow("spiral-mlp fp16, 2 micro-batches") << "spiral-mlp" << static_cast<int>(Precision::FP16) << 2;
    QTest::newRow("deep-mlp bf16") << "deep-mlp" << static_cast<int>(Precision::BF16) << 1;
  }
  void direct_pass_and_autograd_give_the_same_run_bit_for_bit() {
    // The session steps the MLPs through their direct pass (model_zoo.h) unless
    // AMPSCOPE_AUTOGRAD_STEP=1: the two runs must be the same, step for step and bit for bit,
    // with the scaler's skips and backoffs, fp32 reference steps, a poisoned layer and a
    // poisoned loss (which the session hands to autograd) in them.
    QFETCH(QString, model);
    QFETCH(int, precision);
    QFETCH(int, accumulation);
    SessionConfig c = spiral(21);
    c.model = model.toStdString();
    c.device = DeviceKind::CPU;
    c.precision = static_cast<Precision>(precision);
    c.batch_size = 64;
    c.accumulation = accumulation;
    c.optimizer = OptimizerKind::SGD;
    c.lr = 0.05;
    c.reference_every = 4;
    c.scaler.init_scale(std::ldexp(1.0, 20)).growth_interval(5);
    c.faults = {{"fc2", FaultKind::Inf, 6}, {"loss", FaultKind::NaN, 9}};
    auto run = [&](const char* autograd) {
      qputenv("AMPSCOPE_AUTOGRAD_STEP", autograd);
      TrainingSession s(c);
      qunsetenv("AMPSCOPE_AUTOGRAD_STEP");
      std::vector<StepRecord> rs;
      for (int i = 0; i < 14; ++i) rs.push_back(s.step());
      return std::make_pair(rs, s.parameter_values());
    };
    const auto [direct, direct_weights] = run("0");
    const auto [autograd, autograd_weights] = run("1");
    int skipped = 0, with_underflow = 0;
    for (std::size_t i = 0; i < direct.size(); ++i) {
      const StepRecord& a = autograd[i];
      const StepRecord& d = direct[i];
      const QString at = QString("step %1").arg(i);
      QVERIFY2(same_bits(a.loss, d.loss) || (std::isnan(a.loss) && std::isnan(d.loss)),
               qPrintable(at + QString(": loss %1 vs %2").arg(a.loss, 0, 'g', 17).arg(d.loss, 0, 'g', 17)));
      QCOMPARE(d.skipped, a.skipped);
      QCOMPARE(d.scale_after, a.scale_after);
      QCOMPARE(d.first_offender, a.first_offender);
      QCOMPARE(d.layers.size(), a.layers.size());
      for (std::size_t k = 0; k < a.layers.size(); ++k) {
        QCOMPARE(d.layers[k].layer, a.layers[k].layer);
        QCOMPARE(d.layers[k].stats.bins, a.layers[k].stats.bins);
        QCOMPARE(d.layers[k].stats.zero, a.layers[k].stats.zero);
        QVERIFY2(same_bits(d.layers[k].stats.sum_squares, a.layers[k].stats.sum_squares), qPrintable(at));
        QCOMPARE(d.layers[k].underflow, a.layers[k].underflow);
        if (a.layers[k].underflow > 0) ++with_underflow;
      }
      skipped += a.skipped;
    }
    QCOMPARE(direct_weights, autograd_weights);
    // The runs had something to compare: the two poisoned steps were skipped, and under fp16 a
    // reference step saw underflow.
    QVERIFY(skipped >= 2);
    if (c.precision == Precision::FP16) QVERIFY(with_underflow > 0);
  }

  void skipped_step_leaves_every_parameter_bit_identical() {
    SessionConfig cfg = spiral();
    cfg.faults.push_back({"fc3", FaultKind::Inf, 2});
    TrainingSession s(cfg);
    s.step();
    s.step();
    const auto before = s.parameter_values();
    const StepRecord r = s.step();  // step 2: poisoned
    QCOMPARE(r.step, std::int64_t(2));
    QVERIFY(r.found_inf);
    QVERIFY(r.skipped);
    QCOMPARE(r.scale_before, 65536.0);
    QCOMPARE(r.scale_after, 32768.0);
    QCOMPARE(r.reason, ScaleChangeReason::Backoff);
    QCOMPARE(s.parameter_values(), before);
    // The first offender is the poisoned layer, and its inf count is reported.
    const int fc3 = layer_index(s, "fc3.weight");
    QCOMPARE(r.first_offender, fc3);
    const LayerStepStats* st = stats_of(r, fc3);
    QVERIFY(st);
    // About 1% poisoned: every 40th of 4096 elements (4096 / 100 = 40) -> 103 infs.
    QCOMPARE(st->stats.pos_inf, std::int64_t(103));
    const StepRecord next = s.step();
    QVERIFY(!next.skipped);
    QVERIFY(s.parameter_values() != before);
  }

  void nan_in_loss_poisons_everything_and_first_offender_is_last_layer() {
    SessionConfig cfg = spiral();
    cfg.faults.push_back({"loss", FaultKind::NaN, 0});
    TrainingSession s(cfg);
    const StepRecord r = s.step();
    QVERIFY(r.skipped);
    QVERIFY(std::isnan(r.loss));
    QCOMPARE(r.first_offender, layer_index(s, "fc4.out"));  // backward starts at the last output
  }

  void without_scaler_nonfinite_gradients_reach_the_weights() {
    SessionConfig cfg = spiral();
    cfg.use_scaler = false;
    cfg.faults.push_back({"fc2", FaultKind::NaN, 0});
    TrainingSession s(cfg);
    const StepRecord r = s.step();
    QVERIFY(r.found_inf);
    QVERIFY(!r.skipped);
    QCOMPARE(r.scale_after, 1.0);
    bool any_nan = false;
    for (const auto& p : s.parameter_values())
      for (float v : p) any_nan = any_nan || std::isnan(v);
    QVERIFY(any_nan);
  }

  void deep_mlp_fp16_underflow_and_the_scaler_removes_it() {
    auto run = [](bool scaler) {
      SessionConfig c;
      c.model = "deep-mlp";
      c.precision = Precision::FP16;
      c.use_scaler = scaler;
      c.reference_every = 1;
      c.seed = 3;
      TrainingSession s(c);
      StepRecord r;
      for (int i = 0; i < 3; ++i) r = s.step();
      std::int64_t early = 0, numel = 0;
      for (const char* name : {"fc1.weight", "fc2.weight", "fc3.weight"}) {
        const int li = layer_index(s, name);
        const LayerStepStats* st = stats_of(r, li);
        early += st->underflow;
        numel += s.layers()[li].numel;
      }
      return std::pair<std::int64_t, std::int64_t>(early, numel);
    };
    const auto [lost_plain, numel] = run(false);
    const auto [lost_scaled, numel2] = run(true);
    qInfo("deep-mlp early-layer weight-gradient underflow: fp16 %lld / %lld, fp16 + scaler %lld / %lld",
          (long long)lost_plain, (long long)numel, (long long)lost_scaled, (long long)numel2);
    QVERIFY2(lost_plain > numel / 2, "fp16 without a scaler should lose most early-layer gradient elements");
    QVERIFY2(lost_scaled * 20 < lost_plain, "the default scaler should remove most of the underflow");
  }

  void fp32_reference_step_reports_zero_underflow_in_fp32_runs() {
    SessionConfig c = spiral();
    c.precision = Precision::FP32;
    c.use_scaler = false;
    c.reference_every = 1;  // ignored for fp32: there is nothing to compare
    TrainingSession s(c);
    const StepRecord r = s.step();
    for (const auto& l : r.layers) QCOMPARE(l.underflow, std::int64_t(-1));
  }

  void live_changes_apply_at_the_next_step() {
    TrainingSession s(spiral());
    s.step();
    Command set;
    set.kind = Command::Kind::SetScaler;
    set.scaler = s.scaler_options();
    set.scaler.backoff_factor(0.25);
    s.post(set);
    Command lr;
    lr.kind = Command::Kind::SetLr;
    lr.value = 0.05;
    s.post(lr);
    Command fault;
    fault.kind = Command::Kind::InjectFault;
    fault.fault = {"fc2", FaultKind::Inf, 0};
    s.post(fault);
    const StepRecord r = s.step();
    QVERIFY(r.skipped);
    QCOMPARE(r.scale_after, 65536.0 * 0.25);
    QCOMPARE(r.lr, 0.05);
    QCOMPARE(s.scaler_options().backoff_factor(), 0.25);
    QVERIFY(!s.step().skipped);  // the injected fault was for one step only
    // Invalid values are refused with a warning, and the session carries on unchanged.
    set.scaler.growth_factor(0.5);
    s.post(set);
    lr.value = std::nan("");
    s.post(lr);
    s.step();
    const auto events = s.drain_events();
    int warnings = 0;
    for (const auto& e : events)
      if (e.kind == SessionEvent::Kind::Warning) ++warnings;
    QCOMPARE(warnings, 2);
    QCOMPARE(s.scaler_options().growth_factor(), 2.0);
    QCOMPARE(s.current_lr(), 0.05);
  }

  void worker_pause_step_stop() {
    SessionConfig c = spiral();
    TrainingSession s(c);
    s.start(/*paused=*/true);
    QVERIFY(s.running());
    std::vector<StepRecord> got;
    std::vector<SessionEvent> events;
    // A round trip through the worker, without a sleep: a command it refuses with a warning.
    // Once the warning is out, the worker has been awake at a step boundary since the post.
    int round_trips = 0;
    auto round_trip = [&] {
      Command bad;
      bad.kind = Command::Kind::SetLr;
      bad.value = -1.0;
      s.post(bad);
      ++round_trips;
      QTRY_VERIFY_WITH_TIMEOUT((std::ranges::move(s.drain_events(), std::back_inserter(events)),
                                std::ranges::count(events, SessionEvent::Kind::Warning, &SessionEvent::kind) == round_trips),
                               10000);
    };
    round_trip();
    s.drain(got);
    QCOMPARE(got.size(), std::size_t(0));  // paused: nothing runs
    QCOMPARE(s.steps_done(), std::int64_t(0));
    QCOMPARE(s.micro_batches_done(), std::uint64_t(0));
    Command one;
    one.kind = Command::Kind::StepOnce;
    s.post(one);
    s.post(one);
    QTRY_VERIFY_WITH_TIMEOUT((s.drain(got), got.size() == 2), 10000);
    round_trip();
    s.drain(got);
    QCOMPARE(got.size(), std::size_t(2));  // exactly the two requested steps
    QCOMPARE(s.steps_done(), std::int64_t(2));
    Command resume;
    resume.kind = Command::Kind::Resume;
    s.post(resume);
    QTRY_VERIFY_WITH_TIMEOUT((s.drain(got), got.size() >= 20), 20000);
    Command stop;
    stop.kind = Command::Kind::Stop;
    s.post(stop);
    QTRY_VERIFY_WITH_TIMEOUT(!s.running(), 10000);
    s.wait();
    s.drain(got);
    for (std::size_t i = 0; i < got.size(); ++i) QCOMPARE(got[i].step, std::int64_t(i));  // in order, none lost
    bool finished = false;
    for (const auto& e : s.drain_events()) finished = finished || e.kind == SessionEvent::Kind::Finished;
    QVERIFY(finished);
  }

  void stop_is_seen_between_micro_batches_data() {
    QTest::addColumn<int>("how");
    QTest::newRow("request_stop") << 0;
    QTest::newRow("posted Stop") << 1;
    QTest::newRow("destructor") << 2;
    QTest::newRow("during the reference backward") << 3;
  }
  void stop_is_seen_between_micro_batches() {
    // fashion-cnn with --accumulate 1024 used to run minutes before a stop was seen (only
    // between optimizer steps): now the worker ends after at most one more micro-batch, and
    // the interrupted step leaves no trace: no record, no optimizer step, "stopped after 0".
    QFETCH(int, how);
    SessionConfig c = spiral();
    c.accumulation = 1024;
    c.batch_size = 16384;  // ~1 ms or more per micro-batch: the step lasts a second or more
    if (how == 3) {
      c.reference_every = 1;  // an fp32 reference backward repeats the micro-batches
      c.accumulation = 8;
    }
    auto s = std::make_unique<TrainingSession>(c);
    const auto before = s->parameter_values();
    int hooks = 0;  // the step hook runs once the micro-batches are done, before the reference
    s->set_step_hook([&hooks, &s, how](std::int64_t) {
      ++hooks;
      if (how == 3) s->request_stop();  // from the worker, between backward and reference
    });
    s->start();
    if (how != 3) {
      // Wait on the counter itself (not QTRY's 50 ms polls): the stop comes early in the step.
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
      while (s->micro_batches_done() < 3 && std::chrono::steady_clock::now() < deadline) std::this_thread::yield();
      QVERIFY(s->micro_batches_done() >= 3);
    }
    if (how == 0) s->request_stop();
    if (how == 1) {
      Command stop;
      stop.kind = Command::Kind::Stop;
      s->post(stop);
    }
    if (how == 2) {
      s.reset();  // joins the worker
      QCOMPARE(hooks, 0);  // the step was abandoned before its micro-batches were done
      return;
    }
    const std::uint64_t seen = s->micro_batches_done();
    s->wait();
    QVERIFY(!s->running());
    QVERIFY2(how == 3 || s->micro_batches_done() <= seen + 1,
             qPrintable(QString("%1 micro-batches after the stop").arg(s->micro_batches_done() - seen)));
    if (how != 3) QCOMPARE(hooks, 0);  // abandoned before its micro-batches were done
    if (how == 3) QCOMPARE(s->micro_batches_done(), std::uint64_t(8));
    QCOMPARE(s->steps_done(), std::int64_t(0));
    std::vector<StepRecord> got;
    s->drain(got);
    QCOMPARE(got.size(), std::size_t(0));
    QVERIFY(s->parameter_values() == before);  // no half-applied optimizer step
    const auto events = s->drain_events();
    QVERIFY(events_of(events, SessionEvent::Kind::Error).empty());
    const auto finished = events_of(events, SessionEvent::Kind::Finished);
    QCOMPARE(finished.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(finished[0].message), QString("stopped after 0 steps"));
    // The session is whole: a step after the abandoned one is a complete, finite one.
    s->set_step_hook({});
    Command one;
    one.kind = Command::Kind::SetAccumulation;
    one.value = 1;
    s->post(one);  // step() applies it first
    const StepRecord r = s->step();
    QCOMPARE(r.step, std::int64_t(0));
    QVERIFY(std::isfinite(r.loss));
  }

  void steps_done_and_config_are_safe_while_the_worker_runs() {
    // Read from the GUI thread while the worker steps and applies live changes (TSan watches).
    SessionConfig c = spiral();
    c.batch_size = 32;
    c.max_steps = 200;
    TrainingSession s(c);
    s.start();
    Command lr;
    lr.kind = Command::Kind::SetLr;
    lr.value = 0.01;
    s.post(lr);
    std::int64_t last = 0;
    while (s.running()) {
      const std::int64_t n = s.steps_done();
      QVERIFY(n >= last);
      last = n;
      QCOMPARE(s.config().lr, c.lr);  // what the constructor fixed, whatever the worker applies
    }
    s.wait();
    QCOMPARE(s.steps_done(), std::int64_t(200));
    QCOMPARE(s.config().lr, c.lr);
    QCOMPARE(s.live_config().lr, 0.01);
  }

  void speed_limit_is_honoured() {
    SessionConfig c = spiral();
    c.max_steps_per_second = 20;
    c.max_steps = 10;
    TrainingSession s(c);
    const auto t0 = std::chrono::steady_clock::now();
    s.start();
    s.wait();
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    QCOMPARE(s.steps_done(), std::int64_t(10));
    QVERIFY2(secs > 0.4, qPrintable(QString("10 steps at 20/s took %1 s").arg(secs)));
  }

  void overflow_storm_reaches_zero_and_says_so() {
    SessionConfig c = spiral();
    c.stats_every = 0;
    c.activation_stats = false;
    c.batch_size = 16;
    for (int i = 0; i < 170; ++i) c.faults.push_back({"loss", FaultKind::Inf, i});
    TrainingSession s(c);
    StepRecord r;
    for (int i = 0; i < 170; ++i) r = s.step();
    QCOMPARE(r.scale_after, 0.0);
    bool told = false;
    for (const auto& e : s.drain_events())
      told = told || (e.kind == SessionEvent::Kind::Warning && e.message.find("reached 0") != std::string::npos);
    QVERIFY(told);
    // With a floor the same storm holds at min_scale.
    c.scaler.min_scale(1.0);
    TrainingSession f(c);
    for (int i = 0; i < 170; ++i) r = f.step();
    QCOMPARE(r.scale_after, 1.0);
    QCOMPARE(r.reason, ScaleChangeReason::ClampedMin);
  }

  // 1,000 steps with inf or NaN in every one, on the worker thread: the default policy halves
  // the scale 165 times down to 2^-149 (the smallest fp32 subnormal) at step 164 and to 0 at
  // step 165, where it stays (docs/gradscaler.md); every step is skipped, the weights never
  // change, nothing escapes the worker, and the session says once, plainly, that 0 was reached.
  void storm_of_1000_steps_walks_the_default_scale_to_zero() {
    TrainingSession s(storm(1000));
    const auto before = s.parameter_values();
    s.start();
    const std::vector<StepRecord> got = drain_until_done(s);
    QCOMPARE(got.size(), std::size_t(1000));
    QCOMPARE(s.dropped_records(), std::uint64_t(0));
    std::int64_t first_min_subnormal = -1, first_zero = -1;
    for (std::size_t i = 0; i < got.size(); ++i) {
      const StepRecord& r = got[i];
      QCOMPARE(r.step, std::int64_t(i));
      QVERIFY2(r.skipped && r.found_inf, qPrintable(QString("step %1 was not skipped").arg(i)));
      const double expected = i < 165 ? std::ldexp(1.0, 15 - static_cast<int>(i)) : 0.0;
      QVERIFY2(r.scale_after == expected,
               qPrintable(QString("step %1: scale %2, expected %3").arg(i).arg(r.scale_after).arg(expected)));
      if (first_min_subnormal < 0 && r.scale_after == std::ldexp(1.0, -149)) first_min_subnormal = r.step;
      if (first_zero < 0 && r.scale_after == 0.0) first_zero = r.step;
    }
    QCOMPARE(first_min_subnormal, std::int64_t(164));
    QCOMPARE(first_zero, std::int64_t(165));
    QCOMPARE(s.parameter_values(), before);  // 1,000 skipped steps, not one bit changed
    const auto events = s.drain_events();
    QVERIFY(events_of(events, SessionEvent::Kind::Error).empty());
    QCOMPARE(events_of(events, SessionEvent::Kind::Finished).size(), std::size_t(1));
    const auto warnings = events_of(events, SessionEvent::Kind::Warning);
    QCOMPARE(warnings.size(), std::size_t(1));  // told once, not 835 times
    QCOMPARE(warnings[0].step, std::int64_t(165));
    QVERIFY2(warnings[0].message.find("has reached 0") != std::string::npos &&
                 warnings[0].message.find("no step can succeed") != std::string::npos &&
                 warnings[0].message.find("min scale") != std::string::npos,
             warnings[0].message.c_str());
    qInfo("storm: 1000 steps all skipped; scale 2^-149 at step %lld, 0 at step %lld",
          static_cast<long long>(first_min_subnormal), static_cast<long long>(first_zero));
  }

  // The same storm with min_scale = 1 holds the scale at 1: the backoff from 2 lands on 1 at
  // step 15, and from step 16 on every backoff is clamped (reason ClampedMin), said once.
  void storm_of_1000_steps_holds_at_min_scale() {
    SessionConfig c = storm(1000);
    c.scaler.min_scale(1.0);
    TrainingSession s(c);
    const auto before = s.parameter_values();
    s.start();
    const std::vector<StepRecord> got = drain_until_done(s);
    QCOMPARE(got.size(), std::size_t(1000));
    for (std::size_t i = 0; i < got.size(); ++i) {
      QVERIFY(got[i].skipped);
      if (i >= 15) QCOMPARE(got[i].scale_after, 1.0);
      if (i >= 16) QCOMPARE(got[i].reason, ScaleChangeReason::ClampedMin);
    }
    QCOMPARE(got[14].scale_after, 2.0);
    QCOMPARE(got[15].reason, ScaleChangeReason::Backoff);
    QCOMPARE(s.parameter_values(), before);
    const auto events = s.drain_events();
    QVERIFY(events_of(events, SessionEvent::Kind::Error).empty());
    const auto warnings = events_of(events, SessionEvent::Kind::Warning);
    QCOMPARE(warnings.size(), std::size_t(1));
    QCOMPARE(warnings[0].step, std::int64_t(16));
    QVERIFY2(warnings[0].message.find("held at its floor, min scale = 1") != std::string::npos, warnings[0].message.c_str());
  }

  // What LibTorch throws on a GPU (out of memory, an invalid device ordinal), a failed
  // allocation on the CPU, or anything else thrown mid-step ends the run with an Error event
  // that carries the message without a C++ backtrace; a new session starts and runs after it.
  void worker_errors_end_the_session_with_a_message_data() {
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("words");
    QTest::newRow("CUDA out of memory (c10::OutOfMemoryError)") << 0 << "CUDA out of memory. Tried to allocate 20.00 GiB";
    QTest::newRow("invalid device ordinal (c10::Error)") << 1 << "CUDA error: invalid device ordinal";
    QTest::newRow("std::bad_alloc") << 2 << "std::bad_alloc";
    QTest::newRow("not a std::exception") << 3 << "unknown error";
  }
  void worker_errors_end_the_session_with_a_message() {
    QFETCH(int, kind);
    QFETCH(QString, words);
    SessionConfig c = spiral();
    c.batch_size = 32;
    c.max_steps = 40;
    auto hook = [kind](std::int64_t step) {
      if (step != 7) return;
      switch (kind) {
        case 0: throw c10::OutOfMemoryError({__func__, __FILE__, __LINE__}, "CUDA out of memory. Tried to allocate 20.00 GiB");
        case 1: TORCH_CHECK(false, "CUDA error: invalid device ordinal");
        case 2: throw std::bad_alloc();
        default: throw 42;
      }
    };
    TrainingSession s(c);
    s.set_step_hook(hook);
    s.start();
    const std::vector<StepRecord> got = drain_until_done(s, 60000);
    QCOMPARE(got.size(), std::size_t(7));  // steps 0..6; step 7 died in the middle
    QVERIFY(!s.running());
    const auto errors = events_of(s.drain_events(), SessionEvent::Kind::Error);
    QCOMPARE(errors.size(), std::size_t(1));
    const QString text = QString::fromStdString(errors[0].message);
    QVERIFY2(text.startsWith("training stopped at step 7: ") && text.contains(words), qPrintable(text));
    QVERIFY2(!text.contains("frame #") && !text.contains("Exception raised from"), qPrintable(text));
    if (kind == 0 || kind == 2) QVERIFY2(text.contains("out of memory. The session has ended"), qPrintable(text));
    // The synchronous path (the CLI's) throws the same words as a std::runtime_error.
    TrainingSession sync(c);
    sync.set_step_hook(hook);
    for (int i = 0; i < 7; ++i) sync.step();
    try {
      sync.step();
      QFAIL("step 7 should have thrown");
    } catch (const std::runtime_error& e) {
      QVERIFY2(QString(e.what()).contains(words) && !QString(e.what()).contains("frame #"), e.what());
    }
    // A new session on the same machine starts and finishes.
    TrainingSession fresh(c);
    fresh.start();
    QCOMPARE(drain_until_done(fresh, 60000).size(), std::size_t(40));
    QVERIFY(events_of(fresh.drain_events(), SessionEvent::Kind::Error).empty());
  }

  void unavailable_device_is_a_clear_error() {
    if (cuda_available()) QSKIP("this machine has CUDA: --device cuda is available");
    SessionConfig c = spiral();
    c.device = DeviceKind::CUDA;
    try {
      TrainingSession s(c);
      QFAIL("expected an exception");
    } catch (const std::runtime_error& e) {
      QVERIFY2(QString(e.what()).contains("--device cuda: no CUDA device is available"), e.what());
    }
    c.device = DeviceKind::CPU;  // the CPU path still works after the refusal
    TrainingSession cpu(c);
    QVERIFY(std::isfinite(cpu.step().loss));
  }

  void bad_configurations_fail_cleanly_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("message");
    QTest::newRow("batch 0") << 0 << "--batch-size 0";
    QTest::newRow("lr nan") << 1 << "--lr nan";
    QTest::newRow("model") << 2 << "--model resnet";
    QTest::newRow("growth") << 3 << "The growth factor must be > 1.0.";
    QTest::newRow("missing dataset") << 4 << "dataset-fashion-mnist";
    QTest::newRow("hist range") << 5 << "--hist-range";
    QTest::newRow("fault into a missing layer") << 6 << "no layer named 'fc9' (allowed: fc1, fc2, fc3, fc4, loss)";
    QTest::newRow("dataset of another model") << 7 << "--dataset clusters: model spiral-mlp trains on spirals only";
  }
  void bad_configurations_fail_cleanly() {
    QFETCH(int, which);
    QFETCH(QString, message);
    SessionConfig c = spiral();
    switch (which) {
      case 0: c.batch_size = 0; break;
      case 1: c.lr = std::nan(""); break;
      case 2: c.model = "resnet"; break;
      case 3: c.scaler.growth_factor(1.0); break;
      case 4: c.model = "fashion-cnn"; c.data_dir = "/nonexistent/fashion"; break;
      case 5: c.histogram.lo = 30; c.histogram.hi = 10; break;
      case 6: c.faults.push_back({"fc9", FaultKind::Inf, 3}); break;
      case 7: c.dataset = "clusters"; break;
    }
    try {
      TrainingSession s(c);
      QFAIL("expected an exception");
    } catch (const std::exception& e) {
      QVERIFY2(QString(e.what()).contains(message), e.what());
    }
  }

  void config_json_round_trip() {
    SessionConfig c = spiral(42);
    c.scaler.hysteresis(3).min_scale(2).max_scale(1e6);
    c.faults.push_back({"fc3", FaultKind::NaN, 17});
    c.histogram = {-30, 16, kernels::Format::BF16};
    const SessionConfig d = SessionConfig::from_json(c.to_json());
    QCOMPARE(d.to_json(), c.to_json());
    QVERIFY(d.scaler == c.scaler);
    QVERIFY(d.faults == c.faults);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SessionConfig::from_json("{\"precision\": \"fp64\"}"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SessionConfig::from_json("not json"));
  }

  // The user's name for a run: stored in the config (absent when unnamed, so that an unnamed
  // run's config reads as earlier versions wrote it), and held to one line of at most 80
  // characters, counted as characters, not bytes.
  void run_name_round_trips_and_is_checked() {
    SessionConfig c = spiral(1);
    QVERIFY(c.to_json().find("\"name\"") == std::string::npos);
    c.name = "generator \u00b7 lr 3e-4 \u5b66\u7fd2";
    QCOMPARE(SessionConfig::from_json(c.to_json()).name, c.name);
    std::string eighty;
    for (int i = 0; i < 80; ++i) eighty += "\u00e9";  // 160 bytes, 80 characters: allowed
    c.name = eighty;
    c.validate();
    QCOMPARE(SessionConfig::from_json(c.to_json()).name, eighty);
    const struct { std::string name; const char* words; } bad[] = {
        {eighty + "x", "--name \u00e9\u00e9"},
        {eighty + "x", "must be at most 80 characters"},
        {"two\nlines", "--name two?lines: must be one line of text"},
        {"a\tb", "--name a?b: must be one line"},
        {"nel\u0085", "--name nel?: must be one line"},
        {"del\x7f", "must be one line"},
        {"bad \xff byte", "--name (not UTF-8): must be valid UTF-8"},
    };
    for (const auto& b : bad) {
      SessionConfig d = spiral(1);
      d.name = b.name;
      try {
        d.validate();
        QFAIL(("accepted: " + b.name).c_str());
      } catch (const std::invalid_argument& e) {
        QVERIFY2(std::string(e.what()).find(b.words) != std::string::npos, e.what());
      }
    }
    // A stored config with such a name is refused as a whole, as any other bad field is.
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SessionConfig::from_json("{\"name\": \"a\\nb\"}"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SessionConfig::from_json("{\"name\": 7}"));
  }
};

QTEST_GUILESS_MAIN(TestSession)
#include "test_session.moc"
