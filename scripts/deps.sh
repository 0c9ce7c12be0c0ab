#!/usr/bin/env bash
# Installs what gpuplan needs to build and test on Debian 12, idempotently and quietly when present.
#   scripts/deps.sh            build + test dependencies (Debian packages, Dear ImGui source, npm packages)
#   scripts/deps.sh --serve    only what building and serving the web app needs (no browser, no npm)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:-all}

apt_pkgs=(cmake make g++ emscripten nlohmann-json3-dev doctest-dev fonts-inter python3-fonttools xz-utils dpkg-dev python3 brotli binaryen)
if [ "$mode" != "--serve" ]; then
    # clang-14 and its runtime libraries: the ASan/UBSan build and the libFuzzer targets (build-san/)
    apt_pkgs+=(chromium nodejs npm clang-14 libclang-rt-14-dev)
fi

sudo_cmd=()
if [ "$(id -u)" != 0 ]; then sudo_cmd=(sudo); fi

missing=()
for p in "${apt_pkgs[@]}"; do
    # nodejs may come from elsewhere (a newer node on PATH is fine)
    if [ "$p" = nodejs ] && command -v node >/dev/null 2>&1; then continue; fi
    if [ "$p" = npm ] && command -v npm >/dev/null 2>&1; then continue; fi
    if [ "$p" = python3 ] && command -v python3 >/dev/null 2>&1; then continue; fi
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "deps: installing Debian packages: ${missing[*]}"
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Dear ImGui 1.86 from Debian's source package, unpacked into an ignored folder (never committed).
imgui_dir="$here/third_party/imgui-1.86"
if [ ! -f "$imgui_dir/imgui.cpp" ]; then
    src_list=/etc/apt/sources.list.d/gpuplan-deb-src.sources
    if [ ! -f "$src_list" ]; then
        uris=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
        [ -n "$uris" ] || uris=http://deb.debian.org/debian
        printf 'Types: deb-src\nURIs: %s\nSuites: bookworm\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
            "$uris" | "${sudo_cmd[@]}" tee "$src_list" >/dev/null
        "${sudo_cmd[@]}" apt-get update -qq
    fi
    tmp=$(mktemp -d)
    (cd "$tmp" && apt-get source --download-only -qq imgui=1.86+ds-1 >/dev/null 2>&1 || \
        (cd "$tmp" && apt-get source --download-only -qq imgui >/dev/null))
    tarball=$(ls "$tmp"/imgui_1.86*.orig.tar.* | head -n 1)
    mkdir -p "$here/third_party"
    tar -xf "$tarball" -C "$here/third_party"
    rm -rf "$tmp"
    [ -f "$imgui_dir/imgui.cpp" ] || { echo "deps: Dear ImGui source not found after unpacking $tarball" >&2; exit 1; }
    echo "deps: Dear ImGui 1.86 unpacked into third_party/"
fi

# npm packages for the browser test, pinned by package-lock.json; never download a browser.
if [ "$mode" != "--serve" ] && [ -f "$here/package-lock.json" ]; then
    if [ ! -d "$here/node_modules/puppeteer-core" ]; then
        (cd "$here" && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --silent --no-audit --no-fund >/dev/null)
        echo "deps: npm packages installed"
    fi
fi
