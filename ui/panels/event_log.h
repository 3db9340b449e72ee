// The scaler's decisions in plain words, newest at the bottom. Clicking a line asks the charts
// to show that step (stepActivated).
#pragma once

#include "charts/plot_theme.h"

#include <QListWidget>

namespace ampscope::ui {

class EventLog : public QListWidget {
  Q_OBJECT
 public:
  explicit EventLog(QWidget* parent = nullptr);
  /// severity: NarratedEvent::Severity as int.
  void addEvent(qint64 step, int severity, const QString& text);
  /// The colour of a line of `severity` in `theme` (invalid for Info: the text colour).
  static QColor severityColor(const PlotTheme& theme, int severity);
  /// Lines kept (the oldest go first).
  static constexpr int kMaxLines = 5000;

 Q_SIGNALS:
  void stepActivated(qint64 step);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  /// Colours every line for `theme` (the log follows the application's theme).
  void applyTheme(const PlotTheme& theme);
  PlotTheme m_theme = PlotTheme::light();
};

}  // namespace ampscope::ui
