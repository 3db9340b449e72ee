// The visible range of the step charts as CSV: one row per step with the scalars the charts
// draw (loss, scale, growth tracker, found_inf, skipped, reason, first offender) and, per
// layer, the element counts that matter for fp16 (flushed to zero, beyond the max, inf/NaN,
// measured underflow) where the step has per-layer statistics. Columns: docs/run_store.md.
#pragma once

#include <ampscope/session_types.h>

#include <QString>

#include <functional>
#include <vector>

namespace ampscope::ui {

class StepHistory;
struct StepPoint;

/// Appends to `out` the records with per-layer statistics among steps [first, last].
using StatsRangeLoader = std::function<void(qint64 first, qint64 last, std::vector<StepRecord>& out)>;

/// The statistics the live history still holds in [first, last] (recent ring, non-finite steps).
StatsRangeLoader historyStatsLoader(const StepHistory& history);

/// Writes steps [first, last] of `history` to `path`. Returns the rows written, or -1 with
/// `error` set (cannot write the file, nothing in the range).
qint64 writeStepsCsv(const QString& path, const StepHistory& history, qint64 first, qint64 last,
                     const StatsRangeLoader& stats, QString* error = nullptr);

/// The same from the points of a history (a copy of its visible steps, or a replayed run's).
qint64 writeStepsCsv(const QString& path, const std::vector<StepPoint>& points, const std::vector<LayerInfo>& layers,
                     qint64 first, qint64 last, const StatsRangeLoader& stats, QString* error = nullptr);

/// The CSV header for `layers` (for tests and docs).
QStringList stepsCsvColumns(const std::vector<LayerInfo>& layers);
/// One CSV field, RFC 4180: quoted (quotes doubled) only where it holds a comma, quote or line break.
QString csvField(const QString& s);

}  // namespace ampscope::ui
