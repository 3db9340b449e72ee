#include "presets/preset_parse.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <stdexcept>

#include <ampscope/user_text.h>

namespace ampscope::ui {

ParsedPreset parsePreset(const QByteArray& json, const QString& file) {
  // "preset <file>: <problem>", the problem translatable.
  const auto bad = [&](TextTemplate problem, std::vector<UserText::Arg> args = {}) {
    return UserInvalidArgument(UserText::untranslated("preset %1: %2", {file.toStdString(), UserText(problem, std::move(args))}));
  };
  QJsonParseError err{};
  const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
  if (doc.isNull())
    throw UserInvalidArgument(UserText::untranslated("preset %1: %2", {file.toStdString(), err.errorString().toStdString()}));
  if (!doc.isObject()) throw bad(AMPSCOPE_TR_NOOP("PresetParse", "expected a JSON object"));
  const QJsonObject o = doc.object();
  for (const char* key : {"name", "title", "description"}) {
    const QJsonValue v = o.value(QLatin1String(key));
    if (!v.isUndefined() && !v.isString())
      throw bad(AMPSCOPE_TR_NOOP("PresetParse", "\"%1\" must be a string"), {key});
  }
  ParsedPreset out;
  Preset& p = out.preset;
  p.name = o.value(QStringLiteral("name")).toString();
  p.title = o.value(QStringLiteral("title")).toString();
  p.description = o.value(QStringLiteral("description")).toString();
  if (p.name.isEmpty()) throw bad(AMPSCOPE_TR_NOOP("PresetParse", "no name"));
  const QJsonValue order = o.value(QStringLiteral("order"));
  if (!order.isUndefined()) {
    // toInt() would silently turn 1.5, 1e30 or "3" into something else.
    const double d = order.toDouble();
    if (!order.isDouble() || !(d >= -1e9 && d <= 1e9) || d != std::floor(d))
      throw bad(AMPSCOPE_TR_NOOP("PresetParse", "\"%1\" must be an integer within +-1e9"), {"order"});
    out.order = static_cast<int>(d);
  }
  const QJsonValue story = o.value(QStringLiteral("story"));
  if (!story.isUndefined()) {
    // One to three distinct chart names: more would not fill one projected page readably.
    const QStringList known = storyChartNames();
    if (!story.isArray() || story.toArray().isEmpty() || story.toArray().size() > 3)
      throw bad(AMPSCOPE_TR_NOOP("PresetParse", "\"%1\" must list one to three of: %2"),
                {"story", known.join(QStringLiteral(", ")).toStdString()});
    for (const QJsonValue& v : story.toArray()) {
      const QString chart = v.toString();
      if (!v.isString() || !known.contains(chart) || p.story.contains(chart))
        throw bad(AMPSCOPE_TR_NOOP("PresetParse", "\"%1\" must list one to three of: %2"),
                  {"story", known.join(QStringLiteral(", ")).toStdString()});
      p.story << chart;
    }
  }
  const QJsonValue cfg = o.value(QStringLiteral("config"));
  if (!cfg.isObject()) throw bad(AMPSCOPE_TR_NOOP("PresetParse", "\"%1\" must be a JSON object"), {"config"});
  const QByteArray text = QJsonDocument(cfg.toObject()).toJson(QJsonDocument::Compact);
  try {
    p.config = SessionConfig::from_json(text.toStdString());
  } catch (const std::invalid_argument& e) {
    throw UserInvalidArgument(UserText::untranslated("preset %1: %2", {p.name.toStdString(), user_text_of(e)}));
  }
  return out;
}

QStringList storyChartNames() {
  return {QStringLiteral("loss"), QStringLiteral("scale"), QStringLiteral("layer-counts"), QStringLiteral("histogram"),
          QStringLiteral("layer-history")};
}

}  // namespace ampscope::ui
