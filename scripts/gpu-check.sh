#!/usr/bin/env bash
# gpu-check.sh: what a GPU machine runs for AmpScope, headless, in one go, writing a log per
# phase into OUT (default ./gpu-check-out):
#   probe.txt          the machine: GPU, driver, nvcc, compiler, cmake, LibTorch
#   selfcheck.txt      ampscope-cuda-selfcheck: the CUDA pass against the CPU pass (PASS/FAIL)
#   bench_cuda.txt     bench_grad_stats_cuda: the pass against the device's copy bandwidth
#   build.log          the headless build against the machine's LibTorch 2.x with CUDA
#   tests.txt          ctest: the gpu-labelled tests and the core tests, on this machine
#   bench_training.txt bench_training --device cuda (instrumentation on/off)
#   record.txt         ampscope record on CUDA: every model and precision
#   ncu.txt            with GPU_CHECK_NCU=1: Nsight Compute sections for two passes over 256 MB
#
# Needs: nvcc, cmake, ninja, a C++20 compiler, python3 with torch (its LibTorch), and Qt 6
# Core/Test, SQLite and zlib development files. Machines without the last three can get
# them from Debian 12 packages unpacked into / (GPU_CHECK_DEBS=DIR of .deb files; only
# packages not already installed are unpacked: the lent machines are thrown away after use).
#
#   scripts/gpu-check.sh [SRC]   SRC: the source tree to build (default: this checkout)
# GPU_CHECK_ONLY_TESTS=1 skips the self-check, benchmarks and records (build and tests only).
set -uo pipefail
SRC=${1:-$(cd "$(dirname "$0")/.." && pwd)}
OUT=${OUT:-$PWD/gpu-check-out}
JOBS=${JOBS:-$(nproc)}
BUILD_BUDGET_S=${BUILD_BUDGET_S:-330}   # the full build is cut here so the rest still runs
mkdir -p "$OUT"
T0=$(date +%s)
el() { echo "[$(( $(date +%s) - T0 ))s] $*"; }

{
  el "probe"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv 2>&1
  nvcc --version 2>&1 | tail -2
  c++ --version 2>&1 | head -1
  cmake --version | head -1
  ninja --version 2>&1
  python3 -c 'import torch,sys;print("torch",torch.__version__,"cuda",torch.version.cuda,"prefix",torch.utils.cmake_prefix_path)' 2>&1
  grep -E "^(PRETTY_NAME)" /etc/os-release
  nproc
} >"$OUT/probe.txt" 2>&1

