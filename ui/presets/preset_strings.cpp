// The titles and explanations of the presets in resources/presets/*.json, for lupdate
// (context "Preset"). Keep in step with the JSON files: test_i18n_catalog fails when a shipped
// preset's title or explanation is not listed here word for word, or is not translated.
#include "presets/preset_i18n.h"

#include <QCoreApplication>

namespace ampscope::ui {

namespace {
// clang-format off
const char* const kPresetStrings[] = {
    // bf16-no-scaler.json
    QT_TRANSLATE_NOOP("Preset", "bf16 needs no scaler"),
    QT_TRANSLATE_NOOP("Preset", "The same spiral MLP in bf16 without any loss scaling. bf16 keeps fp32's 8 exponent bits (smallest normal 2^-126) and gives up mantissa bits instead, so small gradients do not flush to zero and large ones do not overflow: no step is skipped and the loss falls as in fp32."),
    // clip-before-unscale.json
    QT_TRANSLATE_NOOP("Preset", "Clipping before unscale_: training stalls"),
    QT_TRANSLATE_NOOP("Preset", "Gradient clipping to norm 1 applied to the SCALED gradients (the classic bug: clip_grad_norm_ before scaler.unscale_). The scaled norm is about the scale times the true one, so clipping shrinks every update by roughly the scale: with SGD the loss barely moves. Tick nothing else; compare with the same run where unscale_ comes first."),
    // deep-mlp-no-scaler.json
    QT_TRANSLATE_NOOP("Preset", "Deep MLP, fp16, no loss scaling"),
    QT_TRANSLATE_NOOP("Preset", "A 13-layer MLP with small weights trained in fp16 without a scaler: gradients of the early layers fall below fp16's smallest subnormal (2^-24) and flush to zero. The underflow column counts what an fp32 backward would have kept."),
    // default.json
    QT_TRANSLATE_NOOP("Preset", "Spiral MLP, fp16, PyTorch's default scaler"),
    QT_TRANSLATE_NOOP("Preset", "A 4-layer MLP learns 3 interleaved spirals under fp16 with torch.amp.GradScaler's defaults (init scale 2^16, growth x2 every 2000 clean steps, backoff x0.5). Watch the scale settle and the gradient exponents sit between the fp16 limits."),
    // fault-injection.json
    QT_TRANSLATE_NOOP("Preset", "Spiral MLP, fp16, inf injected into fc3 at step 50"),
    QT_TRANSLATE_NOOP("Preset", "The default run with an inf written into fc3's weight gradient at step 50: the scaler finds it, skips the step, names fc3 as the first offender and halves the scale."),
    // overflow-storm.json
    QT_TRANSLATE_NOOP("Preset", "Init scale too high: an overflow storm, then recovery"),
    QT_TRANSLATE_NOOP("Preset", "The scaler starts at 2^40 instead of 2^16. Every scaled gradient overflows fp16 (65504), so the first steps are all skipped while the scale halves once per step; when it fits, training starts and the scale settles. The weights never see the bad steps: skipping is what makes a too-high start safe, only slow."),
    // short-growth-interval.json
    QT_TRANSLATE_NOOP("Preset", "Growth interval too short: the scale oscillates"),
    QT_TRANSLATE_NOOP("Preset", "The scaler tries to grow after only 10 clean steps instead of 2000. It climbs until the gradients overflow, backs off, climbs again: a saw-tooth at the edge of fp16's range, with a skipped step at every tooth. PyTorch's default interval exists to make this rare."),
};
// clang-format on
}  // namespace

QString presetTitle(const Preset& preset) {
  return QCoreApplication::translate("Preset", preset.title.toUtf8().constData());
}

QString presetDescription(const Preset& preset) {
  return QCoreApplication::translate("Preset", preset.description.toUtf8().constData());
}

QStringList presetTranslationSources() {
  QStringList list;
  for (const char* s : kPresetStrings) list << QString::fromUtf8(s);
  return list;
}

}  // namespace ampscope::ui
