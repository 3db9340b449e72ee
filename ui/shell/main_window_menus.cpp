#include "shell/main_window_menus.h"

#include <QAction>
#include <QActionGroup>
#include <QCoreApplication>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QToolBar>

#include "runs/session_controller.h"
#include "shell/about_dialog.h"
#include "shell/gui_main.h"
#include "shell/main_window.h"
#include "translations.h"

namespace ampscope::ui {

// The texts are MainWindow's in the catalogues (they were said there before this class): every
// string names that context, literally, so that lupdate finds it.

MainWindowMenus::MainWindowMenus(QMainWindow* window, SessionController* controller,
                                 const QStringList& chartTitles)
    : QObject(window) {
  buildFileMenu(window, chartTitles);
  buildRunMenu(window, controller);
  buildViewMenu(window);
  QMenu* help = window->menuBar()->addMenu(QCoreApplication::translate("ampscope::ui::MainWindow", "&Help"));
  QAction* keys =
      help->addAction(QCoreApplication::translate("ampscope::ui::MainWindow", "&Keyboard shortcuts\u2026"),
                      this, &MainWindowMenus::shortcutsRequested);
  keys->setShortcut(QKeySequence::HelpContents);
  QAction* about = help->addAction(QString(), window, [window, controller] {
    auto* dialog = new AboutDialog(controller->storePath(), window);
    dialog->setObjectName(QStringLiteral("aboutDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
  });
  MainWindow::setTrText(about, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "&About AmpScope"));
  about->setObjectName(QStringLiteral("aboutAction"));
  about->setMenuRole(QAction::AboutRole);
}

void MainWindowMenus::buildFileMenu(QMainWindow* window, const QStringList& chartTitles) {
  QMenu* file = window->menuBar()->addMenu(QString());
  MainWindow::setTrText(file, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "&File"));
  QAction* open = file->addAction(QString(), this, &MainWindowMenus::openRunRequested);
  MainWindow::setTrText(open, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "&Open run\u2026"));
  open->setShortcut(QKeySequence::Open);
  open->setToolTip(QCoreApplication::translate(
      "ampscope::ui::MainWindow", "Replay a run from a run store (recorded here or by 'ampscope record')"));
  QAction* overlay = file->addAction(QString(), this, &MainWindowMenus::overlayRequested);
  MainWindow::setTrText(overlay, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "O&verlay a run\u2026"));
  overlay->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+O")));
  QAction* follow = file->addAction(QString(), this, &MainWindowMenus::followRunRequested);
  MainWindow::setTrText(follow, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "&Follow a run\u2026"));  // runs/follow_controller.h
  m_clearOverlay = file->addAction(QString(), this, &MainWindowMenus::clearOverlayRequested);
  MainWindow::setTrText(m_clearOverlay, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "&Remove the overlay"));
  m_clearOverlay->setEnabled(false);
  m_backToLive = file->addAction(QString(), this, &MainWindowMenus::backToLiveRequested);
  MainWindow::setTrText(m_backToLive, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "&Back to the live run"));
  m_backToLive->setShortcut(QKeySequence(QStringLiteral("Ctrl+L")));
  m_backToLive->setEnabled(false);
  file->addSeparator();
  QAction* csv = file->addAction(QString(), this, &MainWindowMenus::exportCsvRequested);
  MainWindow::setTrText(
      csv, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "Export the visible range as C&SV\u2026"));
  csv->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+E")));
  QAction* whatIf = file->addAction(QString(), this, &MainWindowMenus::exportWhatIfRequested);
  MainWindow::setTrText(whatIf, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "Export the formats &what-if as CSV\u2026"));
  file->addSeparator();
  QAction* exportAll = file->addAction(QString(), this, &MainWindowMenus::exportDashboardRequested);
  MainWindow::setTrText(exportAll, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "Export &dashboard\u2026"));
  exportAll->setShortcut(QKeySequence(QStringLiteral("Ctrl+E")));
  m_charts = file->addMenu(QString());
  MainWindow::setTrText(m_charts, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "Export &chart"));
  for (int i = 0; i < chartTitles.size(); ++i) {
    QAction* a = m_charts->addAction(chartTitles[i] + QStringLiteral("\u2026"), this,
                                     [this, i] { Q_EMIT exportChartRequested(i); });
    a->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+%1").arg(i + 1)));
  }
  file->addSeparator();
  QAction* quit = file->addAction(QString(), window, &QWidget::close);
  MainWindow::setTrText(quit, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "&Quit"));
  quit->setShortcut(QKeySequence::Quit);
}

