// gpuplan page benchmark: what the hosted page costs a visitor, measured in headless Chromium on this machine.
// Prints figures (a table, then one JSON line); asserts nothing.
//
//   node bench/page.mjs --web build-wasm/site [--engine build-wasm/bench/bench_engine_web.js] [--json FILE] [--loads 3]
//
// - bytes and requests "before the first frame": every response the page fetched until gpuplan.ready, raw and as
//   gzip -9 would send them (the server here sends them raw; a static host compresses or serves .gz files);
// - first frame: navigation start → the first full frame on the canvas (gpuplan.firstFrameMs, or gpuplan.ready on
//   pages that predate it), median of --loads loads, each in a fresh browser context (nothing cached);
// - a 5-keystroke edit: click the context field, select all, type "16384" — main-thread busy time (Chromium's
//   TaskDuration) from the first key until the page has stopped drawing;
// - idle: frames drawn in 5 s with no input (window.gpuplan.frames);
// - placeholder loads: calls that found a function missing from the split build's first module (0 when the list is current);
// - with --engine: the engine benchmark (bench/bench_engine.cpp built for the web) run inside the page's browser.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import zlib from 'node:zlib';
import puppeteer from 'puppeteer-core';

const CHROMIUM = process.env.GPUPLAN_CHROMIUM || '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
    '--headless', '--no-sandbox', '--disable-gpu', '--use-gl=angle', '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-default-apps', '--mute-audio',
];
const TIMEOUT_MS = 120000;
const ENGINE_TIMEOUT_MS = 600000; // the engine benchmark of an old build takes minutes in a browser
const CONTENT_TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.json': 'application/json',
                        '.cjs': 'text/javascript', '.wasm': 'application/wasm', '.png': 'image/png' };

function parseArgs(argv) {
    const args = { loads: '3' };
    for (let i = 0; i < argv.length; i += 2) args[argv[i].replace(/^--/, '')] = argv[i + 1];
    if (!args.web) throw new Error('usage: node bench/page.mjs --web DIR [--engine FILE] [--json FILE] [--loads N]');
    return args;
}

// A static server that logs what it sends (path, raw bytes, gzip -9 bytes). /__engine.html runs the engine benchmark.
function serve(root, engineJs, log) {
    const gzipCache = new Map();
    const server = http.createServer((request, response) => {
        let url = decodeURIComponent(new URL(request.url, 'http://x').pathname);
        if (url === '/__engine.html') {
            response.writeHead(200, { 'content-type': 'text/html' });
            response.end('<!doctype html><script>var Module={arguments:["--quick","--json","-"],print:function(t){(window.benchLines=window.benchLines||[]).push(t)},' +
                         'printErr:function(t){console.warn(t)},onExit:function(){window.done=true},postRun:[function(){window.done=true}]};</script>' +
                         '<script src="/__engine.js"></script>');
            return;
        }
        const file = url === '/__engine.js' ? engineJs : path.normalize(path.join(root, url.endsWith('/') ? url + 'index.html' : url));
        fs.readFile(file, (error, data) => {
            if (error) { response.writeHead(404); response.end('not found'); return; }
            if (!gzipCache.has(file)) gzipCache.set(file, zlib.gzipSync(data, { level: 9 }).length);
            log.push({ url, raw: data.length, gzip: gzipCache.get(file), at: Date.now() });
            response.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] || 'application/octet-stream' });
            response.end(data);
        });
    });
    return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// Records when gpuplan.ready turns true (performance.now(), ms since navigation start), whatever the page's version.
const READY_PROBE = `(() => {
    const hooks = {};
    let ready = false;
    Object.defineProperty(hooks, 'ready', { configurable: true, enumerable: true,
        get() { return ready; }, set(v) { ready = v; if (v === true && hooks.readyAtMs === undefined) hooks.readyAtMs = performance.now(); } });
    window.gpuplan = hooks;
})();`;

