#!/usr/bin/env bash
# Writes precompressed copies next to each file of a site folder that a visitor downloads: foo.gz (gzip -9) and, where
# Debian's brotli is installed, foo.br. Static hosts that serve them (nginx gzip_static / brotli_static, Caddy's
# precompressed) send them as they are: the best compression, no CPU per request (docs/BENCHMARKS.md).
#   scripts/precompress.sh build-wasm/site
set -euo pipefail
site=$1
find "$site" -type f \( -name '*.html' -o -name '*.js' -o -name '*.wasm' -o -name '*.json' \) | while read -r file; do
    gzip -9 -n -k -f "$file"
    if command -v brotli >/dev/null; then brotli -q 11 -k -f "$file"; fi
done
