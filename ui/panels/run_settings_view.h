// The settings a stored run was recorded with, read-only. While the window replays or follows a
// run, this takes the control panel's place: the live session's controls, greyed out, would
// show another run's model, precision and scaler as if they were this one's.
#pragma once

#include <ampscope/run_store.h>

#include <QString>
#include <QStringList>
#include <QWidget>

class QFormLayout;
class QLabel;

namespace ampscope::ui {

class StoredRun;

class RunSettingsView : public QWidget {
  Q_OBJECT
 public:
  explicit RunSettingsView(QWidget* parent = nullptr);
  /// Shows `run`'s settings (a copy: the run may go away first). Only what its writer knew: a
  /// Python probe run has no batch size, seed, accumulation, clipping or injected faults of
  /// AmpScope's, and its optimizer only when watch() was given one AmpScope has a name for.
  void showRun(const StoredRun& run);
  /// The rows as shown, "Label: value", section headings alone (tests; a copy for a report).
  QStringList rows() const;

 protected:
  void changeEvent(QEvent* event) override;

 private:
  /// Builds every row again in the current language.
  void rebuild();
  void heading(const QString& text);
  void row(const QString& label, const QString& value);
  /// A line across both columns.
  void note(const QString& text);

  QLabel* m_title = nullptr;
  QLabel* m_note = nullptr;
  QFormLayout* m_form = nullptr;
  QStringList m_rows;
  QString m_path;
  RunSummary m_summary;
  SessionConfig m_config;
  bool m_hasRun = false;
};

}  // namespace ampscope::ui
