#include "shell/main_window.h"

#include "panels/control_panel.h"
#include "charts/dashboard.h"
#include "panels/event_log.h"
#include "charts/histogram_heatmap.h"
#include "charts/layer_history_heatmap.h"
#include "panels/layer_table.h"
#include "panels/layer_table_model.h"
#include "panels/run_settings_view.h"
#include "charts/loss_plot.h"
#include "charts/scale_plot.h"
#include "panels/scaler_panel.h"
#include "panels/what_if_table.h"
#include "runs/follow_controller.h"
#include "runs/replay_controller.h"
#include "runs/session_controller.h"
#include "runs/stored_run.h"
#include "shell/classroom_controller.h"
#include "shell/fitting_label.h"
#include "shell/main_window_menus.h"
#include "shell/status_bar.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QMessageBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>

namespace ampscope::ui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setWindowTitle(QStringLiteral("AmpScope"));
  m_controller = new SessionController(this);

  auto* central = new QWidget(this);
  auto* v = new QVBoxLayout(central);
  v->setContentsMargins(4, 4, 4, 4);
  m_banner = new QLabel(central);
  m_banner->setWordWrap(true);
  setThemedStyleSheet(m_banner, [](const PlotTheme& t) { return t.bannerStyle(); });
  m_banner->setVisible(false);
  v->addWidget(m_banner);
  // The loaded preset's explanation, above the charts: what to look at (ClassroomController).
  // At most three lines, smaller text before a taller banner: the charts keep their height.
  auto* explanation = new FittingLabel(3, 9.0, central);
  explanation->setTextFormat(Qt::RichText);
  explanation->setObjectName(QStringLiteral("explanation"));
  explanation->setContentsMargins(6, 4, 6, 4);
  explanation->setVisible(false);
  v->addWidget(explanation);
  v->addWidget(buildReplayBar(central));
  auto* bar = new QWidget(central);
  auto* h = new QHBoxLayout(bar);
  h->setContentsMargins(2, 0, 2, 0);
  m_stepBar = new QLabel(tr("Following the newest step"), bar);
  m_stepBar->setWordWrap(true);  // in two lines rather than a window wider than a projector's 1280 px
  m_followButton = new QPushButton(bar);
  setTrText(m_followButton, QT_TR_NOOP("Follow newest step"));
  m_followButton->setVisible(false);
  h->addWidget(m_stepBar, 1);
  h->addWidget(m_followButton);
  v->addWidget(bar);
  m_dashboard = new Dashboard(central);
  m_dashboard->setHistory(&m_controller->history());
  v->addWidget(m_dashboard, 1);
  // Next / previous chart page as window actions too: Help > Keyboard shortcuts lists them.
  addActions(m_dashboard->pageActions().mid(0, 2));
  m_runs = new ReplayController(m_controller, m_dashboard, this);
  setCentralWidget(central);
  connect(m_followButton, &QPushButton::clicked, this, [this] { showStep(-1); });

  buildDocks();
  m_menus = new MainWindowMenus(this, m_controller, chartTitles());
  m_classroom = new ClassroomController(
      {this, m_controller, m_dashboard, m_controls, m_menus, m_runs, explanation}, this);
  wireMenus();
  wireController();
  wireClassroom();

  m_status = new StatusBar(statusBar());
  m_follow = new FollowController(this);
  wireRuns();
  resize(1500, 950);
  setTheme(false, false);
  onSessionReset();
}

MainWindow::~MainWindow() {
  // The stored runs go with m_runs, a child destroyed after the widgets that show them may
  // be asked to paint: point the charts and the table back at the live history and drop the
  // overlay first. Nothing waits here (the runs' jobs drop their results, background_job.h).
  m_dashboard->lossPlot()->setOverlay(nullptr, {}, {});
  m_dashboard->scalePlot()->setOverlay(nullptr, {}, {});
  if (m_runs->isReplaying()) {
    m_dashboard->setHistory(&m_controller->history());
    m_table->setHistory(&m_controller->history());
    m_table->tableModel()->rebuild();
    m_whatIf->setHistory(&m_controller->history(), m_controller->config().histogram.target);
    m_whatIf->rebuild();
  }
}

