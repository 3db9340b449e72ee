#include "runs/background_job.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QThread>

#include "core_text.h"

namespace ampscope::ui {

namespace {

/// One request's thread. A child of the application object, so that it outlives the job and
/// its context; it deletes itself once finished, and one still running when the application
/// object goes is waited for there.
class JobThread final : public QThread {
 public:
  JobThread(std::function<void()> body, const QString& name)
      : QThread(QCoreApplication::instance()), m_body(std::move(body)) {
    setObjectName(name.isEmpty() ? QStringLiteral("background job") : name);
    connect(this, &QThread::finished, this, &QObject::deleteLater);
  }
  ~JobThread() override {
    wait();
    // Pairs with the release at the end of run(): wait() synchronises through Qt's futex-based
    // mutex, which ThreadSanitizer cannot see, and m_body was last written on that thread.
    [[maybe_unused]] const bool ran = m_ran.load(std::memory_order_acquire);
  }

 private:
  void run() override {
    m_body();
    m_body = nullptr;  // its captures are let go on this thread
    m_ran.store(true, std::memory_order_release);
  }
  std::function<void()> m_body;
  std::atomic<bool> m_ran{false};
};

}  // namespace

BackgroundJob::BackgroundJob(QObject* context, QString name) : m_context(context), m_name(std::move(name)) {
  Q_ASSERT(context && QCoreApplication::instance());
}

BackgroundJob::~BackgroundJob() { cancel(); }

void BackgroundJob::cancel() {
  if (m_current.m_flag) m_current.m_flag->store(true, std::memory_order_release);
  m_current = {};
  *m_delivered = m_generation;  // nothing older than now is delivered
  m_busy = false;
}

CancelToken BackgroundJob::launch(std::function<void(const CancelToken&)> body,
                                  std::function<void()> deliver) {
  cancel();  // the newest request wins
  const std::uint64_t generation = ++m_generation;
  CancelToken token;
  token.m_flag = std::make_shared<std::atomic<bool>>(false);
  m_current = token;
  m_busy = true;
  std::shared_ptr<Shared> shared = m_shared;
  ++shared->running;
  // Set (release) by the job's thread once the body is done, read (acquire) before delivering
  // what it wrote. Shared by value: the thread object may be deleted (its own finished ->
  // deleteLater) before the delivery below runs, so the delivery must not touch it.
  auto ran = std::make_shared<std::atomic<bool>>(false);
  auto* thread = new JobThread(
      [body = std::move(body), token, shared, ran]() mutable {
        body(token);
        body = nullptr;
        --shared->running;
        ran->store(true, std::memory_order_release);
      },
      m_name);
  // Queued to the context (`finished` is emitted on the job's thread): a context destroyed
  // meanwhile never hears of it. `m_delivered` is shared so that the job may go first.
  QObject::connect(thread, &QThread::finished, m_context.data(),
                   [ran, generation, delivered = m_delivered, deliver = std::move(deliver), this,
                    alive = std::weak_ptr<Shared>(m_shared)]() mutable {
                     if (!ran->load(std::memory_order_acquire)) return;  // always set by now; orders the reads below
                     if (alive.expired() || *delivered >= generation)
                       return;  // cancelled, replaced or job gone
                     *delivered = generation;
                     m_busy = false;
                     m_current = {};
                     deliver();
                     deliver = nullptr;
                   });
  thread->start(QThread::LowPriority);
  return token;
}

bool BackgroundJob::waitForIdle(int timeoutMs) const {
  QDeadlineTimer deadline(timeoutMs);
  while (m_shared->running.load() > 0) {
    if (deadline.hasExpired()) return false;
    QThread::msleep(2);
  }
  return true;
}

QString BackgroundJob::errorMessage(const std::exception_ptr& error) {
  try {
    if (error) std::rethrow_exception(error);
  } catch (const std::exception& e) {
    return i18n::errorText(e);
  } catch (...) {
  }
  // SessionController's message (one catalogue entry for both).
  return QCoreApplication::translate("ampscope::ui::SessionController", "unknown error");
}

}  // namespace ampscope::ui
