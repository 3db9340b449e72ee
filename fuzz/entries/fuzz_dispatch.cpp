// Name -> entry, for the regression test (the fuzz targets each call one entry directly).
#include "fuzz_entries.h"

#include <stdexcept>

namespace ampscope::fuzz {

const std::vector<std::string_view>& target_names() {
  static const std::vector<std::string_view> names{"idx", "preset", "run_store", "scaler_state", "cli_args"};
  return names;
}

Outcome run_target(std::string_view name, const std::uint8_t* data, std::size_t size) {
  if (name == "idx") return idx(data, size);
  if (name == "preset") return preset(data, size);
  if (name == "run_store") return run_store(data, size);
  if (name == "scaler_state") return scaler_state(data, size);
  if (name == "cli_args") return cli_args(data, size);
  throw std::invalid_argument("no fuzz target named " + std::string(name));
}

}  // namespace ampscope::fuzz
