// Follow mode, run groups: the steps where the ranks of a DDP job disagree about found_inf or
// the scale (which desynchronises DDP: one rank skips its optimizer step, another does not),
// marked on the scale chart and told in the event log.
#include "runs/follow_controller.h"

#include "charts/dashboard.h"
#include "charts/scale_plot.h"
#include "runs/stored_run.h"
#include "shell/main_window.h"

#include "charts/qcp.h"
#include "panels/narrator.h"

#include <ampscope/scale_text.h>

#include <cmath>
#include <limits>

namespace ampscope::ui {

std::optional<QString> rankDisagreement(qint64 step, const std::vector<std::pair<int, const StepPoint*>>& ranks) {
  if (ranks.size() < 2) return std::nullopt;
  bool inf = false, before = false, after = false;
  for (const auto& [rank, p] : ranks) {
    inf = inf || p->found_inf != ranks.front().second->found_inf;
    before = before || p->scale_before != ranks.front().second->scale_before;
    after = after || p->scale_after != ranks.front().second->scale_after;
  }
  const bool scale = before || after;
  if (!inf && !scale) return std::nullopt;
  QStringList parts;
  for (const auto& [rank, p] : ranks) {
    QStringList what;
    if (inf) what << QStringLiteral("found_inf=%1").arg(p->found_inf ? 1 : 0);
    // The scale the step ran with when that differs, else the one the ranks go on with: 2^k,
    // else with nine digits (ranks may differ in the last ones).
    const double s = before ? p->scale_before : p->scale_after;
    int k = 0;
    if (scale) what << QStringLiteral("scale=%1").arg(exact_power_of_two(s, k) ? scaleText(s) : QString::number(s, 'g', 9));
    parts << QStringLiteral("rank%1 %2").arg(rank).arg(what.join(QLatin1Char(' ')));
  }
  return FollowController::tr("step %1: ranks disagree: %2").arg(step).arg(parts.join(QStringLiteral(", ")));
}

void FollowController::checkDisagreements() {
  if (m_ranks.size() < 2) return;
  // Up to the last step every rank has: a rank behind is not a disagreement (yet).
  qint64 upTo = std::numeric_limits<qint64>::max();
  for (const Rank& k : m_ranks) upTo = std::min<qint64>(upTo, k.run->history().lastStep());
  const std::vector<StepPoint>& base = m_ranks.front().run->history().points();
  auto it = std::upper_bound(base.begin(), base.end(), m_checkedUpTo,
                             [](qint64 s, const StepPoint& p) { return s < p.step; });
  std::vector<std::pair<int, const StepPoint*>> at;
  for (; it != base.end() && it->step <= upTo; ++it) {
    at.clear();
    for (const Rank& k : m_ranks) {
      const StepPoint* p = k.run->history().pointAt(it->step);
      if (p && p->step == it->step) at.emplace_back(k.run->summary().origin.rank, p);
    }
    if (std::optional<QString> text = rankDisagreement(it->step, at)) {
      m_disagreements.push_back(it->step);
      m_disagreementEvents.push_back({it->step, NarratedEvent::Severity::Bad, *text});
    }
  }
  if (upTo > m_checkedUpTo && upTo != std::numeric_limits<qint64>::max()) m_checkedUpTo = upTo;
}

void FollowController::drawDisagreements() {
  ScalePlot* plot = m_window->dashboard()->scalePlot();
  if (!m_disagreeGraph) {
    m_disagreeGraph = plot->addGraph();
    m_disagreeGraph->setObjectName(QStringLiteral("rankDisagreements"));
    m_disagreeGraph->setLineStyle(QCPGraph::lsNone);
    const auto style = [graph = m_disagreeGraph.data()](const PlotTheme& theme) {
      graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCrossCircle, theme.rankDisagree, 11));
    };
    style(plot->theme());
    connect(plot, &ChartBase::themeApplied, m_disagreeGraph.data(), style);  // View > Dark theme
  }
  m_disagreeGraph->setName(tr("ranks disagree"));
  QVector<QCPGraphData> data;
  if (m_run && m_ranks.size() > 1)
    for (qint64 s : m_disagreements)
      if (const StepPoint* p = m_run->history().pointAt(s); p && p->scale_before > 0)
        data.append(QCPGraphData(static_cast<double>(s), std::log2(p->scale_before)));
  m_disagreeGraph->data()->set(data, true);
  m_disagreeGraph->setVisible(!data.isEmpty());
  if (plot->legend) {
    if (data.isEmpty())
      m_disagreeGraph->removeFromLegend();
    else
      m_disagreeGraph->addToLegend();
  }
  m_window->dashboard()->scheduleReplot();
}

}  // namespace ampscope::ui
