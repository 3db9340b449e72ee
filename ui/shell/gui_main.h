// The GUI entry point, called by app/main.cpp with argc/argv less the --lang option, which
// main() takes out and passes as `lang` (the GUI's language otherwise comes from the setting
// kLanguageSettingsKey, else from the system):
//   ampscope [--preset NAME] [--dark] [--presentation] [--paused] [--store FILE]
//            [--replay FILE[:RUN]] [--overlay FILE[:RUN]] [--follow FILE[:RUN|:group=NAME]]
//   ampscope screenshot --preset NAME --steps N --out FILE.png|.pdf|.svg
//            [--size WxH] [--scale F] [--dark] [--presentation]
#pragma once

#include <optional>
#include <string>

namespace ampscope::ui {

/// QSettings key of the language chosen in View > Language ("system" or empty: the system's).
inline constexpr const char* kLanguageSettingsKey = "ui/language";

int gui_main(int argc, char** argv, const std::optional<std::string>& lang = std::nullopt);

/// The main window's options, one or more lines each, as `ampscope --help` lists them (the
/// parser gui_main() reads them with). Needs a QCoreApplication, not a display.
std::string window_options_help();

}  // namespace ampscope::ui
