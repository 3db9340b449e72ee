#include "runs/stored_run.h"

#include "core_text.h"

#include "panels/event_log.h"

#include <QCoreApplication>
#include <QFile>

#include <algorithm>
#include <deque>

namespace ampscope::ui {

namespace {
/// Non-finite steps whose statistics are read for the narration ("fc3.weight produced 37 inf
/// gradients"); beyond this, the narration says "non-finite gradients" without counts.
constexpr std::size_t kNarratedWithCounts = 2000;
}  // namespace

QString runLabel(qint64 runId, const QString& precision) {
  return QCoreApplication::translate("StoredRun", "run %1: %2").arg(runId).arg(precision);
}

StoredRun::StoredRun(const QString& path, qint64 runId, Use use, const Progress& progress)
    : m_path(path),
      m_store(std::make_shared<RunStore>(QFile::encodeName(path).toStdString(), RunStore::Mode::ReadOnly)) {
  // load_run reads the run's summary first (its step count: ~1 s at 1,000,000 steps), then
  // the steps; until the first report the caller knows neither.
  qint64 total = 0;
  RunData data = m_store->load_run(runId, false, [&](std::int64_t read, std::int64_t steps) {
    total = steps;
    return !progress || progress(read, total);
  });
  m_summary = std::move(data.summary);
  m_config = std::move(data.config);
  m_history.reset(data.layers);
  if (use == Use::Replay) {
    std::vector<std::int64_t> stats = m_store->stats_steps(runId);
    // Narrate first: it reads the statistics of non-finite steps, and the history takes the steps.
    Narrator narrator;
    narrator.reset(data.layers, scalerInUse());
    narrator.setGrowthInterval(m_config.scaler.growth_interval());
    std::size_t loaded = 0;
    std::deque<NarratedEvent> events;
    std::size_t narrated = 0;
    for (const StepRecord& r : data.steps) {
      if (progress && ++narrated % 65536 == 0 && !progress(total, total)) throw LoadCancelled();
      std::optional<NarratedEvent> n;
      if (r.found_inf && loaded < kNarratedWithCounts && std::binary_search(stats.begin(), stats.end(), r.step)) {
        ++loaded;
        const std::vector<StepRecord> full = m_store->load_steps(runId, r.step, r.step, true);
        n = narrator.narrate(full.empty() ? r : full.front());
      } else {
        n = narrator.narrate(r);
      }
      if (!n) continue;
      events.push_back(std::move(*n));
      if (events.size() > static_cast<std::size_t>(EventLog::kMaxLines)) events.pop_front();
    }
    m_events.assign(std::make_move_iterator(events.begin()), std::make_move_iterator(events.end()));
    m_history.append(data.steps);
    std::shared_ptr<RunStore> store = m_store;
    m_history.setStatsSource(std::move(stats), [store, runId](std::int64_t step) -> std::optional<StepRecord> {
      try {
        std::vector<StepRecord> r = store->load_steps(runId, step, step, true);
        if (r.empty()) return std::nullopt;
        return std::move(r.front());
      } catch (const RunStoreError&) {
        return std::nullopt;  // the file went away meanwhile: the chart shows "no statistics"
      }
    });
    sampleStats(progress);
  } else {
    m_history.append(data.steps);
  }
}

void StoredRun::sampleStats(const Progress& progress) {
  const std::vector<std::int64_t>& all = m_history.statsSteps();
  std::deque<StepRecord> sample;
  if (all.empty()) return;
  if (all.size() <= kSampledStats) {
    for (StepRecord& r : m_store->load_steps(m_summary.id, all.front(), all.back(), true))
      if (!r.layers.empty()) sample.push_back(std::move(r));
  } else {
    // Evenly spread over the run, first and last included.
    const std::size_t n = kSampledStats;
    for (std::size_t i = 0; i < n; ++i) {
      if (progress && i % 32 == 31 && !progress(static_cast<qint64>(m_summary.steps), static_cast<qint64>(m_summary.steps)))
        throw LoadCancelled();
      const std::int64_t s = all[i * (all.size() - 1) / (n - 1)];
      std::vector<StepRecord> r = m_store->load_steps(m_summary.id, s, s, true);
      if (!r.empty() && !r.front().layers.empty()) sample.push_back(std::move(r.front()));
    }
  }
  // The underflow / overflow chart: the counts of the same records (all of them when the run
  // has at most kSampledStats statistics steps, else the sample, and the chart says so).
  for (const StepRecord& r : sample) m_history.addCounts(r);
  if (all.size() > sample.size()) m_history.setCountsSampled(all.size());
  m_history.setRecentStats(std::move(sample));
}

QString StoredRun::label() const {
  const QString precision = i18n::translate(precision_label_text(m_summary.precision));
  // A rank of a run group (schema 3): the legends tell the ranks apart.
  if (!m_summary.origin.group.empty())
    return QCoreApplication::translate("StoredRun", "run %1 (rank %2): %3").arg(m_summary.id).arg(m_summary.origin.rank).arg(precision);
  if (!m_summary.name.empty())
    return QCoreApplication::translate("StoredRun", "%1 (run %2): %3").arg(QString::fromStdString(m_summary.name)).arg(m_summary.id).arg(precision);
  return runLabel(m_summary.id, precision);
}

std::vector<StepRecord> StoredRun::loadSteps(qint64 first, qint64 last) const {
  return m_store->load_steps(m_summary.id, first, last, true);
}

}  // namespace ampscope::ui
