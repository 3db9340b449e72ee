// `ampscope export FILE [--run ID] --csv DIR`: a run of a run store as CSV files.
#pragma once

namespace ampscope::cli {

/// Runs the export sub-command. argv[0] is the sub-command's name ("export") and is ignored;
/// the arguments start at argv[1]. Writes runs.csv, layers.csv, steps.csv and layer_stats.csv
/// to DIR (created if missing). Returns 0 on success, 2 for bad arguments (the message names
/// the option), 1 when the file cannot be read or the CSV files cannot be written.
/// Messages go to stderr, the one-line summary to stdout.
int run_export(int argc, char** argv);

}  // namespace ampscope::cli
