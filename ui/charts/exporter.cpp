#include "charts/exporter.h"

#include "charts/chart_base.h"
#include "charts/dashboard.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <functional>

namespace ampscope::ui {

namespace {
/// The translation context of export messages.
struct Exporter {
  Q_DECLARE_TR_FUNCTIONS(Exporter)
};

bool fail(QString* error, const QString& text) {
  if (error) *error = text;
  return false;
}

/// One drawing routine, three devices.
bool paintTo(const QString& path, ExportFormat format, const ExportOptions& o, const QColor& background,
             const std::function<void(QCPPainter*, const QRect&)>& draw, QString* error) {
  const QRect rect(QPoint(0, 0), o.size);
  switch (format) {
    case ExportFormat::Png: {
      QImage image(o.size * o.scale, QImage::Format_ARGB32_Premultiplied);
      if (image.isNull()) return fail(error, Exporter::tr("the image is too large"));
      image.setDevicePixelRatio(o.scale);
      image.fill(background);
      {
        QCPPainter p(&image);
        p.setRenderHint(QPainter::Antialiasing);
        p.setRenderHint(QPainter::TextAntialiasing);
        draw(&p, rect);
      }
      if (!image.save(path, "PNG")) return fail(error, Exporter::tr("cannot write %1").arg(path));
      return true;
    }
    case ExportFormat::Pdf: {
      QPdfWriter writer(path);
      writer.setCreator(QStringLiteral("AmpScope"));
      writer.setTitle(o.title);
      writer.setResolution(72);  // one logical unit = one point
      writer.setPageLayout(QPageLayout(QPageSize(QSizeF(o.size), QPageSize::Point), QPageLayout::Portrait, QMarginsF()));
      QCPPainter p;
      if (!p.begin(&writer)) return fail(error, Exporter::tr("cannot write %1").arg(path));
      p.setMode(QCPPainter::pmVectorized);
      p.setMode(QCPPainter::pmNoCaching);
      draw(&p, rect);
      p.end();
      return true;
    }
    case ExportFormat::Svg: {
      QSvgGenerator gen;
      gen.setFileName(path);
      gen.setSize(o.size);
      gen.setViewBox(rect);
      gen.setTitle(o.title);
      gen.setDescription(Exporter::tr("Exported by AmpScope"));
      QCPPainter p;
      if (!p.begin(&gen)) return fail(error, Exporter::tr("cannot write %1").arg(path));
      p.setMode(QCPPainter::pmVectorized);
      p.setMode(QCPPainter::pmNoCaching);
      draw(&p, rect);
      p.end();
      if (!QFileInfo(path).size()) return fail(error, Exporter::tr("cannot write %1").arg(path));
      return true;
    }
  }
  return fail(error, Exporter::tr("unknown format"));
}
}  // namespace

std::optional<ExportFormat> exportFormatFor(const QString& path) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix == QLatin1String("png")) return ExportFormat::Png;
  if (suffix == QLatin1String("pdf")) return ExportFormat::Pdf;
  if (suffix == QLatin1String("svg")) return ExportFormat::Svg;
  return std::nullopt;
}

bool exportChart(ChartBase* chart, const QString& path, const ExportOptions& o, QString* error) {
  const auto format = exportFormatFor(path);
  if (!format) return fail(error, Exporter::tr("%1: use a .png, .pdf or .svg file name").arg(path));
  if (o.size.isEmpty() || o.scale <= 0) return fail(error, Exporter::tr("the size must be positive"));
  chart->setPrinting(true);
  const bool ok = paintTo(path, *format, o, chart->theme().background,
                          [chart](QCPPainter* p, const QRect& r) {
                            chart->fitTo(r.size());  // texts fitted to the figure's size first
                            chart->toPainter(p, r.width(), r.height());
                          },
                          error);
  chart->setPrinting(false);
  chart->markDirty();  // toPainter laid the chart out for the export size
  if (chart->isVisible()) chart->replot(QCustomPlot::rpQueuedReplot);
  return ok;
}

bool exportDashboard(Dashboard* dashboard, const QString& path, const ExportOptions& o, QString* error) {
  const auto format = exportFormatFor(path);
  if (!format) return fail(error, Exporter::tr("%1: use a .png, .pdf or .svg file name").arg(path));
  if (o.size.isEmpty() || o.scale <= 0) return fail(error, Exporter::tr("the size must be positive"));
  for (ChartBase* c : dashboard->charts()) c->setPrinting(true);
  const bool ok = paintTo(path, *format, o, dashboard->theme().background,
                          [dashboard](QCPPainter* p, const QRect& r) { dashboard->render(p, r); }, error);
  for (ChartBase* c : dashboard->charts()) {
    c->setPrinting(false);
    c->markDirty();
    if (c->isVisible()) c->replot(QCustomPlot::rpQueuedReplot);
  }
  return ok;
}

}  // namespace ampscope::ui
