#pragma once
// Messages the core says to users, in a form a front end can translate without core knowing
// anything about Qt: a stable English template ("--lr %1: must be in (0, 10]") under a
// translation context, plus the arguments that fill its %1..%n. english() is the message as
// the core has always said it (what() of the exceptions below), so code and tests that read
// English keep working; the GUI and CLI look the template up in their catalogues instead.
//
// Templates are written as AMPSCOPE_TR_NOOP("ampscope::Context", "text with %1"): the compiler
// sees a TextTemplate, Qt's lupdate sees QT_TRANSLATE_NOOP (it runs with
// `-tr-function-alias QT_TRANSLATE_NOOP+=AMPSCOPE_TR_NOOP,QT_TRANSLATE_N_NOOP+=AMPSCOPE_TR_N_NOOP`)
// and extracts the string. Both arguments must be string literals. AMPSCOPE_TR_N_NOOP marks a
// template with a count, "%n steps", which translations give plural forms.

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#define AMPSCOPE_TR_NOOP(context, source) (::ampscope::TextTemplate{context, source, false})
#define AMPSCOPE_TR_N_NOOP(context, source) (::ampscope::TextTemplate{context, source, true})

namespace ampscope {

/// A translatable English template under its translation context (both string literals).
struct TextTemplate {
  const char* context = "";
  const char* source = "";
  bool has_count = false;  ///< "%n" stands for a count (plural forms)
};

/// A message for users: a template and its arguments, or verbatim text nobody translates
/// (a LibTorch or SQLite error, a file name). Arguments are text as the English message shows
/// them (numbers already formatted) or nested messages, translated with the outer one.
class UserText {
 public:
  class Arg {
   public:
    Arg(std::string text) : m_text(std::move(text)) {}  // NOLINT: implicit on purpose
    Arg(const char* text) : m_text(text) {}             // NOLINT
    Arg(UserText nested);                               // NOLINT
    /// The nested message, or null for plain text.
    const UserText* nested() const { return m_nested.get(); }
    /// The plain text, or the nested message in English.
    std::string english() const;

   private:
    std::string m_text;
    std::shared_ptr<const UserText> m_nested;
  };

  UserText() = default;
  UserText(TextTemplate t, std::vector<Arg> args = {});
  /// A template made with AMPSCOPE_TR_N_NOOP: %n is `count`.
  UserText(TextTemplate t, std::int64_t count, std::vector<Arg> args = {});
  /// Text shown as it is in every language.
  static UserText verbatim(std::string text);
  /// A pattern that needs no translation ("%1: %2") around arguments that may: the pattern
  /// (a string literal) stays as it is, nested messages among the arguments are translated.
  static UserText untranslated(const char* pattern, std::vector<Arg> args);

  /// Empty for untranslated patterns and verbatim text.
  const char* context() const { return m_template.context; }
  /// The English template (for verbatim text "%1", its one argument being the text).
  const char* source() const { return m_template.source; }
  const std::vector<Arg>& args() const { return m_args; }
  bool has_count() const { return m_template.has_count; }
  std::int64_t count() const { return m_count; }
  bool is_verbatim() const { return *m_template.context == '\0'; }
  bool empty() const { return *m_template.source == '\0'; }

  /// The message in English: the template with %1, %2, ... replaced by the arguments (and %n
  /// by the count).
  std::string english() const;

 private:
  TextTemplate m_template;
  std::vector<Arg> m_args;
  std::int64_t m_count = 0;
};

/// Replaces %1..%99 in `pattern` by args[0..] in one pass (an argument's own "%2" stays as it
/// is); a placeholder without an argument is left in place.
std::string substitute_placeholders(const std::string& pattern, const std::vector<std::string>& args);

/// The part of an exception that carries a UserText. Catch the standard type as before; a
/// front end that wants the translatable form asks user_text_of().
class UserTextCarrier {
 public:
  virtual ~UserTextCarrier() = default;
  const UserText& user_text() const noexcept { return m_text; }

 protected:
  explicit UserTextCarrier(UserText text) : m_text(std::move(text)) {}

 private:
  UserText m_text;
};

/// std::invalid_argument whose what() is text.english().
class UserInvalidArgument : public std::invalid_argument, public UserTextCarrier {
 public:
  explicit UserInvalidArgument(UserText text)
      : std::invalid_argument(text.english()), UserTextCarrier(std::move(text)) {}
};

/// std::runtime_error whose what() is text.english().
class UserRuntimeError : public std::runtime_error, public UserTextCarrier {
 public:
  explicit UserRuntimeError(UserText text) : std::runtime_error(text.english()), UserTextCarrier(std::move(text)) {}
};

/// The translatable message of e: its UserText when it carries one, else what() verbatim.
UserText user_text_of(const std::exception& e);

}  // namespace ampscope
