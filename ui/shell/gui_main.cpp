#include "shell/gui_main.h"

#include "core_text.h"

#include "shell/main_window.h"
#include "presets/presets.h"
#include "runs/follow_controller.h"
#include "runs/session_controller.h"
#include "runs/step_history.h"
#include "runs/stored_run.h"

#include <ampscope/compute_threads.h>
#include <ampscope/name_suggest.h>
#include <ampscope/run_store.h>

#include "translations.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QIcon>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>

#include <clocale>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

// The window icon is in ampscope.qrc, compiled into this static library: register it first.
static void initIconResource() { Q_INIT_RESOURCE(ampscope); }

namespace ampscope::ui {

namespace {

/// The translation context of the command-line texts of the GUI.
struct Gui {
  Q_DECLARE_TR_FUNCTIONS(Gui)
};

void addCommonOptions(QCommandLineParser& p) {
  p.addHelpOption();
  p.addOption({QStringLiteral("preset"), Gui::tr("Run preset: %1.").arg(presetNames().join(QStringLiteral(", "))),
               Gui::tr("name"), QStringLiteral("default")});
  p.addOption({QStringLiteral("dark"), Gui::tr("Dark theme.")});
  p.addOption({QStringLiteral("presentation"), Gui::tr("Presentation mode: large fonts, thick lines.")});
  p.addOption({QStringLiteral("lang"),
               Gui::tr("Language: %1 (default: the View > Language setting, else the system's).")
                   .arg(i18n::shippedLanguages().join(QStringLiteral(", "))),
               Gui::tr("code")});
}

/// The parser's help with the command as users type it ("ampscope screenshot"), not the path
/// of the executable that QCommandLineParser puts in its usage line.
QString helpFor(const QCommandLineParser& p, const QString& command) {
  QString text = p.helpText();
  const QStringList args = QCoreApplication::arguments();
  const QString program = args.isEmpty() ? QString() : args.constFirst();
  const qsizetype at = program.isEmpty() ? -1 : text.indexOf(program);
  if (at >= 0 && at < text.indexOf(QLatin1Char('\n'))) text.replace(at, program.size(), command);
  return text;
}

/// The names the window runs under: its settings and its default store's folder follow them.
void setApplicationNames() {
  QCoreApplication::setApplicationName(QStringLiteral("AmpScope"));
  QCoreApplication::setOrganizationName(QStringLiteral("AmpScope"));
}

/// Where live runs are recorded unless --store says otherwise (setApplicationNames() first).
QString defaultStorePath() {
  return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("runs.sqlite"));
}

/// The main window's options (`ampscope [options]`), read by runWindow() and listed by
/// `ampscope --help` (window_options_help).
void addWindowOptions(QCommandLineParser& p) {
  p.setApplicationDescription(Gui::tr("AmpScope: see what mixed-precision training does to gradients."));
  addCommonOptions(p);
  p.addOption({QStringLiteral("paused"), Gui::tr("Build the run but do not start it.")});
  p.addOption({QStringLiteral("store"),
               Gui::tr("Run store (SQLite) that every live run is recorded into; created on demand (default: %1).")
                   .arg(QDir::toNativeSeparators(defaultStorePath())),
               QStringLiteral("file")});
  p.addOption({QStringLiteral("replay"), Gui::tr("Open a stored run read-only (FILE:RUN, RUN its id or its name, or FILE for its latest run)."),
               QStringLiteral("file[:run]")});
  p.addOption({QStringLiteral("overlay"),
               Gui::tr("Overlay a stored run on the loss and scale charts (FILE:RUN, RUN its id or its name, or FILE for its latest run)."),
               QStringLiteral("file[:run]")});
  p.addOption({QStringLiteral("follow"),  // follow mode: runs/follow_controller.h
               Gui::tr("Follow a run another process is still writing (FILE for its newest run and the runs after it, "
                       "FILE:RUN, FILE:NAME for the newest run of that name and the ones after it, or FILE:group=NAME "
                       "for a run group's ranks side by side)."),
               QStringLiteral("file[:run]")});
  p.addOption({QStringLiteral("grab"),
               Gui::tr("Write the window as PNG after --grab-delay milliseconds, then quit (for documentation)."),
               QStringLiteral("file.png")});
  p.addOption({QStringLiteral("grab-delay"), Gui::tr("Milliseconds before --grab (default 3000)."),
               QStringLiteral("ms"), QStringLiteral("3000")});
}

int fail(const QString& text, int code) {
  std::fprintf(stderr, "ampscope: %s\n", qPrintable(text));
  return code;
}

/// The long option names `p` knows, read from its help (QCommandLineParser lists its options
/// nowhere else): the lines "  -h, --help ..." and "  --preset <name> ...".
std::vector<std::string> optionNames(const QCommandLineParser& p) {
  std::vector<std::string> names;
  static const QRegularExpression line(QStringLiteral("^\\s+(?:-\\w, )?--([\\w-]+)"));
  for (const QString& l : p.helpText().split(QLatin1Char('\n')))
    if (const QRegularExpressionMatch m = line.match(l); m.hasMatch()) names.push_back(m.captured(1).toStdString());
  return names;
}

/// Qt's message for what p.parse() refused, and for an unknown option the one it most likely
/// meant (ampscope/name_suggest.h: `ampscope --out runs.db` is the window's --store).
QString parseError(const QCommandLineParser& p, const std::vector<std::pair<std::string, std::string>>& aliases) {
  const QStringList unknown = p.unknownOptionNames();
  if (unknown.isEmpty()) return p.errorText();
  const std::string meant = closest_name(unknown.constFirst().toStdString(), optionNames(p), aliases);
  if (meant.empty()) return p.errorText();
  return Gui::tr("%1 Did you mean --%2?").arg(p.errorText(), QString::fromStdString(meant));
}

/// A stored run named on the command line: FILE:RUN (RUN its id) or FILE (run 0: the store's
/// latest, looked up when it is read).
struct StoredRef {
  QString path;
  qint64 run = 0;
};
/// Reads --`option` of `p` into `out` (nothing when not given); false with `error` set when malformed.
/// FILE:NAME (NAME not digits: classify_run_part, the rule of every command) is the run of that
/// name: looked up here, in FILE's run list (a read of its runs table: milliseconds).
bool storedRef(const QCommandLineParser& p, const QString& option, StoredRef& out, QString& error) {
  if (!p.isSet(option)) return true;
  const QString v = p.value(option);
  std::string file, part;
  if (!split_run_spec(QFile::encodeName(v).toStdString(), file, part)) {
    out.path = v;
    out.run = 0;
    if (!v.isEmpty()) return true;
  } else {
    out.path = QFile::decodeName(QByteArray::fromStdString(file));
    std::int64_t id = 0;
    switch (classify_run_part(part, &id)) {
      case RunPart::Id: out.run = id; return true;
      case RunPart::Name:
        try {
          out.run = run_named(RunStore(file, RunStore::Mode::ReadOnly).runs(), part, file);
          return true;
        } catch (const std::exception& e) {
          error = QStringLiteral("--%1: %2").arg(option, i18n::errorText(e));
          return false;
        }
      case RunPart::Invalid: break;
    }
  }
  error = Gui::tr("--%1: expected FILE, FILE:RUN or FILE:NAME (RUN a run id of 1 or more, NAME a run's name), got '%2'")
              .arg(option, v);
  return false;
}

/// `screenshot --replay`: reads the stored run (and the overlay) as File > Open does, shows
/// `shownStep` (-1: the last), waits for that step's per-layer statistics to be read, then
/// writes the dashboard (or the window).
int screenshotOfStoredRun(QApplication& app, MainWindow& window, const StoredRef& replay, const StoredRef& overlay,
                          qint64 shownStep, const QString& out, const ExportOptions& options, bool wholeWindow) {
  int code = 0;
  auto write = [&] {
    QString error;
    const StoredRun* run = window.replayedRun();
    if (!(wholeWindow ? window.grabWindowTo(out, &error) : window.exportDashboardTo(out, options, &error)))
      code = fail(error, 1);
    else
      std::printf("%s\n", qPrintable(Gui::tr("wrote %1 (run %2 of %3, %n steps)", nullptr, static_cast<int>(run->summary().steps))
                                        .arg(out)
                                        .arg(run->runId())
                                        .arg(QFileInfo(run->path()).fileName())));
    app.exit(code);
  };
  // The histograms' step is read off the GUI thread when they ask for it: wait for it (at most
  // 60 s: a step whose statistics cannot be read is drawn without them).
  auto waitForStats = [&] {
    if (shownStep >= 0) window.showStep(shownStep);
    auto* timer = new QTimer(&window);
    QElapsedTimer clock;
    clock.start();
    QObject::connect(timer, &QTimer::timeout, &window, [&, timer, clock] {
      const StepHistory& h = window.replayedRun()->history();
      const bool ready = h.statsSteps().empty() || (shownStep >= 0 ? h.statsAt(shownStep) : h.latestStats()) != nullptr;
      if (!ready && clock.elapsed() < 60000) return;
      timer->stop();
      QTimer::singleShot(0, &window, write);  // after the charts took the statistics in
    });
    timer->start(20);
  };
  window.openReplay(replay.path, replay.run, [&](bool ok, const QString& error) {
    if (!ok) {
      code = fail(QStringLiteral("screenshot: --replay: %1").arg(error), 1);
      app.exit(code);
      return;
    }
    if (overlay.path.isEmpty()) return waitForStats();
    window.openOverlay(overlay.path, overlay.run, [&](bool overlaid, const QString& why) {
      if (!overlaid) {
        code = fail(QStringLiteral("screenshot: --overlay: %1").arg(why), 1);
        app.exit(code);
        return;
      }
      waitForStats();
    });
  });
  return app.exec();
}

/// Trains `steps` steps of a preset with no window shown, then writes the dashboard.
int runScreenshot(QApplication& app) {
  QCommandLineParser p;
  p.setApplicationDescription(Gui::tr("Render the dashboard of a preset after N steps, or of a stored run, to a PNG, "
                                      "PDF or SVG file."));
  addCommonOptions(p);
  p.addOption({QStringLiteral("steps"), Gui::tr("Optimizer steps to train first."), QStringLiteral("n"), QStringLiteral("300")});
  p.addOption({QStringLiteral("replay"),
               Gui::tr("Draw a stored run instead of training a preset (FILE:RUN, RUN its id or its name, or FILE for its latest run): "
                       "`record`'s, the probe's, the window's."),
               QStringLiteral("file[:run]")});
  p.addOption({QStringLiteral("overlay"), Gui::tr("With --replay: a second stored run over the loss and scale charts."),
               QStringLiteral("file[:run]")});
  p.addOption({QStringLiteral("step"),
               Gui::tr("With --replay: the step whose per-layer statistics the histograms show (default: the last)."),
               QStringLiteral("n")});
  p.addOption({QStringLiteral("out"), Gui::tr("Output file (.png, .pdf or .svg)."), Gui::tr("file")});
  p.addOption({QStringLiteral("size"), Gui::tr("Figure size in px/pt, WxH."), QStringLiteral("WxH"), QStringLiteral("1600x1000")});
  p.addOption({QStringLiteral("scale"), Gui::tr("PNG pixels per unit."), QStringLiteral("f"), QStringLiteral("1")});
  p.addOption({QStringLiteral("window"), Gui::tr("Capture the whole window with its panels (PNG only) instead of the figure.")});
  QStringList args = app.arguments();
  args.removeAt(1);  // "screenshot"
  if (!p.parse(args))
    return fail(parseError(p, {{"output", "out"}, {"file", "out"}, {"store", "replay"}, {"run", "replay"},
                               {"dpi", "scale"}, {"width", "size"}, {"height", "size"}, {"geometry", "size"}}),
                2);
  if (p.isSet(QStringLiteral("help"))) {
    std::fputs(qPrintable(helpFor(p, QStringLiteral("ampscope screenshot"))), stdout);
    return 0;
  }
  bool ok = false;
  const qint64 steps = p.value(QStringLiteral("steps")).toLongLong(&ok);
  if (!ok || steps < 1 || steps > 1000000)
    return fail(Gui::tr("screenshot: --steps must be an integer in [1, 1000000]"), 2);
  // A stored run (--replay) or a preset trained now (--preset, --steps): one or the other.
  StoredRef replay, overlay;
  QString refError;
  if (!storedRef(p, QStringLiteral("replay"), replay, refError) || !storedRef(p, QStringLiteral("overlay"), overlay, refError))
    return fail(QStringLiteral("screenshot: %1").arg(refError), 2);
  const bool replaying = !replay.path.isEmpty();
  if (replaying && (p.isSet(QStringLiteral("preset")) || p.isSet(QStringLiteral("steps"))))
    return fail(Gui::tr("screenshot: --replay draws a stored run; --preset and --steps train one: give one or the other"), 2);
  if (!replaying && (p.isSet(QStringLiteral("overlay")) || p.isSet(QStringLiteral("step"))))
    return fail(Gui::tr("screenshot: --overlay and --step need --replay"), 2);
  qint64 shownStep = -1;
  if (p.isSet(QStringLiteral("step"))) {
    shownStep = p.value(QStringLiteral("step")).toLongLong(&ok);
    if (!ok || shownStep < 0) return fail(Gui::tr("screenshot: --step must be a step number >= 0"), 2);
  }
  const QString out = p.value(QStringLiteral("out"));
  if (out.isEmpty()) return fail(Gui::tr("screenshot: --out FILE.png|.pdf|.svg is required"), 2);
  if (!exportFormatFor(out)) return fail(Gui::tr("screenshot: --out must end in .png, .pdf or .svg"), 2);
  ExportOptions options;
  const QStringList wh = p.value(QStringLiteral("size")).split(QLatin1Char('x'));
  const int w = wh.value(0).toInt(), h = wh.value(1).toInt();
  if (wh.size() != 2 || w < 100 || h < 100 || w > 20000 || h > 20000)
    return fail(Gui::tr("screenshot: --size must be WxH with W and H in [100, 20000], e.g. 1600x1000"), 2);
  options.size = QSize(w, h);
  options.scale = p.value(QStringLiteral("scale")).toDouble(&ok);
  // NaN compares false with everything: test for it (a NaN scale would train, then fail to paint).
  if (!ok || !std::isfinite(options.scale) || options.scale <= 0 || options.scale > 8)
    return fail(Gui::tr("screenshot: --scale must be a number in (0, 8]"), 2);
  // A PNG larger than QImage can hold would fail only after the training: refuse it now.
  if (*exportFormatFor(out) == ExportFormat::Png &&
      (w * options.scale > 32767 || h * options.scale > 32767 || w * options.scale * h * options.scale > 268435456.0))
    return fail(Gui::tr("screenshot: --size %1x%2 at --scale %3 is too large a PNG: at most 32767 pixels a side and "
                        "2^28 pixels in all")
                    .arg(w)
                    .arg(h)
                    .arg(options.scale),
                2);
  try {
    findPreset(p.value(QStringLiteral("preset")));
  } catch (const std::exception& e) {
    return fail(QStringLiteral("screenshot: %1").arg(i18n::errorText(e)), 2);
  }

  const bool wholeWindow = p.isSet(QStringLiteral("window"));
  if (wholeWindow && *exportFormatFor(out) != ExportFormat::Png)
    return fail(Gui::tr("screenshot: --window writes PNG only"), 2);
  MainWindow window;  // shown only for --window, and then on the offscreen platform
  window.setTheme(p.isSet(QStringLiteral("dark")), p.isSet(QStringLiteral("presentation")));
  if (wholeWindow) {
    window.resize(options.size);
    window.show();
  }
  if (replaying) return screenshotOfStoredRun(app, window, replay, overlay, shownStep, out, options, wholeWindow);
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
        std::printf("%s\n", qPrintable(Gui::tr("wrote %1 (%n steps)", nullptr, static_cast<int>(window.controller()->stepsDone()))
                                          .arg(out)));
    }
    app.exit(code);
  });
  window.controller()->start();
  return app.exec();
}

