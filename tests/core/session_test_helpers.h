// Helpers shared by the suites that run a TrainingSession on its worker thread.
#pragma once

#include <ampscope/training_session.h>

#include <QtTest>

#include <chrono>
#include <thread>
#include <utility>
#include <vector>

namespace ampscope::test {

/// Runs a started session to its end, draining records as a live consumer does.
inline std::vector<StepRecord> drain_until_done(TrainingSession& s, int timeout_ms = 120000) {
  std::vector<StepRecord> got;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (s.running() && std::chrono::steady_clock::now() < deadline) {
    s.drain(got);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  const bool timed_out = s.running();
  if (timed_out) s.request_stop();
  s.wait();
  s.drain(got);
  // A session that had to be stopped did not finish: the test fails here, whatever it checks
  // next (a timeout must never read as a short but valid run).
  if (timed_out)
    QTest::qFail(qPrintable(QString("drain_until_done: the session was still running after %1 ms (%2 steps drained)")
                                .arg(timeout_ms).arg(got.size())),
                 __FILE__, __LINE__);
  return got;
}

/// The events of one kind, in order.
inline std::vector<SessionEvent> events_of(std::vector<SessionEvent> all, SessionEvent::Kind kind) {
  std::vector<SessionEvent> out;
  for (auto& e : all)
    if (e.kind == kind) out.push_back(std::move(e));
  return out;
}

}  // namespace ampscope::test
