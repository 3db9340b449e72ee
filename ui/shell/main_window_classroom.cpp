// The classroom side of the main window: the preset explanation above the charts, user
// presets, keyboard shortcuts and their dialog, live clipping/accumulation wiring and the
// settings remembered between launches (QSettings).
#include "shell/main_window.h"

#include "runs/replay_controller.h"
#include "shell/main_window_menus.h"

#include "panels/control_panel.h"
#include "charts/dashboard.h"
#include "charts/histogram_heatmap.h"
#include "charts/layer_history_heatmap.h"
#include "presets/preset_i18n.h"
#include "runs/session_controller.h"
#include "presets/user_presets.h"

#include <QAction>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSet>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTableWidget>
#include <QVBoxLayout>

#include <functional>

namespace ampscope::ui {

namespace {
// QSettings keys (one place, so that tests and the code agree).
const QString kDark = QStringLiteral("view/dark");
const QString kPresentation = QStringLiteral("view/presentation");
const QString kUnscaled = QStringLiteral("view/unscaled");
const QString kPreset = QStringLiteral("session/preset");
const QString kConfig = QStringLiteral("session/config");
const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
const QString kSplitters = QStringLiteral("window/splitters");
constexpr int kStateVersion = 1;
}  // namespace

void MainWindow::buildClassroom() {
  // The loaded preset's explanation, above the charts: what to look at.
  m_explanation = new QLabel(this);
  m_explanation->setWordWrap(true);
  m_explanation->setTextFormat(Qt::RichText);
  m_explanation->setObjectName(QStringLiteral("explanation"));
  m_explanation->setContentsMargins(6, 4, 6, 4);
  m_explanation->setVisible(false);
  if (auto* v = qobject_cast<QVBoxLayout*>(centralWidget()->layout())) v->insertWidget(1, m_explanation);

  connect(m_controls, &ControlPanel::clippingEdited, m_controller, &SessionController::setClipping);
  connect(m_controls, &ControlPanel::accumulationEdited, m_controller, &SessionController::setAccumulation);
  connect(m_controls, &ControlPanel::unscaledViewToggled, this, [this](bool on) {
    m_dashboard->layerHistory()->setUnscaled(on);
    m_dashboard->scheduleReplot();
  });
  connect(m_controls, &ControlPanel::savePresetRequested, this, &MainWindow::savePresetInteractive);
  connect(m_controls, &ControlPanel::deletePresetRequested, this, &MainWindow::deletePresetInteractive);
  connect(m_controller, &SessionController::loadingChanged, this, [this](bool loading, const QString& message) {
    if (loading) {
      statusBar()->showMessage(message);
      m_stepBar->setText(message);
    } else {
      statusBar()->clearMessage();
    }
  });
  refreshPresets();
}

void MainWindow::setExplanation(const QString& title, const QString& text) {
  if (title.isEmpty() && text.isEmpty()) {
    m_explanation->clear();
    m_explanation->setVisible(false);
    return;
  }
  m_explanation->setText(QStringLiteral("<b>%1</b> \u2014 %2").arg(title.toHtmlEscaped(), text.toHtmlEscaped()));
  m_explanation->setVisible(!m_runs->isReplaying());  // shown again on the way back to the live run
}

QString MainWindow::explanationText() const { return m_explanation->isHidden() ? QString() : m_explanation->text(); }

void MainWindow::refreshPresets() {
  QStringList problems;
  m_presets = allPresets(&problems);
  m_controls->setPresets(m_presets, problems);
  if (QMenu* menu = m_menus->presetsMenu()) {
    QStringList builtin;
    try {
      builtin = presetNames();
    } catch (const std::exception&) {
    }
    menu->clear();
    bool separated = false;
    for (const Preset& p : m_presets) {
      const bool user = !builtin.contains(p.name);
      if (user && !separated) {
        menu->addSeparator();
        separated = true;
      }
      QAction* a = menu->addAction(user ? p.title : presetTitle(p), this,
                                   [this, name = p.name] { loadPresetInBackground(name, true); });
      a->setToolTip(user ? p.description : presetDescription(p));
      a->setData(p.name);
    }
  }
  if (!problems.isEmpty())
    statusBar()->showMessage(tr("Some user presets were skipped: %1").arg(problems.join(QStringLiteral("; "))), 15000);
}

bool MainWindow::presentationMode() const { return m_menus->presentationMode(); }
bool MainWindow::darkTheme() const { return m_menus->darkTheme(); }

void MainWindow::savePresetInteractive() {
  SavePresetDialog dlg(m_presetTitle.isEmpty() ? tr("My preset") : tr("%1 (my settings)").arg(m_presetTitle), this);
  if (dlg.exec() != QDialog::Accepted) return;
  // The settings as they are now: the live ones and the run settings waiting for a reset.
  SessionConfig c = m_controls->editedConfig();
  c.faults = m_controller->config().faults;
  QString error;
  const QString name = saveUserPreset(dlg.title(), dlg.description(), c, &error);
  if (name.isEmpty()) {
    QMessageBox::warning(this, tr("Preset not saved"), error);
    return;
  }
  refreshPresets();
  const int i = m_controls->presetCombo()->findData(name);
  if (i >= 0) m_controls->presetCombo()->setCurrentIndex(i);
  statusBar()->showMessage(tr("Saved preset '%1' in %2").arg(dlg.title(), userPresetDir()), 8000);
}

void MainWindow::deletePresetInteractive(const QString& name) {
  QString title = name;
  for (const Preset& p : m_presets)
    if (p.name == name) title = p.title;
  if (QMessageBox::question(this, tr("Delete preset"), tr("Delete your preset '%1'?").arg(title)) != QMessageBox::Yes)
    return;
  QString error;
  if (!deleteUserPreset(name, &error)) QMessageBox::warning(this, tr("Preset not deleted"), error);
  refreshPresets();
}

QList<QPair<QString, QString>> MainWindow::shortcutList() const {
  QList<QPair<QString, QString>> out;
  QSet<QAction*> seen;
  std::function<void(const QList<QAction*>&)> walk = [&](const QList<QAction*>& actions) {
    for (QAction* a : actions) {
      if (a->menu()) {
        walk(a->menu()->actions());
        continue;
      }
      if (a->shortcuts().isEmpty() || seen.contains(a)) continue;
      seen.insert(a);
      QStringList keys;
      for (const QKeySequence& k : a->shortcuts()) keys << k.toString(QKeySequence::NativeText);
      QString text = a->text();
      text.remove(QLatin1Char('&'));
      out.append({text, keys.join(tr(" or "))});
    }
  };
  walk(menuBar()->actions());
  for (QAction* a : actions()) {  // window-level actions outside the menus
    if (a->shortcuts().isEmpty() || seen.contains(a)) continue;
    QStringList keys;
    for (const QKeySequence& k : a->shortcuts()) keys << k.toString(QKeySequence::NativeText);
    out.append({a->text().remove(QLatin1Char('&')), keys.join(tr(" or "))});
  }
  return out;
}

void MainWindow::showShortcuts() {
  QDialog dlg(this);
  dlg.setWindowTitle(tr("Keyboard shortcuts"));
  auto* v = new QVBoxLayout(&dlg);
  const auto list = shortcutList();
  auto* table = new QTableWidget(static_cast<int>(list.size()), 2, &dlg);
  table->setHorizontalHeaderLabels({tr("Action"), tr("Keys")});
  table->verticalHeader()->setVisible(false);
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  for (int i = 0; i < static_cast<int>(list.size()); ++i) {
    table->setItem(i, 0, new QTableWidgetItem(list[i].first));
    table->setItem(i, 1, new QTableWidgetItem(list[i].second));
  }
  table->resizeColumnsToContents();
  table->horizontalHeader()->setStretchLastSection(true);
  table->setMinimumSize(520, 420);
  v->addWidget(table);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dlg);
  connect(buttons, &QDialogButtonBox::rejected, &dlg, &QDialog::reject);
  v->addWidget(buttons);
  dlg.exec();
}

