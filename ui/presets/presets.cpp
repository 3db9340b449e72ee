#include "presets/presets.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

#include <algorithm>
#include <stdexcept>

// Q_INIT_RESOURCE must be used outside any namespace; the qrc lives in a static library.
static void initResources() { Q_INIT_RESOURCE(ampscope); }

namespace ampscope::ui {

std::vector<Preset> builtinPresets() {
  static const bool inited = (initResources(), true);
  (void)inited;
  struct Ordered {
    int order;
    Preset preset;
  };
  std::vector<Ordered> found;
  const QDir dir(QStringLiteral(":/presets"));
  for (const QString& file : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
    QFile f(dir.filePath(file));
    if (!f.open(QIODevice::ReadOnly)) throw std::invalid_argument("preset " + file.toStdString() + ": cannot be read");
    ParsedPreset parsed = parsePreset(f.readAll(), file);
    found.push_back({parsed.order, std::move(parsed.preset)});
  }
  std::stable_sort(found.begin(), found.end(), [](const Ordered& a, const Ordered& b) { return a.order < b.order; });
  std::vector<Preset> out;
  for (auto& o : found) out.push_back(std::move(o.preset));
  return out;
}

QStringList presetNames() {
  QStringList names;
  for (const Preset& p : builtinPresets()) names << p.name;
  return names;
}

Preset findPreset(const QString& name) {
  for (Preset& p : builtinPresets())
    if (p.name == name) return p;
  throw std::invalid_argument(QCoreApplication::translate("Preset", "unknown preset '%1' (known: %2)")
                                  .arg(name, presetNames().join(QStringLiteral(", ")))
                                  .toStdString());
}

}  // namespace ampscope::ui
