// The main window: builds the window (central charts, docks, replay bar) and wires the menus
// (MainWindowMenus), the session controller, the stored runs (ReplayController), follow mode
// (FollowController), presets, theme and settings (ClassroomController) and the status bar
// (StatusBar) to the panels and charts. It owns no logic of its own beyond selection (which
// layer, which step); the runs and classroom APIs below forward to their controllers (tests
// and gui_main call them here).
#pragma once

#include "charts/exporter.h"
#include "charts/plot_theme.h"
#include "presets/presets.h"

#include <ampscope/kernels/raw_tensor_stats.h>

#include <QMainWindow>

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>
#include <deque>
#include <memory>

class QAction;
class QMenu;
class QLabel;
class QPushButton;

namespace ampscope::ui {

class ClassroomController;
class ControlPanel;
class RunSettingsView;
class Dashboard;
class EventLog;
class FollowController;
class LayerTable;
class MainWindowMenus;
class ReplayController;
class SessionController;
class StatusBar;
class StepHistory;
class StoredRun;
class WhatIfPanel;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  /// Builds the preset's session (maxSteps > 0 overrides its step limit). Returns false and
  /// shows the message when the preset or its session cannot be built.
  bool loadPreset(const QString& name, std::int64_t maxSteps = 0);
  /// The same, with the session built off the GUI thread (the window stays responsive;
  /// "Loading Fashion-MNIST..." shows meanwhile). Starts it when built if `start`.
  bool loadPresetInBackground(const QString& name, bool start);

  // --- classroom: presets, theme, shortcuts, settings (ClassroomController, forwarded) ---
  /// Restores theme, presentation mode, geometry, dock state, splitter sizes and view toggles
  /// from QSettings, and saves them on close from then on. Returns the preset name to open
  /// (the last one, "" when none was saved).
  QString restoreSettings();
  void saveSettings() const;
  /// At launch: `preset` when given, else the last session's preset and settings (QSettings),
  /// else "default"; built off the GUI thread, started when built if `start`.
  void openAtLaunch(const QString& preset, bool start);
  /// The config saved by the last saveSettings() (empty optional when none or unreadable).
  static std::optional<SessionConfig> savedConfig();
  /// Re-reads the user presets and fills the preset list and menu.
  void refreshPresets();
  const std::vector<Preset>& presets() const;
  bool presentationMode() const;
  bool darkTheme() const;
  /// The explanation shown above the charts (the loaded preset's title and text).
  QString explanationText() const;
  /// Every action with a shortcut: (text, shortcuts), as the shortcuts dialog lists them.
  QList<QPair<QString, QString>> shortcutList() const;
  void showShortcuts();
  /// Presets, theme and presentation mode, shortcuts, settings between launches.
  ClassroomController* classroom() const { return m_classroom; }

  SessionController* controller() const { return m_controller; }
  Dashboard* dashboard() const { return m_dashboard; }
  ControlPanel* controlPanel() const { return m_controls; }
  /// In the controls' place while a stored run is shown (replay, follow): its own settings.
  RunSettingsView* runSettingsView() const { return m_runSettings; }
  LayerTable* layerTable() const { return m_table; }
  /// The "Formats what-if" dock's panel (tabified with the layer table).
  WhatIfPanel* whatIfPanel() const { return m_whatIf; }
  /// View > Format limits: whose limits the histogram and the layer history draw; nullopt = the
  /// shown run's own format (fp16, bf16; fp32 runs: the format their statistics count against).
  void setLimitsChoice(std::optional<kernels::Format> format);
  EventLog* eventLog() const { return m_log; }
  /// The stored runs shown: replay, overlay, CSV export (the forwarding methods below).
  ReplayController* runs() const { return m_runs; }
  /// Follow mode: a run another process writes, shown as a replay that grows (File > Follow a
  /// run, --follow). It drives the window through this class's public calls and runs().
  FollowController* follow() const { return m_follow; }
  QString bannerText() const;
  /// --replay / --overlay given at launch that could not be opened: the warning File > Open (or
  /// File > Overlay a run) gives, opened without blocking the window, which goes on with the
  /// live run (gui_main prints the same on stderr).
  void warnCannotReplay(const QString& error);
  void warnCannotOverlay(const QString& error);

  void setTheme(bool dark, bool presentation);
  void selectLayer(int layer);
  /// -1: follow the newest step.
  void showStep(qint64 step);
  qint64 shownStep() const { return m_shownStep; }
  /// Refreshes the export caption from the session and writes the dashboard.
  bool exportDashboardTo(const QString& path, const ExportOptions& options, QString* error = nullptr);
  /// The whole window as it is on screen (PNG), for documentation.
  bool grabWindowTo(const QString& path, QString* error = nullptr);

