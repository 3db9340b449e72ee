// A small, strict command-line parser for the headless sub-commands (Qt Core only, for the
// translations: `ampscope record` must run where no Qt GUI library is installed). Every bad
// value becomes a UsageError whose message names the option and what it accepts; main() prints
// it and exits with status 2. Messages and help texts are translated (Cli::tr); option names,
// values and the machine-readable output are not.
#pragma once

#include <ampscope/option_limits.h>

#include <QCoreApplication>
#include <QString>

#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace ampscope::cli {

/// The translation context of the command line: Cli::tr("...") (lupdate sees it).
class Cli {
  Q_DECLARE_TR_FUNCTIONS(Cli)
};
/// A translated message as the UTF-8 the terminal gets.
inline std::string str(const QString& s) { return s.toStdString(); }
inline QString qs(const std::string& s) { return QString::fromStdString(s); }

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Declares options, then parses argv. Options take the forms --name VALUE, --name=VALUE and,
/// for flags, --name.
class ArgParser {
 public:
  explicit ArgParser(std::string command) : m_command(std::move(command)) {}

  /// An option with a value; `apply` converts and stores it (throw UsageError on bad input).
  void option(const std::string& name, const std::string& metavar, const std::string& help,
              std::function<void(const std::string&)> apply, bool repeatable = false);
  void flag(const std::string& name, const std::string& help, std::function<void()> apply);
  /// One positional argument (e.g. a file).
  void positional(const std::string& metavar, const std::string& help, std::function<void(const std::string&)> apply,
                  bool required = true);
  /// Names users may type for one of this command's options (the window's --store for record's
  /// --out, other tools' --iters): an unknown option that is one of them is answered "did you
  /// mean --<meant>?" (ampscope/name_suggest.h; near misses of declared names are answered too).
  void aliases(std::vector<std::pair<std::string, std::string>> a) { m_aliases = std::move(a); }
  /// Parses args (argv without the program and command names). Returns false when --help was
  /// given (the help text is then in help()).
  bool parse(const std::vector<std::string>& args);
  std::string help(const std::string& summary) const;

 private:
  struct Opt {
    std::string metavar, help;
    std::function<void(const std::string&)> apply;
    std::function<void()> apply_flag;
    bool repeatable = false;
    int seen = 0;
  };
  std::string m_command;
  std::map<std::string, Opt> m_opts;
  std::vector<std::string> m_order;
  std::vector<std::pair<std::string, std::string>> m_aliases;  // {typed, meant}
  struct Pos {
    std::string metavar, help;
    std::function<void(const std::string&)> apply;
    bool required;
  };
  std::vector<Pos> m_pos;
};

// Converters: each throws UsageError("--NAME VALUE: <what is allowed>").
double to_double(const std::string& opt, const std::string& v, double lo, double hi, bool lo_open = false,
                 bool hi_open = false);
std::int64_t to_int(const std::string& opt, const std::string& v, std::int64_t lo, std::int64_t hi);
/// The same for an option with a row in the option limits (its name and range from there).
inline double to_double(const std::string& v, const RealLimit& l) {
  return to_double(std::string(l.name), v, l.lo, l.hi, l.lo_open, l.hi_open);
}
inline std::int64_t to_int(const std::string& v, const IntLimit& l) { return to_int(std::string(l.name), v, l.lo, l.hi); }
std::uint64_t to_uint(const std::string& opt, const std::string& v);

/// The arguments of `ampscope export [FILE] [--run ID] --csv DIR` (FILE: runs.db when not given).
struct ExportArgs {
  std::string file;
  std::string dir;
  std::int64_t run = -1;  ///< -1: the latest run (or the one named run_name)
  std::string run_name;   ///< --run NAME: the run of that name (SessionConfig::name); run stays -1
  bool whatif = false;    ///< --whatif: also format_whatif.csv (docs/measurements.md, "Format what-if")
};
/// The message for an unknown option `given` (as typed, with its dashes) among `known` (without
/// them): "unknown option '--x'", and "; did you mean --y?" where one is close (name_suggest.h).
std::string unknown_option_message(const std::string& given, const std::vector<std::string>& known,
                                   const std::vector<std::pair<std::string, std::string>>& aliases = {});

/// Parses export's arguments (argv without the program and command names). Returns false when
/// --help or -h was given; throws UsageError naming what is wrong. On true, `file` and `dir`
/// are non-empty and `run` is -1 or a positive id (the fuzz target checks this). A --run value of
/// digits (with a sign) is an id; anything else is a run's name.
bool parse_export_args(const std::vector<std::string>& args, ExportArgs& a);

}  // namespace ampscope::cli
