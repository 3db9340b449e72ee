// Asks where to export and at what size: file (its suffix picks PNG / PDF / SVG), width,
// height and, for PNG, a scale factor.
#pragma once

#include "charts/exporter.h"

#include <QDialog>

class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace ampscope::ui {

class ExportDialog : public QDialog {
  Q_OBJECT
 public:
  ExportDialog(const QString& what, const QString& defaultPath, QSize defaultSize, QWidget* parent = nullptr);
  QString path() const;
  ExportOptions options() const;

 private:
  QLineEdit* m_path = nullptr;
  QSpinBox* m_width = nullptr;
  QSpinBox* m_height = nullptr;
  QDoubleSpinBox* m_scale = nullptr;
};

}  // namespace ampscope::ui
