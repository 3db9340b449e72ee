#include "presets/user_presets.h"

#include "core_text.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStandardPaths>

#include <algorithm>
#include <exception>
#include <numeric>

namespace ampscope::ui {

namespace {
/// The translation context of these messages.
struct Text {
  Q_DECLARE_TR_FUNCTIONS(UserPresets)
};

constexpr qint64 kMaxPresetBytes = 1 << 20;  // a preset is a few hundred bytes; refuse anything huge

QString slug(const QString& title) {
  QString s = title.toLower();
  s.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
  s.remove(QRegularExpression(QStringLiteral("^-+|-+$")));
  if (s.size() > 40) s.truncate(40);
  while (s.endsWith(QLatin1Char('-'))) s.chop(1);
  return s.isEmpty() ? QStringLiteral("preset") : s;
}
}  // namespace

QString userPresetDir() {
  return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("presets"));
}

UserPresets loadUserPresets(const QString& dir) {
  UserPresets out;
  const QDir d(dir);
  if (!d.exists()) return out;
  std::vector<std::pair<Preset, QString>> found;
  for (const QFileInfo& info : d.entryInfoList({QStringLiteral("*.json")}, QDir::Files | QDir::Readable, QDir::Name)) {
    const QString file = info.fileName();
    if (info.size() > kMaxPresetBytes) {
      out.problems << Text::tr("%1: larger than 1 MiB, not a preset").arg(file);
      continue;
    }
    QFile f(info.filePath());
    if (!f.open(QIODevice::ReadOnly)) {
      out.problems << Text::tr("%1: cannot be read (%2)").arg(file, f.errorString());
      continue;
    }
    try {
      Preset p = parsePreset(f.readAll(), file).preset;
      if (p.name != info.completeBaseName()) p.name = info.completeBaseName();  // the file names it
      if (p.title.isEmpty()) p.title = p.name;
      found.emplace_back(std::move(p), info.filePath());
    } catch (const std::exception& e) {
      out.problems << i18n::errorText(e);
    }
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const auto& a, const auto& b) { return a.first.title.localeAwareCompare(b.first.title) < 0; });
  for (auto& [p, file] : found) {
    out.presets.push_back(std::move(p));
    out.files << file;
  }
  return out;
}

QString saveUserPreset(const QString& title, const QString& description, const SessionConfig& config, QString* error,
                       const QString& dir) {
  auto fail = [&](const QString& text) {
    if (error) *error = text;
    return QString();
  };
  const QString t = title.simplified();
  if (t.isEmpty()) return fail(Text::tr("A preset needs a title."));
  SessionConfig c = config;
  c.max_steps = 0;
  c.name.clear();  // the run's name comes from the preset it starts from (its title), when loaded
  try {
    c.validate();
  } catch (const std::exception& e) {
    return fail(Text::tr("This configuration cannot be saved: %1").arg(i18n::errorText(e)));
  }
  if (!QDir().mkpath(dir)) return fail(Text::tr("Cannot create the folder %1").arg(dir));
  const QString base = QStringLiteral("user-") + slug(t);
  QString name = base;
  for (int k = 2; QFileInfo::exists(QDir(dir).filePath(name + QStringLiteral(".json"))); ++k)
    name = base + QStringLiteral("-%1").arg(k);
  QJsonObject o;
  o.insert(QStringLiteral("name"), name);
  o.insert(QStringLiteral("title"), t);
  o.insert(QStringLiteral("description"), description.trimmed());
  o.insert(QStringLiteral("config"), QJsonDocument::fromJson(QByteArray::fromStdString(c.to_json())).object());
  QSaveFile f(QDir(dir).filePath(name + QStringLiteral(".json")));
  if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(o).toJson(QJsonDocument::Indented)) < 0 || !f.commit())
    return fail(Text::tr("Cannot write %1: %2").arg(f.fileName(), f.errorString()));
  return name;
}

bool deleteUserPreset(const QString& name, QString* error, const QString& dir) {
  const UserPresets u = loadUserPresets(dir);
  for (std::size_t i = 0; i < u.presets.size(); ++i) {
    if (u.presets[i].name != name) continue;
    QFile f(u.files[static_cast<int>(i)]);
    if (f.remove()) return true;
    if (error) *error = Text::tr("Cannot delete %1: %2").arg(f.fileName(), f.errorString());
    return false;
  }
  if (error) *error = Text::tr("No user preset named '%1'").arg(name);
  return false;
}

std::vector<Preset> allPresets(QStringList* problems, const QString& dir) {
  std::vector<Preset> out;
  try {
    out = builtinPresets();
  } catch (const std::exception& e) {
    if (problems) *problems << i18n::errorText(e);
  }
  UserPresets u = loadUserPresets(dir);
  for (Preset& p : u.presets) {
    const bool clash = std::any_of(out.begin(), out.end(), [&](const Preset& b) { return b.name == p.name; });
    if (clash) {
      if (problems) *problems << Text::tr("%1.json: the name of a built-in preset, skipped").arg(p.name);
      continue;
    }
    out.push_back(std::move(p));
  }
  if (problems) *problems << u.problems;
  return out;
}

SavePresetDialog::SavePresetDialog(const QString& suggestedTitle, QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Save preset"));
  auto* form = new QFormLayout(this);
  m_title = new QLineEdit(suggestedTitle, this);
  m_title->setMaxLength(120);
  form->addRow(tr("Title"), m_title);
  m_description = new QPlainTextEdit(this);
  m_description->setPlaceholderText(tr("What this run shows, in a few sentences (shown beside the charts)"));
  m_description->setMinimumWidth(420);
  form->addRow(tr("Explanation"), m_description);
  auto* note = new QLabel(tr("Saves the current settings (model, precision, scaler, learning rate, clipping, ...) "
                             "as a preset listed after the built-in ones."),
                          this);
  note->setWordWrap(true);
  form->addRow(note);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
  m_ok = buttons->button(QDialogButtonBox::Save);
  form->addRow(buttons);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto check = [this] { m_ok->setEnabled(!m_title->text().simplified().isEmpty()); };
  connect(m_title, &QLineEdit::textChanged, this, check);
  check();
}

QString SavePresetDialog::title() const { return m_title->text().simplified(); }
QString SavePresetDialog::description() const { return m_description->toPlainText().trimmed(); }

}  // namespace ampscope::ui
