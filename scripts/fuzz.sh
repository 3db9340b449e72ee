#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/, clang) and fuzzes each reader of outside data for N seconds.
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
#   scripts/fuzz.sh                 # 60 s per target (what CI runs)
#   scripts/fuzz.sh 3600 run_store  # the documented long run, one target for an hour
# Seeds: fuzz/corpus/<target>/ (read-only here); new inputs go to build/fuzz/work/<target>/,
# which later runs reuse. A crash or hang leaves its input in build/fuzz/artifacts/<target>/ and
# fails the script: reproduce with build/fuzz/fuzz_<target> FILE, fix the reader, then copy the
# input into fuzz/regressions/<target>/ (tests/fuzz/test_fuzz_inputs checks it in every build).
# Environment: FUZZ_BUILD_DIR (default build/fuzz), FUZZ_JOBS (targets at a time, default 1;
# scripts/test.sh, and so CI, sets 2: five targets of 60 s take 2.5 minutes instead of five: the
# fifth runs as two 30 s processes on the same corpus).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(idx preset run_store scaler_state cli_args)
build="${FUZZ_BUILD_DIR:-build/fuzz}"
jobs="${FUZZ_JOBS:-1}"

if [[ ! -f "$build/build.ninja" ]]; then
  cmake -S fuzz -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang
fi
cmake --build "$build" -j2

export OPENBLAS_NUM_THREADS=1
# The IDX and run-store entries write each input to a scratch file: in RAM that is twice as fast.
if [[ -d /dev/shm && -w /dev/shm ]]; then export TMPDIR=/dev/shm; fi
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

# run_one TARGET [SECONDS [PART]]: fuzz TARGET for SECONDS (default: the script's); PART names a
# second process on the same target and corpus (its own log).
run_one() {
  local t="$1" seconds="${2:-$seconds}" part="${3:-}"
  local work="$build/work/$1" art="$build/artifacts/$1/" log="$build/logs/$1${part:+.$part}.log"
  mkdir -p "$work" "$art" "$(dirname "$log")"
  local dict=()
  [[ -f "fuzz/dict/$t.dict" ]] && dict=(-dict="fuzz/dict/$t.dict")
  # libFuzzer stops with "required directory does not exist" on a missing corpus folder, and git
  # keeps no empty folders: a target without regressions yet has no fuzz/regressions/<target>.
  local dirs=("$work")
  for d in "fuzz/corpus/$t" "fuzz/regressions/$t"; do [[ -d "$d" ]] && dirs+=("$d"); done
  # -timeout: an input taking over 10 s is a hang; -rss_limit_mb: the readers cap allocations
  # (an IDX header may claim 470 MB, the cap); -max_len: the biggest seed is ~9 kB.
  if "$build/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=3072 -max_len=65536 \
       -print_final_stats=1 -artifact_prefix="$art" "${dict[@]}" \
       "${dirs[@]}" >"$log" 2>&1; then
    local execs cov corp
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo 0)
    corp=$(ls "$work" | wc -l)
    printf '%-13s ok    %9s runs  %7s execs/s  cov %5s  corpus %5s\n' "$t${part:+ ($part)}" "$execs" \
      "$((execs / (seconds > 0 ? seconds : 1)))" "$cov" "$corp"
  else
    echo "$t: FAILED, input saved in $art (log: $log)"
    if ! grep -E 'ERROR|SUMMARY|runtime error|^fuzz:' "$log" | head -5; then
      tail -5 "$log"
    fi
    return 1
  fi
}

rc=0
if [[ "$jobs" -gt 1 ]]; then
  # At most $jobs targets at once (CI: 2, one per core): each libFuzzer process is one busy thread.
  # Targets that would run alone in the last round (5 targets, 2 jobs: the fifth) run as $jobs
  # processes of seconds/$jobs each on the same corpus instead: the same fuzzing time per target,
  # no core left idle (CI: 150 s instead of 180).
  full=$(( ${#targets[@]} - ${#targets[@]} % jobs ))
  running=0
  for i in "${!targets[@]}"; do
    t="${targets[$i]}"
    if (( running >= jobs )); then
      wait -n || rc=1
      running=$((running - 1))
    fi
    if (( i < full )); then
      run_one "$t" &
      running=$((running + 1))
    else
      while (( running > 0 )); do
        wait -n || rc=1
        running=$((running - 1))
      done
      for (( k = 1; k <= jobs; k++ )); do
        run_one "$t" $(( (seconds + jobs - 1) / jobs )) "part $k/$jobs" &
        running=$((running + 1))
      done
    fi
  done
  while (( running > 0 )); do
    wait -n || rc=1
    running=$((running - 1))
  done
else
  for t in "${targets[@]}"; do run_one "$t" || rc=1; done
fi
exit $rc
