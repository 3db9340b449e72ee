#include "charts/marker_graph.h"

#include <cmath>

namespace ampscope::ui {

bool MarkerGraph::usesBitmaps(const QCPPainter* painter) {
  if (painter->modes().testFlag(QCPPainter::pmVectorized)) return false;
  const QPaintDevice* device = painter->device();
  if (!device || device->devType() == QInternal::Printer || device->devType() == QInternal::Picture) return false;
  if (painter->paintEngine() && painter->paintEngine()->type() != QPaintEngine::Raster) return false;
  // A scaled or rotated painter would resample the bitmap: blurry markers.
  return painter->worldTransform().type() <= QTransform::TxTranslate;
}

QPixmap MarkerGraph::renderMarker(const QCPScatterStyle& style, const QPen& fallbackPen, qreal dpr, bool antialiased) {
  const QPen pen = style.isPenDefined() ? style.pen() : fallbackPen;
  // The shape spans `size` logical pixels; the pen adds half its width on each side, and one
  // pixel more of room keeps antialiased edges inside.
  const int side = static_cast<int>(std::ceil(style.size() + std::max(1.0, pen.widthF()) + 2));
  const int even = side + (side % 2);  // an even side puts the centre on a pixel corner
  QPixmap pixmap(static_cast<int>(std::ceil(even * dpr)), static_cast<int>(std::ceil(even * dpr)));
  pixmap.setDevicePixelRatio(dpr);
  pixmap.fill(Qt::transparent);
  QCPPainter p(&pixmap);
  // QCPPainter's antialiasing shifts by half a pixel (crisp 1 px lines), as on the chart.
  p.setAntialiasing(antialiased);
  style.applyTo(&p, fallbackPen);
  style.drawShape(&p, even / 2.0, even / 2.0);
  return pixmap;
}

void MarkerGraph::drawScatterPlot(QCPPainter* painter, const QVector<QPointF>& scatters,
                                  const QCPScatterStyle& style) const {
  if (!usesBitmaps(painter) || style.shape() == QCPScatterStyle::ssPixmap ||
      style.shape() == QCPScatterStyle::ssCustom || style.isNone()) {
    QCPGraph::drawScatterPlot(painter, scatters, style);
    return;
  }
  applyScattersAntialiasingHint(painter);
  const bool aa = painter->testRenderHint(QPainter::Antialiasing);
  const qreal dpr = painter->device()->devicePixelRatioF();
  const QPen pen = style.isPenDefined() ? style.pen() : mPen;
  Cached& c = m_cached;
  if (c.pixmap.isNull() || c.shape != style.shape() || c.size != style.size() || c.pen != pen ||
      c.brush != style.brush() || c.dpr != dpr || c.antialiased != aa) {
    c = Cached{style.shape(), style.size(), pen, style.brush(), dpr, aa, renderMarker(style, mPen, dpr, aa)};
  }
  // Where the vector shape would go, in device-independent pixels: the painter's translation
  // (with QCPPainter's half-pixel antialiasing shift) plus the point. The bitmap holds the shape
  // at its centre plus the same shift, so the top-left corner goes to point + translation -
  // centre - shift, rounded to whole pixels: an unscaled blit, never a resampled one, within
  // half a pixel of the vector shape.
  const double centre = c.pixmap.width() / dpr / 2.0 + (aa ? 0.5 : 0.0);
  const QTransform t = painter->worldTransform();
  painter->save();
  painter->resetTransform();
  for (const QPointF& s : scatters) {
    if (!std::isfinite(s.x()) || !std::isfinite(s.y())) continue;
    painter->drawPixmap(QPointF(std::round(s.x() + t.dx() - centre), std::round(s.y() + t.dy() - centre)), c.pixmap);
  }
  painter->restore();
}

}  // namespace ampscope::ui