void MainWindow::buildDocks() {
  m_controls = new ControlPanel(this);
  auto* left = new QDockWidget(this);
  setTrText(left, QT_TR_NOOP("Controls"));
  // The live run's controls, or (replay, follow) the shown run's own settings in their place.
  m_runSettings = new RunSettingsView(this);
  m_runSettings->hide();
  auto* controlsPage = new QWidget(this);
  auto* controlsLayout = new QVBoxLayout(controlsPage);
  controlsLayout->setContentsMargins(0, 0, 0, 0);
  controlsLayout->addWidget(m_controls);
  controlsLayout->addWidget(m_runSettings);
  auto* scroll = new QScrollArea(this);
  scroll->setWidget(controlsPage);
  scroll->setWidgetResizable(true);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  scroll->setMinimumWidth(300);
  scroll->setMaximumWidth(440);
  left->setMaximumWidth(460);
  left->setObjectName(QStringLiteral("controls"));
  left->setWidget(scroll);
  left->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
  addDockWidget(Qt::LeftDockWidgetArea, left);

  m_table = new LayerTable(this);
  m_table->setHistory(&m_controller->history());
  auto* tableDock = new QDockWidget(this);
  setTrText(tableDock, QT_TR_NOOP("Layers"));
  tableDock->setObjectName(QStringLiteral("layers"));
  tableDock->setWidget(m_table);
  addDockWidget(Qt::BottomDockWidgetArea, tableDock);

  m_log = new EventLog(this);
  auto* logDock = new QDockWidget(this);
  setTrText(logDock, QT_TR_NOOP("What the scaler did"));
  logDock->setObjectName(QStringLiteral("events"));
  logDock->setWidget(m_log);
  addDockWidget(Qt::BottomDockWidgetArea, logDock);
  splitDockWidget(tableDock, logDock, Qt::Horizontal);
  // The formats what-if: a tab beside the layer table (same rows, other columns).
  m_whatIf = new WhatIfPanel(this);
  auto* whatIfDock = new QDockWidget(this);
  setTrText(whatIfDock, QT_TR_NOOP("Formats what-if"));
  whatIfDock->setObjectName(QStringLiteral("whatIf"));
  whatIfDock->setWidget(m_whatIf);
  addDockWidget(Qt::BottomDockWidgetArea, whatIfDock);
  tabifyDockWidget(tableDock, whatIfDock);
  tableDock->raise();
  resizeDocks({tableDock}, {220}, Qt::Vertical);
  resizeDocks({left}, {360}, Qt::Horizontal);

  connect(m_table, &LayerTable::layerSelected, this, &MainWindow::selectLayer);
  connect(m_whatIf, &WhatIfPanel::layerSelected, this, &MainWindow::selectLayer);
  connect(m_dashboard->histogram(), &HistogramHeatmap::layerClicked, this, &MainWindow::selectLayer);
  connect(m_log, &EventLog::stepActivated, this, &MainWindow::showStep);
  connect(m_dashboard->layerHistory(), &ChartBase::stepClicked, this, &MainWindow::showStep);
  connect(m_dashboard->scalePlot(), &ChartBase::stepClicked, this, &MainWindow::showStep);
  connect(m_dashboard->lossPlot(), &ChartBase::stepClicked, this, &MainWindow::showStep);
}

