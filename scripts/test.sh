#!/usr/bin/env bash
# Installs what is missing, builds native + wasm, and runs every test (unit, validation, browser end-to-end).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/deps.sh"
bash "$root/scripts/build_all.sh"
cd "$root"
# The same engine, catalogs and CLI built by clang with AddressSanitizer and UndefinedBehaviorSanitizer: the unit
# tests again, and a smoke run of each libFuzzer target over every outside input (tests/fuzz, docs/FUZZING.md).
if [ ! -f build-san/CMakeCache.txt ]; then
    cmake -S . -B build-san -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++-14 -DGPUPLAN_SANITIZE=ON \
          -DGPUPLAN_WERROR=ON >/dev/null
fi
cmake --build build-san -j"$(nproc 2>/dev/null || echo 2)"
set +e
ctest --test-dir build --output-on-failure | tee build/ctest-output.txt
status=${PIPESTATUS[0]}
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --test-dir build-san --output-on-failure | tee build-san/ctest-output.txt
status_san=${PIPESTATUS[0]}
[ "$status" -eq 0 ] && status=$status_san
set -e
# Each runner's own counts (CTest shows a runner's output only when it fails), then CTest's summary again last.
echo
echo "== runners"
for dir in build build-san; do
    awk -v dir="$dir" '/^[0-9]+\/[0-9]+ Testing: /{name=$3}
         /^\[doctest\] test cases:/{sub(/\| *[0-9]+ skipped/, ""); print dir "/" name ": " $0}
         /^Done [0-9]+ runs in/{print dir "/" name ": libFuzzer " $0}
         /^[0-9]+ passed, [0-9]+ failed/{print dir "/" name ": " $0}' "$dir/Testing/Temporary/LastTest.log" || true
done
echo "== summary (sanitizer build, then the main build)"
grep -E 'tests passed, [0-9]+ tests failed out of' build-san/ctest-output.txt || true
grep -E 'tests passed, [0-9]+ tests failed out of' build/ctest-output.txt || true
exit "$status"
