// The canonical mixed-precision loop in LibTorch C++ with ampscope::GradScaler, exactly as
// PyTorch users write it:
//   scaler.scale(loss).backward(); scaler.unscale_(opt); clip; scaler.step(opt); scaler.update();
// Prints one line per step and exits non-zero if the run did not behave as documented
// (docs/gradscaler.md): the package test builds and runs it against an installed AmpScope.
#include <ampscope/grad_scaler.h>

#include <torch/torch.h>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

int main() {
  torch::manual_seed(0);
  torch::nn::Sequential model(torch::nn::Linear(16, 32), torch::nn::ReLU(), torch::nn::Linear(32, 4));
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.1));
  ampscope::GradScaler scaler(ampscope::GradScalerOptions().init_scale(1024).growth_interval(4));

  // Watch what the scaler does (optional): every update with its reason.
  struct Printer : ampscope::GradScalerObserver {
    std::vector<ampscope::ScaleChangeReason> reasons;
    void on_update(const ampscope::UpdateEvent& e) override {
      reasons.push_back(e.reason);
      std::printf("update %lld: scale %g -> %g (%s)\n", static_cast<long long>(e.update_index),
                  double(e.before.scale), double(e.after.scale), std::string(ampscope::to_string(e.reason)).c_str());
    }
  } printer;
  scaler.add_observer(&printer);

  const auto x = torch::randn({64, 16});
  const auto y = torch::randint(0, 4, {64});
  constexpr int kFaultStep = 6;
  std::vector<double> scales, losses;
  std::vector<bool> stepped;
  bool skipped_step_kept_params = false;
  for (int step = 0; step < 10; ++step) {
    opt.zero_grad();
    auto loss = torch::nn::functional::cross_entropy(model->forward(x), y);
    scaler.scale(loss).backward();
    if (step == kFaultStep) model->parameters()[0].mutable_grad()[0][0] = std::numeric_limits<float>::infinity();
    const auto before = model->parameters()[0].detach().clone();
    scaler.unscale_(opt);                                        // gradients are now true gradients...
    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);  // ...so clipping sees true norms
    stepped.push_back(scaler.step(opt));                         // skipped when inf/NaN was found
    if (step == kFaultStep) skipped_step_kept_params = torch::equal(before, model->parameters()[0]);
    scaler.update();
    scales.push_back(scaler.get_scale());
    losses.push_back(loss.item<double>());
    std::printf("step %d: loss %.4f scale %g\n", step, losses.back(), scales.back());
  }
  scaler.remove_observer(&printer);

  // Interval 4: steps 0-3 are clean, so the scale grows to 2048 at step 3; step 6 overflows
  // (skipped, parameters untouched, back to 1024, tracker reset); steps 7-9 are only 3 clean
  // steps: it stays 1024. Every clean step trains: the loss falls.
  using R = ampscope::ScaleChangeReason;
  const std::vector<double> want_scales{1024, 1024, 1024, 2048, 2048, 2048, 1024, 1024, 1024, 1024};
  const std::vector<R> want_reasons{R::Unchanged, R::Unchanged, R::Unchanged, R::Grow,      R::Unchanged,
                                    R::Unchanged, R::Backoff,   R::Unchanged, R::Unchanged, R::Unchanged};
  int failures = 0;
  auto check = [&](bool ok, const char* what) {
    if (!ok) {
      std::printf("MISMATCH: %s\n", what);
      ++failures;
    }
  };
  check(scales == want_scales, "scale after each update");
  check(printer.reasons == want_reasons, "the reason of each update");
  for (int s = 0; s < 10; ++s) check(stepped[s] == (s != kFaultStep), "which steps ran");
  check(skipped_step_kept_params, "a skipped step leaves the parameters as they were");
  check(scaler.get_growth_tracker() == 3, "growth tracker after 3 clean steps");
  check(losses.back() < losses.front(), "the loss falls");
  std::printf("%s: %d skipped step, final scale %g\n", failures ? "UNEXPECTED" : "OK",
              static_cast<int>(std::count(stepped.begin(), stepped.end(), false)), scaler.get_scale());
  return failures ? 1 : 0;
}