int runWindow(QApplication& app) {
  QCommandLineParser p;
  addWindowOptions(p);
  const QString defaultStore = defaultStorePath();
  if (!p.parse(app.arguments()))
    return fail(parseError(p, {{"out", "store"}, {"output", "store"}, {"db", "store"}, {"open", "replay"},
                               {"load", "replay"}, {"file", "replay"}, {"watch", "follow"}, {"tail", "follow"},
                               {"large-fonts", "presentation"}, {"classroom", "presentation"}, {"screenshot", "grab"}}),
                2);
  if (p.isSet(QStringLiteral("help"))) {
    std::fputs(qPrintable(helpFor(p, QStringLiteral("ampscope"))), stdout);
    return 0;
  }
  const QString store = p.isSet(QStringLiteral("store")) ? p.value(QStringLiteral("store")) : defaultStore;
  if (store.isEmpty()) return fail(Gui::tr("--store: the file name is empty"), 2);
  StoredRef replay, overlay;
  QString refError;
  if (!storedRef(p, QStringLiteral("replay"), replay, refError) || !storedRef(p, QStringLiteral("overlay"), overlay, refError))
    return fail(refError, 2);
  std::optional<FollowTarget> follow;  // --follow (runs/follow_controller.h)
  if (p.isSet(QStringLiteral("follow")) && !(follow = FollowTarget::parse(p.value(QStringLiteral("follow")), &refError)))
    return fail(refError, 2);
  const QString grab = p.value(QStringLiteral("grab"));
  bool delayOk = false;
  const int grabDelay = p.value(QStringLiteral("grab-delay")).toInt(&delayOk);
  if (!delayOk || grabDelay < 0 || grabDelay > 600000) return fail(Gui::tr("--grab-delay must be in [0, 600000] ms"), 2);
  MainWindow window;
  window.setStorePath(store);
  window.restoreSettings();  // theme, layout, view toggles; saved again on close
  if (p.isSet(QStringLiteral("dark"))) window.setTheme(true, window.presentationMode());
  if (p.isSet(QStringLiteral("presentation"))) window.setTheme(window.darkTheme(), true);
  window.show();
  // No --preset: the last session's preset and settings.
  const QString preset = p.isSet(QStringLiteral("preset")) ? p.value(QStringLiteral("preset")) : QString();
  // --follow and --replay: the window shows a run that is not its own, so the default demo is
  // built but not started (nor recorded, nor using the cores) until Start.
  const bool paused = p.isSet(QStringLiteral("paused")) || follow || p.isSet(QStringLiteral("replay"));
  // Build the session off the GUI thread once the window is on screen: something shows at once.
  QTimer::singleShot(0, &window, [&window, preset, paused] { window.openAtLaunch(preset, !paused); });
  // Both read off the GUI thread (run 0: the store's latest run, looked up there too).
  int code = 0;
  if (!replay.path.isEmpty() || !overlay.path.isEmpty()) {
    QTimer::singleShot(0, &window, [&window, &code, replay, overlay] {
      auto overlayIt = [&window, &code, overlay] {
        if (overlay.path.isEmpty()) return;
        window.openOverlay(overlay.path, overlay.run, [&window, &code](bool ok, const QString& error) {
          if (ok) return;
          code = 1;
          fail(Gui::tr("--overlay: %1").arg(error), 1);
          window.warnCannotOverlay(error);  // the window, not only the terminal, says why
        });
      };
      if (replay.path.isEmpty()) {
        overlayIt();
        return;
      }
      window.openReplay(replay.path, replay.run, [&window, &code, overlayIt](bool ok, const QString& error) {
        if (!ok) {
          code = 1;
          fail(Gui::tr("--replay: %1").arg(error), 1);
          window.warnCannotReplay(error);
        }
        overlayIt();
      });
    });
  }
  if (follow) FollowController::of(&window)->follow(*follow);  // --follow: polls off the GUI thread
  if (!grab.isEmpty()) {
    // The grab waits for a --replay or --overlay still loading: the picture is of the runs asked for.
    auto* grabTimer = new QTimer(&window);
    grabTimer->setInterval(50);
    QObject::connect(grabTimer, &QTimer::timeout, &window, [&window, &app, &code, grab, grabTimer] {
      if (window.isOpeningReplay() || window.isOpeningOverlay() || FollowController::of(&window)->isLoading()) return;
      grabTimer->stop();
      QString error;
      if (!window.grabWindowTo(grab, &error)) code = fail(error, 1);
      app.exit(code);
    });
    QTimer::singleShot(grabDelay, grabTimer, [grabTimer] { grabTimer->start(); });
  }
  const int rc = app.exec();
  return rc != 0 ? rc : code;
}

}  // namespace

