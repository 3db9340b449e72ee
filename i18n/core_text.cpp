#include "core_text.h"

#include <QCoreApplication>

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

namespace ampscope::i18n {

QString translate(const UserText& text) {
  // Arguments and pattern meet in UTF-8: the placeholders are ASCII, so the core's one-pass
  // substitute_placeholders() (an argument's own "%2" stays as it is) serves both sides.
  std::vector<std::string> args;
  args.reserve(text.args().size());
  for (const auto& a : text.args()) args.push_back(a.nested() ? translate(*a.nested()).toStdString() : a.english());
  QString pattern;
  if (text.is_verbatim()) {
    pattern = QString::fromUtf8(text.source());
  } else if (text.has_count()) {
    // translate() puts the count in for %n (in the installed language's digits).
    const auto n = static_cast<int>(std::clamp<std::int64_t>(text.count(), 0, std::numeric_limits<int>::max()));
    pattern = QCoreApplication::translate(text.context(), text.source(), nullptr, n);
  } else {
    pattern = QCoreApplication::translate(text.context(), text.source());
  }
  return QString::fromStdString(substitute_placeholders(pattern.toStdString(), args));
}

QString errorText(const std::exception& e) { return translate(user_text_of(e)); }

}  // namespace ampscope::i18n