void MainWindow::wireMenus() {
  connect(m_menus, &MainWindowMenus::openRunRequested, this, &MainWindow::openStoreInteractive);
  connect(m_menus, &MainWindowMenus::overlayRequested, this, &MainWindow::overlayInteractive);
  connect(m_menus, &MainWindowMenus::followRunRequested, this, [this] { m_follow->followInteractive(); });
  connect(m_menus, &MainWindowMenus::clearOverlayRequested, this, &MainWindow::clearOverlay);
  connect(m_menus, &MainWindowMenus::backToLiveRequested, this, &MainWindow::backToLive);
  connect(m_menus, &MainWindowMenus::exportCsvRequested, this, &MainWindow::exportCsvInteractive);
  connect(m_menus, &MainWindowMenus::exportWhatIfRequested, this, &MainWindow::exportWhatIfInteractive);
  connect(m_menus, &MainWindowMenus::limitsFormatRequested, this, [this](int format) {
    setLimitsChoice(format < 0 ? std::nullopt : std::optional<kernels::Format>(static_cast<kernels::Format>(format)));
  });
  connect(m_menus, &MainWindowMenus::exportDashboardRequested, this, &MainWindow::exportDashboardInteractive);
  connect(m_menus, &MainWindowMenus::exportChartRequested, this, &MainWindow::exportChartInteractive);
  connect(m_menus, &MainWindowMenus::resetRequested, this,
          [this] { m_controller->configureInBackground(m_controls->editedConfig()); });
  connect(m_menus, &MainWindowMenus::themeRequested, m_classroom, &ClassroomController::setTheme);
  connect(m_menus, &MainWindowMenus::fullScreenRequested, m_classroom, &ClassroomController::setFullScreen);
  connect(m_menus, &MainWindowMenus::followNewestRequested, this, [this] { showStep(-1); });
  connect(m_menus, &MainWindowMenus::languageRequested, this, &MainWindow::setLanguage);
  connect(m_menus, &MainWindowMenus::shortcutsRequested, m_classroom, &ClassroomController::showShortcuts);
}

void MainWindow::wireClassroom() {
  connect(m_controls, &ControlPanel::presetChosen, m_classroom,
          [this](const QString& name) { m_classroom->loadPresetInBackground(name, true); });
  connect(m_controls, &ControlPanel::savePresetRequested, m_classroom, &ClassroomController::savePresetInteractive);
  connect(m_controls, &ControlPanel::deletePresetRequested, m_classroom, &ClassroomController::deletePresetInteractive);
  connect(m_classroom, &ClassroomController::bannerRequested, this, &MainWindow::showBanner);
  connect(m_classroom, &ClassroomController::statusMessage, statusBar(), &QStatusBar::showMessage);
  connect(m_classroom, &ClassroomController::themeChanged, this,
          [this] { QTimer::singleShot(0, this, &MainWindow::fitControlsWidth); });  // new font, new widths
  m_classroom->refreshPresets();
}

QStringList MainWindow::chartTitles() const {
  QStringList titles;
  for (ChartBase* c : m_dashboard->charts()) titles << c->title();
  return titles;
}

void MainWindow::wireController() {
  connect(m_controller, &SessionController::sessionReset, this, &MainWindow::onSessionReset);
  connect(m_controller, &SessionController::stepsAppended, this, &MainWindow::onStepsAppended);
  connect(m_controller, &SessionController::stateChanged, this, &MainWindow::onStateChanged);
  connect(m_controller, &SessionController::eventNarrated, this, &MainWindow::addLiveEvent);
  connect(m_controller, &SessionController::recordingFailed, this, &MainWindow::showBanner);
  connect(m_controller, &SessionController::recordingStarted, this, [this] {
    updateTitle();
    m_runs->updateOverlayLabels();
    updateStatus();
  });
  connect(m_controller, &SessionController::errorOccurred, this, &MainWindow::showBanner);
  connect(m_controller, &SessionController::scalerOptionsRejected, this, [this](const QString& message) {
    m_controls->scalerPanel()->setMessage(tr("Not applied: %1").arg(message));
  });
  connect(m_controls, &ControlPanel::scalerOptionsEdited, this, [this](const GradScalerOptions& o) {
    if (m_controller->setScalerOptions(o)) m_controls->scalerPanel()->setMessage(QString());
    m_dashboard->scalePlot()->setScalerInUse(m_controller->scalerInUse());
    m_dashboard->scheduleReplot();
  });
  connect(m_controls, &ControlPanel::learningRateEdited, m_controller, &SessionController::setLearningRate);
  connect(m_controls, &ControlPanel::speedLimitEdited, m_controller, &SessionController::setSpeedLimit);
  connect(m_controls, &ControlPanel::faultRequested, m_controller, &SessionController::injectFault);
  connect(m_controls, &ControlPanel::resetRequested, m_menus->resetAction(), &QAction::trigger);
  connect(m_controls, &ControlPanel::clippingEdited, m_controller, &SessionController::setClipping);
  connect(m_controls, &ControlPanel::accumulationEdited, m_controller, &SessionController::setAccumulation);
  connect(m_controls, &ControlPanel::unscaledViewToggled, this, [this](bool on) {
    m_dashboard->histogram()->setShiftByScale(on);
    m_dashboard->layerHistory()->setUnscaled(on);
    m_whatIf->setUnscaled(on);
    m_dashboard->scheduleReplot();
  });
  connect(m_controller, &SessionController::loadingChanged, this, [this](bool loading, const QString& message) {
    if (loading) {
      statusBar()->showMessage(message);
      m_stepBar->setText(message);
    } else {
      statusBar()->clearMessage();
    }
  });
}

