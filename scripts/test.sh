#!/usr/bin/env bash
# Installs what is missing, builds and runs every test: the README's second command, and all that
# CI (.ci/run) runs. Stage times and the arrangement: docs/reliability.md#ci-stages-and-times.
# Usage: scripts/test.sh               every CI stage, in order: STAGES below
#        scripts/test.sh STAGE...      only those: default, debug-asan, tsan, fuzz, headless, release
# A stage is a CMake preset (configure, build, ctest) or "fuzz" (scripts/fuzz.sh, 60 s per target;
# AMPSCOPE_FUZZ_SECONDS changes it).
set -euo pipefail
cd "$(dirname "$0")/.."
# tsan builds and runs only the tests labelled tsan (test_session, test_run_store, test_ui,
# test_background_job).
STAGES=(default debug-asan tsan fuzz)
if [[ $# -gt 0 ]]; then STAGES=("$@"); fi

gui=1
for s in "${STAGES[@]}"; do [[ "$s" == "headless" && ${#STAGES[@]} -eq 1 ]] && gui=0; done
if [[ $gui -eq 1 ]]; then scripts/install-deps.sh; else scripts/install-deps.sh --no-gui; fi
export OPENBLAS_NUM_THREADS=1   # measured: OpenBLAS threads fight LibTorch's OpenMP pool on small layers

# Disk. A build tree holds two LibTorch precompiled headers of ~0.75 GB each plus statically linked
# test programs: measured on this project's CI trees, default 4.0 GB and asan 4.2 GB before the
# tests shared one header (now ~3.3 and ~3.5), tsan 1.2 GB, fuzz 0.1 GB; ccache keeps compressed
# copies besides. CI once stopped in the ASan link with "No space left on device" while the default
# tree sat finished beside it. So: a stage that lacks room first prunes the build trees of the other
# stages (never its own, which an incremental build reuses), and stops with a clear message if that
# is not enough. Under CI (CI set) every stage's tree is removed once its tests pass (nothing reads
# it afterwards) and ccache is capped at 2 GB: a fresh CI machine gets no hits from it.
# AMPSCOPE_KEEP_BUILDS=1 keeps the trees in CI; AMPSCOPE_PRUNE_BUILDS=1 prunes them outside CI.
prune=0
if [[ -n "${CI:-}" ]]; then
  prune=1
  export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-2G}"
fi
[[ "${AMPSCOPE_PRUNE_BUILDS:-}" == 1 ]] && prune=1
[[ "${AMPSCOPE_KEEP_BUILDS:-}" == 1 ]] && prune=0

stage_dir() {
  case "$1" in
    debug-asan) echo build/asan ;;
    fuzz) echo "${FUZZ_BUILD_DIR:-build/fuzz}" ;;
    *) echo "build/$1" ;;
  esac
}
stage_need_mb() {  # a cold build of the stage, with room to spare for ccache and the tests' files
  case "$1" in
    tsan) echo 2500 ;;
    fuzz) echo 800 ;;
    *) echo 6000 ;;
  esac
}
free_mb() { df -Pm . | awk 'NR == 2 { print $4 }'; }
size_mb() { if [[ -d "$1" ]]; then du -sm "$1" | cut -f1; else echo 0; fi; }

make_room() {
  local stage="$1" own need have
  own=$(stage_dir "$stage")
  need=$(( $(stage_need_mb "$stage") - $(size_mb "$own") ))
  have=$(free_mb)
  echo "=== scripts/test.sh: $have MB free; stage $stage needs about $need MB more"
  (( have >= need )) && return 0
  for other in default debug-asan tsan headless release; do
    local dir
    dir=$(stage_dir "$other")
    [[ "$dir" == "$own" || ! -d "$dir" ]] && continue
    echo "=== scripts/test.sh: removing $dir ($(size_mb "$dir") MB) to make room for stage $stage"
    rm -rf "$dir"
    have=$(free_mb)
    (( have >= need )) && return 0
  done
  echo "scripts/test.sh: stage $stage needs about $need MB free on $(df -P . | awk 'NR == 2 { print $6 }'); only $have MB are." >&2
  echo "scripts/test.sh: free some space (ccache -C empties the compiler cache) and run it again." >&2
  exit 1
}

times=()
for stage in "${STAGES[@]}"; do
  t0=$SECONDS
  echo "=== scripts/test.sh: stage $stage"
  make_room "$stage"
  if [[ "$stage" == "fuzz" ]]; then
    scripts/fuzz.sh "${AMPSCOPE_FUZZ_SECONDS:-60}"
  else
    cmake --preset "$stage"
    cmake --build --preset "$stage"
    ctest --preset "$stage"
  fi
  dir=$(stage_dir "$stage")
  size=$(size_mb "$dir")
  times+=("$stage $((SECONDS - t0)) s, $size MB")
  if [[ $prune -eq 1 && "$stage" != fuzz ]]; then
    echo "=== scripts/test.sh: stage $stage passed; removing $dir ($size MB)"
    rm -rf "$dir"
  fi
done
summary=$(printf '%s; ' "${times[@]}")
echo "=== scripts/test.sh: all stages passed: ${summary}$(free_mb) MB free at the end"
