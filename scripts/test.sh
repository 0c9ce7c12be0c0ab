#!/usr/bin/env bash
# Installs what is missing, builds native + wasm, and runs every test (unit, validation, browser end-to-end).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/deps.sh"
bash "$root/scripts/build_all.sh"
cd "$root"
ctest --test-dir build --output-on-failure
