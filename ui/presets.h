// Built-in run presets: resources/presets/*.json, compiled into the binary through a qrc.
// A preset file is {"name", "title", "description", "order", "config": <SessionConfig JSON>}.
#pragma once

#include <ampscope/session_types.h>

#include <QString>
#include <QStringList>
#include <vector>

namespace ampscope::ui {

struct Preset {
  QString name;         ///< what --preset takes: "default", "fault-injection", ...
  QString title;        ///< one line for menus and exported figures
  QString description;  ///< a few sentences for tooltips
  SessionConfig config;
};

/// Every built-in preset, in display order. Throws std::invalid_argument when a preset file
/// is malformed (a build error, caught by the UI tests).
std::vector<Preset> builtinPresets();

/// The preset named `name`; throws std::invalid_argument listing the known names otherwise.
Preset findPreset(const QString& name);

QStringList presetNames();

}  // namespace ampscope::ui
