#include "panels/control_panel.h"

#include "charts/plot_theme.h"

#include "core_text.h"

#include "presets/preset_i18n.h"
#include "presets/presets.h"
#include "panels/scaler_panel.h"

#include <QCheckBox>
#include <QEvent>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include <ampscope/option_limits.h>

#include <cmath>

namespace ampscope::ui {

namespace {
/// The settings a running session cannot change: a new session (Reset) takes them.
bool needsReset(const SessionConfig& a, const SessionConfig& b) {
  return a.model != b.model || a.precision != b.precision || a.device != b.device || a.optimizer != b.optimizer ||
         a.batch_size != b.batch_size || a.seed != b.seed;
}
}  // namespace

namespace {
void setData(QComboBox* c, const QVariant& v) {
  const int i = c->findData(v);
  if (i >= 0) c->setCurrentIndex(i);
}
}  // namespace

double ControlPanel::sliderToSpeed(int position) {
  if (position <= 0) return 0.0;
  return std::round(std::pow(10.0, (position - 1) / 100.0));  // 1..1000
}

int ControlPanel::speedToSlider(double stepsPerSecond) {
  if (!(stepsPerSecond > 0)) return 0;
  return std::clamp(1 + static_cast<int>(std::lround(100.0 * std::log10(stepsPerSecond))), 1, 301);
}

ControlPanel::ControlPanel(QWidget* parent) : QWidget(parent) {
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(6, 6, 6, 6);

  auto* presetBox = new QGroupBox(tr("Preset"), this);
  auto* pv = new QVBoxLayout(presetBox);
  m_preset = new QComboBox(presetBox);
  try {
    setPresets(builtinPresets(), {});
  } catch (const std::exception& e) {
    m_preset->addItem(tr("(presets unavailable: %1)").arg(i18n::errorText(e)));
  }
  m_preset->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  m_preset->setMinimumContentsLength(16);
  m_presetText = new QLabel(presetBox);
  m_presetText->setObjectName(QStringLiteral("presetDescription"));
  m_presetText->setWordWrap(true);
  auto* load = new QPushButton(tr("Load preset"), presetBox);
  load->setObjectName(QStringLiteral("loadPreset"));
  load->setToolTip(tr("Replace the run with this preset (resets the training)"));
  auto* save = new QPushButton(tr("Save\u2026"), presetBox);
  save->setToolTip(tr("Save the current settings as your own preset"));
  m_deletePreset = new QPushButton(tr("Delete"), presetBox);
  m_deletePreset->setToolTip(tr("Delete this preset (only presets you saved can be deleted)"));
  m_presetProblems = new QLabel(presetBox);
  m_presetProblems->setWordWrap(true);
  setThemedStyleSheet(m_presetProblems, [](const PlotTheme& t) { return PlotTheme::textStyle(t.hintText); });
  m_presetProblems->setVisible(false);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(load, 1);
  buttons->addWidget(save);
  buttons->addWidget(m_deletePreset);
  pv->addWidget(m_preset);
  pv->addWidget(m_presetText);
  pv->addLayout(buttons);
  pv->addWidget(m_presetProblems);
  m_advanced << save << m_deletePreset;
  updatePresetText();
  connect(m_preset, &QComboBox::currentIndexChanged, this, &ControlPanel::updatePresetText);
  connect(save, &QPushButton::clicked, this, &ControlPanel::savePresetRequested);
  connect(m_deletePreset, &QPushButton::clicked, this, [this] {
    if (m_preset->currentData(Qt::UserRole + 1).toBool()) Q_EMIT deletePresetRequested(m_preset->currentData().toString());
  });
  connect(load, &QPushButton::clicked, this, [this] {
    if (m_preset->currentData().isValid()) Q_EMIT presetChosen(m_preset->currentData().toString());
  });
  v->addWidget(presetBox);

  v->addWidget(buildRunGroup());
  v->addWidget(buildLiveGroup());
  m_scaler = new ScalerPanel(this);
  connect(m_scaler, &ScalerPanel::optionsEdited, this, &ControlPanel::scalerOptionsEdited);
  v->addWidget(m_scaler);
  v->addWidget(buildFaultGroup());

  auto* view = new QGroupBox(tr("View"), this);
  auto* vv = new QVBoxLayout(view);
  m_unscaled = new QCheckBox(tr("Unscaled histogram (\u2212log\u2082 S)"), view);
  m_unscaled->setToolTip(tr("Show the true gradients g/S instead of what fp16 held (g scaled by S)"));
  connect(m_unscaled, &QCheckBox::toggled, this, &ControlPanel::unscaledViewToggled);
  vv->addWidget(m_unscaled);
  v->addWidget(view);
  v->addStretch(1);
  retranslateUi();
}

namespace {
/// The label of `field`'s row in the QFormLayout of its parent.
void setRowLabel(QWidget* field, const QString& text) {
  if (!field || !field->parentWidget()) return;
  if (auto* form = qobject_cast<QFormLayout*>(field->parentWidget()->layout()))
    if (auto* label = qobject_cast<QLabel*>(form->labelForField(field))) label->setText(text);
}
void setBoxTitle(QWidget* child, const QString& text) {
  if (auto* box = child ? qobject_cast<QGroupBox*>(child->parentWidget()) : nullptr) box->setTitle(text);
}
}  // namespace

void ControlPanel::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() == QEvent::LanguageChange) retranslateUi();
}

