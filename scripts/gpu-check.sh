#!/usr/bin/env bash
# gpu-check.sh: what a GPU machine runs for AmpScope, in one go and within a time budget, writing
# into OUT (default ./gpu-check-out). The phases run in order of importance; each is cut by
# `timeout` so that the budget (GPU_CHECK_BUDGET_S, default 560 s) holds and the later ones still
# get their turn. Files:
#   summary.txt        the machine (GPU, driver, nvcc, compiler, LibTorch), each phase's time and
#                      exit status, and the tail of each phase's log
#   build.log          configure and build against the machine's LibTorch 2.x with CUDA: the GUI
#                      too when Qt 6 Widgets is there (GPU_CHECK_DEBS), else headless
#   tests.txt          ctest -L 'gpu|aten': the CUDA self-check, the CUDA pass, core's GradScaler
#                      and sessions on CUDA against the CPU (and a real CUDA out-of-memory), the
#                      GradScaler against ATen's own _amp_ ops on the CPU and on CUDA
#   screenshot-*.png   `ampscope screenshot --window` offscreen, default and deep-mlp presets
#                      (device auto = CUDA, real fp16): GUI builds only
#   emulation/         issue 17: the three models on CUDA in real fp16 (twice), on the CPU in
#                      AmpScope's fp16 emulation, and in fp32 on both, 300 steps each, compared
#                      by scripts/compare-emulation.py (tables, CSV, figure)
#   emulation.db.gz    the comparison's fifteen runs (a run store), to redo the figure anywhere
#   bench_training.txt bench_training --device cuda: statistics on/off, interleaved
#   ops.txt            bench_training --device cuda --only 4: what the statistics add to a step,
#                      per phase and per ATen operator (host time: these steps are launch-bound)
#   probe.txt          the Python probe's tests (real fp16 autocast skips), bench_probe.py on CUDA
#                      (GPU_CHECK_PROBE_ROUNDS rounds, default 6) and profile_probe.py
#   record.txt         ampscope record on CUDA: every model and precision
#   logs.tar.gz        every log above and the comparison's files, in one file
#
# Needs: nvidia-smi, nvcc, cmake, ninja, a C++20 compiler, python3 with torch (its LibTorch).
# Qt 6, QCustomPlot, SQLite headers and fonts can come as Debian 12 packages from
# scripts/gpu-carry.sh (GPU_CHECK_DEBS=DIR/debs): a package is unpacked into / only where the
# machine lacks it (for a library: where ldconfig does not know its sonames), so a newer system
# library is never replaced. GPU_CHECK_DATA=DIR/fashion-mnist: Fashion-MNIST for fashion-cnn.
#
#   scripts/gpu-check.sh [SRC]     SRC: the source tree (default: this checkout)
# GPU_CHECK_PHASES="tests screenshots emulation ops bench emulation-exact probe record" (default:
#   all, in that order; emulation-exact: the emulation comparison with cuBLAS's fp16 reductions in
#   fp32)
# GPU_CHECK_GUI=OFF: a headless build even where Qt 6 Widgets is there (faster; no screenshots)
# GPU_CHECK_MODELS="spiral-mlp deep-mlp fashion-cnn" (default): the emulation phase's models
# GPU_CHECK_BENCH_ARGS: more arguments for bench_training (e.g. --quick)
# GPU_CHECK_TARGETS: the build's targets (default: what the phases need; "all" for everything)
set -uo pipefail
SRC=${1:-$(cd "$(dirname "$0")/.." && pwd)}
OUT=${OUT:-$PWD/gpu-check-out}
JOBS=${JOBS:-$(nproc)}
BUDGET=${GPU_CHECK_BUDGET_S:-560}
BUILD_BUDGET_S=${BUILD_BUDGET_S:-300}
PHASES=${GPU_CHECK_PHASES:-tests screenshots emulation ops bench emulation-exact probe record}
B=${GPU_CHECK_BUILD:-/tmp/gc-build}
mkdir -p "$OUT" "$OUT/emulation"
T0=$(date +%s)
SUMMARY=$OUT/summary.txt
: >"$SUMMARY"
now() { echo $(( $(date +%s) - T0 )); }
say() { echo "[$(now)s] $*" | tee -a "$SUMMARY"; }
# cap SECONDS CMD...: CMD under timeout, at most SECONDS and never past the budget's end (15 s
# kept for packing up). 124 = cut.
cap() {
  local want=$1; shift
  local left=$(( BUDGET - $(now) - 15 ))
  if [ "$left" -lt 10 ]; then echo "not run: the budget is spent"; return 124; fi
  [ "$want" -gt "$left" ] && want=$left
  timeout -k 5 "$want" "$@"
}
wants() { [[ " $PHASES " == *" $1 "* ]]; }
tail_into_summary() { { echo "--- $1 (last ${2:-15} lines)"; tail -n "${2:-15}" "$1" 2>/dev/null; } >>"$SUMMARY"; }

