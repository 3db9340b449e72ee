// BackgroundJob, the one way ui/ runs work off the GUI thread: the newest request wins, a
// cancelled request delivers nothing, results and errors arrive queued on the GUI thread, an
// exception becomes an error message, and neither the destructor nor a destroyed context
// waits for a work still running or hears from it.
#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QSemaphore>
#include <QTest>
#include <QThread>
#include <atomic>
#include <memory>
#include <stdexcept>
#include <vector>

#include "runs/background_job.h"

using namespace ampscope::ui;

namespace {
constexpr int kTimeout = 10000;

/// A gate a work waits at until the test opens it (never a sleep).
struct Gate {
  QSemaphore sem;
  void open(int n = 1) { sem.release(n); }
  bool pass() { return sem.tryAcquire(1, kTimeout); }
};

int threadsNamed(const QString& name) {
  int n = 0;
  for (const QThread* t : QCoreApplication::instance()->findChildren<QThread*>(Qt::FindDirectChildrenOnly))
    n += t->objectName() == name;
  return n;
}

/// Waits until every thread named `name` has ended and deleted itself, then runs what they
/// posted: a delivery, had there been one, has arrived by then.
bool settle(const QString& name) {
  QDeadlineTimer deadline(kTimeout);
  while (threadsNamed(name) > 0 && !deadline.hasExpired()) {
    QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
  }
  QCoreApplication::processEvents();
  return threadsNamed(name) == 0;
}
}  // namespace

class TestBackgroundJob : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void deliversQueuedOnTheGuiThread();
  void newestRequestWins();
  void cancelDeliversNothing();
  void exceptionsBecomeErrors();
  void moveOnlyResultsAndVoidWorks();
  void destructorDoesNotWaitForARunningWork();
  void destroyedContextHearsNothing();
};

void TestBackgroundJob::deliversQueuedOnTheGuiThread() {
  QObject context;
  BackgroundJob job(&context, QStringLiteral("test job"));
  auto gate = std::make_shared<Gate>();
  QThread* workThread = nullptr;
  QThread* doneThread = nullptr;
  int result = 0;
  job.start(
      [gate, &workThread](const CancelToken&) {
        workThread = QThread::currentThread();
        if (!gate->pass()) throw std::runtime_error("gate never opened");
        return 42;
      },
      [&](int r) {
        doneThread = QThread::currentThread();
        result = r;
      });
  // start() returned while the work waits at its gate: the GUI thread did not wait for it.
  QVERIFY(job.isBusy());
  QCOMPARE(result, 0);
  gate->open();
  QTRY_COMPARE_WITH_TIMEOUT(result, 42, kTimeout);
  QVERIFY(!job.isBusy());
  QVERIFY(workThread && workThread != QCoreApplication::instance()->thread());
  QCOMPARE(doneThread, QCoreApplication::instance()->thread());
  // Queued: even a work that is already done is delivered from the event loop, not in start().
  int quick = 0;
  job.start([](const CancelToken&) { return 7; }, [&](int r) { quick = r; });
  QVERIFY(job.waitForIdle(kTimeout));
  QCOMPARE(quick, 0);
  QTRY_COMPARE_WITH_TIMEOUT(quick, 7, kTimeout);
  QTRY_COMPARE_WITH_TIMEOUT(job.runningThreads(), 0, kTimeout);
}

void TestBackgroundJob::newestRequestWins() {
  QObject context;
  BackgroundJob job(&context, QStringLiteral("newest"));
  auto first = std::make_shared<Gate>();
  std::vector<int> delivered;
  std::atomic<bool> firstSawCancel{false};
  const CancelToken older = job.start(
      [first, &firstSawCancel](const CancelToken& token) {
        first->pass();
        firstSawCancel = token.cancelled();
        return 1;
      },
      [&](int r) { delivered.push_back(r); });
  QVERIFY(!older.cancelled());
  const CancelToken newer =
      job.start([](const CancelToken&) { return 2; }, [&](int r) { delivered.push_back(r); });
  QVERIFY(older.cancelled());
  QVERIFY(!newer.cancelled());
  QTRY_COMPARE_WITH_TIMEOUT(delivered, std::vector<int>{2}, kTimeout);
  // The older one finishes after the newer was delivered: its result is dropped.
  first->open();
  QVERIFY(settle(QStringLiteral("newest")));
  QVERIFY(firstSawCancel);
  QCOMPARE(delivered, std::vector<int>{2});
}

