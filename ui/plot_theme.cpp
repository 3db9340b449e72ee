#include "plot_theme.h"

#include <QApplication>
#include <QStyle>

#include <cmath>

namespace ampscope::ui {

PlotTheme PlotTheme::light() {
  PlotTheme t;
  t.dark = false;
  t.background = QColor(255, 255, 255);
  t.foreground = QColor(30, 30, 30);
  t.grid = QColor(215, 215, 215);
  t.subGrid = QColor(238, 238, 238);
  t.loss = QColor(31, 119, 180);
  t.scale = QColor(44, 62, 80);
  t.skipped = QColor(214, 39, 40);
  t.grow = QColor(44, 160, 44);
  t.threshold = QColor(120, 60, 160);
  t.highlight = QColor(255, 127, 14);
  return t;
}

PlotTheme PlotTheme::darkTheme() {
  PlotTheme t;
  t.dark = true;
  t.background = QColor(30, 32, 36);
  t.foreground = QColor(225, 225, 225);
  t.grid = QColor(70, 72, 78);
  t.subGrid = QColor(48, 50, 55);
  t.loss = QColor(100, 181, 246);
  t.scale = QColor(230, 230, 230);
  t.skipped = QColor(255, 99, 99);
  t.grow = QColor(129, 220, 129);
  t.threshold = QColor(206, 147, 216);
  t.highlight = QColor(255, 183, 77);
  return t;
}

PlotTheme PlotTheme::withPresentation(bool on) const {
  PlotTheme t = *this;
  t.presentation = on;
  t.lineWidth = on ? 3.2 : 1.6;
  t.fontPointSize = on ? 15 : 9;
  return t;
}

QFont PlotTheme::font(double factor, bool bold) const {
  QFont f = QApplication::font();
  f.setPointSizeF(std::max(6.0, fontPointSize * factor));
  f.setBold(bold);
  return f;
}

QPalette PlotTheme::palette() const {
  if (!dark) return QApplication::style()->standardPalette();
  QPalette p;
  const QColor window(45, 47, 52), base(30, 32, 36), text(225, 225, 225);
  p.setColor(QPalette::Window, window);
  p.setColor(QPalette::WindowText, text);
  p.setColor(QPalette::Base, base);
  p.setColor(QPalette::AlternateBase, window);
  p.setColor(QPalette::ToolTipBase, window);
  p.setColor(QPalette::ToolTipText, text);
  p.setColor(QPalette::Text, text);
  p.setColor(QPalette::Button, window);
  p.setColor(QPalette::ButtonText, text);
  p.setColor(QPalette::BrightText, Qt::red);
  p.setColor(QPalette::Highlight, QColor(66, 133, 244));
  p.setColor(QPalette::HighlightedText, Qt::white);
  p.setColor(QPalette::PlaceholderText, QColor(150, 150, 150));
  p.setColor(QPalette::Disabled, QPalette::Text, QColor(120, 120, 120));
  p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(120, 120, 120));
  p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(120, 120, 120));
  return p;
}

}  // namespace ampscope::ui
