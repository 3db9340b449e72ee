#include "fuzz_entries.h"

#include "cli_args.h"
#include "session_options.h"

#include <ampscope/run_store.h>
#include <ampscope/session_types.h>

#include <cstdlib>
#include <stdexcept>

namespace ampscope::fuzz {

Outcome cli_args(const std::uint8_t* data, std::size_t size) {
  // NUL-separated arguments, as argv would hold them.
  std::vector<std::string> args;
  std::string cur;
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == 0) {
      args.push_back(cur);
      cur.clear();
    } else {
      cur.push_back(static_cast<char>(data[i]));
    }
  }
  if (!cur.empty() || args.empty()) args.push_back(cur);

  // `ampscope export`: its own parser (cli_args.cpp, used by cli_export.cpp).
  if (args.front() == "export") {
    cli::ExportArgs e;
    try {
      if (!cli::parse_export_args(std::vector<std::string>(args.begin() + 1, args.end()), e)) return {true, {}};
    } catch (const cli::UsageError& err) {
      return rejected(err.what());
    }
    // Accepted: what run_export relies on.
    if (e.file.empty() || e.dir.empty() || (e.run != -1 && e.run < 1)) std::abort();
    if (!e.run_name.empty() && e.run != -1) std::abort();  // an id or a name, never both
    // The rule every command reads RUN by (core/store): a name is never digits, an id never a name.
    if (!e.run_name.empty() && classify_run_part(e.run_name) != RunPart::Name) std::abort();
    if (e.run > 0 && classify_run_part(std::to_string(e.run)) != RunPart::Id) std::abort();
    return {true, {}};
  }

  // The table `ampscope record` declares (cli_record.cpp): every session option plus its own.
  SessionConfig cfg;
  std::string out;
  int threads = 0;
  bool quiet = false;
  cli::ArgParser p("record");
  cli::add_session_options(p, cfg);
  p.option("out", "FILE", "Run store to write.", [&](const std::string& v) {
    if (v.empty()) throw cli::UsageError("--out: the file name is empty");
    out = v;
  });
  p.option("threads", "N", "LibTorch compute threads.",
           [&](const std::string& v) { threads = static_cast<int>(cli::to_int("threads", v, 1, 256)); });
  p.flag("quiet", "No progress bar.", [&] { quiet = true; });
  try {
    if (!p.parse(args)) {
      if (p.help("fuzz").empty()) std::abort();
      return {true, {}};
    }
    try {
      cfg.validate();
    } catch (const std::invalid_argument& e) {
      throw cli::UsageError(e.what());
    }
  } catch (const cli::UsageError& e) {
    return rejected(e.what());
  }
  // Accepted: the configuration is a valid one and survives its JSON (it goes into the store).
  const std::string once = cfg.to_json();
  try {
    if (SessionConfig::from_json(once).to_json() != once) std::abort();
  } catch (const std::invalid_argument&) {
    std::abort();
  }
  (void)quiet;
  return {true, {}};
}

}  // namespace ampscope::fuzz
