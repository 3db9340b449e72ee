#include "charts/plot_theme.h"

#include <QApplication>
#include <QEvent>
#include <QStyle>
#include <QWidget>

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
  t.alertBackground = QColor(0xfd, 0xec, 0xea);
  t.alertText = QColor(0x99, 0x22, 0x22);
  t.alertBorder = QColor(0xe6, 0xb0, 0xaa);
  t.replayBackground = QColor(0xe8, 0xf0, 0xfe);
  t.replayText = QColor(0x17, 0x3f, 0x7a);
  t.replayBorder = QColor(0x9b, 0xb7, 0xe0);
  t.noteBackground = QColor(0xea, 0xf2, 0xfb);
  t.noteText = QColor(0x10, 0x20, 0x30);
  t.noteAccent = QColor(0x2e, 0x86, 0xc1);
  t.hintText = QColor(0xb9, 0x77, 0x0e);
  t.errorText = QColor(0xc0, 0x39, 0x2b);
  t.overlay = QColor(148, 52, 190);
  t.offenderMark = QColor(215, 25, 28);
  t.rankDisagree = QColor(220, 30, 160);
  t.alarmText = QColor(200, 30, 30);
  t.eventBad = QColor(190, 30, 30);
  t.eventWarning = QColor(170, 100, 0);
  t.eventGood = QColor(30, 130, 30);
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
  t.alertBackground = QColor(0x4a, 0x22, 0x22);
  t.alertText = QColor(0xf5, 0xb7, 0xb1);
  t.alertBorder = QColor(0x8e, 0x3b, 0x3b);
  t.replayBackground = QColor(0x1c, 0x2b, 0x42);
  t.replayText = QColor(0xa9, 0xc9, 0xf5);
  t.replayBorder = QColor(0x3d, 0x5a, 0x80);
  t.noteBackground = QColor(0x1f, 0x2a, 0x36);
  t.noteText = QColor(0xe8, 0xee, 0xf5);
  t.noteAccent = QColor(0x5d, 0xad, 0xe2);
  t.hintText = QColor(0xf0, 0xb4, 0x5a);
  t.errorText = QColor(0xff, 0x8a, 0x80);
  t.overlay = QColor(215, 150, 255);
  t.offenderMark = QColor(255, 80, 80);
  t.rankDisagree = QColor(255, 110, 200);
  t.alarmText = QColor(255, 120, 120);
  t.eventBad = QColor(255, 120, 120);
  t.eventWarning = QColor(255, 200, 100);
  t.eventGood = QColor(140, 220, 140);
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
  // The bevel and frame shades around the dark window colour (a default QPalette keeps the
  // light theme's white and greys there: light lines around frames, headers and scroll bars),
  // links readable on dark, and disabled widgets as dark as enabled ones.
  p.setColor(QPalette::Light, window.lighter(160));
  p.setColor(QPalette::Midlight, window.lighter(130));
  p.setColor(QPalette::Mid, window.darker(130));
  p.setColor(QPalette::Dark, window.darker(160));
  p.setColor(QPalette::Shadow, QColor(10, 10, 12));
  p.setColor(QPalette::Link, QColor(110, 170, 255));
  p.setColor(QPalette::LinkVisited, QColor(180, 140, 255));
  for (const auto role : {QPalette::Window, QPalette::Base, QPalette::AlternateBase, QPalette::Button})
    p.setColor(QPalette::Disabled, role, p.color(QPalette::Active, role));
  p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(70, 74, 82));
  p.setColor(QPalette::Disabled, QPalette::Text, QColor(120, 120, 120));
  p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(120, 120, 120));
  p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(120, 120, 120));
  return p;
}

PlotTheme PlotTheme::ofApplication() {
  return QApplication::palette().color(QPalette::Window).lightness() < 128 ? darkTheme() : light();
}

QString PlotTheme::bannerStyle() const {
  return QStringLiteral("background:%1; color:%2; border:1px solid %3; padding:6px;")
      .arg(alertBackground.name(), alertText.name(), alertBorder.name());
}

QString PlotTheme::replayBarStyle(const QString& objectName) const {
  return QStringLiteral("#%1 { background:%2; border:1px solid %3; }#%1 QLabel { color:%4; font-weight:bold; }")
      .arg(objectName, replayBackground.name(), replayBorder.name(), replayText.name());
}

QString PlotTheme::explanationStyle() const {
  return QStringLiteral("background:%1; color:%2; border-left:4px solid %3;")
      .arg(noteBackground.name(), noteText.name(), noteAccent.name());
}

QString PlotTheme::textStyle(const QColor& color, bool bold) {
  return bold ? QStringLiteral("color: %1; font-weight: bold;").arg(color.name()) : QStringLiteral("color: %1;").arg(color.name());
}

namespace {
/// Calls a widget's theme callback again when the application palette changes: its themed
/// style sheet (kStyleName, one per widget) or colours it sets itself (kFollowerName).
class ThemeFollower final : public QObject {
 public:
  static constexpr const char* kStyleName = "ampscope_themed_style";
  static constexpr const char* kFollowerName = "ampscope_theme_follower";
  ThemeFollower(QWidget* widget, const char* name, std::function<void(const PlotTheme&)> callback)
      : QObject(widget), m_widget(widget), m_apply(std::move(callback)) {
    setObjectName(QLatin1String(name));
    widget->installEventFilter(this);
    apply();
  }
  bool eventFilter(QObject* watched, QEvent* event) override {
    if (watched == m_widget &&
        (event->type() == QEvent::ApplicationPaletteChange || event->type() == QEvent::PaletteChange))
      apply();
    return false;
  }
  void apply() { m_apply(PlotTheme::ofApplication()); }
 private:
  QWidget* m_widget;
  std::function<void(const PlotTheme&)> m_apply;
};
}  // namespace

void refreshThemedStyleSheets() {
  for (QWidget* w : QApplication::allWidgets())
    for (const char* name : {ThemeFollower::kStyleName, ThemeFollower::kFollowerName})
      for (QObject* o : w->findChildren<QObject*>(QLatin1String(name), Qt::FindDirectChildrenOnly))
        static_cast<ThemeFollower*>(o)->apply();
}

void setThemedStyleSheet(QWidget* widget, std::function<QString(const PlotTheme&)> style) {
  for (QObject* old : widget->findChildren<QObject*>(QLatin1String(ThemeFollower::kStyleName), Qt::FindDirectChildrenOnly))
    delete old;
  new ThemeFollower(widget, ThemeFollower::kStyleName, [widget, style = std::move(style)](const PlotTheme& theme) {
    const QString sheet = style(theme);
    if (sheet != widget->styleSheet()) widget->setStyleSheet(sheet);  // a new sheet changes the palette again
  });
}

void followApplicationTheme(QWidget* widget, std::function<void(const PlotTheme&)> apply) {
  new ThemeFollower(widget, ThemeFollower::kFollowerName, std::move(apply));
}

}  // namespace ampscope::ui
