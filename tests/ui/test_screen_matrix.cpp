// The window at every screen a classroom or a paper meets (issue 16): 1280x720 (projectors),
// 1366x768 (laptops), 1920x1080, and 3840x2160 at device pixel ratio 2; normal and presentation
// mode; every shipped language; every built-in preset, each trained once. On every page of the
// chart switcher, every chart keeps its texts whole and apart and its plot area readable
// (tests/common/chart_layout_checks.h). The 4K screen runs in a second process of this test with
// QT_SCALE_FACTOR=2, the only way to a device pixel ratio of 2 on the offscreen platform: started
// by this one when run by hand, a test of its own under ctest (tests/ui/CMakeLists.txt).
#include "../common/chart_layout_checks.h"

#include "charts/dashboard.h"
#include "charts/histogram_heatmap.h"
#include "charts/loss_plot.h"
#include "presets/presets.h"
#include "runs/session_controller.h"
#include "shell/main_window.h"
#include "translations.h"

#include <QApplication>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QSplitterHandle>
#include <QStandardPaths>
#include <QTabBar>
#include <QTest>

using namespace ampscope;
using namespace ampscope::ui;

namespace {
constexpr char kHighDpiEnv[] = "AMPSCOPE_SCREEN_MATRIX_DPR2";

struct Screen {
  QString name;
  QSize logical;  ///< the window's size in device-independent pixels
};

/// Lets posted layout requests, resizes, the charts' queued replots and the dashboard's own
/// page choice run (the window chooses its pages itself, as it does for a user).
void settle(MainWindow&) {
  for (int i = 0; i < 12; ++i) {
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
  }
}

/// A window as a launch opens it: saved settings restored, light theme, on a 1366x768 laptop.
void openAsLaunched(MainWindow& w) {
  w.restoreSettings();
  w.setTheme(false, false);
  w.resize(1366, 768);
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  settle(w);
}

/// Lays out the page's charts as they are drawn (fitted tick counts and wrapped texts take effect
/// at the next layout: three rounds, as the charts' own queued replots would).
void layOutPage(Dashboard* d) {
  for (int round = 0; round < 3; ++round) {
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
    for (ChartBase* c : d->pageCharts()) c->replot(QCustomPlot::rpQueuedRefresh);
  }
  // The replots the last layouts queued (a text fitted anew takes effect at the next layout).
  for (int i = 0; i < 3; ++i) {
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
  }
}
}  // namespace

class TestScreenMatrix : public QObject {
  Q_OBJECT
 public:
  explicit TestScreenMatrix(bool highDpiChild) : m_child(highDpiChild) {}

 private Q_SLOTS:
  void initTestCase();
  void everyScreenModeLanguageAndPreset();
  void fourKAtDevicePixelRatio2();
  void pagesFollowTheStoryAndKeepEachChart();
  void splitterPositionsAreRememberedPerPage();
  void cleanupTestCase();

 private:
  /// The whole matrix for `screens`; fails naming every combination that breaks a rule.
  void runMatrix(const std::vector<Screen>& screens);
  bool m_child = false;
};

void TestScreenMatrix::initTestCase() {
  QStandardPaths::setTestModeEnabled(true);
  QCoreApplication::setOrganizationName(QStringLiteral("AmpScopeTest"));
  QCoreApplication::setApplicationName(QStringLiteral("test_screen_matrix"));
  QSettings().clear();
  QVERIFY(i18n::installLanguage(QStringLiteral("en")));
}

void TestScreenMatrix::cleanupTestCase() { i18n::installLanguage(QStringLiteral("en")); }

