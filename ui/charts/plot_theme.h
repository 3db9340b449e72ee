// Colours, fonts and line widths shared by every chart: light (default, for print), dark, and
// a presentation mode (large fonts, thick lines) for classrooms and projectors.
#pragma once

#include <QColor>
#include <QFont>
#include <QPalette>
#include <QString>

#include <functional>

class QWidget;

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
  // The widgets around the charts (their style sheets come from here and follow the theme).
  QColor alertBackground, alertText, alertBorder;     ///< the error banner
  QColor replayBackground, replayText, replayBorder;  ///< the replay bar
  QColor noteBackground, noteText, noteAccent;        ///< the preset's explanation
  QColor hintText;                                    ///< "Reset to apply", skipped presets
  QColor errorText;                                   ///< a rejected value, an unreadable store
  QColor overlay;       ///< a second, overlaid run (drawn dashed): apart from loss and scale
  QColor offenderMark;  ///< the counts chart's outlined first offender of a non-finite step
  QColor rankDisagree;  ///< follow mode: the steps where a run group's ranks disagree
  QColor alarmText;     ///< the layer table's non-finite counts and the offender now
  QColor eventBad, eventWarning, eventGood;  ///< the event log's lines by severity (Info: the text colour)
  double lineWidth = 1.6;
  int fontPointSize = 9;

  static PlotTheme light();
  static PlotTheme darkTheme();
  PlotTheme withPresentation(bool on) const;

  QFont font(double factor = 1.0, bool bold = false) const;
  /// A palette for the widgets around the charts that matches the theme.
  QPalette palette() const;
  /// The light or dark theme the application's palette is in (what setTheme installed).
  static PlotTheme ofApplication();

  QString bannerStyle() const;
  /// For a widget named `objectName` and the labels in it.
  QString replayBarStyle(const QString& objectName) const;
  QString explanationStyle() const;
  static QString textStyle(const QColor& color, bool bold = false);
};

/// Gives `widget` the style sheet `style(theme)` for the application's theme now, and again
/// whenever the application palette changes (View > Dark theme), so that no colour of a
/// widget stays light in dark mode.
void setThemedStyleSheet(QWidget* widget, std::function<QString(const PlotTheme&)> style);
/// Calls `apply(theme)` for the application's theme now, and again whenever the application
/// palette changes or refreshThemedStyleSheets() runs: for colours a widget draws that a style
/// sheet cannot give (item foregrounds). Several may be attached to one widget; each lives as
/// long as the widget.
void followApplicationTheme(QWidget* widget, std::function<void(const PlotTheme&)> apply);
/// Re-applies every themed style sheet and every followApplicationTheme() callback (setTheme
/// calls it after installing the palette).
void refreshThemedStyleSheets();

}  // namespace ampscope::ui
