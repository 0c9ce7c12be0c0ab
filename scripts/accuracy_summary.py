#!/usr/bin/env python3
"""Writes the part of the validation report the page's first frame needs: the schema and the summary per category
(the accuracy bands next to the estimates), minified. The cases (the Accuracy panel, 8 KB gzip) are fetched after the
first frame from the site's accuracy.json, or read from the offline page (docs/BENCHMARKS.md, third pass).

usage: accuracy_summary.py assets/accuracy.json OUT.json
"""
import json
import sys


def main():
    source, out = sys.argv[1], sys.argv[2]
    with open(source, encoding="utf-8") as handle:
        report = json.load(handle)
    summary = {key: report[key] for key in ("schema", "summary") if key in report}
    with open(out, "w", encoding="utf-8") as handle:
        handle.write(json.dumps(summary, ensure_ascii=False, separators=(",", ":")))


if __name__ == "__main__":
    main()