void TestScreenMatrix::runMatrix(const std::vector<Screen>& screens) {
  QElapsedTimer clock;
  clock.start();
  const QStringList languages = i18n::shippedLanguages();
  QVERIFY(languages.size() >= 5);
  test::LayoutTally tally;
  int combinations = 0, pagesSeen = 0;
  MainWindow w;
  w.resize(screens.front().logical);
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  for (const Preset& preset : builtinPresets()) {
    w.setTheme(false, false);
    QVERIFY(w.loadPreset(preset.name, 40));
    QSignalSpy finished(w.controller(), &SessionController::runFinished);
    w.controller()->start();
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
    for (const bool presentation : {false, true}) {
      w.setTheme(false, presentation);
      for (const QString& language : languages) {
        w.setLanguage(language);
        for (const Screen& screen : screens) {
          w.resize(screen.logical);
          settle(w);
          if (w.size() != screen.logical) {  // what holds the window larger
            qInfo("window min %dx%d central %d dashboard %d host %d", w.minimumSizeHint().width(), w.minimumSizeHint().height(),
                  w.centralWidget()->minimumSizeHint().height(), w.dashboard()->minimumSizeHint().height(),
                  static_cast<int>(w.dashboard()->findChildren<QWidget*>().size()));
            for (QDockWidget* dock : w.findChildren<QDockWidget*>())
              qInfo("dock %s visible %d min %dx%d", qPrintable(dock->objectName()), dock->isVisible(), dock->minimumSizeHint().width(),
                    dock->minimumSizeHint().height());
            for (QWidget* c : w.centralWidget()->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly))
              qInfo("central child %s %s min %dx%d %s", c->metaObject()->className(), qPrintable(c->objectName()), c->minimumSizeHint().width(), c->minimumSizeHint().height(), qPrintable(language));
          }
          QCOMPARE(w.size(), screen.logical);  // the window never grows past the screen
          ++combinations;
          Dashboard* d = w.dashboard();
          // The pages the window settles on: each page laid out as drawn, and the window's own
          // second look after (a legend in more rows, a title in more lines) given its turn.
          QList<QStringList> pages;
          for (int round = 0; round < 4 && pages != d->pages(); ++round) {
            pages = d->pages();
            for (int p = 0; p < pages.size(); ++p) {
              d->setCurrentPage(p);
              layOutPage(d);
              settle(w);
            }
          }
          const QString combination = QStringLiteral("%1 %2 %3 %4").arg(screen.name,
              presentation ? QStringLiteral("presentation") : QStringLiteral("normal"), language, preset.name);
          if (pages != d->pages()) tally.problems << QStringLiteral("%1: the pages never settle").arg(combination);
          if (presentation) {  // the preset's story first, on a page of its own or split over the first pages
            const QStringList story = preset.story.isEmpty() ? d->story() : preset.story;
            if (!story.contains(pages.first().first()))
              tally.problems << QStringLiteral("%1: first page %2, story %3")
                                    .arg(combination, pages.first().join(QLatin1Char(',')), story.join(QLatin1Char(',')));
          }
          for (int p = 0; p < pages.size(); ++p) {
            d->setCurrentPage(p);
            layOutPage(d);
            ++pagesSeen;
            const QString where = QStringLiteral("%1, page %2/%3").arg(combination).arg(p + 1).arg(pages.size());
            for (ChartBase* c : d->pageCharts()) {
              if (!c->isVisible()) tally.problems << QStringLiteral("%1: chart %2 on the page but hidden").arg(where, c->fileStem());
              test::checkChartLayout(c, where, Dashboard::minimumPlotHeight(presentation), Dashboard::minimumPlotWidth(), tally);
            }
          }
        }
      }
    }
  }
  w.setLanguage(QStringLiteral("en"));
  w.setTheme(false, false);
  qInfo("%d combinations, %d pages, %d plot areas, %d axes, %d neighbouring tick labels apart, %d texts, in %.1f s",
        combinations, pagesSeen, tally.plots, tally.axes, tally.tickPairs, tally.texts, clock.elapsed() / 1000.0);
  if (const QString report = qEnvironmentVariable("AMPSCOPE_LAYOUT_REPORT"); !report.isEmpty()) {  // every problem, for a look
    QFile f(report);
    if (f.open(QIODevice::WriteOnly | QIODevice::Text)) f.write(tally.problems.join(QLatin1Char('\n')).toUtf8());
  }
  QVERIFY2(tally.problems.isEmpty(), qPrintable(QStringLiteral("%1 problems:\n").arg(tally.problems.size()) +
                                                 tally.problems.mid(0, 40).join(QLatin1Char('\n'))));
  QVERIFY(combinations == static_cast<int>(screens.size() * builtinPresets().size()) * 2 * static_cast<int>(languages.size()));
  QVERIFY(tally.plots >= combinations * 5 && tally.tickPairs >= combinations * 20 && tally.texts >= combinations * 20);
}

void TestScreenMatrix::everyScreenModeLanguageAndPreset() {
  if (m_child) QSKIP("the device pixel ratio 2 process runs the 4K screen only");
  QCOMPARE(QApplication::primaryScreen()->devicePixelRatio(), 1.0);
  runMatrix({{QStringLiteral("1280x720"), QSize(1280, 720)},
             {QStringLiteral("1366x768"), QSize(1366, 768)},
             {QStringLiteral("1920x1080"), QSize(1920, 1080)}});
}

