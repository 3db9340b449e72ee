#include "runs/follow_controller.h"

#include "core_text.h"

#include "charts/chart_base.h"
#include "charts/qcp.h"
#include "charts/dashboard.h"
#include "panels/event_log.h"
#include "panels/layer_table.h"
#include "panels/layer_table_model.h"
#include "runs/replay_controller.h"
#include "runs/run_browser.h"
#include "runs/stored_run.h"
#include "shell/main_window.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QTimer>

#include <algorithm>
#include <climits>

namespace ampscope::ui {

// ---- what --follow names ------------------------------------------------------------------

std::optional<FollowTarget> FollowTarget::parse(const QString& spec, QString* error) {
  auto malformed = [&] {
    if (error)
      *error = FollowController::tr("--follow: expected FILE, FILE:RUN, FILE:NAME or FILE:group=NAME, got '%1'").arg(spec);
    return std::nullopt;
  };
  FollowTarget t;
  std::string file, part;
  if (!split_run_spec(QFile::encodeName(spec).toStdString(), file, part)) {
    t.path = spec;  // a file that does not exist yet is waited for
  } else {
    t.path = QFile::decodeName(QByteArray::fromStdString(file));
    const QString tail = QString::fromStdString(part);
    std::int64_t id = 0;
    if (tail.startsWith(QLatin1String("group="))) {
      t.group = tail.mid(6);
      if (t.group.isEmpty()) {
        if (error) *error = FollowController::tr("--follow: the group name after 'group=' is empty");
        return std::nullopt;
      }
    } else {
      switch (classify_run_part(part, &id)) {
        case RunPart::Id: t.runId = id; break;
        case RunPart::Name: t.name = tail; break;
        case RunPart::Invalid: return malformed();
      }
    }
  }
  if (t.path.isEmpty()) return malformed();
  return t;
}

// ---- liveness -------------------------------------------------------------------------------

FollowLiveness FollowLiveness::decide(const std::string& status, bool writerGone, qint64 quietSeconds) {
  FollowLiveness l;
  if (status == "finished") {
    l.state = State::Finished;
  } else if (status == "stopped") {
    l.state = State::Stopped;
  } else if (status.rfind("error", 0) == 0) {
    l.state = State::Error;
    const std::size_t colon = status.find(':');
    l.detail = QString::fromStdString(colon == std::string::npos ? status : status.substr(colon + 1)).trimmed();
  } else if (writerGone) {
    l.state = State::WriterGone;
  } else if (quietSeconds > kStaleSeconds) {
    l.state = State::WriterGone;
    l.detail = QString::number(quietSeconds);
  } else {
    l.state = State::Live;
  }
  return l;
}

// ---- the poll (a job thread) ------------------------------------------------------------------

namespace {

/// The runs of group `group`, in rank order.
std::vector<RunSummary> groupMembers(const std::vector<RunSummary>& runs, const std::string& group) {
  std::vector<RunSummary> out;
  for (const RunSummary& s : runs)
    if (s.origin.group == group) out.push_back(s);
  // One run per rank: a rank written twice (a restarted job) counts with its newest run.
  std::stable_sort(out.begin(), out.end(), [](const RunSummary& a, const RunSummary& b) {
    return a.origin.rank != b.origin.rank ? a.origin.rank < b.origin.rank : a.id > b.id;
  });
  out.erase(std::unique(out.begin(), out.end(), [](const RunSummary& a, const RunSummary& b) { return a.origin.rank == b.origin.rank; }),
            out.end());
  return out;
}

}  // namespace

namespace {

/// The runs a poll follows: the group's in rank order, or the one asked for (the newest).
std::vector<RunSummary> followedRuns(const std::vector<RunSummary>& runs, const FollowPoll& p, qint64 newest) {
  std::vector<RunSummary> out;
  if (!p.group.isEmpty()) {
    out = groupMembers(runs, p.group.toStdString());
    return out;
  }
  if (!p.name.empty()) {
    const RunSummary* latest = nullptr;
    for (const RunSummary& s : runs)
      if (s.name == p.name && (!latest || s.id > latest->id)) latest = &s;
    if (latest) out.push_back(*latest);
    return out;
  }
  const qint64 id = p.wanted > 0 ? p.wanted : newest;
  for (const RunSummary& s : runs)
    if (s.id == id) out.push_back(s);
  return out;
}

FollowRunDelta pollRun(const RunStore& store, const RunSummary& summary, const FollowCursor* shown, const QString& path,
                       const CancelToken& token) {
  FollowRunDelta r;
  r.summary = summary;
  r.writerGone = run_writer_gone(summary);  // core: the same judgement as `ampscope runs`
  const qint64 id = summary.id;
  // Another run, or the same id in a file that was replaced (created differs, fewer steps).
  if (!shown || shown->id != id || summary.created != shown->created || summary.steps < shown->count) {
    r.fresh = std::make_shared<StoredRun>(path, id, StoredRun::Use::Replay,
                                          [&token](qint64, qint64) { return !token.cancelled(); });
    return r;
  }
  if (summary.steps <= shown->count) return r;  // nothing new
  r.steps = store.load_steps(id, shown->last + 1, shown->last + FollowController::kPage, false);
  if (r.steps.empty()) return r;
  r.more = static_cast<qint64>(r.steps.size()) >= FollowController::kPage;
  // The page's statistics steps: the history's stats source learns each of them, so a step
  // picked in the event log or on a chart later shows its own statistics, as in a replay.
  r.statsSteps = store.stats_steps(id, r.steps.front().step, r.steps.back().step);
  auto withLayers = [&](std::int64_t step) {
    const auto at = std::lower_bound(r.steps.begin(), r.steps.end(), step,
                                     [](const StepRecord& s, std::int64_t k) { return s.step < k; });
    if (at == r.steps.end() || at->step != step || !at->layers.empty()) return;
    std::vector<StepRecord> full = store.load_steps(id, step, step, true);
    if (!full.empty()) at->layers = std::move(full.front().layers);
  };
  // The skipped statistics steps' layers (at most kCountedSkips a page, as a replay reads at
  // most 2000 in all): the event log says how many inf and NaN the first offender produced, as
  // for a live or a replayed run, not only "non-finite gradients".
  int counted = 0;
  for (const StepRecord& s : r.steps)
    if (s.found_inf && counted < FollowController::kCountedSkips &&
        std::binary_search(r.statsSteps.begin(), r.statsSteps.end(), s.step)) {
      ++counted;
      withLayers(s.step);
    }
  // The newest statistics step's layers: what a live session's charts show at its newest step.
  if (!r.statsSteps.empty()) withLayers(r.statsSteps.back());
  return r;
}

}  // namespace

FollowPollResult pollFollowedRun(const FollowPoll& p, const CancelToken& token) {
  FollowPollResult r;
  if (!QFileInfo::exists(p.path)) {
    r.missing = true;
    return r;
  }
  try {
    const RunStore store(QFile::encodeName(p.path).toStdString(), RunStore::Mode::ReadOnly);
    const std::vector<RunSummary> runs = store.runs();
    for (const RunSummary& s : runs) r.newest = std::max<qint64>(r.newest, s.id);
    const std::vector<RunSummary> followed = followedRuns(runs, p, r.newest);
    if (followed.empty()) {
      if (runs.empty() || !p.group.isEmpty() || !p.name.empty())
        r.noRuns = true;
      else
        r.error = FollowController::tr("%1 has no run %2").arg(QDir::toNativeSeparators(p.path)).arg(p.wanted);
      return r;
    }
    for (std::size_t i = 0; i < followed.size(); ++i)
      r.runs.push_back(pollRun(store, followed[i], i < p.shown.size() ? &p.shown[i] : nullptr, p.path, token));
  } catch (const LoadCancelled&) {
    throw;
  } catch (const std::exception& e) {
    r.error = i18n::errorText(e);
    r.runs.clear();
  }
  return r;
}

// ---- the controller (GUI thread) ----------------------------------------------------------------

FollowController* FollowController::of(MainWindow* window) { return window->follow(); }

FollowController::FollowController(MainWindow* window) : QObject(window), m_window(window) {
  m_timer = new QTimer(this);
  m_timer->setInterval(250);
  connect(m_timer, &QTimer::timeout, this, &FollowController::pollNow);
}

FollowController::~FollowController() = default;

void FollowController::setPollInterval(int ms) { m_timer->setInterval(ms); }

qint64 FollowController::shownRun() const { return m_run ? m_run->runId() : 0; }

qint64 FollowController::lastStep() const { return m_run ? m_run->history().lastStep() : -1; }

void FollowController::follow(const FollowTarget& target) {
  stop();
  m_target = target;
  m_following = true;
  m_run.reset();
  m_ranks.clear();
  m_rankRuns.clear();
  m_shownRank = 0;
  m_disagreements.clear();
  m_disagreementEvents.clear();
  m_checkedUpTo = -1;
  m_error.clear();
  m_newerRun = 0;
  m_liveness = {};
  m_polls = 0;
  Q_EMIT ranksChanged({}, -1);
  updateText();
  m_timer->start();
  pollNow();
}

void FollowController::stop() {
  if (!m_following) return;
  m_following = false;
  m_timer->stop();
  m_job.cancel();
  Q_EMIT statusChanged(QString());
  Q_EMIT ranksChanged({}, -1);
  // A group's marks and its other rank leave the charts with it.
  if (m_disagreeGraph) {
    m_disagreeGraph->data()->clear();
    m_disagreeGraph->setVisible(false);
    m_disagreeGraph->removeFromLegend();
  }
  ReplayController* runs = m_window->runs();
  if (const StoredRun* overlay = runs->overlaidRun())
    for (const std::shared_ptr<StoredRun>& r : m_rankRuns)
      if (r.get() == overlay) {
        runs->clearOverlay();
        break;
      }
}

bool FollowController::stillShown() const { return m_run && m_window->runs()->replayedRun() == m_run.get(); }

void FollowController::pollNow() {
  if (!m_following || m_job.isBusy()) return;
  if (m_run && !stillShown()) {  // the user opened another run or went back to the live one
    stop();
    return;
  }
  FollowPoll p;
  p.path = m_target.path;
  p.wanted = m_target.runId;
  p.group = m_target.group;
  p.name = m_target.name.toStdString();
  for (const Rank& rank : m_ranks) {
    FollowCursor c;
    c.id = rank.run->runId();
    c.created = rank.run->summary().created;
    c.count = static_cast<qint64>(rank.run->history().points().size());
    c.last = rank.run->history().lastStep();
    p.shown.push_back(std::move(c));
  }
  m_job.start([p](const CancelToken& token) { return pollFollowedRun(p, token); },
              [this](FollowPollResult r) { deliver(std::move(r)); },
              [this](const QString& error) {
                m_error = error;
                updateText();
              });
}

void FollowController::deliver(FollowPollResult r) {
  ++m_polls;
  if (!m_following) return;
  if (m_run && !stillShown()) {
    stop();
    return;
  }
  if (r.missing || r.noRuns || !r.error.isEmpty()) {
    const QString file = QDir::toNativeSeparators(m_target.path);
    m_error = r.missing ? tr("%1 does not exist (any more): waiting for it").arg(file)
              : !r.error.isEmpty() ? r.error
              : !m_target.group.isEmpty() ? tr("no runs of group '%1' in %2 yet: waiting").arg(m_target.group, file)
              : !m_target.name.isEmpty()  ? tr("no run named '%1' in %2 yet: waiting").arg(m_target.name, file)
                                          : tr("no runs in %1 yet: waiting").arg(file);
    updateText();
    return;
  }
  m_error.clear();
  // A run read afresh, or a group whose ranks changed: the runs are shown again.
  bool reshow = r.runs.size() != m_ranks.size();
  for (const FollowRunDelta& d : r.runs) reshow = reshow || d.fresh;
  if (reshow) {
    std::vector<Rank> ranks(r.runs.size());
    for (std::size_t i = 0; i < r.runs.size(); ++i) {
      if (r.runs[i].fresh)
        ranks[i].run = std::move(r.runs[i].fresh);
      else if (i < m_ranks.size())
        ranks[i] = std::move(m_ranks[i]);
      ranks[i].sinceSign.start();
    }
    m_ranks = std::move(ranks);
    m_rankRuns.clear();
    for (const Rank& k : m_ranks) m_rankRuns.push_back(k.run);
    m_checkedUpTo = -1;
    m_disagreements.clear();
    m_disagreementEvents.clear();
    checkDisagreements();
    showRank(std::min(m_shownRank, m_ranks.size() - 1));
  }
  qint64 first = -1, last = -1;
  bool more = false;
  for (std::size_t i = 0; i < r.runs.size(); ++i) {
    Rank& k = m_ranks[i];
    FollowRunDelta& d = r.runs[i];
    qint64 f = -1, l = -1;
    const bool moved = !d.steps.empty() && absorb(*k.run, d.steps, d.statsSteps, f, l, k.run == m_run);
    if (k.run == m_run && moved) {
      first = f;
      last = l;
    }
    if (moved || d.summary.updated != k.heartbeat || !k.sinceSign.isValid()) k.sinceSign.restart();
    k.heartbeat = d.summary.updated;
    k.summary = d.summary;
    RunSummary s = d.summary;
    const StepHistory& h = k.run->history();
    s.steps = static_cast<std::int64_t>(h.points().size());
    s.skipped = h.skippedCount();
    if (!h.empty()) s.final_scale = h.points().back().scale_after;
    k.run->setSummary(s);
    k.liveness = FollowLiveness::decide(d.summary.status, d.writerGone, k.sinceSign.elapsed() / 1000);
    more = more || d.more;
  }
  if (m_ranks.size() > 1) {
    const std::size_t before = m_disagreements.size();
    checkDisagreements();
    if (m_disagreements.size() != before) drawDisagreements();
    for (std::size_t i = before; i < m_disagreementEvents.size(); ++i)
      m_window->eventLog()->addEvent(m_disagreementEvents[i].step, static_cast<int>(m_disagreementEvents[i].severity),
                                     m_disagreementEvents[i].text);
  }
  if (last >= 0) {
    Dashboard* dash = m_window->dashboard();
    for (ChartBase* c : dash->charts()) c->appendSteps(first, last);
    m_window->layerTable()->tableModel()->appendSteps();
    m_window->showStep(m_window->shownStep());
    if (m_ranks.size() > 1) m_window->runs()->updateOverlayLabels();  // the other rank's lines grew
    dash->scheduleReplot();
  }
  // The group's liveness: the worst of its ranks (an error, a stopped writer, a live one...).
  using S = FollowLiveness::State;
  auto worse = [](S a) {
    switch (a) {
      case S::Error: return 5;
      case S::WriterGone: return 4;
      case S::Live: return 3;
      case S::Waiting: return 2;
      case S::Stopped: return 1;
      case S::Finished: return 0;
    }
    return 0;
  };
  m_liveness = {};
  m_liveness.state = S::Finished;
  for (const Rank& k : m_ranks)
    if (worse(k.liveness.state) > worse(m_liveness.state) ||
        (k.liveness.state == m_liveness.state && m_liveness.detail.isEmpty()))
      m_liveness = k.liveness;
  m_newerRun = m_target.runId > 0 && r.newest > m_target.runId ? r.newest : 0;
  updateText();  // statusChanged: the window refreshes its status bar too
  if (more) QTimer::singleShot(0, this, &FollowController::pollNow);
}

void FollowController::selectRank(int rank) {
  if (rank < 0 || static_cast<std::size_t>(rank) >= m_ranks.size() || !m_following) return;
  showRank(static_cast<std::size_t>(rank));
  updateText();
}

void FollowController::showRank(std::size_t index) {
  m_shownRank = index;
  std::shared_ptr<StoredRun> run = m_ranks[index].run;
  const bool same = run == m_run && stillShown();
  m_run = run;
  if (!same) {
    m_window->runs()->showReplay(run);
    m_narrator.reset(run->history().layers(), run->scalerInUse());
    m_narrator.setGrowthInterval(run->config().scaler.growth_interval());
    m_window->setWindowTitle(tr("AmpScope \u2014 following run %1 of %2").arg(run->runId()).arg(QFileInfo(run->path()).fileName()));
  }
  if (m_ranks.size() > 1) {
    // The other ranks: the next one is drawn over the loss and scale charts (rank 0 when another
    // rank is shown), every disagreement is marked and told in the event log.
    const std::size_t other = index == 0 ? 1 : 0;
    m_window->runs()->showOverlay(m_ranks[other].run);
    if (!same)
      for (const NarratedEvent& e : m_disagreementEvents)
        m_window->eventLog()->addEvent(e.step, static_cast<int>(e.severity), e.text);
    drawDisagreements();
    QStringList ranks;
    for (const Rank& k : m_ranks) ranks << tr("rank %1").arg(k.run->summary().origin.rank);
    Q_EMIT ranksChanged(ranks, static_cast<int>(index));
  } else {
    Q_EMIT ranksChanged({}, -1);
  }
  if (!same) Q_EMIT runShown(run->runId());
}

bool FollowController::absorb(StoredRun& run, std::vector<StepRecord>& steps, const std::vector<std::int64_t>& statsSteps,
                              qint64& first, qint64& last, bool narrate) {
  StepHistory& h = run.history();
  // Steps already shown (a page read twice) are dropped.
  steps.erase(std::remove_if(steps.begin(), steps.end(), [shown = h.lastStep()](const StepRecord& r) { return r.step <= shown; }),
              steps.end());
  if (steps.empty()) return false;
  first = steps.front().step;
  last = steps.back().step;
  std::optional<StepRecord> stats;
  for (auto it = steps.rbegin(); it != steps.rend() && !stats; ++it)
    if (!it->layers.empty()) stats = *it;
  if (narrate) {
    EventLog* log = m_window->eventLog();
    for (const StepRecord& r : steps)
      if (std::optional<NarratedEvent> e = m_narrator.narrate(r)) log->addEvent(e->step, static_cast<int>(e->severity), e->text);
  }
  h.append(steps);
  // The charts read a followed run's statistics through its stats source, as a replay's (the
  // StoredRun's read-only store): the page's statistics steps join it, and the newest one's
  // record is handed over now (no read when a chart asks for the newest step).
  h.appendStatsSteps(statsSteps);
  if (stats) h.deliverStats(stats->step, std::move(*stats));
  return true;
}

QString FollowController::statusText() const {
  if (!m_following) return {};
  const QString file = QFileInfo(m_target.path).fileName();
  QString where = file;
  if (!m_target.group.isEmpty())
    where = QStringLiteral("%1:group=%2").arg(file, m_target.group);
  else if (m_run && !m_target.name.isEmpty())  // the newest run of that name: it may change
    where = tr("%1:%2 (run %3)").arg(file, m_target.name).arg(m_run->runId());
  else if (m_run)
    where = QStringLiteral("%1:%2").arg(file).arg(m_run->runId());
  else if (!m_target.name.isEmpty())
    where = QStringLiteral("%1:%2").arg(file, m_target.name);
  if (!m_error.isEmpty()) return tr("following %1 \u2014 %2").arg(where, m_error);
  if (!m_run) return tr("following %1 \u2014 opening").arg(where);
  QString steps = tr("%n steps", nullptr, static_cast<int>(std::min<qint64>(m_run->history().points().size(), INT_MAX)));
  if (m_ranks.size() > 1) steps = tr("%1 ranks, %2").arg(m_ranks.size()).arg(steps);
  QString state;
  using S = FollowLiveness::State;
  switch (m_liveness.state) {
    case S::Waiting:
    case S::Live: state = tr("live, %1").arg(steps); break;
    case S::Finished: state = tr("finished, %1").arg(steps); break;
    case S::Stopped: state = tr("stopped, %1").arg(steps); break;
    case S::Error: state = tr("error: %1").arg(m_liveness.detail); break;
    case S::WriterGone:
      state = m_liveness.detail.isEmpty() ? tr("writer stopped, %1").arg(steps)
                                          : tr("writer stopped (no sign of life for %1 s), %2").arg(m_liveness.detail, steps);
      break;
  }
  QString text = tr("following %1 \u2014 %2").arg(where, state);
  if (!m_disagreements.empty()) text += tr(" \u00b7 ranks disagree at %n step(s)", nullptr, static_cast<int>(m_disagreements.size()));
  if (m_newerRun > 0) text += tr(" \u00b7 a newer run %1 is in the file").arg(m_newerRun);
  return text;
}

void FollowController::updateText() {
  const QString text = statusText();
  Q_EMIT statusChanged(text);
  if (m_run && stillShown()) {
    const RunSummary& s = m_run->summary();
    Q_EMIT bannerChanged(tr("Following run %1 of %2 (%3 \u00b7 %4), written by another process: %5. "
                            "Back to the live run stops following.")
                             .arg(m_run->runId())
                             .arg(QDir::toNativeSeparators(m_target.path), i18n::translate(run_title(s)),
                                  i18n::translate(precision_label_text(s.precision)), text));
  }
}

void FollowController::followInteractive() {
  const QString path = QFileDialog::getOpenFileName(m_window, tr("Follow a run store"), m_window->runs()->lastStoreDir(),
                                                    tr("AmpScope run stores (*.sqlite *.ampscope *.db);;All files (*)"));
  if (path.isEmpty()) return;
  RunBrowser browser(path, tr("Follow a run (the newest also follows the runs that come after it; a run of a group "
                              "shows its ranks side by side)"),
                     tr("Follow"), m_window);
  if (browser.exec() != QDialog::Accepted || browser.selectedRun() <= 0) return;
  qint64 newest = 0;
  FollowTarget t{path, browser.selectedRun(), {}, {}};
  for (const RunSummary& s : browser.runs()) {
    newest = std::max<qint64>(newest, s.id);
    if (s.id == t.runId && !s.origin.group.empty()) t.group = QString::fromStdString(s.origin.group);
  }
  if (!t.group.isEmpty() || t.runId == newest) t.runId = 0;
  follow(t);
}

}  // namespace ampscope::ui
