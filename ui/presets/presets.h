// Built-in run presets: resources/presets/*.json, compiled into the binary through a qrc.
// The file format and its parser: preset_parse.h.
#pragma once

#include "presets/preset_parse.h"

#include <QString>
#include <QStringList>
#include <vector>

namespace ampscope::ui {

/// Every built-in preset, in display order. Throws std::invalid_argument when a preset file
/// is malformed (a build error, caught by the UI tests).
std::vector<Preset> builtinPresets();

/// The preset named `name`; throws std::invalid_argument listing the known names otherwise.
Preset findPreset(const QString& name);

QStringList presetNames();

}  // namespace ampscope::ui
