// The left-hand panel: preset, run settings (these need a reset, and the panel says so),
// the live scaler controls, learning rate, speed limit, fault injection and view options.
#pragma once

#include <ampscope/session_types.h>

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;

namespace ampscope::ui {

class ScalerPanel;

class ControlPanel : public QWidget {
  Q_OBJECT
 public:
  explicit ControlPanel(QWidget* parent = nullptr);

  /// Shows a session's config (after a reset) without emitting edits.
  void showConfig(const SessionConfig& config, const QStringList& modules);
  /// The shown config with the run settings (model, precision, ...) as edited.
  SessionConfig editedConfig() const;
  ScalerPanel* scalerPanel() const { return m_scaler; }
  QSlider* speedSlider() const { return m_speed; }
  QComboBox* presetCombo() const { return m_preset; }

  static double sliderToSpeed(int position);  ///< 0 = unlimited, else 1..1000 steps/s (log)

 Q_SIGNALS:
  void presetChosen(const QString& name);
  void resetRequested();
  void learningRateEdited(double lr);
  void speedLimitEdited(double stepsPerSecond);
  void faultRequested(const QString& module, ampscope::FaultKind kind);
  void scalerOptionsEdited(const ampscope::GradScalerOptions& options);
  void unscaledViewToggled(bool on);

 private:
  void runSettingsEdited();
  QWidget* buildRunGroup();
  QWidget* buildLiveGroup();
  QWidget* buildFaultGroup();

  SessionConfig m_shown;
  QComboBox* m_preset = nullptr;
  QLabel* m_presetText = nullptr;
  QComboBox* m_model = nullptr;
  QComboBox* m_precision = nullptr;
  QComboBox* m_optimizer = nullptr;
  QSpinBox* m_batch = nullptr;
  QSpinBox* m_seed = nullptr;
  QLabel* m_resetHint = nullptr;
  QPushButton* m_resetButton = nullptr;
  QDoubleSpinBox* m_lr = nullptr;
  QSlider* m_speed = nullptr;
  QLabel* m_speedLabel = nullptr;
  ScalerPanel* m_scaler = nullptr;
  QComboBox* m_faultLayer = nullptr;
  QComboBox* m_faultKind = nullptr;
  QCheckBox* m_unscaled = nullptr;
  bool m_silent = false;
};

}  // namespace ampscope::ui
