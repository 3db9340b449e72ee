// Switching the language while the window is open: View > Language installs the catalogue,
// Qt sends LanguageChange, and the menus, docks, control panel, layer table and chart titles
// and axes say it in the new language at once; back to English, and the choice is remembered.
// The core's own messages (rejected settings, session events, errors) are translated too.
#include "charts/chart_base.h"
#include "core_text.h"
#include "panels/control_panel.h"
#include "charts/dashboard.h"
#include "shell/gui_main.h"
#include "panels/layer_table.h"
#include "charts/loss_plot.h"
#include "shell/main_window.h"
#include "panels/narrator.h"
#include "panels/run_settings_view.h"
#include "panels/scaler_panel.h"
#include "translations.h"

#include <ampscope/run_store.h>

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QGroupBox>
#include <QLabel>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

using namespace ampscope::ui;

namespace {
QString menuTitle(MainWindow& w, int index) {
  const QList<QAction*> menus = w.menuBar()->actions();
  return index < menus.size() ? menus.at(index)->text() : QString();
}
QString dockTitle(MainWindow& w, const char* objectName) {
  auto* dock = w.findChild<QDockWidget*>(QLatin1String(objectName));
  return dock ? dock->windowTitle() : QString();
}
QString presetBoxTitle(MainWindow& w) {
  auto* box = qobject_cast<QGroupBox*>(w.controlPanel()->presetCombo()->parentWidget());
  return box ? box->title() : QString();
}
QString loadButton(MainWindow& w) {
  auto* b = w.controlPanel()->findChild<QPushButton*>(QStringLiteral("loadPreset"));
  return b ? b->text() : QString();
}
QString tableHeader(MainWindow& w) { return w.layerTable()->model()->headerData(0, Qt::Horizontal).toString(); }

struct Expected {
  const char* code;
  const char* runMenu;
  const char* controlsDock;
  const char* presetBox;
  const char* loadPreset;
  const char* lossTitle;
  const char* stepAxis;
  const char* layerHeader;
};
// Each language's words for the same seven visible texts (from the shipped catalogues).
const Expected kLanguages[] = {
    {"en", "&Run", "Controls", "Preset", "Load preset", "Training loss", "optimizer step", "Layer"},
    {"de", "&Lauf", "Steuerung", "Voreinstellung", "Voreinstellung laden", "Trainings-Loss", "Optimiererschritt", "Schicht"},
    {"ja", "\u5B9F\u884C(&R)", "\u30B3\u30F3\u30C8\u30ED\u30FC\u30EB", "\u30D7\u30EA\u30BB\u30C3\u30C8",
     "\u30D7\u30EA\u30BB\u30C3\u30C8\u3092\u8AAD\u307F\u8FBC\u3080", "\u5B66\u7FD2\u640D\u5931",
     "\u30AA\u30D7\u30C6\u30A3\u30DE\u30A4\u30B6\u306E\u30B9\u30C6\u30C3\u30D7", "\u30EC\u30A4\u30E4\u30FC"},
    {"zh_CN", "\u8FD0\u884C(&R)", "\u63A7\u5236", "\u9884\u8BBE", "\u52A0\u8F7D\u9884\u8BBE", "\u8BAD\u7EC3\u635F\u5931",
     "\u4F18\u5316\u5668\u6B65\u6570", "\u5C42"},
    {"zh_TW", "\u57F7\u884C(&R)", "\u63A7\u5236", "\u9810\u8A2D\u7D44", "\u8F09\u5165\u9810\u8A2D\u7D44", "\u8A13\u7DF4\u640D\u5931",
     "\u6700\u4F73\u5316\u5668\u6B65\u6578", "\u5C64"},
};
}  // namespace

