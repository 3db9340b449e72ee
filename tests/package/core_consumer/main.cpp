// Uses AmpScope::core's torch-free value types from an installed package: a session config
// survives its JSON round trip, and validation refuses a bad one. Exit 0 = as documented.
#include <ampscope/session_types.h>

#include <cstdio>
#include <stdexcept>

int main() {
  ampscope::SessionConfig c;
  c.lr = 0.25;
  c.scaler.growth_interval(7).hysteresis(2);
  c.faults.push_back({"fc1", ampscope::FaultKind::NaN, 3});
  c.validate();
  const ampscope::SessionConfig d = ampscope::SessionConfig::from_json(c.to_json());
  const bool round_trip = d.lr == 0.25 && d.scaler == c.scaler && d.faults == c.faults;
  bool refused = false;
  try {
    ampscope::SessionConfig bad;
    bad.scaler.growth_factor(0.5);
    bad.validate();
  } catch (const std::invalid_argument&) {
    refused = true;
  }
  std::printf("%s: round trip %d, bad config refused %d\n", round_trip && refused ? "OK" : "UNEXPECTED",
              int(round_trip), int(refused));
  return round_trip && refused ? 0 : 1;
}
