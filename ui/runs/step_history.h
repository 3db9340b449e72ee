// What the GUI keeps of a run: every step's scalar values (loss, scale, skip decision) for the
// whole run, and the heavy per-layer statistics only for the most recent statistics steps
// plus the steps where something went non-finite (so that the event log can jump to them).
#pragma once

#include <ampscope/session_types.h>

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace ampscope::ui {

/// The scalar part of a StepRecord: what the loss and scale plots need for every step.
struct StepPoint {
  std::int64_t step = 0;
  double loss = 0.0;
  double scale_before = 1.0;
  double scale_after = 1.0;
  std::int32_t growth_tracker = 0;
  std::int32_t hysteresis_tracker = 0;
  bool found_inf = false;
  bool skipped = false;
  ScaleChangeReason reason = ScaleChangeReason::Unchanged;
  int first_offender = -1;
};

/// The few numbers per layer and statistics step that the underflow / overflow chart draws for
/// the whole run (12 bytes each: 100,000 steps x 20 layers is 24 MB), saturated at INT32_MAX.
struct LayerCounts {
  std::int32_t underflow = -1;  ///< -1 = not measured at this step (no reference backward)
  std::int32_t overflow = 0;    ///< NaN + inf elements + finite ones above the format's max
  std::int32_t numel = 0;       ///< elements of the gradient at this step
};

class StepHistory {
 public:
  /// recentStats: how many statistics steps keep their per-layer numbers (a ring);
  /// notableStats: how many non-finite steps keep theirs beyond the ring.
  explicit StepHistory(std::size_t recentStats = 1024, std::size_t notableStats = 256);

  void reset(std::vector<LayerInfo> layers);
  /// Takes the records' per-layer statistics (moved from). Records the ring no longer keeps
  /// go to `evicted` when given (a live session reuses their storage: recycle()).
  void append(std::vector<StepRecord>& records, std::vector<StepRecord>* evicted = nullptr);

  const std::vector<LayerInfo>& layers() const { return m_layers; }
  const std::vector<StepPoint>& points() const { return m_points; }
  bool empty() const { return m_points.empty(); }
  std::int64_t lastStep() const { return m_points.empty() ? -1 : m_points.back().step; }
  /// The point of `step`, or the nearest before it; nullptr when there is none.
  const StepPoint* pointAt(std::int64_t step) const;

  /// The most recent record that carries per-layer statistics (nullptr before the first).
  const StepRecord* latestStats() const;
  /// The record with statistics at `step`, else the nearest kept one before it, else after it.
  const StepRecord* statsAt(std::int64_t step) const;
  /// Appends the kept records with statistics among steps [first, last] (the ring and the
  /// non-finite steps; not the stats source of a replay), in step order.
  void keptStats(std::int64_t first, std::int64_t last, std::vector<StepRecord>& out) const;
  /// Records with statistics in the ring, oldest first (for the layer-history heatmap).
  const std::deque<StepRecord>& recentStats() const { return m_recent; }

  /// Per-layer counts of every statistics step kept (live: all of them; replay: those read).
  /// Column c (a step in countSteps()) holds layers().size() entries from countsColumn(c).
  const std::vector<std::int64_t>& countSteps() const { return m_countSteps; }
  const LayerCounts* countsColumn(std::size_t c) const { return m_counts.data() + c * m_layers.size(); }
  /// Adds one record's counts (steps in increasing order; a record without statistics is ignored).
  void addCounts(const StepRecord& record);
  /// Replay: the counts are a sample of `of` statistics steps, not all of them.
  void setCountsSampled(std::size_t of) { m_countsOf = of; }
  /// 0 when every statistics step has its counts, else how many statistics steps the run has.
  std::size_t countsSampledOf() const { return m_countsOf; }

  std::int64_t skippedCount() const { return m_skipped; }
  std::int64_t nonFiniteCount() const { return m_nonFinite; }

  /// Replay of a stored run: the per-layer statistics stay in the store and are loaded one
  /// step at a time when a chart asks for them (a few recent ones are cached). `statsSteps`
  /// lists the steps that have statistics, in order; `loader` reads one of them.
  using StatsLoader = std::function<std::optional<StepRecord>(std::int64_t step)>;
  void setStatsSource(std::vector<std::int64_t> statsSteps, StatsLoader loader);
  bool hasStatsSource() const { return static_cast<bool>(m_loader); }
  /// Follow mode: statistics steps written after those listed join the list (in order; older or
  /// listed ones are ignored); the stats source reads them as it reads the others, its cache kept.
  void appendStatsSteps(const std::vector<std::int64_t>& steps);
  const std::vector<std::int64_t>& statsSteps() const { return m_statsSteps; }
  /// Replaces the records the layer-history heatmap shows (replay: a sample spread over the run).
  void setRecentStats(std::deque<StepRecord> records) { m_recent = std::move(records); }
  /// Loads done through the stats source (for tests: on demand, not all at once).
  std::int64_t statsLoads() const { return m_loads; }
  /// Replay in the window: the stats source is read off the GUI thread. On a miss statsAt()
  /// returns nullptr and calls `request(step)` (once per step in a row: the newest wins); the
  /// record comes back through deliverStats() and the caller redraws.
  using StatsRequest = std::function<void(std::int64_t step)>;
  void setStatsRequest(StatsRequest request) { m_request = std::move(request); }
  /// A requested statistics step has been read (nullopt: it has none, or the store is gone).
  void deliverStats(std::int64_t step, std::optional<StepRecord> record) const;

 private:
  std::size_t m_recentCap;
  std::size_t m_notableCap;
  std::vector<LayerInfo> m_layers;
  std::vector<StepPoint> m_points;
  std::deque<StepRecord> m_recent;
  std::map<std::int64_t, StepRecord> m_notable;
  std::vector<std::int64_t> m_countSteps;
  std::vector<LayerCounts> m_counts;
  std::size_t m_countsOf = 0;
  std::int64_t m_skipped = 0;
  std::int64_t m_nonFinite = 0;
  std::vector<std::int64_t> m_statsSteps;
  StatsLoader m_loader;
  mutable std::map<std::int64_t, StepRecord> m_cache;  // loaded on demand (replay)
  mutable std::deque<std::int64_t> m_cacheOrder;
  mutable std::int64_t m_loads = 0;
  StatsRequest m_request;
  mutable std::int64_t m_requested = -1;      // the step asked for last (requests)
  mutable std::set<std::int64_t> m_missing;  // steps the source had no statistics for
  static constexpr std::size_t kCacheSize = 32;
};

}  // namespace ampscope::ui
