#include "runs/csv_export.h"

#include "panels/narrator.h"
#include "runs/step_history.h"

#include <QCoreApplication>
#include <QSaveFile>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <map>

namespace ampscope::ui {

namespace {
constexpr qint64 kPage = 2048;  // steps whose statistics are in memory at once

}  // namespace

QString csvField(const QString& s) {
  if (!s.contains(QLatin1Char(',')) && !s.contains(QLatin1Char('"')) && !s.contains(QLatin1Char('\n'))) return s;
  QString q = s;
  q.replace(QLatin1String("\""), QLatin1String("\"\""));
  return QLatin1Char('"') + q + QLatin1Char('"');
}

namespace {

QString num(double v) {
  if (std::isnan(v)) return QStringLiteral("nan");
  if (std::isinf(v)) return v > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
  return number(v);
}

/// The translation context of the CSV export's messages (lupdate sees CsvExport::tr).
struct CsvExport {
  Q_DECLARE_TR_FUNCTIONS(CsvExport)
};
}  // namespace

QStringList stepsCsvColumns(const std::vector<LayerInfo>& layers) {
  QStringList c = {QStringLiteral("step"),           QStringLiteral("loss"),    QStringLiteral("scale"),
                   QStringLiteral("scale_after"),    QStringLiteral("growth_tracker"),
                   QStringLiteral("found_inf"),      QStringLiteral("skipped"), QStringLiteral("reason"),
                   QStringLiteral("first_offender")};
  for (const LayerInfo& l : layers) {
    const QString n = QString::fromStdString(l.name);
    c << n + QStringLiteral(".below_min_subnormal") << n + QStringLiteral(".above_max")
      << n + QStringLiteral(".nonfinite") << n + QStringLiteral(".underflow");
  }
  return c;
}

StatsRangeLoader historyStatsLoader(const StepHistory& history) {
  return [&history](qint64 first, qint64 last, std::vector<StepRecord>& out) {
    const auto& pts = history.points();
    auto it = std::lower_bound(pts.begin(), pts.end(), first, [](const StepPoint& p, qint64 s) { return p.step < s; });
    for (; it != pts.end() && it->step <= last; ++it) {
      const StepRecord* r = history.statsAt(it->step);
      if (r && r->step == it->step) out.push_back(*r);
    }
  };
}

qint64 writeStepsCsv(const QString& path, const StepHistory& history, qint64 first, qint64 last,
                     const StatsRangeLoader& stats, QString* error) {
  return writeStepsCsv(path, history.points(), history.layers(), first, last, stats, error);
}

qint64 writeStepsCsv(const QString& path, const std::vector<StepPoint>& pts, const std::vector<LayerInfo>& layers,
                     qint64 first, qint64 last, const StatsRangeLoader& stats, QString* error) {
  auto fail = [&](const QString& text) {
    if (error) *error = text;
    return qint64(-1);
  };
  auto begin = std::lower_bound(pts.begin(), pts.end(), first, [](const StepPoint& p, qint64 s) { return p.step < s; });
  auto end = std::upper_bound(pts.begin(), pts.end(), last, [](qint64 s, const StepPoint& p) { return s < p.step; });
  if (begin >= end) return fail(CsvExport::tr("no steps in the range %1\u2013%2").arg(first).arg(last));
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Text))
    return fail(CsvExport::tr("cannot write %1: %2").arg(path, file.errorString()));
  QStringList header;
  for (const QString& c : stepsCsvColumns(layers)) header << csvField(c);
  file.write(header.join(QLatin1Char(',')).toUtf8() + '\n');
  qint64 rows = 0;
  std::vector<StepRecord> page;
  std::map<qint64, const StepRecord*> byStep;
  for (auto it = begin; it != end;) {
    // One page of steps at a time: their statistics, then their rows.
    const qint64 pageFirst = it->step, pageLast = std::min<qint64>(last, pageFirst + kPage - 1);
    page.clear();
    byStep.clear();
    if (stats && !layers.empty()) stats(pageFirst, pageLast, page);
    for (const StepRecord& r : page) byStep[r.step] = &r;
    QByteArray chunk;
    for (; it != end && it->step <= pageLast; ++it) {
      const StepPoint& p = *it;
      QStringList row;
      row << QString::number(p.step) << num(p.loss) << num(p.scale_before) << num(p.scale_after)
          << QString::number(p.growth_tracker) << QString::number(p.found_inf ? 1 : 0)
          << QString::number(p.skipped ? 1 : 0) << QString::fromUtf8(std::string(to_string(p.reason)).c_str())
          << (p.first_offender >= 0 && p.first_offender < static_cast<int>(layers.size())
                  ? csvField(QString::fromStdString(layers[static_cast<std::size_t>(p.first_offender)].name))
                  : QString());
      const auto found = byStep.find(p.step);
      const StepRecord* r = found == byStep.end() ? nullptr : found->second;
      for (int l = 0; l < static_cast<int>(layers.size()); ++l) {
        const LayerStepStats* ls = nullptr;
        if (r)
          for (const auto& s : r->layers)
            if (s.layer == l) ls = &s;
        if (!ls) {
          row << QString() << QString() << QString() << QString();
          continue;
        }
        row << QString::number(ls->stats.below_min_subnormal) << QString::number(ls->stats.above_max)
            << QString::number(ls->stats.nonfinite())
            << (ls->underflow >= 0 ? QString::number(ls->underflow) : QString());
      }
      chunk += row.join(QLatin1Char(',')).toUtf8();
      chunk += '\n';
      ++rows;
    }
    if (file.write(chunk) != chunk.size()) return fail(CsvExport::tr("cannot write %1: %2").arg(path, file.errorString()));
  }
  if (!file.commit()) return fail(CsvExport::tr("cannot write %1: %2").arg(path, file.errorString()));
  return rows;
}

}  // namespace ampscope::ui
