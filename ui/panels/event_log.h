// The scaler's decisions in plain words, newest at the bottom. Clicking a line asks the charts
// to show that step (stepActivated).
#pragma once

#include <QListWidget>

namespace ampscope::ui {

class EventLog : public QListWidget {
  Q_OBJECT
 public:
  explicit EventLog(QWidget* parent = nullptr);
  /// severity: NarratedEvent::Severity as int.
  void addEvent(qint64 step, int severity, const QString& text);
  void setDark(bool dark) { m_dark = dark; }
  /// Lines kept (the oldest go first).
  static constexpr int kMaxLines = 5000;

 Q_SIGNALS:
  void stepActivated(qint64 step);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  bool m_dark = false;
};

}  // namespace ampscope::ui
