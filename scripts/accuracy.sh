#!/usr/bin/env bash
# Regenerates docs/ACCURACY.md, assets/accuracy.json and docs/SCENARIO.md's defaults table from the validation suite (tests/validation/cases),
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
# The defaults table in docs/SCENARIO.md is rewritten by its own unit test when asked to.
tests=${GPUPLAN_UNIT_TESTS:-build/unit_tests}
if [ -x "$tests" ]; then
    GPUPLAN_WRITE_DOCS=1 "$tests" -tc="docs/SCENARIO.md*" > /dev/null
else
    echo "accuracy.sh: $tests not built; docs/SCENARIO.md's defaults table not regenerated" >&2
fi
echo "accuracy.sh: wrote docs/ACCURACY.md, assets/accuracy.json and the defaults table in docs/SCENARIO.md"
