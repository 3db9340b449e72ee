#include "run_browser.h"

#include "core_text.h"

#include "narrator.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace ampscope::ui {

namespace {
QTableWidgetItem* cell(const QString& text, bool number = false) {
  auto* item = new QTableWidgetItem(text);
  item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
  if (number) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  return item;
}
}  // namespace

RunBrowser::RunBrowser(const QString& path, const QString& title, const QString& acceptText, QWidget* parent)
    : QDialog(parent) {
  setWindowTitle(title);
  auto* v = new QVBoxLayout(this);
  auto* where = new QLabel(tr("Runs in %1").arg(path), this);
  where->setWordWrap(true);
  where->setTextInteractionFlags(Qt::TextSelectableByMouse);
  v->addWidget(where);
  try {
    RunStore store(QFile::encodeName(path).toStdString(), RunStore::Mode::ReadOnly);
    m_runs = store.runs();
    if (m_runs.empty()) m_error = tr("%1 holds no runs yet").arg(path);
  } catch (const std::exception& e) {
    m_error = i18n::errorText(e);
  }
  m_table = new QTableWidget(static_cast<int>(m_runs.size()), 10, this);
  m_table->setHorizontalHeaderLabels({tr("Run"), tr("Created (UTC)"), tr("Model"), tr("Precision"), tr("Device"),
                                      tr("Steps"), tr("Final scale"), tr("Skipped"), tr("Final loss"), tr("Status")});
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setSelectionMode(QAbstractItemView::SingleSelection);
  m_table->verticalHeader()->setVisible(false);
  m_table->setSortingEnabled(false);
  // Newest first: the run just recorded is at the top.
  for (int i = 0; i < static_cast<int>(m_runs.size()); ++i) {
    const RunSummary& r = m_runs[m_runs.size() - 1 - static_cast<std::size_t>(i)];
    const double share = r.steps > 0 ? 100.0 * static_cast<double>(r.skipped) / static_cast<double>(r.steps) : 0.0;
    auto* id = cell(QString::number(r.id), true);
    id->setData(Qt::UserRole, static_cast<qlonglong>(r.id));
    m_table->setItem(i, 0, id);
    m_table->setItem(i, 1, cell(QString::fromStdString(r.created)));
    m_table->setItem(i, 2, cell(QString::fromStdString(r.model)));
    m_table->setItem(i, 3, cell(i18n::translate(precision_label_text(r.precision))));
    m_table->setItem(i, 4, cell(QString::fromStdString(r.device)));
    m_table->setItem(i, 5, cell(QString::number(r.steps), true));
    m_table->setItem(i, 6, cell(r.steps > 0 ? number(r.final_scale) : QStringLiteral("\u2014"), true));
    m_table->setItem(i, 7, cell(tr("%1 (%2%)").arg(r.skipped).arg(share, 0, 'f', 2), true));
    m_table->setItem(i, 8, cell(r.steps > 0 ? number(r.final_loss) : QStringLiteral("\u2014"), true));
    m_table->setItem(i, 9, cell(QString::fromStdString(r.status)));
  }
  m_table->resizeColumnsToContents();
  m_table->horizontalHeader()->setStretchLastSection(true);
  if (!m_runs.empty()) m_table->selectRow(0);
  v->addWidget(m_table, 1);
  if (!m_error.isEmpty()) {
    auto* err = new QLabel(m_error, this);
    err->setWordWrap(true);
    err->setStyleSheet(QStringLiteral("color:#b22;"));
    v->addWidget(err);
  }
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons->button(QDialogButtonBox::Ok)->setText(acceptText);
  buttons->button(QDialogButtonBox::Ok)->setEnabled(!m_runs.empty());
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(m_table, &QTableWidget::cellDoubleClicked, this, [this](int, int) { accept(); });
  v->addWidget(buttons);
  resize(900, 420);
}

qint64 RunBrowser::selectedRun() const {
  const auto rows = m_table->selectionModel()->selectedRows();
  if (rows.isEmpty()) return 0;
  const QTableWidgetItem* item = m_table->item(rows.front().row(), 0);
  return item ? item->data(Qt::UserRole).toLongLong() : 0;
}

void RunBrowser::selectRun(qint64 id) {
  for (int i = 0; i < m_table->rowCount(); ++i)
    if (m_table->item(i, 0)->data(Qt::UserRole).toLongLong() == id) m_table->selectRow(i);
}

}  // namespace ampscope::ui
