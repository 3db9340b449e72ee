// The canonical mixed-precision loop in LibTorch C++ with ampscope::GradScaler, exactly as
// PyTorch users write it:
//   scaler.scale(loss).backward(); scaler.unscale_(opt); clip; scaler.step(opt); scaler.update();
// Prints one line per step and exits non-zero if the run did not behave as documented.
#include <ampscope/grad_scaler.h>

#include <torch/torch.h>

#include <cstdio>
#include <limits>

int main() {
  torch::manual_seed(0);
  torch::nn::Sequential model(torch::nn::Linear(16, 32), torch::nn::ReLU(), torch::nn::Linear(32, 4));
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.1));
  ampscope::GradScaler scaler(ampscope::GradScalerOptions().init_scale(1024).growth_interval(4));

  // Watch what the scaler does (optional): every update with its reason.
  struct Printer : ampscope::GradScalerObserver {
    void on_update(const ampscope::UpdateEvent& e) override {
      std::printf("update %lld: scale %g -> %g (%s)\n", static_cast<long long>(e.update_index),
                  double(e.before.scale), double(e.after.scale), std::string(ampscope::to_string(e.reason)).c_str());
    }
  } printer;
  scaler.add_observer(&printer);

  const auto x = torch::randn({64, 16});
  const auto y = torch::randint(0, 4, {64});
  int skipped = 0;
  for (int step = 0; step < 10; ++step) {
    opt.zero_grad();
    auto loss = torch::nn::functional::cross_entropy(model->forward(x), y);
    scaler.scale(loss).backward();
    if (step == 6) model->parameters()[0].mutable_grad()[0][0] = std::numeric_limits<float>::infinity();  // a fault
    scaler.unscale_(opt);                                        // gradients are now true gradients...
    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);  // ...so clipping sees true norms
    if (!scaler.step(opt)) ++skipped;                            // skipped when inf/NaN was found
    scaler.update();
    std::printf("step %d: loss %.4f scale %g\n", step, loss.item<double>(), scaler.get_scale());
  }
  scaler.remove_observer(&printer);
  // Interval 4: steps 0-3 are clean, so the scale grows to 2048 at step 3; step 6 overflows
  // (skipped, back to 1024, tracker reset); steps 7-9 are only 3 clean steps: it stays 1024.
  const bool ok = skipped == 1 && scaler.get_scale() == 1024.0;
  std::printf("%s: %d skipped step, final scale %g\n", ok ? "OK" : "UNEXPECTED", skipped, scaler.get_scale());
  return ok ? 0 : 1;
}