void ControlPanel::retranslateUi() {
  // Every text of the panel, in the current language (the constructor set the same ones).
  setBoxTitle(m_preset, tr("Preset"));
  if (auto* load = findChild<QPushButton*>(QStringLiteral("loadPreset"))) {
    load->setText(tr("Load preset"));
    load->setToolTip(tr("Replace the run with this preset (resets the training)"));
  }
  retranslatePresets();

  setBoxTitle(m_model, tr("Run (applies on Reset)"));
  const char* const models[] = {QT_TR_NOOP("spiral-mlp (4 layers, spirals)"), QT_TR_NOOP("deep-mlp (13 layers, clusters)"),
                                QT_TR_NOOP("fashion-cnn (Fashion-MNIST)")};
  for (int i = 0; i < m_model->count() && i < 3; ++i) m_model->setItemText(i, tr(models[i]));
  setRowLabel(m_model, tr("Model"));
  setRowLabel(m_precision, tr("Precision"));
  if (m_device) {
    const char* const devices[] = {QT_TR_NOOP("auto (CUDA when available)"), QT_TR_NOOP("cpu"), QT_TR_NOOP("cuda")};
    for (int i = 0; i < m_device->count() && i < 3; ++i) m_device->setItemText(i, tr(devices[i]));
    setRowLabel(m_device, tr("Device"));
  }
  setRowLabel(m_optimizer, tr("Optimizer"));
  setRowLabel(m_batch, tr("Batch size"));
  setRowLabel(m_seed, tr("Seed"));
  m_resetHint->setText(tr("Changed: these settings need a new model and data. The run goes on with the old ones "
                          "until you reset."));
  m_resetButton->setText(tr("Reset to apply (Ctrl+R)"));
  m_resetButton->setToolTip(tr("Build a new session with these settings; the current run ends"));

  setBoxTitle(m_lr, tr("Training (live)"));
  setRowLabel(m_lr, tr("Learning rate"));
  if (m_clip) {
    m_clip->setSpecialValueText(tr("off"));
    m_clip->setToolTip(tr("clip_grad_norm_ to this total norm (0 = off). Applies at the next step."));
    m_unscaleFirst->setText(tr("unscale first"));
    m_unscaleFirst->setToolTip(tr("Call scaler.unscale_ before clipping (correct). Unticked: clip the scaled gradients, "
                                  "the classic bug that shrinks every update by the scale."));
    setRowLabel(m_clip->parentWidget(), tr("Clip norm"));
  }
  if (m_accumulation) {
    m_accumulation->setToolTip(tr("Micro-batches whose gradients add up before one optimizer step. Applies at the next step."));
    setRowLabel(m_accumulation, tr("Accumulation"));
  }
  m_speed->setToolTip(tr("Steps per second (far left: as fast as the machine goes)"));
  m_speedLabel->setMinimumWidth(m_speedLabel->fontMetrics().horizontalAdvance(tr("unlimited") + QStringLiteral("__")));
  setRowLabel(m_speed->parentWidget(), tr("Speed limit"));
  const double speed = sliderToSpeed(m_speed->value());
  m_speedLabel->setText(speed > 0 ? tr("%1 /s").arg(speed) : tr("unlimited"));

  setBoxTitle(m_faultLayer, tr("Fault injection"));
  m_faultLayer->setToolTip(tr("The layer whose weight gradient gets ~1% inf/NaN elements ('loss': the loss itself)"));
  if (auto* inject = findChild<QPushButton*>(QStringLiteral("injectFault"))) {
    inject->setText(tr("Inject now"));
    inject->setToolTip(tr("Poison the next step's gradient (Ctrl+I)"));
  }

  setBoxTitle(m_unscaled, tr("View"));
  m_unscaled->setText(tr("Unscaled histogram (\u2212log\u2082 S)"));
  m_unscaled->setToolTip(tr("Show the true gradients g/S instead of what fp16 held (g scaled by S)"));
  m_scaler->setTitle(m_shown.use_scaler ? tr("Loss scaler (live)") : tr("Loss scaler (off in this run)"));
}

