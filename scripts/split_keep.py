#!/usr/bin/env python3
"""Writes the list of functions wasm-split keeps in the first download, from assets/app_first_frame.txt and this build.

    scripts/split_keep.py build-wasm/app.orig.wasm assets/app_first_frame.txt build-wasm/app_first_frame.keep.txt

The list (scripts/split_profile.mjs) names functions as wasm-split prints them. Most names are stable from build to
build, but the linker numbers file-local symbols ("strtox.5213", "ImQsort(...) (.3599)"), and those numbers move with
any change to the code: such an entry would miss its function, which then sits in app.deferred.wasm and, called by
the first frame, makes the page load that module synchronously. This script maps each numbered entry the module lacks
to the module's functions of the same name with any number, and says how many entries name nothing in this build
(the list is older than the code: rerun scripts/split_profile.mjs).
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench"))
from wasm_size import function_names, sections  # noqa: E402  (the wasm reader bench/wasm_size.py already has)

# Binaryen prints a name's bytes as they are when they may stand in an identifier, others as \xx (lowercase hex).
ID_PUNCTUATION = set(b"!#$%&'*+-./:<=>?@\\^_`|~")
LOCAL_NUMBER = re.compile(r"(\\20\\28\.[0-9]+\\29|\.[0-9]+)$")


def printed(name):
    out = []
    for byte in name.encode("utf-8"):
        if chr(byte).isascii() and (chr(byte).isalnum() or byte in ID_PUNCTUATION):
            out.append(chr(byte))
        else:
            out.append("\\%02x" % byte)
    return "".join(out)


def unnumbered(name):
    return LOCAL_NUMBER.sub("", name)


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: split_keep.py MODULE.wasm LIST OUT")
    module, listed, out = sys.argv[1:]
    names = {}
    for kind, body in sections(open(module, "rb").read()):
        if kind == 0:
            names.update(function_names(body))
    present = {printed(name) for name in names.values()}
    by_base = {}
    for name in present:
        if LOCAL_NUMBER.search(name):
            by_base.setdefault(unnumbered(name), []).append(name)

    keep, renumbered, missing = [], 0, 0
    for line in open(listed, encoding="utf-8"):
        entry = line.rstrip("\n")
        if not entry:
            continue
        if entry in present:
            keep.append(entry)
        elif LOCAL_NUMBER.search(entry) and unnumbered(entry) in by_base:
            keep.extend(sorted(by_base[unnumbered(entry)]))
            renumbered += 1
        else:
            missing += 1
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(sorted(set(keep))) + "\n")
    if missing:
        print(f"split_keep: {missing} of the first frame's functions are not in this build (renamed or gone); "
              "rerun scripts/split_profile.mjs", file=sys.stderr)
    if renumbered:
        print(f"split_keep: {renumbered} file-local functions found under their new numbers", file=sys.stderr)


if __name__ == "__main__":
    main()
