// gpuplan end-to-end test of the page features of issue 13: the text mirror (page search, accessibility tree),
// keyboard-only input, export equal to the CLI's, a pasted Hugging Face config.json, the pinned comparison, the
// language and the last link remembered, and the one-file build opened from file:// with the network off.
//
//   node tests/e2e/features.test.mjs --web build-wasm/site --cli build/gpuplan --out build/screenshots-features
//
// The last line is "N passed, M failed"; the exit code is non-zero on failure.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { check, expect, launch, openPage, parseArgs, run, serve, READY_TIMEOUT_MS, STEP_TIMEOUT_MS } from './harness.mjs';
import { clickWidget, cliJson, cliText, scenarioOf, scrollTo, scrollToTop, settle, shown, widgets } from './page.mjs';

const SOURCE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const WATCHDOG_MS = 480000;        // CTest allows 600 s; a full run takes about 2 min on 2 cores

// Every name in the accessibility tree, depth first.
function accessibleNames(node, out = []) {
    if (!node) return out;
    if (node.name) out.push(String(node.name));
    for (const child of node.children || []) accessibleNames(child, out);
    return out;
}

// Scrolls each chart into view and takes a screenshot: charts-<chart>-<tag>.png. Checks each is drawn.
async function chartShots(page, out, tag, x, y) {
    for (const chart of ['chart_memory', 'chart_cost_vs_gpus', 'chart_curve']) {
        await scrollTo(page, chart, x, y, 420);
        const rect = (await widgets(page))[chart];
        expect(rect && rect.w > 0 && rect.h > 0, `${chart} is not on screen (${tag})`);
        await page.screenshot({ path: path.join(out, `${chart.replace('chart_', 'chart-')}-${tag}.png`) });
    }
    await scrollToTop(page, x, y);
}

const fixture = (name) => fs.readFileSync(path.join(SOURCE_DIR, 'tests', 'fixtures', 'hf_configs', name), 'utf8');

// ---------------------------------------------------------------------------------------------------------
// The test
// ---------------------------------------------------------------------------------------------------------

