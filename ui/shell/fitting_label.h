// A word-wrapped label that keeps to a number of lines by setting its text smaller (down to a
// floor) instead of growing taller: the preset's explanation above the charts, which on a
// 1280x720 projector in presentation mode (and in Japanese, longer) took the charts' height.
#pragma once

#include <QFont>
#include <QLabel>

namespace ampscope::ui {

class FittingLabel : public QLabel {
  Q_OBJECT
 public:
  /// At most `maxLines` lines where a font not smaller than `floorPointSize` and 75% of the
  /// font set from outside allows it.
  FittingLabel(int maxLines, double floorPointSize, QWidget* parent = nullptr);
  /// The font set from outside (the theme's), which the text is shown at where it fits.
  QFont fullFont() const { return m_full; }
  /// Lines the text takes at the width it has now.
  int lineCount() const;

 protected:
  void changeEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void paintEvent(QPaintEvent* event) override;

 private:
  void refit();
  QFont m_full;
  int m_maxLines;
  double m_floor;
  bool m_fitting = false;
  QString m_fittedText;
  int m_fittedWidth = -1;
};

}  // namespace ampscope::ui
