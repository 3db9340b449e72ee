#pragma once
// Runs the GUI tests share: a preset trained to its end in a window, and a small finished run
// written to a store for the tests that replay one.
#include "presets/presets.h"
#include "runs/session_controller.h"
#include "shell/main_window.h"

#include <ampscope/run_store.h>
#include <ampscope/training_session.h>

#include <QFile>
#include <QSignalSpy>
#include <QTest>

#include <cstdint>
#include <vector>

namespace ampscope::test {

/// Loads preset `name` for `steps` steps into `w`, trains it to the end and lets the window
/// take the last steps in. A failure inside returns early; the caller's test has failed then.
inline void runPreset(ui::MainWindow& w, const QString& name, std::int64_t steps) {
  QVERIFY(w.loadPreset(name, steps));
  QSignalSpy finished(w.controller(), &ui::SessionController::runFinished);
  w.controller()->start();
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
  QCoreApplication::processEvents();
}

/// Writes a finished run of the default preset's shape with `steps` empty step records into the
/// store at `path` and returns its id.
inline std::int64_t writeFinishedRun(const QString& path, int steps) {
  TrainingSession shape(ui::findPreset(QStringLiteral("default")).config);
  RunStore s(QFile::encodeName(path).toStdString());
  const std::int64_t id = s.create_run(shape.config(), shape.layers(), "cpu", "fp16 (emulated)");
  std::vector<StepRecord> records(static_cast<std::size_t>(steps));
  for (int i = 0; i < steps; ++i) records[static_cast<std::size_t>(i)].step = i;
  s.append_steps(id, records);
  s.set_status(id, "finished");
  return id;
}

}  // namespace ampscope::test
