// Parsing one preset file (JSON bytes -> Preset). Needs only Qt Core and core's torch-free
// session types, so that the preset fuzz target (fuzz/fuzz_preset.cpp) builds without Widgets.
// A preset file is {"name", "title", "description", "order", "story", "config": <SessionConfig JSON>}.
#pragma once

#include <ampscope/session_types.h>

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace ampscope::ui {

struct Preset {
  QString name;         ///< what --preset takes: "default", "fault-injection", ...
  QString title;        ///< one line for menus and exported figures
  QString description;  ///< a few sentences for tooltips
  /// The two or three charts that tell this preset's story (their file stems: "loss", "scale",
  /// "layer-counts", "histogram", "layer-history"), filling the first page in presentation
  /// mode. Empty: the dashboard's default story.
  QStringList story;
  SessionConfig config;
};

struct ParsedPreset {
  int order = 100;  ///< display order ("order", default 100)
  Preset preset;
};

/// Parses one preset file's bytes; `file` names it in messages. Throws std::invalid_argument
/// saying what is wrong (not JSON, no name, a config that SessionConfig rejects, ...).
ParsedPreset parsePreset(const QByteArray& json, const QString& file);

/// The chart names a preset's "story" may list, in the dashboard's order.
QStringList storyChartNames();

}  // namespace ampscope::ui
