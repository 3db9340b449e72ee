#!/usr/bin/env bash
# gpu-carry.sh DIR: what a lent GPU machine lacks for the whole AmpScope build, gathered on a
# Debian 12 machine into DIR, for scripts/gpu-check.sh (GPU_CHECK_DEBS=DIR/debs,
# GPU_CHECK_DATA=DIR/fashion-mnist):
#   DIR/debs            Debian 12 packages: Qt 6 (Core, Gui, Widgets, PrintSupport, Svg, Test, the
#                       offscreen platform, moc/rcc/uic), QCustomPlot, the OpenGL headers and
#                       libraries that Qt6Gui's CMake package asks for, SQLite's headers, a font.
#                       gpu-check.sh unpacks only what the machine lacks.
#   DIR/fashion-mnist   the first N training images of Fashion-MNIST (GPU_CARRY_IMAGES, default
#                       20000) with their labels, as valid IDX files: the whole set (26 MB) and
#                       the packages do not fit beside the tree in the device tool's 64 MiB.
# The package list is the closure of what libQt6{Gui,Widgets,PrintSupport,Svg,Test}, the
# offscreen platform plugin and libQCustomPlotQt6 load (ldd), less the C/C++ runtimes that every
# machine has, plus the development packages. Needs: apt-get (download only, no root needed
# beyond apt's cache), python3, and dataset-fashion-mnist for the data.
set -euo pipefail
DIR=${1:?usage: scripts/gpu-carry.sh DIR}
N=${GPU_CARRY_IMAGES:-20000}
mkdir -p "$DIR/debs" "$DIR/fashion-mnist"
DIR=$(cd "$DIR" && pwd)

PACKAGES=(
  # Qt 6 and QCustomPlot, runtime and development
  libqt6core6 libqt6dbus6 libdbus-1-3 libqt6gui6 libqt6widgets6 libqt6printsupport6 libqt6svg6 libqt6test6
  qt6-base-dev qt6-base-dev-tools qt6-svg-dev qmake6 qmake6-bin
  libqcustomplot2.1-qt6 libqcustomplot-dev
  # what those libraries load that a CUDA image may lack
  libb2-1 libbrotli1 libdouble-conversion3 libicu72 libpcre2-16-0 libglib2.0-0 libmd4c0
  libfreetype6 libfontconfig1 fontconfig-config fonts-dejavu-core libexpat1 libharfbuzz0b
  libgraphite2-3 libpng16-16 libxkbcommon0 libx11-6 libx11-data libxau6 libxcb1 libxdmcp6
  # OpenGL: Qt6Gui's CMake package requires WrapOpenGL (headers and link libraries)
  libglvnd0 libgl1 libglx0 libopengl0 libegl1 libgl-dev libglx-dev libopengl-dev
  # the run store
  libsqlite3-dev
)
(cd "$DIR/debs" && rm -f ./*.deb && apt-get download "${PACKAGES[@]}" 2>&1 | grep -v "^Get:\|unsandboxed" || true)
echo "debs: $(ls "$DIR/debs" | wc -l) packages, $(du -sh "$DIR/debs" | cut -f1)"

SRC=/usr/share/datasets/fashion-mnist
if [ -f "$SRC/train-images-idx3-ubyte.gz" ]; then
  python3 - "$SRC" "$DIR/fashion-mnist" "$N" <<'EOF'
import gzip, struct, sys
src, dst, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
for name, item in (("train-images-idx3-ubyte", 28 * 28), ("train-labels-idx1-ubyte", 1)):
    with gzip.open(f"{src}/{name}.gz", "rb") as f:
        data = f.read()
    magic = struct.unpack(">I", data[:4])[0]
    ndim = magic & 0xFF
    header = 4 + 4 * ndim
    count = struct.unpack(">I", data[4:8])[0]
    k = min(n, count)
    out = data[:4] + struct.pack(">I", k) + data[8:header] + data[header:header + k * item]
    with gzip.open(f"{dst}/{name}.gz", "wb", compresslevel=9) as f:
        f.write(out)
    print(f"{name}: {k} of {count}")
EOF
else
  echo "no $SRC (dataset-fashion-mnist): fashion-cnn will not run there" >&2
fi
du -sh "$DIR"
