#include "panels/run_settings_view.h"

#include "core_text.h"
#include "panels/narrator.h"
#include "runs/stored_run.h"

#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <cmath>

namespace ampscope::ui {

namespace {
QLabel* valueLabel(const QString& text, QWidget* parent) {
  auto* l = new QLabel(text, parent);
  l->setWordWrap(true);
  l->setTextInteractionFlags(Qt::TextSelectableByMouse);
  l->setTextFormat(Qt::PlainText);
  return l;
}

QString everySteps(std::int64_t every) {
  if (every <= 0) return RunSettingsView::tr("off");
  if (every == 1) return RunSettingsView::tr("every step");
  return RunSettingsView::tr("every %1 steps").arg(every);
}
}  // namespace

RunSettingsView::RunSettingsView(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("runSettings"));
  auto* v = new QVBoxLayout(this);
  m_title = new QLabel(this);
  m_title->setWordWrap(true);
  m_title->setTextFormat(Qt::PlainText);
  QFont bold = m_title->font();
  bold.setBold(true);
  m_title->setFont(bold);
  m_note = new QLabel(this);
  m_note->setWordWrap(true);
  m_note->setTextFormat(Qt::PlainText);
  m_form = new QFormLayout;
  m_form->setRowWrapPolicy(QFormLayout::WrapLongRows);
  m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  v->addWidget(m_title);
  v->addWidget(m_note);
  v->addLayout(m_form);
  v->addStretch(1);
}

void RunSettingsView::showRun(const StoredRun& run) {
  m_path = run.path();
  m_summary = run.summary();
  m_config = run.config();
  m_hasRun = true;
  rebuild();
}

QStringList RunSettingsView::rows() const { return m_rows; }

void RunSettingsView::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange && m_hasRun) rebuild();
  QWidget::changeEvent(event);
}

void RunSettingsView::heading(const QString& text) {
  auto* l = new QLabel(text, this);
  QFont f = l->font();
  f.setBold(true);
  l->setFont(f);
  l->setContentsMargins(0, 6, 0, 0);
  m_form->addRow(l);
  m_rows << text;
}

void RunSettingsView::note(const QString& text) {
  m_form->addRow(valueLabel(text, this));
  m_rows << text;
}

void RunSettingsView::row(const QString& label, const QString& value) {
  m_form->addRow(label, valueLabel(value, this));
  m_rows << label + QStringLiteral(": ") + value;
}

