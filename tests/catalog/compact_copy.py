#!/usr/bin/env python3
"""The web app's compact catalog copy (scripts/embed_files.py --compact) gives the figures of the full catalogs.

usage: compact_copy.py --cli build/gpuplan --source-dir .

The page draws its first frame with the compact copy (sources replaced by file names, notes dropped) and then loads
the full files. Writes the compact copy to a temporary folder and compares, for the full and the compact catalogs:
`gpuplan validate` (all published cases, byte for byte), and `gpuplan evaluate --format json` on every validation
case and `gpuplan plan --format json` on the first 12, with provenance fields and text that quotes a source or a
catalog file left out. A key the compactor drops that the engine computes with shows up here.
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile


def scrub(value):
    if isinstance(value, dict):
        return {k: scrub(v) for k, v in value.items() if k not in ("source", "notes") and not k.endswith("_source")}
    if isinstance(value, list):
        return [scrub(v) for v in value]
    if isinstance(value, str) and ("http" in value or "catalogs/" in value):
        return "<provenance>"
    return value


def run(cli, args, stdin, cwd):
    result = subprocess.run([cli] + args, input=stdin, capture_output=True, text=True, cwd=cwd)
    return result.returncode, result.stdout, result.stderr


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--source-dir", required=True)
    args = parser.parse_args()
    root = os.path.abspath(args.source_dir)
    sys.path.insert(0, os.path.join(root, "scripts"))
    from embed_files import compact  # the build's own transformation

    catalogs = os.path.join(root, "catalogs")
    failures = []
    with tempfile.TemporaryDirectory() as out:
        for path in glob.glob(os.path.join(catalogs, "**", "*.json"), recursive=True):
            rel = os.path.relpath(path, catalogs).replace(os.sep, "/")
            target = os.path.join(out, rel)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(path, encoding="utf-8") as handle:
                text = json.dumps(compact(json.load(handle), rel), ensure_ascii=False, separators=(",", ":"))
            with open(target, "w", encoding="utf-8") as handle:
                handle.write(text)
        full = run(args.cli, ["validate", "--catalogs", catalogs], None, root)
        small = run(args.cli, ["validate", "--catalogs", out], None, root)
        if full != small:
            failures.append("gpuplan validate differs between the full and the compact catalogs")
        cases = sorted(glob.glob(os.path.join(root, "tests", "validation", "cases", "*.json")))
        if not cases:
            failures.append("no validation cases found")
        for n, case in enumerate(cases):
            with open(case, encoding="utf-8") as handle:
                scenario = json.dumps(json.load(handle)["scenario"])
            commands = [["evaluate", "--format", "json"]] + ([["plan", "--format", "json"]] if n < 12 else [])
            for command in commands:
                a = run(args.cli, command + ["--scenario", "-", "--catalogs", catalogs], scenario, root)
                b = run(args.cli, command + ["--scenario", "-", "--catalogs", out], scenario, root)
                if a[0] != b[0] or scrub(json.loads(a[1] or "null")) != scrub(json.loads(b[1] or "null")):
                    failures.append("%s: gpuplan %s differs" % (os.path.basename(case), command[0]))
    for failure in failures:
        print("FAIL:", failure)
    print("compact catalog copy: %d cases, %d differences" % (len(cases), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
