#include "fuzz_entries.h"

#include "presets/preset_parse.h"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace ampscope::fuzz {

Outcome preset(const std::uint8_t* data, std::size_t size) {
  const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
  ui::ParsedPreset p;
  try {
    p = ui::parsePreset(bytes, QStringLiteral("fuzz.json"));
  } catch (const std::invalid_argument& e) {
    return rejected(e.what());
  }
  if (p.preset.name.isEmpty()) std::abort();
  // An accepted preset's config survives its own JSON (the run store keeps configs as JSON).
  const std::string once = p.preset.config.to_json();
  try {
    if (SessionConfig::from_json(once).to_json() != once) {
      std::fprintf(stderr, "fuzz: config does not round-trip: %s\n", once.c_str());
      std::abort();
    }
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "fuzz: accepted config %s reads back as an error: %s\n", once.c_str(), e.what());
    std::abort();
  }
  return {true, {}};
}

}  // namespace ampscope::fuzz
