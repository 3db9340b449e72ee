// The core's messages (ampscope::UserText: an English template under a translation context,
// plus arguments) in the user's language. The core has no Qt; its templates are marked with
// AMPSCOPE_TR_NOOP / AMPSCOPE_TR_N_NOOP, which lupdate reads as QT_TRANSLATE_NOOP /
// QT_TRANSLATE_N_NOOP, so they sit in the same catalogues as the GUI's and the CLI's strings.
#pragma once
#include <ampscope/user_text.h>

#include <QString>
#include <exception>

namespace ampscope::i18n {

/// The message in the installed language: the template looked up with
/// QCoreApplication::translate (English when it has no translation), %n replaced by the count,
/// then %1, %2, ... by the arguments (nested messages translated the same way) in one pass.
/// Verbatim text and untranslated patterns stay as they are.
QString translate(const UserText& text);

/// translate() of what an exception says: its UserText when it carries one, else what().
QString errorText(const std::exception& e);

}  // namespace ampscope::i18n
