// A QCPGraph whose scatter markers are drawn as one cached bitmap each on raster devices.
//
// QCPScatterStyle::drawShape strokes every marker as a path: at 1,000,000 replayed steps the
// scale chart's 391 skipped-step triangles and the underflow chart's 391 squares cost 4-8 ms
// of a 16 ms replot. A marker is the same few pixels every time, so on the screen (and in PNG
// exports) it is rendered once, antialiased, at the device's pixel ratio, and blitted. Vector
// devices (PDF, SVG) and transformed painters still get the vector shapes.
#pragma once

#include "charts/qcp.h"

namespace ampscope::ui {

class MarkerGraph : public QCPGraph {
 public:
  MarkerGraph(QCPAxis* keyAxis, QCPAxis* valueAxis) : QCPGraph(keyAxis, valueAxis) {}

  /// Whether `painter` gets cached bitmaps (raster, no scaling or rotation) or vector shapes.
  static bool usesBitmaps(const QCPPainter* painter);
  /// The cached marker for `style` at `dpr` (device pixels per logical pixel): transparent
  /// outside the shape, centred on the bitmap's centre.
  static QPixmap renderMarker(const QCPScatterStyle& style, const QPen& fallbackPen, qreal dpr, bool antialiased);

 protected:
  void drawScatterPlot(QCPPainter* painter, const QVector<QPointF>& scatters, const QCPScatterStyle& style) const override;

 private:
  struct Cached {
    QCPScatterStyle::ScatterShape shape = QCPScatterStyle::ssNone;
    double size = 0;
    QPen pen;
    QBrush brush;
    qreal dpr = 0;
    bool antialiased = false;
    QPixmap pixmap;
  };
  mutable Cached m_cached;
};

}  // namespace ampscope::ui