void MainWindowMenus::buildRunMenu(QMainWindow* window, SessionController* controller) {
  QMenu* run = window->menuBar()->addMenu(QString());
  MainWindow::setTrText(run, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "&Run"));
  m_start = run->addAction(QString(), controller, &SessionController::start);
  MainWindow::setTrText(m_start, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "Start / resume"));
  m_start->setShortcuts({QKeySequence(Qt::Key_F5), QKeySequence(QStringLiteral("Ctrl+Return"))});
  m_pause = run->addAction(QString(), controller, &SessionController::pause);
  MainWindow::setTrText(m_pause, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "Pause"));
  m_pause->setShortcut(QKeySequence(Qt::Key_F6));
  m_step = run->addAction(QString(), controller, &SessionController::stepOnce);
  MainWindow::setTrText(m_step, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "Step once"));
  m_step->setShortcuts(
      {QKeySequence(Qt::Key_S), QKeySequence(QStringLiteral("Ctrl+Right")), QKeySequence(Qt::Key_F10)});
  m_reset = run->addAction(QString(), this, &MainWindowMenus::resetRequested);
  MainWindow::setTrText(m_reset, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "Reset"));
  m_reset->setShortcut(QKeySequence(QStringLiteral("Ctrl+R")));
  QAction* toggle = run->addAction(QString(), controller, &SessionController::togglePause);
  MainWindow::setTrText(toggle, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "Start / pause"));
  toggle->setShortcuts({QKeySequence(Qt::Key_Space), QKeySequence(QStringLiteral("Ctrl+Space"))});
  run->addSeparator();
  m_presets = run->addMenu(QString());
  MainWindow::setTrText(m_presets, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "Load &preset"));
  // Filled by ClassroomController::refreshPresets() (built-in and user presets).

  QToolBar* tools = window->addToolBar(QString());
  MainWindow::setTrText(tools, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "Run"));
  tools->setObjectName(QStringLiteral("run"));
  tools->setToolButtonStyle(Qt::ToolButtonTextOnly);
  for (QAction* a : {m_start, m_pause, m_step, m_reset}) tools->addAction(a);
  updateRunToolTips();
}

void MainWindowMenus::buildViewMenu(QMainWindow* window) {
  QMenu* view = window->menuBar()->addMenu(QString());
  MainWindow::setTrText(view, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "&View"));
  m_dark = view->addAction(QString());
  MainWindow::setTrText(m_dark, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "&Dark theme"));
  m_dark->setCheckable(true);
  m_dark->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+D")));
  m_presentation = view->addAction(QString());
  MainWindow::setTrText(m_presentation, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow",
                                                          "&Presentation mode (large fonts, thick lines)"));
  m_presentation->setCheckable(true);
  m_presentation->setShortcut(QKeySequence(QStringLiteral("Ctrl+P")));
  for (QAction* a : {m_dark, m_presentation})
    connect(a, &QAction::toggled, this,
            [this] { Q_EMIT themeRequested(m_dark->isChecked(), m_presentation->isChecked()); });
  // F11 as everywhere else: the whole screen (ClassroomController::setFullScreen also turns
  // presentation mode on for the back of the room, and back off on the way out).
  m_fullScreen = view->addAction(QString());
  MainWindow::setTrText(m_fullScreen, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "F&ull screen"));
  m_fullScreen->setCheckable(true);
  m_fullScreen->setShortcut(QKeySequence(Qt::Key_F11));
  connect(m_fullScreen, &QAction::triggered, this, &MainWindowMenus::fullScreenRequested);
  QAction* follow = view->addAction(QString(), this, &MainWindowMenus::followNewestRequested);
  MainWindow::setTrText(follow, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "&Follow the newest step"));
  // Whose limits the histogram and the layer history draw (issue 16): the run's own by default.
  QMenu* limits = view->addMenu(QString());
  MainWindow::setTrText(limits, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "Format li&mits drawn"));
  auto* limitsGroup = new QActionGroup(limits);
  limitsGroup->setExclusive(true);
  QAction* own = limits->addAction(QString());
  MainWindow::setTrText(own, QT_TRANSLATE_NOOP("ampscope::ui::MainWindow", "The run's own format"));
  own->setData(-1);
  limits->addSeparator();
  for (const char* name : {"fp16", "bf16", "fp8-e4m3", "fp8-e5m2"}) {
    kernels::Format f{};
    if (!parse(name, f)) continue;
    QAction* a = limits->addAction(QString::fromLatin1(name));
    a->setData(static_cast<int>(f));
  }
  for (QAction* a : limits->actions()) {
    if (a->isSeparator()) continue;
    a->setCheckable(true);
    limitsGroup->addAction(a);
    connect(a, &QAction::triggered, this, [this, a] { Q_EMIT limitsFormatRequested(a->data().toInt()); });
  }
  own->setChecked(true);
  buildLanguageMenu(view);
  follow->setShortcut(QKeySequence(Qt::Key_End));
}