QString MainWindow::restoreSettings() {
  QSettings s;
  m_saveOnClose = true;
  if (s.contains(kGeometry)) restoreGeometry(s.value(kGeometry).toByteArray());
  if (s.contains(kState)) restoreState(s.value(kState).toByteArray(), kStateVersion);
  const QList<QVariant> splits = s.value(kSplitters).toList();
  const auto splitters = m_dashboard->findChildren<QSplitter*>();
  for (int i = 0; i < splits.size() && i < splitters.size(); ++i) splitters[i]->restoreState(splits[i].toByteArray());
  setTheme(s.value(kDark, false).toBool(), s.value(kPresentation, false).toBool());
  m_controls->unscaledViewBox()->setChecked(s.value(kUnscaled, false).toBool());
  return s.value(kPreset).toString();
}

void MainWindow::openAtLaunch(const QString& preset, bool start) {
  if (preset.isEmpty()) {
    const QString last = QSettings().value(kPreset).toString();
    if (const std::optional<SessionConfig> c = savedConfig()) {
      m_presetName = last;
      m_presetTitle.clear();
      for (const Preset& p : m_presets)
        if (p.name == last) {
          m_presetTitle = presetTitle(p);
          const int i = m_controls->presetCombo()->findData(last);
          if (i >= 0) m_controls->presetCombo()->setCurrentIndex(i);
          setExplanation(m_presetTitle, presetDescription(p));
        }
      m_controller->configureInBackground(*c);
      if (start) m_controller->start();
      return;
    }
  }
  if (!loadPresetInBackground(preset.isEmpty() ? QStringLiteral("default") : preset, start) && preset.isEmpty())
    loadPresetInBackground(QStringLiteral("default"), start);
}

std::optional<SessionConfig> MainWindow::savedConfig() {
  const QString text = QSettings().value(kConfig).toString();
  if (text.isEmpty()) return std::nullopt;
  try {
    return SessionConfig::from_json(text.toStdString());
  } catch (const std::exception&) {
    return std::nullopt;  // an older or damaged entry: start from the preset instead
  }
}

void MainWindow::saveSettings() const {
  QSettings s;
  s.setValue(kGeometry, saveGeometry());
  s.setValue(kState, saveState(kStateVersion));
  QList<QVariant> splits;
  for (QSplitter* sp : m_dashboard->findChildren<QSplitter*>()) splits << sp->saveState();
  s.setValue(kSplitters, splits);
  s.setValue(kDark, darkTheme());
  s.setValue(kPresentation, presentationMode());
  s.setValue(kUnscaled, m_controls->unscaledViewBox()->isChecked());
  s.setValue(kPreset, m_presetName);
  SessionConfig c = m_controls->editedConfig();
  c.max_steps = 0;
  s.setValue(kConfig, QString::fromStdString(c.to_json()));
  s.sync();
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (m_saveOnClose) saveSettings();
  QMainWindow::closeEvent(event);
}

}  // namespace ampscope::ui
