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

namespace ampscope::cli {

namespace {
struct Lane {
  const char* title;
  std::unique_ptr<TrainingSession> session;
  StepRecord last;
  double fc1_underflow = -1;  // share of fc1.weight gradient elements lost, last measured
  std::int64_t skipped = 0;
};

/// `text` right-aligned in `width` terminal columns (CJK characters take two).
std::string pad(const QString& text, int width) {
  int cols = 0;
  for (const char32_t c : text.toUcs4())
    cols += (c >= 0x1100 && (c <= 0x115F || (c >= 0x2E80 && c <= 0xA4CF) || (c >= 0xAC00 && c <= 0xD7A3) ||
                             (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
                             (c >= 0xFFE0 && c <= 0xFFE6)))
                ? 2
                : 1;
  return std::string(static_cast<std::size_t>(std::max(0, width - cols)), ' ') + text.toStdString();
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
  std::printf("%s | %s | %s | %s | %s | %s | %s\n", pad(Cli::tr("step"), 6).c_str(), pad(Cli::tr("loss fp32"), 10).c_str(),
              pad(Cli::tr("loss fp16"), 10).c_str(), pad(Cli::tr("loss scaled"), 10).c_str(),
              pad(Cli::tr("fc1 lost fp16"), 13).c_str(), pad(Cli::tr("fc1 lost scl"), 13).c_str(),
              pad(Cli::tr("scale"), 8).c_str());
  std::printf("-------+------------+------------+------------+---------------+---------------+---------\n");
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
      std::printf("%6lld | %10.4f | %10.4f | %10.4f | %12.1f%% | %12.1f%% | %8s\n", static_cast<long long>(s),
                  lanes[0].last.loss, lanes[1].last.loss, lanes[2].last.loss, 100 * lanes[1].fc1_underflow,
                  100 * lanes[2].fc1_underflow, format_scale(lanes[2].last.scale_after).c_str());
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
