#include "shell/status_bar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QTimer>

#include "core_text.h"
#include "panels/narrator.h"
#include "runs/session_controller.h"
#include "runs/stored_run.h"

namespace ampscope::ui {

StatusBar::StatusBar(QStatusBar* bar) : QObject(bar), m_bar(bar) {
  m_step = new QLabel(bar);
  m_rate = new QLabel(bar);
  m_device = new QLabel(bar);
  m_scale = new QLabel(bar);
  m_skipped = new QLabel(bar);
  m_dropped = new QLabel(bar);
  m_recording = new QLabel(bar);
  for (QLabel* l : {m_step, m_rate, m_device, m_scale, m_skipped, m_dropped, m_recording})
    bar->addPermanentWidget(l);
  // Opening a stored run (off the GUI thread): how far it is, and a way out.
  m_opening = new QWidget(bar);
  auto* opening = new QHBoxLayout(m_opening);
  opening->setContentsMargins(0, 0, 0, 0);
  m_openingLabel = new QLabel(m_opening);
  m_openingProgress = new QProgressBar(m_opening);
  m_openingProgress->setRange(0, 1000);
  m_openingProgress->setMaximumWidth(160);
  m_openingProgress->setTextVisible(false);
  auto* cancel = new QPushButton(tr("Cancel"), m_opening);
  cancel->setObjectName(QStringLiteral("cancelOpening"));
  connect(cancel, &QPushButton::clicked, this, &StatusBar::cancelOpeningClicked);
  opening->addWidget(m_openingLabel);
  opening->addWidget(m_openingProgress);
  opening->addWidget(cancel);
  // In the status bar only while shown: QStatusBar sizes itself by every widget it holds,
  // hidden ones included, and the button made the idle bar taller than its labels (27 px
  // against 22 offscreen).
  m_opening->hide();
  // Follow mode (runs/follow_controller.h): what the followed run's writer is doing, and for a
  // run group the rank whose statistics the charts show. In the bar only while shown, like the
  // opening progress (a combo box makes the bar taller).
  m_follow = new QLabel(bar);
  m_follow->setObjectName(QStringLiteral("followStatus"));
  m_follow->hide();
  m_followRank = new QComboBox(bar);
  m_followRank->setObjectName(QStringLiteral("followRank"));
  m_followRank->setToolTip(tr("The rank whose statistics the charts and the layer table show"));
  m_followRank->hide();
  connect(m_followRank, &QComboBox::activated, this, &StatusBar::followRankChosen);
  auto* timer = new QTimer(this);
  timer->setInterval(250);
  connect(timer, &QTimer::timeout, this, &StatusBar::tick);
  timer->start();
}

void StatusBar::showOpening(const QString& text, int permille) {
  if (text.isEmpty()) {
    if (!m_opening->isHidden()) m_bar->removeWidget(m_opening);  // hides it
    m_openingLabel->clear();
    return;
  }
  m_openingLabel->setText(text);
  m_openingProgress->setValue(permille);
  if (m_opening->isHidden()) {
    m_bar->addWidget(m_opening);
    m_opening->show();
  }
}

QString StatusBar::openingText() const { return m_opening->isHidden() ? QString() : m_openingLabel->text(); }

namespace {
/// Puts `w` in `bar` (after the permanent widgets there) or takes it out.
void showPermanent(QStatusBar* bar, QWidget* w, bool show) {
  if (show && w->isHidden()) {
    bar->addPermanentWidget(w);
    w->show();
  } else if (!show && !w->isHidden()) {
    bar->removeWidget(w);  // hides it
  }
}
}  // namespace

void StatusBar::setFollowText(const QString& text) {
  m_follow->setText(text);
  showPermanent(m_bar, m_follow, !text.isEmpty());
}

void StatusBar::setFollowRanks(const QStringList& ranks, int current) {
  QSignalBlocker block(m_followRank);
  m_followRank->clear();
  m_followRank->addItems(ranks);
  m_followRank->setCurrentIndex(current);
  showPermanent(m_bar, m_followRank, !ranks.isEmpty());
}

void StatusBar::refresh(SessionController& live, const StoredRun* replay) {
  live.checkRecording();
  const qint64 runId = live.recordingRunId();
  if (!live.recordingError().isEmpty()) {
    m_recording->setText(tr("not recorded"));
    m_recording->setToolTip(live.recordingError());
  } else if (runId > 0) {
    m_recording->setText(tr("\u25CF recording run %1").arg(runId));
    m_recording->setToolTip(
        tr("Every step of this run is recorded in %1 (File > Open replays it)").arg(live.storePath()));
  } else {
    m_recording->setText(live.storePath().isEmpty() ? tr("not recorded") : QString());
    m_recording->setToolTip(QString());
  }
  if (replay)
    refreshReplay(*replay);
  else
    refreshLive(live);
}

void StatusBar::refreshReplay(const StoredRun& replay) {
  const StepHistory& h = replay.history();
  const RunSummary& r = replay.summary();
  // A run still "running" in its store (followed, opened while it trains, or its writer killed)
  // has no final scale: the steps recorded so far and the newest step's scale.
  const bool unfinished = r.status == "running";
  m_step->setText(unfinished ? tr("recorded so far: %1 steps").arg(r.steps) : tr("replay: %1 steps").arg(r.steps));
  m_rate->setText(QString());
  m_device->setText(
      QStringLiteral("%1 \u00b7 %2")
          .arg(QString::fromStdString(r.device), i18n::translate(precision_label_text(r.precision))));
  m_scale->setText(!replay.scalerInUse() ? tr("no scaler")
                   : unfinished        ? tr("scale %1").arg(scaleText(r.final_scale))
                                         : tr("final scale %1").arg(scaleText(r.final_scale)));
  m_skipped->setText(tr("skipped %1 (%2%)")
                         .arg(h.skippedCount())
                         .arg(h.empty() ? 0.0
                                        : 100.0 * static_cast<double>(h.skippedCount()) /
                                              static_cast<double>(h.points().size()),
                              0, 'f', 2));
  m_dropped->setText(QString());
}

void StatusBar::refreshLive(const SessionController& live) {
  const StepHistory& h = live.history();
  using S = SessionController::State;
  QString state;
  switch (live.state()) {
    case S::Empty:
      state = live.loading() ? tr("loading") : tr("no session");
      break;
    case S::Ready:
      state = tr("ready");
      break;
    case S::Running:
      state = tr("running");
      break;
    case S::Paused:
      state = tr("paused");
      break;
    case S::Finished:
      state = tr("finished");
      break;
    case S::Failed:
      state = tr("stopped by an error");
      break;
  }
  m_step->setText(tr("step %1 (%2)").arg(live.stepsDone()).arg(state));
  m_rate->setText(tr("%1 steps/s").arg(live.stepsPerSecond(), 0, 'f', 0));
  m_device->setText(QStringLiteral("%1 \u00b7 %2").arg(live.deviceLabel(), live.precisionLabel()));
  if (!h.empty()) {
    m_scale->setText(live.scalerInUse() ? tr("scale %1").arg(scaleText(h.points().back().scale_after))
                                        : tr("no scaler"));
    m_skipped->setText(
        tr("skipped %1 (%2%)")
            .arg(h.skippedCount())
            .arg(100.0 * static_cast<double>(h.skippedCount()) / static_cast<double>(h.points().size()), 0,
                 'f', 2));
  } else {
    m_scale->setText(live.scalerInUse() ? tr("scale %1").arg(scaleText(live.config().scaler.init_scale()))
                                        : tr("no scaler"));
    m_skipped->setText(tr("skipped 0"));
  }
  m_dropped->setText(tr("dropped %1").arg(live.droppedRecords()));
  m_dropped->setToolTip(tr("Records the GUI could not take in time (the training never waits for the GUI)"));
}

}  // namespace ampscope::ui
