// Runs the wasm engine benchmark (build-wasm/bench/bench_engine.cjs) inside headless Chromium with any of its
// arguments, e.g. full batches of some figures (bench/page.mjs runs it with --quick, which in Chromium can time code
// before V8 has optimised it). Prints its table.
//
//   node bench/engine_chromium.mjs build-wasm/bench/bench_engine.cjs --only evaluate_figures
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import puppeteer from 'puppeteer-core';

const CHROMIUM = process.env.GPUPLAN_CHROMIUM || '/usr/bin/chromium';
const TIMEOUT_MS = 600000;
const [engineJs, ...engineArgs] = process.argv.slice(2);
if (!engineJs) throw new Error('usage: node bench/engine_chromium.mjs BENCH_ENGINE.cjs [its arguments]');

const page = '<!doctype html><script>var Module={arguments:' + JSON.stringify(engineArgs) + ',' +
             'print:function(t){(window.lines=window.lines||[]).push(t)},postRun:[function(){window.done=true}]};</script>' +
             '<script src="/engine.js"></script>';
const server = http.createServer((request, response) => {
    if (request.url === '/engine.js') {
        response.writeHead(200, { 'content-type': 'text/javascript' });
        response.end(fs.readFileSync(engineJs));
    } else {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(page);
    }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'gpuplan-engine-'));
const browser = await puppeteer.launch({
    executablePath: CHROMIUM, headless: true, protocolTimeout: TIMEOUT_MS,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
           '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`],
});
try {
    const tab = await browser.newPage();
    await tab.goto(`http://127.0.0.1:${server.address().port}/`);
    await tab.waitForFunction('window.done === true', { timeout: TIMEOUT_MS, polling: 200 });
    const lines = await tab.evaluate(() => window.lines || []);
    const json = lines.findIndex((line) => line.startsWith('{'));
    for (const line of json < 0 ? lines : lines.slice(0, json)) console.log(line);
} finally {
    await browser.close();
    server.close();
    fs.rmSync(profile, { recursive: true, force: true });
}
