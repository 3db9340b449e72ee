// The GUI thread's longest pause while something runs: the largest gap between the ticks of a
// 10 ms timer on the GUI thread (tests and the responsiveness benchmark).
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <algorithm>

namespace ampscope::ui::test {

class GuiPauseMeter {
 public:
  GuiPauseMeter() {
    m_timer.setInterval(10);
    QObject::connect(&m_timer, &QTimer::timeout, [this] { tick(); });
  }
  void start() {
    m_clock.start();
    m_last = 0;
    m_longest = 0;
    m_timer.start();
  }
  /// Counts the gap up to now too (a pause at the very end), and stops.
  void stop() {
    tick();
    m_timer.stop();
  }
  qint64 longestMs() const { return m_longest; }
  qint64 elapsedMs() const { return m_clock.elapsed(); }

 private:
  void tick() {
    const qint64 now = m_clock.elapsed();
    m_longest = std::max(m_longest, now - m_last);
    m_last = now;
  }
  QTimer m_timer;
  QElapsedTimer m_clock;
  qint64 m_last = 0, m_longest = 0;
};

}  // namespace ampscope::ui::test
