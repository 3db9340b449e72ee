#include "cli_args.h"

#include "translations.h"

#include <ampscope/name_suggest.h>
#include <ampscope/run_store.h>
#include <ampscope/scale_policy.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace ampscope::cli {

void ArgParser::option(const std::string& name, const std::string& metavar, const std::string& help,
                       std::function<void(const std::string&)> apply, bool repeatable) {
  m_opts[name] = Opt{metavar, help, std::move(apply), nullptr, repeatable, 0};
  m_order.push_back(name);
}

void ArgParser::flag(const std::string& name, const std::string& help, std::function<void()> apply) {
  m_opts[name] = Opt{"", help, nullptr, std::move(apply), false, 0};
  m_order.push_back(name);
}

void ArgParser::positional(const std::string& metavar, const std::string& help,
                           std::function<void(const std::string&)> apply, bool required) {
  m_pos.push_back({metavar, help, std::move(apply), required});
}

bool ArgParser::parse(const std::vector<std::string>& args) {
  std::size_t next_pos = 0;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") return false;
    if (a.rfind("--", 0) == 0 && a.size() > 2) {
      std::string name = a.substr(2), value;
      bool has_value = false;
      if (auto eq = name.find('='); eq != std::string::npos) {
        value = name.substr(eq + 1);
        name = name.substr(0, eq);
        has_value = true;
      }
      auto it = m_opts.find(name);
      if (it == m_opts.end()) {
        const std::string meant = closest_name(name, m_order, m_aliases);
        if (meant.empty())
          throw UsageError(str(Cli::tr("unknown option --%1 (see 'ampscope %2 --help')").arg(qs(name), qs(m_command))));
        throw UsageError(str(Cli::tr("unknown option --%1; did you mean --%2? (see 'ampscope %3 --help')")
                                 .arg(qs(name), qs(meant), qs(m_command))));
      }
      Opt& o = it->second;
      if (o.seen++ && !o.repeatable) throw UsageError(str(Cli::tr("--%1 given more than once").arg(qs(name))));
      if (o.apply_flag) {
        if (has_value) throw UsageError(str(Cli::tr("--%1 takes no value").arg(qs(name))));
        o.apply_flag();
        continue;
      }
      if (!has_value) {
        if (i + 1 >= args.size()) throw UsageError(str(Cli::tr("--%1 needs a value (%2)").arg(qs(name), qs(o.metavar))));
        value = args[++i];
      }
      o.apply(value);
      continue;
    }
    if (next_pos >= m_pos.size()) throw UsageError(str(Cli::tr("unexpected argument '%1'").arg(qs(a))));
    m_pos[next_pos++].apply(a);
  }
  for (std::size_t k = next_pos; k < m_pos.size(); ++k)
    if (m_pos[k].required) throw UsageError(str(Cli::tr("missing %1 (see 'ampscope %2 --help')").arg(qs(m_pos[k].metavar), qs(m_command))));
  return true;
}

std::string ArgParser::help(const std::string& summary) const {
  std::ostringstream s;
  s << str(Cli::tr("Usage:")) << " ampscope " << m_command;
  for (const auto& p : m_pos) s << (p.required ? " " : " [") << p.metavar << (p.required ? "" : "]");
  s << " [" << str(Cli::tr("options")) << "]\n\n" << summary << "\n";
  if (!m_pos.empty()) {
    s << "\n" << str(Cli::tr("Arguments:")) << "\n";
    for (const auto& p : m_pos) s << "  " << p.metavar << "\n      " << p.help << "\n";
  }
  s << "\n" << str(Cli::tr("Options:")) << "\n";
  for (const auto& name : m_order) {
    const Opt& o = m_opts.at(name);
    s << "  --" << name << (o.metavar.empty() ? "" : " " + o.metavar) << "\n      " << o.help << "\n";
  }
  s << "  --lang CODE\n      " << str(Cli::tr("Language of messages and help: %1 (default: the system's).")
                                           .arg(i18n::shippedLanguages().join(QStringLiteral(", "))))
    << "\n";
  s << "  --help\n      " << str(Cli::tr("Show this help and exit.")) << "\n";
  return s.str();
}

double to_double(const std::string& opt, const std::string& v, double lo, double hi, bool lo_open, bool hi_open) {
  errno = 0;
  char* end = nullptr;
  const double d = std::strtod(v.c_str(), &end);
  const std::string range = RealLimit{{}, lo, hi, lo_open, hi_open, lo, hi}.range_text();
  if (v.empty() || end != v.c_str() + v.size() || std::isnan(d))
    throw UsageError(str(Cli::tr("--%1 '%2': expected a number in %3").arg(qs(opt), qs(v), qs(range))));
  // ERANGE on overflow (+-inf) is out of range; on underflow (a subnormal or 0, e.g. 1e-320)
  // the value is what it says and the range decides.
  if (d < lo || d > hi || (lo_open && d == lo) || (hi_open && d == hi) || (errno == ERANGE && std::isinf(d)))
    throw UsageError(str(Cli::tr("--%1 %2: out of range, allowed %3").arg(qs(opt), qs(v), qs(range))));
  return d;
}