std::string window_options_help() {
  setApplicationNames();  // for the default store's path in --store's text (--help exits after)
  QCommandLineParser p;
  addWindowOptions(p);
  // The options' lines, without the usage line, the description and Qt's "Options:" heading.
  const QString options = p.helpText().section(QStringLiteral("\n\n"), 1);
  return options.section(QLatin1Char('\n'), 1).toStdString();
}

int gui_main(int argc, char** argv, const std::optional<std::string>& lang) {
  const bool screenshot = argc > 1 && std::strcmp(argv[1], "screenshot") == 0;
  // The screenshot never shows a window: it needs no display.
  if (screenshot && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  // The offscreen platform says this of every window it is asked to size (twice per
  // `screenshot --window`), which is no news to anyone reading the command's output. Nor is a
  // missing XDG_RUNTIME_DIR where there is no display (a CI job, ssh, a container): Qt then
  // takes /tmp/runtime-USER itself, and nothing the command writes goes there.
  static QtMessageHandler qtHandler = nullptr;
  static bool offscreen = false;
  offscreen = qgetenv("QT_QPA_PLATFORM") == "offscreen";
  qtHandler = qInstallMessageHandler([](QtMsgType type, const QMessageLogContext& context, const QString& text) {
    if (type == QtWarningMsg && text == QLatin1String("This plugin does not support propagateSizeHints()")) return;
    if (type == QtWarningMsg && offscreen && text.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set")))
      return;
    if (qtHandler) qtHandler(type, context, text);
  });
  QApplication app(argc, argv);
  setApplicationNames();
  QApplication::setApplicationVersion(QStringLiteral(AMPSCOPE_UI_VERSION));
  // The window's icon; the desktop file name lets a Wayland shell match the window to its menu
  // entry (resources/ampscope.desktop, installed by `cmake --install`).
  initIconResource();
  QApplication::setWindowIcon(QIcon(QStringLiteral(":/ampscope.svg")));
  QGuiApplication::setDesktopFileName(QStringLiteral("ampscope"));
  std::setlocale(LC_NUMERIC, "C");  // QApplication took the environment's; our numbers stay "C"
  // --lang beats the View > Language setting, which beats the system's language.
  const QString language =
      i18n::startupLanguage(lang, QSettings().value(QLatin1String(kLanguageSettingsKey)).toString());
  if (language.isEmpty()) {
    i18n::installLanguage(i18n::systemLanguage());
    return fail(i18n::unknownLanguageMessage(QString::fromStdString(*lang)), 2);
  }
  i18n::installLanguage(language);
  // Sessions train beside the window's thread, which draws every step: their BLAS threads leave
  // it a core (compute_threads.h).
  set_gui_process(true);
  try {
    return screenshot ? runScreenshot(app) : runWindow(app);
  } catch (const std::exception& e) {
    return fail(i18n::errorText(e), 1);
  }
}

}  // namespace ampscope::ui
