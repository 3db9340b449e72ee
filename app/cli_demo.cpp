// The default demonstration without a window: three runs of the deep MLP side by side, narrated.
#include "cli_args.h"

#include "core_text.h"
#include "cli_record.h"

#include <ampscope/scale_text.h>
#include <ampscope/training_session.h>

#include <cstdio>
#include <iostream>
#include <algorithm>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace ampscope::cli {

namespace {
struct Lane {
  const char* title;
  std::unique_ptr<TrainingSession> session;
  StepRecord last;
  double fc1_underflow = -1;  // share of fc1.weight gradient elements lost, last measured
  std::int64_t skipped = 0;
};

/// Terminal columns `text` takes (CJK characters take two).
int columns(const QString& text) {
  int cols = 0;
  for (const char32_t c : text.toUcs4())
    cols += (c >= 0x1100 && (c <= 0x115F || (c >= 0x2E80 && c <= 0xA4CF) || (c >= 0xAC00 && c <= 0xD7A3) ||
                             (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
                             (c >= 0xFFE0 && c <= 0xFFE6)))
                ? 2
                : 1;
  return cols;
}

/// `text` right-aligned in `width` terminal columns.
std::string pad(const QString& text, int width) {
  return std::string(static_cast<std::size_t>(std::max(0, width - columns(text))), ' ') + text.toStdString();
}

/// One line of the table: each cell right-aligned in its column, " | " between.
std::string table_line(const std::vector<QString>& cells, const std::vector<int>& widths) {
  std::string line;
  for (std::size_t i = 0; i < cells.size(); ++i) line += (i ? " | " : "") + pad(cells[i], widths[i]);
  return line;
}

double fc1_share(const TrainingSession& s, const StepRecord& r) {
  for (const auto& l : r.layers) {
    const LayerInfo& info = s.layers()[l.layer];
    if (info.name == "fc1.weight" && l.underflow >= 0) return double(l.underflow) / double(info.numel);
  }
  return -1;
}
}  // namespace

int run_demo(const std::vector<std::string>& args) {
  std::int64_t steps = 300;
  ArgParser p("demo");
  p.option("steps", "N", str(Cli::tr("Steps per run, in [10, 100000] (default 300).")),
           [&](const std::string& v) { steps = to_int("steps", v, 10, 100000); });
  if (!p.parse(args)) {
    std::cout << p.help(str(Cli::tr("Trains the deep MLP three ways and narrates what fp16 does to its gradients.")));
    return 0;
  }
  SessionConfig base;
  base.model = "deep-mlp";
  base.max_steps = steps;
  base.reference_every = 25;
  base.stats_every = 25;
  Lane lanes[3] = {{"fp32", nullptr, {}, -1, 0}, {"fp16, no scaler", nullptr, {}, -1, 0}, {"fp16 + GradScaler", nullptr, {}, -1, 0}};
  SessionConfig c0 = base, c1 = base, c2 = base;
  c0.precision = Precision::FP32;
  c0.use_scaler = false;
  c1.use_scaler = false;
  lanes[0].session = std::make_unique<TrainingSession>(c0);
  lanes[1].session = std::make_unique<TrainingSession>(c1);
  lanes[2].session = std::make_unique<TrainingSession>(c2);
  const std::string p16 = str(i18n::translate(precision_label_text(lanes[2].session->precision_label())));

  std::cout << str(Cli::tr("AmpScope demo (headless): the deep MLP (12 hidden layers) on 10 Gaussian clusters, trained three ways\n"
                           "on %1: fp32, %2 without a loss scaler, and %2 through the GradScaler\n"
                           "(init scale 2^16). Every 25 steps an fp32 reference backward counts the fc1\n"
                           "weight-gradient elements that fp16 flushed to zero (underflow).")
                       .arg(qs(lanes[2].session->device_label()), qs(p16)))
            << "\n\n";
  // Each column as wide as its values or its heading, whichever is wider (a translated heading
  // can be longer than the numbers under it: "Loss skaliert").
  const std::vector<QString> heads{Cli::tr("step"),          Cli::tr("loss fp32"),    Cli::tr("loss fp16"), Cli::tr("loss scaled"),
                                   Cli::tr("fc1 lost fp16"), Cli::tr("fc1 lost scl"), Cli::tr("scale")};
  std::vector<int> widths{6, 10, 10, 10, 13, 13, 8};
  for (std::size_t i = 0; i < heads.size(); ++i) widths[i] = std::max(widths[i], columns(heads[i]));
  std::printf("%s\n", table_line(heads, widths).c_str());
  std::string rule;
  for (std::size_t i = 0; i < widths.size(); ++i)
    rule += std::string(i ? "-+-" : "") + std::string(static_cast<std::size_t>(widths[i]), '-');
  std::printf("%s\n", rule.c_str());
  auto fixed = [](double v, int decimals, const char* suffix = "") {
    char b[64];
    std::snprintf(b, sizeof b, "%.*f%s", decimals, v, suffix);
    return QString::fromLatin1(b);
  };
  std::vector<StepRecord> scratch;
  for (std::int64_t s = 0; s < steps; ++s) {
    for (auto& lane : lanes) {
      lane.session->step(lane.last);
      lane.skipped += lane.last.skipped;
      const double share = fc1_share(*lane.session, lane.last);
      if (share >= 0) lane.fc1_underflow = share;
      lane.session->drain(scratch);
      lane.session->recycle(scratch);
    }
    if (s % 25 == 0 || s == steps - 1) {
      std::printf("%s\n", table_line({QString::number(s), fixed(lanes[0].last.loss, 4), fixed(lanes[1].last.loss, 4),
                                      fixed(lanes[2].last.loss, 4), fixed(100 * lanes[1].fc1_underflow, 1, "%"),
                                      fixed(100 * lanes[2].fc1_underflow, 1, "%"), qs(format_scale(lanes[2].last.scale_after))},
                                     widths)
                             .c_str());
    }
  }
  auto loss = [](double v) {
    std::ostringstream o;  // the C++ stream's default notation, as before translation
    o << v;
    return qs(o.str());
  };
  std::cout << "\n"
            << str(Cli::tr("What happened: without a scaler, fp16 flushed %1% of fc1's weight-gradient elements to zero in the\n"
                           "last measured step (gradients below 2^-24 do not exist in fp16); multiplying the loss by the\n"
                           "scale first kept %2% of them. Final losses: fp32 %3, fp16 %4, fp16 + scaler %5.")
                       .arg(int(100 * lanes[1].fc1_underflow + 0.5))
                       .arg(int(100 * (1 - lanes[2].fc1_underflow) + 0.5))
                       .arg(loss(lanes[0].last.loss), loss(lanes[1].last.loss), loss(lanes[2].last.loss)))
            << "\n"
            << str(Cli::tr("The scaler skipped %n step(s) for inf/NaN gradients.", nullptr, static_cast<int>(lanes[2].skipped)))
            << "\n\n"
            << str(Cli::tr("Record your own run: %1").arg(QStringLiteral("ampscope record --help"))) << "\n";
  return 0;
}

}  // namespace ampscope::cli