void ControlPanel::retranslatePresets() {
  std::vector<Preset> builtin;
  try {
    builtin = builtinPresets();
  } catch (const std::exception&) {
    return;  // the list says why already
  }
  for (int i = 0; i < m_preset->count(); ++i) {
    const QString name = m_preset->itemData(i).toString();
    if (name.isEmpty() || m_preset->itemData(i, Qt::UserRole + 1).toBool()) continue;  // user presets: as written
    for (const Preset& p : builtin) {
      if (p.name != name) continue;
      m_preset->setItemText(i, presetTitle(p));
      m_preset->setItemData(i, presetDescription(p), Qt::ToolTipRole);
    }
  }
  updatePresetText();
}

void ControlPanel::setExplainedPreset(const QString& name) {
  m_explainedPreset = name;
  updatePresetText();
}

void ControlPanel::updatePresetText() {
  if (!m_presetText || !m_deletePreset) return;  // the list is filled before the rest exists
  m_presetText->setText(m_preset->currentData(Qt::ToolTipRole).toString());
  m_presetText->setVisible(m_explainedPreset.isEmpty() || m_preset->currentData().toString() != m_explainedPreset);
  m_deletePreset->setEnabled(m_preset->currentData(Qt::UserRole + 1).toBool());
}

QWidget* ControlPanel::buildRunGroup() {
  auto* box = new QGroupBox(tr("Run (applies on Reset)"), this);
  auto* form = new QFormLayout(box);
  m_model = new QComboBox(box);
  m_model->addItem(tr("spiral-mlp (4 layers, spirals)"), QStringLiteral("spiral-mlp"));
  m_model->addItem(tr("deep-mlp (13 layers, clusters)"), QStringLiteral("deep-mlp"));
  m_model->addItem(tr("fashion-cnn (Fashion-MNIST)"), QStringLiteral("fashion-cnn"));
  form->addRow(tr("Model"), m_model);
  m_precision = new QComboBox(box);
  for (Precision p : {Precision::FP16, Precision::BF16, Precision::FP32})
    m_precision->addItem(QString::fromUtf8(std::string(to_string(p)).c_str()), static_cast<int>(p));
  form->addRow(tr("Precision"), m_precision);
  m_device = new QComboBox(box);
  m_device->addItem(tr("auto (CUDA when available)"), static_cast<int>(DeviceKind::Auto));
  m_device->addItem(tr("cpu"), static_cast<int>(DeviceKind::CPU));
  m_device->addItem(tr("cuda"), static_cast<int>(DeviceKind::CUDA));
  form->addRow(tr("Device"), m_device);
  m_optimizer = new QComboBox(box);
  for (OptimizerKind o : {OptimizerKind::Adam, OptimizerKind::AdamW, OptimizerKind::SGD})
    m_optimizer->addItem(QString::fromUtf8(std::string(to_string(o)).c_str()), static_cast<int>(o));
  form->addRow(tr("Optimizer"), m_optimizer);
  m_batch = new QSpinBox(box);
  m_batch->setRange(static_cast<int>(limits::batch_size.control_lo), static_cast<int>(limits::batch_size.control_hi));
  form->addRow(tr("Batch size"), m_batch);
  m_seed = new QSpinBox(box);
  m_seed->setRange(0, 1000000);
  form->addRow(tr("Seed"), m_seed);
  m_resetHint = new QLabel(tr("Changed: these settings need a new model and data. The run goes on with the old ones "
                              "until you reset."), box);
  m_resetHint->setWordWrap(true);
  setThemedStyleSheet(m_resetHint, [](const PlotTheme& t) { return PlotTheme::textStyle(t.hintText, true); });
  m_resetButton = new QPushButton(tr("Reset to apply (Ctrl+R)"), box);
  m_resetButton->setToolTip(tr("Build a new session with these settings; the current run ends"));
  m_resetHint->setVisible(false);
  m_resetButton->setVisible(false);
  form->addRow(m_resetHint);
  form->addRow(m_resetButton);
  connect(m_resetButton, &QPushButton::clicked, this, &ControlPanel::resetRequested);
  m_advanced << m_device << form->labelForField(m_device) << m_optimizer << form->labelForField(m_optimizer) << m_batch
             << form->labelForField(m_batch) << m_seed << form->labelForField(m_seed);
  for (QComboBox* c : {m_model, m_precision, m_device, m_optimizer})
    connect(c, &QComboBox::currentIndexChanged, this, &ControlPanel::runSettingsEdited);
  for (QSpinBox* s : {m_batch, m_seed}) connect(s, &QSpinBox::valueChanged, this, &ControlPanel::runSettingsEdited);
  return box;
}

