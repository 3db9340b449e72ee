#include "control_panel.h"

#include "presets.h"
#include "scaler_panel.h"

#include <QCheckBox>
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

#include <cmath>

namespace ampscope::ui {

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

ControlPanel::ControlPanel(QWidget* parent) : QWidget(parent) {
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(6, 6, 6, 6);

  auto* presetBox = new QGroupBox(QStringLiteral("Preset"), this);
  auto* pv = new QVBoxLayout(presetBox);
  m_preset = new QComboBox(presetBox);
  try {
    for (const Preset& p : builtinPresets()) {
      m_preset->addItem(p.title, p.name);
      m_preset->setItemData(m_preset->count() - 1, p.description, Qt::ToolTipRole);
    }
  } catch (const std::exception& e) {
    m_preset->addItem(QStringLiteral("(presets unavailable: %1)").arg(QString::fromUtf8(e.what())));
  }
  m_preset->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  m_preset->setMinimumContentsLength(16);
  m_presetText = new QLabel(presetBox);
  m_presetText->setWordWrap(true);
  m_presetText->setText(m_preset->currentData(Qt::ToolTipRole).toString());
  auto* load = new QPushButton(QStringLiteral("Load preset"), presetBox);
  load->setToolTip(QStringLiteral("Replace the run with this preset (resets the training)"));
  pv->addWidget(m_preset);
  pv->addWidget(m_presetText);
  pv->addWidget(load);
  connect(m_preset, &QComboBox::currentIndexChanged, this,
          [this] { m_presetText->setText(m_preset->currentData(Qt::ToolTipRole).toString()); });
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

  auto* view = new QGroupBox(QStringLiteral("View"), this);
  auto* vv = new QVBoxLayout(view);
  m_unscaled = new QCheckBox(QStringLiteral("Unscaled histogram (\u2212log\u2082 S)"), view);
  m_unscaled->setToolTip(QStringLiteral("Show the true gradients g/S instead of what fp16 held (g scaled by S)"));
  connect(m_unscaled, &QCheckBox::toggled, this, &ControlPanel::unscaledViewToggled);
  vv->addWidget(m_unscaled);
  v->addWidget(view);
  v->addStretch(1);
}

QWidget* ControlPanel::buildRunGroup() {
  auto* box = new QGroupBox(QStringLiteral("Run (applies on Reset)"), this);
  auto* form = new QFormLayout(box);
  m_model = new QComboBox(box);
  m_model->addItem(QStringLiteral("spiral-mlp (4 layers, spirals)"), QStringLiteral("spiral-mlp"));
  m_model->addItem(QStringLiteral("deep-mlp (13 layers, clusters)"), QStringLiteral("deep-mlp"));
  m_model->addItem(QStringLiteral("fashion-cnn (Fashion-MNIST)"), QStringLiteral("fashion-cnn"));
  form->addRow(QStringLiteral("Model"), m_model);
  m_precision = new QComboBox(box);
  for (Precision p : {Precision::FP16, Precision::BF16, Precision::FP32})
    m_precision->addItem(QString::fromUtf8(std::string(to_string(p)).c_str()), static_cast<int>(p));
  form->addRow(QStringLiteral("Precision"), m_precision);
  m_optimizer = new QComboBox(box);
  for (OptimizerKind o : {OptimizerKind::Adam, OptimizerKind::AdamW, OptimizerKind::SGD})
    m_optimizer->addItem(QString::fromUtf8(std::string(to_string(o)).c_str()), static_cast<int>(o));
  form->addRow(QStringLiteral("Optimizer"), m_optimizer);
  m_batch = new QSpinBox(box);
  m_batch->setRange(1, 8192);
  form->addRow(QStringLiteral("Batch size"), m_batch);
  m_seed = new QSpinBox(box);
  m_seed->setRange(0, 1000000);
  form->addRow(QStringLiteral("Seed"), m_seed);
  m_resetHint = new QLabel(QStringLiteral("Changed: these settings take effect on Reset."), box);
  m_resetHint->setWordWrap(true);
  m_resetHint->setStyleSheet(QStringLiteral("color: #b9770e; font-weight: bold;"));
  m_resetButton = new QPushButton(QStringLiteral("Reset now"), box);
  m_resetHint->setVisible(false);
  m_resetButton->setVisible(false);
  form->addRow(m_resetHint);
  form->addRow(m_resetButton);
  connect(m_resetButton, &QPushButton::clicked, this, &ControlPanel::resetRequested);
  for (QComboBox* c : {m_model, m_precision, m_optimizer})
    connect(c, &QComboBox::currentIndexChanged, this, &ControlPanel::runSettingsEdited);
  for (QSpinBox* s : {m_batch, m_seed}) connect(s, &QSpinBox::valueChanged, this, &ControlPanel::runSettingsEdited);
  return box;
}

QWidget* ControlPanel::buildLiveGroup() {
  auto* box = new QGroupBox(QStringLiteral("Training (live)"), this);
  auto* form = new QFormLayout(box);
  m_lr = new QDoubleSpinBox(box);
  m_lr->setDecimals(6);
  m_lr->setRange(1e-6, 10.0);
  m_lr->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
  m_lr->setKeyboardTracking(false);
  form->addRow(QStringLiteral("Learning rate"), m_lr);
  connect(m_lr, &QDoubleSpinBox::valueChanged, this, [this](double lr) {
    if (!m_silent) Q_EMIT learningRateEdited(lr);
  });
  m_speed = new QSlider(Qt::Horizontal, box);
  m_speed->setRange(0, 301);
  m_speed->setToolTip(QStringLiteral("Steps per second (far left: as fast as the machine goes)"));
  m_speedLabel = new QLabel(box);
  m_speedLabel->setMinimumWidth(m_speedLabel->fontMetrics().horizontalAdvance(QStringLiteral("unlimited__")));
  auto* row = new QWidget(box);
  auto* h = new QHBoxLayout(row);
  h->setContentsMargins(0, 0, 0, 0);
  h->addWidget(m_speed, 1);
  h->addWidget(m_speedLabel);
  form->addRow(QStringLiteral("Speed limit"), row);
  connect(m_speed, &QSlider::valueChanged, this, [this](int pos) {
    const double s = sliderToSpeed(pos);
    m_speedLabel->setText(s > 0 ? QStringLiteral("%1 /s").arg(s) : QStringLiteral("unlimited"));
    if (!m_silent) Q_EMIT speedLimitEdited(s);
  });
  m_speedLabel->setText(QStringLiteral("unlimited"));
  return box;
}

QWidget* ControlPanel::buildFaultGroup() {
  auto* box = new QGroupBox(QStringLiteral("Fault injection"), this);
  auto* h = new QHBoxLayout(box);
  m_faultLayer = new QComboBox(box);
  m_faultLayer->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  m_faultLayer->setMinimumContentsLength(6);
  m_faultLayer->setToolTip(QStringLiteral("The layer whose weight gradient gets ~1% inf/NaN elements ('loss': the loss itself)"));
  m_faultKind = new QComboBox(box);
  m_faultKind->addItem(QStringLiteral("inf"), static_cast<int>(FaultKind::Inf));
  m_faultKind->addItem(QStringLiteral("NaN"), static_cast<int>(FaultKind::NaN));
  auto* inject = new QPushButton(QStringLiteral("Inject now"), box);
  inject->setToolTip(QStringLiteral("Poison the next step's gradient (Ctrl+I)"));
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
  const QSignalBlocker b1(m_model), b2(m_precision), b3(m_optimizer), b4(m_batch), b5(m_seed);
  setData(m_model, QString::fromStdString(c.model));
  setData(m_precision, static_cast<int>(c.precision));
  setData(m_optimizer, static_cast<int>(c.optimizer));
  m_batch->setValue(static_cast<int>(c.batch_size));
  m_seed->setValue(static_cast<int>(c.seed));
  m_lr->setValue(c.lr);
  int pos = 0;
  if (c.max_steps_per_second > 0) pos = 1 + static_cast<int>(std::lround(100.0 * std::log10(c.max_steps_per_second)));
  m_speed->setValue(std::clamp(pos, 0, m_speed->maximum()));
  m_scaler->setOptions(c.scaler);
  m_scaler->setEnabled(c.use_scaler);
  m_scaler->setTitle(c.use_scaler ? QStringLiteral("Loss scaler (live)") : QStringLiteral("Loss scaler (off in this run)"));
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
  c.optimizer = static_cast<OptimizerKind>(m_optimizer->currentData().toInt());
  c.batch_size = m_batch->value();
  c.seed = static_cast<std::uint64_t>(m_seed->value());
  c.lr = m_lr->value();
  c.max_steps_per_second = sliderToSpeed(m_speed->value());
  c.scaler = m_scaler->options();
  if (c.model != m_shown.model) c.dataset.clear();  // the new model's own dataset
  return c;
}

void ControlPanel::runSettingsEdited() {
  if (m_silent) return;
  const SessionConfig e = editedConfig();
  const bool changed = e.model != m_shown.model || e.precision != m_shown.precision ||
                       e.optimizer != m_shown.optimizer || e.batch_size != m_shown.batch_size || e.seed != m_shown.seed;
  m_resetHint->setVisible(changed);
  m_resetButton->setVisible(changed);
}

}  // namespace ampscope::ui
