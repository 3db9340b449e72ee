#include "shell/about_dialog.h"

#include "presets/user_presets.h"

#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QPushButton>
#include <QUrl>
#include <QVBoxLayout>

// The icon is in ampscope.qrc, compiled into this static library (a test may show the dialog
// before anything else read a resource).
static void initIconResource() { Q_INIT_RESOURCE(ampscope); }

#ifndef AMPSCOPE_TORCH_VERSION
#define AMPSCOPE_TORCH_VERSION "?"
#endif

namespace ampscope::ui {

namespace {

QLabel* pathLabel(const QString& path, QWidget* parent) {
  auto* label = new QLabel(QDir::toNativeSeparators(path), parent);
  label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
  label->setWordWrap(true);
  return label;
}

}  // namespace

AboutDialog::AboutDialog(const QString& storePath, QWidget* parent) : QDialog(parent) {
  initIconResource();
  setWindowTitle(tr("About AmpScope"));
  auto* layout = new QVBoxLayout(this);
  auto* head = new QHBoxLayout;
  auto* icon = new QLabel(this);
  icon->setPixmap(QIcon(QStringLiteral(":/ampscope.svg")).pixmap(96, 96));
  icon->setAlignment(Qt::AlignTop);
  head->addWidget(icon);
  auto* text = new QVBoxLayout;
  m_title = new QLabel(QStringLiteral("AmpScope " AMPSCOPE_UI_VERSION), this);
  QFont big = m_title->font();
  big.setPointSizeF(big.pointSizeF() * 1.6);
  big.setBold(true);
  m_title->setFont(big);
  text->addWidget(m_title);
  text->addWidget(new QLabel(tr("See what mixed-precision training does to gradients."), this));
  auto* built = new QLabel(tr("Built with LibTorch %1 and Qt %2; running on Qt %3.")
                               .arg(QStringLiteral(AMPSCOPE_TORCH_VERSION), QStringLiteral(QT_VERSION_STR),
                                    QString::fromLatin1(qVersion())),
                           this);
  built->setWordWrap(true);
  text->addWidget(built);
  text->addStretch();
  head->addLayout(text, 1);
  layout->addLayout(head);

  // Where things are: each path selectable, with a button that opens its folder.
  auto* form = new QFormLayout;
  auto addPath = [this, form](const QString& label, const QString& path, bool isFile, const QString& buttonName) {
    const QFileInfo info(path);
    QLabel* shown = pathLabel(path.isEmpty() ? tr("(not recorded)") : info.absoluteFilePath(), this);
    auto* row = new QHBoxLayout;
    row->addWidget(shown, 1);
    auto* open = new QPushButton(tr("Open folder"), this);
    open->setObjectName(buttonName);
    const QString folder = path.isEmpty() ? QString() : isFile ? info.absolutePath() : info.absoluteFilePath();
    // The folder may not exist yet (nothing recorded, no preset saved): the button says so.
    open->setEnabled(!folder.isEmpty() && QFileInfo(folder).isDir());
    connect(open, &QPushButton::clicked, this, [folder] { QDesktopServices::openUrl(QUrl::fromLocalFile(folder)); });
    row->addWidget(open);
    form->addRow(label, row);
    return shown;
  };
  m_store = addPath(tr("Runs are recorded in:"), storePath, true, QStringLiteral("openStoreFolder"));
  m_presets = addPath(tr("Your presets are saved in:"), userPresetDir(), false, QStringLiteral("openPresetsFolder"));
  layout->addLayout(form);

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
  setMinimumWidth(520);
}

QString AboutDialog::storeText() const { return m_store->text(); }
QString AboutDialog::presetsText() const { return m_presets->text(); }
QString AboutDialog::titleText() const { return m_title->text(); }

}  // namespace ampscope::ui
