#!/usr/bin/env bash
# Installs what is missing, builds and runs every test: the README's second command, and all that
# CI (.ci/run) runs. Stage times and the arrangement: docs/reliability.md#ci-stages-and-times.
# Usage: scripts/test.sh               every CI stage, in order: STAGES below
#        scripts/test.sh STAGE...      only those: default, debug-asan, tsan, fuzz, headless, release
# A stage is a CMake preset (configure, build, ctest) or "fuzz" (scripts/fuzz.sh, 60 s per target;
# AMPSCOPE_FUZZ_SECONDS changes it).
set -euo pipefail
cd "$(dirname "$0")/.."
# tsan builds and runs only the tests labelled tsan (test_session, test_run_store, test_ui).
STAGES=(default debug-asan tsan fuzz)
if [[ $# -gt 0 ]]; then STAGES=("$@"); fi

gui=1
for s in "${STAGES[@]}"; do [[ "$s" == "headless" && ${#STAGES[@]} -eq 1 ]] && gui=0; done
if [[ $gui -eq 1 ]]; then scripts/install-deps.sh; else scripts/install-deps.sh --no-gui; fi
export OPENBLAS_NUM_THREADS=1   # measured: OpenBLAS threads fight LibTorch's OpenMP pool on small layers

times=()
for stage in "${STAGES[@]}"; do
  t0=$SECONDS
  echo "=== scripts/test.sh: stage $stage"
  if [[ "$stage" == "fuzz" ]]; then
    scripts/fuzz.sh "${AMPSCOPE_FUZZ_SECONDS:-60}"
  else
    cmake --preset "$stage"
    cmake --build --preset "$stage"
    ctest --preset "$stage"
  fi
  times+=("$stage $((SECONDS - t0)) s")
done
echo "=== scripts/test.sh: all stages passed: ${times[*]}"
