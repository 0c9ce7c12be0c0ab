#!/usr/bin/env bash
# Builds the web app into build-wasm/site/: the folder a site operator uploads — index.html, app.js, app.wasm and
# app.deferred.wasm (the hosted page; the second module loads after the first frame), gpuplan.html (the same app in
# one file, for offline use), catalogs/ — with precompressed copies (.gz, and .br where Debian's brotli is installed)
# for static hosts that serve them (docs/BENCHMARKS.md).
#   scripts/build_web.sh            MinSizeRel build (incremental)
#   scripts/build_web.sh --serve    ... then serves build-wasm/site on http://127.0.0.1:8000 (Ctrl+C stops)
# Needs Debian's emscripten and the Dear ImGui sources (scripts/deps.sh --serve).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build="$here/build-wasm"
# Emscripten's JS optimizer needs Debian's acorn module; a newer node on PATH does not see it (TOOLCHAIN.md).
export NODE_PATH=/usr/share/nodejs

if [ ! -f "$here/third_party/imgui-1.86/imgui.cpp" ]; then
    echo "build_web: Dear ImGui 1.86 is missing; run scripts/deps.sh --serve" >&2
    exit 1
fi
if [ ! -f "$build/CMakeCache.txt" ]; then
    emcmake cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=MinSizeRel
fi
cmake --build "$build" -j2

site="$build/site"
for file in app.js app.wasm app.deferred.wasm index.html gpuplan.html; do
    [ -f "$site/$file" ] && echo "build_web: $file $(stat -c %s "$site/$file") bytes, $(stat -c %s "$site/$file.gz") gzip"
done

if [ "${1:-}" = "--serve" ]; then
    echo "build_web: serving on http://127.0.0.1:8000/ (Ctrl+C stops)"
    cd "$build/site" && exec /usr/bin/python3 -m http.server 8000 --bind 127.0.0.1
fi
