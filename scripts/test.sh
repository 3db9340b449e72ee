#!/usr/bin/env bash
# Installs what is missing, builds everything and runs every test (the README's second command).
# Usage: scripts/test.sh [preset]   (default: "default"; also "debug-asan", "headless")
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-default}"
if [[ "$preset" == "headless" ]]; then scripts/install-deps.sh --no-gui; else scripts/install-deps.sh; fi
export OPENBLAS_NUM_THREADS=1   # measured: OpenBLAS threads fight LibTorch's OpenMP pool on small layers
cmake --preset "$preset"
cmake --build --preset "$preset"
ctest --preset "$preset"
