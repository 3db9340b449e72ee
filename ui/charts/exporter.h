// Writes a chart or the whole dashboard as PNG (size x scale factor pixels), PDF or SVG
// (vector output: QCustomPlot's PDF writer, QSvgGenerator). The format follows the suffix.
#pragma once

#include <QSize>
#include <QString>

#include <optional>

namespace ampscope::ui {

class ChartBase;
class Dashboard;

enum class ExportFormat { Png, Pdf, Svg };

struct ExportOptions {
  QSize size{1600, 1000};  ///< logical size (PDF/SVG: points/user units; PNG: pixels before scaling)
  double scale = 1.0;      ///< PNG only: pixels per logical unit (2 = "retina")
  QString title;           ///< document title (PDF/SVG metadata)
};

/// The format for a file name's suffix (.png, .pdf, .svg; case-insensitive).
std::optional<ExportFormat> exportFormatFor(const QString& path);

/// Returns false and sets *error on failure (unknown suffix, unwritable file).
bool exportChart(ChartBase* chart, const QString& path, const ExportOptions& options, QString* error = nullptr);
bool exportDashboard(Dashboard* dashboard, const QString& path, const ExportOptions& options, QString* error = nullptr);

}  // namespace ampscope::ui
