#include "runs/run_browser.h"

#include "core_text.h"

#include "panels/narrator.h"
#include "charts/plot_theme.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <string>

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
    : QDialog(parent), m_path(path) {
  setWindowTitle(title);
  auto* v = new QVBoxLayout(this);
  m_heading = new QLabel(tr("Reading the runs in %1\u2026").arg(path), this);
  m_heading->setWordWrap(true);
  m_heading->setTextInteractionFlags(Qt::TextSelectableByMouse);
  v->addWidget(m_heading);
  m_table = new QTableWidget(0, 11, this);
  m_table->setHorizontalHeaderLabels({tr("Run"), tr("Created (UTC)"), tr("Model"), tr("Precision"), tr("Device"),
                                      tr("Steps"), tr("Final scale"), tr("Skipped"), tr("Final loss"), tr("Status"),
                                      tr("Group (rank)")});
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setSelectionMode(QAbstractItemView::SingleSelection);
  m_table->verticalHeader()->setVisible(false);
  m_table->setSortingEnabled(false);
  m_table->horizontalHeader()->setStretchLastSection(true);
  v->addWidget(m_table, 1);
  m_errorLabel = new QLabel(this);
  m_errorLabel->setWordWrap(true);
  setThemedStyleSheet(m_errorLabel, [](const PlotTheme& t) { return PlotTheme::textStyle(t.errorText); });
  m_errorLabel->hide();
  v->addWidget(m_errorLabel);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  m_ok = buttons->button(QDialogButtonBox::Ok);
  m_ok->setText(acceptText);
  m_ok->setEnabled(false);  // nothing to choose until the list is here
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(m_table, &QTableWidget::cellDoubleClicked, this, [this](int, int) { accept(); });
  v->addWidget(buttons);
  resize(900, 420);

  // RunStore::runs() cannot be interrupted: a dialog closed while it reads does not wait for it
  // (the job goes on alone with its own copy of the path and its own store) and never hears of
  // the result.
  m_reader.start(
      [file = QFile::encodeName(path).toStdString()](const CancelToken&) {
        return RunStore(file, RunStore::Mode::ReadOnly).runs();
      },
      [this](std::vector<RunSummary> runs) { showResult(std::move(runs), {}); },
      [this](const QString& error) { showResult({}, error); });
}

RunBrowser::~RunBrowser() = default;

void RunBrowser::showResult(std::vector<RunSummary> runs, const QString& error) {
  m_loading = false;
  m_runs = std::move(runs);
  m_error = error;
  if (m_error.isEmpty() && m_runs.empty()) m_error = tr("%1 holds no runs yet").arg(m_path);
  m_heading->setText(tr("Runs in %1").arg(m_path));
  m_table->setRowCount(static_cast<int>(m_runs.size()));
  // Newest first: the run just recorded is at the top.
  for (int i = 0; i < static_cast<int>(m_runs.size()); ++i) {
    const RunSummary& r = m_runs[m_runs.size() - 1 - static_cast<std::size_t>(i)];
    const double share = r.steps > 0 ? 100.0 * static_cast<double>(r.skipped) / static_cast<double>(r.steps) : 0.0;
    auto* id = cell(QString::number(r.id), true);
    id->setData(Qt::UserRole, static_cast<qlonglong>(r.id));
    m_table->setItem(i, 0, id);
    m_table->setItem(i, 1, cell(QString::fromStdString(r.created)));
    m_table->setItem(i, 2, cell(i18n::translate(run_title(r))));
    m_table->setItem(i, 3, cell(i18n::translate(precision_label_text(r.precision))));
    m_table->setItem(i, 4, cell(QString::fromStdString(r.device)));
    m_table->setItem(i, 5, cell(QString::number(r.steps), true));
    m_table->setItem(i, 6, cell(r.steps > 0 ? scaleText(r.final_scale) : QStringLiteral("\u2014"), true));
    m_table->setItem(i, 7, cell(tr("%1 (%2%)").arg(r.skipped).arg(share, 0, 'f', 2), true));
    m_table->setItem(i, 8, cell(r.steps > 0 ? QString::number(r.final_loss, 'g', 6) : QStringLiteral("\u2014"), true));
    m_table->setItem(i, 9, cell(QString::fromStdString(r.status)));
    // Schema 3: the runs of one DDP job share a group, one run per rank.
    m_table->setItem(i, 10, cell(r.origin.group.empty() ? QStringLiteral("\u2014")
                                                        : tr("%1 (rank %2 of %3)")
                                                              .arg(QString::fromStdString(r.origin.group))
                                                              .arg(r.origin.rank)
                                                              .arg(r.origin.world_size)));
  }
  m_table->resizeColumnsToContents();
  m_table->horizontalHeader()->setStretchLastSection(true);
  if (!m_runs.empty()) {
    m_table->selectRow(0);
    if (m_wanted > 0) selectRun(m_wanted);
  }
  m_ok->setEnabled(!m_runs.empty());
  m_errorLabel->setText(m_error);
  m_errorLabel->setVisible(!m_error.isEmpty());
  Q_EMIT loaded();
}

QString RunBrowser::headingText() const { return m_heading->text(); }

qint64 RunBrowser::selectedRun() const {
  const auto rows = m_table->selectionModel()->selectedRows();
  if (rows.isEmpty()) return 0;
  const QTableWidgetItem* item = m_table->item(rows.front().row(), 0);
  return item ? item->data(Qt::UserRole).toLongLong() : 0;
}

void RunBrowser::selectRun(qint64 id) {
  m_wanted = id;
  for (int i = 0; i < m_table->rowCount(); ++i)
    if (m_table->item(i, 0)->data(Qt::UserRole).toLongLong() == id) m_table->selectRow(i);
}

}  // namespace ampscope::ui
