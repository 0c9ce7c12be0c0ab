#!/usr/bin/env python3
"""Assembles gpuplan.html, the offline page: one file that works saved to disk, with no other file next to it.

usage: make_offline_page.py web/index.html site/app.js site/app.wasm site/gpuplan.html

The hosted page (index.html) loads app.js, which streams app.wasm. The offline page is the same page with the wasm
as base64 in window.gpuplanInline (web/index.html hands it to Emscripten as Module.wasmBinary) and app.js inline
after the page's own script. Opened from disk, the page uses the catalogs compiled into the wasm.
"""
import base64
import sys

LOADER_MARK = "<script>\n// gpuplan page glue:"


def main():
    page_path, js_path, wasm_path, out_path = sys.argv[1:5]
    with open(page_path, encoding="utf-8") as handle:
        page = handle.read()
    with open(js_path, encoding="utf-8") as handle:
        app_js = handle.read()
    with open(wasm_path, "rb") as handle:
        wasm = base64.b64encode(handle.read()).decode("ascii")
    if LOADER_MARK not in page or page.count("</body>") != 1:
        sys.exit("make_offline_page.py: %s has no page-glue script or no single </body>" % page_path)
    if "</script" in app_js.lower():
        sys.exit("make_offline_page.py: %s contains '</script', which cannot be inlined" % js_path)
    inline = '<script>window.gpuplanInline = { wasm: "%s" };</script>\n' % wasm
    page = page.replace(LOADER_MARK, inline + LOADER_MARK, 1)
    page = page.replace("</body>", "<script>\n%s\n</script>\n</body>" % app_js, 1)
    with open(out_path, "w", encoding="utf-8") as handle:
        handle.write(page)


if __name__ == "__main__":
    main()
