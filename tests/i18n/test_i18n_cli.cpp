// The command line in other languages: --lang picks the language of help and messages (before
// or after the command), the system's language is the default, an unknown code fails with exit
// status 2 and names the shipped languages, and machine output (the JSON line) stays as it is.
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

namespace {
struct Result {
  int code = -1;
  QString out, err;
};

Result run(const QStringList& args, const QMap<QString, QString>& env = {}, int timeout_ms = 240000) {
  QProcess p;
  QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
  e.insert(QStringLiteral("OPENBLAS_NUM_THREADS"), QStringLiteral("1"));
  for (const QString& k : {QStringLiteral("LANGUAGE"), QStringLiteral("LC_ALL"), QStringLiteral("LC_MESSAGES"), QStringLiteral("LANG")})
    e.remove(k);  // English unless a test says otherwise
  for (auto it = env.begin(); it != env.end(); ++it) e.insert(it.key(), it.value());
  p.setProcessEnvironment(e);
  p.start(QStringLiteral(AMPSCOPE_EXE), args);
  if (!p.waitForFinished(timeout_ms)) {
    p.kill();
    p.waitForFinished();
  }
  return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
          QString::fromUtf8(p.readAllStandardError())};
}
}  // namespace

class TestI18nCli : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void help_in_german() {
    const Result r = run({QStringLiteral("--lang"), QStringLiteral("de"), QStringLiteral("--help")});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("Aufruf:")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("ohne Fenster trainieren und jeden Schritt in einem Laufspeicher aufzeichnen")));
    QVERIFY(!r.out.contains(QStringLiteral("Usage:")));
    // Option names and commands are not translated.
    QVERIFY(r.out.contains(QStringLiteral("ampscope record")));
#ifdef AMPSCOPE_TEST_GUI
    // The main window's options, in German too (their texts are the window's own).
    QVERIFY(r.out.contains(QStringLiteral("Optionen des Hauptfensters (ampscope [options]):")));
    QVERIFY(r.out.contains(QStringLiteral("--follow <file[:run]>")));
    QVERIFY(r.out.contains(QStringLiteral("Millisekunden vor --grab")));
