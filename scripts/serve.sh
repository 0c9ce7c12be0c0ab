#!/usr/bin/env bash
# Installs what is missing, builds the web app and serves it on http://127.0.0.1:8000 (Ctrl-C stops).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/deps.sh" --serve
bash "$root/scripts/build_all.sh" --web-only
port=${PORT:-8000}
echo "gpuplan is served at http://127.0.0.1:$port/"
exec /usr/bin/python3 -m http.server "$port" --bind 127.0.0.1 --directory "$root/build-wasm/site"
