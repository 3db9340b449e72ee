#include "run_browser.h"

#include "core_text.h"

#include "narrator.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

#include <atomic>
#include <exception>
#include <functional>
#include <string>

namespace ampscope::ui {

/// One read of a store's run list. Shared by the reading thread and the dialog, so that either
/// may go first: the thread writes it, the dialog reads it after the thread has finished.
struct RunBrowser::Reading {
  std::string file;
  std::vector<RunSummary> runs;
  std::exception_ptr failure;
  // Set (release) after runs/failure are written, read (acquire) before they are: the queued
  // `finished` orders the two threads too, but through Qt's futex-based mutex, which
  // ThreadSanitizer cannot see (it reported this hand-off as a race without the flag).
  std::atomic<bool> done{false};
};

namespace {
QTableWidgetItem* cell(const QString& text, bool number = false) {
  auto* item = new QTableWidgetItem(text);
  item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
  if (number) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  return item;
}

/// Runs `job` on a thread owned by the application object, not by the dialog: RunStore::runs()
/// cannot be interrupted, and closing the dialog should not wait up to a second for it. The
/// thread deletes itself once done; one still reading when the application object goes is
/// waited for there, so no read runs on into the process's exit.
class DetachedReader final : public QThread {
 public:
  explicit DetachedReader(std::function<void()> job)
      : QThread(QCoreApplication::instance()), m_job(std::move(job)) {
    setObjectName(QStringLiteral("run list reader"));
    connect(this, &QThread::finished, this, &QObject::deleteLater);
  }
  ~DetachedReader() override {
    wait();
    // Pairs with the release at the end of run(): wait() synchronises through Qt's futex-based
    // mutex, which ThreadSanitizer cannot see, and m_job was last written on that thread.
    [[maybe_unused]] const bool ran = m_ran.load(std::memory_order_acquire);
  }

 private:
  void run() override {
    m_job();
    m_job = nullptr;  // its captures (the shared reading) are let go on this thread
    m_ran.store(true, std::memory_order_release);
  }
  std::function<void()> m_job;
  std::atomic<bool> m_ran{false};
};
}  // namespace

RunBrowser::RunBrowser(const QString& path, const QString& title, const QString& acceptText, QWidget* parent)
    : QDialog(parent), m_path(path) {
  setWindowTitle(title);
  auto* v = new QVBoxLayout(this);
  m_heading = new QLabel(tr("Reading the runs in %1\u2026").arg(path), this);
  m_heading->setWordWrap(true);
  m_heading->setTextInteractionFlags(Qt::TextSelectableByMouse);
  v->addWidget(m_heading);
  m_table = new QTableWidget(0, 10, this);
  m_table->setHorizontalHeaderLabels({tr("Run"), tr("Created (UTC)"), tr("Model"), tr("Precision"), tr("Device"),
                                      tr("Steps"), tr("Final scale"), tr("Skipped"), tr("Final loss"), tr("Status")});
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setSelectionMode(QAbstractItemView::SingleSelection);
  m_table->verticalHeader()->setVisible(false);
  m_table->setSortingEnabled(false);
  m_table->horizontalHeader()->setStretchLastSection(true);
  v->addWidget(m_table, 1);
  m_errorLabel = new QLabel(this);
  m_errorLabel->setWordWrap(true);
  m_errorLabel->setStyleSheet(QStringLiteral("color:#b22;"));
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

  auto reading = std::make_shared<Reading>();
  reading->file = QFile::encodeName(path).toStdString();
  // The thread touches only `reading` (its own copy of the path, its own store): nothing of the
  // dialog, which may be gone by the time it finishes.
  auto* reader = new DetachedReader([reading] {
    try {
      RunStore store(reading->file, RunStore::Mode::ReadOnly);
      reading->runs = store.runs();
    } catch (...) {
      reading->failure = std::current_exception();
    }
    reading->done.store(true, std::memory_order_release);
  });
  // Queued (finished is emitted on the reader's thread) and tied to this dialog: a dialog closed
  // while reading never hears of the result.
  connect(reader, &QThread::finished, this, [this, reading] {
    if (reading->done.load(std::memory_order_acquire)) showResult(*reading);  // always set by now
  });
  reader->start(QThread::LowPriority);
}

RunBrowser::~RunBrowser() = default;

void RunBrowser::showResult(const Reading& reading) {
  m_loading = false;
  try {
    if (reading.failure) std::rethrow_exception(reading.failure);
    m_runs = reading.runs;
    if (m_runs.empty()) m_error = tr("%1 holds no runs yet").arg(m_path);
  } catch (const std::exception& e) {
    m_error = i18n::errorText(e);
  } catch (...) {
    m_error = tr("%1: the runs could not be read").arg(m_path);
  }
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
