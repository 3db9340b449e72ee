// Translation of the main window: texts remembered by source so that a language change
// (View > Language, QEvent::LanguageChange) says every menu, dock and button again, and the
// widths that depend on the language.
#include "shell/main_window.h"

#include "core_text.h"

#include "charts/chart_base.h"
#include "panels/control_panel.h"
#include "charts/dashboard.h"
#include "shell/classroom_controller.h"
#include "shell/gui_main.h"
#include "shell/main_window_menus.h"
#include "translations.h"

#include <QAbstractButton>
#include <QAction>
#include <QActionGroup>
#include <QDockWidget>
#include <QEvent>
#include <QMenu>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QTimer>

#include <algorithm>

namespace ampscope::ui {

// ---- Translation ---------------------------------------------------------------------------

namespace {
constexpr const char* kTrSource = "ampscope_tr_source";

void applyTrText(QObject* o) {
  const QByteArray source = o->property(kTrSource).toByteArray();
  if (source.isEmpty()) return;
  const QString text = MainWindow::tr(source.constData());
  if (auto* a = qobject_cast<QAction*>(o))
    a->setText(text);
  else if (auto* m = qobject_cast<QMenu*>(o))
    m->setTitle(text);
  else if (auto* b = qobject_cast<QAbstractButton*>(o))
    b->setText(text);
  else if (auto* w = qobject_cast<QWidget*>(o))
    w->setWindowTitle(text);  // docks, tool bars
}
}  // namespace

void MainWindow::setTrText(QObject* object, const char* source) {
  object->setProperty(kTrSource, QByteArray(source));
  applyTrText(object);
}

void MainWindow::changeEvent(QEvent* event) {
  QMainWindow::changeEvent(event);
  if (event->type() == QEvent::LanguageChange) retranslateUi();
}

void MainWindow::retranslateUi() {
  for (QObject* o : findChildren<QObject*>()) applyTrText(o);
  // After the children have their new texts (they get the event after this window).
  QTimer::singleShot(0, this, &MainWindow::fitControlsWidth);
  if (m_menus) m_menus->retranslate();  // tool tips with shortcuts, the language menu
  // Run > Load preset's built-in titles and the explanation above the charts.
  if (m_classroom) m_classroom->retranslate();
  // The charts retranslate their titles on the same event, after this window (children come
  // second): the menu items that name them follow once the event has gone round.
  QTimer::singleShot(0, this, [this] { m_menus->setChartTitles(chartTitles()); });
  showStep(m_shownStep);
  updateStatus();
}

void MainWindow::fitControlsWidth() {
  // The control panel scrolls vertically only: its dock must be as wide as the panel's widest
  // row in the current language (German words and CJK glyphs are wider than English).
  auto* scroll = m_controls ? qobject_cast<QScrollArea*>(m_controls->parentWidget() ? m_controls->parentWidget()->parentWidget() : nullptr)
                            : nullptr;
  if (!scroll) return;
  const int need = m_controls->minimumSizeHint().width() + scroll->verticalScrollBar()->sizeHint().width() +
                   2 * scroll->frameWidth() + 4;
  const int width = std::clamp(need, 300, 560);
  scroll->setMinimumWidth(width);
  scroll->setMaximumWidth(std::max(440, width));
  if (auto* dock = qobject_cast<QDockWidget*>(scroll->parentWidget())) dock->setMaximumWidth(std::max(460, width + 20));
}

QList<QAction*> MainWindow::languageActions() const { return m_menus->languageActions(); }

void MainWindow::setLanguage(const QString& code) {
  const bool system = code.isEmpty() || code == QLatin1String("system");
  const QString resolved = system ? i18n::systemLanguage() : i18n::resolveLanguage(code);
  if (resolved.isEmpty()) return;
  QSettings().setValue(QLatin1String(kLanguageSettingsKey), system ? QStringLiteral("system") : resolved);
  m_menus->checkLanguage(system ? QStringLiteral("system") : resolved);
  if (resolved != i18n::currentLanguage()) i18n::installLanguage(resolved);
}

}  // namespace ampscope::ui
