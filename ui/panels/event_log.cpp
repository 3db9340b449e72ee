#include "panels/event_log.h"

#include "panels/narrator.h"

#include <QEvent>
#include <QScrollBar>

namespace ampscope::ui {

EventLog::EventLog(QWidget* parent) : QListWidget(parent) {
  setUniformItemSizes(true);
  setWordWrap(false);
  setAlternatingRowColors(true);
  setToolTip(tr("What the scaler decided and why. Click a line to show that step in the charts."));
  connect(this, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
    Q_EMIT stepActivated(item->data(Qt::UserRole).toLongLong());
  });
  connect(this, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
    Q_EMIT stepActivated(item->data(Qt::UserRole).toLongLong());
  });
  followApplicationTheme(this, [this](const PlotTheme& theme) { applyTheme(theme); });
}

namespace {
constexpr int kSeverityRole = Qt::UserRole + 1;
}  // namespace

QColor EventLog::severityColor(const PlotTheme& theme, int severity) {
  using Sev = NarratedEvent::Severity;
  switch (static_cast<Sev>(severity)) {
    case Sev::Bad: return theme.eventBad;
    case Sev::Warning: return theme.eventWarning;
    case Sev::Good: return theme.eventGood;
    case Sev::Info: break;
  }
  return {};
}

void EventLog::applyTheme(const PlotTheme& theme) {
  m_theme = theme;
  for (int i = 0; i < count(); ++i) {
    QListWidgetItem* line = item(i);
    const QColor colour = severityColor(theme, line->data(kSeverityRole).toInt());
    if (colour.isValid()) line->setForeground(colour);
  }
}

void EventLog::changeEvent(QEvent* event) {
  QListWidget::changeEvent(event);
  // Lines already told stay in the language they were told in; new ones use the new language.
  if (event->type() == QEvent::LanguageChange)
    setToolTip(tr("What the scaler decided and why. Click a line to show that step in the charts."));
}

void EventLog::addEvent(qint64 step, int severity, const QString& text) {
  QScrollBar* bar = verticalScrollBar();
  const bool atBottom = bar->value() >= bar->maximum() - 2;
  using Sev = NarratedEvent::Severity;
  QString mark;
  switch (static_cast<Sev>(severity)) {
    case Sev::Bad: mark = QStringLiteral("\u25BC "); break;
    case Sev::Warning: mark = QStringLiteral("\u26A0 "); break;
    case Sev::Good: mark = QStringLiteral("\u25B2 "); break;
    case Sev::Info: mark = QStringLiteral("\u2022 "); break;
  }
  const QColor colour = severityColor(m_theme, severity);
  auto* item = new QListWidgetItem(mark + text);
  item->setData(Qt::UserRole, step);
  item->setData(kSeverityRole, severity);
  item->setToolTip(text);
  if (colour.isValid()) item->setForeground(colour);
  addItem(item);
  while (count() > kMaxLines) delete takeItem(0);
  if (atBottom) scrollToBottom();
}

}  // namespace ampscope::ui
