// `ampscope runs FILE [--json]`: the runs of a run store, one line each.
#pragma once

#include <string>
#include <vector>

namespace ampscope::cli {

/// Runs the runs sub-command on its arguments (argv without the program and command names).
/// Prints a table (or, with --json, one JSON object per run and line) to stdout. Returns 0 (also
/// for a store without runs), 1 when FILE cannot be read as a run store, 2 for bad arguments.
int run_runs(const std::vector<std::string>& args);

}  // namespace ampscope::cli
