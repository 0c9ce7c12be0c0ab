#!/usr/bin/env python3
"""Regenerates the three worked examples of docs/PLANNING.md from `gpuplan plan --format md`.

usage: scripts/planning_examples.py [path/to/gpuplan]   (default: build/gpuplan)

Between the lines <!-- plan: NAME --> and <!-- /plan --> the doc holds the top five rows, the winner line and the
Pareto front of docs/examples/NAME.json as the command prints them; tests/cli/test_planning_doc.cpp fails when they
differ.
"""
import re
import subprocess
import sys

ROWS_SHOWN = 5
DOC = 'docs/PLANNING.md'


def section(gpuplan, name):
    out = subprocess.run([gpuplan, 'plan', '--scenario', f'docs/examples/{name}.json', '--format', 'md'],
                         check=True, capture_output=True, text=True).stdout.splitlines()
    body, rows, in_table, pareto, pareto_rows = [], 0, False, False, 0
    for line in out:
        if not pareto and (line.startswith('| # |') or (line.startswith('|---') and in_table and rows == 0)):
            in_table = True
            body.append(line)
            continue
        if in_table and not pareto and re.match(r'^\| \d+ \|', line):
            rows += 1
            if rows <= ROWS_SHOWN:
                body.append(line)
            continue
        if line.startswith('**Winner'):
            body += ['', line]
            continue
        if line.startswith('## Pareto front'):
            pareto = True
            body += ['', line.replace('## ', '') + ':', '']
            continue
        if pareto and line.startswith('|'):
            body.append(line)
            pareto_rows += 1
        elif pareto and pareto_rows > 0:
            break  # the table after the front lists the excluded GPUs
    return '\n'.join(body)


def main():
    gpuplan = sys.argv[1] if len(sys.argv) > 1 else 'build/gpuplan'
    doc = open(DOC, encoding='utf-8').read()
    for name in re.findall(r'<!-- plan: ([\w.-]+) -->', doc):
        block = section(gpuplan, name)
        doc = re.sub(rf'(<!-- plan: {re.escape(name)} -->\n).*?(\n<!-- /plan -->)', lambda m: m.group(1) + block + m.group(2),
                     doc, flags=re.S)
    open(DOC, 'w', encoding='utf-8').write(doc)
    print(f'planning_examples.py: rewrote the worked examples in {DOC}')


if __name__ == '__main__':
    main()
