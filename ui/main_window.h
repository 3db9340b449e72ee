// The main window: wires the session controller to the panels and charts. It owns no logic
// of its own beyond selection (which layer, which step) and the menus.
#pragma once

#include "exporter.h"
#include "plot_theme.h"

#include <QMainWindow>

#include <cstdint>

class QAction;
class QLabel;
class QPushButton;

namespace ampscope::ui {

class ControlPanel;
class Dashboard;
class EventLog;
class LayerTable;
class SessionController;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  /// Builds the preset's session (maxSteps > 0 overrides its step limit). Returns false and
  /// shows the message when the preset or its session cannot be built.
  bool loadPreset(const QString& name, std::int64_t maxSteps = 0);

  SessionController* controller() const { return m_controller; }
  Dashboard* dashboard() const { return m_dashboard; }
  ControlPanel* controlPanel() const { return m_controls; }
  LayerTable* layerTable() const { return m_table; }
  EventLog* eventLog() const { return m_log; }
  QString bannerText() const;

  void setTheme(bool dark, bool presentation);
  void selectLayer(int layer);
  /// -1: follow the newest step.
  void showStep(qint64 step);
  qint64 shownStep() const { return m_shownStep; }
  /// Refreshes the export caption from the session and writes the dashboard.
  bool exportDashboardTo(const QString& path, const ExportOptions& options, QString* error = nullptr);
  /// The whole window as it is on screen (PNG), for documentation.
  bool grabWindowTo(const QString& path, QString* error = nullptr);

 private:
  void buildMenus();
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

  SessionController* m_controller = nullptr;
  Dashboard* m_dashboard = nullptr;
  ControlPanel* m_controls = nullptr;
  LayerTable* m_table = nullptr;
  EventLog* m_log = nullptr;
  QLabel* m_stepBar = nullptr;
  QPushButton* m_followButton = nullptr;
  QLabel* m_banner = nullptr;
  QAction* m_start = nullptr;
  QAction* m_pause = nullptr;
  QAction* m_step = nullptr;
  QAction* m_reset = nullptr;
  QAction* m_dark = nullptr;
  QAction* m_presentation = nullptr;
  QLabel* m_statusStep = nullptr;
  QLabel* m_statusRate = nullptr;
  QLabel* m_statusDevice = nullptr;
  QLabel* m_statusScale = nullptr;
  QLabel* m_statusSkipped = nullptr;
  QLabel* m_statusDropped = nullptr;
  QString m_presetTitle;
  int m_selectedLayer = -1;
  qint64 m_shownStep = -1;
  QFont m_baseFont;
};

}  // namespace ampscope::ui