#endif
  }

  void record_help_in_japanese_and_chinese() {
    Result r = run({QStringLiteral("record"), QStringLiteral("--help"), QStringLiteral("--lang=ja")});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("\u4F7F\u3044\u65B9: ampscope record")), qPrintable(r.out));  // 使い方
    QVERIFY(r.out.contains(QStringLiteral("--init-scale")));
    QVERIFY(r.out.contains(QStringLiteral("\u521D\u671F\u640D\u5931\u30B9\u30B1\u30FC\u30EB")));  // 初期損失スケール
    r = run({QStringLiteral("--lang"), QStringLiteral("zh_TW"), QStringLiteral("record"), QStringLiteral("--help")});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("\u521D\u59CB\u640D\u5931\u7E2E\u653E")), qPrintable(r.out));  // 初始損失縮放
    r = run({QStringLiteral("--lang"), QStringLiteral("zh_CN"), QStringLiteral("record"), QStringLiteral("--help")});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("\u521D\u59CB\u635F\u5931\u7F29\u653E")), qPrintable(r.out));  // 初始损失缩放
  }

  void bad_value_message_in_german_exit_2() {
    const Result r = run({QStringLiteral("--lang"), QStringLiteral("de"), QStringLiteral("record"), QStringLiteral("--lr"),
                          QStringLiteral("-1"), QStringLiteral("--out"), QStringLiteral("x.db")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--lr -1: au\u00DFerhalb des Bereichs, erlaubt ist (0, 10]")), qPrintable(r.err));
  }

  void core_messages_in_the_chosen_language() {
    // What the Qt-free core says (configuration checks, the model's layers, datasets, the run
    // store) reaches the terminal through the catalogues too.
    Result r = run({QStringLiteral("--lang"), QStringLiteral("de"), QStringLiteral("record"), QStringLiteral("--model"),
                    QStringLiteral("spiral-mlp"), QStringLiteral("--dataset"), QStringLiteral("clusters"),
                    QStringLiteral("--out"), QStringLiteral("x.db")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--dataset clusters: Modell spiral-mlp trainiert nur auf spirals")), qPrintable(r.err));
    r = run({QStringLiteral("record"), QStringLiteral("--model"), QStringLiteral("spiral-mlp"), QStringLiteral("--dataset"),
             QStringLiteral("clusters"), QStringLiteral("--out"), QStringLiteral("x.db"), QStringLiteral("--lang"),
             QStringLiteral("en")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--dataset clusters: model spiral-mlp trains on spirals only")), qPrintable(r.err));

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    r = run({QStringLiteral("--lang"), QStringLiteral("zh_CN"), QStringLiteral("record"), QStringLiteral("--inject"),
             QStringLiteral("fc9:inf@1"), QStringLiteral("--out"), dir.filePath(QStringLiteral("a.db"))});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--inject fc9:inf@1: 模型 spiral-mlp 没有名为 'fc9' 的层")),
             qPrintable(r.err));  // 模型 spiral-mlp 没有名为 'fc9' 的层

    r = run({QStringLiteral("--lang"), QStringLiteral("ja"), QStringLiteral("record"), QStringLiteral("--model"),
             QStringLiteral("fashion-cnn"), QStringLiteral("--data-dir"), dir.filePath(QStringLiteral("none")),
             QStringLiteral("--steps"), QStringLiteral("1"), QStringLiteral("--out"), dir.filePath(QStringLiteral("b.db"))});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("Fashion-MNIST が見つかりません")),
             qPrintable(r.err));  // が見つかりません
    QVERIFY2(r.err.contains(QStringLiteral("dataset-fashion-mnist")), qPrintable(r.err));

    r = run({QStringLiteral("export"), dir.filePath(QStringLiteral("missing.db")), QStringLiteral("--csv"),
             dir.filePath(QStringLiteral("csv")), QStringLiteral("--lang"), QStringLiteral("zh_TW")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("無法開啟執行紀錄庫")) &&
                 r.err.contains(QStringLiteral("檔案不存在")),
             qPrintable(r.err));  // 無法開啟執行紀錄庫 ... 檔案不存在
  }

  void system_language_is_the_default() {
    const Result r = run({QStringLiteral("--help")}, {{QStringLiteral("LANG"), QStringLiteral("de_DE.UTF-8")},
                                                      {QStringLiteral("LANGUAGE"), QStringLiteral("de")}});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("Aufruf:")), qPrintable(r.out));
    // --lang en beats the system's language.
    const Result en = run({QStringLiteral("--help"), QStringLiteral("--lang"), QStringLiteral("en")},
                          {{QStringLiteral("LANG"), QStringLiteral("de_DE.UTF-8")}, {QStringLiteral("LANGUAGE"), QStringLiteral("de")}});
    QCOMPARE(en.code, 0);
    QVERIFY2(en.out.contains(QStringLiteral("Usage:")), qPrintable(en.out));
  }

  void unknown_language_fails_clearly() {
    Result r = run({QStringLiteral("--lang"), QStringLiteral("xx"), QStringLiteral("--help")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--lang 'xx'")), qPrintable(r.err));
    QVERIFY(r.err.contains(QStringLiteral("en, de, ja, zh_CN, zh_TW")));
    QVERIFY(r.out.isEmpty());
    r = run({QStringLiteral("demo"), QStringLiteral("--lang")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--lang")) && r.err.contains(QStringLiteral("en, de, ja, zh_CN, zh_TW")), qPrintable(r.err));
    // The GUI entry point refuses it the same way (before opening any window).
    r = run({QStringLiteral("screenshot"), QStringLiteral("--lang"), QStringLiteral("klingon")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("'klingon'")), qPrintable(r.err));
  }

  // The demo's table in every language: each line's column separators ('|', '+' in the rule
  // under the headings) at the same terminal columns, CJK characters taking two. A translated
  // heading longer than its numbers ("Loss skaliert", 13 columns over 10-wide losses) used to
  // push every separator after it one or more columns right.
  void demo_table_lines_up_in_every_language() {
    auto separators = [](const QString& line) {
      QList<int> at;
      int col = 0;
      for (const char32_t c : line.toUcs4()) {
        if (c == U'|' || c == U'+') at << col;
        col += c >= 0x2E80 ? 2 : 1;  // the CJK characters of the headings
      }
      return at;
    };
    for (const char* lang : {"en", "de", "ja", "zh_CN", "zh_TW"}) {
      const Result r = run({QStringLiteral("demo"), QStringLiteral("--steps"), QStringLiteral("10"), QStringLiteral("--lang"),
                            QString::fromLatin1(lang)});
      QCOMPARE(r.code, 0);
      const QStringList lines = r.out.split(QLatin1Char('\n'));
      const qsizetype rule = lines.indexOf(QRegularExpression(QStringLiteral("^-+(-\\+-+)+$")));
      QVERIFY2(rule > 0, qPrintable(r.out));
      const QList<int> expected = separators(lines[rule]);
      QCOMPARE(expected.size(), 6);  // seven columns
      int rows = 0;
      for (qsizetype i = rule - 1; i < lines.size() && !(i > rule && lines[i].isEmpty()); ++i) {
        QVERIFY2(separators(lines[i]) == expected,
                 qPrintable(QStringLiteral("%1: '%2' against '%3'").arg(QLatin1String(lang), lines[i], lines[rule])));
        rows += i > rule;
      }
      QCOMPARE(rows, 2);  // steps 0 and 9
    }
  }

  void machine_output_is_not_translated() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result r = run({QStringLiteral("--lang"), QStringLiteral("de"), QStringLiteral("record"), QStringLiteral("--steps"),
                          QStringLiteral("3"), QStringLiteral("--quiet"), QStringLiteral("--out"), dir.filePath(QStringLiteral("r.db"))});
    QCOMPARE(r.code, 0);
    const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY(!lines.isEmpty());
    const QJsonObject o = QJsonDocument::fromJson(lines.last().toUtf8()).object();
    QCOMPARE(o.value(QStringLiteral("steps")).toInt(), 3);
    QCOMPARE(o.value(QStringLiteral("status")).toString(), QStringLiteral("finished"));
    QVERIFY(o.value(QStringLiteral("final_scale")).toDouble() > 0);
    // export: German summary, English CSV header.
    const QString csv = dir.filePath(QStringLiteral("csv"));
    const Result e = run({QStringLiteral("export"), dir.filePath(QStringLiteral("r.db")), QStringLiteral("--csv"), csv,
                          QStringLiteral("--lang"), QStringLiteral("de")});
    QCOMPARE(e.code, 0);
    QVERIFY2(e.out.contains(QStringLiteral("3 Schritte")) && e.out.contains(QStringLiteral("exportiert")), qPrintable(e.out));
    // The stored precision label stays English in the JSON line; people read it translated.
    if (o.value(QStringLiteral("precision")).toString().endsWith(QLatin1String(" (emulated)")))
      QVERIFY2(e.out.contains(QStringLiteral(" (emuliert)")), qPrintable(e.out));
    QFile steps(csv + QStringLiteral("/steps.csv"));
    QVERIFY(steps.open(QIODevice::ReadOnly));
    QVERIFY(steps.readLine().startsWith("run_id,step,loss,"));
  }
};

QTEST_GUILESS_MAIN(TestI18nCli)
#include "test_i18n_cli.moc"
