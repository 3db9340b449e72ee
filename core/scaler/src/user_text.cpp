#include "ampscope/user_text.h"

namespace ampscope {

UserText::Arg::Arg(UserText nested) : m_nested(std::make_shared<const UserText>(std::move(nested))) {}

std::string UserText::Arg::english() const { return m_nested ? m_nested->english() : m_text; }

UserText::UserText(TextTemplate t, std::vector<Arg> args) : m_template(t), m_args(std::move(args)) {
  if (!m_template.context) m_template.context = "";
  if (!m_template.source) m_template.source = "";
}

UserText::UserText(TextTemplate t, std::int64_t count, std::vector<Arg> args) : UserText(t, std::move(args)) {
  m_count = count;
}

UserText UserText::verbatim(std::string text) { return UserText(TextTemplate{"", "%1"}, {Arg(std::move(text))}); }

UserText UserText::untranslated(const char* pattern, std::vector<Arg> args) {
  return UserText(TextTemplate{"", pattern}, std::move(args));
}

std::string UserText::english() const {
  std::vector<std::string> args;
  args.reserve(m_args.size());
  for (const auto& a : m_args) args.push_back(a.english());
  std::string pattern = m_template.source;
  if (m_template.has_count) {
    const std::string n = std::to_string(m_count);
    for (std::size_t k = pattern.find("%n"); k != std::string::npos; k = pattern.find("%n", k + n.size()))
      pattern.replace(k, 2, n);
  }
  return substitute_placeholders(pattern, args);
}

std::string substitute_placeholders(const std::string& pattern, const std::vector<std::string>& args) {
  std::string out;
  out.reserve(pattern.size() + 16 * args.size());
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const auto digit = [&](std::size_t k) { return k < pattern.size() && pattern[k] >= '0' && pattern[k] <= '9'; };
    if (pattern[i] == '%' && digit(i + 1) && pattern[i + 1] != '0') {
      std::size_t n = static_cast<std::size_t>(pattern[i + 1] - '0');
      std::size_t len = 2;
      if (digit(i + 2)) {
        n = n * 10 + static_cast<std::size_t>(pattern[i + 2] - '0');
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

UserText user_text_of(const std::exception& e) {
  if (const auto* carrier = dynamic_cast<const UserTextCarrier*>(&e)) return carrier->user_text();
  return UserText::verbatim(e.what());
}

}  // namespace ampscope