  // Runs and exports (File menu). Every live session is recorded into the store set here
  // (empty: not recorded); the title and the status bar name the run being recorded.
  void setStorePath(const QString& path);
  /// Shows a stored run read-only with the same charts (run controls disabled, a banner, the
  /// live session goes on underneath). False with `error` set when the run cannot be read.
  bool replayRun(const QString& path, qint64 runId, QString* error = nullptr);
  /// The same off the GUI thread, as the File menu and --replay do: the window stays usable
  /// while a long run loads (1,000,000 steps take seconds), and the status bar shows how far
  /// it is, with a Cancel button. `done(ok, error)` runs on the GUI thread once the run is
  /// shown or could not be read; not when the load is cancelled or replaced by a newer one.
  /// `runId` 0: the store's latest run (read off the GUI thread too).
  void openReplay(const QString& path, qint64 runId, std::function<void(bool ok, const QString& error)> done = {});
  bool isOpeningReplay() const;
  /// Stops the load in progress (if any); what is shown stays as it was.
  void cancelOpening();
  /// The status bar's "Opening run 3 ..." text while a run loads; empty otherwise.
  QString openingText() const;
  void backToLive();
  bool isReplaying() const;
  const StoredRun* replayedRun() const;
  /// Draws a stored run over the loss and scale charts of what is shown (live or replayed).
  /// Reads the run on this thread (tests, scripts); the window uses openOverlay.
  bool overlayRun(const QString& path, qint64 runId, QString* error = nullptr);
  /// The same off the GUI thread (File > Overlay, --overlay): the newest request wins, and
  /// `done(ok, error)` runs on the GUI thread once the overlay is drawn or could not be read.
  /// `runId` 0: the store's latest run.
  void openOverlay(const QString& path, qint64 runId, std::function<void(bool ok, const QString& error)> done = {});
  bool isOpeningOverlay() const;
  void clearOverlay();
  const StoredRun* overlaidRun() const;
  /// The history the charts show: the live session's or the replayed run's.
  const StepHistory& shownHistory() const;
  /// Writes the steps in the visible x range of the step charts as CSV; returns the rows
  /// written, or -1 with `error` set. Reads a replayed run's statistics on this thread (tests).
  qint64 exportVisibleCsv(const QString& path, QString* error = nullptr);
  /// The same on a job thread (File > Export CSV): the visible range and the live steps are
  /// taken now; `done(rows, error)` runs on the GUI thread when the file is written.
  void exportVisibleCsvInBackground(const QString& path, std::function<void(qint64 rows, const QString& error)> done = {});
  bool isExporting() const;
  /// The visible step range of the step charts [first, last].
  std::pair<qint64, qint64> visibleSteps() const;
  QString replayBannerText() const;

 protected:
  void closeEvent(QCloseEvent* event) override;
  /// QEvent::LanguageChange: retranslateUi().
  void changeEvent(QEvent* event) override;

 public:
  /// The View > Language actions: "system" first, then each shipped language code (tests).
  QList<QAction*> languageActions() const;
  /// Sets `object`'s text (action, menu, dock, tool bar, button) to MainWindow::tr(source) and
  /// remembers the source, so that retranslateUi() says it again in another language.
  static void setTrText(QObject* object, const char* source);
  /// Switches the language now and remembers it (QSettings kLanguageSettingsKey); "system" or
  /// empty follows the system. Every widget retranslates itself on Qt's LanguageChange event.
  void setLanguage(const QString& code);

 private:
  // ---- translation (i18n) -----------------------------------------------------------------
  void retranslateUi();
  void fitControlsWidth();
  /// The charts' titles, as File > Export chart names them.
  QStringList chartTitles() const;

 private:
  void wireMenus();
  void wireClassroom();
  void buildDocks();
  void wireController();
  void onSessionReset();
  void onStepsAppended(qint64 first, qint64 last);
  void onStateChanged();
  void updateStatus();
  void showBanner(const QString& text);
  void exportDashboardInteractive();
  void exportChartInteractive(int index);
  QString caption() const;
  QWidget* buildReplayBar(QWidget* parent);
  void wireRuns();
  void openStoreInteractive();
  void overlayInteractive();
  void exportCsvInteractive();
  void exportWhatIfInteractive();
  /// Points the limit lines and the what-if at the shown run's format and statistics target.
  void applyShownRunFormat();
  /// Points the charts and the table at `history` and rebuilds them.
  void showHistory(const StepHistory* history, bool scalerInUse);
  /// A stored run is shown now, or the live session again (ReplayController::shownRunChanged).
  void onShownRunChanged();
  void addLiveEvent(qint64 step, int severity, const QString& text);
  void updateTitle();
  void setRunControlsEnabled(bool on);

  SessionController* m_controller = nullptr;
  Dashboard* m_dashboard = nullptr;
  ControlPanel* m_controls = nullptr;
  RunSettingsView* m_runSettings = nullptr;
  LayerTable* m_table = nullptr;
  WhatIfPanel* m_whatIf = nullptr;
  std::optional<kernels::Format> m_limitsChoice;  // View > Format limits (nullopt: the run's own)
  EventLog* m_log = nullptr;
  QLabel* m_stepBar = nullptr;
  QPushButton* m_followButton = nullptr;
  QLabel* m_banner = nullptr;
  MainWindowMenus* m_menus = nullptr;
  ReplayController* m_runs = nullptr;
  StatusBar* m_status = nullptr;
  FollowController* m_follow = nullptr;
  ClassroomController* m_classroom = nullptr;
  QWidget* m_replayBar = nullptr;
  QLabel* m_replayLabel = nullptr;
  struct LiveEvent {
    qint64 step;
    int severity;
    QString text;
  };
  std::deque<LiveEvent> m_liveEvents;  // the live log, restored when leaving a replay
  int m_selectedLayer = -1;
  qint64 m_shownStep = -1;
};

}  // namespace ampscope::ui