if [ -n "${GPU_CHECK_DEBS:-}" ] && [ -d "$GPU_CHECK_DEBS" ]; then
  for f in "$GPU_CHECK_DEBS"/*.deb; do
    pkg=$(dpkg-deb -f "$f" Package)
    if dpkg -s "$pkg" >/dev/null 2>&1 || dpkg -s "$pkg:amd64" >/dev/null 2>&1; then
      echo "deb $pkg: installed, kept" >>"$OUT/probe.txt"
    else
      dpkg -x "$f" / && echo "deb $pkg: unpacked" >>"$OUT/probe.txt"
    fi
  done
  # A -dev package's lib*.so link names the Debian runtime's file; point broken ones at the
  # machine's own runtime (same soname).
  for l in /usr/lib/x86_64-linux-gnu/libz.so /usr/lib/x86_64-linux-gnu/libsqlite3.so; do
    if [ -L "$l" ] && [ ! -e "$l" ]; then
      real=$(ls "$l".[0-9]* 2>/dev/null | head -1)
      [ -n "$real" ] && ln -sf "$real" "$l" && echo "relinked $l -> $real" >>"$OUT/probe.txt"
    fi
  done
  ldconfig
fi

# 1. Kernels alone: no LibTorch, no Qt.
el "kernels build" >>"$OUT/probe.txt"
cmake -S "$SRC/kernels" -B /tmp/gc-kernels -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$OUT/selfcheck.txt" 2>&1 &&
  cmake --build /tmp/gc-kernels -j "$JOBS" >>"$OUT/selfcheck.txt" 2>&1
KERNELS_OK=$?

# 2. The headless build against this machine's LibTorch, in the background meanwhile.
TORCH_PREFIX=$(python3 -c 'import torch;print(torch.utils.cmake_prefix_path)' 2>/dev/null)
(
  el "configure"
  cmake -S "$SRC" -B /tmp/gc-build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAMPSCOPE_GUI=OFF \
    -DCMAKE_PREFIX_PATH="$TORCH_PREFIX" -DCMAKE_CUDA_ARCHITECTURES=90 2>&1 &&
    el "build" && timeout "$BUILD_BUDGET_S" nice -n 5 cmake --build /tmp/gc-build -j "$JOBS" -- -k 0 2>&1
  echo "build exit $?"
  el "build done"
) >"$OUT/build.log" 2>&1 &
BUILD_PID=$!

if [ $KERNELS_OK -eq 0 ] && [ -z "${GPU_CHECK_ONLY_TESTS:-}" ]; then
  el "selfcheck" >>"$OUT/probe.txt"
  timeout 200 /tmp/gc-kernels/ampscope-cuda-selfcheck >>"$OUT/selfcheck.txt" 2>&1
  echo "selfcheck exit $?" >>"$OUT/selfcheck.txt"
  el "bench_grad_stats_cuda" >>"$OUT/probe.txt"
  timeout 200 /tmp/gc-kernels/bench_grad_stats_cuda >"$OUT/bench_cuda.txt" 2>&1
  echo "bench exit $?" >>"$OUT/bench_cuda.txt"
  if [ -n "${GPU_CHECK_NCU:-}" ] && command -v ncu >/dev/null; then
    # The third read-only pass over 256 MB and the first unscaling one, under Nsight Compute.
    el "ncu" >>"$OUT/probe.txt"
    timeout 120 ncu -k regex:grad_stats_kernel --launch-skip 2 --launch-count 2 --section SpeedOfLight \
      --section WarpStateStats --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis \
      --section Occupancy --section LaunchStats /tmp/gc-kernels/bench_grad_stats_cuda --profile >"$OUT/ncu.txt" 2>&1
  fi
fi
wait $BUILD_PID
el "build finished" >>"$OUT/probe.txt"

B=/tmp/gc-build
if [ -x $B/app/ampscope ] || [ -x $B/bench/bench_training ]; then
  export OPENBLAS_NUM_THREADS=1
  [ -z "${GPU_CHECK_ONLY_TESTS:-}" ] && {
    el "record"
    for m in spiral-mlp deep-mlp fashion-cnn; do
      for p in fp32 bf16 fp16; do
        echo "== $m $p cuda"
        timeout 60 $B/app/ampscope record --model $m --precision $p --device cuda --steps 200 \
          ${GPU_CHECK_DATA:+--data-dir $GPU_CHECK_DATA} --out /tmp/gc-runs.sqlite </dev/null 2>&1 | tail -2
      done
    done
    echo "== deep-mlp fp16 cuda, default scaler, inf into fc1 at step 50"
    timeout 60 $B/app/ampscope record --model deep-mlp --precision fp16 --device cuda --steps 100 \
      --inject fc1:inf@50 --out /tmp/gc-runs.sqlite </dev/null 2>&1 | tail -2
  } >"$OUT/record.txt" 2>&1
  el "bench_training" >>"$OUT/probe.txt"
  [ -z "${GPU_CHECK_ONLY_TESTS:-}" ] && timeout 150 $B/bench/bench_training --device cuda ${GPU_CHECK_BENCH_QUICK:+--quick} ${GPU_CHECK_DATA:+--data-dir $GPU_CHECK_DATA} \
    >"$OUT/bench_training.txt" 2>&1
  echo "bench_training exit $?" >>"$OUT/bench_training.txt"
  el "tests" >>"$OUT/probe.txt"
  # The gpu-labelled tests, then every other test built here (LibTorch 2.x instead of
  # Debian's 1.13: the same assertions must hold).
  (cd $B && timeout 150 ctest -L "gpu" --output-on-failure -j4 2>&1;
   timeout 180 ctest -LE "gpu" -E "^bench_|^package_" --output-on-failure -j8 --timeout 170 2>&1
   # A failed Qt test again, alone and verbose: the last lines show the step it died in.
   for t in $(cut -d: -f2 Testing/Temporary/LastTestsFailed.log 2>/dev/null); do
     exe=$(find tests -type f -name "$t" -perm -u+x | head -1)
     [ -n "$exe" ] && { echo "== $t again, alone, -v2"; timeout 120 "$exe" -v2 2>&1 | grep -v "^PASS\|^QDEBUG\|^INFO" | tail -30; }
   done) >"$OUT/tests.txt" 2>&1
fi
el "done" >>"$OUT/probe.txt"
