#!/usr/bin/env python3
"""Where app.wasm's bytes are: sections, and code by origin (gzip -9 of each group), from a build with function names.

    cd build-wasm && sed 's# -o site/app.js # -o /tmp/named/app.js #' CMakeFiles/app.dir/link.txt > /tmp/link.sh
    NODE_PATH=/usr/share/nodejs bash /tmp/link.sh --profiling-funcs     # same code, plus a "name" section
    python3 bench/wasm_size.py /tmp/named/app.wasm [--top N]

Groups are by the demangled name's prefix (engine::, catalog::, scenario::/input::, cli::, nlohmann, Dear ImGui and
stb, libc++/libc); functions without a namespace are the UI panels and platform glue. A group's gzip figure is that
group's function bodies compressed together, so the groups add up to about, not exactly, the code section's gzip.

    python3 bench/wasm_size.py build-wasm/app.orig.wasm --keep assets/app_first_frame.txt [--top N]

(the split build's whole module, names included: cmake/app.cmake links with --profiling-funcs)
splits each group into what the first download keeps (the functions named in the list, as wasm-split prints them:
"\\28" for '(') and what app.deferred.wasm holds, and --top then lists the largest kept functions.
"""
import re
import sys
import zlib
from collections import defaultdict


def leb128(data, i):
    value, shift = 0, 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def sections(data):
    i = 8  # magic + version
    while i < len(data):
        kind = data[i]
        size, i = leb128(data, i + 1)
        yield kind, data[i:i + size]
        i += size


def imported_functions(body):
    count, j = leb128(body, 0)
    functions = 0
    for _ in range(count):
        for _ in range(2):  # module and field names
            length, j = leb128(body, j)
            j += length
        kind = body[j]
        j += 1
        if kind == 0:  # function: type index
            _, j = leb128(body, j)
            functions += 1
        elif kind == 1:  # table: element type, limits
            j += 1
            flags, j = leb128(body, j)
            _, j = leb128(body, j)
            if flags & 1:
                _, j = leb128(body, j)
        elif kind == 2:  # memory: limits
            flags, j = leb128(body, j)
            _, j = leb128(body, j)
            if flags & 1:
                _, j = leb128(body, j)
        elif kind == 3:  # global: type, mutability
            j += 2
        elif kind == 4:  # tag: attribute, type index
            j += 1
            _, j = leb128(body, j)
    return functions


def function_names(body):
    names = {}
    length, j = leb128(body, 0)
    if body[j:j + length] != b"name":
        return names
    j += length
    while j < len(body):
        sub = body[j]
        size, j = leb128(body, j + 1)
        end = j + size
        if sub == 1:
            count, k = leb128(body, j)
            for _ in range(count):
                index, k = leb128(body, k)
                length, k = leb128(body, k)
                names[index] = body[k:k + length].decode("utf-8", "replace")
                k += length
        j = end
    return names


def group(name):
    if "nlohmann" in name:
        return "nlohmann_json (templates)"
    if name.startswith(("ImGui", "Im", "stbtt", "stbrp", "stb_")):
        return "Dear ImGui + stb"
    for prefix, label in (("engine::", "engine"), ("catalog::", "catalog"), ("scenario::", "scenario/input"),
                          ("input::", "scenario/input"), ("cli::", "cli (export text)")):
        if name.startswith(prefix):
            return label
    if name.startswith(("std::", "__", "void std::", "bool std::")) or "std::__2::" in name.split("(")[0]:
        return "libc++/libc"
    return "ui + platform"


def main():
    path = sys.argv[1]
    top = int(sys.argv[sys.argv.index("--top") + 1]) if "--top" in sys.argv else 0
    keep = None
    if "--keep" in sys.argv:
        unescape = lambda name: re.sub(r"\\([0-9a-f]{2})", lambda m: chr(int(m.group(1), 16)), name)
        keep = {unescape(line.strip()) for line in open(sys.argv[sys.argv.index("--keep") + 1], encoding="utf-8")}
    data = open(path, "rb").read()
    gz = lambda b: len(zlib.compress(b, 9))
    imports, names, bodies = 0, {}, []
    print(f"{'section':28s} {'raw':>10s} {'deflate -9':>10s}")
    for kind, body in sections(data):
        if kind == 2:
            imports = imported_functions(body)
        elif kind == 0:
            names.update(function_names(body))
            continue  # custom sections (names) are not part of the shipped file
        elif kind == 10:
            count, j = leb128(body, 0)
            for n in range(count):
                size, k = leb128(body, j)
                bodies.append((imports + n, body[j:k + size]))
                j = k + size
        label = {10: "code", 11: "data (strings, catalogs, font, tables)"}.get(kind, f"section {kind}")
        print(f"{label:28.28s} {len(body):10d} {gz(body):10d}")
    groups = defaultdict(list)
    for index, body in bodies:
        label = group(names.get(index, ""))
        if keep is not None:
            label += " (first)" if names.get(index, "") in keep else " (deferred)"
        groups[label].append(body)
    print(f"\n{'code by origin':28s} {'raw':>10s} {'deflate -9':>10s}")
    for label, parts in sorted(groups.items(), key=lambda item: -sum(len(p) for p in item[1])):
        joined = b"".join(parts)
        print(f"{label:28s} {len(joined):10d} {gz(joined):10d}")
    if top:
        print(f"\nlargest functions (raw bytes)")
        listed = [(len(b), names.get(i, f"#{i}")) for i, b in bodies if keep is None or names.get(i, "") in keep]
        for size, name in sorted(listed, reverse=True)[:top]:
            print(f"{size:8d}  {name[:110]}")


if __name__ == "__main__":
    main()