void MainWindowMenus::buildLanguageMenu(QMenu* view) {
  view->addSeparator();
  m_language = view->addMenu(QCoreApplication::translate("ampscope::ui::MainWindow", "&Language"));
  auto* group = new QActionGroup(m_language);
  group->setExclusive(true);
  const QString saved = QSettings().value(QLatin1String(kLanguageSettingsKey)).toString();
  const QString chosen = saved.isEmpty() ? QStringLiteral("system") : i18n::resolveLanguage(saved);
  QStringList codes{QStringLiteral("system")};
  codes << i18n::shippedLanguages();
  for (const QString& code : codes) {
    // Each language is named in its own words: a user who cannot read the current one finds theirs.
    QAction* a = m_language->addAction(
        code == QLatin1String("system")
            ? QCoreApplication::translate("ampscope::ui::MainWindow", "System default (%1)")
                  .arg(i18n::nativeLanguageName(i18n::systemLanguage()))
            : i18n::nativeLanguageName(code));
    a->setData(code);
    a->setCheckable(true);
    a->setChecked(code == chosen || (chosen.isEmpty() && code == QLatin1String("system")));
    group->addAction(a);
    connect(a, &QAction::triggered, this, [this, code] { Q_EMIT languageRequested(code); });
  }
}

QList<QAction*> MainWindowMenus::languageActions() const { return m_language->actions(); }

void MainWindowMenus::checkLanguage(const QString& code) {
  for (QAction* a : languageActions()) a->setChecked(a->data().toString() == code);
}

void MainWindowMenus::retranslate() {
  updateRunToolTips();
  m_language->setTitle(QCoreApplication::translate("ampscope::ui::MainWindow", "&Language"));
  const QList<QAction*> actions = m_language->actions();
  if (!actions.isEmpty())
    actions.front()->setText(QCoreApplication::translate("ampscope::ui::MainWindow", "System default (%1)")
                                 .arg(i18n::nativeLanguageName(i18n::systemLanguage())));
}

void MainWindowMenus::updateRunToolTips() {
  for (QAction* a : {m_start, m_pause, m_step, m_reset})
    a->setToolTip(QCoreApplication::translate("ampscope::ui::MainWindow", "%1 (%2)")
                      .arg(a->text(), a->shortcut().toString(QKeySequence::NativeText)));
}

void MainWindowMenus::setChartTitles(const QStringList& titles) {
  const QList<QAction*> actions = m_charts->actions();
  for (int i = 0; i < actions.size() && i < titles.size(); ++i)
    actions[i]->setText(titles[i] + QStringLiteral("\u2026"));
}

void MainWindowMenus::showSessionState(int state) {
  using S = SessionController::State;
  const auto s = static_cast<S>(state);
  m_start->setEnabled(s == S::Ready || s == S::Paused);
  m_pause->setEnabled(s == S::Running);
  m_step->setEnabled(s == S::Ready || s == S::Paused || s == S::Running);
  m_reset->setEnabled(true);
}

void MainWindowMenus::setRunControlsEnabled(bool on) {
  for (QAction* a : {m_start, m_pause, m_step, m_reset}) a->setEnabled(on);
}

void MainWindowMenus::setReplaying(bool replaying) { m_backToLive->setEnabled(replaying); }
void MainWindowMenus::setOverlayShown(bool shown) { m_clearOverlay->setEnabled(shown); }

void MainWindowMenus::showTheme(bool dark, bool presentation) {
  // Checking one emits themeRequested, which ClassroomController::setTheme answers by calling this again.
  if (m_dark->isChecked() != dark) m_dark->setChecked(dark);
  if (m_presentation->isChecked() != presentation) m_presentation->setChecked(presentation);
}

void MainWindowMenus::showFullScreen(bool on) { m_fullScreen->setChecked(on); }

bool MainWindowMenus::darkTheme() const { return m_dark->isChecked(); }
bool MainWindowMenus::presentationMode() const { return m_presentation->isChecked(); }

}  // namespace ampscope::ui