void TestScreenMatrix::fourKAtDevicePixelRatio2() {
  if (m_child) {
    // 3840x2160 device pixels: a 1920x1080 window at twice the pixels per unit.
    QWidget probe;
    probe.resize(100, 100);
    probe.show();
    QVERIFY(QTest::qWaitForWindowExposed(&probe));
    QCOMPARE(probe.devicePixelRatio(), 2.0);
    QCOMPARE(probe.grab().size(), QSize(200, 200));
    runMatrix({{QStringLiteral("3840x2160@2"), QSize(1920, 1080)}});
    return;
  }
  if (const QString separate = qEnvironmentVariable("AMPSCOPE_SCREEN_MATRIX_4K_TEST"); !separate.isEmpty())
    QSKIP(qPrintable(QStringLiteral("the 4K screen runs as the ctest test %1, beside this one").arg(separate)));
  QProcess child;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert(QString::fromLatin1(kHighDpiEnv), QStringLiteral("1"));
  child.setProcessEnvironment(env);
  child.setProcessChannelMode(QProcess::MergedChannels);
  child.start(QCoreApplication::applicationFilePath(), {QStringLiteral("fourKAtDevicePixelRatio2")});
  QVERIFY(child.waitForStarted());
  QVERIFY(child.waitForFinished(300000));
  const QString out = QString::fromLocal8Bit(child.readAll());
  qInfo("%s", qPrintable(out.section(QLatin1Char('\n'), -6)));
  QVERIFY2(child.exitStatus() == QProcess::NormalExit && child.exitCode() == 0, qPrintable(out.right(6000)));
  QVERIFY2(out.contains(QStringLiteral("PASS   : TestScreenMatrix::fourKAtDevicePixelRatio2")), qPrintable(out.right(3000)));
}

// Presentation mode opens on the preset's story; the other charts are a key away; a chart moved
// between pages is the same widget with its zoom; on a large screen in normal mode every chart
// is on one page again, on a small one they spread over pages.
void TestScreenMatrix::pagesFollowTheStoryAndKeepEachChart() {
  if (m_child) QSKIP("runs in the first process");
  MainWindow w;
  w.resize(1280, 720);
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  QVERIFY(w.loadPreset(QStringLiteral("deep-mlp-no-scaler"), 30));
  QSignalSpy finished(w.controller(), &SessionController::runFinished);
  w.controller()->start();
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
  Dashboard* d = w.dashboard();
  w.setTheme(false, true);
  settle(w);
  const QStringList story = findPreset(QStringLiteral("deep-mlp-no-scaler")).story;
  QCOMPARE(story, (QStringList{QStringLiteral("layer-counts"), QStringLiteral("histogram")}));
  QCOMPARE(d->currentPage(), 0);
  QCOMPARE(d->pages().first(), story);  // both story charts fill the first page at 1280x720
  QVERIFY(d->pageBar()->isVisible());
  QCOMPARE(d->pageBar()->count(), d->pages().size());
  // Every chart is on exactly one page.
  QStringList seen;
  for (const QStringList& p : d->pages()) seen << p;
  std::sort(seen.begin(), seen.end());
  QCOMPARE(seen, (QStringList{QStringLiteral("histogram"), QStringLiteral("layer-counts"), QStringLiteral("layer-history"),
                              QStringLiteral("loss"), QStringLiteral("scale")}));
  // A zoomed loss chart, shown by keys, is the same chart with the same range.
  LossPlot* loss = w.dashboard()->lossPlot();
  loss->xAxis->setRange(5, 17);
  int lossPage = -1;
  for (int i = 0; i < d->pages().size(); ++i)
    if (d->pages()[i].contains(QStringLiteral("loss"))) lossPage = i;
  QVERIFY(lossPage > 0);
  for (int i = 0; i < lossPage; ++i) QTest::keyClick(&w, Qt::Key_PageDown, Qt::ControlModifier);
  QCOMPARE(d->currentPage(), lossPage);
  QTRY_VERIFY(loss->isVisible());
  QCOMPARE(loss->xAxis->range().lower, 5.0);
  QCOMPARE(loss->xAxis->range().upper, 17.0);
  QVERIFY(!w.dashboard()->histogram()->isVisible());
  QTest::keyClick(&w, Qt::Key_1, Qt::ControlModifier);
  QCOMPARE(d->currentPage(), 0);
  QTRY_VERIFY(w.dashboard()->histogram()->isVisible());
  QTest::keyClick(&w, Qt::Key_PageUp, Qt::ControlModifier);  // wraps round to the last page
  QCOMPARE(d->currentPage(), d->pages().size() - 1);
  // A click on a tab is the same.
  QTest::mouseClick(d->pageBar(), Qt::LeftButton, {}, d->pageBar()->tabRect(0).center());
  QCOMPARE(d->currentPage(), 0);
  // Normal mode: on a 1920x1080 screen with the docks, fewer pages than at 1366x768; every
  // chart on one page once the dashboard is large enough.
  w.setTheme(false, false);
  w.resize(1366, 768);
  settle(w);
  const int small = d->pages().size();
  QVERIFY(small > 1);
  w.resize(1920, 1080);
  settle(w);
  QVERIFY(d->pages().size() < small || d->pages().size() == 1);
  w.resize(2400, 1500);
  settle(w);
  QCOMPARE(d->pages().size(), 1);
  QVERIFY(!d->pageBar()->isVisible());
  QCOMPARE(d->pageCharts().size(), std::size_t(5));
  QCOMPARE(loss->xAxis->range().lower, 5.0);  // still the same zoom
}

