// Which language AmpScope speaks, and loading its translations (Qt's .qm catalogues compiled
// into the binary from resources/translations/*.ts, plus Qt's own qtbase catalogue for standard
// dialogs when the system has it). Qt Core only: the headless CLI uses this too.
//
// Language codes: "en" (the source language), "de", "ja", "zh_CN", "zh_TW". Users may write
// any locale name Qt understands ("de_AT", "zh-Hant", "ja_JP.UTF-8"); resolveLanguage() maps it
// onto a shipped language.
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>
#include <string>
#include <vector>

namespace ampscope::i18n {

/// The shipped languages, English first. Only "en" when this build has no compiled catalogues.
QStringList shippedLanguages();
/// "English", "Deutsch", "日本語", "简体中文", "繁體中文": each language in its own words.
QString nativeLanguageName(const QString& code);
/// The shipped language a user's code means, or an empty string when it is not shipped.
QString resolveLanguage(const QString& requested);
/// The first shipped language among the system's UI languages (QLocale::system()), else "en".
QString systemLanguage();
/// Installs the catalogues of `code` (a shipped code) in the running QCoreApplication, replacing
/// the previous language's; Qt then sends QEvent::LanguageChange to every widget. Returns false
/// (and leaves English) when there is no application or the catalogue cannot be loaded.
bool installLanguage(const QString& code);
/// The language installed last ("en" before any).
QString currentLanguage();
/// The translated message for an unknown (or empty) --lang value, listing the shipped languages.
QString unknownLanguageMessage(const QString& requested);

/// Takes every "--lang CODE" / "--lang=CODE" out of `args` (the last one wins). Returns the
/// code, an empty string for a --lang without a value, or nothing when absent.
std::optional<std::string> takeLangOption(std::vector<std::string>& args);

/// The language to start in: `requested` (from --lang) when given, else `saved` (the GUI's
/// setting; empty or "system" means the system's), else the system's. Returns an empty string
/// when `requested` names no shipped language (the caller prints unknownLanguageMessage());
/// an unusable saved setting falls back to the system language.
QString startupLanguage(const std::optional<std::string>& requested, const QString& saved = QString());

}  // namespace ampscope::i18n