void RunSettingsView::rebuild() {
  while (m_form->rowCount() > 0) m_form->removeRow(0);
  m_rows.clear();
  const RunSummary& s = m_summary;
  const SessionConfig& c = m_config;
  const bool probe = s.origin.source == "probe";
  m_title->setText(tr("Settings of run %1 of %2").arg(s.id).arg(QFileInfo(m_path).fileName()));
  m_note->setText(tr("As the run was recorded (read-only). The live run's controls come back with "
                     "\"Back to the live run\"."));

  heading(tr("Run"));
  QString writer = probe ? tr("your script, through the Python probe") : tr("AmpScope (a built-in model)");
  if (!s.origin.host.empty())
    writer = tr("%1, on %2 (process %3)").arg(writer, QString::fromStdString(s.origin.host)).arg(s.origin.pid);
  row(tr("Written by"), writer);
  if (!c.name.empty()) row(tr("Name"), QString::fromStdString(c.name));
  // SessionConfig::dataset empty: the model's own.
  const std::string_view ds = c.dataset.empty() ? own_dataset(c.model) : std::string_view(c.dataset);
  const QString dataset = QString::fromUtf8(ds.data(), static_cast<qsizetype>(ds.size()));
  row(tr("Model"), probe || dataset.isEmpty() ? QString::fromStdString(s.model)
                                              : tr("%1 on %2").arg(QString::fromStdString(s.model), dataset));
  row(tr("Precision"), i18n::translate(precision_label_text(s.precision)));
  row(tr("Device"), QString::fromStdString(s.device));
  if (s.origin.world_size > 1 || !s.origin.group.empty())
    row(tr("Rank"), tr("%1 of %2, group %3")
                        .arg(s.origin.rank)
                        .arg(s.origin.world_size)
                        .arg(QString::fromStdString(s.origin.group)));
  // "2026-12-02T04:33:04Z" as "2026-12-02 04:33:04 UTC".
  const std::string started = readable_utc(s.created);
  row(tr("Started"), QString::fromStdString(started) + (started != s.created ? QStringLiteral(" UTC") : QString()));

  heading(tr("Training"));
  switch (c.optimizer) {
    case OptimizerKind::SGD: row(tr("Optimizer"), QStringLiteral("SGD")); break;
    case OptimizerKind::Adam: row(tr("Optimizer"), QStringLiteral("Adam")); break;
    case OptimizerKind::AdamW: row(tr("Optimizer"), QStringLiteral("AdamW")); break;
    case OptimizerKind::Unrecorded:
      row(tr("Optimizer"), tr("not recorded (watch() was given none, or one AmpScope has no name for)"));
      break;
  }
  if (c.optimizer != OptimizerKind::Unrecorded) {
    row(tr("Learning rate"), tr("%1 at the start").arg(number(c.lr)));
    if (c.optimizer == OptimizerKind::SGD) row(tr("Momentum"), number(c.momentum));
    if (c.weight_decay > 0 || c.optimizer == OptimizerKind::AdamW) row(tr("Weight decay"), number(c.weight_decay));
  }
  if (!probe) {
    row(tr("Batch size"), QString::number(c.batch_size));
    row(tr("Seed"), QString::number(c.seed));
    if (c.accumulation > 1) row(tr("Micro-batches per step"), QString::number(c.accumulation));
    row(tr("Gradient clipping"), c.clip_norm <= 0          ? tr("off")
                                 : c.clip_after_unscale ? tr("norm %1, after unscaling").arg(number(c.clip_norm))
                                                        : tr("norm %1, before unscaling (scaled gradients)")
                                                              .arg(number(c.clip_norm)));
    if (!c.faults.empty()) {
      QStringList faults;
      for (const FaultSpec& f : c.faults)
        faults << tr("%1 at step %2 (%3)")
                      .arg(QString::fromStdString(f.layer))
                      .arg(f.step)
                      .arg(f.kind == FaultKind::Inf ? QStringLiteral("inf") : QStringLiteral("NaN"));
      row(tr("Faults injected"), faults.join(QStringLiteral(", ")));
    }
  }

  heading(tr("Loss scaler"));
  const GradScalerOptions& o = c.scaler;
  if (!c.use_scaler || !o.enabled()) {
    row(tr("Scaler"), tr("off: no loss scaling"));
  } else {
    row(tr("Init scale"), scaleText(o.init_scale()));
    row(tr("Growth"), tr("\u00d7%1 after %2 clean steps").arg(number(o.growth_factor())).arg(o.growth_interval()));
    row(tr("Backoff"), tr("\u00d7%1 on a skipped step").arg(number(o.backoff_factor())));
    if (o.hysteresis() != 1)
      row(tr("Hysteresis"), o.consecutive_hysteresis() ? tr("%1 overflows in a row").arg(o.hysteresis())
                                                       : tr("%1 overflows since the last growth").arg(o.hysteresis()));
    if (o.min_scale() > 0) row(tr("Min scale"), scaleText(o.min_scale()));
    if (std::isfinite(o.max_scale())) row(tr("Max scale"), scaleText(o.max_scale()));
    if (o.static_scale()) row(tr("Static scale"), tr("yes: never grows or backs off"));
    // A session's sliders change these while it runs; the scale chart marks each change.
    if (!probe) note(tr("At the start of the run: the scale chart shows every change made during it."));
  }

  heading(tr("Statistics"));
  row(tr("Per-layer statistics"), everySteps(c.stats_every));
  row(tr("Activation gradients"), c.activation_stats ? tr("recorded") : tr("not recorded"));
  row(probe ? tr("Flushed to zero by a cast") : tr("Underflow reference"), everySteps(c.reference_every));
  row(tr("Limits of"), QString::fromStdString(std::string(to_string(c.histogram.target))));
  row(tr("Histogram"), tr("2^%1 to 2^%2").arg(c.histogram.lo).arg(c.histogram.hi));
}

}  // namespace ampscope::ui
