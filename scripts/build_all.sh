#!/usr/bin/env bash
# Builds the web app (build-wasm/site) and, unless --web-only, the native CLI and tests (build/).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export NODE_PATH=/usr/share/nodejs   # Debian's Emscripten needs Debian's acorn (TOOLCHAIN.md, gotcha 1)
jobs=$(nproc 2>/dev/null || echo 2)

if [ ! -f build-wasm/CMakeCache.txt ]; then
    emcmake cmake -S . -B build-wasm -DCMAKE_BUILD_TYPE=MinSizeRel >/dev/null
fi
cmake --build build-wasm -j"$jobs"

if [ "${1:-}" != "--web-only" ]; then
    if [ ! -f build/CMakeCache.txt ] || ! grep -q "GPUPLAN_WEB_BUILD_DIR:PATH=$root/build-wasm" build/CMakeCache.txt; then
        cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DGPUPLAN_WERROR=ON -DGPUPLAN_WEB_BUILD_DIR="$root/build-wasm" >/dev/null
    fi
    cmake --build build -j"$jobs"
fi