QWidget* ControlPanel::buildLiveGroup() {
  auto* box = new QGroupBox(tr("Training (live)"), this);
  auto* form = new QFormLayout(box);
  m_lr = new QDoubleSpinBox(box);
  m_lr->setDecimals(6);
  m_lr->setRange(limits::lr.control_lo, limits::lr.control_hi);
  m_lr->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
  m_lr->setKeyboardTracking(false);
  form->addRow(tr("Learning rate"), m_lr);
  connect(m_lr, &QDoubleSpinBox::valueChanged, this, [this](double lr) {
    if (!m_silent) Q_EMIT learningRateEdited(lr);
  });
  m_clip = new QDoubleSpinBox(box);
  m_clip->setRange(limits::clip_norm.control_lo, limits::clip_norm.control_hi);
  m_clip->setDecimals(3);
  m_clip->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
  m_clip->setSpecialValueText(tr("off"));
  m_clip->setKeyboardTracking(false);
  m_clip->setToolTip(tr("clip_grad_norm_ to this total norm (0 = off). Applies at the next step."));
  m_unscaleFirst = new QCheckBox(tr("unscale first"), box);
  m_unscaleFirst->setToolTip(tr("Call scaler.unscale_ before clipping (correct). Unticked: clip the scaled gradients, "
                                "the classic bug that shrinks every update by the scale."));
  auto* clipRow = new QWidget(box);
  auto* ch = new QVBoxLayout(clipRow);  // stacked: "unscale first" is long in some languages
  ch->setContentsMargins(0, 0, 0, 0);
  ch->addWidget(m_clip, 1);
  ch->addWidget(m_unscaleFirst);
  form->addRow(tr("Clip norm"), clipRow);
  auto emitClip = [this] {
    if (!m_silent) Q_EMIT clippingEdited(m_clip->value(), m_unscaleFirst->isChecked());
  };
  connect(m_clip, &QDoubleSpinBox::valueChanged, this, emitClip);
  connect(m_unscaleFirst, &QCheckBox::toggled, this, emitClip);
  m_accumulation = new QSpinBox(box);
  m_accumulation->setRange(static_cast<int>(limits::accumulation.control_lo), static_cast<int>(limits::accumulation.control_hi));
  m_accumulation->setKeyboardTracking(false);
  m_accumulation->setToolTip(tr("Micro-batches whose gradients add up before one optimizer step. Applies at the next step."));
  form->addRow(tr("Accumulation"), m_accumulation);
  connect(m_accumulation, &QSpinBox::valueChanged, this, [this](int n) {
    if (!m_silent) Q_EMIT accumulationEdited(n);
  });
  m_advanced << clipRow << form->labelForField(clipRow) << m_accumulation << form->labelForField(m_accumulation);
  m_speed = new QSlider(Qt::Horizontal, box);
  m_speed->setRange(0, 301);
  m_speed->setToolTip(tr("Steps per second (far left: as fast as the machine goes)"));
  m_speedLabel = new QLabel(box);
  m_speedLabel->setMinimumWidth(m_speedLabel->fontMetrics().horizontalAdvance(tr("unlimited") + QStringLiteral("__")));
  auto* row = new QWidget(box);
  auto* h = new QHBoxLayout(row);
  h->setContentsMargins(0, 0, 0, 0);
  h->addWidget(m_speed, 1);
  h->addWidget(m_speedLabel);
  form->addRow(tr("Speed limit"), row);
  connect(m_speed, &QSlider::valueChanged, this, [this](int pos) {
    const double s = sliderToSpeed(pos);
    m_speedLabel->setText(s > 0 ? tr("%1 /s").arg(s) : tr("unlimited"));
    if (!m_silent) Q_EMIT speedLimitEdited(s);
  });
  m_speedLabel->setText(tr("unlimited"));
  return box;
}

