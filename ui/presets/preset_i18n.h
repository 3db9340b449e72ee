// Presets in the user's language. The built-in presets' titles and explanations live in JSON
// (resources/presets), where lupdate cannot see them: preset_strings.cpp lists them with
// QT_TRANSLATE_NOOP("Preset", ...) so that they reach the catalogues, and test_i18n_catalog
// fails when a shipped preset's text is missing there or untranslated. User presets come back
// as their authors wrote them.
#pragma once

#include "presets/preset_parse.h"

#include <QString>
#include <QStringList>

namespace ampscope::ui {

/// The preset's title / explanation in the current language.
QString presetTitle(const Preset& preset);
QString presetDescription(const Preset& preset);
/// Every source string of preset_strings.cpp (the English titles and explanations).
QStringList presetTranslationSources();

}  // namespace ampscope::ui
