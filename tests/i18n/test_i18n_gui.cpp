// Switching the language while the window is open: View > Language installs the catalogue,
// Qt sends LanguageChange, and the menus, docks, control panel, layer table and chart titles
// and axes say it in the new language at once; back to English, and the choice is remembered.
#include "chart_base.h"
#include "control_panel.h"
#include "dashboard.h"
#include "gui_main.h"
#include "layer_table.h"
#include "loss_plot.h"
#include "main_window.h"
#include "scaler_panel.h"
#include "translations.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QGroupBox>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
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
