#!/usr/bin/env bash
# Regenerates docs/ACCURACY.md and assets/accuracy.json from the validation suite (tests/validation/cases),
# using the native CLI (build/gpuplan). The unit tests fail when either file is out of date.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cli=${GPUPLAN_CLI:-build/gpuplan}
[ -x "$cli" ] || { echo "accuracy.sh: $cli not built; run scripts/test.sh or cmake --build build first" >&2; exit 2; }
"$cli" validate tests/validation/cases --format json > assets/accuracy.json
{
    cat docs/accuracy_intro.md
    echo
    "$cli" validate tests/validation/cases --format md
} > docs/ACCURACY.md
echo "accuracy.sh: wrote docs/ACCURACY.md and assets/accuracy.json"
