// ampscope: the GUI by default, sub-commands for headless work.
//   ampscope                 the main window on the default demo (headless builds: `demo`)
//   ampscope record ...      train headless into a run store
//   ampscope export ...      run store -> CSV
//   ampscope demo            the default demonstration on the terminal
#include "cli_args.h"
#include "cli_export.h"
#include "cli_record.h"

#ifdef AMPSCOPE_WITH_GUI
#include "gui_main.h"
#endif

#include <cstdlib>
#include <cstring>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

namespace {
void usage(std::ostream& os) {
  os << "AmpScope " AMPSCOPE_VERSION ": see what mixed-precision training does to gradients.\n\n"
        "Usage:\n"
        "  ampscope                 open the main window on the default demo"
#ifndef AMPSCOPE_WITH_GUI
        " (this build has no GUI: runs `demo`)"
#endif
        "\n"
        "  ampscope record [opts]   train headless and record every step into a run store\n"
        "  ampscope export FILE     write a stored run's steps and per-layer stats as CSV\n"
        "  ampscope demo            the default demonstration, narrated on the terminal\n"
        "  ampscope --version\n\n"
        "'ampscope COMMAND --help' documents each command.\n";
}
}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> rest(argv + (argc > 1 ? 2 : 1), argv + argc);
  const std::string cmd = argc > 1 ? argv[1] : "";
  try {
    if (cmd == "record") return ampscope::cli::run_record(rest);
    if (cmd == "demo") return ampscope::cli::run_demo(rest);
    if (cmd == "export") return ampscope::cli::run_export(argc - 1, argv + 1);
    if (cmd == "--help" || cmd == "-h" || cmd == "help") {
      usage(std::cout);
      return 0;
    }
    if (cmd == "--version") {
      std::cout << "ampscope " AMPSCOPE_VERSION "\n";
      return 0;
    }
#ifdef AMPSCOPE_WITH_GUI
    if (cmd.empty() || cmd.rfind("-", 0) == 0 || cmd == "screenshot") return ampscope::ui::gui_main(argc, argv);
#else
    if (cmd.empty()) {
      std::cout << "This AmpScope build has no GUI (built with AMPSCOPE_GUI=OFF): running the headless demo.\n\n";
      return ampscope::cli::run_demo({});
    }
#endif
    std::cerr << "ampscope: unknown command '" << cmd << "'\n\n";
    usage(std::cerr);
    return 2;
  } catch (const ampscope::cli::UsageError& e) {
    std::cerr << "ampscope " << cmd << ": " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "ampscope " << cmd << ": " << e.what() << "\n";
    return 1;
  }
}
