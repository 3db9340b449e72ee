// The run store's reads: the run list, whole runs, pages of steps and the steps that have
// per-layer statistics. Every read of steps runs in one read transaction, so that a run being
// recorded is read from one snapshot.
#include "ampscope/run_store.h"

#include "run_store_impl.h"
#include "schema.h"
#include "sqlite_db.h"

#include <algorithm>
#include <limits>

namespace ampscope {

using namespace store_detail;

namespace {
// The user's name for the run (SessionConfig::name) is a field of its stored configuration, not a
// column: every schema holds it, and a build that does not know it reads the file as before. A
// configuration that is not JSON (a damaged file) lists with no name rather than failing the list.
#define RUN_NAME_SQL \
  "CASE WHEN json_valid(r.config) AND json_type(r.config, '$.name') = 'text' THEN json_extract(r.config, '$.name') ELSE '' END"
constexpr const char* kSummarySql =
    "SELECT s.id, s.created, s.model, s.precision, s.device, s.status, s.steps, s.skipped, s.final_scale, "
    "s.final_loss, s.updated, s.source, s.run_group, s.rank, s.world_size, s.writer_host, s.writer_pid, " RUN_NAME_SQL
    " FROM run_summary s JOIN runs r ON r.id = s.id";
// A file of schema 1 or 2 opened read-only keeps its view: no origin columns, the defaults.
constexpr const char* kSummarySqlBefore3 =
    "SELECT s.id, s.created, s.model, s.precision, s.device, s.status, s.steps, s.skipped, s.final_scale, "
    "s.final_loss, r.updated, 'ampscope', '', 0, 1, '', 0, " RUN_NAME_SQL " FROM run_summary s JOIN runs r ON r.id = s.id";
#undef RUN_NAME_SQL

// Columns 0-5 of kSummarySql and of load_run's query: the run's own row.
void read_run_columns(const Statement& q, RunSummary& s) {
  s.id = q.i64(0);
  s.created = q.text(1);
  s.model = q.text(2);
  s.precision = q.text(3);
  s.device = q.text(4);
  s.status = q.text(5);
}

// The origin's six columns (schema 3), from column `first` on, in the order of the runs table.
void read_origin(const Statement& q, int first, RunOrigin& o) {
  o.source = q.text(first);
  o.group = q.text(first + 1);
  o.rank = static_cast<int>(q.i64(first + 2));
  o.world_size = static_cast<int>(q.i64(first + 3));
  o.host = q.text(first + 4);
  o.pid = q.i64(first + 5);
}

RunSummary read_summary(const Statement& q) {
  RunSummary s;
  read_run_columns(q, s);
  s.steps = q.i64(6);
  s.skipped = q.i64(7);
  // No steps yet: 0 for both (a NULL from the LEFT JOIN, not a NaN loss).
  if (s.steps > 0) {
    s.final_scale = q.real(8);
    s.final_loss = q.real(9);
  }
  s.updated = q.text(10);
  read_origin(q, 11, s.origin);
  s.name = q.text(17);
  return s;
}
}  // namespace

std::vector<RunSummary> RunStore::runs() const {
  Impl& d = *m_impl;
  std::lock_guard lock(d.mutex);
  Statement q = d.prepare((std::string(d.file_version >= 3 ? kSummarySql : kSummarySqlBefore3) + " ORDER BY 1").c_str());
  std::vector<RunSummary> out;
  while (q.step(Doing::Reading)) out.push_back(read_summary(q));
  return out;
}

RunData RunStore::load_run(std::int64_t run_id, bool with_layer_stats, const LoadProgress& progress) const {
  Impl& d = *m_impl;
  RunData out;
  std::int64_t expected_steps = 0;
  {
    std::lock_guard lock(d.mutex);
    // Not the run_summary view: its count and sum read every step row (1.1 s for a 1M-step
    // run here) and the steps are read below anyway; the summary's counts come from them.
    // First and last step are two probes of the primary key: the progress total.
    Statement q = d.prepare(
        "SELECT id, created, model, precision, device, status, "
        "(SELECT min(step) FROM steps WHERE run_id = ?1), (SELECT max(step) FROM steps WHERE run_id = ?1) "
        "FROM runs WHERE id = ?1");
    q.bind(1, run_id);
    if (!q.step(Doing::Reading)) throw RunStoreError("no run " + std::to_string(run_id) + " in " + in_quotes(d.path));
    read_run_columns(q, out.summary);
    if (!q.is_null(6) && !q.is_null(7)) {
      // A damaged file can hold steps from INT64_MIN to INT64_MAX: the span is only a progress
      // total, so it is clamped rather than allowed to overflow.
      const std::int64_t first = q.i64(6), last = q.i64(7);
      if (last >= first) {
        const auto span = static_cast<std::uint64_t>(last) - static_cast<std::uint64_t>(first);
        expected_steps = span >= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())
                                 ? std::numeric_limits<std::int64_t>::max()
                                 : static_cast<std::int64_t>(span) + 1;
      }
    }

    Statement c = d.prepare(d.file_version >= 3
                                ? "SELECT config, updated, source, run_group, rank, world_size, writer_host, writer_pid "
                                  "FROM runs WHERE id = ?"
                                : "SELECT config, updated FROM runs WHERE id = ?");
    c.bind(1, run_id);
    c.step(Doing::Reading);
    out.summary.updated = c.text(1);
    if (d.file_version >= 3) read_origin(c, 2, out.summary.origin);
    try {
      out.config = SessionConfig::from_json(c.text(0));
      out.summary.name = out.config.name;
    } catch (const std::exception& e) {
      throw RunStoreError(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "run %1 in %2 has an unreadable configuration: %3"),
                                   {std::to_string(run_id), in_quotes(d.path), user_text_of(e)}));
    }

    Statement l = d.prepare(
        "SELECT layer_id, name, module, kind, shape, numel, ord FROM layers WHERE run_id = ? ORDER BY layer_id");
    l.bind(1, run_id);
    while (l.step(Doing::Reading)) {
      if (l.i64(0) != static_cast<std::int64_t>(out.layers.size()))
        throw RunStoreError(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 is damaged: run %2 has a gap in its layer ids"),
                                     {in_quotes(d.path), std::to_string(run_id)}));
      LayerInfo li;
      li.name = l.text(1);
      li.module = l.text(2);
      li.kind = l.text(3);
      if (!parse_int_array(l.text(4), li.shape))
        throw RunStoreError(
            UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 is damaged: layer %2 has an unreadable shape"), {in_quotes(d.path), li.name}));
      li.numel = l.i64(5);
      li.order = static_cast<int>(l.i64(6));
      out.layers.push_back(std::move(li));
    }
  }
  out.steps = load_steps(run_id, std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max(),
                         with_layer_stats,
                         progress ? LoadProgress([&](std::int64_t read, std::int64_t) {
                           return progress(read, std::max(read, expected_steps));
                         })
                                  : LoadProgress());
  // What run_summary says, from the rows just read: the count, the skipped steps, and the
  // last step's scale and loss.
  out.summary.steps = static_cast<std::int64_t>(out.steps.size());
  out.summary.skipped = 0;
  for (const StepRecord& r : out.steps) out.summary.skipped += r.skipped ? 1 : 0;
  if (!out.steps.empty()) {
    out.summary.final_scale = out.steps.back().scale_after;
    out.summary.final_loss = out.steps.back().loss;
  }
  return out;
}

