// The shipped catalogues against the current sources: lupdate runs over app/, ui/, i18n/ and the
// core's sources (its AMPSCOPE_TR_NOOP message templates) into temporary copies of
// resources/translations/*.ts, and every message must then be
// translated (not unfinished, not empty) in every shipped language, with the same
// placeholders (%1.., %n) as its source and the right number of plural forms. The presets'
// titles and explanations (JSON, listed in ui/presets/preset_strings.cpp) must be among them. Also: the
// compiled catalogues are in the binary and a user's language code maps onto them.
#include "translations.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QHash>
#include <QSet>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

namespace {

struct Message {
  QString context, source;
  bool numerus = false;
  bool unfinished = false;
  QStringList forms;  // one for a plain message
};

QList<Message> readTs(const QString& path, QString* language) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  QXmlStreamReader xml(&f);
  QList<Message> out;
  QString context;
  Message msg;
  bool skip = false;
  while (!xml.atEnd()) {
    xml.readNext();
    if (xml.isStartElement()) {
      const auto name = xml.name();
      if (name == QLatin1String("TS")) {
        if (language) *language = xml.attributes().value(QLatin1String("language")).toString();
      } else if (name == QLatin1String("name")) {
        context = xml.readElementText();
      } else if (name == QLatin1String("message")) {
        msg = Message{};
        msg.context = context;
        msg.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        skip = false;
      } else if (name == QLatin1String("source")) {
        msg.source = xml.readElementText();
      } else if (name == QLatin1String("translation")) {
        const QString type = xml.attributes().value(QLatin1String("type")).toString();
        skip = type == QLatin1String("vanished") || type == QLatin1String("obsolete");
        msg.unfinished = type == QLatin1String("unfinished");
        if (!msg.numerus) msg.forms << xml.readElementText();
      } else if (name == QLatin1String("numerusform")) {
        msg.forms << xml.readElementText();
      }
    } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
      if (!skip) out << msg;
    }
  }
  if (xml.hasError()) return {};
  return out;
}

/// "%1", "%2", "%n", "%L1": sorted, with repeats counted once.
QStringList placeholders(const QString& text) {
  static const QRegularExpression re(QStringLiteral("%L?(n|[1-9][0-9]?)"));
  QSet<QString> set;
  for (auto it = re.globalMatch(text); it.hasNext();) set.insert(it.next().captured(1));
  QStringList list(set.begin(), set.end());
  list.sort();
  return list;
}

int pluralForms(const QString& language) {
  if (language.startsWith(QLatin1String("ja")) || language.startsWith(QLatin1String("zh"))) return 1;
  return 2;  // en, de: one, other
}

}  // namespace

class TestI18nCatalog : public QObject {
  Q_OBJECT

