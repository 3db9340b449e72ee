// Presets users save themselves: one JSON file per preset (the built-in format, see
// preset_parse.h) under QStandardPaths::AppDataLocation/presets. Listed after the built-in
// ones; a file that cannot be read or parsed is skipped with a message, never fatal.
#pragma once

#include "presets/presets.h"

#include <QDialog>
#include <QStringList>

#include <vector>

class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace ampscope::ui {

/// Where user presets live: AppDataLocation/presets (not created until a save).
QString userPresetDir();

struct UserPresets {
  std::vector<Preset> presets;  ///< sorted by title
  QStringList files;            ///< the file of each preset, same order
  QStringList problems;         ///< "name.json: what is wrong" for each skipped file
};

/// Reads every *.json in `dir`. Never throws.
UserPresets loadUserPresets(const QString& dir = userPresetDir());

/// Writes a new preset file; returns its name ("user-<title slug>", made unique), or an empty
/// string with `error` set. max_steps is not saved (a preset runs until stopped).
QString saveUserPreset(const QString& title, const QString& description, const SessionConfig& config,
                       QString* error = nullptr, const QString& dir = userPresetDir());

/// Deletes the user preset `name` (never a built-in one).
bool deleteUserPreset(const QString& name, QString* error = nullptr, const QString& dir = userPresetDir());

/// Built-in presets, then the user's; `problems` receives the skipped files' messages.
std::vector<Preset> allPresets(QStringList* problems = nullptr, const QString& dir = userPresetDir());

/// Asks for a title and an explanation.
class SavePresetDialog : public QDialog {
  Q_OBJECT
 public:
  explicit SavePresetDialog(const QString& suggestedTitle, QWidget* parent = nullptr);
  QString title() const;
  QString description() const;

 private:
  QLineEdit* m_title = nullptr;
  QPlainTextEdit* m_description = nullptr;
  QPushButton* m_ok = nullptr;
};

}  // namespace ampscope::ui
