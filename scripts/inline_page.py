#!/usr/bin/env python3
"""Builds the one-file page gpuplan.html: web/index.html with app.js (wasm inside) inlined.

usage: inline_page.py INDEX_HTML APP_JS OUTPUT_HTML

index.html loads app.js by name unless window.gpuplanInlineApp is set; this script sets it before the page's
own script and appends app.js as an inline <script> after it, so the file opens from disk with no network
(the catalogs then come from the copy compiled into app.js). Run by the `onefile` target (cmake/app.cmake).
"""
import sys

FLAG = '<script>window.gpuplanInlineApp = true;</script>\n'


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    index_path, app_path, out_path = sys.argv[1:]
    with open(index_path, encoding='utf-8') as f:
        page = f.read()
    with open(app_path, encoding='utf-8') as f:
        app = f.read()
    if 'window.gpuplanInlineApp' not in page:
        sys.exit('inline_page.py: index.html does not check window.gpuplanInlineApp; the one-file page would load app.js twice')
    body = page.find('<body>')
    end = page.rfind('</body>')
    if body < 0 or end < 0:
        sys.exit('inline_page.py: index.html has no <body>...</body>')
    # "</script" inside the inlined code would end the element early; "<\/script" means the same to JavaScript.
    app = app.replace('</script', '<\\/script')
    body += len('<body>')
    out = page[:body] + '\n' + FLAG + page[body:end] + '<script>\n' + app + '\n</script>\n' + page[end:]
    with open(out_path, 'w', encoding='utf-8') as f:
        f.write(out)


if __name__ == '__main__':
    main()
