// Live controls for every GradScaler option. Each edit emits optionsEdited with the complete
// options; the controller validates them and posts them to the worker.
#pragma once

#include <ampscope/scale_policy.h>

#include <QGroupBox>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QSlider;
class QSpinBox;

namespace ampscope::ui {

class ScalerPanel : public QGroupBox {
  Q_OBJECT
 public:
  explicit ScalerPanel(QWidget* parent = nullptr);
  /// Shows `options` without emitting optionsEdited.
  void setOptions(const GradScalerOptions& options);
  GradScalerOptions options() const;
  /// Shows a validation message under the controls (empty clears it).
  void setMessage(const QString& text);
  /// Hides the policy extensions (hysteresis, min/max, static) for presentation mode.
  void setAdvancedVisible(bool visible);
  QSpinBox* hysteresisBox() const { return m_hysteresis; }
  QCheckBox* enabledBox() const { return m_enabled; }

  // For tests and keyboard users: the sliders by role.
  QSlider* initScaleSlider() const { return m_init; }
  /// The init scale as the panel shows it ("2^40"; a value the slider cannot hold says so).
  QLabel* initScaleLabel() const { return m_initLabel; }
  QSlider* growthFactorSlider() const { return m_growth; }
  QSlider* backoffFactorSlider() const { return m_backoff; }
  QSlider* growthIntervalSlider() const { return m_interval; }

  /// Growth-interval slider position <-> interval (log scale, 1..10000).
  static int intervalToSlider(std::int64_t interval);
  static std::int64_t sliderToInterval(int position);

 Q_SIGNALS:
  void optionsEdited(const ampscope::GradScalerOptions& options);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  /// Sets every text again in the current language (QEvent::LanguageChange).
  void retranslateUi();
  void updateLabels();
  void edited();
  QFormLayout* m_form = nullptr;
  QCheckBox* m_enabled = nullptr;
  QSlider* m_init = nullptr;
  QSlider* m_growth = nullptr;
  QSlider* m_backoff = nullptr;
  QSlider* m_interval = nullptr;
  QSpinBox* m_hysteresis = nullptr;
  QCheckBox* m_consecutive = nullptr;
  QComboBox* m_min = nullptr;
  QComboBox* m_max = nullptr;
  QCheckBox* m_static = nullptr;
  QLabel* m_initLabel = nullptr;
  QLabel* m_growthLabel = nullptr;
  QLabel* m_backoffLabel = nullptr;
  QLabel* m_intervalLabel = nullptr;
  QLabel* m_message = nullptr;
  std::int64_t m_exactInterval = 0;  // an interval set from options, until the slider moves
  double m_exactInit = 0;  // an init scale the slider cannot hold (not 2^k in its span), until it moves
  bool m_silent = false;
};

}  // namespace ampscope::ui
