#include "fuzz_entries.h"

#include <ampscope/run_store.h>

#include <sqlite3.h>

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

/// What SQLite itself says of the file's structure (PRAGMA quick_check): "ok", or its first finding.
std::string sqlite_quick_check(const std::string& path) {
  sqlite3* db = nullptr;
  std::string out = "cannot be opened";
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db, "PRAGMA quick_check", -1, &st, nullptr) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW) {
      const unsigned char* text = sqlite3_column_text(st, 0);
      out = text ? reinterpret_cast<const char*>(text) : "";
    } else {
      out = sqlite3_errmsg(db);
    }
    sqlite3_finalize(st);
  }
  sqlite3_close(db);
  return out;
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
      // A b-tree whose keys are out of order (damage no query reports: SQLite finds it only by
      // walking the whole file) can hide a row just written from the range read after it. The
      // store does not walk a whole file before each append (a run store of gigabytes would take
      // seconds to open), so such a file is out of its reach; any other file must read back.
      const std::string check = sqlite_quick_check(path);
      if (check == "ok") {
        std::fprintf(stderr, "fuzz: the appended run reads back as %zu steps, %zu layers, %zu layer rows\n",
                     back.steps.size(), back.layers.size(), back.steps.empty() ? 0 : back.steps[0].layers.size());
        std::abort();
      }
      if (out.accepted) out = rejected("damaged where only a whole-file check sees it: " + check);
    }
  } catch (const RunStoreError& e) {
    if (out.accepted) out = rejected(e.what());
  }
  remove_store(path);
  return out;
}

}  // namespace ampscope::fuzz
