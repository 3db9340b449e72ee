#include "panels/scaler_panel.h"

#include "charts/plot_theme.h"

#include "panels/narrator.h"

#include <QCheckBox>
#include <QEvent>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <QSpinBox>

#include <ampscope/option_limits.h>
#include <ampscope/scale_text.h>

#include <cmath>
#include <limits>

namespace ampscope::ui {

namespace {
QSlider* slider(int lo, int hi, QWidget* parent) {
  auto* s = new QSlider(Qt::Horizontal, parent);
  s->setRange(lo, hi);
  s->setPageStep(std::max(1, (hi - lo) / 10));
  return s;
}
QWidget* withLabel(QSlider* s, QLabel* l, QWidget* parent) {
  auto* w = new QWidget(parent);
  auto* h = new QHBoxLayout(w);
  h->setContentsMargins(0, 0, 0, 0);
  h->addWidget(s, 1);
  l->setMinimumWidth(l->fontMetrics().horizontalAdvance(QStringLiteral("\u00D70.00 ")));
  h->addWidget(l);
  return w;
}
/// The min/max-scale choices are the powers of two inside the controls' spans (option_limits.h):
/// "none (0)" then 2^0 .. 2^24 for the floor, "none (inf)" then 2^8 .. 2^40 for the cap.
const int kMinPowers = std::ilogb(limits::min_scale.control_hi);
const int kMaxLowest = std::ilogb(limits::max_scale.control_lo);
const int kMaxHighest = std::ilogb(limits::max_scale.control_hi);
/// Factor sliders move in hundredths.
int percent(double factor) { return static_cast<int>(std::lround(factor * 100)); }
}  // namespace

int ScalerPanel::intervalToSlider(std::int64_t interval) {
  return static_cast<int>(std::lround(100.0 * std::log10(static_cast<double>(std::max<std::int64_t>(1, interval)))));
}
std::int64_t ScalerPanel::sliderToInterval(int position) {
  const double v = std::pow(10.0, position / 100.0);
  // Round to 2 significant digits: 1, 2, ... 10, 11, ... 2000.
  const double mag = std::pow(10.0, std::max(0.0, std::floor(std::log10(v)) - 1));
  return std::max<std::int64_t>(1, static_cast<std::int64_t>(std::lround(v / mag) * mag));
}

ScalerPanel::ScalerPanel(QWidget* parent) : QGroupBox(tr("Loss scaler (live)"), parent) {
  auto* form = new QFormLayout(this);
  m_form = form;
  form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  m_enabled = new QCheckBox(tr("enabled"), this);
  m_enabled->setToolTip(tr("Off: gradients are not scaled, non-finite steps are not skipped"));
  form->addRow(tr("Scaler"), m_enabled);

  m_init = slider(std::ilogb(limits::init_scale.control_lo), std::ilogb(limits::init_scale.control_hi), this);
  m_initLabel = new QLabel(this);
  m_init->setToolTip(tr("The scale a run starts with (a power of two). While a run is going it sets the current scale "
                        "at the next step (the scale plot says 'set by user')."));
  form->addRow(tr("Init scale"), withLabel(m_init, m_initLabel, this));

  m_growth = slider(percent(limits::growth_factor.control_lo), percent(limits::growth_factor.control_hi), this);
  m_growthLabel = new QLabel(this);
  m_growth->setToolTip(tr("Scale multiplier after growth-interval clean steps (must be > 1)"));
  form->addRow(tr("Growth factor"), withLabel(m_growth, m_growthLabel, this));

  m_backoff = slider(percent(limits::backoff_factor.control_lo), percent(limits::backoff_factor.control_hi), this);
  m_backoffLabel = new QLabel(this);
  m_backoff->setToolTip(tr("Scale multiplier after a step with inf/NaN gradients (must be < 1)"));
  form->addRow(tr("Backoff factor"), withLabel(m_backoff, m_backoffLabel, this));

  m_interval = slider(intervalToSlider(limits::growth_interval.control_lo), intervalToSlider(limits::growth_interval.control_hi), this);
  m_intervalLabel = new QLabel(this);
  m_interval->setToolTip(tr("Clean steps before the scale grows (log slider, 1 to 10000)"));
  form->addRow(tr("Growth interval"), withLabel(m_interval, m_intervalLabel, this));

  m_hysteresis = new QSpinBox(this);
  m_hysteresis->setRange(static_cast<int>(limits::hysteresis.control_lo), static_cast<int>(limits::hysteresis.control_hi));
  m_hysteresis->setToolTip(tr("Back off only after this many overflows (1 = PyTorch)"));
  m_consecutive = new QCheckBox(tr("consecutive"), this);
  m_consecutive->setToolTip(tr("Restore the hysteresis counter on every clean step (DeepSpeed/Apex), not only on growth"));
  auto* hyst = new QWidget(this);
  auto* hl = new QHBoxLayout(hyst);
  hl->setContentsMargins(0, 0, 0, 0);
  hl->addWidget(m_hysteresis);
  hl->addWidget(m_consecutive, 1);
  form->addRow(tr("Hysteresis"), hyst);

  m_min = new QComboBox(this);
  m_min->addItem(tr("none (0)"), 0.0);
  for (int k = 0; k <= kMinPowers; ++k)
    m_min->addItem(QStringLiteral("2^%1 = %2").arg(k).arg(number(std::ldexp(1.0, k))), std::ldexp(1.0, k));
  m_min->setToolTip(tr("Floor after a backoff; without one the scale can reach 0 and stay there"));
  form->addRow(tr("Min scale"), m_min);

  m_max = new QComboBox(this);
  m_max->addItem(tr("none (\u221E)"), std::numeric_limits<double>::infinity());
  for (int k = kMaxLowest; k <= kMaxHighest; ++k)
    m_max->addItem(QStringLiteral("2^%1 = %2").arg(k).arg(number(std::ldexp(1.0, k))), std::ldexp(1.0, k));
  form->addRow(tr("Max scale"), m_max);
  for (QComboBox* c : {m_min, m_max}) {
    c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    c->setMinimumContentsLength(10);
  }

  m_static = new QCheckBox(tr("static scale"), this);
  m_static->setToolTip(tr("The scale never grows or backs off; non-finite steps are still skipped"));
  form->addRow(QString(), m_static);

  m_message = new QLabel(this);
  m_message->setWordWrap(true);
  setThemedStyleSheet(m_message, [](const PlotTheme& t) { return PlotTheme::textStyle(t.errorText); });
  m_message->setVisible(false);
  form->addRow(m_message);

  for (QSlider* s : {m_init, m_growth, m_backoff, m_interval}) connect(s, &QSlider::valueChanged, this, &ScalerPanel::edited);
  for (QCheckBox* c : {m_enabled, m_consecutive, m_static}) connect(c, &QCheckBox::toggled, this, &ScalerPanel::edited);
  connect(m_hysteresis, &QSpinBox::valueChanged, this, &ScalerPanel::edited);
  for (QComboBox* c : {m_min, m_max}) connect(c, &QComboBox::currentIndexChanged, this, &ScalerPanel::edited);
  setOptions(GradScalerOptions());
  retranslateUi();
}

void ScalerPanel::changeEvent(QEvent* event) {
  QGroupBox::changeEvent(event);
  if (event->type() == QEvent::LanguageChange) retranslateUi();
}

void ScalerPanel::retranslateUi() {
  // The group's title is the control panel's (it says whether the run has a scaler).
  auto row = [this](QWidget* field, const QString& text) {
    if (auto* label = qobject_cast<QLabel*>(m_form->labelForField(field))) label->setText(text);
  };
  m_enabled->setText(tr("enabled"));
  m_enabled->setToolTip(tr("Off: gradients are not scaled, non-finite steps are not skipped"));
  row(m_enabled, tr("Scaler"));
  m_init->setToolTip(tr("The scale a run starts with (a power of two). While a run is going it sets the current scale "
                        "at the next step (the scale plot says 'set by user')."));
  row(m_init->parentWidget(), tr("Init scale"));
  m_growth->setToolTip(tr("Scale multiplier after growth-interval clean steps (must be > 1)"));
  row(m_growth->parentWidget(), tr("Growth factor"));
  m_backoff->setToolTip(tr("Scale multiplier after a step with inf/NaN gradients (must be < 1)"));
  row(m_backoff->parentWidget(), tr("Backoff factor"));
  m_interval->setToolTip(tr("Clean steps before the scale grows (log slider, 1 to 10000)"));
  row(m_interval->parentWidget(), tr("Growth interval"));
  m_hysteresis->setToolTip(tr("Back off only after this many overflows (1 = PyTorch)"));
  m_consecutive->setText(tr("consecutive"));
  m_consecutive->setToolTip(tr("Restore the hysteresis counter on every clean step (DeepSpeed/Apex), not only on growth"));
  row(m_hysteresis->parentWidget(), tr("Hysteresis"));
  m_min->setItemText(0, tr("none (0)"));
  m_min->setToolTip(tr("Floor after a backoff; without one the scale can reach 0 and stay there"));
  row(m_min, tr("Min scale"));
  m_max->setItemText(0, tr("none (\u221E)"));
  row(m_max, tr("Max scale"));
  m_static->setText(tr("static scale"));
  m_static->setToolTip(tr("The scale never grows or backs off; non-finite steps are still skipped"));
}

void ScalerPanel::setOptions(const GradScalerOptions& o) {
  m_silent = true;
  m_enabled->setChecked(o.enabled());
  // A power of two inside the slider's span sits on it; any other start (a user preset's 2^60
  // or 1000) is kept exactly as it is, and the label says the slider cannot show it.
  int k = 0;
  const bool onSlider = exact_power_of_two(o.init_scale(), k) && k >= m_init->minimum() && k <= m_init->maximum();
  m_init->setValue(onSlider ? k : static_cast<int>(std::lround(std::log2(std::max(1.0, o.init_scale())))));
  m_exactInit = onSlider ? 0.0 : o.init_scale();
  m_growth->setValue(static_cast<int>(std::lround(o.growth_factor() * 100)));
  m_backoff->setValue(static_cast<int>(std::lround(o.backoff_factor() * 100)));
  m_interval->setValue(intervalToSlider(o.growth_interval()));
  m_hysteresis->setValue(static_cast<int>(o.hysteresis()));
  m_consecutive->setChecked(o.consecutive_hysteresis());
  auto pick = [](QComboBox* c, double v) {
    int best = 0;
    for (int i = 0; i < c->count(); ++i)
      if (c->itemData(i).toDouble() == v) best = i;
    c->setCurrentIndex(best);
  };
  pick(m_min, o.min_scale());
  pick(m_max, o.max_scale());
  m_static->setChecked(o.static_scale());
  m_silent = false;
  // Keep an interval the slider cannot hit exactly (e.g. 2000 from a preset) as it is.
  updateLabels();
  if (sliderToInterval(m_interval->value()) != o.growth_interval())
    m_intervalLabel->setText(QString::number(o.growth_interval()));
  m_exactInterval = o.growth_interval();
}

GradScalerOptions ScalerPanel::options() const {
  GradScalerOptions o;
  o.enabled(m_enabled->isChecked())
      .init_scale(m_exactInit > 0 ? m_exactInit : std::ldexp(1.0, m_init->value()))
      .growth_factor(m_growth->value() / 100.0)
      .backoff_factor(m_backoff->value() / 100.0)
      .growth_interval(m_exactInterval > 0 ? m_exactInterval : sliderToInterval(m_interval->value()))
      .hysteresis(m_hysteresis->value())
      .consecutive_hysteresis(m_consecutive->isChecked())
      .min_scale(m_min->currentData().toDouble())
      .max_scale(m_max->currentData().toDouble())
      .static_scale(m_static->isChecked());
  return o;
}

void ScalerPanel::updateLabels() {
  const double init = m_exactInit > 0 ? m_exactInit : std::ldexp(1.0, m_init->value());
  m_initLabel->setText(scaleText(init));
  m_initLabel->setToolTip(m_exactInit > 0
                              ? tr("%1 = %2: outside the slider's steps (%3 to %4); moving the slider replaces it")
                                    .arg(scaleText(init), number(init), scaleText(std::ldexp(1.0, m_init->minimum())),
                                         scaleText(std::ldexp(1.0, m_init->maximum())))
                              : QStringLiteral("%1 = %2").arg(scaleText(init), number(init)));
  m_growthLabel->setText(QStringLiteral("\u00D7%1").arg(m_growth->value() / 100.0, 0, 'f', 2));
  m_backoffLabel->setText(QStringLiteral("\u00D7%1").arg(m_backoff->value() / 100.0, 0, 'f', 2));
  m_intervalLabel->setText(QString::number(sliderToInterval(m_interval->value())));
}

void ScalerPanel::edited() {
  if (m_silent) return;
  if (sender() == m_interval) m_exactInterval = 0;  // the user moved it: the slider's value wins
  if (sender() == m_init) m_exactInit = 0;
  updateLabels();
  if (m_exactInterval > 0) m_intervalLabel->setText(QString::number(m_exactInterval));
  Q_EMIT optionsEdited(options());
}

void ScalerPanel::setAdvancedVisible(bool visible) {
  for (QWidget* w : {static_cast<QWidget*>(m_hysteresis->parentWidget() == this ? m_hysteresis : m_hysteresis->parentWidget()),
                     static_cast<QWidget*>(m_min), static_cast<QWidget*>(m_max), static_cast<QWidget*>(m_static)})
    m_form->setRowVisible(w, visible);
}

void ScalerPanel::setMessage(const QString& text) {
  m_message->setText(text);
  m_message->setVisible(!text.isEmpty());
}

}  // namespace ampscope::ui
