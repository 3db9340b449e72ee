// The command-line options that describe a training session, shared by every sub-command
// that trains (record, demo, screenshot).
#pragma once

#include "cli_args.h"

#include <ampscope/session_types.h>

namespace ampscope::cli {

/// Registers --model, --precision, --lr, every scaler option, faults, cadences... on `p`,
/// writing into `cfg`. Validation of combinations happens in SessionConfig::validate().
void add_session_options(ArgParser& p, SessionConfig& cfg);

/// Parses "LAYER:KIND@STEP" (e.g. "fc3:inf@100", "loss:nan@5").
FaultSpec parse_fault(const std::string& text);

}  // namespace ampscope::cli
