// AmpScope as a desktop application (issue 16): `cmake --install --component app` into a
// scratch root puts the binary, the menu entry, the icon and the AppStream data at their /usr
// paths, and nothing of the C++ development package; the menu entry follows the Desktop Entry
// specification's rules that matter to a menu (checked here, as desktop-file-validate would:
// that tool is not among the build dependencies); `cpack -G DEB` builds ampscope_<version>_<arch>.deb
// whose Depends name only packages of Debian 12's archive, and whose files are those.
#include <QDir>
#include <QImage>
#include <QPainter>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStringDecoder>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <algorithm>

namespace {

struct Run {
  int code = -1;
  QString out;
};

Run run(const QString& program, const QStringList& args, const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment(),
        int timeoutMs = 120000) {
  QProcess p;
  p.setProcessEnvironment(env);
  p.setProcessChannelMode(QProcess::MergedChannels);
  p.start(program, args);
  Run r;
  if (!p.waitForStarted(10000)) {
    r.out = QStringLiteral("could not start %1").arg(program);
    return r;
  }
  if (!p.waitForFinished(timeoutMs)) {
    p.kill();
    p.waitForFinished();
    r.out = QStringLiteral("%1 timed out").arg(program);
    return r;
  }
  r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
  r.out = QString::fromUtf8(p.readAll());
  return r;
}

/// The files under `root`, as "/usr/..." paths.
QSet<QString> filesUnder(const QString& root) {
  QSet<QString> files;
  QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
  while (it.hasNext()) files.insert(it.next().mid(root.size()));
  return files;
}

const QSet<QString> kAppFiles = {
    QStringLiteral("/usr/bin/ampscope"),
    QStringLiteral("/usr/share/applications/ampscope.desktop"),
    QStringLiteral("/usr/share/icons/hicolor/scalable/apps/ampscope.svg"),
    QStringLiteral("/usr/share/metainfo/ampscope.metainfo.xml"),
};

/// A desktop entry file: group -> key (with its [locale]) -> value. `error` says what is wrong
/// with the file's form (the specification's "Basic format of the file").
using DesktopEntry = QHash<QString, QHash<QString, QString>>;

DesktopEntry parseDesktopEntry(const QByteArray& bytes, QString* error) {
  DesktopEntry entry;
  auto decoder = QStringDecoder(QStringDecoder::Utf8);
  const QString text = decoder(bytes);
  if (decoder.hasError()) {
    *error = QStringLiteral("not UTF-8");
    return {};
  }
  QString group;
  int lineNo = 0;
  static const QRegularExpression keyRe(QStringLiteral("^([A-Za-z0-9-]+)(\\[[A-Za-z_@.]+\\])? *= *(.*)$"));
  for (const QString& line : text.split(QLatin1Char('\n'))) {
    ++lineNo;
    if (line.isEmpty() || line.startsWith(QLatin1Char('#'))) continue;
    if (line.startsWith(QLatin1Char('['))) {
      if (!line.endsWith(QLatin1Char(']'))) {
        *error = QStringLiteral("line %1: bad group header").arg(lineNo);
        return {};
      }
      group = line.mid(1, line.size() - 2);
      if (entry.contains(group)) {
        *error = QStringLiteral("line %1: group %2 twice").arg(lineNo).arg(group);
        return {};
      }
      entry[group];
      continue;
    }
    if (group.isEmpty()) {
      *error = QStringLiteral("line %1: a key before the first group").arg(lineNo);
      return {};
    }
    const QRegularExpressionMatch m = keyRe.match(line);
    if (!m.hasMatch()) {
      *error = QStringLiteral("line %1: not a key=value line: %2").arg(lineNo).arg(line);
      return {};
    }
    const QString key = m.captured(1) + m.captured(2);
    if (entry[group].contains(key)) {
      *error = QStringLiteral("line %1: key %2 twice").arg(lineNo).arg(key);
      return {};
    }
    entry[group].insert(key, m.captured(3));
  }
  if (!text.startsWith(QLatin1String("[Desktop Entry]")) && !text.startsWith(QLatin1Char('#')))
    *error = QStringLiteral("the first group is not [Desktop Entry]");
  return entry;
}

}  // namespace