QWidget* ControlPanel::buildFaultGroup() {
  auto* box = new QGroupBox(tr("Fault injection"), this);
  auto* h = new QHBoxLayout(box);
  m_faultLayer = new QComboBox(box);
  m_faultLayer->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  m_faultLayer->setMinimumContentsLength(6);
  m_faultLayer->setToolTip(tr("The layer whose weight gradient gets ~1% inf/NaN elements ('loss': the loss itself)"));
  m_faultKind = new QComboBox(box);
  m_faultKind->addItem(QStringLiteral("inf"), static_cast<int>(FaultKind::Inf));
  m_faultKind->addItem(QStringLiteral("NaN"), static_cast<int>(FaultKind::NaN));
  auto* inject = new QPushButton(tr("Inject now"), box);
  inject->setObjectName(QStringLiteral("injectFault"));
  inject->setToolTip(tr("Poison the next step's gradient (Ctrl+I)"));
  inject->setShortcut(QKeySequence(QStringLiteral("Ctrl+I")));
  h->addWidget(m_faultLayer, 1);
  h->addWidget(m_faultKind);
  h->addWidget(inject);
  connect(inject, &QPushButton::clicked, this, [this] {
    if (m_faultLayer->count() == 0) return;
    Q_EMIT faultRequested(m_faultLayer->currentText(), static_cast<FaultKind>(m_faultKind->currentData().toInt()));
  });
  return box;
}