std::int64_t to_int(const std::string& opt, const std::string& v, std::int64_t lo, std::int64_t hi) {
  errno = 0;
  char* end = nullptr;
  const long long n = std::strtoll(v.c_str(), &end, 10);
  const std::string range = "[" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
  if (v.empty() || end != v.c_str() + v.size())
    throw UsageError(str(Cli::tr("--%1 '%2': expected an integer in %3").arg(qs(opt), qs(v), qs(range))));
  if (errno == ERANGE || n < lo || n > hi)
    throw UsageError(str(Cli::tr("--%1 %2: out of range, allowed %3").arg(qs(opt), qs(v), qs(range))));
  return n;
}

std::uint64_t to_uint(const std::string& opt, const std::string& v) {
  errno = 0;
  char* end = nullptr;
  // strtoull skips blanks and negates: " -1" would become 2^64-1. Only a digit may come first.
  if (v.empty() || v[0] < '0' || v[0] > '9')
    throw UsageError(str(Cli::tr("--%1 '%2': expected a non-negative integer in [0, 2^64-1]").arg(qs(opt), qs(v))));
  const unsigned long long n = std::strtoull(v.c_str(), &end, 10);
  if (end != v.c_str() + v.size() || errno == ERANGE)
    throw UsageError(str(Cli::tr("--%1 '%2': expected a non-negative integer in [0, 2^64-1]").arg(qs(opt), qs(v))));
  return n;
}

std::string unknown_option_message(const std::string& given, const std::vector<std::string>& known,
                                   const std::vector<std::pair<std::string, std::string>>& aliases) {
  std::string name = given;
  name.erase(0, std::min(name.find_first_not_of('-'), name.size()));
  const std::string meant = closest_name(name, known, aliases);
  if (meant.empty()) return str(Cli::tr("unknown option '%1'").arg(qs(given)));
  return str(Cli::tr("unknown option '%1'; did you mean --%2?").arg(qs(given), qs(meant)));
}

bool parse_export_args(const std::vector<std::string>& args, ExportArgs& a) {
  bool have_dir = false, have_file = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string arg = args[i];
    std::string value;
    bool has_value = false;
    if (arg.rfind("--", 0) == 0 && arg.find('=') != std::string::npos) {
      value = arg.substr(arg.find('=') + 1);
      arg = arg.substr(0, arg.find('='));
      has_value = true;
    }
    auto take_value = [&]() -> bool {
      if (has_value) return true;
      if (i + 1 >= args.size()) return false;
      value = args[++i];
      return true;
    };
    if (arg == "-h" || arg == "--help") {
      return false;
    } else if (arg == "--run") {
      if (!take_value()) throw UsageError(str(Cli::tr("--run needs a run id")));
      std::int64_t id = 0;
      const RunPart part = classify_run_part(value, &id);  // the rule FILE:RUN follows everywhere
      if (part == RunPart::Name) {  // looked up when the store is read
        a.run_name = value;
        a.run = -1;
        continue;
      }
      if (part == RunPart::Invalid)
        throw UsageError(
            str(Cli::tr("--run expects a run id (a positive integer) or a run's name, got '%1'").arg(qs(value))));
      a.run = id;
      a.run_name.clear();
    } else if (arg == "--whatif" && !has_value) {
      a.whatif = true;
    } else if (arg == "--csv") {
      if (!take_value() || value.empty()) throw UsageError(str(Cli::tr("--csv needs a folder")));
      a.dir = value;
      have_dir = true;
    } else if (arg.size() > 1 && arg[0] == '-') {
      // The run store is FILE here, the folder --csv: names other commands and tools use for them.
      throw UsageError(unknown_option_message(arg, {"run", "csv", "whatif"},
                                              {{"out", "csv"}, {"output", "csv"}, {"dir", "csv"}, {"output-dir", "csv"},
                                               {"run-id", "run"}, {"id", "run"}, {"what-if", "whatif"}}));
    } else if (!have_file) {
      if (arg.empty()) throw UsageError(str(Cli::tr("missing FILE (the run store to read)")));
      a.file = arg;
      have_file = true;
    } else {
      throw UsageError(str(Cli::tr("unexpected argument '%1' (FILE is already '%2')").arg(qs(arg), qs(a.file))));
    }
  }
  if (!have_file) a.file = "runs.db";  // where `ampscope record` and the probe write by default
  if (!have_dir) throw UsageError(str(Cli::tr("missing --csv DIR (the folder to write to)")));
  return true;
}

}  // namespace ampscope::cli
