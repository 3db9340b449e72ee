// Help > About AmpScope (issue 16): opened from the menu of a real main window, it shows the
// icon, the version and the real paths where this window records its runs and keeps presets.
#include "presets/user_presets.h"
#include "runs/session_controller.h"
#include "shell/about_dialog.h"
#include "shell/main_window.h"

#include <QAction>
#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace ampscope::ui;

class TestAbout : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void aboutShowsVersionIconAndWhereRunsAre() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    MainWindow w;
    const QString store = tmp.filePath(QStringLiteral("class.sqlite"));
    w.setStorePath(store);
    w.show();
    auto* about = w.findChild<QAction*>(QStringLiteral("aboutAction"));
    QVERIFY(about);
    QVERIFY(!about->text().isEmpty());
    about->trigger();
    AboutDialog* dialog = nullptr;
    QTRY_VERIFY((dialog = w.findChild<AboutDialog*>(QStringLiteral("aboutDialog"))) && dialog->isVisible());
    QCOMPARE(dialog->titleText(), QStringLiteral("AmpScope " AMPSCOPE_TEST_VERSION));
    // The store the window records into, the very path (the controller's), absolute.
    QCOMPARE(w.controller()->storePath(), store);
    QCOMPARE(dialog->storeText(), QDir::toNativeSeparators(store));
    QCOMPARE(dialog->presetsText(), QDir::toNativeSeparators(userPresetDir()));
    // The icon, drawn from the SVG in the resources.
    bool icon = false;
    for (QLabel* l : dialog->findChildren<QLabel*>())
      if (!l->pixmap().isNull() && l->pixmap().width() >= 96) icon = true;
    QVERIFY(icon);
    // "Open folder" for the store: its folder exists (the temporary dir) even before the first run.
    QVERIFY(dialog->findChild<QPushButton*>(QStringLiteral("openStoreFolder"))->isEnabled());
    QCOMPARE(dialog->findChild<QPushButton*>(QStringLiteral("openPresetsFolder"))->isEnabled(), QDir(userPresetDir()).exists());
    dialog->close();
    QTRY_VERIFY(!w.findChild<AboutDialog*>(QStringLiteral("aboutDialog")));  // deleted on close
  }

  // Not recorded (an empty store path): said so, and no folder to open.
  void aboutWithoutStore() {
    AboutDialog dialog{QString()};
    QVERIFY(!dialog.storeText().isEmpty());
    QVERIFY(!dialog.storeText().contains(QLatin1Char('/')));
    QVERIFY(!dialog.findChild<QPushButton*>(QStringLiteral("openStoreFolder"))->isEnabled());
    // A store in a folder that is not there yet: the path is shown, there is no folder to open.
    AboutDialog later{QStringLiteral("/nonexistent-ampscope-dir/runs.sqlite")};
    QCOMPARE(later.storeText(), QDir::toNativeSeparators(QStringLiteral("/nonexistent-ampscope-dir/runs.sqlite")));
    QVERIFY(!later.findChild<QPushButton*>(QStringLiteral("openStoreFolder"))->isEnabled());
  }
};

QTEST_MAIN(TestAbout)
#include "test_about.moc"
