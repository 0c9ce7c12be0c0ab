#!/usr/bin/env bash
# Prints gpuplan's speed and size figures (docs/BENCHMARKS.md): the engine per evaluation and the whole-catalog
# planner, natively and in WebAssembly (under node and inside Chromium); the hosted page's requests and bytes before
# its first frame, first-frame time, a 5-keystroke edit's main-thread time and frames while idle (headless
# Chromium); the CLI's start-to-result time. Then every figure next to its target, and all of it as JSON in
# build/bench.json. Figures only: nothing here passes or fails.
#
#   bash scripts/bench.sh            # needs build/ (native) and build-wasm/ (scripts/build_web.sh)
#   bash scripts/bench.sh --quick    # fewer timed batches
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export NODE_PATH=/usr/share/nodejs # Emscripten's JS optimizer needs Debian's acorn (TOOLCHAIN.md)
quick=""
[ "${1:-}" = "--quick" ] && quick="--quick"
out=build/bench
mkdir -p "$out"

echo "== engine, native (build/bench_engine)"
cmake --build build --target bench_engine -j2 >/dev/null
build/bench_engine $quick --json "$out/native.json"

wasm_bench=""
if [ -f build-wasm/CMakeCache.txt ]; then
    cmake --build build-wasm --target bench_engine -j2 >/dev/null
    wasm_bench=build-wasm/bench/bench_engine.cjs
    echo "== engine, WebAssembly under node ($(node --version))"
    node "$wasm_bench" $quick --json - >"$out/wasm-node.txt"
    sed '/^{/,$d' "$out/wasm-node.txt"
    sed -n '/^{/,$p' "$out/wasm-node.txt" >"$out/wasm-node.json"
fi

echo "== CLI: process start, catalog load, evaluate, print (20 runs)"
start=$(date +%s%N)
for _ in $(seq 20); do
    echo '{"model":"llama-3.1-70b","hardware":{"gpu":"h100-sxm","count":2},"inference":{"tensor_parallel":2}}' \
        | build/gpuplan evaluate --scenario - --format json >/dev/null
done
cli_ms=$(( ($(date +%s%N) - start) / 20000000 ))
echo "$cli_ms ms per run"
echo "{\"cli_evaluate_ms\": $cli_ms}" >"$out/cli.json"

if [ -f build-wasm/site/app.js ]; then
    echo "== page (headless Chromium)"
    node bench/page.mjs --web build-wasm/site ${wasm_bench:+--engine "$wasm_bench"} --json "$out/page.json"
fi

node bench/summary.mjs "$out" build/bench.json
