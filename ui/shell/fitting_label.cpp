#include "shell/fitting_label.h"

#include <QEvent>
#include <QFontMetrics>

#include <algorithm>

namespace ampscope::ui {

FittingLabel::FittingLabel(int maxLines, double floorPointSize, QWidget* parent)
    : QLabel(parent), m_full(font()), m_maxLines(maxLines), m_floor(floorPointSize) {
  setWordWrap(true);
}

int FittingLabel::lineCount() const {
  const QMargins m = contentsMargins();
  const int h = heightForWidth(std::max(1, width())) - m.top() - m.bottom();
  return std::max(1, (h + QFontMetrics(font()).lineSpacing() / 2) / QFontMetrics(font()).lineSpacing());
}

void FittingLabel::refit() {
  m_fittedText = text();
  m_fittedWidth = width();
  if (text().isEmpty() || width() <= 0) return;
  m_fitting = true;
  QFont f = m_full;
  setFont(f);
  // Smaller in steps of 8% while it takes too many lines, never below the floor.
  const double floor = std::max(m_floor, m_full.pointSizeF() * 0.75);  // large text stays large
  while (lineCount() > m_maxLines && f.pointSizeF() * 0.92 >= floor) {
    f.setPointSizeF(f.pointSizeF() * 0.92);
    setFont(f);
  }
  m_fitting = false;
}

void FittingLabel::changeEvent(QEvent* event) {
  QLabel::changeEvent(event);
  if (event->type() == QEvent::FontChange && !m_fitting) {
    m_full = font();  // the theme's new size: fit from it
    m_fittedWidth = -1;
    update();
  }
}

void FittingLabel::resizeEvent(QResizeEvent* event) {
  QLabel::resizeEvent(event);
  if (width() != m_fittedWidth) refit();
}

void FittingLabel::paintEvent(QPaintEvent* event) {
  // A new text (QLabel::setText is not virtual) or a font set since the last fit.
  if (text() != m_fittedText || width() != m_fittedWidth) refit();
  QLabel::paintEvent(event);
}

}  // namespace ampscope::ui
