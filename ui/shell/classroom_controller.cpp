#include "shell/classroom_controller.h"

#include "core_text.h"

#include "charts/dashboard.h"
#include "charts/plot_theme.h"
#include "panels/control_panel.h"
#include "presets/preset_i18n.h"
#include "presets/user_presets.h"
#include "runs/replay_controller.h"
#include "runs/session_controller.h"
#include "shell/main_window_menus.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSet>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QTextEdit>
#include <QToolTip>
#include <QVBoxLayout>

#include <exception>
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
const QString kSplitters = QStringLiteral("window/splitterStates");  // chart page layout -> state
constexpr int kStateVersion = 1;
}  // namespace

// The texts below are said in MainWindow's translation context, spelled out in each
// QCoreApplication::translate call so that lupdate files them there: the catalogues have them
// under it from before this class existed, and a user sees no difference.

ClassroomController::ClassroomController(const Parts& parts, QObject* parent)
    : QObject(parent), m_parts(parts), m_baseFont(QApplication::font()) {
  qApp->installEventFilter(this);  // removed by QObject's destructor
}

// ---- presets ---------------------------------------------------------------------------------

std::string runNameFromTitle(const QString& title) {
  // One line (SessionConfig::validate_options): whitespace runs collapse, other controls go.
  QString t = title.simplified();
  t.removeIf([](QChar c) { return c.category() == QChar::Other_Control; });
  QList<uint> cps = t.toUcs4();
  if (cps.size() > static_cast<qsizetype>(SessionConfig::kMaxNameLength)) {
    cps.resize(static_cast<qsizetype>(SessionConfig::kMaxNameLength) - 1);
    return (QString::fromUcs4(reinterpret_cast<const char32_t*>(cps.constData()), cps.size()) + QChar(0x2026)).toStdString();
  }
  return t.toStdString();
}

bool ClassroomController::loadPreset(const QString& name, std::int64_t maxSteps) { return load(name, maxSteps, false); }

bool ClassroomController::loadPresetInBackground(const QString& name, bool start) {
  const bool ok = load(name, 0, true);
  if (ok && start) m_parts.session->start();
  return ok;
}

bool ClassroomController::load(const QString& name, std::int64_t maxSteps, bool inBackground) {
  Preset p;
  bool found = false;
  for (const Preset& q : m_presets)  // built-in and user presets
    if (q.name == name) {
      p = q;
      found = true;
    }
  if (!found) {
    try {
      p = findPreset(name);
    } catch (const std::exception& e) {
      Q_EMIT bannerRequested(i18n::errorText(e));
      return false;
    }
  }
  if (maxSteps > 0) p.config.max_steps = maxSteps;
  m_presetTitle = presetTitle(p);
  // The run is named after the preset it starts from: the run list tells "Overflow storm" from
  // "Fault injection" where both are spiral-mlp (ControlPanel drops the name once the run
  // settings differ from the preset's).
  p.config.name = runNameFromTitle(m_presetTitle);
  m_presetName = p.name;
  const int i = m_parts.controls->presetCombo()->findData(name);
  if (i >= 0) m_parts.controls->presetCombo()->setCurrentIndex(i);
  setExplanation(m_presetTitle, presetDescription(p));
  m_parts.dashboard->setStory(p.story);  // presentation mode's first page
  if (inBackground) {
    m_parts.session->configureInBackground(p.config);
    return true;
  }
  return m_parts.session->configure(p.config);
}

