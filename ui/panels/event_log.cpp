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
  QColor colour;
  switch (static_cast<Sev>(severity)) {
    case Sev::Bad: mark = QStringLiteral("\u25BC "); colour = m_dark ? QColor(255, 120, 120) : QColor(190, 30, 30); break;
    case Sev::Warning: mark = QStringLiteral("\u26A0 "); colour = m_dark ? QColor(255, 200, 100) : QColor(170, 100, 0); break;
    case Sev::Good: mark = QStringLiteral("\u25B2 "); colour = m_dark ? QColor(140, 220, 140) : QColor(30, 130, 30); break;
    case Sev::Info: mark = QStringLiteral("\u2022 "); break;
  }
  auto* item = new QListWidgetItem(mark + text);
  item->setData(Qt::UserRole, step);
  item->setToolTip(text);
  if (colour.isValid()) item->setForeground(colour);
  addItem(item);
  while (count() > kMaxLines) delete takeItem(0);
  if (atBottom) scrollToBottom();
}

}  // namespace ampscope::ui
