#!/usr/bin/env bash
# Installs what AmpScope needs on Debian 12 (bookworm) from Debian's own packages.
# Idempotent: packages already present are skipped quickly. Usage: scripts/install-deps.sh [--no-gui]
set -euo pipefail

PKGS=(
  build-essential cmake ninja-build ccache git pkg-config
  lld                     # the linker CMake picks (AMPSCOPE_LINKER): 5x faster than GNU ld on our test programs
  libtorch-dev            # LibTorch 1.13 (CPU)
  libopenblas0-pthread    # LibTorch calls the system BLAS: OpenBLAS is ~3x faster than the reference BLAS
  libsqlite3-dev sqlite3  # the run store
  zlib1g-dev              # gzip'd IDX datasets
  nlohmann-json3-dev      # JSON in core (configs, scaler state)
  dataset-fashion-mnist   # the real dataset of the fashion-cnn model
  qt6-base-dev            # Qt 6 Widgets, Qt Test (tests need QtCore + QtTest only)
  clang libclang-rt-14-dev  # libFuzzer targets in fuzz/ (scripts/fuzz.sh, a CI stage)
  python3-dev pybind11-dev python3-torch  # the Python probe (python/, AMPSCOPE_PYTHON=AUTO) and its tests
)
GUI_PKGS=(
  # qt6-svg-dev by its own name: libqt6svg6-dev is only a name it provides, which dpkg never lists
  # as installed, so every run went on to apt-get update and install
  qt6-svg-dev libqcustomplot-dev libqcustomplot2.1-qt6
  qt6-l10n-tools qt6-tools-dev   # lrelease and the CMake LinguistTools package
  xvfb xauth                     # offscreen screenshots and GUI tests
  fonts-noto-cjk                 # CJK glyphs for the zh_CN, zh_TW and ja translations
)
if [[ "${1:-}" != "--no-gui" ]]; then PKGS+=("${GUI_PKGS[@]}"); fi

missing=()
for p in "${PKGS[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then missing+=("$p"); fi
done
if [[ ${#missing[@]} -eq 0 ]]; then
  echo "install-deps: all ${#PKGS[@]} packages present"
  exit 0
fi

SUDO=""
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null; then SUDO="sudo"; else
    echo "install-deps: missing packages (${missing[*]}) and not root, no sudo: install them as root" >&2
    exit 1
  fi
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
# LibTorch must get OpenBLAS, not the reference BLAS, whichever was installed first.
for alt in libblas.so.3-x86_64-linux-gnu liblapack.so.3-x86_64-linux-gnu; do
  target=/usr/lib/x86_64-linux-gnu/openblas-pthread/${alt%%-x86_64-linux-gnu}
  if [[ -e "$target" ]]; then $SUDO update-alternatives --set "$alt" "$target" >/dev/null 2>&1 || true; fi
done