class TestDesktopPackage : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir m_tmp;
  QString m_root;  // DESTDIR of the app component's install
  QString m_deb;   // the package debianPackage() built

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(m_tmp.isValid());
    m_root = m_tmp.filePath(QStringLiteral("root"));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("DESTDIR"), m_root);
    const Run r = run(QStringLiteral(AMPSCOPE_CMAKE),
                      {QStringLiteral("--install"), QStringLiteral(AMPSCOPE_BUILD_DIR), QStringLiteral("--prefix"),
                       QStringLiteral("/usr"), QStringLiteral("--component"), QStringLiteral("app")},
                      env);
    QVERIFY2(r.code == 0, qPrintable(r.out));
  }

  // The app component: the application and nothing else (no headers, CMake files, libraries).
  void installsTheApplicationOnly() {
    QCOMPARE(filesUnder(m_root), kAppFiles);
    const QFileInfo exe(m_root + QStringLiteral("/usr/bin/ampscope"));
    QVERIFY(exe.isExecutable());
    // It runs from there: the headless part needs no display and no build tree.
    const Run r = run(exe.filePath(), {QStringLiteral("--version")});
    QVERIFY2(r.code == 0 && r.out.contains(QStringLiteral(AMPSCOPE_VERSION)), qPrintable(r.out));
  }

  void desktopEntryIsValid() {
    QFile file(m_root + QStringLiteral("/usr/share/applications/ampscope.desktop"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QString error;
    const DesktopEntry all = parseDesktopEntry(file.readAll(), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(all.contains(QStringLiteral("Desktop Entry")));
    const QHash<QString, QString> e = all.value(QStringLiteral("Desktop Entry"));
    // The other groups are the actions listed in Actions, each with a Name and an Exec of the
    // installed binary: "Presentation mode" for a class, from the entry's context menu.
    const QStringList actions = e.value(QStringLiteral("Actions")).split(QLatin1Char(';'), Qt::SkipEmptyParts);
    QCOMPARE(actions, QStringList{QStringLiteral("presentation")});
    QCOMPARE(all.size(), 1 + actions.size());
    for (const QString& action : actions) {
      const QHash<QString, QString> a = all.value(QStringLiteral("Desktop Action ") + action);
      QVERIFY2(!a.isEmpty(), qPrintable(action));
      for (auto it = a.begin(); it != a.end(); ++it) {
        const QString base = it.key().section(QLatin1Char('['), 0, 0);
        QVERIFY2(base == QLatin1String("Name") || base == QLatin1String("Exec") || base == QLatin1String("Icon"),
                 qPrintable(it.key()));
      }
      QVERIFY(!a.value(QStringLiteral("Name")).isEmpty());
      const QStringList exec = a.value(QStringLiteral("Exec")).split(QLatin1Char(' '));
      QCOMPARE(exec.value(0), QStringLiteral("ampscope"));
      // The window takes the options (an unknown one exits 2 before any window) and lists them.
      const Run help = run(m_root + QStringLiteral("/usr/bin/ampscope"), exec.mid(1) << QStringLiteral("--help"),
                           [] { auto env = QProcessEnvironment::systemEnvironment();
                                env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
                                return env; }());
      QVERIFY2(help.code == 0, qPrintable(help.out));
      for (const QString& option : exec.mid(1))
        QVERIFY2(help.out.contains(QStringLiteral("  ") + option + QLatin1Char(' ')), qPrintable(option + QLatin1Char('\n') + help.out));
    }

    // Every key is one the specification defines for an application (a typo is no key at all),
    // and every translated key translates a key that is there.
    static const QSet<QString> known = {
        QStringLiteral("Type"),     QStringLiteral("Version"),        QStringLiteral("Name"),
        QStringLiteral("GenericName"), QStringLiteral("NoDisplay"),   QStringLiteral("Comment"),
        QStringLiteral("Icon"),     QStringLiteral("Hidden"),         QStringLiteral("OnlyShowIn"),
        QStringLiteral("NotShowIn"), QStringLiteral("DBusActivatable"), QStringLiteral("TryExec"),
        QStringLiteral("Exec"),     QStringLiteral("Path"),           QStringLiteral("Terminal"),
        QStringLiteral("Actions"),  QStringLiteral("MimeType"),       QStringLiteral("Categories"),
        QStringLiteral("Implements"), QStringLiteral("Keywords"),     QStringLiteral("StartupNotify"),
        QStringLiteral("StartupWMClass"), QStringLiteral("PrefersNonDefaultGPU"), QStringLiteral("SingleMainWindow")};
    static const QSet<QString> localizable = {QStringLiteral("Name"), QStringLiteral("GenericName"),
                                              QStringLiteral("Comment"), QStringLiteral("Keywords"),
                                              QStringLiteral("Icon")};
    QSet<QString> locales;
    for (auto it = e.begin(); it != e.end(); ++it) {
      const qsizetype bracket = it.key().indexOf(QLatin1Char('['));
      const QString base = bracket < 0 ? it.key() : it.key().left(bracket);
      QVERIFY2(known.contains(base), qPrintable(QStringLiteral("unknown key %1").arg(it.key())));
      if (bracket >= 0) {
        QVERIFY2(localizable.contains(base), qPrintable(QStringLiteral("%1 is not translatable").arg(it.key())));
        QVERIFY2(e.contains(base), qPrintable(QStringLiteral("%1 without %2").arg(it.key(), base)));
        locales.insert(it.key().mid(bracket + 1).chopped(1));
      }
      QVERIFY2(!it.value().trimmed().isEmpty(), qPrintable(QStringLiteral("%1 is empty").arg(it.key())));
    }
    // The languages AmpScope speaks: its menu entry speaks them too.
    QCOMPARE(locales, (QSet<QString>{QStringLiteral("de"), QStringLiteral("ja"), QStringLiteral("zh_CN"),
                                     QStringLiteral("zh_TW")}));
    for (const QString& locale : locales)
      for (const QString& key : {QStringLiteral("GenericName"), QStringLiteral("Comment"), QStringLiteral("Keywords")})
        QVERIFY2(e.contains(QStringLiteral("%1[%2]").arg(key, locale)), qPrintable(QStringLiteral("%1[%2]").arg(key, locale)));

    QCOMPARE(e.value(QStringLiteral("Type")), QStringLiteral("Application"));
    QCOMPARE(e.value(QStringLiteral("Name")), QStringLiteral("AmpScope"));
    QCOMPARE(e.value(QStringLiteral("Terminal")), QStringLiteral("false"));
    QCOMPARE(e.value(QStringLiteral("StartupNotify")), QStringLiteral("true"));
    // A Comment that only repeats the Name says nothing (desktop-file-validate warns).
    QVERIFY(e.value(QStringLiteral("Comment")).compare(e.value(QStringLiteral("Name")), Qt::CaseInsensitive) != 0);
    // Qt's WM_CLASS is the executable's name: the shell ties the window to this entry by it.
    QCOMPARE(e.value(QStringLiteral("StartupWMClass")), QStringLiteral("ampscope"));

    // Exec and TryExec: the installed binary, found on PATH (/usr/bin), no field codes: the
    // window takes no file from a file manager (--replay needs FILE:RUN).
    QCOMPARE(e.value(QStringLiteral("Exec")), QStringLiteral("ampscope"));
    QCOMPARE(e.value(QStringLiteral("TryExec")), QStringLiteral("ampscope"));
    QVERIFY(QFileInfo(m_root + QStringLiteral("/usr/bin/") + e.value(QStringLiteral("Exec"))).isExecutable());

    // Lists end in ';'. Categories: registered ones, at least one main category, and each
    // additional category with one of the main categories it requires.
    for (const QString& key : {QStringLiteral("Categories"), QStringLiteral("Keywords")})
      QVERIFY2(e.value(key).endsWith(QLatin1Char(';')), qPrintable(key));
    const QStringList categories = e.value(QStringLiteral("Categories")).split(QLatin1Char(';'), Qt::SkipEmptyParts);
    static const QSet<QString> mainCategories = {
        QStringLiteral("AudioVideo"), QStringLiteral("Audio"),    QStringLiteral("Video"),   QStringLiteral("Development"),
        QStringLiteral("Education"),  QStringLiteral("Game"),     QStringLiteral("Graphics"), QStringLiteral("Network"),
        QStringLiteral("Office"),     QStringLiteral("Science"),  QStringLiteral("Settings"), QStringLiteral("System"),
        QStringLiteral("Utility")};
    // The additional categories used, with the main categories one of which they need.
    static const QHash<QString, QSet<QString>> additional = {
        {QStringLiteral("ArtificialIntelligence"), {QStringLiteral("Education"), QStringLiteral("Science")}},
        {QStringLiteral("DataVisualization"), {QStringLiteral("Education"), QStringLiteral("Science")}},
        {QStringLiteral("Math"), {QStringLiteral("Education"), QStringLiteral("Science")}},
    };
    const QSet<QString> given(categories.begin(), categories.end());
    QVERIFY(given.intersects(mainCategories));
    for (const QString& c : categories) {
      QVERIFY2(mainCategories.contains(c) || additional.contains(c), qPrintable(QStringLiteral("category %1").arg(c)));
      if (additional.contains(c))
        QVERIFY2(given.intersects(additional.value(c)), qPrintable(QStringLiteral("%1 needs its main category").arg(c)));
    }

    // Icon: a name (no path, no extension) that the icon theme resolves to the installed SVG.
    const QString icon = e.value(QStringLiteral("Icon"));
    QCOMPARE(icon, QStringLiteral("ampscope"));
    const QString svg = m_root + QStringLiteral("/usr/share/icons/hicolor/scalable/apps/") + icon + QStringLiteral(".svg");
    QVERIFY(QFileInfo::exists(svg));
  }

  // The icon is an SVG Qt draws, square, and not blank at menu size: some of its pixels are
  // the teal bars, some the red limit.
  void iconRenders() {
    QSvgRenderer svg(m_root + QStringLiteral("/usr/share/icons/hicolor/scalable/apps/ampscope.svg"));
    QVERIFY(svg.isValid());
    QCOMPARE(svg.viewBoxF(), QRectF(0, 0, 48, 48));
    for (int size : {16, 48, 256}) {
      QImage image(size, size, QImage::Format_ARGB32);
      image.fill(Qt::transparent);
      QPainter painter(&image);
      svg.render(&painter);
      painter.end();
      int teal = 0, red = 0, clear = 0;
      for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
          const QColor c = image.pixelColor(x, y);
          if (c.alpha() == 0) ++clear;
          else if (c.red() > 200 && c.green() < 120) ++red;
          else if (c.green() > 150 && c.blue() > 150 && c.red() < 120) ++teal;
        }
      QVERIFY2(teal > size * size / 20 && red > size * size / 100, qPrintable(QString::number(size)));
      QVERIFY2(clear < size * size / 10, qPrintable(QString::number(size)));  // a tile, corners only clear
    }
  }

  void metainfoNamesTheEntry() {
    QFile file(m_root + QStringLiteral("/usr/share/metainfo/ampscope.metainfo.xml"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    QString id, launchable, binary, release;
    while (!xml.atEnd()) {
      if (xml.readNext() != QXmlStreamReader::StartElement) continue;
      if (xml.name() == QLatin1String("id")) id = xml.readElementText();
      else if (xml.name() == QLatin1String("launchable")) launchable = xml.readElementText();
      else if (xml.name() == QLatin1String("binary")) binary = xml.readElementText();
      else if (xml.name() == QLatin1String("release")) release = xml.attributes().value(QLatin1String("version")).toString();
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(id, QStringLiteral("ampscope"));
    QCOMPARE(launchable, QStringLiteral("ampscope.desktop"));
    QCOMPARE(binary, QStringLiteral("ampscope"));
    QCOMPARE(release, QStringLiteral(AMPSCOPE_VERSION));  // a release bumps both
  }

  void debianPackage() {
    // The package depends on Debian's packages: built against another LibTorch (a CUDA one
    // from pytorch.org), its libraries belong to no package and dpkg-shlibdeps rightly refuses.
    if (!QStringLiteral(AMPSCOPE_TORCH_DIR).startsWith(QLatin1String("/usr/lib/")))
      QSKIP("LibTorch is not Debian's (" AMPSCOPE_TORCH_DIR "): the Debian package is built against Debian's");
    const QString out = m_tmp.filePath(QStringLiteral("deb"));
    QElapsedTimer timer;
    timer.start();
    const Run r = run(QStringLiteral(AMPSCOPE_CPACK),
                      {QStringLiteral("--config"), QStringLiteral(AMPSCOPE_BUILD_DIR "/CPackConfig.cmake"),
                       QStringLiteral("-G"), QStringLiteral("DEB"), QStringLiteral("-B"), out});
    QVERIFY2(r.code == 0, qPrintable(r.out));
    qInfo("cpack -G DEB: %.1f s", timer.elapsed() / 1000.0);
    const Run arch = run(QStringLiteral("dpkg"), {QStringLiteral("--print-architecture")});
    QCOMPARE(arch.code, 0);
    const QString deb = QStringLiteral("%1/ampscope_%2_%3.deb").arg(out, QStringLiteral(AMPSCOPE_VERSION), arch.out.trimmed());
    QVERIFY2(QFileInfo::exists(deb), qPrintable(QDir(out).entryList().join(QLatin1Char(' '))));
    m_deb = deb;

    auto field = [&deb](const char* name) {
      const Run f = run(QStringLiteral("dpkg-deb"), {QStringLiteral("-f"), deb, QString::fromLatin1(name)});
      return f.code == 0 ? f.out.trimmed() : QString();
    };
    QCOMPARE(field("Package"), QStringLiteral("ampscope"));
    QCOMPARE(field("Version"), QStringLiteral(AMPSCOPE_VERSION));
    QCOMPARE(field("Architecture"), arch.out.trimmed());
    QCOMPARE(field("Section"), QStringLiteral("science"));
    QVERIFY(!field("Maintainer").isEmpty());
    // The summary, then the extended description, every line of which starts with a space.
    const QStringList description = field("Description").split(QLatin1Char('\n'));
    QCOMPARE(description.value(0), QStringLiteral("see what mixed-precision training does to gradients"));
    QVERIFY(description.size() > 2);
    for (const QString& line : description.mid(1))
      QVERIFY2(line.startsWith(QLatin1Char(' ')) && !line.startsWith(QLatin1String("  ")), qPrintable(line));

    // Depends: computed from the binary's libraries, so the Qt, LibTorch, QCustomPlot and
    // SQLite packages are named, and nothing from outside Debian (a CUDA toolkit's libcudart).
    const QString depends = field("Depends");
    QSet<QString> names;
    for (const QString& clause : depends.split(QLatin1Char(','), Qt::SkipEmptyParts))
      for (const QString& alternative : clause.split(QLatin1Char('|')))
        names.insert(alternative.trimmed().section(QLatin1Char(' '), 0, 0).section(QLatin1Char(':'), 0, 0));
    for (const QString& expected : {QStringLiteral("libqt6widgets6"), QStringLiteral("libqt6svg6"),
                                    QStringLiteral("libqcustomplot2.1-qt6"),
                                    QStringLiteral("libsqlite3-0"), QStringLiteral("libc6")})
      QVERIFY2(names.contains(expected), qPrintable(QStringLiteral("%1 not in Depends: %2").arg(expected, depends)));
    static const QRegularExpression torch(QStringLiteral("^libtorch"));
    QVERIFY2(std::any_of(names.begin(), names.end(), [](const QString& n) { return torch.match(n).hasMatch(); }),
             qPrintable(depends));
    // Each one is in Debian 12's archive (apt's package lists, read offline); where this
    // machine has no lists, at least installed from a package here.
    static const QRegularExpression bookworm(QStringLiteral("\\s\\d+\\s\\S+\\sbookworm(-updates|-security)?/\\S+\\s\\S+\\sPackages"));
    for (const QString& name : names) {
      const Run policy = run(QStringLiteral("apt-cache"), {QStringLiteral("policy"), name});
      const bool listed = policy.code == 0 && policy.out.contains(QLatin1String("Packages"));
      if (listed) {
        QVERIFY2(bookworm.match(policy.out).hasMatch(), qPrintable(QStringLiteral("%1 is not in Debian 12:\n%2").arg(name, policy.out)));
      } else {
        const Run q = run(QStringLiteral("dpkg-query"), {QStringLiteral("-W"), QStringLiteral("-f=${Status}"), name});
        QVERIFY2(q.code == 0 && q.out.contains(QLatin1String("install ok installed")),
                 qPrintable(QStringLiteral("%1: in no apt list and not installed").arg(name)));
      }
    }
    QVERIFY2(!depends.contains(QLatin1String("cuda"), Qt::CaseInsensitive), qPrintable(depends));
    QCOMPARE(field("Recommends"), QStringLiteral("dataset-fashion-mnist, libopenblas0-pthread"));

    // The files: the app component's, at /usr.
    const Run contents = run(QStringLiteral("dpkg-deb"), {QStringLiteral("-c"), deb});
    QCOMPARE(contents.code, 0);
    QSet<QString> files;
    for (const QString& line : contents.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
      if (line.startsWith(QLatin1Char('-'))) files.insert(line.section(QLatin1Char(' '), -1).mid(1));  // "./usr/..." -> "/usr/..."
    QCOMPARE(files, kAppFiles);

    // The packaged binary: stripped (a fraction of the build tree's), with no run path into a
    // build tree or a CUDA toolkit, and no libcudart: it runs on a machine without either.
    const QString unpacked = m_tmp.filePath(QStringLiteral("unpacked"));
    QCOMPARE(run(QStringLiteral("dpkg-deb"), {QStringLiteral("-x"), deb, unpacked}).code, 0);
    const QFileInfo packaged(unpacked + QStringLiteral("/usr/bin/ampscope"));
    const QFileInfo built(QStringLiteral(AMPSCOPE_BINARY));
    QVERIFY2(packaged.size() < built.size() / 2, qPrintable(QStringLiteral("%1 vs %2").arg(packaged.size()).arg(built.size())));
    const Run dynamic = run(QStringLiteral("readelf"), {QStringLiteral("-d"), packaged.filePath()});
    QCOMPARE(dynamic.code, 0);
    QVERIFY2(dynamic.out.contains(QLatin1String("libQt6Widgets.so.6")), qPrintable(dynamic.out));
    QVERIFY2(!dynamic.out.contains(QLatin1String("RPATH")) && !dynamic.out.contains(QLatin1String("RUNPATH")),
             qPrintable(dynamic.out));
    QVERIFY2(!dynamic.out.contains(QLatin1String("libcudart")), qPrintable(dynamic.out));
  }

  // `apt install ./ampscope_*.deb` on a fresh Debian 12: apt, told that nothing is installed
  // (an empty dpkg status), resolves the package with its recommends from the archives in its
  // lists alone, and every package it would install comes from Debian. Offline: a simulation.
  void debianPackageInstallsOnAFreshSystem() {
    if (m_deb.isEmpty()) QSKIP("no package was built (see debianPackage)");
    const Run lists = run(QStringLiteral("apt-cache"), {QStringLiteral("policy"), QStringLiteral("libc6")});
    if (!lists.out.contains(QLatin1String("Packages")))
      QSKIP("apt has no package lists here (apt-get update fills them): nothing to resolve against");
    const QString status = m_tmp.filePath(QStringLiteral("empty-dpkg-status"));
    QFile empty(status);
    QVERIFY(empty.open(QIODevice::WriteOnly));
    empty.close();
    const Run sim = run(QStringLiteral("apt-get"),
                        {QStringLiteral("-o"), QStringLiteral("Dir::State::status=") + status, QStringLiteral("-o"),
                         QStringLiteral("Debug::NoLocking=1"), QStringLiteral("install"), QStringLiteral("-s"), m_deb});
    QVERIFY2(sim.code == 0, qPrintable(sim.out));
    int installs = 0;
    bool self = false;
    static const QRegularExpression inst(QStringLiteral("^Inst (\\S+) \\((\\S+) (.*)\\)$"), QRegularExpression::MultilineOption);
    for (auto it = inst.globalMatch(sim.out); it.hasNext();) {
      const QRegularExpressionMatch m = it.next();
      ++installs;
      if (m.captured(1) == QLatin1String("ampscope")) {
        self = true;
        QCOMPARE(m.captured(2), QStringLiteral(AMPSCOPE_VERSION));
        continue;
      }
      QVERIFY2(m.captured(3).startsWith(QLatin1String("Debian:12")) || m.captured(3).startsWith(QLatin1String("Debian-Security:12")),
               qPrintable(m.captured(0)));
    }
    QVERIFY2(self, qPrintable(sim.out.right(2000)));
    // LibTorch, Qt, QCustomPlot and the dataset come with it: hundreds of packages, not a few.
    QVERIFY2(installs > 100, qPrintable(QString::number(installs)));
    for (const char* needed : {"libtorch1.13", "libqt6widgets6", "libqcustomplot2.1-qt6", "dataset-fashion-mnist"})
      QVERIFY2(sim.out.contains(QStringLiteral("Inst %1 ").arg(QLatin1String(needed))), needed);
  }
};

QTEST_MAIN(TestDesktopPackage)
#include "test_desktop_package.moc"