void ControlPanel::showConfig(const SessionConfig& c, const QStringList& modules) {
  m_silent = true;
  m_shown = c;
  const QSignalBlocker b1(m_model), b2(m_precision), b3(m_optimizer), b4(m_batch), b5(m_seed), b6(m_device);
  setData(m_model, QString::fromStdString(c.model));
  setData(m_precision, static_cast<int>(c.precision));
  setData(m_device, static_cast<int>(c.device));
  m_clip->setValue(c.clip_norm);
  m_unscaleFirst->setChecked(c.clip_after_unscale);
  m_accumulation->setValue(static_cast<int>(c.accumulation));
  setData(m_optimizer, static_cast<int>(c.optimizer));
  m_batch->setValue(static_cast<int>(c.batch_size));
  m_seed->setValue(static_cast<int>(c.seed));
  m_lr->setValue(c.lr);
  m_speed->setValue(speedToSlider(c.max_steps_per_second));
  m_scaler->setOptions(c.scaler);
  m_scaler->setEnabled(c.use_scaler);
  m_scaler->setTitle(c.use_scaler ? tr("Loss scaler (live)") : tr("Loss scaler (off in this run)"));
  const QString keep = m_faultLayer->currentText();
  m_faultLayer->clear();
  m_faultLayer->addItems(modules);
  m_faultLayer->addItem(QStringLiteral("loss"));
  if (m_faultLayer->findText(keep) >= 0) m_faultLayer->setCurrentText(keep);
  m_resetHint->setVisible(false);
  m_resetButton->setVisible(false);
  m_silent = false;
}

SessionConfig ControlPanel::editedConfig() const {
  SessionConfig c = m_shown;
  c.model = m_model->currentData().toString().toStdString();
  c.precision = static_cast<Precision>(m_precision->currentData().toInt());
  c.device = static_cast<DeviceKind>(m_device->currentData().toInt());
  c.clip_norm = m_clip->value();
  c.clip_after_unscale = m_unscaleFirst->isChecked();
  c.accumulation = m_accumulation->value();
  c.optimizer = static_cast<OptimizerKind>(m_optimizer->currentData().toInt());
  c.batch_size = m_batch->value();
  c.seed = static_cast<std::uint64_t>(m_seed->value());
  c.lr = m_lr->value();
  c.max_steps_per_second = sliderToSpeed(m_speed->value());
  c.scaler = m_scaler->options();
  if (c.model != m_shown.model) c.dataset.clear();  // the new model's own dataset
  // The run's name is the preset's title (ClassroomController): a run of other settings is not that preset's.
  if (needsReset(c, m_shown)) c.name.clear();
  return c;
}

void ControlPanel::runSettingsEdited() {
  if (m_silent) return;
  const bool changed = needsReset(editedConfig(), m_shown);
  m_resetHint->setVisible(changed);
  m_resetButton->setVisible(changed);
}

void ControlPanel::setPresets(const std::vector<Preset>& presets, const QStringList& problems) {
  const QString keep = m_preset->currentData().toString();
  const QSignalBlocker block(m_preset);
  m_preset->clear();
  QStringList builtin;
  try {
    builtin = presetNames();
  } catch (const std::exception&) {
  }
  bool separated = false;
  for (const Preset& p : presets) {
    const bool user = !builtin.contains(p.name);
    if (user && !separated) {
      m_preset->insertSeparator(m_preset->count());
      separated = true;
    }
    m_preset->addItem(user ? tr("%1 (yours)").arg(p.title) : presetTitle(p), p.name);
    m_preset->setItemData(m_preset->count() - 1, user ? p.description : presetDescription(p), Qt::ToolTipRole);
    m_preset->setItemData(m_preset->count() - 1, user, Qt::UserRole + 1);
  }
  const int i = m_preset->findData(keep);
  m_preset->setCurrentIndex(i >= 0 ? i : 0);
  if (m_presetText) {
    updatePresetText();
    m_presetProblems->setText(problems.isEmpty() ? QString()
                                                 : tr("Skipped: %1").arg(problems.join(QStringLiteral("\n"))));
    m_presetProblems->setVisible(!problems.isEmpty());
  }
}

bool ControlPanel::resetPending() const { return !m_resetButton->isHidden(); }

void ControlPanel::setPresentation(bool on) {
  for (QWidget* w : m_advanced)
    if (w) w->setVisible(!on);
  m_scaler->setAdvancedVisible(!on);
}

}  // namespace ampscope::ui
