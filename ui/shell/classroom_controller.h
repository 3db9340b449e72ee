// The classroom side of the window: presets (built-in and the user's own; loading one shows its
// explanation above the charts), the theme and presentation mode, the keyboard shortcuts
// dialog, and the settings remembered between launches (QSettings: geometry, docks, splitters,
// theme, view toggles, the last preset and its config). MainWindow creates it once the window's
// parts exist and wires it: the menus' and the control panel's requests come in as slot calls,
// what it has to say goes out as signals (a banner, a status message, a new theme). Its texts
// stay in MainWindow's translation context, where the catalogues have them.
#pragma once

#include "presets/presets.h"

#include <QFont>
#include <QList>
#include <QObject>
#include <QPair>
#include <QString>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

class QKeySequence;
class QLabel;
class QMainWindow;
class QWidget;

namespace ampscope::ui {

class ControlPanel;
class Dashboard;
class MainWindowMenus;
class ReplayController;
class SessionController;

/// A preset's title as a run's name (SessionConfig::name): one line, at most kMaxNameLength
/// characters (a longer title ends in an ellipsis).
std::string runNameFromTitle(const QString& title);

class ClassroomController : public QObject {
  Q_OBJECT
 public:
  /// What it works on; every part outlives it (children of the window, as it is).
  struct Parts {
    QMainWindow* window = nullptr;   ///< geometry, dock state, the menu bar's shortcuts, dialogs' parent
    SessionController* session = nullptr;
    Dashboard* dashboard = nullptr;  ///< its theme and splitters
    ControlPanel* controls = nullptr;
    MainWindowMenus* menus = nullptr;  ///< the theme actions, Run > Load preset
    ReplayController* runs = nullptr;  ///< whether a stored run is shown (the explanation hides)
    QLabel* explanation = nullptr;     ///< the loaded preset's story, above the charts
  };
  ClassroomController(const Parts& parts, QObject* parent = nullptr);

  // ---- presets ---------------------------------------------------------------------------
  /// Builds the preset's session (maxSteps > 0 overrides its step limit). Returns false and
  /// asks for a banner (bannerRequested) when the preset or its session cannot be built.
  bool loadPreset(const QString& name, std::int64_t maxSteps = 0);
  /// The same, with the session built off the GUI thread; started when built if `start`.
  bool loadPresetInBackground(const QString& name, bool start);
  /// Re-reads the user presets and fills the control panel's list and Run > Load preset.
  void refreshPresets();
  const std::vector<Preset>& presets() const { return m_presets; }
  /// The explanation shown above the charts ("" while hidden).
  QString explanationText() const;
  /// A stored run is shown (the live preset's explanation hides) or the live session again.
  void setReplaying(bool replaying);
  /// Run > Load preset's titles and the explanation in the language just installed.
  void retranslate();

  // ---- theme and presentation mode ---------------------------------------------------------
  /// Installs the palette, the fonts (1.5x in presentation mode), the charts' theme, and
  /// hides the advanced controls and the layer table in presentation mode; themeChanged after.
  void setTheme(bool dark, bool presentation);
  bool darkTheme() const;
  bool presentationMode() const;
  /// View > Full screen (F11): the window fills the screen, and presentation mode comes on with
  /// it when it was off; leaving full screen turns it off again unless the user changed it since.
  void setFullScreen(bool on);

  // ---- keyboard shortcuts ------------------------------------------------------------------
  /// Whether a key press with `keys` goes to the window's shortcut rather than to the focused
  /// widget `focus`, for a key that is some action's shortcut. Free-text fields keep what typing
  /// needs (Space, letters, End, Ctrl+Right: Qt's own rules); number fields (spin boxes) keep
  /// the keys that move in the number (End, Home, arrows); everything else (tables, lists, combo
  /// boxes, sliders, check boxes, charts, floating docks) leaves every shortcut to the window.
  static bool shortcutWins(const QWidget* focus, const QKeySequence& keys);
  /// Every action with a shortcut: (text, shortcuts), as the shortcuts dialog lists them.
  QList<QPair<QString, QString>> shortcutList() const;
  void showShortcuts();

  // ---- settings between launches -----------------------------------------------------------
  /// Restores theme, presentation mode, geometry, dock state, splitter sizes and view toggles,
  /// and has the window save them on close from then on (savesOnClose). Returns the last
  /// preset's name ("" when none was saved).
  QString restoreSettings();
  void saveSettings() const;
  bool savesOnClose() const { return m_saveOnClose; }
  /// At launch: `preset` when given, else the last session's preset and config, else
  /// "default"; built off the GUI thread, started when built if `start`.
  void openAtLaunch(const QString& preset, bool start);
  /// The config saved by the last saveSettings() (empty optional when none or unreadable).
  static std::optional<SessionConfig> savedConfig();

  // ---- the control panel's preset buttons --------------------------------------------------
  void savePresetInteractive();
  void deletePresetInteractive(const QString& name);

 Q_SIGNALS:
  /// A preset could not be found: the window's error banner says why.
  void bannerRequested(const QString& text);
  /// A line for the status bar (timeoutMs 0: until replaced).
  void statusMessage(const QString& text, int timeoutMs);
  /// setTheme() is done (the window refits what depends on the font).
  void themeChanged(bool dark, bool presentation);

 private:
  /// Shortcuts whichever widget has focus (the application's ShortcutOverride events), and
  /// View > Full screen's check mark following the window's state.
  bool eventFilter(QObject* watched, QEvent* event) override;
  /// loadPreset and loadPresetInBackground: the session built here or off the GUI thread.
  bool load(const QString& name, std::int64_t maxSteps, bool inBackground);
  void setExplanation(const QString& title, const QString& text);
  void syncExplainedPreset();

  Parts m_parts;
  std::vector<Preset> m_presets;
  QString m_presetName;
  QString m_presetTitle;
  QFont m_baseFont;  ///< the application font before presentation mode enlarged it
  bool m_saveOnClose = false;
  bool m_presentationFromFullScreen = false;  ///< setFullScreen turned presentation mode on
  bool m_inFullScreenChange = false;
};

}  // namespace ampscope::ui
