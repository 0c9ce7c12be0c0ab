#!/usr/bin/env python3
"""Assembles gpuplan.html, the offline page: one file that works saved to disk, with no other file next to it.

usage: make_offline_page.py web/index.html site/app.js site/app.wasm site/gpuplan.html CATALOGS_DIR accuracy.json
                            [site/app.deferred.wasm]

The hosted page (index.html) loads app.js, which streams app.wasm. The offline page is the same page with the wasm
as base64 in window.gpuplanInline (web/index.html hands it to Emscripten as Module.wasmBinary) and app.js inline
after the page's own script. The wasm's own catalogs are a compact copy without sources (scripts/embed_files.py):
window.gpuplanInline also holds the full catalog files and the validation report, which the page, opened from disk,
hands over after its first frame as the hosted page hands over what it fetched. The second module of the split build
(app.deferred.wasm, what the first frame does not run) is inline too, as window.gpuplanInline.deferred.
"""
import base64
import json
import os
import sys

LOADER_MARK = "<script>\n// gpuplan page glue:"


def main():
    page_path, js_path, wasm_path, out_path, catalogs_dir, accuracy_path = sys.argv[1:7]
    with open(page_path, encoding="utf-8") as handle:
        page = handle.read()
    with open(js_path, encoding="utf-8") as handle:
        app_js = handle.read()
    with open(wasm_path, "rb") as handle:
        wasm = base64.b64encode(handle.read()).decode("ascii")
    deferred = ""
    if len(sys.argv) > 7:
        with open(sys.argv[7], "rb") as handle:
            deferred = base64.b64encode(handle.read()).decode("ascii")
    if LOADER_MARK not in page or page.count("</body>") != 1:
        sys.exit("make_offline_page.py: %s has no page-glue script or no single </body>" % page_path)
    if "</script" in app_js.lower():
        sys.exit("make_offline_page.py: %s contains '</script', which cannot be inlined" % js_path)
    catalogs = []
    for folder, _, names in sorted(os.walk(catalogs_dir)):
        for name in sorted(names):
            if name.endswith(".json"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as handle:
                    catalogs.append([os.path.relpath(path, catalogs_dir).replace(os.sep, "/"), handle.read()])
    with open(accuracy_path, encoding="utf-8") as handle:
        accuracy = handle.read()
    # JSON is a JavaScript expression; "<\/" keeps a "</script" inside a string from closing the element.
    data = json.dumps({"catalogs": catalogs, "accuracy": accuracy}, ensure_ascii=False).replace("</", "<\\/")
    inline = ('<script>window.gpuplanInline = %s; window.gpuplanInline.wasm = "%s"; window.gpuplanInline.deferred = "%s";'
              '</script>\n' % (data, wasm, deferred))
    page = page.replace(LOADER_MARK, inline + LOADER_MARK, 1)
    page = page.replace("</body>", "<script>\n%s\n</script>\n</body>" % app_js, 1)
    with open(out_path, "w", encoding="utf-8") as handle:
        handle.write(page)


if __name__ == "__main__":
    main()
