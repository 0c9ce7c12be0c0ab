// Writes assets/app_first_frame.txt: the functions of app.wasm that the page runs up to its first frame, which
// cmake/app.cmake keeps in the first download (site/app.wasm); wasm-split moves the rest to site/app.deferred.wasm,
// which the page loads after its first frame (docs/BENCHMARKS.md "Fourth pass (page)").
//
//   scripts/build_web.sh && node scripts/split_profile.mjs --build build-wasm [--out assets/app_first_frame.txt]
//
// It serves build-wasm/site with the instrumented module Emscripten's SPLIT_MODULE link writes
// (build-wasm/app.instrumented.wasm) in place of app.wasm, loads the page in headless Chromium in English at
// 1280×800 and in Russian at 390×844, reads each load's profile (`__write_profile`) once the first frame is drawn,
// and lets wasm-split name the functions the loads ran. The site's catalog files are held back until the profile is
// read, so what the page does after its first frame stays out of the list. Rerun it after changing what the first
// screen draws: a function missing from the list still works (the page then loads app.deferred.wasm at once).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import puppeteer from 'puppeteer-core';

const CHROMIUM = process.env.GPUPLAN_CHROMIUM || '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
    '--headless', '--no-sandbox', '--disable-gpu', '--use-gl=angle', '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-default-apps', '--mute-audio',
];
const CONTENT_TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.json': 'application/json',
                        '.wasm': 'application/wasm' };
const LOADS = [
    { language: 'en-US', width: 1280, height: 800 },
    { language: 'ru-RU', width: 390, height: 844 },
];

function parseArgs(argv) {
    const args = { out: 'assets/app_first_frame.txt' };
    for (let i = 0; i < argv.length; i += 2) args[argv[i].replace(/^--/, '')] = argv[i + 1];
    if (!args.build) throw new Error('usage: node scripts/split_profile.mjs --build build-wasm [--out FILE]');
    return args;
}

// The site, with the instrumented module as app.wasm; catalogs, accuracy.json and app.deferred.wasm wait until the
// profile is read.
function serve(site, instrumented, held) {
    const server = http.createServer((request, response) => {
        const url = decodeURIComponent(new URL(request.url, 'http://x').pathname);
        const file = url === '/app.wasm' ? instrumented : path.join(site, url.endsWith('/') ? url + 'index.html' : url);
        const send = () => fs.readFile(file, (error, data) => {
            if (error) { response.writeHead(404); response.end('not found'); return; }
            response.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] || 'application/octet-stream' });
            response.end(data);
        });
        // app.deferred.wasm waits too: it was split from the uninstrumented module, so it cannot link against this one
        // (the page would show an error before the profile is read when the machine is fast).
        if (url.startsWith('/catalogs/') || url === '/accuracy.json' || url === '/app.deferred.wasm') held.push(send); else send();
    });
    return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function profileOne(browser, base, load, held, out) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: load.width, height: load.height, deviceScaleFactor: 1 });
    await page.evaluateOnNewDocument((language) => {
        Object.defineProperty(navigator, 'language', { get: () => language });
    }, load.language);
    await page.goto(`${base}/index.html`, { waitUntil: 'load', timeout: 120000 });
    await page.waitForFunction('window.gpuplan && (window.gpuplan.firstFrameMs || window.gpuplan.error)', { timeout: 120000, polling: 5 });
    const error = await page.evaluate(() => window.gpuplan.error || '');
    if (error) throw new Error(`page error: ${error}`);
    const bytes = await page.evaluate(() => {
        const size = 1 << 20;
        const at = Module._malloc(size);
        const written = Module.asm.__write_profile(at, size);
        const copy = Array.from(Module.HEAPU8.subarray(at, at + written));
        Module._free(at);
        return copy;
    });
    if (bytes.length === 0) throw new Error('__write_profile wrote nothing');
    fs.writeFileSync(out, Buffer.from(bytes));
    held.splice(0).forEach((send) => send());
    await context.close();
}

async function main() {
    const args = parseArgs(process.argv.slice(2));
    const build = path.resolve(args.build);
    const instrumented = path.join(build, 'app.instrumented.wasm');
    const original = path.join(build, 'app.orig.wasm');
    const held = [];
    const server = await serve(path.join(build, 'site'), instrumented, held);
    const base = `http://127.0.0.1:${server.address().port}`;
    const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'gpuplan-split-'));
    const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true,
                                             args: [...CHROMIUM_FLAGS, `--user-data-dir=${path.join(temp, 'chromium')}`] });
    const profiles = [];
    try {
        for (const [i, load] of LOADS.entries()) {
            const out = path.join(temp, `profile${i}.data`);
            await profileOne(browser, base, load, held, out);
            profiles.push(out);
        }
    } finally {
        await browser.close();
        server.close();
    }
    const merged = path.join(temp, 'merged.data');
    execFileSync('wasm-split', ['--merge-profiles', ...profiles, '-o', merged]);
    // wasm-split -v names each function it keeps ("Keeping functions: a, b, ...") and each it splits out.
    const report = execFileSync('wasm-split', ['--all-features', original, `--profile=${merged}`, '-v',
                                               '-o1', path.join(temp, 'primary.wasm'), '-o2', path.join(temp, 'secondary.wasm')],
                                { encoding: 'utf8', maxBuffer: 64 << 20 });
    const kept = parseKept(report);
    fs.writeFileSync(args.out, kept.join('\n') + '\n');
    fs.rmSync(temp, { recursive: true, force: true });
    console.log(`split_profile: ${kept.length} functions kept for the first frame -> ${args.out}`);
}

function parseKept(report) {
    const marker = 'Keeping functions:';
    const start = report.indexOf(marker);
    const end = report.indexOf('Splitting out functions:');
    if (start < 0 || end < 0) throw new Error(`unexpected wasm-split -v output:\n${report.slice(0, 500)}`);
    // Names come escaped as wasm-split prints them ("\\28" for '(', "\\2c" for ','), so ", " separates them.
    return report.slice(start + marker.length, end).split(/, |\n/).map((name) => name.trim()).filter(Boolean);
}

main().catch((error) => { console.error(error); process.exit(1); });