void MainWindow::onSessionReset() {
  // The banner stays for a failed build, and for this session's recording failure: the store's
  // writer thread may fail (an unwritable path) before the new session is announced, and
  // hiding the banner then lost the message (test_runs saw it once in a few hundred runs).
  const bool failed = m_controller->state() == SessionController::State::Failed;
  m_banner->setVisible(!m_banner->text().isEmpty() && (failed || !m_controller->recordingError().isEmpty()));
  m_liveEvents.clear();
  m_controls->showConfig(m_controller->config(), m_controller->moduleNames());
  // While a stored run is replayed, the new live session fills in underneath (Back to live).
  if (!m_runs->isReplaying()) {
    m_log->clear();
    showHistory(&m_controller->history(), m_controller->scalerInUse());
  }
  onStateChanged();
  updateStatus();
  updateTitle();
  m_runs->updateOverlayLabels();
}

void MainWindow::showHistory(const StepHistory* history, bool scalerInUse) {
  m_dashboard->setHistory(history);
  m_table->setHistory(history);
  m_table->tableModel()->rebuild();
  applyShownRunFormat();
  m_whatIf->rebuild();
  QStringList names;
  for (const LayerInfo& l : history->layers()) names << QString::fromStdString(l.name);
  m_dashboard->scalePlot()->setLayerNames(names);
  m_dashboard->scalePlot()->setScalerInUse(scalerInUse);
  for (ChartBase* c : m_dashboard->charts()) c->rebuild();
  m_shownStep = -1;
  showStep(-1);
  // Start on the first weight: the most telling row.
  int first = -1;
  for (std::size_t i = 0; i < history->layers().size() && first < 0; ++i)
    if (history->layers()[i].kind == "weight") first = static_cast<int>(i);
  selectLayer(first);
  m_dashboard->scheduleReplot();
}

void MainWindow::onStepsAppended(qint64 first, qint64 last) {
  if (m_runs->isReplaying()) return;  // the charts show a stored run; the live history goes on filling
  for (ChartBase* c : m_dashboard->charts()) c->appendSteps(first, last);
  m_table->tableModel()->appendSteps();
  m_whatIf->appendSteps();
  m_dashboard->scheduleReplot();
}

void MainWindow::onStateChanged() {
  using S = SessionController::State;
  const S s = m_controller->state();
  if (m_runs->isReplaying()) {
    setRunControlsEnabled(false);
    updateStatus();
    return;
  }
  m_menus->showSessionState(static_cast<int>(s));
  updateStatus();
}

void MainWindow::selectLayer(int layer) {
  m_selectedLayer = layer;
  m_table->selectLayer(layer);
  m_whatIf->selectLayer(layer);
  m_dashboard->histogram()->setSelectedLayer(layer);
  m_dashboard->layerHistory()->setSelectedLayer(layer);
  m_dashboard->scheduleReplot();
}

void MainWindow::showStep(qint64 step) {
  m_shownStep = step;
  for (ChartBase* c : m_dashboard->charts()) c->setShownStep(step);
  m_table->tableModel()->setShownStep(step);
  m_whatIf->setShownStep(step);
  if (step < 0) {
    m_stepBar->setText(tr("Following the newest step (click a line in the event log to look at a step)"));
  } else {
    const qint64 drawn = m_dashboard->histogram()->drawnStep();
    m_stepBar->setText(drawn == step || drawn < 0
                           ? tr("Showing step %1").arg(step)
                           : tr("Showing step %1 (per-layer statistics from step %2, the nearest kept)").arg(step).arg(drawn));
  }
  m_followButton->setVisible(step >= 0);
  m_dashboard->scheduleReplot();
}

