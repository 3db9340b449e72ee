// `ampscope export`: one run of a run store as CSV, for pandas, R or a spreadsheet.
// Column meanings: docs/run_store.md (the CSV columns are the tables' columns, plus layer
// names next to layer ids so that a file read on its own is understandable).
#include "cli_export.h"

#include "core_text.h"

#include "cli_args.h"

#include <ampscope/format_whatif.h>
#include <ampscope/run_store.h>
#include <ampscope/scale_policy.h>

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ampscope::cli {

namespace {

std::string usage_text() {
  return str(Cli::tr("Usage: ampscope export [FILE] [--run RUN] [--whatif] --csv DIR\n"
                     "\n"
                     "Writes one run of the run store FILE (default runs.db) as CSV files to DIR (created if missing):\n"
                     "  runs.csv         the run: id, created, model, precision, device, status, steps, ...\n"
                     "  layers.csv       its instrumented tensors (layer_id, name, module, kind, shape, numel)\n"
                     "  steps.csv        one row per optimizer step: loss, scale before/after, skip, reason, ...\n"
                     "  layer_stats.csv  one row per layer and statistics step, with the exponent histogram\n"
                     "  format_whatif.csv (with --whatif) per statistics step, layer and format (fp16, bf16,\n"
                     "                   fp8-e4m3, fp8-e5m2): the elements a cast would flush to zero or overflow\n"
                     "\n"
                     "Options:\n"
                     "  --run RUN  the run to export: its id or its name (default: the latest run in FILE)\n"
                     "  --whatif   also write format_whatif.csv (docs/measurements.md, \"Format what-if\")\n"
                     "  --csv DIR  the output folder\n"
                     "  -h, --help this text\n"
                     "\n"
                     "Numbers are written so that they read back exactly; NaN and infinities as nan, inf, -inf;\n"
                     "an empty field means 'none' (no first offender, underflow not measured).\n"
                     "Exit status: 0 done, 1 FILE unreadable or DIR unwritable, 2 bad arguments.\n"));
}

int usage_error(const std::string& message) {
  std::cerr << "ampscope export: " << message << "\n" << str(Cli::tr("(see ampscope export --help)")) << "\n";
  return 2;
}

std::string num(double v) { return format_number(v); }
std::string num(std::int64_t v) { return std::to_string(v); }

/// RFC 4180 quoting, only where needed (JSON arrays and names with commas or quotes).
std::string field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string int_list(const std::vector<std::int64_t>& v) {
  std::string out = "[";
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? "," : "") + std::to_string(v[i]);
  return out + "]";
}

/// Writes to NAME.tmp and renames at the end, so that DIR never holds a half-written file
/// that looks complete.
class CsvFile {
 public:
  CsvFile(const std::filesystem::path& dir, const std::string& name)
      : m_final(dir / name), m_tmp(dir / (name + ".tmp")), m_out(m_tmp, std::ios::binary) {
    if (!m_out) throw std::runtime_error(str(Cli::tr("cannot write %1").arg(qs(m_tmp.string()))));
  }
  ~CsvFile() {
    if (!m_done) {
      std::error_code ec;
      m_out.close();
      std::filesystem::remove(m_tmp, ec);
    }
  }
  void row(std::initializer_list<std::string> fields) {
    bool first = true;
    for (const std::string& f : fields) {
      if (!first) m_out << ',';
      m_out << f;
      first = false;
    }
    m_out << '\n';
  }
  void commit() {
    m_out.close();
    if (!m_out) throw std::runtime_error(str(Cli::tr("cannot write %1 (disk full?)").arg(qs(m_tmp.string()))));
    std::filesystem::rename(m_tmp, m_final);
    m_done = true;
  }

 private:
  std::filesystem::path m_final, m_tmp;
  std::ofstream m_out;
  bool m_done = false;
};

void write_run(const RunStore& store, const RunData& run, const std::filesystem::path& dir, bool whatif,
               std::int64_t& stat_rows) {
  const std::int64_t id = run.summary.id;
  auto layer_name = [&](int layer) {
    return layer >= 0 && layer < static_cast<int>(run.layers.size()) ? run.layers[layer].name : std::string();
  };
  {
    CsvFile f(dir, "runs.csv");
    f.row({"id", "created", "model", "precision", "device", "status", "steps", "skipped", "final_scale", "final_loss",
           "config", "name"});
    const RunSummary& s = run.summary;
    f.row({num(s.id), field(s.created), field(s.model), field(s.precision), field(s.device), field(s.status),
           num(s.steps), num(s.skipped), num(s.final_scale), num(s.final_loss), field(run.config.to_json()),
           field(s.name)});
    f.commit();
  }
  {
    CsvFile f(dir, "layers.csv");
    f.row({"run_id", "layer_id", "name", "module", "kind", "shape", "numel", "ord"});
    for (std::size_t i = 0; i < run.layers.size(); ++i) {
      const LayerInfo& l = run.layers[i];
      f.row({num(id), num(static_cast<std::int64_t>(i)), field(l.name), field(l.module), field(l.kind),
             field(int_list(l.shape)), num(l.numel), num(std::int64_t{l.order})});
    }
    f.commit();
  }
  {
    CsvFile f(dir, "steps.csv");
    f.row({"run_id", "step", "loss", "lr", "scale_before", "scale", "growth_tracker", "hysteresis_tracker", "found_inf",
           "skipped", "reason", "first_offender", "first_offender_name", "grad_norm", "forward_ms", "backward_ms",
           "stats_ms", "optimizer_ms"});
    for (const StepRecord& r : run.steps) {
      const bool offender = r.first_offender >= 0;
      f.row({num(id), num(r.step), num(r.loss), num(r.lr), num(r.scale_before), num(r.scale_after),
             num(std::int64_t{r.growth_tracker}), num(std::int64_t{r.hysteresis_tracker}), r.found_inf ? "1" : "0",
             r.skipped ? "1" : "0", std::string(to_string(r.reason)),
             offender ? num(std::int64_t{r.first_offender}) : std::string(), field(layer_name(r.first_offender)),
             num(r.grad_norm), num(r.forward_ms), num(r.backward_ms), num(r.stats_ms), num(r.optimizer_ms)});
    }
    f.commit();
  }
  {
    CsvFile f(dir, "layer_stats.csv");
    f.row({"run_id", "step", "layer_id", "layer", "numel", "zeros", "subnormal", "below_min_subnormal", "above_max",
           "nan", "pos_inf", "neg_inf", "amax", "amin_nonzero", "sum_squares", "norm", "underflow", "underflow_mass",
           "hist_lo", "hist_hi", "hist"});
    // The format what-if of each row, from the same histogram (the values as recorded, at the step's scale).
    std::unique_ptr<CsvFile> w;
    if (whatif) {
      w = std::make_unique<CsvFile>(dir, "format_whatif.csv");
      w->row({"run_id", "step", "scale", "layer_id", "layer", "numel", "format", "underflow_low", "underflow_high",
              "underflow_pct_low", "underflow_pct_high", "overflow_low", "overflow_high", "overflow_pct_low",
              "overflow_pct_high"});
    }
    // Per-layer rows are the bulk of a run: read them a page of steps at a time.
    constexpr std::size_t kPage = 512;
    for (std::size_t i = 0; i < run.steps.size(); i += kPage) {
      const std::size_t j = std::min(run.steps.size(), i + kPage) - 1;
      for (const StepRecord& r : store.load_steps(id, run.steps[i].step, run.steps[j].step, true)) {
        for (const LayerStepStats& l : r.layers) {
          const kernels::TensorStats& s = l.stats;
          f.row({num(id), num(r.step), num(std::int64_t{l.layer}), field(layer_name(l.layer)), num(s.numel),
                 num(s.zero), num(s.subnormal), num(s.below_min_subnormal), num(s.above_max), num(s.nan),
                 num(s.pos_inf), num(s.neg_inf), num(s.amax), num(s.amin_nonzero), num(s.sum_squares), num(s.norm()),
                 l.underflow >= 0 ? num(l.underflow) : std::string(), num(l.underflow_mass), num(std::int64_t{s.lo}),
                 num(std::int64_t{s.hi}), field(int_list(s.bins))});
          ++stat_rows;
          if (!w) continue;
          for (kernels::Format format : kWhatIfFormats) {
            const FormatWhatIf x = format_whatif(s, format, 0, run.config.histogram.target);
            w->row({num(id), num(r.step), num(r.scale_before), num(std::int64_t{l.layer}), field(layer_name(l.layer)),
                    num(x.numel), std::string(to_string(format)), num(x.underflow.low), num(x.underflow.high),
                    num(100.0 * x.underflowShareLow()), num(100.0 * x.underflowShareHigh()), num(x.overflow.low),
                    num(x.overflow.high), num(100.0 * x.overflowShareLow()), num(100.0 * x.overflowShareHigh())});
          }
        }
      }
    }
    f.commit();
    if (w) w->commit();
  }
}

}  // namespace

