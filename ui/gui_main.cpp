#include "gui_main.h"

#include "main_window.h"
#include "presets.h"
#include "session_controller.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include <cmath>
#include <cstdio>
#include <cstring>

namespace ampscope::ui {

namespace {

void addCommonOptions(QCommandLineParser& p) {
  p.addHelpOption();
  p.addOption({QStringLiteral("preset"), QStringLiteral("Run preset: %1.").arg(presetNames().join(QStringLiteral(", "))),
               QStringLiteral("name"), QStringLiteral("default")});
  p.addOption({QStringLiteral("dark"), QStringLiteral("Dark theme.")});
  p.addOption({QStringLiteral("presentation"), QStringLiteral("Presentation mode: large fonts, thick lines.")});
}

int fail(const QString& text, int code) {
  std::fprintf(stderr, "ampscope: %s\n", qPrintable(text));
  return code;
}

/// Trains `steps` steps of a preset with no window shown, then writes the dashboard.
int runScreenshot(QApplication& app) {
  QCommandLineParser p;
  p.setApplicationDescription(QStringLiteral("Render the dashboard of a preset after N steps to a PNG, PDF or SVG file."));
  addCommonOptions(p);
  p.addOption({QStringLiteral("steps"), QStringLiteral("Optimizer steps to train first."), QStringLiteral("n"), QStringLiteral("300")});
  p.addOption({QStringLiteral("out"), QStringLiteral("Output file (.png, .pdf or .svg)."), QStringLiteral("file")});
  p.addOption({QStringLiteral("size"), QStringLiteral("Figure size in px/pt, WxH."), QStringLiteral("WxH"), QStringLiteral("1600x1000")});
  p.addOption({QStringLiteral("scale"), QStringLiteral("PNG pixels per unit."), QStringLiteral("f"), QStringLiteral("1")});
  p.addOption({QStringLiteral("window"), QStringLiteral("Capture the whole window with its panels (PNG only) instead of the figure.")});
  QStringList args = app.arguments();
  args.removeAt(1);  // "screenshot"
  if (!p.parse(args)) return fail(p.errorText(), 2);
  if (p.isSet(QStringLiteral("help"))) {
    std::fputs(qPrintable(p.helpText()), stdout);
    return 0;
  }
  bool ok = false;
  const qint64 steps = p.value(QStringLiteral("steps")).toLongLong(&ok);
  if (!ok || steps < 1 || steps > 1000000)
    return fail(QStringLiteral("screenshot: --steps must be an integer in [1, 1000000]"), 2);
  const QString out = p.value(QStringLiteral("out"));
  if (out.isEmpty()) return fail(QStringLiteral("screenshot: --out FILE.png|.pdf|.svg is required"), 2);
  if (!exportFormatFor(out)) return fail(QStringLiteral("screenshot: --out must end in .png, .pdf or .svg"), 2);
  ExportOptions options;
  const QStringList wh = p.value(QStringLiteral("size")).split(QLatin1Char('x'));
  const int w = wh.value(0).toInt(), h = wh.value(1).toInt();
  if (wh.size() != 2 || w < 100 || h < 100 || w > 20000 || h > 20000)
    return fail(QStringLiteral("screenshot: --size must be WxH with W and H in [100, 20000], e.g. 1600x1000"), 2);
  options.size = QSize(w, h);
  options.scale = p.value(QStringLiteral("scale")).toDouble(&ok);
  // NaN compares false with everything: test for it (a NaN scale would train, then fail to paint).
  if (!ok || !std::isfinite(options.scale) || options.scale <= 0 || options.scale > 8)
    return fail(QStringLiteral("screenshot: --scale must be a number in (0, 8]"), 2);
  // A PNG larger than QImage can hold would fail only after the training: refuse it now.
  if (*exportFormatFor(out) == ExportFormat::Png &&
      (w * options.scale > 32767 || h * options.scale > 32767 || w * options.scale * h * options.scale > 268435456.0))
    return fail(QStringLiteral("screenshot: --size %1x%2 at --scale %3 is too large a PNG: at most 32767 pixels a side "
                               "and 2^28 pixels in all")
                    .arg(w)
                    .arg(h)
                    .arg(options.scale),
                2);
  try {
    findPreset(p.value(QStringLiteral("preset")));
  } catch (const std::exception& e) {
    return fail(QStringLiteral("screenshot: %1").arg(QString::fromUtf8(e.what())), 2);
  }

  const bool wholeWindow = p.isSet(QStringLiteral("window"));
  if (wholeWindow && *exportFormatFor(out) != ExportFormat::Png)
    return fail(QStringLiteral("screenshot: --window writes PNG only"), 2);
  MainWindow window;  // shown only for --window, and then on the offscreen platform
  window.setTheme(p.isSet(QStringLiteral("dark")), p.isSet(QStringLiteral("presentation")));
  if (wholeWindow) {
    window.resize(options.size);
    window.show();
  }
  if (!window.loadPreset(p.value(QStringLiteral("preset")), steps)) return fail(window.bannerText(), 1);
  int code = 0;
  QObject::connect(window.controller(), &SessionController::runFinished, &app, [&] {
    if (window.controller()->state() == SessionController::State::Failed) {
      code = fail(window.bannerText(), 1);
    } else {
      QString error;
      if (!(wholeWindow ? window.grabWindowTo(out, &error) : window.exportDashboardTo(out, options, &error)))
        code = fail(error, 1);
      else
        std::printf("wrote %s (%lld steps)\n", qPrintable(out), static_cast<long long>(window.controller()->stepsDone()));
    }
    app.exit(code);
  });
  window.controller()->start();
  return app.exec();
}

int runWindow(QApplication& app) {
  QCommandLineParser p;
  p.setApplicationDescription(QStringLiteral("AmpScope: see what mixed-precision training does to gradients."));
  addCommonOptions(p);
  p.addOption({QStringLiteral("paused"), QStringLiteral("Build the run but do not start it.")});
  if (!p.parse(app.arguments())) return fail(p.errorText(), 2);
  if (p.isSet(QStringLiteral("help"))) {
    std::fputs(qPrintable(p.helpText()), stdout);
    return 0;
  }
  MainWindow window;
  window.setTheme(p.isSet(QStringLiteral("dark")), p.isSet(QStringLiteral("presentation")));
  window.show();
  const QString preset = p.value(QStringLiteral("preset"));
  const bool paused = p.isSet(QStringLiteral("paused"));
  // Build the session once the window is on screen, so that something shows at once.
  QTimer::singleShot(0, &window, [&window, preset, paused] {
    if (window.loadPreset(preset) && !paused) window.controller()->start();
  });
  return app.exec();
}

}  // namespace

int gui_main(int argc, char** argv) {
  const bool screenshot = argc > 1 && std::strcmp(argv[1], "screenshot") == 0;
  // The screenshot never shows a window: it needs no display.
  if (screenshot && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  QApplication::setApplicationName(QStringLiteral("AmpScope"));
  QApplication::setOrganizationName(QStringLiteral("AmpScope"));
  QApplication::setApplicationVersion(QStringLiteral(AMPSCOPE_UI_VERSION));
  try {
    return screenshot ? runScreenshot(app) : runWindow(app);
  } catch (const std::exception& e) {
    return fail(QString::fromUtf8(e.what()), 1);
  }
}

}  // namespace ampscope::ui