void ClassroomController::refreshPresets() {
  QStringList problems;
  m_presets = allPresets(&problems);
  m_parts.controls->setPresets(m_presets, problems);
  if (QMenu* menu = m_parts.menus->presetsMenu()) {
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
    Q_EMIT statusMessage(QCoreApplication::translate("ampscope::ui::MainWindow", "Some user presets were skipped: %1")
                             .arg(problems.join(QStringLiteral("; "))),
                         15000);
}

void ClassroomController::setExplanation(const QString& title, const QString& text) {
  QLabel* label = m_parts.explanation;
  if (title.isEmpty() && text.isEmpty()) {
    label->clear();
    label->setVisible(false);
    syncExplainedPreset();
    return;
  }
  label->setText(QStringLiteral("<b>%1</b> \u2014 %2").arg(title.toHtmlEscaped(), text.toHtmlEscaped()));
  label->setVisible(!m_parts.runs->isReplaying());  // shown again on the way back to the live run
  syncExplainedPreset();
}

void ClassroomController::syncExplainedPreset() {
  // The control panel does not repeat the explanation shown above the charts.
  m_parts.controls->setExplainedPreset(m_parts.explanation->isHidden() ? QString() : m_presetName);
}

QString ClassroomController::explanationText() const {
  return m_parts.explanation->isHidden() ? QString() : m_parts.explanation->text();
}

void ClassroomController::setReplaying(bool replaying) {
  // The live preset's story is not a stored run's.
  m_parts.explanation->setVisible(!replaying && !m_parts.explanation->text().isEmpty());
  syncExplainedPreset();
}

void ClassroomController::retranslate() {
  for (QAction* a : m_parts.menus->presetsMenu()->actions()) {  // the built-in presets' titles
    const QString name = a->data().toString();
    if (name.isEmpty()) continue;
    try {
      const Preset p = findPreset(name);
      a->setText(presetTitle(p));
      a->setToolTip(presetDescription(p));
    } catch (const std::exception&) {
    }
  }
  // The explanation above the charts: the loaded preset's, in the new language.
  if (m_presetName.isEmpty()) return;
  std::optional<Preset> shown;
  for (const Preset& p : m_presets)
    if (p.name == m_presetName) shown = p;
  if (!shown) {
    try {
      shown = findPreset(m_presetName);
    } catch (const std::exception&) {
    }
  }
  if (shown) {
    m_presetTitle = presetTitle(*shown);
    setExplanation(m_presetTitle, presetDescription(*shown));
  }
}

void ClassroomController::savePresetInteractive() {
  SavePresetDialog dlg(m_presetTitle.isEmpty()
                           ? QCoreApplication::translate("ampscope::ui::MainWindow", "My preset")
                           : QCoreApplication::translate("ampscope::ui::MainWindow", "%1 (my settings)").arg(m_presetTitle),
                       m_parts.window);
  if (dlg.exec() != QDialog::Accepted) return;
  // The settings as they are now: the live ones and the run settings waiting for a reset.
  SessionConfig c = m_parts.controls->editedConfig();
  c.faults = m_parts.session->config().faults;
  QString error;
  const QString name = saveUserPreset(dlg.title(), dlg.description(), c, &error);
  if (name.isEmpty()) {
    QMessageBox::warning(m_parts.window, QCoreApplication::translate("ampscope::ui::MainWindow", "Preset not saved"), error);
    return;
  }
  refreshPresets();
  const int i = m_parts.controls->presetCombo()->findData(name);
  if (i >= 0) m_parts.controls->presetCombo()->setCurrentIndex(i);
  Q_EMIT statusMessage(
      QCoreApplication::translate("ampscope::ui::MainWindow", "Saved preset '%1' in %2").arg(dlg.title(), userPresetDir()), 8000);
}

void ClassroomController::deletePresetInteractive(const QString& name) {
  QString title = name;
  for (const Preset& p : m_presets)
    if (p.name == name) title = p.title;
  if (QMessageBox::question(m_parts.window, QCoreApplication::translate("ampscope::ui::MainWindow", "Delete preset"),
                            QCoreApplication::translate("ampscope::ui::MainWindow", "Delete your preset '%1'?").arg(title)) !=
      QMessageBox::Yes)
    return;
  QString error;
  if (!deleteUserPreset(name, &error))
    QMessageBox::warning(m_parts.window, QCoreApplication::translate("ampscope::ui::MainWindow", "Preset not deleted"), error);
  refreshPresets();
}

// ---- theme and presentation mode -------------------------------------------------------------

void ClassroomController::setTheme(bool dark, bool presentation) {
  const PlotTheme t = (dark ? PlotTheme::darkTheme() : PlotTheme::light()).withPresentation(presentation);
  m_parts.menus->showTheme(dark, presentation);
  QApplication::setPalette(t.palette());
  // Tool tips keep the platform's palette otherwise (a light box over the dark charts).
  QToolTip::setPalette(t.palette());
  // The banner, the replay bar, the panels' hints and messages, the event log, the layer table.
  refreshThemedStyleSheets();
  QFont f = m_baseFont;
  if (presentation) f.setPointSizeF(f.pointSizeF() * 1.5);
  QApplication::setFont(f);
  m_parts.dashboard->applyTheme(t);
  m_parts.controls->setPresentation(presentation);
  // The layer table and the formats what-if are for exploring, not for the back of the room:
  // the charts get their space.
  QMainWindow* w = m_parts.window;
  for (const char* name : {"layers", "whatIf"})
    if (auto* dock = w->findChild<QDockWidget*>(QLatin1String(name))) dock->setVisible(!presentation);
  if (auto* events = w->findChild<QDockWidget*>(QStringLiteral("events"))) {
    // In presentation mode three lines of the log: the charts need the height more.
    w->resizeDocks({events}, {presentation ? QFontMetrics(f).lineSpacing() * 3 + QFontMetrics(f).height() + 16 : 220},
                   Qt::Vertical);
  }
  // The explanation at the window's (already enlarged) size: on a 1280x720 projector every
  // further line is taken from the charts.
  QFont ef = f;
  m_parts.explanation->setFont(ef);
  m_parts.explanation->setStyleSheet(t.explanationStyle());
  if (!m_inFullScreenChange) m_presentationFromFullScreen = false;  // the user chose it: leaving full screen keeps it
  Q_EMIT themeChanged(dark, presentation);
}

void ClassroomController::setFullScreen(bool on) {
  QMainWindow* w = m_parts.window;
  m_inFullScreenChange = true;
  if (on && !w->isFullScreen()) {
    w->setWindowState(w->windowState() | Qt::WindowFullScreen);
    if (!presentationMode()) {
      setTheme(darkTheme(), true);
      m_presentationFromFullScreen = true;
    }
  } else if (!on && w->isFullScreen()) {
    w->setWindowState(w->windowState() & ~Qt::WindowFullScreen);
    if (m_presentationFromFullScreen && presentationMode()) setTheme(darkTheme(), false);
    m_presentationFromFullScreen = false;
  }
  m_inFullScreenChange = false;
  m_parts.menus->showFullScreen(w->isFullScreen());
}

bool ClassroomController::darkTheme() const { return m_parts.menus->darkTheme(); }
bool ClassroomController::presentationMode() const { return m_parts.menus->presentationMode(); }

// ---- keyboard shortcuts ----------------------------------------------------------------------

bool ClassroomController::shortcutWins(const QWidget* focus, const QKeySequence& keys) {
  if (!focus || keys.isEmpty()) return false;
  const QKeyCombination k = keys[0];
  const bool plain = (k.keyboardModifiers() & ~Qt::ShiftModifier) == Qt::NoModifier;
  const QWidget* spin = nullptr;
  for (const QWidget* p = focus; p && !spin; p = p->isWindow() ? nullptr : p->parentWidget())
    if (qobject_cast<const QAbstractSpinBox*>(p)) spin = p;
  if (spin) {
    switch (k.key()) {
      case Qt::Key_End: case Qt::Key_Home: case Qt::Key_Left: case Qt::Key_Right: case Qt::Key_Up:
      case Qt::Key_Down: case Qt::Key_PageUp: case Qt::Key_PageDown:
        return !plain;  // moving in the number; with Ctrl (Ctrl+Right: one step) the window's
      default:
        return true;  // Space, S, Ctrl+Space...: a number has no use for them
    }
  }
  // Free text: the field says what it needs (Qt's ShortcutOverride: printable keys, cursor keys).
  if (const auto* e = qobject_cast<const QLineEdit*>(focus)) return e->isReadOnly();
  if (const auto* e = qobject_cast<const QTextEdit*>(focus)) return e->isReadOnly();
  if (const auto* e = qobject_cast<const QPlainTextEdit*>(focus)) return e->isReadOnly();
  if (const auto* c = qobject_cast<const QComboBox*>(focus)) return !c->isEditable();
  return true;
}

bool ClassroomController::eventFilter(QObject* watched, QEvent* event) {
  const auto inWindow = [this](const QWidget* focus) {  // the window or one of its floating docks
    const QWidget* top = focus->window();
    bool inside = false;
    for (const QWidget* p = focus; p && !inside; p = p->parentWidget()) inside = p == m_parts.window;
    return inside && (top == m_parts.window || qobject_cast<const QDockWidget*>(top));
  };
  if (event->type() == QEvent::WindowStateChange && watched == m_parts.window) {
    m_parts.menus->showFullScreen(m_parts.window->isFullScreen());
  } else if (event->type() == QEvent::KeyPress && m_parts.window->isFullScreen() &&
             watched == QApplication::focusWidget() && !QApplication::activePopupWidget() &&
             !QApplication::activeModalWidget() && inWindow(static_cast<QWidget*>(watched))) {
    // Esc leaves full screen, as in a browser or a slide show (no widget here needs it then).
    const auto* key = static_cast<QKeyEvent*>(event);
    if (key->key() == Qt::Key_Escape && key->modifiers() == Qt::NoModifier) {
      setFullScreen(false);
      return true;
    }
  } else if (event->type() == QEvent::ShortcutOverride && watched == QApplication::focusWidget() &&
             !QApplication::activePopupWidget() && !QApplication::activeModalWidget()) {
    // A focused widget that accepts ShortcutOverride keeps the key from the window's shortcut
    // (a spin box takes Space, S and Ctrl+Right). For the window's own shortcuts, pressed in the
    // window or one of its floating docks, decide here who gets the key.
    auto* focus = static_cast<QWidget*>(watched);
    if (!inWindow(focus)) return false;
    const auto* key = static_cast<QKeyEvent*>(event);
    const QKeySequence keys(QKeyCombination(key->modifiers() & ~Qt::KeypadModifier, Qt::Key(key->key())));
    bool ours = false;
    for (const QAction* a : m_parts.window->findChildren<QAction*>())
      if (a->isEnabled() && a->shortcuts().contains(keys)) ours = true;
    if (ours && shortcutWins(focus, keys)) {
      event->ignore();
      return true;  // not the widget's: the shortcut map goes on to the window's action
    }
  }
  return QObject::eventFilter(watched, event);
}

QList<QPair<QString, QString>> ClassroomController::shortcutList() const {
  const QString orText = QCoreApplication::translate("ampscope::ui::MainWindow", " or ");
  QList<QPair<QString, QString>> out;
  QSet<QAction*> seen;
  const auto keysOf = [&orText](const QAction* a) {
    QStringList keys;
    for (const QKeySequence& k : a->shortcuts()) keys << k.toString(QKeySequence::NativeText);
    return keys.join(orText);
  };
  std::function<void(const QList<QAction*>&)> walk = [&](const QList<QAction*>& actions) {
    for (QAction* a : actions) {
      if (a->menu()) {
        walk(a->menu()->actions());
        continue;
      }
      if (a->shortcuts().isEmpty() || seen.contains(a)) continue;
      seen.insert(a);
      QString text = a->text();
      text.remove(QLatin1Char('&'));
      out.append({text, keysOf(a)});
    }
  };
  walk(m_parts.window->menuBar()->actions());
  for (QAction* a : m_parts.window->actions()) {  // window-level actions outside the menus
    if (a->shortcuts().isEmpty() || seen.contains(a)) continue;
    out.append({a->text().remove(QLatin1Char('&')), keysOf(a)});
  }
  return out;
}

void ClassroomController::showShortcuts() {
  QDialog dlg(m_parts.window);
  dlg.setWindowTitle(QCoreApplication::translate("ampscope::ui::MainWindow", "Keyboard shortcuts"));
  auto* v = new QVBoxLayout(&dlg);
  const auto list = shortcutList();
  auto* table = new QTableWidget(static_cast<int>(list.size()), 2, &dlg);
  table->setHorizontalHeaderLabels({QCoreApplication::translate("ampscope::ui::MainWindow", "Action"),
                                    QCoreApplication::translate("ampscope::ui::MainWindow", "Keys")});
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

// ---- settings between launches ---------------------------------------------------------------

QString ClassroomController::restoreSettings() {
  QSettings s;
  m_saveOnClose = true;
  QMainWindow* w = m_parts.window;
  if (s.contains(kGeometry)) w->restoreGeometry(s.value(kGeometry).toByteArray());
  if (s.contains(kState)) w->restoreState(s.value(kState).toByteArray(), kStateVersion);
  // Per page layout (the dashboard's pages change with the window's size and mode).
  m_parts.dashboard->restoreSplitterStates(s.value(kSplitters).toMap());
  setTheme(s.value(kDark, false).toBool(), s.value(kPresentation, false).toBool());
  m_parts.controls->unscaledViewBox()->setChecked(s.value(kUnscaled, false).toBool());
  // The last preset's story page, as it will be opened again (openAtLaunch).
  for (const Preset& p : m_presets)
    if (p.name == s.value(kPreset).toString()) m_parts.dashboard->setStory(p.story);
  return s.value(kPreset).toString();
}

void ClassroomController::saveSettings() const {
  QSettings s;
  const QMainWindow* w = m_parts.window;
  s.setValue(kGeometry, w->saveGeometry());
  s.setValue(kState, w->saveState(kStateVersion));
  s.setValue(kSplitters, m_parts.dashboard->splitterStates());
  s.setValue(kDark, darkTheme());
  s.setValue(kPresentation, presentationMode());
  s.setValue(kUnscaled, m_parts.controls->unscaledViewBox()->isChecked());
  s.setValue(kPreset, m_presetName);
  SessionConfig c = m_parts.controls->editedConfig();
  c.max_steps = 0;
  s.setValue(kConfig, QString::fromStdString(c.to_json()));
  s.sync();
}

void ClassroomController::openAtLaunch(const QString& preset, bool start) {
  if (preset.isEmpty()) {
    const QString last = QSettings().value(kPreset).toString();
    if (const std::optional<SessionConfig> c = savedConfig()) {
      m_presetName = last;
      m_presetTitle.clear();
      for (const Preset& p : m_presets)
        if (p.name == last) {
          m_presetTitle = presetTitle(p);
          const int i = m_parts.controls->presetCombo()->findData(last);
          if (i >= 0) m_parts.controls->presetCombo()->setCurrentIndex(i);
          setExplanation(m_presetTitle, presetDescription(p));
          m_parts.dashboard->setStory(p.story);
        }
      m_parts.session->configureInBackground(*c);
      if (start) m_parts.session->start();
      return;
    }
  }
  if (!loadPresetInBackground(preset.isEmpty() ? QStringLiteral("default") : preset, start) && preset.isEmpty())
    loadPresetInBackground(QStringLiteral("default"), start);
}

std::optional<SessionConfig> ClassroomController::savedConfig() {
  const QString text = QSettings().value(kConfig).toString();
  if (text.isEmpty()) return std::nullopt;
  try {
    return SessionConfig::from_json(text.toStdString());
  } catch (const std::exception&) {
    return std::nullopt;  // an older or damaged entry: start from the preset instead
  }
}

}  // namespace ampscope::ui
