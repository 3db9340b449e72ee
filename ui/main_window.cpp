#include "main_window.h"

#include "control_panel.h"
#include "dashboard.h"
#include "event_log.h"
#include "export_dialog.h"
#include "histogram_heatmap.h"
#include "layer_history_heatmap.h"
#include "layer_table.h"
#include "layer_table_model.h"
#include "loss_plot.h"
#include "narrator.h"
#include "presets.h"
#include "scale_plot.h"
#include "scaler_panel.h"
#include "session_controller.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

#include <cmath>

namespace ampscope::ui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setWindowTitle(QStringLiteral("AmpScope"));
  m_baseFont = QApplication::font();
  m_controller = new SessionController(this);

  auto* central = new QWidget(this);
  auto* v = new QVBoxLayout(central);
  v->setContentsMargins(4, 4, 4, 4);
  m_banner = new QLabel(central);
  m_banner->setWordWrap(true);
  m_banner->setStyleSheet(QStringLiteral("background:#fdecea; color:#922; border:1px solid #e6b0aa; padding:6px;"));
  m_banner->setVisible(false);
  v->addWidget(m_banner);
  auto* bar = new QWidget(central);
  auto* h = new QHBoxLayout(bar);
  h->setContentsMargins(2, 0, 2, 0);
  m_stepBar = new QLabel(QStringLiteral("Following the newest step"), bar);
  m_followButton = new QPushButton(QStringLiteral("Follow newest step"), bar);
  m_followButton->setVisible(false);
  h->addWidget(m_stepBar, 1);
  h->addWidget(m_followButton);
  v->addWidget(bar);
  m_dashboard = new Dashboard(central);
  m_dashboard->setHistory(&m_controller->history());
  v->addWidget(m_dashboard, 1);
  setCentralWidget(central);
  connect(m_followButton, &QPushButton::clicked, this, [this] { showStep(-1); });

  buildDocks();
  buildMenus();
  wireController();

  m_statusStep = new QLabel(this);
  m_statusRate = new QLabel(this);
  m_statusDevice = new QLabel(this);
  m_statusScale = new QLabel(this);
  m_statusSkipped = new QLabel(this);
  m_statusDropped = new QLabel(this);
  for (QLabel* l : {m_statusStep, m_statusRate, m_statusDevice, m_statusScale, m_statusSkipped, m_statusDropped})
    statusBar()->addPermanentWidget(l);
  auto* statusTimer = new QTimer(this);
  statusTimer->setInterval(250);
  connect(statusTimer, &QTimer::timeout, this, &MainWindow::updateStatus);
  statusTimer->start();
  resize(1500, 950);
  setTheme(false, false);
  onSessionReset();
}

MainWindow::~MainWindow() = default;

void MainWindow::buildDocks() {
  m_controls = new ControlPanel(this);
  auto* left = new QDockWidget(QStringLiteral("Controls"), this);
  auto* scroll = new QScrollArea(this);
  scroll->setWidget(m_controls);
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
  auto* tableDock = new QDockWidget(QStringLiteral("Layers"), this);
  tableDock->setObjectName(QStringLiteral("layers"));
  tableDock->setWidget(m_table);
  addDockWidget(Qt::BottomDockWidgetArea, tableDock);

  m_log = new EventLog(this);
  auto* logDock = new QDockWidget(QStringLiteral("What the scaler did"), this);
  logDock->setObjectName(QStringLiteral("events"));
  logDock->setWidget(m_log);
  addDockWidget(Qt::BottomDockWidgetArea, logDock);
  splitDockWidget(tableDock, logDock, Qt::Horizontal);
  resizeDocks({tableDock}, {220}, Qt::Vertical);
  resizeDocks({left}, {360}, Qt::Horizontal);

  connect(m_table, &LayerTable::layerSelected, this, &MainWindow::selectLayer);
  connect(m_dashboard->histogram(), &HistogramHeatmap::layerClicked, this, &MainWindow::selectLayer);
  connect(m_log, &EventLog::stepActivated, this, &MainWindow::showStep);
  connect(m_dashboard->layerHistory(), &ChartBase::stepClicked, this, &MainWindow::showStep);
  connect(m_dashboard->scalePlot(), &ChartBase::stepClicked, this, &MainWindow::showStep);
}