async function load(browser, base, log) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    // A function the split build's first module lacks runs through a placeholder that loads app.deferred.wasm at
    // once (Emscripten prints "placeholder function called"); counted up to the first frame's end and in all.
    const placeholders = [];
    page.on('console', (message) => { if (/placeholder function called/.test(message.text())) placeholders.push(performance.now()); });
    await page.setViewport({ width: 1280, height: 800, deviceScaleFactor: 1 });
    await page.evaluateOnNewDocument(READY_PROBE);
    const start = log.length;
    await page.goto(`${base}/index.html`, { waitUntil: 'load', timeout: TIMEOUT_MS });
    await page.waitForFunction('window.gpuplan && (window.gpuplan.ready === true || window.gpuplan.error)', { timeout: TIMEOUT_MS, polling: 5 });
    const readyAtMs = await page.evaluate(() => window.gpuplan.readyAtMs);
    const error = await page.evaluate(() => window.gpuplan.error || '');
    if (error) throw new Error(`page error: ${error}`);
    // The first full frame: gpuplan.firstFrameMs where the page reports it, else gpuplan.ready (older pages set
    // ready with the first full frame).
    const firstFrameMs = (await page.evaluate(() => window.gpuplan.firstFrameMs)) || readyAtMs;
    // What was requested before that frame: the document and every resource that started before it.
    const started = await page.evaluate((before) => [location.pathname].concat(performance.getEntriesByType('resource')
        .filter((entry) => entry.startTime < before).map((entry) => new URL(entry.name).pathname)), firstFrameMs);
    const servedHere = log.slice(start);
    const served = started.map((url) => servedHere.find((r) => r.url === url) || { url, raw: 0, gzip: 0 });
    return { context, page, readyAtMs: firstFrameMs, served, servedAll: servedHere, placeholders };
}

const frames = (page) => page.evaluate(() => window.gpuplan.frames || 0);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function settle(page) {
    let last = await frames(page);
    let quietSince = Date.now();
    const deadline = Date.now() + 20000;
    while (Date.now() - quietSince < 800 && Date.now() < deadline) {
        await sleep(50);
        const now = await frames(page);
        if (now !== last) { last = now; quietSince = Date.now(); }
    }
}

async function taskSeconds(client) {
    const { metrics } = await client.send('Performance.getMetrics');
    const get = (name) => (metrics.find((m) => m.name === name) || { value: 0 }).value;
    return { task: get('TaskDuration'), script: get('ScriptDuration') };
}

function median(values) {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
}

