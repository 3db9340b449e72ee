// A long run written straight into a store: what a long recording leaves, in seconds instead of
// hours. Scalars only (no per-layer statistics), a skipped step every `skipEvery` steps (the
// scale halves there), in batches of 50,000 steps. For the replay, overlay and latency tests.
#pragma once

#include "presets/presets.h"

#include <ampscope/run_store.h>
#include <ampscope/training_session.h>

#include <QFile>
#include <QString>

#include <cstdint>
#include <vector>

namespace ampscope::ui::testing {

/// Writes a finished run of `steps` steps into the store at `path`; returns its id.
inline std::int64_t writeSyntheticRun(const QString& path, std::int64_t steps, std::int64_t skipEvery = 1000) {
  TrainingSession shape(findPreset(QStringLiteral("default")).config);  // its layers, not trained
  RunStore store(QFile::encodeName(path).toStdString());
  const std::int64_t id = store.create_run(shape.config(), shape.layers(), "cpu", "fp16 (emulated)");
  constexpr std::size_t kBatch = 50000;
  std::vector<StepRecord> batch;
  batch.reserve(kBatch);
  double scale = 65536;
  for (std::int64_t k = 0; k < steps; ++k) {
    StepRecord r;
    r.step = k;
    r.loss = 2.0 / (1.0 + 0.001 * static_cast<double>(k));
    r.scale_before = scale;
    r.found_inf = r.skipped = k % skipEvery == skipEvery - 1;
    r.reason = r.skipped ? ScaleChangeReason::Backoff : ScaleChangeReason::Unchanged;
    scale = r.skipped ? scale / 2 : scale;
    r.scale_after = scale;
    batch.push_back(r);
    if (batch.size() == kBatch || k + 1 == steps) {
      store.append_steps(id, batch);
      batch.clear();
    }
  }
  store.set_status(id, "finished");
  return id;
}

}  // namespace ampscope::ui::testing
