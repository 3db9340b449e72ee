// A loss scale as a person reads it: an exact power of two as 2^k ("2^16", "2^0", "2^-24",
// "2^40"), any other value as a short number ("3", "45875.2", "12582912", "1.5e+20"), and "0",
// "inf", "nan". What people read says scales this way: the GUI's sliders, status bar, event log,
// chart titles and tooltips, the run browser, and the command line's progress lines.
// Charts drawn into figures write a power of two with superscripts instead ("2¹⁶", as their
// exponent axes do: powerOfTwoLabel in ui/charts/chart_base.h).
// Machine-readable output (CSV, JSON, stored runs) keeps format_number (scale_policy.h): every
// digit, read back exactly, where a spreadsheet or a script expects a number.
//
// Header-only and std-only: the GUI (Qt Widgets) and the command line (Qt Core) both use it.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>

namespace ampscope {

/// The exponent k when v is exactly 2^k (subnormals included), else false.
inline bool exact_power_of_two(double v, int& k) {
  if (!(v > 0) || std::isinf(v)) return false;
  int e = 0;
  if (std::frexp(v, &e) != 0.5) return false;
  k = e - 1;
  return true;
}

inline std::string format_scale(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (v == 0) return "0";
  if (int k = 0; exact_power_of_two(v, k)) return "2^" + std::to_string(k);
  char buf[40];
  // Whole numbers in digits below 10^12 (3 * 2^22 reads as 12582912); the rest with six
  // significant digits (the exact value is in the CSV export and the run store).
  if (std::fabs(v) < 1e12 && v == std::floor(v))
    std::snprintf(buf, sizeof buf, "%.0f", v);
  else
    std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

}  // namespace ampscope
