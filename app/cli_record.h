#pragma once
#include <string>
#include <vector>
namespace ampscope::cli {
/// `ampscope record [options] --out FILE`: headless training into a run store.
int run_record(const std::vector<std::string>& args);
/// `ampscope demo`: the default demonstration, headless, narrated on the terminal.
int run_demo(const std::vector<std::string>& args);
}  // namespace ampscope::cli