class TestI18nGui : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);  // QSettings in a test location, not the user's
    QSettings().remove(QLatin1String(kLanguageSettingsKey));
    QVERIFY(ampscope::i18n::installLanguage(QStringLiteral("en")));
  }

  void switches_language_at_run_time() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    // The language menu offers "system" and every shipped language, each in its own words.
    QStringList codes;
    for (QAction* a : w.languageActions()) codes << a->data().toString();
    QCOMPARE(codes, (QStringList{QStringLiteral("system"), QStringLiteral("en"), QStringLiteral("de"), QStringLiteral("ja"),
                                 QStringLiteral("zh_CN"), QStringLiteral("zh_TW")}));
    QCOMPARE(w.languageActions().at(2)->text(), QStringLiteral("Deutsch"));

    // en -> de -> ja -> zh_CN -> zh_TW -> en, through the menu's actions as a user clicks them.
    const int order[] = {1, 2, 3, 4, 0};
    for (const int i : order) {
      const Expected& e = kLanguages[i];
      const QString code = QString::fromLatin1(e.code);
      QAction* action = nullptr;
      for (QAction* a : w.languageActions())
        if (a->data().toString() == code) action = a;
      QVERIFY(action);
      action->trigger();
      QCOMPARE(ampscope::i18n::currentLanguage(), code);
      QTRY_COMPARE(menuTitle(w, 1), QString::fromUtf8(e.runMenu));
      QCOMPARE(dockTitle(w, "controls"), QString::fromUtf8(e.controlsDock));
      QCOMPARE(presetBoxTitle(w), QString::fromUtf8(e.presetBox));
      QCOMPARE(loadButton(w), QString::fromUtf8(e.loadPreset));
      QCOMPARE(w.dashboard()->lossPlot()->title(), QString::fromUtf8(e.lossTitle));
      QCOMPARE(w.dashboard()->lossPlot()->xAxis->label(), QString::fromUtf8(e.stepAxis));
      QCOMPARE(tableHeader(w), QString::fromUtf8(e.layerHeader));
      QVERIFY(action->isChecked());
      QCOMPARE(QSettings().value(QLatin1String(kLanguageSettingsKey)).toString(), code);
      // The chart-export menu names the charts by their new titles once the event went round.
      const QString chartItem = w.dashboard()->lossPlot()->title() + QStringLiteral("\u2026");
      auto chartActionNamed = [&w](const QString& text) {
        const QList<QAction*> all = w.findChildren<QAction*>();
        return std::any_of(all.cbegin(), all.cend(), [&](QAction* a) { return a->text() == text; });
      };
      QTRY_VERIFY2(chartActionNamed(chartItem), qPrintable(chartItem));
    }

    // A preset's title is translated in the preset list, and back.
    const int presetIndex = w.controlPanel()->presetCombo()->findData(QStringLiteral("fault-injection"));
    QVERIFY(presetIndex >= 0);
    QCOMPARE(w.controlPanel()->presetCombo()->itemText(presetIndex),
             QStringLiteral("Spiral MLP, fp16, inf injected into fc3 at step 50"));
    w.setLanguage(QStringLiteral("de"));
    QTRY_COMPARE(w.controlPanel()->presetCombo()->itemText(presetIndex),
                 QStringLiteral("Spiral-MLP, fp16, inf in fc3 bei Schritt 50 eingeschleust"));
    // "system" follows the system's language and is remembered as such.
    w.setLanguage(QStringLiteral("system"));
    QCOMPARE(QSettings().value(QLatin1String(kLanguageSettingsKey)).toString(), QStringLiteral("system"));
    QCOMPARE(ampscope::i18n::currentLanguage(), ampscope::i18n::systemLanguage());
  }

  // A replayed run's settings (the controls' place while it is shown) follow a language switch.
  void replayed_run_settings_follow_the_language() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString store = dir.filePath(QStringLiteral("runs.sqlite"));
    ampscope::SessionConfig cfg;
    cfg.model = "deep-mlp";
    cfg.optimizer = ampscope::OptimizerKind::SGD;
    cfg.scaler.growth_interval(50);
    {
      ampscope::RunStore rw(QFile::encodeName(store).toStdString());
      rw.create_run(cfg, {{"fc1.weight", "fc1", "weight", {4, 4}, 16, 1}}, "cpu", "fp16 (emulated)");
    }
    MainWindow w;
    w.setLanguage(QStringLiteral("en"));
    QString error;
    QVERIFY2(w.replayRun(store, 1, &error), qPrintable(error));
    QVERIFY(w.runSettingsView()->rows().contains(QStringLiteral("Model: deep-mlp on clusters")));
    w.setLanguage(QStringLiteral("de"));
    QTRY_VERIFY2(w.runSettingsView()->rows().contains(QStringLiteral("Modell: deep-mlp auf clusters")),
                 qPrintable(w.runSettingsView()->rows().join('\n')));
    QVERIFY(w.runSettingsView()->rows().contains(QStringLiteral("Wachstum: \u00d72 nach 50 sauberen Schritten")));
    QVERIFY(w.runSettingsView()->rows().contains(QStringLiteral("Genauigkeit: fp16 (emuliert)")));
    w.setLanguage(QStringLiteral("ja"));
    QTRY_VERIFY2(w.runSettingsView()->rows().contains(QStringLiteral("モデル: deep-mlp（clusters）")),
                 qPrintable(w.runSettingsView()->rows().join('\n')));
    w.setLanguage(QStringLiteral("en"));
    QTRY_VERIFY(w.runSettingsView()->rows().contains(QStringLiteral("Model: deep-mlp on clusters")));
  }

  void core_messages_are_translated() {
    // The core has no Qt: its messages are templates that i18n::translate() looks up, with
    // nested messages and counts; english() (what() of its exceptions) stays the source text.
    using ampscope::UserText;
    QVERIFY(ampscope::i18n::installLanguage(QStringLiteral("de")));
    const UserText rejected(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "scaler settings not applied: %1"),
                            {UserText(AMPSCOPE_TR_NOOP("ampscope::GradScalerOptions", "The growth factor must be > 1.0."))});
    QCOMPARE(rejected.english(), std::string("scaler settings not applied: The growth factor must be > 1.0."));
    QCOMPARE(ampscope::i18n::translate(rejected),
             QStringLiteral("Scaler-Einstellungen nicht übernommen: Der Wachstumsfaktor muss > 1.0 sein."));
    const UserText one(AMPSCOPE_TR_N_NOOP("ampscope::TrainingSession", "finished after %n steps"), 1);
    QCOMPARE(ampscope::i18n::translate(one), QStringLiteral("nach 1 Schritt beendet"));
    QCOMPARE(one.english(), std::string("finished after 1 steps"));  // the core's words, as before
    // An argument is inserted as it is, even when it looks like a placeholder; verbatim text stays.
    const UserText store(AMPSCOPE_TR_NOOP("ampscope::RunStore", "cannot open run store %1: %2"),
                         {"'%2.db'", UserText::verbatim("disk I/O error")});
    QCOMPARE(ampscope::i18n::translate(store),
             QStringLiteral("Laufspeicher '%2.db' kann nicht geöffnet werden: disk I/O error"));
    QCOMPARE(ampscope::i18n::translate(ampscope::precision_label_text("fp16 (emulated)")), QStringLiteral("fp16 (emuliert)"));
    QCOMPARE(ampscope::i18n::translate(ampscope::precision_label_text("bf16")), QStringLiteral("bf16"));
    // An exception from the core: what() in English, errorText() in German.
    ampscope::SessionConfig bad;
    bad.model = "spiral-mlp";
    bad.dataset = "clusters";
    try {
      bad.validate();
      QFAIL("validate() accepted a dataset the model cannot train on");
    } catch (const std::invalid_argument& e) {
      QCOMPARE(std::string(e.what()), std::string("--dataset clusters: model spiral-mlp trains on spirals only"));
      QCOMPARE(ampscope::i18n::errorText(e), QStringLiteral("--dataset clusters: Modell spiral-mlp trainiert nur auf spirals"));
    }
    // A session event in the event log.
    ampscope::SessionEvent ev;
    ev.kind = ampscope::SessionEvent::Kind::Warning;
    ev.step = 7;
    ev.text = UserText(AMPSCOPE_TR_NOOP("ampscope::TrainingSession", "fault injection: no layer named '%1'"), {"fc9"});
    ev.message = ev.text.english();
    QCOMPARE(Narrator::narrate(ev).text, QStringLiteral("Schritt 7: Fehlerinjektion: keine Schicht namens 'fc9'"));
    QVERIFY(ampscope::i18n::installLanguage(QStringLiteral("en")));
    QCOMPARE(Narrator::narrate(ev).text, QStringLiteral("step 7: fault injection: no layer named 'fc9'"));
  }

  void rejected_setting_is_shown_translated() {
    // A scaler setting the core refuses: its reason appears in the panel in the window's language.
    QVERIFY(ampscope::i18n::installLanguage(QStringLiteral("ja")));
    MainWindow w;
    QVERIFY(w.loadPreset(QStringLiteral("default")));
    ScalerPanel* panel = w.controlPanel()->scalerPanel();
    panel->growthFactorSlider()->setValue(100);  // growth factor 1.0: PyTorch refuses it
    // 適用されませんでした: 増加係数は 1.0 より大きくなければなりません。
    const QString expected = QStringLiteral(
        "適用されませんでした: 増加係数は 1.0 "
        "より大きくなければなりません。");
    QStringList shown;
    for (QLabel* l : panel->findChildren<QLabel*>()) shown << l->text();
    QVERIFY2(shown.contains(expected), qPrintable(shown.join(QLatin1Char('\n'))));
    QVERIFY(ampscope::i18n::installLanguage(QStringLiteral("en")));
  }

  void a_new_window_starts_in_the_current_language() {
    QVERIFY(ampscope::i18n::installLanguage(QStringLiteral("ja")));
    MainWindow w;
    QCOMPARE(menuTitle(w, 1), QString::fromUtf8(kLanguages[2].runMenu));
    QCOMPARE(w.dashboard()->lossPlot()->title(), QString::fromUtf8(kLanguages[2].lossTitle));
    QVERIFY(ampscope::i18n::installLanguage(QStringLiteral("en")));
    QTRY_COMPARE(menuTitle(w, 1), QStringLiteral("&Run"));
  }
};

QTEST_MAIN(TestI18nGui)
#include "test_i18n_gui.moc"