void MainWindow::buildMenus() {
  QMenu* file = menuBar()->addMenu(QStringLiteral("&File"));
  QAction* exportAll = file->addAction(QStringLiteral("Export &dashboard\u2026"), this, &MainWindow::exportDashboardInteractive);
  exportAll->setShortcut(QKeySequence(QStringLiteral("Ctrl+E")));
  QMenu* charts = file->addMenu(QStringLiteral("Export &chart"));
  const auto list = m_dashboard->charts();
  for (int i = 0; i < static_cast<int>(list.size()); ++i) {
    QAction* a = charts->addAction(list[static_cast<std::size_t>(i)]->title() + QStringLiteral("\u2026"), this,
                                   [this, i] { exportChartInteractive(i); });
    a->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+%1").arg(i + 1)));
  }
  file->addSeparator();
  QAction* quit = file->addAction(QStringLiteral("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);

  QMenu* run = menuBar()->addMenu(QStringLiteral("&Run"));
  m_start = run->addAction(QStringLiteral("Start / resume"), m_controller, &SessionController::start);
  m_start->setShortcuts({QKeySequence(Qt::Key_F5), QKeySequence(QStringLiteral("Ctrl+Return"))});
  m_pause = run->addAction(QStringLiteral("Pause"), m_controller, &SessionController::pause);
  m_pause->setShortcut(QKeySequence(Qt::Key_F6));
  m_step = run->addAction(QStringLiteral("Step once"), m_controller, &SessionController::stepOnce);
  m_step->setShortcuts({QKeySequence(Qt::Key_F10), QKeySequence(QStringLiteral("Ctrl+."))});
  m_reset = run->addAction(QStringLiteral("Reset"), this, [this] {
    m_controller->configure(m_controls->editedConfig());
  });
  m_reset->setShortcut(QKeySequence(QStringLiteral("Ctrl+R")));
  QAction* toggle = run->addAction(QStringLiteral("Start / pause"), m_controller, &SessionController::togglePause);
  toggle->setShortcut(QKeySequence(QStringLiteral("Ctrl+Space")));
  run->addSeparator();
  QMenu* presets = run->addMenu(QStringLiteral("Load &preset"));
  try {
    for (const Preset& p : builtinPresets()) {
      QAction* a = presets->addAction(p.title, this, [this, name = p.name] {
        if (loadPreset(name)) m_controller->start();
      });
      a->setToolTip(p.description);
    }
  } catch (const std::exception& e) {
    presets->addAction(QString::fromUtf8(e.what()))->setEnabled(false);
  }

  QMenu* view = menuBar()->addMenu(QStringLiteral("&View"));
  m_dark = view->addAction(QStringLiteral("&Dark theme"));
  m_dark->setCheckable(true);
  m_dark->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+D")));
  m_presentation = view->addAction(QStringLiteral("&Presentation mode (large fonts, thick lines)"));
  m_presentation->setCheckable(true);
  m_presentation->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+P")));
  for (QAction* a : {m_dark, m_presentation})
    connect(a, &QAction::toggled, this, [this] { setTheme(m_dark->isChecked(), m_presentation->isChecked()); });
  QAction* follow = view->addAction(QStringLiteral("&Follow the newest step"), this, [this] { showStep(-1); });
  follow->setShortcut(QKeySequence(Qt::Key_End));

  QToolBar* tools = addToolBar(QStringLiteral("Run"));
  tools->setObjectName(QStringLiteral("run"));
  tools->setToolButtonStyle(Qt::ToolButtonTextOnly);
  for (QAction* a : {m_start, m_pause, m_step, m_reset}) {
    a->setToolTip(QStringLiteral("%1 (%2)").arg(a->text(), a->shortcut().toString(QKeySequence::NativeText)));
    tools->addAction(a);
  }
}

void MainWindow::wireController() {
  connect(m_controller, &SessionController::sessionReset, this, &MainWindow::onSessionReset);
  connect(m_controller, &SessionController::stepsAppended, this, &MainWindow::onStepsAppended);
  connect(m_controller, &SessionController::stateChanged, this, &MainWindow::onStateChanged);
  connect(m_controller, &SessionController::eventNarrated, m_log, &EventLog::addEvent);
  connect(m_controller, &SessionController::errorOccurred, this, &MainWindow::showBanner);
  connect(m_controller, &SessionController::scalerOptionsRejected, this, [this](const QString& message) {
    m_controls->scalerPanel()->setMessage(QStringLiteral("Not applied: %1").arg(message));
  });
  connect(m_controls, &ControlPanel::scalerOptionsEdited, this, [this](const GradScalerOptions& o) {
    if (m_controller->setScalerOptions(o)) m_controls->scalerPanel()->setMessage(QString());
    m_dashboard->scalePlot()->setScalerInUse(m_controller->scalerInUse());
    m_dashboard->scheduleReplot();
  });
  connect(m_controls, &ControlPanel::learningRateEdited, m_controller, &SessionController::setLearningRate);
  connect(m_controls, &ControlPanel::speedLimitEdited, m_controller, &SessionController::setSpeedLimit);
  connect(m_controls, &ControlPanel::faultRequested, m_controller, &SessionController::injectFault);
  connect(m_controls, &ControlPanel::resetRequested, m_reset, &QAction::trigger);
  connect(m_controls, &ControlPanel::presetChosen, this, [this](const QString& name) {
    if (loadPreset(name)) m_controller->start();
  });
  connect(m_controls, &ControlPanel::unscaledViewToggled, this, [this](bool on) {
    m_dashboard->histogram()->setShiftByScale(on);
    m_dashboard->scheduleReplot();
  });
}

bool MainWindow::loadPreset(const QString& name, std::int64_t maxSteps) {
  Preset p;
  try {
    p = findPreset(name);
  } catch (const std::exception& e) {
    showBanner(QString::fromUtf8(e.what()));
    return false;
  }
  if (maxSteps > 0) p.config.max_steps = maxSteps;
  m_presetTitle = p.title;
  const int i = m_controls->presetCombo()->findData(name);
  if (i >= 0) m_controls->presetCombo()->setCurrentIndex(i);
  return m_controller->configure(p.config);
}

void MainWindow::onSessionReset() {
  m_banner->setVisible(m_controller->state() == SessionController::State::Failed && !m_banner->text().isEmpty());
  if (m_controller->state() != SessionController::State::Failed) m_banner->setVisible(false);
  m_log->clear();
  m_controls->showConfig(m_controller->config(), m_controller->moduleNames());
  m_table->tableModel()->rebuild();
  QStringList names;
  for (const LayerInfo& l : m_controller->layers()) names << QString::fromStdString(l.name);
  m_dashboard->scalePlot()->setLayerNames(names);
  m_dashboard->scalePlot()->setScalerInUse(m_controller->scalerInUse());
  for (ChartBase* c : m_dashboard->charts()) c->rebuild();
  m_shownStep = -1;
  showStep(-1);
  // Start on the first weight: the most telling row.
  int first = -1;
  for (std::size_t i = 0; i < m_controller->layers().size() && first < 0; ++i)
    if (m_controller->layers()[i].kind == "weight") first = static_cast<int>(i);
  selectLayer(first);
  onStateChanged();
  updateStatus();
  m_dashboard->scheduleReplot();
}

void MainWindow::onStepsAppended(qint64 first, qint64 last) {
  for (ChartBase* c : m_dashboard->charts()) c->appendSteps(first, last);
  m_table->tableModel()->appendSteps();
  m_dashboard->scheduleReplot();
}

void MainWindow::onStateChanged() {
  using S = SessionController::State;
  const S s = m_controller->state();
  m_start->setEnabled(s == S::Ready || s == S::Paused);
  m_pause->setEnabled(s == S::Running);
  m_step->setEnabled(s == S::Ready || s == S::Paused || s == S::Running);
  m_reset->setEnabled(true);
  updateStatus();
}

void MainWindow::selectLayer(int layer) {
  m_selectedLayer = layer;
  m_table->selectLayer(layer);
  m_dashboard->histogram()->setSelectedLayer(layer);
  m_dashboard->layerHistory()->setSelectedLayer(layer);
  m_dashboard->scheduleReplot();
}

void MainWindow::showStep(qint64 step) {
  m_shownStep = step;
  for (ChartBase* c : m_dashboard->charts()) c->setShownStep(step);
  m_table->tableModel()->setShownStep(step);
  if (step < 0) {
    m_stepBar->setText(QStringLiteral("Following the newest step (click a line in the event log to look at a step)"));
  } else {
    const qint64 drawn = m_dashboard->histogram()->drawnStep();
    m_stepBar->setText(drawn == step || drawn < 0
                           ? QStringLiteral("Showing step %1").arg(step)
                           : QStringLiteral("Showing step %1 (per-layer statistics from step %2, the nearest kept)").arg(step).arg(drawn));
  }
  m_followButton->setVisible(step >= 0);
  m_dashboard->scheduleReplot();
}

void MainWindow::updateStatus() {
  const StepHistory& h = m_controller->history();
  const qint64 steps = m_controller->stepsDone();
  using S = SessionController::State;
  QString state;
  switch (m_controller->state()) {
    case S::Empty: state = QStringLiteral("no session"); break;
    case S::Ready: state = QStringLiteral("ready"); break;
    case S::Running: state = QStringLiteral("running"); break;
    case S::Paused: state = QStringLiteral("paused"); break;
    case S::Finished: state = QStringLiteral("finished"); break;
    case S::Failed: state = QStringLiteral("stopped by an error"); break;
  }
  m_statusStep->setText(QStringLiteral("step %1 (%2)").arg(steps).arg(state));
  m_statusRate->setText(QStringLiteral("%1 steps/s").arg(m_controller->stepsPerSecond(), 0, 'f', 0));
  m_statusDevice->setText(QStringLiteral("%1 \u00b7 %2").arg(m_controller->deviceLabel(), m_controller->precisionLabel()));
  if (!h.empty()) {
    m_statusScale->setText(m_controller->scalerInUse() ? QStringLiteral("scale %1").arg(number(h.points().back().scale_after))
                                                       : QStringLiteral("no scaler"));
    m_statusSkipped->setText(QStringLiteral("skipped %1 (%2%)")
                                 .arg(h.skippedCount())
                                 .arg(100.0 * static_cast<double>(h.skippedCount()) / static_cast<double>(h.points().size()), 0, 'f', 2));
  } else {
    m_statusScale->setText(m_controller->scalerInUse() ? QStringLiteral("scale %1").arg(number(m_controller->config().scaler.init_scale()))
                                                       : QStringLiteral("no scaler"));
    m_statusSkipped->setText(QStringLiteral("skipped 0"));
  }
  const auto dropped = m_controller->droppedRecords();
  m_statusDropped->setText(QStringLiteral("dropped %1").arg(dropped));
  m_statusDropped->setToolTip(QStringLiteral("Records the GUI could not take in time (the training never waits for the GUI)"));
  m_dashboard->setCaption(caption());
}

QString MainWindow::caption() const {
  const SessionConfig& c = m_controller->config();
  QString s = QStringLiteral("%1 \u00b7 %2 \u00b7 %3 steps \u00b7 ")
                  .arg(QString::fromStdString(c.model), m_controller->precisionLabel())
                  .arg(m_controller->stepsDone());
  s += m_controller->scalerInUse() ? QStringLiteral("GradScaler (interval %1)").arg(c.scaler.growth_interval())
                                   : QStringLiteral("no loss scaling");
  s += QStringLiteral(" \u00b7 %1 lr %2 \u00b7 batch %3")
           .arg(QString::fromUtf8(std::string(to_string(c.optimizer)).c_str()), number(c.lr))
           .arg(c.batch_size);
  return s;
}

void MainWindow::showBanner(const QString& text) {
  m_banner->setText(text);
  m_banner->setVisible(!text.isEmpty());
  statusBar()->showMessage(text, 10000);
}

QString MainWindow::bannerText() const { return m_banner->isHidden() ? QString() : m_banner->text(); }

void MainWindow::setTheme(bool dark, bool presentation) {
  const PlotTheme t = (dark ? PlotTheme::darkTheme() : PlotTheme::light()).withPresentation(presentation);
  if (m_dark && m_dark->isChecked() != dark) m_dark->setChecked(dark);
  if (m_presentation && m_presentation->isChecked() != presentation) m_presentation->setChecked(presentation);
  QApplication::setPalette(t.palette());
  QFont f = m_baseFont;
  if (presentation) f.setPointSizeF(f.pointSizeF() * 1.5);
  QApplication::setFont(f);
  m_dashboard->applyTheme(t);
  m_log->setDark(dark);
}

bool MainWindow::grabWindowTo(const QString& path, QString* error) {
  updateStatus();
  for (ChartBase* c : m_dashboard->charts()) c->replot(QCustomPlot::rpImmediateRefresh);
  const QPixmap shot = grab();
  if (shot.isNull() || !shot.save(path, "PNG")) {
    if (error) *error = QStringLiteral("cannot write %1").arg(path);
    return false;
  }
  return true;
}

bool MainWindow::exportDashboardTo(const QString& path, const ExportOptions& options, QString* error) {
  m_dashboard->setCaption(caption());
  ExportOptions o = options;
  if (o.title.isEmpty()) o.title = caption();
  return exportDashboard(m_dashboard, path, o, error);
}

void MainWindow::exportDashboardInteractive() {
  ExportDialog dlg(QStringLiteral("dashboard"), QDir::home().filePath(QStringLiteral("ampscope-dashboard.png")), QSize(1600, 1000), this);
  if (dlg.exec() != QDialog::Accepted) return;
  QString error;
  if (!exportDashboardTo(dlg.path(), dlg.options(), &error))
    QMessageBox::warning(this, QStringLiteral("Export failed"), error);
  else
    statusBar()->showMessage(QStringLiteral("Wrote %1").arg(dlg.path()), 5000);
}

void MainWindow::exportChartInteractive(int index) {
  ChartBase* chart = m_dashboard->charts().at(static_cast<std::size_t>(index));
  ExportDialog dlg(chart->title(), QDir::home().filePath(QStringLiteral("ampscope-%1.pdf").arg(chart->fileStem())), QSize(800, 500), this);
  if (dlg.exec() != QDialog::Accepted) return;
  ExportOptions o = dlg.options();
  o.title = chart->title();
  QString error;
  if (!exportChart(chart, dlg.path(), o, &error))
    QMessageBox::warning(this, QStringLiteral("Export failed"), error);
  else
    statusBar()->showMessage(QStringLiteral("Wrote %1").arg(dlg.path()), 5000);
}

}  // namespace ampscope::ui
