// "Did you mean ...?" for a mistyped option or command name: `ampscope record --step 10` should
// say --steps, `ampscope record --store runs.db` should say --out (the window's name for the
// run store is the record's --out), `ampscope recrod` should say record. The command line's
// parsers (app/cli_args.cpp, runs, export, main) and the window's (ui/shell/gui_main.cpp) ask
// here, so every command answers a typo the same way.
//
// Torch-free, Qt-free, header-only (the fuzz targets build the CLI parser without core's library).
#pragma once

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ampscope {

namespace detail {
inline std::string normalised_name(std::string_view s) {
  std::string r;
  r.reserve(s.size());
  for (char c : s) r.push_back(c == '_' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  return r;
}
/// Edit distance with adjacent transpositions (optimal string alignment): "setps" is 1 from
/// "steps", as a typist sees it.
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::size_t> prev2(m + 1), prev(m + 1), cur(m + 1);
  for (std::size_t j = 0; j <= m; ++j) prev[j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) cur[j] = std::min(cur[j], prev2[j - 2] + 1);
    }
    std::swap(prev2, prev);
    std::swap(prev, cur);
  }
  return prev[m];
}
}  // namespace detail

/// What `given` (an unknown name, without dashes) most likely meant, or "" when nothing is
/// close enough to say. In this order:
/// 1. `aliases`: names users bring from elsewhere (the window's --store for record's --out,
///    PyTorch's or other tools' words: --iters, --learning-rate), as {given, meant}, both
///    without dashes;
/// 2. a known name equal to it but for case and '_' against '-' (--batch_size);
/// 3. the known name nearest in edit distance (transpositions count one), if it is at most 1
///    for names of up to 4 letters, 2 up to 8 and 3 beyond, and no other known name is as near;
/// 4. the one known name that starts with it (at least 3 letters: --optim, --batch) or that it
///    starts with (--steps-count).
/// A name that is itself known gets "".
inline std::string closest_name(std::string_view given, const std::vector<std::string>& known,
                                const std::vector<std::pair<std::string, std::string>>& aliases = {}) {
  const std::string g = detail::normalised_name(given);
  if (g.empty() || std::find(known.begin(), known.end(), std::string(given)) != known.end()) return {};
  for (const auto& [alias, meant] : aliases)
    if (g == alias) return meant;
  for (const std::string& k : known)
    if (detail::normalised_name(k) == g) return k;
  const std::size_t limit = g.size() <= 4 ? 1 : g.size() <= 8 ? 2 : 3;
  std::string best;
  std::size_t best_d = limit + 1;
  bool tie = false;
  for (const std::string& k : known) {
    const std::size_t d = detail::edit_distance(g, detail::normalised_name(k));
    if (d < best_d) {
      best = k;
      best_d = d;
      tie = false;
    } else if (d == best_d) {
      tie = true;
    }
  }
  if (!best.empty() && !tie) return best;
  if (g.size() < 3) return {};
  std::string prefixed;
  int n_prefixed = 0;
  for (const std::string& k : known) {
    const std::string nk = detail::normalised_name(k);
    if (nk.size() < 3) continue;
    if (nk.rfind(g, 0) == 0 || g.rfind(nk, 0) == 0) {
      prefixed = k;
      ++n_prefixed;
    }
  }
  return n_prefixed == 1 ? prefixed : std::string();
}

}  // namespace ampscope
