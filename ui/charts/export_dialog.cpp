#include "charts/export_dialog.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace ampscope::ui {

ExportDialog::ExportDialog(const QString& what, const QString& defaultPath, QSize defaultSize, QWidget* parent)
    : QDialog(parent) {
  setWindowTitle(tr("Export %1").arg(what));
  auto* form = new QFormLayout(this);
  m_path = new QLineEdit(defaultPath, this);
  auto* browse = new QPushButton(tr("Browse\u2026"), this);
  auto* row = new QWidget(this);
  auto* h = new QHBoxLayout(row);
  h->setContentsMargins(0, 0, 0, 0);
  h->addWidget(m_path, 1);
  h->addWidget(browse);
  form->addRow(tr("File"), row);
  auto* hint = new QLabel(tr("The suffix picks the format: .png, .pdf or .svg (vector)."), this);
  hint->setWordWrap(true);
  form->addRow(QString(), hint);
  m_width = new QSpinBox(this);
  m_height = new QSpinBox(this);
  for (QSpinBox* s : {m_width, m_height}) {
    s->setRange(100, 10000);
    s->setSuffix(tr(" px"));
  }
  m_width->setValue(defaultSize.width());
  m_height->setValue(defaultSize.height());
  form->addRow(tr("Width"), m_width);
  form->addRow(tr("Height"), m_height);
  m_scale = new QDoubleSpinBox(this);
  m_scale->setRange(0.5, 4.0);
  m_scale->setSingleStep(0.5);
  m_scale->setValue(2.0);
  m_scale->setToolTip(tr("PNG only: pixels per unit (2 gives a sharp figure at the same layout)"));
  form->addRow(tr("PNG scale"), m_scale);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
  form->addRow(buttons);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(browse, &QPushButton::clicked, this, [this] {
    const QString f = QFileDialog::getSaveFileName(this, windowTitle(), m_path->text(),
                                                   tr("PNG image (*.png);;PDF (*.pdf);;SVG (*.svg)"));
    if (!f.isEmpty()) m_path->setText(f);
  });
}

QString ExportDialog::path() const { return m_path->text(); }

ExportOptions ExportDialog::options() const {
  ExportOptions o;
  o.size = QSize(m_width->value(), m_height->value());
  o.scale = m_scale->value();
  return o;
}

}  // namespace ampscope::ui
