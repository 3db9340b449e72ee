#include "translations.h"

#include <QFile>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace ampscope::i18n {

namespace {
QTranslator* g_app = nullptr;  // ampscope_<code>.qm
QTranslator* g_qt = nullptr;   // Qt's qtbase_<code>.qm (standard dialogs, QCommandLineParser)
QString g_current = QStringLiteral("en");

QString catalogue(const QString& code) { return QStringLiteral(":/i18n/ampscope_%1.qm").arg(code); }

void drop(QTranslator*& t) {
  if (!t) return;
  QCoreApplication::removeTranslator(t);
  delete t;
  t = nullptr;
}
}  // namespace

QStringList shippedLanguages() {
  QStringList codes{QStringLiteral("en")};
  for (const char* c : {"de", "ja", "zh_CN", "zh_TW"})
    if (QFile::exists(catalogue(QString::fromLatin1(c)))) codes << QString::fromLatin1(c);
  return codes;
}

QString nativeLanguageName(const QString& code) {
  if (code == QLatin1String("en")) return QStringLiteral("English");
  if (code == QLatin1String("de")) return QStringLiteral("Deutsch");
  if (code == QLatin1String("ja")) return QStringLiteral("\u65E5\u672C\u8A9E");
  if (code == QLatin1String("zh_CN")) return QStringLiteral("\u7B80\u4F53\u4E2D\u6587");
  if (code == QLatin1String("zh_TW")) return QStringLiteral("\u7E41\u9AD4\u4E2D\u6587");
  return code;
}

QString resolveLanguage(const QString& requested) {
  QString r = requested.trimmed();
  r.replace(QLatin1Char('-'), QLatin1Char('_'));
  r = r.section(QLatin1Char('.'), 0, 0).section(QLatin1Char('@'), 0, 0);  // "de_DE.UTF-8@euro"
  if (r.isEmpty()) return {};
  if (r.compare(QLatin1String("C"), Qt::CaseInsensitive) == 0 || r.compare(QLatin1String("POSIX"), Qt::CaseInsensitive) == 0)
    return QStringLiteral("en");
  const QLocale loc(r);
  QString code;
  switch (loc.language()) {
    case QLocale::English: code = QStringLiteral("en"); break;
    case QLocale::German: code = QStringLiteral("de"); break;
    case QLocale::Japanese: code = QStringLiteral("ja"); break;
    case QLocale::Chinese: {
      // Traditional script, or a territory that writes it without naming the script.
      const bool traditional = loc.script() == QLocale::TraditionalHanScript ||
                               r.contains(QLatin1String("hant"), Qt::CaseInsensitive) ||
                               (!r.contains(QLatin1String("hans"), Qt::CaseInsensitive) &&
                                (loc.territory() == QLocale::Taiwan || loc.territory() == QLocale::HongKong ||
                                 loc.territory() == QLocale::Macao));
      code = traditional ? QStringLiteral("zh_TW") : QStringLiteral("zh_CN");
      break;
    }
    default: return {};
  }
  // QLocale maps names it does not know to C or to a default; insist that the user's language
  // part really names that language ("deutsch" or "xx" must not become something).
  const QString lang = r.section(QLatin1Char('_'), 0, 0).toLower();
  static const QStringList accepted{QStringLiteral("en"), QStringLiteral("de"), QStringLiteral("ja"), QStringLiteral("zh")};
  if (!accepted.contains(lang)) return {};
  return shippedLanguages().contains(code) ? code : QString();
}

QString systemLanguage() {
  for (const QString& ui : QLocale::system().uiLanguages()) {
    const QString code = resolveLanguage(ui);
    if (!code.isEmpty()) return code;
  }
  return QStringLiteral("en");
}

bool installLanguage(const QString& code) {
  if (!QCoreApplication::instance()) return false;
  drop(g_app);
  drop(g_qt);
  g_current = QStringLiteral("en");
  if (!shippedLanguages().contains(code)) return false;
  // English has a catalogue too: it holds the plural forms ("1 step", "2 steps").
  auto* app = new QTranslator;
  if (!app->load(catalogue(code))) {
    delete app;
    return code == QLatin1String("en") ? (g_current = code, true) : false;
  }
  QCoreApplication::installTranslator(app);
  g_app = app;
  if (code != QLatin1String("en")) {
    auto* qt = new QTranslator;
    if (qt->load(QStringLiteral("qtbase_") + code, QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
      QCoreApplication::installTranslator(qt);
      g_qt = qt;
    } else {
      delete qt;  // optional: standard dialogs stay English
    }
  }
  g_current = code;
  return true;
}

QString currentLanguage() { return g_current; }

QString unknownLanguageMessage(const QString& requested) {
  const QString list = shippedLanguages().join(QStringLiteral(", "));
  if (requested.trimmed().isEmpty())
    return QCoreApplication::translate("Language", "--lang needs a language code; this build speaks: %1").arg(list);
  return QCoreApplication::translate("Language", "--lang '%1': not a language this build speaks; choose one of: %2")
      .arg(requested, list);
}

std::optional<std::string> takeLangOption(std::vector<std::string>& args) {
  std::optional<std::string> lang;
  for (std::size_t i = 0; i < args.size();) {
    if (args[i] == "--lang") {
      lang = i + 1 < args.size() ? args[i + 1] : std::string();
      args.erase(args.begin() + static_cast<std::ptrdiff_t>(i),
                 args.begin() + static_cast<std::ptrdiff_t>(std::min(i + 2, args.size())));
    } else if (args[i].rfind("--lang=", 0) == 0) {
      lang = args[i].substr(7);
      args.erase(args.begin() + static_cast<std::ptrdiff_t>(i));
    } else {
      ++i;
    }
  }
  return lang;
}

QString startupLanguage(const std::optional<std::string>& requested, const QString& saved) {
  if (requested) return resolveLanguage(QString::fromStdString(*requested));
  if (!saved.isEmpty() && saved != QLatin1String("system")) {
    const QString code = resolveLanguage(saved);
    if (!code.isEmpty()) return code;
  }
  return systemLanguage();
}

}  // namespace ampscope::i18n