std::vector<std::int64_t> RunStore::stats_steps(std::int64_t run_id, std::int64_t first, std::int64_t last) const {
  Impl& d = *m_impl;
  std::lock_guard lock(d.mutex);
  // One index probe per step: cheaper than DISTINCT over every layer row.
  Statement q = d.prepare(
      "SELECT s.step FROM steps s WHERE s.run_id = ? AND s.step BETWEEN ? AND ? AND EXISTS "
      "(SELECT 1 FROM layer_stats l WHERE l.run_id = s.run_id AND l.step = s.step) ORDER BY s.step");
  q.bind(1, run_id);
  q.bind(2, first);
  q.bind(3, last);
  std::vector<std::int64_t> out;
  while (q.step(Doing::Reading)) out.push_back(q.i64(0));
  return out;
}

std::vector<StepRecord> RunStore::load_steps(std::int64_t run_id, std::int64_t first, std::int64_t last,
                                             bool with_layer_stats, const LoadProgress& progress) const {
  Impl& d = *m_impl;
  std::lock_guard lock(d.mutex);
  std::vector<StepRecord> out;
  auto damaged = [&](UserText what, std::int64_t step) {
    return RunStoreError(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "%1 is damaged: run %2 step %3: %4"),
                                  {in_quotes(d.path), std::to_string(run_id), std::to_string(step), std::move(what)}));
  };
  // One read transaction: steps and their layer rows come from the same snapshot even while
  // a recorder appends.
  d.exec("BEGIN", Doing::Reading);
  try {
    Statement q = d.prepare(
        "SELECT step, loss, lr, scale_before, scale, growth_tracker, hysteresis_tracker, found_inf, skipped, reason, "
        "first_offender, grad_norm, forward_ms, backward_ms, stats_ms, optimizer_ms "
        "FROM steps WHERE run_id = ? AND step BETWEEN ? AND ? ORDER BY step");
    q.bind(1, run_id).bind(2, first).bind(3, last);
    while (q.step(Doing::Reading)) {
      StepRecord r;
      r.step = q.i64(0);
      r.loss = q.real(1);
      r.lr = q.real(2);
      r.scale_before = q.real(3);
      r.scale_after = q.real(4);
      r.growth_tracker = static_cast<std::int32_t>(q.i64(5));
      r.hysteresis_tracker = static_cast<std::int32_t>(q.i64(6));
      r.found_inf = q.i64(7) != 0;
      r.skipped = q.i64(8) != 0;
      const std::string reason = q.text(9);
      if (!parse_reason(reason, r.reason)) throw damaged(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "unknown scale change reason '%1'"), {reason}), r.step);
      r.first_offender = q.is_null(10) ? -1 : static_cast<int>(q.i64(10));
      r.grad_norm = q.real(11);
      r.forward_ms = q.real(12);
      r.backward_ms = q.real(13);
      r.stats_ms = q.real(14);
      r.optimizer_ms = q.real(15);
      out.push_back(std::move(r));
      // Every 16,384 rows: ~20 ms apart on a 2-core machine, so a cancel is felt at once.
      if (progress && out.size() % 16384 == 0 && !progress(static_cast<std::int64_t>(out.size()), -1)) throw LoadCancelled();
    }
    if (progress && !progress(static_cast<std::int64_t>(out.size()), -1)) throw LoadCancelled();
    if (with_layer_stats && !out.empty()) {
      // Statistics name their layer by index into the run's layers: one without a layers row
      // would send readers (the UI's tables and heatmaps) past the end of their arrays.
      std::int64_t layer_count = 0;
      {
        Statement c = d.prepare("SELECT count(*) FROM layers WHERE run_id = ?");
        c.bind(1, run_id);
        if (c.step(Doing::Reading)) layer_count = c.i64(0);
      }
      Statement t = d.prepare(
          "SELECT step, layer_id, numel, zeros, subnormal, below_min_subnormal, above_max, nan, pos_inf, neg_inf, "
          "amax, amin_nonzero, sum_squares, underflow, underflow_mass, hist_lo, hist_hi, hist "
          "FROM layer_stats WHERE run_id = ? AND step BETWEEN ? AND ? ORDER BY step, layer_id");
      t.bind(1, run_id).bind(2, first).bind(3, last);
      // Both queries are ordered by step: a merge, no lookups.
      std::size_t i = 0;
      while (t.step(Doing::Reading)) {
        const std::int64_t step = t.i64(0);
        while (i < out.size() && out[i].step < step) ++i;
        if (i == out.size() || out[i].step != step) throw damaged(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "layer statistics without a step row")), step);
        LayerStepStats l;
        if (t.i64(1) < 0 || t.i64(1) >= layer_count)
          throw damaged(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "statistics for layer %1, the run has %2 layers"),
                                 {std::to_string(t.i64(1)), std::to_string(layer_count)}),
                        step);
        l.layer = static_cast<int>(t.i64(1));
        kernels::TensorStats& st = l.stats;
        st.numel = t.i64(2);
        st.zero = t.i64(3);
        st.subnormal = t.i64(4);
        st.below_min_subnormal = t.i64(5);
        st.above_max = t.i64(6);
        st.nan = t.i64(7);
        st.pos_inf = t.i64(8);
        st.neg_inf = t.i64(9);
        st.amax = t.real(10);
        st.amin_nonzero = t.real(11);
        st.sum_squares = t.real(12);
        l.underflow = t.is_null(13) ? -1 : t.i64(13);
        l.underflow_mass = t.real(14);
        st.lo = static_cast<int>(t.i64(15));
        st.hi = static_cast<int>(t.i64(16));
        if (!parse_int_array(t.text(17), st.bins)) throw damaged(UserText(AMPSCOPE_TR_NOOP("ampscope::RunStore", "unreadable histogram")), step);
        out[i].layers.push_back(std::move(l));
      }
    }
    d.exec("COMMIT", Doing::Reading);
  } catch (...) {
    d.rollback_quietly();
    throw;
  }
  return out;
}

}  // namespace ampscope