  QTemporaryDir m_dir;
  QStringList m_updated;  // the temporary, lupdate'd copies

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    const QStringList shipped = QString::fromUtf8(AMPSCOPE_TS_FILES).split(QLatin1Char('|'), Qt::SkipEmptyParts);
    QCOMPARE(shipped.size(), 5);  // en (plural forms) + de, ja, zh_CN, zh_TW
    for (const QString& ts : shipped) {
      const QString copy = m_dir.filePath(QFileInfo(ts).fileName());
      QVERIFY2(QFile::copy(ts, copy), qPrintable(ts));
      QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
      m_updated << copy;
    }
    // The same lupdate call as the ampscope_update_translations target (its options include the
    // aliases that make lupdate read the core's AMPSCOPE_TR_NOOP templates).
    QStringList args = QString::fromUtf8(AMPSCOPE_LUPDATE_OPTIONS).split(QLatin1Char('|'), Qt::SkipEmptyParts);
    QVERIFY2(args.join(QLatin1Char(' ')).contains(QLatin1String("QT_TRANSLATE_NOOP+=AMPSCOPE_TR_NOOP")),
             qPrintable(args.join(QLatin1Char(' '))));
    args << QString::fromUtf8(AMPSCOPE_TR_SOURCE_DIRS).split(QLatin1Char('|'), Qt::SkipEmptyParts);
    args << QStringLiteral("-ts") << m_updated;
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QStringLiteral(AMPSCOPE_LUPDATE), args);
    QVERIFY(p.waitForFinished(60000));
    QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, p.readAll().constData());
  }

  void every_source_string_is_translated_data() {
    QTest::addColumn<QString>("ts");
    for (const QString& ts : m_updated) QTest::newRow(qPrintable(QFileInfo(ts).baseName())) << ts;
  }
  void every_source_string_is_translated() {
    QFETCH(QString, ts);
    QString language;
    const QList<Message> messages = readTs(ts, &language);
    QVERIFY2(messages.size() > 300, qPrintable(QStringLiteral("only %1 messages in %2").arg(messages.size()).arg(ts)));
    const bool english = language == QLatin1String("en");
    QStringList problems;
    int checked = 0;
    for (const Message& m : messages) {
      // English is the source language: its catalogue only has to say the plural forms.
      if (english && !m.numerus) continue;
      ++checked;
      const QString where = QStringLiteral("[%1] %2: \"%3\"").arg(language, m.context, m.source.left(70));
      if (m.unfinished) {
        problems << where + QStringLiteral(" is not translated");
        continue;
      }
      if (m.numerus && m.forms.size() != pluralForms(language))
        problems << where + QStringLiteral(" has %1 plural forms, %2 expected").arg(m.forms.size()).arg(pluralForms(language));
      const QStringList want = placeholders(m.source);
      for (const QString& form : m.forms) {
        if (form.trimmed().isEmpty()) problems << where + QStringLiteral(" has an empty translation");
        else if (placeholders(form) != want)
          problems << where + QStringLiteral(" placeholders %1, translation \"%2\" has %3")
                                  .arg(want.join(QLatin1Char(',')), form.left(70), placeholders(form).join(QLatin1Char(',')));
      }
    }
    qInfo("%s: %d messages, %d checked", qPrintable(language), int(messages.size()), checked);
    QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("%1 problem(s) (add the translations, e.g. with linguist, "
                                                           "after `cmake --build BUILD --target ampscope_update_translations`):\n")
                                                .arg(problems.size()) +
                                            problems.join(QLatin1Char('\n'))));
  }

  void core_messages_are_extracted() {
    // The core's templates reach the catalogues only through lupdate's aliases: if the options
    // lost them, the core's messages would silently stay English.
    QString language;
    QHash<QString, int> perContext;
    bool plural = false;
    for (const Message& m : readTs(m_updated.at(1), &language)) {
      if (m.context.startsWith(QLatin1String("ampscope::"))) ++perContext[m.context];
      if (m.context == QLatin1String("ampscope::TrainingSession") && m.source == QLatin1String("finished after %n steps"))
        plural = m.numerus;
    }
    for (const char* context : {"ampscope::SessionConfig", "ampscope::TrainingSession", "ampscope::RunStore",
                                "ampscope::Dataset", "ampscope::GradScalerOptions", "ampscope::ModelZoo",
                                "ampscope::Precision"})
      QVERIFY2(perContext.value(QLatin1String(context)) > 0, context);
    QVERIFY2(perContext.value(QStringLiteral("ampscope::SessionConfig")) >= 10, "the configuration checks");
    QVERIFY2(plural, "AMPSCOPE_TR_N_NOOP templates are extracted with plural forms");
  }

  void shipped_presets_are_translated() {
    // Their texts live in JSON; ui/presets/preset_strings.cpp must list them word for word.
    QString language;
    QSet<QString> translatable;
    for (const Message& m : readTs(m_updated.at(1), &language))
      if (m.context == QLatin1String("Preset")) translatable.insert(m.source);
    const QDir presets(QStringLiteral(AMPSCOPE_SOURCE_DIR "/resources/presets"));
    const QStringList files = presets.entryList({QStringLiteral("*.json")}, QDir::Files);
    QVERIFY(files.size() >= 6);
    QStringList missing;
    for (const QString& file : files) {
      QFile f(presets.filePath(file));
      QVERIFY(f.open(QIODevice::ReadOnly));
      const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
      for (const char* key : {"title", "description"}) {
        const QString text = o.value(QLatin1String(key)).toString();
        QVERIFY2(!text.isEmpty(), qPrintable(file + QLatin1Char(' ') + QLatin1String(key)));
        if (!translatable.contains(text)) missing << QStringLiteral("%1 %2: \"%3\"").arg(file, QLatin1String(key), text);
      }
    }
    QVERIFY2(missing.isEmpty(),
             qPrintable(QStringLiteral("add to ui/presets/preset_strings.cpp (QT_TRANSLATE_NOOP(\"Preset\", ...)) and translate:\n") +
                        missing.join(QLatin1Char('\n'))));
  }

  void compiled_catalogues_load() {
    const QStringList shipped = ampscope::i18n::shippedLanguages();
    QCOMPARE(shipped, (QStringList{QStringLiteral("en"), QStringLiteral("de"), QStringLiteral("ja"), QStringLiteral("zh_CN"),
                                   QStringLiteral("zh_TW")}));
    const struct {
      const char* code;
      const char* run;
    } expected[] = {{"de", "&Lauf"}, {"ja", "\u5B9F\u884C(&R)"}, {"zh_CN", "\u8FD0\u884C(&R)"}, {"zh_TW", "\u57F7\u884C(&R)"}};
    for (const auto& e : expected) {
      QVERIFY(ampscope::i18n::installLanguage(QString::fromLatin1(e.code)));
      QCOMPARE(ampscope::i18n::currentLanguage(), QString::fromLatin1(e.code));
      QCOMPARE(QCoreApplication::translate("ampscope::ui::MainWindow", "&Run"), QString::fromUtf8(e.run));
    }
    // English: the source text, with its plural forms from the English catalogue.
    QVERIFY(ampscope::i18n::installLanguage(QStringLiteral("en")));
    QCOMPARE(QCoreApplication::translate("ampscope::ui::MainWindow", "&Run"), QStringLiteral("&Run"));
    QCOMPARE(QCoreApplication::translate("Narrator", "%n inf gradients", nullptr, 1), QStringLiteral("1 inf gradient"));
    QCOMPARE(QCoreApplication::translate("Narrator", "%n inf gradients", nullptr, 37), QStringLiteral("37 inf gradients"));
    QVERIFY(ampscope::i18n::installLanguage(QStringLiteral("de")));
    QCOMPARE(QCoreApplication::translate("Narrator", "step %1: %n clean steps, scale %2 \u2192 %3", nullptr, 1),
             QStringLiteral("Schritt %1: 1 sauberer Schritt, Skala %2 \u2192 %3"));
    QCOMPARE(QCoreApplication::translate("Narrator", "step %1: %n clean steps, scale %2 \u2192 %3", nullptr, 2000),
             QStringLiteral("Schritt %1: 2000 saubere Schritte, Skala %2 \u2192 %3"));
    QVERIFY(!ampscope::i18n::installLanguage(QStringLiteral("fr")));
    QCOMPARE(ampscope::i18n::currentLanguage(), QStringLiteral("en"));
  }

  void language_codes_resolve_data() {
    QTest::addColumn<QString>("requested");
    QTest::addColumn<QString>("code");
    const std::pair<const char*, const char*> cases[] = {
        {"en", "en"},       {"en_US", "en"},        {"C", "en"},       {"de", "de"},       {"de_AT", "de"},
        {"de-CH", "de"},    {"ja", "ja"},           {"ja_JP.UTF-8", "ja"}, {"zh", "zh_CN"}, {"zh_CN", "zh_CN"},
        {"zh-Hans", "zh_CN"}, {"zh_SG", "zh_CN"},   {"zh_TW", "zh_TW"}, {"zh-Hant", "zh_TW"}, {"zh_HK", "zh_TW"},
        {"fr", ""},         {"xx", ""},             {"deutsch", ""},   {"", ""}};
    for (const auto& [in, out] : cases) QTest::newRow(in) << QString::fromLatin1(in) << QString::fromLatin1(out);
  }
  void language_codes_resolve() {
    QFETCH(QString, requested);
    QFETCH(QString, code);
    QCOMPARE(ampscope::i18n::resolveLanguage(requested), code);
  }

  void lang_option_is_taken_anywhere() {
    std::vector<std::string> a{"record", "--lang", "de", "--steps", "3"};
    QCOMPARE(QString::fromStdString(ampscope::i18n::takeLangOption(a).value_or("none")), QStringLiteral("de"));
    QCOMPARE(a, (std::vector<std::string>{"record", "--steps", "3"}));
    std::vector<std::string> b{"--lang=ja", "--help"};
    QCOMPARE(QString::fromStdString(ampscope::i18n::takeLangOption(b).value_or("none")), QStringLiteral("ja"));
    QCOMPARE(b, (std::vector<std::string>{"--help"}));
    std::vector<std::string> c{"demo", "--lang"};
    QCOMPARE(QString::fromStdString(ampscope::i18n::takeLangOption(c).value_or("none")), QString());  // no value
    std::vector<std::string> d{"demo"};
    QVERIFY(!ampscope::i18n::takeLangOption(d).has_value());
    QCOMPARE(ampscope::i18n::startupLanguage(std::string("xx")), QString());
    QCOMPARE(ampscope::i18n::startupLanguage(std::string("zh-TW"), QStringLiteral("de")), QStringLiteral("zh_TW"));
    QCOMPARE(ampscope::i18n::startupLanguage(std::nullopt, QStringLiteral("ja")), QStringLiteral("ja"));
    QCOMPARE(ampscope::i18n::startupLanguage(std::nullopt, QStringLiteral("system")), ampscope::i18n::systemLanguage());
    QCOMPARE(ampscope::i18n::startupLanguage(std::nullopt, QStringLiteral("klingon")), ampscope::i18n::systemLanguage());
  }
};

QTEST_GUILESS_MAIN(TestI18nCatalog)
#include "test_i18n_catalog.moc"
