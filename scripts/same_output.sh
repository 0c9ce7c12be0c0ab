#!/usr/bin/env bash
# Writes what gpuplan prints for a fixed set of scenarios into one folder, so that an engine change meant to keep the
# results (a faster search, a cache) can be checked byte for byte against the build before it:
#
#   bash scripts/same_output.sh build/gpuplan /tmp/before    # with the old binary
#   bash scripts/same_output.sh build/gpuplan /tmp/after     # with the new one
#   diff -r /tmp/before /tmp/after && echo identical
#
# The set: `gpuplan validate` (table and JSON); for every validation case's scenario `gpuplan evaluate` as JSON and as
# text (the derivation trail, the suggested layout's reason) and `gpuplan plan --format json`; the benchmark's
# scenarios and a few training plans at other GPU counts and workloads.
set -euo pipefail
bin=${1:?usage: same_output.sh GPUPLAN_BINARY OUT_DIR}
out=${2:?usage: same_output.sh GPUPLAN_BINARY OUT_DIR}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out/scenarios"
"$bin" validate "$root/tests/validation/cases" --format json >"$out/validate.json" || true
"$bin" validate "$root/tests/validation/cases" >"$out/validate.txt" || true
python3 - "$root/tests/validation/cases" "$out/scenarios" <<'PY'
import glob, json, os, sys
cases, dest = sys.argv[1], sys.argv[2]
for path in sorted(glob.glob(os.path.join(cases, "*.json"))):
    case = json.load(open(path))
    if "scenario" in case:
        json.dump(case["scenario"], open(os.path.join(dest, os.path.basename(path)), "w"))
extra = {
    "bench-pretrain-70b": {"workload": "pretrain", "model": "llama-3.1-70b", "hardware": {"gpu": "h100-sxm", "count": 64},
                           "training": {"tensor_parallel": 8, "zero_stage": 1, "tokens": 1e12}},
    "bench-qlora-70b": {"workload": "qlora", "model": "llama-3.1-70b", "hardware": {"gpu": "a100-80gb-sxm"},
                        "precision": {"weights": "nf4"}, "training": {"recompute": "full"}},
    "bench-plan-inference": {"model": "llama-3.1-70b", "precision": {"weights": "fp8"}},
    "bench-plan-training": {"workload": "full_finetune", "model": "llama-3.1-8b", "hardware": {"count": 8}, "training": {"tokens": 1e9}},
    "ft-70b-1": {"workload": "full_finetune", "model": "llama-3.1-70b", "hardware": {"count": 1}, "training": {"tokens": 1e9}},
    "ft-70b-16": {"workload": "full_finetune", "model": "llama-3.1-70b", "hardware": {"count": 16}, "training": {"tokens": 1e9}},
    "pretrain-405b-512": {"workload": "pretrain", "model": "llama-3.1-405b", "hardware": {"gpu": "h100-sxm", "count": 512},
                          "training": {"tokens": 1e12}},
    "lora-8b-2": {"workload": "lora", "model": "llama-3.1-8b", "hardware": {"count": 2}, "training": {"tokens": 1e8}},
    "pretrain-dsv3-256": {"workload": "pretrain", "model": "deepseek-v3", "hardware": {"gpu": "h200", "count": 256},
                          "precision": {"compute": "fp8"}, "training": {"tokens": 1e12}},
    "ft-mixtral-32": {"workload": "full_finetune", "model": "mixtral-8x7b", "hardware": {"count": 32}, "training": {"tokens": 1e9}},
}
for name, scenario in extra.items():
    json.dump(scenario, open(os.path.join(dest, name + ".json"), "w"))
PY
for scenario in "$out"/scenarios/*.json; do
    name=$(basename "$scenario" .json)
    "$bin" evaluate --scenario "$scenario" --format json >"$out/$name.evaluate.json" 2>&1 || true
    "$bin" evaluate --scenario "$scenario" --format text >"$out/$name.evaluate.txt" 2>&1 || true
    "$bin" plan --scenario "$scenario" --format json >"$out/$name.plan.json" 2>&1 || true
done
echo "$(ls "$out" | wc -l) files in $out"
