// gpuplan end-to-end harness: a static server for the built page (with per-test overrides of served files),
// the system Chromium with a fresh profile, bounded waits, and the "N passed, M failed" report.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import puppeteer from 'puppeteer-core';

export const CHROMIUM = process.env.GPUPLAN_CHROMIUM || '/usr/bin/chromium';
export const READY_TIMEOUT_MS = 60000; // SwiftShader compiles shaders slowly on a 2-core machine
export const STEP_TIMEOUT_MS = 15000;
const CHROMIUM_FLAGS = [
    '--headless', '--no-sandbox', '--disable-gpu', '--use-gl=angle', '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-default-apps', '--mute-audio',
];
const CONTENT_TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.json': 'application/json',
                        '.wasm': 'application/wasm', '.png': 'image/png' };

export function parseArgs(argv, required) {
    const args = {};
    for (let i = 0; i < argv.length; ++i) {
        const name = argv[i];
        if (!name.startsWith('--') || i + 1 >= argv.length) throw new Error(`unexpected argument ${name}`);
        args[name.slice(2)] = argv[++i];
    }
    for (const name of required) if (!args[name]) throw new Error(`--${name} is required`);
    return args;
}

let passed = 0;
let failed = 0;
export function report(name, ok, detail) {
    if (ok) ++passed; else ++failed;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
}
export async function check(name, body) {
    try {
        const detail = await body();
        report(name, true, typeof detail === 'string' ? detail : '');
    } catch (error) {
        report(name, false, error && error.message ? error.message : String(error));
    }
}
export function expect(condition, message) { if (!condition) throw new Error(message); }

// Serves `root`. `overrides` maps a prefix ("/huge") to { "/catalogs/gpus.json": body }: under that prefix the
// site is the same except for the files named.
export function serve(root, overrides = {}) {
    const server = http.createServer((request, response) => {
        let url = decodeURIComponent(new URL(request.url, 'http://x').pathname);
        for (const [prefix, files] of Object.entries(overrides)) {
            if (!url.startsWith(prefix + '/')) continue;
            url = url.slice(prefix.length);
            if (Object.prototype.hasOwnProperty.call(files, url)) {
                response.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(url)] || 'text/plain' });
                response.end(files[url]);
                return;
            }
            break;
        }
        if (url.endsWith('/')) url += 'index.html';
        const file = path.normalize(path.join(root, url));
        if (!file.startsWith(path.normalize(root))) { response.writeHead(403); response.end(); return; }
        fs.readFile(file, (error, data) => {
            if (error) { response.writeHead(404); response.end('not found'); return; }
            response.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] || 'application/octet-stream' });
            response.end(data);
        });
    });
    return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function launch() {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'gpuplan-e2e-'));
    const browser = await puppeteer.launch({
        executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`],
        protocolTimeout: STEP_TIMEOUT_MS * 4,
    });
    return { browser, close: async () => { await browser.close().catch(() => {}); fs.rmSync(profile, { recursive: true, force: true }); } };
}

// Opens a page and waits until the app is ready (or reports an error); records page errors and any request
// that failed or left the origin.
export async function openPage(browser, url, viewport) {
    const page = await browser.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('requestfailed', (request) => {
        if (!request.url().startsWith('data:')) errors.push(`request failed: ${request.url()}`);
    });
    page.on('request', (request) => {
        const target = request.url();
        if (!target.startsWith('http://127.0.0.1') && !target.startsWith('data:')) errors.push(`request left the origin: ${target}`);
    });
    await page.setViewport(viewport);
    // Each page is a first visit: otherwise the page restores the last link from localStorage.
    await page.evaluateOnNewDocument(() => { try { window.localStorage.clear(); } catch (e) { /* none */ } });
    await page.goto(url, { waitUntil: 'load', timeout: READY_TIMEOUT_MS });
    await page.waitForFunction('window.gpuplan && (window.gpuplan.ready === true || window.gpuplan.error)', { timeout: READY_TIMEOUT_MS });
    const error = await page.evaluate(() => window.gpuplan.error || '');
    if (error) throw new Error(`page error: ${error}`);
    return { page, errors };
}

// Runs `main` under a watchdog and prints the closing line; exits non-zero on any failure.
export function run(main, watchdogMs) {
    const watchdog = setTimeout(() => {
        console.log('FAIL watchdog — the test did not finish in time');
        console.log(`${passed} passed, ${failed + 1} failed`);
        process.exit(1);
    }, watchdogMs);
    watchdog.unref();
    main().catch((error) => {
        report('test run', false, error && error.stack ? error.stack.split('\n')[0] : String(error));
    }).finally(() => {
        clearTimeout(watchdog);
        console.log(`${passed} passed, ${failed} failed`);
        process.exit(failed === 0 && passed > 0 ? 0 : 1);
    });
}
