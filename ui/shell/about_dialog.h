// Help > About AmpScope: the icon, the version, what it was built with, and where this window
// records its runs and keeps the user's presets (the real paths, so that a teacher can find a
// class's runs and an author the run behind a figure).
#pragma once

#include <QDialog>
#include <QString>

class QLabel;

namespace ampscope::ui {

class AboutDialog : public QDialog {
  Q_OBJECT
 public:
  /// `storePath`: the run store live runs are recorded into (SessionController::storePath()).
  AboutDialog(const QString& storePath, QWidget* parent = nullptr);

  /// The paths shown, as shown (native separators).
  QString storeText() const;
  QString presetsText() const;
  /// The first line: "AmpScope <version>".
  QString titleText() const;

 private:
  QLabel* m_title = nullptr;
  QLabel* m_store = nullptr;
  QLabel* m_presets = nullptr;
};

}  // namespace ampscope::ui
