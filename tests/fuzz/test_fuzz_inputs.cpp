// Every fuzz seed and every regression input (fuzz/corpus/<target>/, fuzz/regressions/<target>/)
// through the same entry functions the libFuzzer targets call, built with the project's compiler
// in every build (and under ASan/UBSan in the debug-asan preset). Each input must come back
// (no crash, no stray exception type); an input named "ok-*" must be accepted, every other one
// rejected with a non-empty message. Saved scaler states are also loaded through the real
// GradScaler::load, which must agree with the entry (torch-free) on accept/reject.
#include <QDir>
#include <QFile>
#include <QTest>

#include <ampscope/grad_scaler.h>

#include <filesystem>
#include <stdexcept>

#include "fuzz_entries.h"

class TestFuzzInputs : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void inputs_data() {
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("file");
    int per_target_min = 1 << 30;
    for (std::string_view t : ampscope::fuzz::target_names()) {
      const QString target = QString::fromLatin1(t.data(), static_cast<qsizetype>(t.size()));
      int n = 0;
      for (const char* kind : {"corpus", "regressions"}) {
        const QDir dir(QStringLiteral(AMPSCOPE_SOURCE_DIR "/fuzz/%1/%2").arg(QLatin1String(kind), target));
        for (const QString& f : dir.entryList(QDir::Files, QDir::Name)) {
          QTest::newRow(qPrintable(target + QLatin1Char('/') + QLatin1String(kind) + QLatin1Char('/') + f))
              << target << dir.filePath(f);
          ++n;
        }
      }
      per_target_min = std::min(per_target_min, n);
    }
    // Every target has seeds: a missing directory must not make this test pass vacuously.
    QVERIFY2(per_target_min >= 5, "a fuzz target has fewer than 5 seed/regression inputs");
  }

  void inputs() {
    QFETCH(QString, target);
    QFETCH(QString, file);
    QFile f(file);
    QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(file));
    const QByteArray bytes = f.readAll();
    const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.constData());
    const ampscope::fuzz::Outcome out =
        ampscope::fuzz::run_target(target.toStdString(), data, static_cast<std::size_t>(bytes.size()));
    const bool expect_ok = QFileInfo(file).fileName().startsWith(QLatin1String("ok-"));
    QVERIFY2(out.accepted == expect_ok,
             qPrintable(QStringLiteral("%1: %2 (%3)")
                            .arg(file, out.accepted ? QStringLiteral("accepted") : QStringLiteral("rejected"),
                                 QString::fromStdString(out.error))));
    if (!out.accepted) QVERIFY(!out.error.empty());

    if (target == QLatin1String("scaler_state")) {
      // The real GradScaler::load agrees, and a refused file leaves the scaler untouched.
      ampscope::GradScaler scaler;
      const ampscope::GradScalerState before = scaler.state_dict();
      bool loaded = false;
      std::string message;
      try {
        scaler.load(file.toStdString());
        loaded = true;
      } catch (const std::invalid_argument& e) {
        message = e.what();
      } catch (const std::runtime_error& e) {
        message = e.what();  // PyTorch's RuntimeError for an empty state
      }
      QCOMPARE(loaded, out.accepted);
      if (!loaded) {
        QVERIFY(!message.empty());
        QVERIFY(scaler.state_dict() == before);
      }
    }
  }
};

QTEST_GUILESS_MAIN(TestFuzzInputs)
#include "test_fuzz_inputs.moc"
