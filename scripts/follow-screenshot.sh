#!/usr/bin/env bash
# Makes docs/screenshots/followed-run.png: the window following a run that `ampscope record`
# writes in another process (README, "Follow a run"). Offscreen; needs a build (default:
# build/default). Usage: scripts/follow-screenshot.sh [BUILD_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build/default}
exe=$build/app/ampscope
[ -x "$exe" ] || exe=$build/ampscope
tmp=$(mktemp -d)
trap 'kill "$writer" 2>/dev/null && wait "$writer" 2>/dev/null; rm -rf "$tmp"' EXIT
export QT_QPA_PLATFORM=offscreen XDG_CONFIG_HOME=$tmp/config XDG_DATA_HOME=$tmp/data
# A writer that goes on long after the grab: fp16 on deep-mlp skips steps, so the scale saws.
"$exe" record --model deep-mlp --precision fp16 --growth-interval 50 --steps 1000000 --seed 1 --quiet \
  --out "$tmp/runs.db" >/dev/null &
writer=$!
"$exe" --follow "$tmp/runs.db" --store "$tmp/own.sqlite" --grab "$here/docs/screenshots/followed-run.png" \
  --grab-delay "${GRAB_DELAY_MS:-12000}"
echo "wrote docs/screenshots/followed-run.png"
