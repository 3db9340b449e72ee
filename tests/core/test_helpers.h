// Small helpers shared by the core test suites.
#pragma once

#include <QString>

#include <exception>

namespace ampscope::test {

/// The message of the exception f() throws, or "<no exception>".
template <class F>
QString thrown_message(F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return QString::fromStdString(e.what());
  }
  return QStringLiteral("<no exception>");
}

}  // namespace ampscope::test