async function main() {
    const args = parseArgs(process.argv.slice(2));
    const web = path.resolve(args.web);
    const log = [];
    const server = await serve(web, args.engine ? path.resolve(args.engine) : '', log);
    const base = `http://127.0.0.1:${server.address().port}`;
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'gpuplan-bench-'));
    const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`],
                                             protocolTimeout: ENGINE_TIMEOUT_MS });
    const result = {};
    try {
        const loads = [];
        let last = null;
        for (let i = 0; i < Number(args.loads); ++i) {
            if (last) await last.context.close();
            last = await load(browser, base, log);
            loads.push(last);
        }
        const first = loads[0];
        result.first_frame_ms = median(loads.map((l) => l.readyAtMs));
        result.first_frame_ms_each = loads.map((l) => Math.round(l.readyAtMs));
        result.requests_before_first_frame = first.served.length;
        result.bytes_before_first_frame = first.served.reduce((sum, r) => sum + r.raw, 0);
        result.gzip_bytes_before_first_frame = first.served.reduce((sum, r) => sum + r.gzip, 0);
        result.files = first.served.map((r) => `${r.url} ${r.raw} (${r.gzip} gzip)`);
        result.placeholder_loads_at_start = first.placeholders.length; // until gpuplan.ready: 0 when the split list is current
        result.requests_total = first.servedAll.length; // including what the page fetches after its first frame
        result.gzip_bytes_total = first.servedAll.reduce((sum, r) => sum + r.gzip, 0);

        const page = last.page;
        await settle(page);
        const idleStart = await frames(page);
        await sleep(5000);
        result.frames_in_5s_idle = (await frames(page)) - idleStart;

        const client = await page.createCDPSession();
        await client.send('Performance.enable');
        const rect = (await page.evaluate(() => window.gpuplan.widgets))['context_tokens'];
        if (!rect) throw new Error('widget context_tokens not found');
        await page.mouse.click(rect.x + rect.w / 2, rect.y + rect.h / 2);
        await page.keyboard.down('Control');
        await page.keyboard.press('KeyA');
        await page.keyboard.up('Control');
        await settle(page);
        const before = await taskSeconds(client);
        const framesBefore = await page.evaluate(() => [window.gpuplan.frames || 0, window.gpuplan.framesPainted || 0]);
        await page.keyboard.type('16384', { delay: 60 });
        await settle(page);
        const after = await taskSeconds(client);
        const framesAfter = await page.evaluate(() => [window.gpuplan.frames || 0, window.gpuplan.framesPainted || 0]);
        result.edit_frames = framesAfter[0] - framesBefore[0];
        // Pages that predate framesPainted paint every frame they run.
        result.edit_frames_painted = framesAfter[1] > 0 ? framesAfter[1] - framesBefore[1] : result.edit_frames;
        result.edit_main_thread_ms = (after.task - before.task) * 1000;
        result.edit_script_ms = (after.script - before.script) * 1000;
        await page.keyboard.press('Escape');
        result.placeholder_loads_in_all = last.placeholders.length;
        await last.context.close();

        if (args.engine) {
            // The engine benchmark inside this browser; a failure or a time-out leaves the page figures standing.
            const context = await browser.createBrowserContext();
            try {
                const bench = await context.newPage();
                await bench.goto(`${base}/__engine.html`, { waitUntil: 'load', timeout: TIMEOUT_MS });
                await bench.waitForFunction('window.done === true', { timeout: ENGINE_TIMEOUT_MS, polling: 200 });
                const lines = await bench.evaluate(() => window.benchLines || []);
                const jsonStart = lines.findIndex((line) => line.startsWith('{'));
                result.engine_table = lines.slice(0, jsonStart < 0 ? lines.length : jsonStart);
                if (jsonStart >= 0) result.engine = JSON.parse(lines.slice(jsonStart).join('\n'));
            } catch (error) {
                result.engine_error = String(error && error.message || error);
            }
            await context.close();
        }
    } finally {
        await browser.close();
        server.close();
        fs.rmSync(profile, { recursive: true, force: true });
    }

    const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(`page (headless Chromium, SwiftShader)                       figure`);
    console.log(`requests before the first frame                             ${result.requests_before_first_frame}`);
    console.log(`bytes before the first frame, raw                           ${kb(result.bytes_before_first_frame)}`);
    console.log(`bytes before the first frame, gzip -9                       ${kb(result.gzip_bytes_before_first_frame)}`);
    console.log(`first frame (navigation → gpuplan.ready), median of ${loads(result)}      ${Math.round(result.first_frame_ms)} ms  (${result.first_frame_ms_each.join(', ')})`);
    console.log(`5-keystroke edit, main-thread time                          ${Math.round(result.edit_main_thread_ms)} ms (script ${Math.round(result.edit_script_ms)} ms)`);
    console.log(`5-keystroke edit, frames run / painted                      ${result.edit_frames} / ${result.edit_frames_painted}`);
    console.log(`frames in 5 s idle                                          ${result.frames_in_5s_idle}`);
    console.log(`placeholder loads of app.deferred.wasm: start / in all      ${result.placeholder_loads_at_start} / ${result.placeholder_loads_in_all}`);
    console.log(`requests in all (after the first frame too)                 ${result.requests_total} (${kb(result.gzip_bytes_total)} gzip)`);
    for (const file of result.files) console.log(`  ${file}`);
    if (result.engine_error) console.log(`engine in Chromium: not measured (${result.engine_error})`);
    if (result.engine_table) {
        console.log('engine in Chromium (wasm):');
        for (const line of result.engine_table) console.log(`  ${line}`);
    }
    if (args.json) fs.writeFileSync(args.json, JSON.stringify(result, null, 1) + '\n');
}

function loads(result) { return result.first_frame_ms_each.length; }

main().catch((error) => { console.error(`bench/page.mjs: ${error && error.stack || error}`); process.exit(1); });
