// ampscope: the GUI by default, sub-commands for headless work.
//   ampscope                 the main window on the default demo (headless builds: `demo`)
//   ampscope record ...      train headless into a run store
//   ampscope runs FILE       the runs of a run store
//   ampscope export ...      run store -> CSV
//   ampscope demo            the default demonstration on the terminal
#include "cli_args.h"

#include "core_text.h"
#include "cli_export.h"
#include "cli_runs.h"
#include "cli_record.h"
#include "translations.h"

#include <ampscope/name_suggest.h>
#include <ampscope/process_memory.h>

#include <QCoreApplication>

#ifdef AMPSCOPE_WITH_GUI
#include "shell/gui_main.h"
#endif

#include <clocale>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <optional>
#include <iostream>
#include <string>
#include <vector>

namespace {
using ampscope::cli::Cli;
using ampscope::cli::str;

// `full`: also the main window's options (--help; an unknown command gets the short list).
void usage(std::ostream& os, bool full) {
  os << "AmpScope " AMPSCOPE_VERSION ": " << str(Cli::tr("see what mixed-precision training does to gradients.")) << "\n\n"
     << str(Cli::tr("Usage:")) << "\n"
#ifdef AMPSCOPE_WITH_GUI
     << "  ampscope [options]           " << str(Cli::tr("open the main window on the default demo"))
#else
     << "  ampscope                     "
     << str(Cli::tr("open the main window on the default demo (this build has no GUI: runs `demo`)"))
#endif
     << "\n"
     << "  ampscope record [opts]       " << str(Cli::tr("train headless and record every step into a run store")) << "\n"
     << "  ampscope runs [FILE]         " << str(Cli::tr("list the runs a run store holds (ids for --replay FILE:RUN)")) << "\n"
     << "  ampscope export [FILE]       " << str(Cli::tr("write a stored run's steps and per-layer stats as CSV")) << "\n"
     << "  ampscope demo                " << str(Cli::tr("the default demonstration, narrated on the terminal")) << "\n"
#ifdef AMPSCOPE_WITH_GUI
     << "  ampscope screenshot [opts]   "
     << str(Cli::tr("save a preset's or a stored run's charts as PNG, PDF or SVG, without a display"))
     << "\n"
#endif
     << "  ampscope --version\n\n"
     << str(Cli::tr("Every command takes --lang CODE (%1; default: the system's language).")
                .arg(ampscope::i18n::shippedLanguages().join(QStringLiteral(", "))))
     << "\n"
     << str(Cli::tr("'ampscope COMMAND --help' documents each command.")) << "\n";
#ifdef AMPSCOPE_WITH_GUI
  if (full)
    os << "\n" << str(Cli::tr("Options of the main window (ampscope [options]):")) << "\n"
       << ampscope::ui::window_options_help();
#else
  (void)full;
#endif
}
}  // namespace

int main(int argc, char** argv) {
  // --lang CODE is taken out first: it works with every command, before or after it.
  std::vector<std::string> args(argv + 1, argv + argc);
  const std::optional<std::string> lang = ampscope::i18n::takeLangOption(args);
  std::vector<char*> argv2{argv[0]};
  for (std::string& a : args) argv2.push_back(a.data());
  argv2.push_back(nullptr);
  int argc2 = static_cast<int>(argv2.size()) - 1;
  const std::string cmd = args.empty() ? "" : args[0];
  const std::vector<std::string> rest(args.begin() + (args.empty() ? 0 : 1), args.end());
  // Before any thread exists (Qt's, LibTorch's, the recorder's): the memory a step frees stays
  // for the next one (process_memory.h).
  ampscope::keep_step_memory();
  if (lang && ampscope::i18n::resolveLanguage(QString::fromStdString(*lang)).isEmpty()) {
    // Refused before any window or display is needed; said in the system's language.
    QCoreApplication app(argc2, argv2.data());
    ampscope::i18n::installLanguage(ampscope::i18n::systemLanguage());
    std::cerr << "ampscope: " << str(ampscope::i18n::unknownLanguageMessage(QString::fromStdString(*lang))) << "\n";
    return 2;
  }
#ifdef AMPSCOPE_WITH_GUI
  const bool gui = cmd.empty() || cmd == "screenshot" ||
                   (cmd.rfind("-", 0) == 0 && cmd != "--help" && cmd != "-h" && cmd != "--version");
  if (gui) {
    try {
      return ampscope::ui::gui_main(argc2, argv2.data(), lang);
    } catch (const std::exception& e) {
      std::cerr << "ampscope: " << str(ampscope::i18n::errorText(e)) << "\n";
      return 1;
    }
  }
#endif
  // Headless: a QCoreApplication carries the translations. It sets the C locale from the
  // environment; numbers we print and parse (JSON, CSV, options) keep the "C" conventions.
  QCoreApplication app(argc2, argv2.data());
  std::setlocale(LC_NUMERIC, "C");
  const QString language = ampscope::i18n::startupLanguage(lang);
  if (language.isEmpty()) {
    ampscope::i18n::installLanguage(ampscope::i18n::systemLanguage());
    std::cerr << "ampscope: " << str(ampscope::i18n::unknownLanguageMessage(QString::fromStdString(*lang))) << "\n";
    return 2;
  }
  ampscope::i18n::installLanguage(language);
  try {
    if (cmd == "record") return ampscope::cli::run_record(rest);
    if (cmd == "demo") return ampscope::cli::run_demo(rest);
    if (cmd == "export") return ampscope::cli::run_export(argc2 - 1, argv2.data() + 1);
    if (cmd == "runs") return ampscope::cli::run_runs(rest);
    if (cmd == "--help" || cmd == "-h" || cmd == "help") {
      usage(std::cout, true);
      return 0;
    }
    if (cmd == "--version") {
      std::cout << "ampscope " AMPSCOPE_VERSION "\n";
      return 0;
    }
#ifndef AMPSCOPE_WITH_GUI
    if (cmd.empty()) {
      std::cout << str(Cli::tr("This AmpScope build has no GUI (built with AMPSCOPE_GUI=OFF): running the headless demo."))
                << "\n\n";
      return ampscope::cli::run_demo({});
    }
#endif
    std::vector<std::string> commands{"record", "runs", "export", "demo", "help"};
#ifdef AMPSCOPE_WITH_GUI
    commands.push_back("screenshot");
#endif
    const std::string meant = ampscope::closest_name(cmd, commands, {{"train", "record"}, {"list", "runs"}, {"ls", "runs"}});
    if (meant.empty())
      std::cerr << "ampscope: " << str(Cli::tr("unknown command '%1'").arg(QString::fromStdString(cmd))) << "\n\n";
    else
      std::cerr << "ampscope: "
                << str(Cli::tr("unknown command '%1'; did you mean '%2'?").arg(QString::fromStdString(cmd), QString::fromStdString(meant)))
                << "\n\n";
    usage(std::cerr, false);
    return 2;
  } catch (const ampscope::cli::UsageError& e) {
    std::cerr << "ampscope " << cmd << ": " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "ampscope " << cmd << ": " << str(ampscope::i18n::errorText(e)) << "\n";
    return 1;
  }
}
