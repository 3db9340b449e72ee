// One entry function per reader of outside data. The libFuzzer targets (fuzz_target.cpp, built
// with clang by fuzz/CMakeLists.txt) and the regression test (tests/fuzz/test_fuzz_inputs.cpp,
// built with the project's compiler in every build) call the same functions.
//
// Contract: an entry returns normally for every input. Input the reader accepts gives
// accepted = true; input it rejects gives accepted = false and the reader's message, which must
// be non-empty. Anything else (a crash, a sanitizer report, an exception of a type the reader
// does not document, an empty message) is a bug: the entries let such exceptions escape, and
// abort on an empty message.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ampscope::fuzz {

struct Outcome {
  bool accepted = false;
  std::string error;  ///< the reader's message when !accepted
};

/// IDX dataset file (images: 3 dimensions, labels: 1): bytes written to a file, read through
/// core's IDX reader (gzip or raw) under the Fashion-MNIST limits.
Outcome idx(const std::uint8_t* data, std::size_t size);
/// Preset file (JSON) through ui::parsePreset, which includes SessionConfig::from_json.
Outcome preset(const std::uint8_t* data, std::size_t size);
/// Run store: bytes written to a file that RunStore opens read-only and reads completely (every
/// run, its layers, steps and statistics), then opens read-write and appends a run to.
Outcome run_store(const std::uint8_t* data, std::size_t size);
/// Saved GradScaler state: GradScalerState::from_json then checked_options, which is what
/// GradScaler::load does before it changes anything.
Outcome scaler_state(const std::uint8_t* data, std::size_t size);
/// Command line of `ampscope record`: NUL-separated arguments through ArgParser with every
/// session option, then SessionConfig::validate. A first argument "export" parses the rest as
/// `ampscope export`'s arguments instead (cli::parse_export_args).
Outcome cli_args(const std::uint8_t* data, std::size_t size);

/// A rejection: aborts when the reader's message is empty (a user would see nothing useful).
Outcome rejected(std::string message);

/// The names above, for the test and the scripts.
const std::vector<std::string_view>& target_names();
Outcome run_target(std::string_view name, const std::uint8_t* data, std::size_t size);

/// A file path private to this process for readers that take a path; `tag` keeps targets apart.
/// The caller removes the file before it returns.
std::string scratch_path(std::string_view tag);
/// Writes `size` bytes to `path`, replacing it. Aborts on I/O failure (the harness, not the
/// reader under test, is broken then).
void write_file(const std::string& path, const std::uint8_t* data, std::size_t size);

}  // namespace ampscope::fuzz
