#!/usr/bin/env bash
# Installs what is missing, builds native + wasm, and runs every test (unit, validation, browser end-to-end).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/deps.sh"
bash "$root/scripts/build_all.sh"
cd "$root"
set +e
ctest --test-dir build --output-on-failure | tee build/ctest-output.txt
status=${PIPESTATUS[0]}
set -e
# Each runner's own counts (CTest shows a runner's output only when it fails), then CTest's summary again last.
echo
echo "== runners"
awk '/^[0-9]+\/[0-9]+ Testing: /{name=$3}
     /^\[doctest\] test cases:/{sub(/\| *[0-9]+ skipped/, ""); print name ": " $0}
     /^[0-9]+ passed, [0-9]+ failed/{print name ": " $0}' build/Testing/Temporary/LastTest.log || true
echo "== summary"
grep -E 'tests passed, [0-9]+ tests failed out of' build/ctest-output.txt || true
exit "$status"
