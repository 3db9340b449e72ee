#include "runs/step_history.h"

#include <algorithm>
#include <limits>

namespace ampscope::ui {

StepHistory::StepHistory(std::size_t recentStats, std::size_t notableStats)
    : m_recentCap(std::max<std::size_t>(1, recentStats)), m_notableCap(notableStats) {}

void StepHistory::reset(std::vector<LayerInfo> layers) {
  m_layers = std::move(layers);
  m_points.clear();
  m_recent.clear();
  m_notable.clear();
  m_countSteps.clear();
  m_counts.clear();
  m_countsOf = 0;
  m_skipped = 0;
  m_nonFinite = 0;
  m_statsSteps.clear();
  m_loader = nullptr;
  m_cache.clear();
  m_cacheOrder.clear();
  m_loads = 0;
  m_request = nullptr;
  m_requested = -1;
  m_missing.clear();
}

void StepHistory::setStatsSource(std::vector<std::int64_t> statsSteps, StatsLoader loader) {
  m_statsSteps = std::move(statsSteps);
  m_loader = std::move(loader);
  m_cache.clear();
  m_cacheOrder.clear();
}

void StepHistory::appendStatsSteps(const std::vector<std::int64_t>& steps) {
  for (const std::int64_t s : steps)
    if (m_statsSteps.empty() || s > m_statsSteps.back()) m_statsSteps.push_back(s);
}

void StepHistory::append(std::vector<StepRecord>& records, std::vector<StepRecord>* evicted) {
  m_points.reserve(m_points.size() + records.size());
  for (StepRecord& r : records) {
    StepPoint p;
    p.step = r.step;
    p.loss = r.loss;
    p.scale_before = r.scale_before;
    p.scale_after = r.scale_after;
    p.growth_tracker = r.growth_tracker;
    p.hysteresis_tracker = r.hysteresis_tracker;
    p.found_inf = r.found_inf;
    p.skipped = r.skipped;
    p.reason = r.reason;
    p.first_offender = r.first_offender;
    m_points.push_back(p);
    m_skipped += r.skipped ? 1 : 0;
    m_nonFinite += r.found_inf ? 1 : 0;
    if (r.layers.empty()) continue;
    addCounts(r);
    if (r.found_inf && m_notableCap > 0) {
      m_notable[r.step] = r;
      while (m_notable.size() > m_notableCap) m_notable.erase(m_notable.begin());
    }
    m_recent.push_back(std::move(r));
    while (m_recent.size() > m_recentCap) {
      if (evicted) evicted->push_back(std::move(m_recent.front()));
      m_recent.pop_front();
    }
  }
}

void StepHistory::addCounts(const StepRecord& r) {
  if (r.layers.empty() || m_layers.empty()) return;
  if (!m_countSteps.empty() && r.step <= m_countSteps.back()) return;
  auto clamp32 = [](std::int64_t v) {
    return static_cast<std::int32_t>(std::clamp<std::int64_t>(v, -1, std::numeric_limits<std::int32_t>::max()));
  };
  m_countSteps.push_back(r.step);
  const std::size_t base = m_counts.size();
  m_counts.resize(base + m_layers.size());
  for (const LayerStepStats& l : r.layers) {
    if (l.layer < 0 || l.layer >= static_cast<int>(m_layers.size())) continue;
    LayerCounts& c = m_counts[base + static_cast<std::size_t>(l.layer)];
    c.underflow = l.underflow < 0 ? -1 : clamp32(l.underflow);
    c.overflow = clamp32(l.stats.nonfinite() + l.stats.above_max);
    c.numel = clamp32(l.stats.numel);
  }
}

void StepHistory::deliverStats(std::int64_t step, std::optional<StepRecord> record) const {
  if (m_requested == step) m_requested = -1;
  if (!record) {
    m_missing.insert(step);
    return;
  }
  if (m_cache.count(step)) return;
  while (m_cache.size() >= kCacheSize && !m_cacheOrder.empty()) {
    m_cache.erase(m_cacheOrder.front());
    m_cacheOrder.pop_front();
  }
  m_cacheOrder.push_back(step);
  m_cache.emplace(step, std::move(*record));
}

void StepHistory::keptStats(std::int64_t first, std::int64_t last, std::vector<StepRecord>& out) const {
  std::map<std::int64_t, const StepRecord*> kept;
  for (const auto& [step, r] : m_notable)
    if (step >= first && step <= last) kept[step] = &r;
  auto it = std::lower_bound(m_recent.begin(), m_recent.end(), first,
                             [](const StepRecord& r, std::int64_t s) { return r.step < s; });
  for (; it != m_recent.end() && it->step <= last; ++it) kept[it->step] = &*it;
  for (const auto& [step, r] : kept) out.push_back(*r);
}

const StepPoint* StepHistory::pointAt(std::int64_t step) const {
  if (m_points.empty()) return nullptr;
  // Steps are increasing but may have gaps (dropped records): binary search.
  auto it = std::upper_bound(m_points.begin(), m_points.end(), step,
                             [](std::int64_t s, const StepPoint& p) { return s < p.step; });
  if (it == m_points.begin()) return &m_points.front();
  return &*(it - 1);
}

const StepRecord* StepHistory::latestStats() const {
  if (m_loader) return m_statsSteps.empty() ? nullptr : statsAt(m_statsSteps.back());
  return m_recent.empty() ? nullptr : &m_recent.back();
}

const StepRecord* StepHistory::statsAt(std::int64_t step) const {
  if (m_loader) {
    if (m_statsSteps.empty()) return nullptr;
    // The statistics step at or before `step`, else the first one.
    auto it = std::upper_bound(m_statsSteps.begin(), m_statsSteps.end(), step);
    const std::int64_t s = it == m_statsSteps.begin() ? m_statsSteps.front() : *(it - 1);
    if (auto c = m_cache.find(s); c != m_cache.end()) return &c->second;
    if (m_missing.count(s)) return nullptr;
    if (m_request) {
      if (m_requested != s) {
        m_requested = s;
        ++m_loads;
        m_request(s);
      }
      return nullptr;
    }
    std::optional<StepRecord> r = m_loader(s);
    ++m_loads;
    if (!r) return nullptr;
    while (m_cache.size() >= kCacheSize && !m_cacheOrder.empty()) {
      m_cache.erase(m_cacheOrder.front());
      m_cacheOrder.pop_front();
    }
    m_cacheOrder.push_back(s);
    return &m_cache.emplace(s, std::move(*r)).first->second;
  }
  if (auto it = m_notable.find(step); it != m_notable.end()) return &it->second;
  const StepRecord* best = nullptr;
  // The nearest kept record at or before `step`, from the ring and the notable steps.
  auto rit = std::upper_bound(m_recent.begin(), m_recent.end(), step,
                              [](std::int64_t s, const StepRecord& r) { return s < r.step; });
  if (rit != m_recent.begin()) best = &*(rit - 1);
  auto nit = m_notable.upper_bound(step);
  if (nit != m_notable.begin()) {
    const StepRecord* n = &std::prev(nit)->second;
    if (!best || n->step > best->step) best = n;
  }
  if (best) return best;
  if (!m_notable.empty() && (m_recent.empty() || m_notable.begin()->first < m_recent.front().step))
    return &m_notable.begin()->second;
  return m_recent.empty() ? nullptr : &m_recent.front();
}

}  // namespace ampscope::ui
