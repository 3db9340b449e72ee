#!/usr/bin/env bash
# Installs what is missing, builds and runs every test: the README's second command, and all that
# CI (.ci/run) runs. Stage times and the arrangement: docs/reliability.md#ci-stages-and-times.
# Usage: scripts/test.sh               every CI stage, in order: STAGES below
#        scripts/test.sh quick         one stage: every functional test once, under ASan+UBSan
#                                      (= debug-asan; the quick check beside the full run)
#        scripts/test.sh STAGE...      only those: default, headless, debug-asan, tsan, fuzz, release
# A stage is a CMake preset (configure, build, ctest -j2) or "fuzz" (scripts/fuzz.sh, 60 s per
# target, FUZZ_JOBS=2 targets at a time; AMPSCOPE_FUZZ_SECONDS changes the seconds).
#   default     optimised build of the product, the benchmarks and the tests it runs; runs the perf (wall-clock budgets, one at a time),
#               package, smoke (test_cli, test_i18n_cli: the optimised binary) and gpu tests
#   headless    AMPSCOPE_GUI=OFF: configure, build the binary and two tests, run them (right after
#               default, same flags: ccache has the units that name no path in the build tree)
#   debug-asan  -O1 + ASan + UBSan: every functional test (all but perf, bench_*, package_*)
#   tsan        -O1 + TSan: the tests labelled tsan (test_session, test_run_store, test_ui,
#               test_background_job)
set -euo pipefail
cd "$(dirname "$0")/.."
STAGES=(default headless debug-asan tsan fuzz)
if [[ $# -gt 0 ]]; then STAGES=("$@"); fi
for i in "${!STAGES[@]}"; do [[ "${STAGES[$i]}" == quick ]] && STAGES[$i]=debug-asan; done
export FUZZ_JOBS="${FUZZ_JOBS:-2}"

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
    tsan | headless) echo 2500 ;;
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

# A hang must not end the run: each test has a TIMEOUT (cmake/AmpScopeTesting.cmake: ~4x its
# time under ASan, at most 300 s for a functional test). Before running a stage's tests this checks
# that its worst case (every test running into its timeout: the serial tests' timeouts plus the
# others' divided by the two jobs) fits the stage's cap. One hang costs at most 5 minutes (the
# longest functional TIMEOUT), and a test added with a long timeout fails here, at once. The caps
# leave room for about eight more functional tests at the default 120 s (five perf tests); when
# a stage comes close, tighten the TIMEOUTs to ~4x the times ctest prints rather than raise a cap.
stage_test_budget_s() {
  case "$1" in
    default) echo 1500 ;;
    debug-asan) echo 2700 ;;
    tsan) echo 600 ;;
    *) echo 300 ;;
  esac
}
check_timeouts() {
  local stage="$1" py
  py=$(command -v python3 || command -v /usr/bin/python3 || true)
  if [[ -z "$py" ]]; then echo "=== scripts/test.sh: no python3, timeouts of stage $stage not summed"; return 0; fi
  ctest --preset "$stage" --show-only=json-v1 | "$py" -c '
import json, sys
budget = int(sys.argv[1]); jobs = 2
serial = parallel = 0.0; longest = (0, "")
for t in json.load(sys.stdin).get("tests", []):
    p = {x["name"]: x["value"] for x in t.get("properties", [])}
    timeout = float(p.get("TIMEOUT", 300))  # none set: the execution timeout of the preset, 300 s
    longest = max(longest, (timeout, t["name"]))
    if p.get("RUN_SERIAL"): serial += timeout
    else: parallel += timeout
worst = serial + parallel / jobs
print("=== scripts/test.sh: stage %s: timeouts sum to %.0f s serial + %.0f s two at a time: worst case %.0f s"
      " (budget %d s); longest %.0f s (%s)" % (sys.argv[2], serial, parallel, worst, budget, longest[0], longest[1]))
sys.exit(0 if worst <= budget else 1)
' "$(stage_test_budget_s "$stage")" "$stage" || {
    echo "scripts/test.sh: the tests of stage $stage could take longer than its budget if they hung: lower their TIMEOUTs (cmake/AmpScopeTesting.cmake)." >&2
    exit 1
  }
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
    if [[ "$stage" == default ]]; then
      # Everything but the test executables that only the sanitizer stages run (they are built
      # and run in debug-asan): cmake/AmpScopeTesting.cmake, ampscope_add_default_stage_target.
      cmake --build --preset "$stage" --target ampscope_default_stage
    elif [[ "$stage" == debug-asan ]]; then
      # Everything but the perf, python, layout, bench_ and package_ test executables, which
      # its test preset leaves out (they run in the default stage).
      cmake --build --preset "$stage" --target ampscope_sanitizer_stage
    else
      cmake --build --preset "$stage"
    fi
    check_timeouts "$stage"
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
