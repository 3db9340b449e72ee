// The default demonstration without a window: three runs of the deep MLP side by side, narrated.
#include "cli_args.h"
#include "cli_record.h"

#include <ampscope/training_session.h>

#include <cstdio>
#include <iostream>
#include <memory>

namespace ampscope::cli {

namespace {
struct Lane {
  const char* title;
  std::unique_ptr<TrainingSession> session;
  StepRecord last;
  double fc1_underflow = -1;  // share of fc1.weight gradient elements lost, last measured
  std::int64_t skipped = 0;
};

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
  p.option("steps", "N", "Steps per run, in [10, 100000] (default 300).",
           [&](const std::string& v) { steps = to_int("steps", v, 10, 100000); });
  if (!p.parse(args)) {
    std::cout << p.help("Trains the deep MLP three ways and narrates what fp16 does to its gradients.");
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
  const std::string p16 = lanes[2].session->precision_label();

  std::cout << "AmpScope demo (headless): the deep MLP (12 hidden layers) on 10 Gaussian clusters, trained three ways\n"
            << "on " << lanes[2].session->device_label() << ": fp32, " << p16 << " without a loss scaler, and " << p16
            << " through the GradScaler\n(init scale 65536). Every 25 steps an fp32 reference backward counts the fc1\n"
            << "weight-gradient elements that fp16 flushed to zero (underflow).\n\n";
  std::printf("%6s | %10s | %10s | %10s | %13s | %13s | %8s\n", "step", "loss fp32", "loss fp16", "loss scaled",
              "fc1 lost fp16", "fc1 lost scl", "scale");
  std::printf("-------+------------+------------+------------+---------------+---------------+---------\n");
  std::vector<StepRecord> scratch;
  for (std::int64_t s = 0; s < steps; ++s) {
    for (auto& lane : lanes) {
      lane.last = lane.session->step();
      lane.skipped += lane.last.skipped;
      const double share = fc1_share(*lane.session, lane.last);
      if (share >= 0) lane.fc1_underflow = share;
      scratch.clear();
      lane.session->drain(scratch);
    }
    if (s % 25 == 0 || s == steps - 1) {
      std::printf("%6lld | %10.4f | %10.4f | %10.4f | %12.1f%% | %12.1f%% | %8s\n", static_cast<long long>(s),
                  lanes[0].last.loss, lanes[1].last.loss, lanes[2].last.loss, 100 * lanes[1].fc1_underflow,
                  100 * lanes[2].fc1_underflow, format_number(lanes[2].last.scale_after).c_str());
    }
  }
  std::cout << "\nWhat happened: without a scaler, fp16 flushed " << int(100 * lanes[1].fc1_underflow + 0.5)
            << "% of fc1's weight-gradient elements to zero in the last measured step (gradients below 2^-24 do not\n"
            << "exist in fp16); multiplying the loss by the scale first kept " << int(100 * (1 - lanes[2].fc1_underflow) + 0.5)
            << "% of them. Final losses: fp32 " << lanes[0].last.loss << ", fp16 " << lanes[1].last.loss
            << ", fp16 + scaler " << lanes[2].last.loss << ".\nThe scaler skipped " << lanes[2].skipped
            << " step(s) for inf/NaN gradients.\n\n"
            << "Record your own run: ampscope record --help\n";
  return 0;
}

}  // namespace ampscope::cli