// ---- format limits and the formats what-if (issue 16) ---------------------------------------

void MainWindow::applyShownRunFormat() {
  const StoredRun* replay = m_runs->replayedRun();
  const SessionConfig& config = replay ? replay->config() : m_controller->config();
  // The run's own format. fp32's limits (2^-149, 2^-126, 2^127) lie outside the histogram unless
  // its range reaches below -126 (then its smallest normal is drawn); otherwise an fp32 run shows
  // the format its statistics count against (--hist-format, fp16 unless set), named as such.
  kernels::Format own = config.precision == Precision::BF16   ? kernels::Format::BF16
                        : config.precision == Precision::FP16 ? kernels::Format::FP16
                        : config.histogram.lo < -126          ? kernels::Format::FP32
                                                              : config.histogram.target;
  const kernels::Format limits = m_limitsChoice.value_or(own);
  m_dashboard->histogram()->setLimitsFormat(limits);
  m_dashboard->layerHistory()->setLimitsFormat(limits);
  m_whatIf->setHistory(replay ? &replay->history() : &m_controller->history(), config.histogram.target);
}

void MainWindow::setLimitsChoice(std::optional<kernels::Format> format) {
  m_limitsChoice = format;
  applyShownRunFormat();
  m_dashboard->scheduleReplot();
}

void MainWindow::exportWhatIfInteractive() {
  const qint64 step = m_whatIf->model()->drawnStep();
  if (step < 0) {
    QMessageBox::information(this, tr("Export the formats what-if"), tr("There are no per-layer statistics to export yet."));
    return;
  }
  const StoredRun* replay = m_runs->replayedRun();
  const QString stem = replay ? QStringLiteral("ampscope-run%1-whatif-step%2.csv").arg(replay->runId()).arg(step)
                              : QStringLiteral("ampscope-whatif-step%1.csv").arg(step);
  const QString path = QFileDialog::getSaveFileName(this, tr("Export the formats what-if of step %1 as CSV").arg(step),
                                                    QDir::home().filePath(stem), tr("CSV files (*.csv)"));
  if (path.isEmpty()) return;
  QString error;
  const qint64 rows = m_whatIf->model()->writeCsv(path, &error);
  if (rows < 0)
    QMessageBox::warning(this, tr("Export failed"), error);
  else
    statusBar()->showMessage(tr("Wrote the what-if of step %1 (%2 rows) to %3").arg(step).arg(rows).arg(path), 5000);
}

// ---- the classroom API, forwarded (tests, gui_main) -----------------------------------------

bool MainWindow::loadPreset(const QString& name, std::int64_t maxSteps) { return m_classroom->loadPreset(name, maxSteps); }
bool MainWindow::loadPresetInBackground(const QString& name, bool start) {
  return m_classroom->loadPresetInBackground(name, start);
}
void MainWindow::setTheme(bool dark, bool presentation) { m_classroom->setTheme(dark, presentation); }
bool MainWindow::darkTheme() const { return m_classroom->darkTheme(); }
bool MainWindow::presentationMode() const { return m_classroom->presentationMode(); }
QString MainWindow::restoreSettings() { return m_classroom->restoreSettings(); }
void MainWindow::saveSettings() const { m_classroom->saveSettings(); }
void MainWindow::openAtLaunch(const QString& preset, bool start) { m_classroom->openAtLaunch(preset, start); }
std::optional<SessionConfig> MainWindow::savedConfig() { return ClassroomController::savedConfig(); }
void MainWindow::refreshPresets() { m_classroom->refreshPresets(); }
const std::vector<Preset>& MainWindow::presets() const { return m_classroom->presets(); }
QString MainWindow::explanationText() const { return m_classroom->explanationText(); }
QList<QPair<QString, QString>> MainWindow::shortcutList() const { return m_classroom->shortcutList(); }
void MainWindow::showShortcuts() { m_classroom->showShortcuts(); }

void MainWindow::closeEvent(QCloseEvent* event) {
  if (m_classroom->savesOnClose()) m_classroom->saveSettings();
  QMainWindow::closeEvent(event);
}

}  // namespace ampscope::ui
