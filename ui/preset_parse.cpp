#include "preset_parse.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <stdexcept>

namespace ampscope::ui {

ParsedPreset parsePreset(const QByteArray& json, const QString& file) {
  const std::string where = "preset " + file.toStdString();
  QJsonParseError err{};
  const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
  if (doc.isNull()) throw std::invalid_argument(where + ": " + err.errorString().toStdString());
  if (!doc.isObject()) throw std::invalid_argument(where + ": expected a JSON object");
  const QJsonObject o = doc.object();
  for (const char* key : {"name", "title", "description"}) {
    const QJsonValue v = o.value(QLatin1String(key));
    if (!v.isUndefined() && !v.isString())
      throw std::invalid_argument(where + ": \"" + key + "\" must be a string");
  }
  ParsedPreset out;
  Preset& p = out.preset;
  p.name = o.value(QStringLiteral("name")).toString();
  p.title = o.value(QStringLiteral("title")).toString();
  p.description = o.value(QStringLiteral("description")).toString();
  if (p.name.isEmpty()) throw std::invalid_argument(where + ": no name");
  const QJsonValue order = o.value(QStringLiteral("order"));
  if (!order.isUndefined()) {
    // toInt() would silently turn 1.5, 1e30 or "3" into something else.
    const double d = order.toDouble();
    if (!order.isDouble() || !(d >= -1e9 && d <= 1e9) || d != std::floor(d))
      throw std::invalid_argument(where + ": \"order\" must be an integer within +-1e9");
    out.order = static_cast<int>(d);
  }
  const QJsonValue cfg = o.value(QStringLiteral("config"));
  if (!cfg.isObject()) throw std::invalid_argument(where + ": \"config\" must be a JSON object");
  const QByteArray text = QJsonDocument(cfg.toObject()).toJson(QJsonDocument::Compact);
  try {
    p.config = SessionConfig::from_json(text.toStdString());
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("preset " + p.name.toStdString() + ": " + e.what());
  }
  return out;
}

}  // namespace ampscope::ui