{
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,compute_cap --format=csv 2>&1
  nvcc --version 2>&1 | tail -2
  c++ --version 2>&1 | head -1
  cmake --version | head -1
  python3 -c 'import torch,sys;print("torch",torch.__version__,"cuda",torch.version.cuda,"python",sys.version.split()[0])' 2>&1
  grep -E "^PRETTY_NAME" /etc/os-release
  echo "cores $(nproc)"
} >>"$SUMMARY" 2>&1

# --- Debian packages, only where the machine lacks them -------------------------------------
if [ -n "${GPU_CHECK_DEBS:-}" ] && [ -d "$GPU_CHECK_DEBS" ]; then
  ldconfig -p >/tmp/gc-ldcache
  rm -rf /tmp/gc-debroot && mkdir -p /tmp/gc-debroot
  unpacked=() kept=()
  for f in "$GPU_CHECK_DEBS"/*.deb; do
    pkg=$(dpkg-deb -f "$f" Package)
    sonames=$(dpkg-deb -c "$f" | awk '{ if ($(NF-1) == "->") print $(NF-2); else print $NF }' |
              grep -E '^\./(usr/)?lib/x86_64-linux-gnu/lib[^/]*\.so\.[0-9]+$' | xargs -rn1 basename)
    need=0
    if [ -n "$sonames" ]; then
      for s in $sonames; do grep -q "^[[:space:]]*$s " /tmp/gc-ldcache || need=1; done
    elif ! dpkg -s "$pkg" >/dev/null 2>&1 && ! dpkg -s "$pkg:amd64" >/dev/null 2>&1; then
      need=1
    fi
    if [ $need = 1 ]; then dpkg -x "$f" /tmp/gc-debroot && unpacked+=("$pkg"); else kept+=("$pkg"); fi
  done
  # Into / through a staging folder: Debian 12 packages still put some files under /lib, and
  # unpacking them straight into a merged-/usr system (Ubuntu 24.04: /lib -> usr/lib) replaces
  # that link with a folder, after which nothing links (seen on the H200, 2026-11-26).
  for d in lib lib64 bin sbin; do
    if [ -d /tmp/gc-debroot/$d ] && [ ! -L /tmp/gc-debroot/$d ]; then
      mkdir -p /tmp/gc-debroot/usr/$d && cp -a /tmp/gc-debroot/$d/. /tmp/gc-debroot/usr/$d/ && rm -rf /tmp/gc-debroot/$d
    fi
  done
  [ -d /tmp/gc-debroot ] && tar -C /tmp/gc-debroot -cf - . | tar -C / -xf - --keep-directory-symlink
  # A -dev package's libX.so names the Debian runtime's file: where the machine has its own
  # (same soname, another minor version), point the link there.
  for l in /usr/lib/x86_64-linux-gnu/*.so; do
    if [ -L "$l" ] && [ ! -e "$l" ]; then
      real=$(ls "$l".[0-9]* 2>/dev/null | head -1)
      [ -n "$real" ] && ln -sf "$real" "$l" && echo "relinked $l -> $real" >>"$SUMMARY"
    fi
  done
  ldconfig
  say "debs: unpacked ${#unpacked[@]} (${unpacked[*]}); the machine had ${#kept[@]} (${kept[*]})"
fi

# --- configure and build --------------------------------------------------------------------
TORCH_PREFIX=$(python3 -c 'import torch;print(torch.utils.cmake_prefix_path)' 2>/dev/null)
ARCH=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d '.')
PYBIND11_DIR=$(python3 -m pybind11 --cmakedir 2>/dev/null)
GUI=OFF
ls /usr/lib/x86_64-linux-gnu/cmake/Qt6Widgets/Qt6WidgetsConfig.cmake >/dev/null 2>&1 && GUI=ON
[ "${GPU_CHECK_GUI:-}" = OFF ] && GUI=OFF
if [ -z "${GPU_CHECK_TARGETS:-}" ]; then
  TARGETS="ampscope test_cuda_core test_grad_scaler test_grad_stats_cuda ampscope-cuda-selfcheck bench_training test_probe"
elif [ "$GPU_CHECK_TARGETS" = all ]; then
  TARGETS=""
else
  TARGETS=$GPU_CHECK_TARGETS
fi
say "configure (GUI $GUI, CUDA architecture ${ARCH:-default}, LibTorch $TORCH_PREFIX)"
cmake -S "$SRC" -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAMPSCOPE_GUI=$GUI -DAMPSCOPE_CUDA=ON \
  -DCMAKE_PREFIX_PATH="$TORCH_PREFIX" ${ARCH:+-DCMAKE_CUDA_ARCHITECTURES=$ARCH} \
  ${PYBIND11_DIR:+-Dpybind11_DIR=$PYBIND11_DIR} >"$OUT/build.log" 2>&1
rc=$?
if [ $rc != 0 ]; then
  # The probe's extension is the part most tied to the machine (pybind11, Python headers): a
  # configure that failed is tried once more without it, so the rest still gets checked.
  grep -A3 "CMake Error" "$OUT/build.log" | head -8 >>"$SUMMARY"
  say "configure exit $rc: again with AMPSCOPE_PYTHON=OFF"
  cmake "$B" -DAMPSCOPE_PYTHON=OFF >>"$OUT/build.log" 2>&1
  rc=$?
fi
say "configure exit $rc"
grep -E "AmpScope:|Python probe" "$OUT/build.log" >>"$SUMMARY"
say "build ($TARGETS)"
# The Python extension's target exists only where pybind11 and torch were found; the package's
# .py files are another target (without it the probe phase finds no ampscope.watch: seen on the
# H100, 2026-11-26, when only bench_training was asked for).
grep -q "Python probe ON" "$OUT/build.log" && [ -n "$TARGETS" ] && TARGETS="$TARGETS ampscope_python_ext ampscope_python"
cap "$BUILD_BUDGET_S" cmake --build "$B" -j "$JOBS" ${TARGETS:+--target $TARGETS} -- -k 0 >>"$OUT/build.log" 2>&1
say "build exit $?"
grep -E "error|FAILED" "$OUT/build.log" | head -20 >>"$SUMMARY"

export OPENBLAS_NUM_THREADS=1 QT_QPA_PLATFORM=offscreen
DATA=${GPU_CHECK_DATA:+--data-dir $GPU_CHECK_DATA}

# --- tests on the GPU -----------------------------------------------------------------------
if wants tests; then
  say "tests"
  (cd "$B" && cap 150 ctest -L "gpu|aten" --output-on-failure -j4 --timeout 140) >"$OUT/tests.txt" 2>&1
  say "tests exit $?"
  if [ -x "$B/kernels/ampscope-cuda-selfcheck" ]; then
    cap 120 "$B/kernels/ampscope-cuda-selfcheck" >"$OUT/selfcheck.txt" 2>&1
    say "ampscope-cuda-selfcheck exit $?"
    tail_into_summary "$OUT/selfcheck.txt" 4
  fi
  # Every slot's verdict (PASS/SKIP/FAIL lines) of the two core tests, verbose.
  for t in test_cuda_core test_grad_scaler; do
    exe=$(find "$B/tests" -type f -name $t -perm -u+x | head -1)
    [ -n "$exe" ] && { echo "== $t"; cap 90 "$exe" 2>&1 | grep -E "^(PASS|SKIP|FAIL|XFAIL|QINFO|QWARN|Totals)|Loc:" | head -150; } >>"$OUT/tests.txt"
  done
  { echo "--- tests: verdicts"; grep -E "Test +#|tests passed|^(SKIP|FAIL|QINFO|Totals)|^== " "$OUT/tests.txt" | grep -v "^PASS" | head -60; } >>"$SUMMARY"
fi

# --- screenshots of the GUI training on CUDA ------------------------------------------------
if wants screenshots && [ -x "$B/app/ampscope" ] && [ "$GUI" = ON ]; then
  say "screenshots"
  for p in default:default deep-mlp-no-scaler:deep-mlp; do
    cap 90 "$B/app/ampscope" screenshot --window --preset "${p%%:*}" --steps 300 --size 1600x1000 \
      --out "$OUT/screenshot-cuda-${p##*:}.png" >>"$OUT/screenshots.txt" 2>&1
    say "screenshot ${p%%:*} exit $?"
  done
fi

# --- issue 17: real fp16 on CUDA against the CPU's emulation --------------------------------
# emulation_runs DB: per model, 300 steps each from the same seed into a new store DB: CUDA fp16
# twice (A, B), the CPU's emulated fp16 (C), fp32 on CUDA (D) and on the CPU (E), the roles
# scripts/compare-emulation.py reads. The environment (AMPSCOPE_CUBLAS_FP16_REDUCTION) reaches
# every run.
emulation_runs() {
  local db=$1 m run
  rm -f "$db"*
  for m in ${GPU_CHECK_MODELS:-spiral-mlp deep-mlp fashion-cnn}; do
    for run in "cuda fp16" "cuda fp16" "cpu fp16" "cuda fp32" "cpu fp32"; do
      set -- $run
      echo "== $m $1 $2${AMPSCOPE_CUBLAS_FP16_REDUCTION:+ (AMPSCOPE_CUBLAS_FP16_REDUCTION=$AMPSCOPE_CUBLAS_FP16_REDUCTION)}"
      cap 90 "$B/app/ampscope" record --model $m --device $1 --precision $2 --steps 300 --seed 1 \
        --growth-interval 50 --reference-every 10 --out "$db" $DATA </dev/null 2>&1 | tail -1
    done
  done
}
if wants emulation && [ -x "$B/app/ampscope" ]; then
  say "emulation"
  db=/tmp/gc-emulation.db
  emulation_runs $db >"$OUT/emulation/records.txt" 2>&1
  say "emulation records done"
  cap 60 python3 "$SRC/scripts/compare-emulation.py" $db --out "$OUT/emulation" >"$OUT/emulation/compare.txt" 2>&1
  say "compare exit $?"
  # The store itself (23 MB for the fifteen runs: over what a lent machine hands back), gzipped,
  # so that the figure and any other question can be redone without the GPU.
  gzip -c $db >"$OUT/emulation.db.gz" 2>/dev/null
  # The same, only over the steps where real and emulated fp16 ran at the same scale: tells a
  # difference of the arithmetic from one of the scale trajectories.
  mkdir -p "$OUT/emulation/same-scale"
  cap 60 python3 "$SRC/scripts/compare-emulation.py" $db --same-scale-only --no-figure \
    --out "$OUT/emulation/same-scale" >"$OUT/emulation/same-scale/compare.txt" 2>&1
  { echo "--- the comparison's summary"; sed -n '1,/^### Loss curves/p' "$OUT/emulation/emulation_comparison.md" 2>/dev/null
    grep -A12 "^### Overflow steps" "$OUT/emulation/emulation_comparison.md" 2>/dev/null; } >>"$SUMMARY"
fi

# --- what the statistics add to a CUDA step, phase by phase and operator by operator ----------
if wants ops && [ -x "$B/bench/bench_training" ]; then
  say "bench_training --device cuda --only 4"
  cap 120 stdbuf -oL "$B/bench/bench_training" --device cuda --only 4 $DATA >"$OUT/ops.txt" 2>&1
  say "ops exit $?"
  grep -E "median step" "$OUT/ops.txt" >>"$SUMMARY"
fi

# --- statistics overhead on a CUDA training step --------------------------------------------
if wants bench && [ -x "$B/bench/bench_training" ]; then
  say "bench_training --device cuda"
  cap 150 stdbuf -oL "$B/bench/bench_training" --device cuda $DATA ${GPU_CHECK_BENCH_ARGS:-} >"$OUT/bench_training.txt" 2>&1
  say "bench_training exit $?"
  tail_into_summary "$OUT/bench_training.txt" 20
fi

# --- the emulation again, with cuBLAS reducing fp16 products in fp32 --------------------------
# docs/measurements.md: real fp16 underflowed 2-4x more than the emulation in deep-mlp's hidden
# layers on the H200; the candidate cause is cuBLAS's reduced-precision fp16 reductions, on by
# default in PyTorch. The real fp16 runs again with them off (AMPSCOPE_CUBLAS_FP16_REDUCTION=0).
if wants emulation-exact && [ -x "$B/app/ampscope" ]; then
  say "emulation with fp32 reductions"
  db2=/tmp/gc-emulation-fp32-reduction.db
  mkdir -p "$OUT/emulation-fp32-reduction"
  AMPSCOPE_CUBLAS_FP16_REDUCTION=0 emulation_runs $db2 >"$OUT/emulation-fp32-reduction/records.txt" 2>&1
  cap 60 python3 "$SRC/scripts/compare-emulation.py" $db2 --out "$OUT/emulation-fp32-reduction" \
    >"$OUT/emulation-fp32-reduction/compare.txt" 2>&1
  say "compare (fp32 reductions) exit $?"
  { echo "--- with fp32 reductions: per-layer underflow, deep-mlp"
    grep -A45 '^\*\*deep-mlp\*\*' "$OUT/emulation-fp32-reduction/emulation_comparison.md" | cut -d'|' -f2,8-11; } >>"$SUMMARY"
fi

# --- the Python probe on CUDA ---------------------------------------------------------------
if wants probe && [ -d "$B/python/ampscope" ]; then
  say "probe"
  {
    # test_probe is the python label's test that needs the GPU (its slots say PASS/SKIP each);
    # GPU_CHECK_PROBE_CTEST=1 runs the whole label through ctest too.
    [ "${GPU_CHECK_PROBE_CTEST:-0}" = 1 ] && (cd "$B" && cap 120 ctest -L python --output-on-failure --timeout 110)
    exe=$(find "$B/tests" -type f -name test_probe -perm -u+x | head -1)
    [ -n "$exe" ] && cap 90 "$exe" 2>&1 | grep -E "^(PASS|SKIP|FAIL)|Loc:"
    PYTHONPATH="$B/python" cap 120 python3 "$SRC/bench/bench_probe.py" "${GPU_CHECK_PROBE_ROUNDS:-6}" cuda
    # Where probe.step()'s host time goes (torch.profiler), at every=100.
    PYTHONPATH="$B/python" cap 60 python3 "$SRC/bench/profile_probe.py" cuda 100 300
  } >"$OUT/probe.txt" 2>&1
  say "probe exit $?"
  tail_into_summary "$OUT/probe.txt" 30
fi

# --- every model and precision on CUDA ------------------------------------------------------
if wants record && [ -x "$B/app/ampscope" ]; then
  say "record"
  {
    for m in spiral-mlp deep-mlp fashion-cnn; do
      for p in fp32 bf16 fp16; do
        echo "== $m $p cuda"
        cap 60 "$B/app/ampscope" record --model $m --precision $p --device cuda --steps 200 $DATA \
          --out /tmp/gc-runs.sqlite </dev/null 2>&1 | tail -1
      done
    done
    echo "== deep-mlp fp16 cuda, default scaler, inf into fc1 at step 50"
    cap 60 "$B/app/ampscope" record --model deep-mlp --precision fp16 --device cuda --steps 100 \
      --inject fc1:inf@50 --out /tmp/gc-runs.sqlite </dev/null 2>&1 | tail -1
  } >"$OUT/record.txt" 2>&1
  tail_into_summary "$OUT/record.txt" 25
fi

say "done"
(cd "$OUT" && tar czf logs.tar.gz --exclude=logs.tar.gz --exclude='*.png' --exclude='*.db.gz' . 2>/dev/null)
# Only a few files come back from a lent machine: the summary, the pictures, one archive.
cp "$OUT/emulation/emulation_comparison.png" "$OUT/" 2>/dev/null