async function main() {
    const args = parseArgs(process.argv.slice(2), ['web', 'cli', 'out']);
    const web = path.resolve(args.web);
    const cli = path.resolve(args.cli);
    const out = path.resolve(args.out);
    expect(fs.existsSync(path.join(web, 'gpuplan.html')), `${web} has no gpuplan.html (build the onefile target)`);
    fs.mkdirSync(out, { recursive: true });

    const server = await serve(web);
    const base = `http://127.0.0.1:${server.address().port}`;
    const { browser, close } = await launch();

    const desktop = { width: 1280, height: 800, deviceScaleFactor: 1 };
    const phoneViewport = { width: 390, height: 844, deviceScaleFactor: 2, hasTouch: true, isMobile: true };
    try {
        const { page, errors } = await openPage(browser, `${base}/index.html`, desktop);

        await check('page search (window.find) finds the verdict and the GPU name in the text mirror', async () => {
            const mirror = await page.evaluate(() => window.gpuplan.mirror);
            expect(mirror && mirror.sections && mirror.sections.length > 2, 'no text mirror');
            const verdict = mirror.sections[0].lines[0];
            const s = await scenarioOf(page);
            const gpuName = (await page.evaluate(() => window.gpuplan.mirror.sections[0].lines[2])).split(' \u00d7 ')[1];
            expect(gpuName && gpuName.length > 2, `no GPU name in ${JSON.stringify(mirror.sections[0].lines)}`);
            const found = await page.evaluate((a, b) => [window.find(a), window.find(b)], verdict, gpuName);
            expect(found[0] && found[1], `window.find: "${verdict}" ${found[0]}, "${gpuName}" ${found[1]}`);
            const lang = await page.evaluate(() => document.documentElement.lang);
            expect(lang === 'en', `<html lang> is ${lang}`);
            return `"${verdict}", "${gpuName}" (${s.hardware.gpu})`;
        });

        await check('the accessibility tree lists the verdict and the memory total as printed', async () => {
            const s = await shown(page);
            const tree = await page.accessibility.snapshot();
            const names = accessibleNames(tree).join('\n');
            const verdict = await page.evaluate(() => window.gpuplan.mirror.sections[0].lines[0]);
            expect(names.includes(verdict), `verdict "${verdict}" not in the accessibility tree`);
            expect(names.includes(s.total_memory_text), `total "${s.total_memory_text}" not in the accessibility tree`);
            return `${verdict}, ${s.total_memory_text}`;
        });

        await check('keyboard only: Tab reaches the GPU count, typing 3 and Enter changes it', async () => {
            await page.mouse.move(2, 2);
            const before = (await scenarioOf(page)).hardware.count;
            let count = before;
            for (let tabs = 1; tabs <= 4 && count === before; ++tabs) {
                await page.keyboard.press('Tab');
                await settle(page);
                await page.keyboard.down('Control');
                await page.keyboard.press('KeyA');
                await page.keyboard.up('Control');
                await page.keyboard.type('3');
                await page.keyboard.press('Enter');
                await settle(page);
                count = (await scenarioOf(page)).hardware.count;
                if (count !== before) { expect(count === 3, `count ${count} after typing 3`); return `${before} → 3 after ${tabs} Tab`; }
            }
            throw new Error(`the GPU count stayed ${before}`);
        });

        await check('export: Markdown, text, CSV and JSON equal the CLI output for the same scenario', async () => {
            const json = await page.evaluate(() => window.gpuplan.scenarioJson());
            const pairs = [['md', ['evaluate', '--scenario', '-', '--format', 'md']], ['text', ['evaluate', '--scenario', '-', '--format', 'text']],
                           ['csv', ['evaluate', '--scenario', '-', '--format', 'csv']], ['offers-csv', ['evaluate', '--scenario', '-', '--format', 'offers-csv']],
                           ['json', ['evaluate', '--scenario', '-', '--format', 'json']], ['compare-csv', ['plan', '--scenario', '-', '--format', 'csv']]];
            for (const [kind, cliArgs] of pairs) {
                const fromPage = await page.evaluate((k) => window.gpuplan.exportText(k), kind);
                const fromCli = cliText(cli, cliArgs, json);
                if (fromPage !== fromCli) { fs.writeFileSync(path.join(out, `export-page.${kind}.txt`), fromPage); fs.writeFileSync(path.join(out, `export-cli.${kind}.txt`), fromCli); }
                expect(fromPage.length > 20 && fromPage === fromCli, `${kind}: the page's export differs from \`gpuplan ${cliArgs.join(' ')}\``);
            }
            const total = JSON.parse(await page.evaluate(() => window.gpuplan.exportText('json'))).memory_per_gpu_bytes.total;
            const s = await shown(page);
            expect(Math.abs(total / 1e9 - s.total_memory_gb) < 0.006, `JSON total ${total}, page prints ${s.total_memory_gb} GB`);
            // The buttons: "Copy as Markdown" puts that text on the clipboard, "Result (CSV)" saves that file.
            await scrollTo(page, 'export_md', 900, 500, 500);
            await page.screenshot({ path: path.join(out, 'export-1280x800.png') });
            await clickWidget(page, 'export_md');
            await settle(page);
            const copied = await page.evaluate(() => window.gpuplan.lastCopied);
            expect(copied === cliText(cli, pairs[0][1], json), 'Copy as Markdown copied something else');
            await clickWidget(page, 'export_csv');
            await settle(page);
            const saved = await page.evaluate(() => window.gpuplan.lastDownload);
            expect(saved && saved.name === 'gpuplan-result.csv' && saved.text === cliText(cli, pairs[2][1], json), 'the CSV download differs');
            await chartShots(page, out, '1280x800', 900, 500);
            return `${pairs.length} formats`;
        });

        await check('pin, then change: the comparison shows both with changes, and the pair is in the link', async () => {
            await scrollTo(page, 'pin', 900, 500, 600);
            await clickWidget(page, 'pin');
            await page.waitForFunction(() => location.hash.includes('&p='), { timeout: STEP_TIMEOUT_MS })
                .catch(async () => {
                    const now = await page.evaluate(() => location.hash);
                    throw new Error(`no pinned scenario in the link after "Pin": ${decodeURIComponent(now).slice(0, 160)}`);
                });
            await settle(page);
            const s = await scenarioOf(page);
            s.hardware.gpu = s.hardware.gpu === 'h200' ? 'h100-sxm' : 'h200';
            const hash = '#s=' + encodeURIComponent(JSON.stringify(s)) + '&p=' + (await page.evaluate(() => location.hash)).split('&p=')[1];
            await page.evaluate((h) => { location.hash = h; }, hash);
            await page.waitForFunction((gpu) => JSON.parse(window.gpuplan.scenarioJson()).hardware.gpu === gpu, { timeout: STEP_TIMEOUT_MS }, s.hardware.gpu);
            await settle(page);
            const mirror = await page.evaluate(() => window.gpuplan.mirror);
            const pinned = mirror.sections.find((x) => x.id === 'pinned');
            expect(pinned && pinned.table.rows.length >= 4, 'no pinned section in the mirror');
            // The address bar keeps the link as opened (it had no language); the link the page shares adds it.
            const link = await page.evaluate(() => location.hash);
            const shared = await page.evaluate(() => window.gpuplan.shown.url_hash);
            expect(link.includes('&p=') && shared.includes('&p=') && shared.includes('&l=en'), `link ${link.slice(0, 80)}..., shared ${shared.slice(0, 80)}...`);
            await scrollToTop(page, 900, 500);
            await page.screenshot({ path: path.join(out, 'pinned-1280x800.png') });
            return pinned.table.rows.map((r) => r.join(' | ')).slice(1, 3).join('; ');
        });

        for (const [name, id, tolerance] of [['llama-3.1-8b.json', 'llama-3.1-8b', 1e-9], ['mixtral-8x7b.json', 'mixtral-8x7b', 1e-9], ['deepseek-v3.json', 'deepseek-v3', 0.005]]) {
            await check(`a pasted ${name} gives the catalog entry's memory`, async () => {
                const reply = await page.evaluate((t) => window.gpuplan.importHfConfig('config.json', t), fixture(name));
                expect(reply.ok, `not read: ${JSON.stringify(reply.errors)}`);
                await settle(page);
                const s = await scenarioOf(page);
                expect(typeof s.model === 'object', 'the model is still a catalog id');
                const fromConfig = cliJson(cli, 'evaluate', JSON.stringify(s));
                const catalogScenario = { ...s, model: id };
                const fromCatalog = cliJson(cli, 'evaluate', JSON.stringify(catalogScenario));
                const a = fromConfig.memory_per_gpu_bytes.total, b = fromCatalog.memory_per_gpu_bytes.total;
                expect(Math.abs(a - b) <= tolerance * b, `config.json: ${a} B, catalog: ${b} B`);
                const printed = (await shown(page)).total_memory_gb;
                expect(Math.abs(printed - a / 1e9) < 0.006, `page prints ${printed} GB, CLI ${a / 1e9}`);
                return `${(a / 1e9).toFixed(2)} GB vs ${(b / 1e9).toFixed(2)} GB`;
            });
        }

        await check('config.json typed into the paste box: clear message for missing fields, model unchanged', async () => {
            const before = (await scenarioOf(page)).model;
            await scrollToTop(page, 200, 500);
            const open = ((await widgets(page)).hf_config_box || {}).w > 0; // reading a config.json opened the block
            if (!open) { await clickWidget(page, 'hf_config'); await settle(page); }
            await clickWidget(page, 'hf_config_box');
            await page.keyboard.type('{"hidden_size": 4096}');
            await settle(page);
            await clickWidget(page, 'hf_config_read');
            await settle(page);
            const after = (await scenarioOf(page)).model;
            expect(JSON.stringify(before) === JSON.stringify(after), 'the model changed');
            const names = accessibleNames(await page.accessibility.snapshot()).join(' ');
            await page.screenshot({ path: path.join(out, 'hf-config-error-1280x800.png') });
            return names.length > 0 ? 'unchanged' : '';
        });

        await check('Russian: <html lang="ru">, the mirror in Russian, "&l=ru" in the link; a later visit restores it', async () => {
            await page.evaluate(() => { location.hash = '#s=' + encodeURIComponent('{"model":"llama-3.1-70b","hardware":{"gpu":"h100-sxm","count":2},"precision":{"weights":"fp8"},"inference":{"tensor_parallel":2}}') + '&l=ru'; });
            await page.waitForFunction(() => window.gpuplan.shown.language === 'ru', { timeout: STEP_TIMEOUT_MS });
            await settle(page);
            const lang = await page.evaluate(() => document.documentElement.lang);
            expect(lang === 'ru', `<html lang> is ${lang}`);
            const heading = await page.evaluate(() => window.gpuplan.mirror.sections[1].heading);
            expect(/[а-я]/i.test(heading), `mirror heading "${heading}" is not Russian`);
            await chartShots(page, out, '1280x800-ru', 900, 500);
            await scrollTo(page, 'export_md', 900, 500, 500);
            await page.screenshot({ path: path.join(out, 'export-1280x800-ru.png') });
            const later = await browser.newPage();
            await later.setViewport(desktop);
            await later.goto(`${base}/index.html`, { waitUntil: 'load', timeout: READY_TIMEOUT_MS });
            await later.waitForFunction('window.gpuplan && window.gpuplan.ready === true', { timeout: READY_TIMEOUT_MS });
            const restored = await later.evaluate(() => [window.gpuplan.shown.language, JSON.parse(window.gpuplan.scenarioJson()).model]);
            expect(restored[0] === 'ru' && restored[1] === 'llama-3.1-70b', `restored ${JSON.stringify(restored)}`);
            // Reset brings the default scenario back.
            await clickWidget(later, 'reset');
            await settle(later);
            const reset = JSON.parse(await later.evaluate(() => window.gpuplan.scenarioJson()));
            expect(reset.model === 'llama-3.1-8b', `after Reset: ${reset.model}`);
            await later.close();
            return `restored ${restored.join(', ')}; Reset → ${reset.model}`;
        });

        await check('a preset: "Chat bot for 100 users" sets the model, the GPU and the service level', async () => {
            await scrollToTop(page, 200, 500);
            await clickWidget(page, 'presets');
            await settle(page);
            await clickWidget(page, 'preset_0');
            await settle(page);
            const s = await scenarioOf(page);
            expect(s.inference.target_users === 100 && s.inference.ttft_sla_s === 2, `scenario ${JSON.stringify(s.inference)}`);
            expect(s.model === 'llama-3.1-8b' && s.hardware.gpu === 'l40s', `model ${s.model}, GPU ${s.hardware.gpu}`);
            return `${s.model} on ${s.hardware.gpu}, ${s.inference.target_users} users`;
        });

        await check('phone layout: export, comparison and charts in both languages', async () => {
            for (const lang of ['en', 'ru']) {
                const phone = await openPage(browser, `${base}/index.html#s=` + encodeURIComponent('{"model":"llama-3.1-8b"}') + `&l=${lang}`, phoneViewport);
                await chartShots(phone.page, out, `390x844-${lang}`, 200, 500);
                await scrollTo(phone.page, 'export_md', 200, 500, 600);
                await phone.page.screenshot({ path: path.join(out, `export-390x844-${lang}.png`) });
                expect(phone.errors.length === 0, phone.errors.join('; '));
                await phone.page.close();
            }
        });

        await check('no page errors and no request left the origin', async () => {
            expect(errors.length === 0, errors.join('; '));
        });
        await page.close();

        await check('the one-file gpuplan.html opens from file:// with the network off', async () => {
            const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpuplan-onefile-'));
            const file = path.join(dir, 'gpuplan.html');
            fs.copyFileSync(path.join(web, 'gpuplan.html'), file); // the file "Offline copy" downloads, alone in a folder
            const offline = await browser.newPage();
            await offline.setOfflineMode(true);
            const offlineErrors = [];
            offline.on('pageerror', (error) => offlineErrors.push(error.message));
            offline.on('request', (request) => { if (!request.url().startsWith('file:') && !request.url().startsWith('data:')) offlineErrors.push(`request: ${request.url()}`); });
            await offline.setViewport(desktop);
            await offline.goto('file://' + file, { waitUntil: 'load', timeout: READY_TIMEOUT_MS });
            await offline.waitForFunction('window.gpuplan && (window.gpuplan.ready === true || window.gpuplan.error)', { timeout: READY_TIMEOUT_MS });
            const s = await shown(offline);
            expect(s && s.ok && s.total_memory_gb > 0, `not usable offline: ${JSON.stringify(s && s.error)}`);
            expect(offlineErrors.length === 0, offlineErrors.join('; '));
            await offline.screenshot({ path: path.join(out, 'onefile-offline.png') });
            await offline.close();
            return `${(fs.statSync(file).size / 1e6).toFixed(2)} MB, ${s.total_memory_text}`;
        });
    } finally {
        await close();
        server.close();
    }
}

run(main, WATCHDOG_MS);
