#include "fuzz_entries.h"

#include <ampscope/run_store.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace ampscope::fuzz {
namespace {

void remove_store(const std::string& path) {
  std::error_code ec;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) std::filesystem::remove(path + suffix, ec);
}

/// Reads everything a reader (the GUI's replay, `ampscope export`) reads.
void read_all(const RunStore& store) {
  for (const RunSummary& s : store.runs()) {
    const RunData run = store.load_run(s.id, /*with_layer_stats=*/true);
    // Layer statistics refer to layers by index: the loader must have checked that they exist
    // (the UI indexes its arrays with them).
    for (const StepRecord& r : run.steps)
      for (const LayerStepStats& l : r.layers)
        if (l.layer < 0 || l.layer >= static_cast<int>(run.layers.size())) {
          std::fprintf(stderr, "fuzz: run %lld step %lld refers to layer %d of %zu\n", static_cast<long long>(s.id),
                       static_cast<long long>(r.step), l.layer, run.layers.size());
          std::abort();
        }
    (void)store.load_steps(s.id, 0, 3, /*with_layer_stats=*/false);
  }
}

}  // namespace

Outcome run_store(const std::uint8_t* data, std::size_t size) {
  const std::string path = scratch_path("run_store.db");
  remove_store(path);
  write_file(path, data, size);
  Outcome out{true, {}};
  try {
    const RunStore store(path, RunStore::Mode::ReadOnly);
    read_all(store);
  } catch (const RunStoreError& e) {
    out = rejected(e.what());
  }

  // `ampscope record --out FILE` appends to an existing file: the same bytes opened for writing.
  remove_store(path);
  write_file(path, data, size);
  try {
    RunStore store(path, RunStore::Mode::ReadWrite);
    SessionConfig cfg;
    LayerInfo layer;
    layer.name = "fc1.weight";
    layer.module = "fc1";
    layer.kind = "weight";
    layer.shape = {2, 3};
    layer.numel = 6;
    const std::int64_t id = store.create_run(cfg, {layer}, "cpu", "fp32");
    StepRecord r;
    r.step = 0;
    r.loss = 1.5;
    LayerStepStats l;
    l.layer = 0;
    l.stats.numel = 6;
    r.layers.push_back(l);
    store.append_steps(id, {r});
    const RunData back = store.load_run(id);
    if (back.steps.size() != 1 || back.steps[0].loss != 1.5 || back.layers.size() != 1 || back.steps[0].layers.size() != 1) {
      std::fprintf(stderr, "fuzz: the appended run reads back as %zu steps, %zu layers\n", back.steps.size(),
                   back.layers.size());
      std::abort();
    }
  } catch (const RunStoreError& e) {
    if (out.accepted) out = rejected(e.what());
  }
  remove_store(path);
  return out;
}

}  // namespace ampscope::fuzz