int run_export(int argc, char** argv) {
  ExportArgs a;
  bool help = false;
  try {
    help = !parse_export_args(std::vector<std::string>(argv + 1, argv + argc), a);
  } catch (const UsageError& e) {
    return usage_error(e.what());
  }
  if (help) {
    std::cout << usage_text();
    return 0;
  }
  try {
    RunStore store(a.file, RunStore::Mode::ReadOnly);
    const std::vector<RunSummary> runs = store.runs();
    if (runs.empty()) {
      std::cerr << "ampscope export: " << str(Cli::tr("%1 holds no runs").arg(qs(a.file))) << "\n";
      return 1;
    }
    std::int64_t id = !a.run_name.empty() ? run_named(runs, a.run_name, a.file) : a.run < 0 ? runs.back().id : a.run;
    bool found = false;
    for (const RunSummary& r : runs) found = found || r.id == id;
    if (!found) {
      std::string ids;
      for (std::size_t i = 0; i < runs.size() && i < 20; ++i) ids += (i ? ", " : "") + std::to_string(runs[i].id);
      if (runs.size() > 20) ids += ", ...";
      std::cerr << "ampscope export: " << str(Cli::tr("no run %1 in %2 (runs: %3)").arg(id).arg(qs(a.file), qs(ids))) << "\n";
      return 1;
    }
    const RunData run = store.load_run(id, /*with_layer_stats=*/false);
    const std::filesystem::path dir(a.dir);
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec || !std::filesystem::is_directory(dir)) {
      std::cerr << "ampscope export: "
                << str(Cli::tr("cannot create the folder %1: %2")
                           .arg(qs(a.dir), ec ? qs(ec.message()) : Cli::tr("a file of that name exists")))
                << "\n";
      return 1;
    }
    std::int64_t stat_rows = 0;
    write_run(store, run, dir, a.whatif, stat_rows);
    std::cout << str(Cli::tr("exported run %1 (%2, %3, %n steps, %4 layer rows) to %5", nullptr,
                             static_cast<int>(run.steps.size()))
                         .arg(id)
                         .arg(i18n::translate(run_title(run.summary)), i18n::translate(precision_label_text(run.summary.precision)))
                         .arg(stat_rows)
                         .arg(qs(a.dir)))
              << "\n";
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "ampscope export: " << str(i18n::errorText(e)) << "\n";
    return 1;
  }
}

}  // namespace ampscope::cli
