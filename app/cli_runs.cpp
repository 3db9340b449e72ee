// `ampscope runs FILE [--json]`: the runs a run store holds, one line each, so that a run can
// be picked for --replay FILE:RUN, --follow, export --run or screenshot --replay without the
// window (over SSH, in a script). The columns are the window's run browser's.
#include "cli_runs.h"

#include "core_text.h"

#include "cli_args.h"

#include <ampscope/run_store.h>
#include <ampscope/scale_policy.h>
#include <ampscope/session_types.h>

#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

namespace ampscope::cli {

namespace {

std::string usage_text() {
  return str(Cli::tr("Usage: ampscope runs [FILE] [--json]\n"
                     "\n"
                     "Lists the runs of the run store FILE (default runs.db, where ampscope record and the Python\n"
                     "probe write by default), oldest first: id, when it was created, who wrote it (ampscope or\n"
                     "the probe), model (after the run's name when it has one), precision, device, steps, skipped\n"
                     "steps, the final loss and its status.\n"
                     "A run still being written says whether its writer is alive.\n"
                     "\n"
                     "Options:\n"
                     "  --json     one JSON object per run and line instead of the table\n"
                     "  -h, --help this text\n"
                     "\n"
                     "Exit status: 0 done (also for a store without runs), 1 FILE unreadable, 2 bad arguments.\n"));
}

int usage_error(const std::string& message) {
  std::cerr << "ampscope runs: " << message << "\n" << str(Cli::tr("(see ampscope runs --help)")) << "\n";
  return 2;
}

/// Columns a terminal gives `s`: East Asian wide and full-width characters take two.
int display_width(const QString& s) {
  int w = 0;
  for (const char32_t c : s.toUcs4()) {
    const bool wide = (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF) || (c >= 0xAC00 && c <= 0xD7A3) ||
                      (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
                      (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x3FFFD);
    w += wide ? 2 : 1;
  }
  return w;
}

/// What a run's status means now. A run that says "running" is judged as the window's follow
/// mode judges it: its writer's process gone (on this host), or no write for kWriterQuietSeconds.
enum class Writer { NotRunning, Live, Gone, Quiet };

Writer writer_of(const RunSummary& r) {
  if (r.status != "running") return Writer::NotRunning;
  if (run_writer_gone(r)) return Writer::Gone;
  return seconds_since_update(r) > kWriterQuietSeconds ? Writer::Quiet : Writer::Live;
}

QString status_text(const RunSummary& r) {
  switch (writer_of(r)) {
    case Writer::Live: return Cli::tr("running (live)");
    case Writer::Gone: return Cli::tr("running (its writer, process %1, has ended)").arg(r.origin.pid);
    case Writer::Quiet: return Cli::tr("running (no write for %1 s)").arg(seconds_since_update(r));
    case Writer::NotRunning: break;
  }
  return qs(r.status);
}

const char* writer_json(Writer w) {
  switch (w) {
    case Writer::Live: return "live";
    case Writer::Gone: return "gone";
    case Writer::Quiet: return "quiet";
    case Writer::NotRunning: break;
  }
  return "";
}

QJsonObject json_of(const RunSummary& r) {
  QJsonObject o{{"id", static_cast<qint64>(r.id)},
                {"created", qs(r.created)},
                {"updated", qs(r.updated)},
                {"source", qs(r.origin.source)},
                {"model", qs(r.model)},
                {"precision", qs(r.precision)},
                {"device", qs(r.device)},
                {"steps", static_cast<qint64>(r.steps)},
                {"skipped", static_cast<qint64>(r.skipped)},
                {"status", qs(r.status)},
                {"host", qs(r.origin.host)},
                {"pid", static_cast<qint64>(r.origin.pid)}};
  // Steps' numbers only where there are steps: the final loss of a run without one is not 0.
  if (r.steps > 0) {
    o["final_scale"] = r.final_scale;
    if (std::isfinite(r.final_loss)) o["final_loss"] = r.final_loss;
    else o["final_loss"] = qs(format_number(r.final_loss));  // "nan", "inf": JSON has no such numbers
  }
  if (!r.name.empty()) o["name"] = qs(r.name);
  if (const Writer w = writer_of(r); w != Writer::NotRunning) o["writer"] = writer_json(w);
  if (!r.origin.group.empty()) {
    o["group"] = qs(r.origin.group);
    o["rank"] = r.origin.rank;
    o["world_size"] = r.origin.world_size;
  }
  return o;
}

}  // namespace

int run_runs(const std::vector<std::string>& args) {
  std::string file;
  bool json = false;
  for (const std::string& a : args) {
    if (a == "-h" || a == "--help") {
      std::cout << usage_text();
      return 0;
    }
    if (a == "--json") {
      json = true;
    } else if (a.size() > 1 && a[0] == '-') {
      return usage_error(unknown_option_message(a, {"json"}));
    } else if (file.empty()) {
      if (a.empty()) return usage_error(str(Cli::tr("missing FILE (the run store to read)")));
      file = a;
    } else {
      return usage_error(str(Cli::tr("unexpected argument '%1' (FILE is already '%2')").arg(qs(a), qs(file))));
    }
  }
  if (file.empty()) file = "runs.db";
  std::vector<RunSummary> runs;
  try {
    const RunStore store(file, RunStore::Mode::ReadOnly);
    runs = store.runs();
  } catch (const std::exception& e) {
    std::cerr << "ampscope runs: " << str(i18n::errorText(e)) << "\n";
    return 1;
  }
  if (json) {
    for (const RunSummary& r : runs)
      std::cout << QJsonDocument(json_of(r)).toJson(QJsonDocument::Compact).toStdString() << "\n";
    return 0;
  }
  if (runs.empty()) {
    std::cout << str(Cli::tr("%1 holds no runs yet").arg(qs(file))) << "\n";
    return 0;
  }
  const bool groups = std::any_of(runs.begin(), runs.end(), [](const RunSummary& r) { return !r.origin.group.empty(); });
  std::vector<std::vector<QString>> rows;
  std::vector<QString> head{Cli::tr("run"),   Cli::tr("created (UTC)"), Cli::tr("source"),  Cli::tr("model"),
                            Cli::tr("precision"), Cli::tr("device"),  Cli::tr("steps"),   Cli::tr("skipped"),
                            Cli::tr("final loss"), Cli::tr("status")};
  if (groups) head.push_back(Cli::tr("group (rank)"));
  rows.push_back(head);
  for (const RunSummary& r : runs) {
    std::vector<QString> row{QString::number(r.id),
                             qs(readable_utc(r.created)),
                             qs(r.origin.source),
                             i18n::translate(run_title(r)),
                             i18n::translate(precision_label_text(r.precision)),
                             qs(r.device),
                             QString::number(r.steps),
                             QString::number(r.skipped),
                             r.steps > 0 ? QString::number(r.final_loss, 'g', 6) : QStringLiteral("-"),
                             status_text(r)};
    if (groups)
      row.push_back(r.origin.group.empty() ? QStringLiteral("-")
                                           : Cli::tr("%1 (rank %2 of %3)")
                                                 .arg(qs(r.origin.group))
                                                 .arg(r.origin.rank)
                                                 .arg(r.origin.world_size));
    rows.push_back(std::move(row));
  }
  // Numbers right-aligned, text left; the last column is not padded.
  const std::vector<bool> right{true, false, false, false, false, false, true, true, true, false, false};
  std::vector<int> width(head.size(), 0);
  for (const auto& row : rows)
    for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], display_width(row[c]));
  std::cout << str(Cli::tr("Runs in %1:").arg(qs(file))) << "\n";
  for (const auto& row : rows) {
    QString line;
    for (std::size_t c = 0; c < row.size(); ++c) {
      const QString pad(width[c] - display_width(row[c]), ' ');
      if (c) line += QStringLiteral("  ");
      line += right[c] ? pad + row[c] : (c + 1 < row.size() ? row[c] + pad : row[c]);
    }
    std::cout << str(line) << "\n";
  }
  const std::int64_t last = runs.back().id;
  std::cout << "\n"
            << str(Cli::tr("Open one in the window: ampscope --replay %1:%2 (or --follow while it is written); as CSV: "
                           "ampscope export %1 --run %2 --csv DIR")
                       .arg(qs(file))
                       .arg(last))
            << "\n";
  return 0;
}

}  // namespace ampscope::cli
