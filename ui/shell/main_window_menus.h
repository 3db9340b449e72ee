// The main window's menu bar and Run tool bar: File (runs, exports, quit), Run (the session's
// controls, presets), View (theme, presentation, follow, language) and Help. It owns every
// action and says what the user asked for through signals, which MainWindow wires; Start,
// Pause and Step go straight to the SessionController. Texts are said in MainWindow's
// translation context (MainWindow::setTrText), so a language change retranslates them there.
#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

class QAction;
class QMainWindow;
class QMenu;

namespace ampscope::ui {

class SessionController;

class MainWindowMenus : public QObject {
  Q_OBJECT
 public:
  /// Builds the menus and the tool bar on `window`; `chartTitles` name File > Export chart's items.
  MainWindowMenus(QMainWindow* window, SessionController* controller, const QStringList& chartTitles);

  /// The session's controls: Start, Pause and Step as `state` allows (SessionController::State).
  void showSessionState(int state);
  /// All four session controls on or off (off while a stored run is shown).
  void setRunControlsEnabled(bool on);
  void setReplaying(bool replaying);
  void setOverlayShown(bool shown);
  /// Checks the theme actions without asking for a theme change.
  void showTheme(bool dark, bool presentation);
  bool darkTheme() const;
  bool presentationMode() const;
  /// Checks View > Full screen without asking for a change (the window's state changed).
  void showFullScreen(bool on);
  /// Run > Load preset (filled by ClassroomController::refreshPresets()).
  QMenu* presetsMenu() const { return m_presets; }
  /// View > Language: "system" first, then each shipped language code.
  QList<QAction*> languageActions() const;
  /// Checks the language action whose code (action data) is `code`.
  void checkLanguage(const QString& code);
  /// The texts not remembered by source: tool tips with shortcuts, the language menu.
  void retranslate();
  /// File > Export chart's items, after the charts retranslated their titles.
  void setChartTitles(const QStringList& titles);
  /// Run > Reset (the control panel's Reset button triggers it too).
  QAction* resetAction() const { return m_reset; }

 Q_SIGNALS:
  void openRunRequested();
  void overlayRequested();
  /// File > Follow a run (FollowController::followInteractive).
  void followRunRequested();
  void clearOverlayRequested();
  void backToLiveRequested();
  void exportCsvRequested();
  /// File > Export the formats what-if as CSV.
  void exportWhatIfRequested();
  /// View > Format limits: a kernels::Format as int, or -1 for the run's own format.
  void limitsFormatRequested(int format);
  void exportDashboardRequested();
  void exportChartRequested(int index);
  void resetRequested();
  void themeRequested(bool dark, bool presentation);
  /// View > Full screen (F11) checked or unchecked.
  void fullScreenRequested(bool on);
  void followNewestRequested();
  void languageRequested(const QString& code);
  void shortcutsRequested();

 private:
  void buildFileMenu(QMainWindow* window, const QStringList& chartTitles);
  void buildRunMenu(QMainWindow* window, SessionController* controller);
  void buildViewMenu(QMainWindow* window);
  void buildLanguageMenu(QMenu* view);
  void updateRunToolTips();

  QAction* m_start = nullptr;
  QAction* m_pause = nullptr;
  QAction* m_step = nullptr;
  QAction* m_reset = nullptr;
  QAction* m_dark = nullptr;
  QAction* m_presentation = nullptr;
  QAction* m_fullScreen = nullptr;
  QAction* m_backToLive = nullptr;
  QAction* m_clearOverlay = nullptr;
  QMenu* m_charts = nullptr;
  QMenu* m_presets = nullptr;
  QMenu* m_language = nullptr;
};

}  // namespace ampscope::ui
