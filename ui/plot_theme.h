// Colours, fonts and line widths shared by every chart: light (default, for print), dark, and
// a presentation mode (large fonts, thick lines) for classrooms and projectors.
#pragma once

#include <QColor>
#include <QFont>
#include <QPalette>

namespace ampscope::ui {

struct PlotTheme {
  bool dark = false;
  bool presentation = false;
  QColor background;
  QColor foreground;    ///< axes, tick labels, text
  QColor grid;
  QColor subGrid;
  QColor loss;          ///< loss line
  QColor scale;         ///< scale line
  QColor skipped;       ///< skipped-step markers
  QColor grow;          ///< growth markers
  QColor threshold;     ///< fp16 limit lines
  QColor highlight;     ///< selected layer / step cursor
  double lineWidth = 1.6;
  int fontPointSize = 9;

  static PlotTheme light();
  static PlotTheme darkTheme();
  PlotTheme withPresentation(bool on) const;

  QFont font(double factor = 1.0, bool bold = false) const;
  /// A palette for the widgets around the charts that matches the theme.
  QPalette palette() const;
};

}  // namespace ampscope::ui
