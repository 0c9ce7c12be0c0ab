#!/usr/bin/env bash
# Prints gpuplan's speed and size figures: engine latency per evaluation, CLI start-to-result time, the page's
# download size. Figures only; nothing here passes or fails. Needs a finished build (scripts/test.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
echo "== engine"
build/bench_engine "${1:-200}"
echo "== CLI (process start, catalog load, evaluate, print), 20 runs"
start=$(date +%s%N)
for _ in $(seq 20); do
    echo '{"model":"llama-3.1-70b","hardware":{"gpu":"h100-sxm","count":2},"inference":{"tensor_parallel":2}}' \
        | build/gpuplan evaluate --scenario - --format json >/dev/null
done
echo "$(( ($(date +%s%N) - start) / 20000000 )) ms per run"
echo "== validation suite"
start=$(date +%s%N)
build/gpuplan validate tests/validation/cases >/dev/null
echo "$(( ($(date +%s%N) - start) / 1000000 )) ms for $(ls tests/validation/cases/*.json | wc -l) cases"
if [ -f build-wasm/site/app.js ]; then
    echo "== page"
    raw=$(stat -c %s build-wasm/site/app.js)
    gz=$(gzip -9 -c build-wasm/site/app.js | wc -c)
    html=$(stat -c %s build-wasm/site/index.html)
    echo "app.js: $raw bytes ($gz gzip); index.html: $html bytes; catalogs: $(du -sb build-wasm/site/catalogs | cut -f1) bytes"
fi
