// The left-hand panel: preset, run settings (these need a reset, and the panel says so),
// the live scaler controls, learning rate, speed limit, fault injection and view options.
#pragma once

#include "presets/presets.h"

#include <ampscope/session_types.h>

#include <QWidget>

#include <vector>

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
  static int speedToSlider(double stepsPerSecond);

  /// Fills the preset list: built-in presets, then the user's (marked, deletable).
  /// `problems` (skipped user preset files) is shown under the list.
  void setPresets(const std::vector<Preset>& presets, const QStringList& problems);
  QPushButton* deletePresetButton() const { return m_deletePreset; }
  /// The preset whose explanation the window shows above the charts ("" for none): while the
  /// list shows that preset, its text under the list would say the same again and is hidden, so
  /// that the live sliders fit a 1280x720 projector; choosing another preset in the list shows
  /// that one's text, as a preview before "Load preset".
  void setExplainedPreset(const QString& name);
  /// The text under the preset list (for tests).
  QLabel* presetDescriptionLabel() const { return m_presetText; }

  /// Presentation mode: only what a class needs (preset, its explanation, the main scaler
  /// sliders, speed, fault injection); the advanced controls are hidden.
  void setPresentation(bool on);
  /// Whether run settings were edited and wait for a reset (the "Reset to apply" marker).
  bool resetPending() const;
  QDoubleSpinBox* clipNormBox() const { return m_clip; }
  QCheckBox* unscaleFirstBox() const { return m_unscaleFirst; }
  QSpinBox* accumulationBox() const { return m_accumulation; }
  QCheckBox* unscaledViewBox() const { return m_unscaled; }
  /// The advanced widgets presentation mode hides (for tests).
  QList<QWidget*> advancedWidgets() const { return m_advanced; }

 protected:
  void changeEvent(QEvent* event) override;

 Q_SIGNALS:
  void presetChosen(const QString& name);
  void savePresetRequested();
  void deletePresetRequested(const QString& name);
  void resetRequested();
  void learningRateEdited(double lr);
  void clippingEdited(double norm, bool unscaleFirst);
  void accumulationEdited(int microBatches);
  void speedLimitEdited(double stepsPerSecond);
  void faultRequested(const QString& module, ampscope::FaultKind kind);
  void scalerOptionsEdited(const ampscope::GradScalerOptions& options);
  void unscaledViewToggled(bool on);

 private:
  /// Sets every text again in the current language (QEvent::LanguageChange).
  void retranslateUi();
  void retranslatePresets();
  void updatePresetText();  // the text under the list: the listed preset's, unless explained above
  void runSettingsEdited();
  QWidget* buildRunGroup();
  QWidget* buildLiveGroup();
  QWidget* buildFaultGroup();

  SessionConfig m_shown;
  QComboBox* m_preset = nullptr;
  QLabel* m_presetText = nullptr;
  QString m_explainedPreset;
  QLabel* m_presetProblems = nullptr;
  QPushButton* m_deletePreset = nullptr;
  QComboBox* m_model = nullptr;
  QComboBox* m_precision = nullptr;
  QComboBox* m_device = nullptr;
  QComboBox* m_optimizer = nullptr;
  QSpinBox* m_batch = nullptr;
  QSpinBox* m_seed = nullptr;
  QLabel* m_resetHint = nullptr;
  QPushButton* m_resetButton = nullptr;
  QDoubleSpinBox* m_lr = nullptr;
  QDoubleSpinBox* m_clip = nullptr;
  QCheckBox* m_unscaleFirst = nullptr;
  QSpinBox* m_accumulation = nullptr;
  QList<QWidget*> m_advanced;
  QSlider* m_speed = nullptr;
  QLabel* m_speedLabel = nullptr;
  ScalerPanel* m_scaler = nullptr;
  QComboBox* m_faultLayer = nullptr;
  QComboBox* m_faultKind = nullptr;
  QCheckBox* m_unscaled = nullptr;
  bool m_silent = false;
};

}  // namespace ampscope::ui