// The proportions a user drags a page's splitters to come back on that page, after other pages,
// and in the next launch (QSettings).
void TestScreenMatrix::splitterPositionsAreRememberedPerPage() {
  if (m_child) QSKIP("runs in the first process");
  QSettings().clear();
  QList<int> dragged;
  QStringList page;
  QString name;
  {
    MainWindow w;
    openAsLaunched(w);
    if (QTest::currentTestFailed()) return;
    Dashboard* d = w.dashboard();
    int withSplitter = -1;
    for (int i = 0; i < d->pages().size() && withSplitter < 0; ++i) {
      d->setCurrentPage(i);
      if (!d->findChildren<QSplitter*>().isEmpty()) withSplitter = i;
    }
    QVERIFY(withSplitter >= 0);
    page = d->pages()[withSplitter];
    QSplitter* s = d->findChildren<QSplitter*>().first();
    const QList<int> sizes = s->sizes();
    // Dragged by its handle, as a user does.
    QSplitterHandle* handle = s->handle(1);
    const QPoint from = handle->rect().center();
    const QPoint by = s->orientation() == Qt::Horizontal ? QPoint(-sizes[0] / 8, 0) : QPoint(0, -sizes[0] / 8);
    QTest::mousePress(handle, Qt::LeftButton, {}, from);
    QTest::mouseMove(handle, from + by / 2);
    QTest::mouseMove(handle, from + by);
    QTest::mouseRelease(handle, Qt::LeftButton, {}, from + by);
    dragged = s->sizes();
    name = s->objectName();  // its page layout and place
    QVERIFY2(std::abs(dragged[0] - (sizes[0] - sizes[0] / 8)) <= 2,
             qPrintable(QStringLiteral("%1 -> %2").arg(sizes[0]).arg(dragged[0])));
    d->setCurrentPage((withSplitter + 1) % d->pages().size());
    settle(w);
    d->setCurrentPage(withSplitter);
    settle(w);
    QVERIFY(d->findChild<QSplitter*>(name));
    QCOMPARE(d->findChild<QSplitter*>(name)->sizes(), dragged);
    w.close();  // saves
  }
  MainWindow w;
  openAsLaunched(w);
  if (QTest::currentTestFailed()) return;
  Dashboard* d = w.dashboard();
  const int i = static_cast<int>(d->pages().indexOf(page));
  QVERIFY(i >= 0);
  d->setCurrentPage(i);
  settle(w);
  QVERIFY(d->findChild<QSplitter*>(name));
  QCOMPARE(d->findChild<QSplitter*>(name)->sizes(), dragged);
  QSettings().clear();
}

int main(int argc, char** argv) {
  // The 4K screen: the same executable again with Qt's scale factor 2, set before the
  // application exists (tests one function; see fourKAtDevicePixelRatio2).
  const bool child = qEnvironmentVariableIsSet(kHighDpiEnv);
  if (child) qputenv("QT_SCALE_FACTOR", "2");
  QApplication app(argc, argv);
  TestScreenMatrix t(child);
  QTEST_SET_MAIN_SOURCE_PATH
  return QTest::qExec(&t, argc, argv);
}

#include "test_screen_matrix.moc"
