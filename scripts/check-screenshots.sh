#!/usr/bin/env bash
# Retakes the main-window screenshots in docs/screenshots/ with a build's ampscope and says which
# come out different: a refactoring that must not change what a user sees ends with "all N the
# same". The figures are deterministic (seeded training, fixed sizes, offscreen rendering), so a
# byte comparison is the check. Usage:
#   scripts/check-screenshots.sh [BUILD_DIR]          compare (default build/default)
#   scripts/check-screenshots.sh [BUILD_DIR] --update  write the new ones into docs/screenshots/
# The commands are the ones the docs name (docs/i18n.md for the languages, 1600x1000 windows for
# the README's, 1280x720 presentation windows of every preset for docs/classroom.md).
# main-window-dark.png was taken from the running GUI and is not retaken here.
set -euo pipefail
cd "$(dirname "$0")/.."
build=build/default
update=0
for a in "$@"; do
  case "$a" in
    --update) update=1 ;;
    *) build="$a" ;;
  esac
done
app="$build/app/ampscope"
[[ -x "$app" ]] || { echo "check-screenshots: no $app (build first)" >&2; exit 2; }
export QT_QPA_PLATFORM=offscreen OPENBLAS_NUM_THREADS=1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

shots=(
  "main-window-fault-injection|--preset fault-injection --steps 300 --size 1600x1000"
  "main-window-light|--preset default --steps 300 --size 1600x1000"
  "main-window-presentation|--preset overflow-storm --steps 300 --presentation --size 1600x1000"
)
for lang in en de ja zh_CN zh_TW; do
  shots+=("main-window-$lang|--lang $lang --preset fault-injection --steps 80 --size 1500x950")
done
# A 1280x720 projector in presentation mode, every built-in preset: its story page first
# (docs/classroom.md, "Chart pages").
for preset in default deep-mlp-no-scaler overflow-storm short-growth-interval fault-injection clip-before-unscale bf16-no-scaler; do
  shots+=("presentation-1280x720-$preset|--preset $preset --steps 100 --presentation --size 1280x720")
done

same=0 differ=0
for s in "${shots[@]}"; do
  name=${s%%|*}
  read -r -a args <<<"${s#*|}"
  "$app" screenshot --window "${args[@]}" --out "$out/$name.png" >/dev/null 2>&1
  if [[ -f "docs/screenshots/$name.png" ]] && cmp -s "$out/$name.png" "docs/screenshots/$name.png"; then
    same=$((same + 1))
  else
    differ=$((differ + 1))
    echo "differs: docs/screenshots/$name.png"
    [[ $update -eq 1 ]] && cp "$out/$name.png" "docs/screenshots/$name.png"
  fi
done
if [[ $differ -eq 0 ]]; then
  echo "check-screenshots: all $same the same"
else
  echo "check-screenshots: $differ of $((same + differ)) differ$([[ $update -eq 1 ]] && echo ' (updated)')"
  [[ $update -eq 1 ]] || exit 1
fi