void TestBackgroundJob::cancelDeliversNothing() {
  QObject context;
  BackgroundJob job(&context, QStringLiteral("cancelled"));
  auto gate = std::make_shared<Gate>();
  int done = 0, failed = 0;
  std::atomic<bool> sawCancel{false};
  job.start(
      [gate, &sawCancel](const CancelToken& token) -> int {
        gate->open();                                              // tells the test the work is running
        while (!token.cancelled()) QThread::yieldCurrentThread();  // a load polling its progress callback
        sawCancel = true;
        throw JobCancelled();
      },
      [&](int) { ++done; }, [&](const QString&) { ++failed; });
  QVERIFY(gate->pass());
  job.cancel();
  QVERIFY(!job.isBusy());
  QVERIFY(settle(QStringLiteral("cancelled")));  // the work saw the token and stopped
  QCOMPARE(done, 0);
  QCOMPARE(failed, 0);
  QVERIFY(sawCancel);
}

void TestBackgroundJob::exceptionsBecomeErrors() {
  QObject context;
  BackgroundJob job(&context);
  QString error;
  int done = 0;
  job.start([](const CancelToken&) -> int { throw std::runtime_error("the disk is on fire"); },
            [&](int) { ++done; }, [&](const QString& e) { error = e; });
  QTRY_VERIFY_WITH_TIMEOUT(!error.isEmpty(), kTimeout);
  QCOMPARE(error, QStringLiteral("the disk is on fire"));
  QCOMPARE(done, 0);
  error.clear();
  job.start([](const CancelToken&) -> int { throw 3; }, [&](int) { ++done; },
            [&](const QString& e) { error = e; });
  QTRY_COMPARE_WITH_TIMEOUT(error, QStringLiteral("unknown error"), kTimeout);
  QCOMPARE(done, 0);
}

void TestBackgroundJob::moveOnlyResultsAndVoidWorks() {
  QObject context;
  BackgroundJob job(&context);
  std::unique_ptr<int> got;
  auto owned = std::make_unique<int>(5);
  job.start([p = std::move(owned)](const CancelToken&) mutable { return std::make_unique<int>(*p * 2); },
            [&](std::unique_ptr<int> r) { got = std::move(r); });
  QTRY_VERIFY_WITH_TIMEOUT(got != nullptr, kTimeout);
  QCOMPARE(*got, 10);
  bool voidDone = false;
  std::atomic<bool> ran{false};
  job.start([&ran](const CancelToken&) { ran = true; }, [&] { voidDone = true; });
  QTRY_VERIFY_WITH_TIMEOUT(voidDone, kTimeout);
  QVERIFY(ran);
}

void TestBackgroundJob::destructorDoesNotWaitForARunningWork() {
  // Were the destructor to wait for the work, the work would wait for the gate the test opens
  // only after the destructor returned: the test would hang (and time out) here.
  auto gate = std::make_shared<Gate>();
  auto finished = std::make_shared<std::atomic<bool>>(false);
  auto sawCancel = std::make_shared<std::atomic<bool>>(false);
  int delivered = 0;
  QObject context;
  {
    BackgroundJob job(&context, QStringLiteral("left alone"));
    job.start(
        [gate, finished, sawCancel](const CancelToken& token) {
          gate->pass();
          *sawCancel = token.cancelled();
          *finished = true;
          return 1;
        },
        [&](int) { ++delivered; });
  }
  QVERIFY(!*finished);
  gate->open();
  QTRY_VERIFY_WITH_TIMEOUT(*finished, kTimeout);
  // Its thread ends and deletes itself; nothing is delivered to anyone.
  QVERIFY(settle(QStringLiteral("left alone")));
  QVERIFY(*sawCancel);
  QCOMPARE(delivered, 0);
}

void TestBackgroundJob::destroyedContextHearsNothing() {
  auto gate = std::make_shared<Gate>();
  int delivered = 0;
  auto context = std::make_unique<QObject>();
  BackgroundJob job(context.get(), QStringLiteral("orphan"));
  job.start(
      [gate](const CancelToken&) {
        gate->pass();
        return 1;
      },
      [&](int) { ++delivered; });
  context.reset();
  gate->open();
  QVERIFY(settle(QStringLiteral("orphan")));
  QCOMPARE(delivered, 0);
}

QTEST_GUILESS_MAIN(TestBackgroundJob)
#include "test_background_job.moc"
