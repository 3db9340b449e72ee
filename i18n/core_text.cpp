#include "core_text.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>
#include <limits>

namespace ampscope::i18n {

namespace {
/// %1..%99 replaced by args[0..] in one pass, as the core's substitute_placeholders() does
/// (chained QString::arg calls would substitute inside arguments that contain "%2").
QString substitute(const QString& pattern, const QStringList& args) {
  QString out;
  out.reserve(pattern.size() + 16 * args.size());
  const auto digit = [&](qsizetype k) { return k < pattern.size() && pattern[k].isDigit() && pattern[k].unicode() < 128; };
  for (qsizetype i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == QLatin1Char('%') && digit(i + 1) && pattern[i + 1] != QLatin1Char('0')) {
      qsizetype n = pattern[i + 1].unicode() - '0';
      qsizetype len = 2;
      if (digit(i + 2)) {
        n = n * 10 + (pattern[i + 2].unicode() - '0');
        len = 3;
      }
      if (n <= args.size()) {
        out += args[n - 1];
        i += len - 1;
        continue;
      }
    }
    out += pattern[i];
  }
  return out;
}
}  // namespace

QString translate(const UserText& text) {
  QStringList args;
  args.reserve(static_cast<qsizetype>(text.args().size()));
  for (const auto& a : text.args())
    args << (a.nested() ? translate(*a.nested()) : QString::fromStdString(a.english()));
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
  return substitute(pattern, args);
}

QString errorText(const std::exception& e) { return translate(user_text_of(e)); }

}  // namespace ampscope::i18n
