// The window's status bar: what the session (or the replayed run) is doing, in permanent labels
// (step and state, speed, device and precision, scale, skipped and dropped steps, recording),
// and the progress of a run being opened, with its Cancel button. It asks for a refresh every
// 250 ms (tick()); refresh() reads the session's published state only (never waits).
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

class QComboBox;
class QLabel;
class QProgressBar;
class QStatusBar;
class QWidget;

namespace ampscope::ui {

class SessionController;
class StoredRun;

class StatusBar : public QObject {
  Q_OBJECT
 public:
  /// Fills `bar` (the window's) and lives as its child.
  explicit StatusBar(QStatusBar* bar);

  /// Says what `live` is doing, or what `replay` holds when a stored run is shown.
  void refresh(SessionController& live, const StoredRun* replay);
  /// Shows "Opening run 3 of ..." with a progress bar (in thousandths) and Cancel while `text`
  /// is not empty; hides it otherwise.
  void showOpening(const QString& text, int permille);
  /// The opening text shown; empty when none.
  QString openingText() const;
  /// Follow mode (FollowController::statusChanged): "following runs.db:1 \u2014 live, 652 steps";
  /// empty hides the label.
  void setFollowText(const QString& text);
  /// A followed run group's ranks ("rank 0", "rank 1"), `current` selected; empty hides the
  /// selector (FollowController::ranksChanged).
  void setFollowRanks(const QStringList& ranks, int current);

 Q_SIGNALS:
  /// Every 250 ms: time to refresh().
  void tick();
  /// The Cancel button beside the opening progress.
  void cancelOpeningClicked();
  /// The user picked entry `index` of the rank selector (follow mode, a run group).
  void followRankChosen(int index);

 private:
  void refreshReplay(const StoredRun& replay);
  void refreshLive(const SessionController& live);

  QStatusBar* m_bar;
  QLabel* m_step;
  QLabel* m_rate;
  QLabel* m_device;
  QLabel* m_scale;
  QLabel* m_skipped;
  QLabel* m_dropped;
  QLabel* m_recording;
  QWidget* m_opening;
  QLabel* m_openingLabel;
  QProgressBar* m_openingProgress;
  QLabel* m_follow;
  QComboBox* m_followRank;
};

}  // namespace ampscope::ui
