#!/usr/bin/env bash
# Installs what is missing, builds AmpScope and starts it on its built-in default demo
# (the README's first command). Extra arguments go to the ampscope program.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset default
cmake --build --preset default --target ampscope
exec build/default/app/ampscope "$@"
