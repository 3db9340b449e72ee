// A run read back from a run store for the GUI: its scalars for every step in a StepHistory
// (what the loss and scale charts draw), its per-layer statistics left in the store and read
// one step at a time when a chart or the table asks (so a 100,000-step run does not have to
// fit in memory), a sample of statistics steps spread over the whole run for the
// one-layer-over-time heatmap, and the event log narration the live run would have shown.
#pragma once

#include "panels/narrator.h"
#include "runs/step_history.h"

#include <ampscope/run_store.h>

#include <QString>

#include <functional>
#include <memory>
#include <vector>

namespace ampscope::ui {

class StoredRun {
 public:
  enum class Use {
    Replay,   ///< everything the dashboard needs
    Overlay,  ///< the scalars only (loss and scale charts)
  };
  /// How far a load is: steps read of the run's steps; returning false cancels the load.
  using Progress = std::function<bool(qint64 stepsRead, qint64 stepsTotal)>;

  /// Opens `path` read-only and reads run `runId`. Throws RunStoreError with a message that
  /// names the file (not a run store, no such run, damaged, newer schema...), LoadCancelled
  /// when `progress` returned false. Safe to construct on any thread (the GUI loads a long
  /// run on a worker thread): it touches no widget.
  StoredRun(const QString& path, qint64 runId, Use use = Use::Replay, const Progress& progress = {});

  const QString& path() const { return m_path; }
  qint64 runId() const { return m_summary.id; }
  const RunSummary& summary() const { return m_summary; }
  /// Follow mode: the run's row as last read (status, steps) while another process writes it.
  void setSummary(const RunSummary& summary) { m_summary = summary; }
  const SessionConfig& config() const { return m_config; }
  const StepHistory& history() const { return m_history; }
  StepHistory& history() { return m_history; }
  bool scalerInUse() const { return m_config.use_scaler && m_config.scaler.enabled(); }
  /// The narration of the run, oldest first (at most EventLog::kMaxLines, the newest kept).
  const std::vector<NarratedEvent>& events() const { return m_events; }
  /// "run 3: fp16 (emulated)": how legends and banners name the run.
  QString label() const;
  /// Loads the steps in [first, last] with their per-layer statistics (CSV export).
  std::vector<StepRecord> loadSteps(qint64 first, qint64 last) const;

  /// Columns of the layer-history heatmap over a whole stored run.
  static constexpr std::size_t kSampledStats = 1024;

 private:
  void narrate();
  void sampleStats(const Progress& progress);

  QString m_path;
  std::shared_ptr<RunStore> m_store;
  RunSummary m_summary;
  SessionConfig m_config;
  StepHistory m_history;
  std::vector<NarratedEvent> m_events;
};

/// "run 3: fp16 (emulated)".
QString runLabel(qint64 runId, const QString& precision);

}  // namespace ampscope::ui
