// The run store: many runs in one SQLite file (WAL mode), readable with the sqlite3 shell or
// pandas (schema: docs/run_store.md). Torch-free and Qt-free: the CLI, the UI and tests use it.
//
// Durability contract: steps are written in batched transactions by RunRecorder's writer
// thread (run_recorder.h, the one recording path); a process killed at any moment leaves a
// file that opens, passes PRAGMA integrity_check and holds every step of every committed batch.
#pragma once

#include <ampscope/run_origin.h>
#include <ampscope/session_types.h>
#include <ampscope/user_text.h>

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace ampscope {

/// Every failure of the store: the message says what and where, in words a user can act on
/// ("not an AmpScope run store", "written by a newer AmpScope (schema 7, this build reads 1)",
/// "disk full while writing ...").
class RunStoreError : public std::runtime_error, public UserTextCarrier {
 public:
  explicit RunStoreError(UserText text) : std::runtime_error(text.english()), UserTextCarrier(std::move(text)) {}
  explicit RunStoreError(const std::string& what) : RunStoreError(UserText::verbatim(what)) {}
};

/// Thrown by a load whose progress callback asked it to stop.
class LoadCancelled : public RunStoreError {
 public:
  LoadCancelled() : RunStoreError(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "loading was cancelled"))) {}
};

/// Called while steps load, every few thousand rows, with the number of steps read so far and
/// the number there are (load_run: the run's step count; load_steps: -1, not counted).
/// Returning false stops the load: it throws LoadCancelled. Called on the loading thread with
/// the store's lock held: it must not call into the same RunStore.
using LoadProgress = std::function<bool(std::int64_t steps_read, std::int64_t steps_total)>;

/// One row of `runs`.
struct RunSummary {
  std::int64_t id = 0;
  std::string created;          ///< ISO 8601 UTC
  std::string model;
  std::string name;             ///< the user's name for the run (SessionConfig::name); empty = none
  std::string precision;        ///< label as shown, e.g. "fp16 (emulated)"
  std::string device;           ///< "cpu", "cuda:0"
  std::string status;           ///< "running", "finished", "stopped", "error: ..."
  std::int64_t steps = 0;       ///< steps stored
  std::int64_t skipped = 0;
  double final_scale = 0.0;
  double final_loss = 0.0;
  std::string updated;          ///< ISO 8601 UTC: the last commit or heartbeat (RunRecorder, every <= 2 s)
  RunOrigin origin;
};

/// The run as lists and titles name it: "generator (Sequential)" when the user named it, else
/// its model ("Sequential", "spiral-mlp").
UserText run_title(const RunSummary& run);

/// The id of the one run of `runs` (a store's list, `path` naming it in messages) whose name
/// (SessionConfig::name) is `name`, exactly. Throws RunStoreError saying so when no run or
/// several runs are named so (their ids: give one).
std::int64_t run_named(const std::vector<RunSummary>& runs, const std::string& name, const std::string& path);

/// What RUN names in FILE:RUN (`--replay`, `--overlay`, `--follow`, `screenshot --replay`) and in
/// `export --run RUN`: one rule for every command, so a run is picked the same way everywhere.
enum class RunPart {
  Id,       ///< ASCII digits naming a run id from 1 to 2^63-1
  Name,     ///< anything else: a run's name (SessionConfig::name), looked up by run_named
  Invalid,  ///< empty, 0, beyond 2^63-1, or digits after a sign ("+5", "-1"): neither
};
/// Classifies `run`; `id` is set for RunPart::Id. A run whose name is digits is picked by its id.
RunPart classify_run_part(const std::string& run, std::int64_t* id = nullptr);
/// Splits FILE:RUN into `file` and `run` (returns true) at the rightmost colon whose left side is
/// an existing file (so that a name may hold colons), else at the last colon (a store not written
/// yet), unless there is no colon after the first character or the whole text names an existing
/// file (a file whose name holds a colon): then false, `file` the whole text and `run` empty.
bool split_run_spec(const std::string& spec, std::string& file, std::string& run);

/// Whether a run that says "running" has lost its writer: the writer ran on this host (schema 3
/// names it) and no process of its pid exists any more. A writer on another host (a shared disk)
/// is never judged gone here: only its heartbeat can tell (RunSummary::updated).
bool run_writer_gone(const RunSummary& run);
/// Seconds from the run's `updated` to now, by this machine's clock; -1 when it cannot be read.
std::int64_t seconds_since_update(const RunSummary& run);
/// A writer that says "running" and has shown no sign of life for longer than this is judged
/// stopped (follow mode) or quiet (`ampscope runs`).
inline constexpr std::int64_t kWriterQuietSeconds = 10;
/// A stored ISO 8601 UTC time ("2026-12-02T04:33:04Z") as people read it ("2026-12-02 04:33:04");
/// anything else unchanged.
std::string readable_utc(const std::string& iso8601);

/// A whole run read back.
struct RunData {
  RunSummary summary;
  SessionConfig config;
  std::vector<LayerInfo> layers;
  std::vector<StepRecord> steps;  ///< in step order; layers filled on statistics steps
};

class RunStore {
 public:
  enum class Mode { ReadOnly, ReadWrite };
  /// Opens (ReadWrite: creates if missing) and checks the schema. Throws RunStoreError.
  explicit RunStore(const std::string& path, Mode mode = Mode::ReadWrite);
  ~RunStore();
  RunStore(const RunStore&) = delete;
  RunStore& operator=(const RunStore&) = delete;

  const std::string& path() const;

  /// Inserts a run and its layers; returns its id. `origin`'s empty host and zero pid are
  /// filled with this process's.
  std::int64_t create_run(const SessionConfig& config, const std::vector<LayerInfo>& layers,
                          const std::string& device, const std::string& precision_label, const RunOrigin& origin = {});
  /// Appends steps (with their per-layer stats) in one transaction; sets the run's `updated`.
  void append_steps(std::int64_t run_id, const std::vector<StepRecord>& steps);
  /// Sets the run's `updated` to now: the writer's heartbeat, which tells a follower that a run
  /// still 'running' has a live writer.
  void touch(std::int64_t run_id);
  void set_status(std::int64_t run_id, const std::string& status);

  std::vector<RunSummary> runs() const;
  /// Whole run; `with_layer_stats` false skips the per-layer rows (fast for long runs).
  RunData load_run(std::int64_t run_id, bool with_layer_stats = true, const LoadProgress& progress = {}) const;
  /// Steps in [first, last] (inclusive), for replay in pages.
  std::vector<StepRecord> load_steps(std::int64_t run_id, std::int64_t first, std::int64_t last,
                                     bool with_layer_stats = true, const LoadProgress& progress = {}) const;
  /// The steps of a run that have per-layer statistics, in order (replay loads them on demand);
  /// only those in [first, last] when given (follow mode: a page's).
  std::vector<std::int64_t> stats_steps(std::int64_t run_id, std::int64_t first = std::numeric_limits<std::int64_t>::min(),
                                        std::int64_t last = std::numeric_limits<std::int64_t>::max()) const;

  /// The schema version this build writes and reads.
  static int schema_version();

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace ampscope

// RunRecorder was declared here before it had a header of its own: includers of run_store.h
// still see it.
#include <ampscope/run_recorder.h>
