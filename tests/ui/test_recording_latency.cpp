// Recording never makes the GUI thread wait (issue 14): a live SessionController session
// records into a store on a disk slowed on purpose (an SQLite VFS that sleeps in every write,
// tests/common/slow_sqlite_vfs.h), so that the writer falls tens of thousands of steps behind,
// while a 10 ms timer on the GUI thread measures the event loop's longest pause. Then the
// disk is fast again, the run is stopped and closed, and the store holds every step's scalars,
// non-finite steps with their statistics. Perf label: a wall-clock budget (100 ms).
//
// Against the LiveRecorder of before (its mutex held by the worker while RunRecorder::push
// waited on a full queue, and locked by the poll) the GUI thread stopped until the watchdog
// below made the disk fast again: the whole watchdog delay (see docs/run_store.md).
#include "gui_pause_meter.h"
#include "runs/session_controller.h"

#include "../common/slow_sqlite_vfs.h"

#include <ampscope/run_store.h>

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

using namespace ampscope;
using namespace ampscope::ui;
using storetest::SlowSqliteVfs;
using namespace std::chrono_literals;

namespace {
/// Beyond the old recorder's queue (16,384 steps) plus its largest batch (1,024).
constexpr qint64 kBehind = 18000;
constexpr qint64 kBudgetMs = 100;
constexpr int kWatchdogMs = 30000;

/// Makes the disk fast again after a while, whatever the GUI thread is doing (a GUI thread
/// stuck on the store would otherwise stay stuck for minutes).
class Watchdog {
 public:
  explicit Watchdog(std::chrono::milliseconds after)
      : m_thread([this, after] {
          std::unique_lock lock(m_mutex);
          if (!m_cv.wait_for(lock, after, [this] { return m_done; })) m_fired = true;
          SlowSqliteVfs::setDelays(0us);
        }) {}
  ~Watchdog() { disarm(); }
  void disarm() {
    {
      std::lock_guard lock(m_mutex);
      m_done = true;
    }
    m_cv.notify_one();
    if (m_thread.joinable()) m_thread.join();
  }
  bool fired() {
    std::lock_guard lock(m_mutex);
    return m_fired;
  }

 private:
  std::mutex m_mutex;
  std::condition_variable m_cv;
  bool m_done = false, m_fired = false;
  std::thread m_thread;
};
}  // namespace

class TestRecordingLatency : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void guiNeverWaitsOnASlowStore();
};

void TestRecordingLatency::guiNeverWaitsOnASlowStore() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString path = dir.filePath(QStringLiteral("runs.sqlite"));
  SlowSqliteVfs::install(0us);

  SessionController c;
  c.setStorePath(path);
  SessionConfig cfg;
  cfg.model = "spiral-mlp";
  cfg.precision = Precision::FP16;
  cfg.batch_size = 8;
  cfg.stats_every = 1;  // every step carries per-layer statistics: what thinning leaves out
  for (std::int64_t s = 2000; s <= 40000; s += 2000) cfg.faults.push_back({"loss", FaultKind::Inf, s});
  QVERIFY(c.configure(cfg));
  c.start();
  QTRY_VERIFY_WITH_TIMEOUT(c.recordingRunId() > 0, 20000);  // the store is open (fast disk)

  // The disk becomes very slow: 200 ms per page written.
  SlowSqliteVfs::setDelays(200ms);
  Watchdog watchdog{std::chrono::milliseconds(kWatchdogMs)};
  test::GuiPauseMeter meter;
  meter.start();
  qint64 behind = 0;
  while (behind < kBehind && meter.elapsedMs() < kWatchdogMs) {
    QTest::qWait(20);
    behind = c.stepsDone() - c.recordedSteps();
  }
  meter.stop();
  const bool fired = watchdog.fired();
  watchdog.disarm();  // the disk is fast again
  qInfo("RESULT recording_latency: writer %lld steps behind (%lld done, %lld committed) after %lld ms; "
        "the GUI thread's longest pause %lld ms%s",
        static_cast<long long>(behind), static_cast<long long>(c.stepsDone()), static_cast<long long>(c.recordedSteps()),
        static_cast<long long>(meter.elapsedMs()), static_cast<long long>(meter.longestMs()),
        fired ? " (the watchdog had to make the disk fast again)" : "");

  c.stop();
  QSignalSpy finished(&c, &SessionController::runFinished);
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
  QVERIFY2(!fired, "the writer never got far behind: the worker or the GUI thread waited for it");
  QVERIFY2(meter.longestMs() < kBudgetMs,
           qPrintable(QStringLiteral("the GUI thread stopped for %1 ms while the writer was behind").arg(meter.longestMs())));

  // The run is closed off the GUI thread; then the store holds every step.
  const qint64 id = c.recordingRunId();
  QVERIFY(id > 0);
  const std::string file = QFile::encodeName(path).toStdString();
  auto status = [&] {
    for (const RunSummary& s : RunStore(file, RunStore::Mode::ReadOnly).runs())
      if (s.id == id) return s.status;
    return std::string();
  };
  QTRY_VERIFY_WITH_TIMEOUT(status() != "running", 60000);
  QCOMPARE(status(), std::string("stopped"));
  const RunData run = RunStore(file, RunStore::Mode::ReadOnly).load_run(id);
  QCOMPARE(static_cast<qint64>(run.steps.size()), c.stepsDone());  // every step's scalars
  std::int64_t withStats = 0, nonFinite = 0;
  for (std::size_t i = 0; i < run.steps.size(); ++i) {
    const StepRecord& r = run.steps[i];
    QCOMPARE(r.step, static_cast<std::int64_t>(i));
    withStats += r.layers.empty() ? 0 : 1;
    if (r.found_inf) {
      ++nonFinite;
      QVERIFY2(!r.layers.empty(), qPrintable(QStringLiteral("non-finite step %1 lost its statistics").arg(r.step)));
    }
  }
  qInfo("RESULT recording_latency: %lld steps stored, %lld with statistics, %lld non-finite",
        static_cast<long long>(run.steps.size()), static_cast<long long>(withStats), static_cast<long long>(nonFinite));
  QVERIFY(nonFinite > 0);
  QVERIFY(withStats < static_cast<std::int64_t>(run.steps.size()));  // the writer was behind: thinned
}

QTEST_MAIN(TestRecordingLatency)
#include "test_recording_latency.moc"
