// gpuplan end-to-end test: the built web page in headless Chromium, checked against the native CLI.
//
//   node tests/e2e/app.test.mjs --web build-wasm/site --cli build/gpuplan --out build/screenshots
//
// Serves --web on 127.0.0.1 (a random free port), drives the page with real mouse and keyboard events,
// compares what the page prints with `gpuplan evaluate`, and writes screenshots to --out. The system
// Chromium is used (never a downloaded one) with a fresh profile. Every wait is bounded; a watchdog ends
// the run if something hangs. The last line is "N passed, M failed"; the exit code is non-zero on failure.
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { check, expect, launch, openPage, parseArgs, run, serve, STEP_TIMEOUT_MS } from './harness.mjs';
import { clickWidget, cliJson, scenarioOf, scrollTo, scrollToTop, settle, shown, widgets } from './page.mjs';

const WATCHDOG_MS = 480000;        // CTest allows 600 s; a full run takes about 2 min on 2 cores

// Under /broken/ the site is the same but catalogs/gpus.json is damaged (the fallback check).
const BROKEN = { '/broken': { '/catalogs/gpus.json': '{ "schema": "gpuplan.gpus/1", "gpus": [ { "id": "h100-sxm", ' } };

// ---------------------------------------------------------------------------------------------------------
// The test
// ---------------------------------------------------------------------------------------------------------

async function main() {
    const args = parseArgs(process.argv.slice(2), ['web', 'cli', 'out']);
    const web = path.resolve(args.web);
    const cli = path.resolve(args.cli);
    const out = path.resolve(args.out);
    expect(fs.existsSync(path.join(web, 'index.html')) && fs.existsSync(path.join(web, 'app.js')), `${web} has no index.html/app.js (build the web app first)`);
    expect(fs.existsSync(cli), `${cli} does not exist`);
    fs.mkdirSync(out, { recursive: true });

    const server = await serve(web, BROKEN);
    const base = `http://127.0.0.1:${server.address().port}`;
    const { browser, close } = await launch();

    const desktop = { width: 1280, height: 800, deviceScaleFactor: 2 };
    try {
        let main = null;
        await check('page loads, draws its first frame and sets gpuplan.ready', async () => {
            main = await openPage(browser, `${base}/index.html`, desktop);
            const s = await shown(main.page);
            expect(s.ok === true, `the default scenario did not evaluate: ${s.error}`);
            expect(s.layout === 'wide', `layout at 1280 px is ${s.layout}`);
            expect(s.notices.length === 0, `unexpected notice: ${JSON.stringify(s.notices)}`);
            expect(s.i18n_ok === true, 'the string table (src/ui/i18n.cpp) is out of enum order');
            const canvas = await main.page.evaluate(() => { const c = document.getElementById('canvas'); return [c.width, c.height]; });
            expect(canvas[0] === 2560 && canvas[1] === 1600, `canvas backing store ${canvas} at devicePixelRatio 2`);
            return `shows ${s.total_memory_text}, canvas ${canvas[0]}×${canvas[1]}`;
        });
        if (!main) throw new Error('the page did not load; later checks need it');
        const page = main.page;

        await check('main inputs publish their rectangles', async () => {
            const top = await widgets(page);
            for (const id of ['gpu_count', 'model', 'gpu'])
                expect(top[id] && top[id].w > 0 && top[id].h > 0, `widgets.${id} missing or empty: ${JSON.stringify(top[id])}`);
            await scrollTo(page, 'concurrency', 240, 500, 700); // the inputs column scrolls on its own
            const rects = await widgets(page);
            for (const id of ['concurrency', 'context_tokens'])
                expect(rects[id] && rects[id].w > 0 && rects[id].h > 0, `widgets.${id} missing or empty: ${JSON.stringify(rects[id])}`);
        });

        await check('typing 24 into "concurrency" with the keyboard changes the scenario', async () => {
            await clickWidget(page, 'concurrency');
            await settle(page);
            await page.keyboard.down('Control');
            await page.keyboard.press('KeyA');
            await page.keyboard.up('Control');
            await page.keyboard.type('24');
            await page.keyboard.press('Enter');
            await page.waitForFunction(() => JSON.parse(window.gpuplan.scenarioJson()).inference.concurrency === 24, { timeout: STEP_TIMEOUT_MS })
                .catch(() => {}); // the check below says what the value is
            await settle(page);
            const s = await scenarioOf(page);
            expect(s.inference.concurrency === 24, `concurrency is ${s.inference.concurrency}`);
        });

        await check('total memory shown equals the CLI (memory_per_gpu_bytes.total)', async () => {
            const s = await shown(page);
            const json = await page.evaluate(() => window.gpuplan.scenarioJson());
            const result = cliJson(cli, 'evaluate', json);
            const expected = (result.memory_per_gpu_bytes.total / 1e9).toFixed(2);
            expect(s.total_memory_gb.toFixed(2) === expected, `page shows ${s.total_memory_gb}, CLI says ${expected} GB`);
            expect(s.total_memory_text.startsWith(expected), `page prints "${s.total_memory_text}"`);
            expect(s.fits === result.fits, `page fits=${s.fits}, CLI fits=${result.fits}`);
            return `${s.total_memory_text} = ${result.memory_per_gpu_bytes.total} B`;
        });

        await check('gpuplan.evaluate (JS API) gives the CLI result', async () => {
            const json = await page.evaluate(() => window.gpuplan.scenarioJson());
            const fromPage = JSON.parse(await page.evaluate((text) => window.gpuplan.evaluate(text), json));
            const fromCli = cliJson(cli, 'evaluate', json);
            expect(fromPage.schema === 'gpuplan.result/1', `schema ${fromPage.schema}`);
            const a = fromPage.memory_per_gpu_bytes.total, b = fromCli.memory_per_gpu_bytes.total;
            expect(Math.abs(a - b) <= 1e-9 * Math.abs(b), `JS API total ${a} B, CLI ${b} B`);
        });

        await check('the URL hash holds the scenario', async () => {
            const hash = await page.evaluate(() => location.hash);
            expect(hash.startsWith('#s='), `hash is "${hash}"`);
            const decoded = JSON.parse(decodeURIComponent(hash.slice(3).split('&')[0])); // "&l=en", "&p=..." follow (page_features.h)
            expect(decoded.inference && decoded.inference.concurrency === 24, `hash scenario ${JSON.stringify(decoded)}`);
        });

        await check('the Cost panel\'s price per hour equals the CLI (cost.per_hour)', async () => {
            const s = await shown(page);
            const result = cliJson(cli, 'evaluate', await page.evaluate(() => window.gpuplan.scenarioJson()));
            expect(result.cost && result.cost.per_hour > 0, `the CLI prices nothing: ${JSON.stringify(result.cost)}`);
            const expected = result.cost.per_hour.toFixed(2);
            expect(s.cost_per_hour.toFixed(2) === expected, `page shows ${s.cost_per_hour} (${s.cost_per_hour_text}), CLI says ${expected}`);
            expect(s.cost_per_hour_text.includes(expected), `page prints "${s.cost_per_hour_text}"`);
            expect(s.currency === result.cost.currency, `currency ${s.currency} vs ${result.cost.currency}`);
            return `${s.cost_per_hour_text} = ${result.cost.per_hour} ${result.cost.currency}/h`;
        });

        await check('the Compare GPUs table\'s top row is the first row of `gpuplan plan`', async () => {
            const s = await shown(page);
            const plan = cliJson(cli, 'plan', await page.evaluate(() => window.gpuplan.scenarioJson()));
            expect(plan.rows.length > 1, `the CLI plans ${plan.rows.length} rows`);
            expect(s.compare_first_gpu === plan.rows[0].gpu, `page's top row ${s.compare_first_gpu}, CLI's ${plan.rows[0].gpu}`);
            expect(s.compare_rows === plan.rows.length, `page ranks ${s.compare_rows} GPUs, CLI ${plan.rows.length}`);
            return `${s.compare_first_gpu}, ${s.compare_rows} GPUs`;
        });

        await check('"Use" on the second row switches the scenario to that GPU and count; the link follows', async () => {
            const before = await scenarioOf(page);
            const hashBefore = await page.evaluate(() => location.hash);
            const plan = cliJson(cli, 'plan', JSON.stringify(before));
            const second = plan.rows[1];
            expect(second.gpu !== before.hardware.gpu, `the second row is the current GPU (${second.gpu}); pick another scenario`);
            await scrollTo(page, 'compare', 900, 500, 300);
            await page.screenshot({ path: path.join(out, 'compare-1280x800.png') });
            await clickWidget(page, 'compare_use_1');
            await page.waitForFunction((gpu) => JSON.parse(window.gpuplan.scenarioJson()).hardware.gpu === gpu, { timeout: STEP_TIMEOUT_MS }, second.gpu)
                .catch(() => {});
            await settle(page);
            const after = await scenarioOf(page);
            expect(after.hardware.gpu === second.gpu, `GPU is ${after.hardware.gpu}, expected ${second.gpu}`);
            expect(after.hardware.count === second.gpu_count, `count is ${after.hardware.count}, expected ${second.gpu_count}`);
            expect(after.inference.tensor_parallel === second.tensor_parallel, `TP ${after.inference.tensor_parallel}, expected ${second.tensor_parallel}`);
            const hash = await page.evaluate(() => location.hash);
            expect(hash !== hashBefore && decodeURIComponent(hash).includes(second.gpu), `the link did not follow: ${hash}`);
            const result = cliJson(cli, 'evaluate', JSON.stringify(after));
            expect(result.fits === true, `the CLI says ${second.gpu} × ${second.gpu_count} does not fit`);
            await page.screenshot({ path: path.join(out, 'compare-used.png') });
            // Back to the scenario the later checks expect (a pasted link), at the top of the results column.
            await page.evaluate((h) => { location.hash = h; }, hashBefore);
            await page.waitForFunction((gpu) => JSON.parse(window.gpuplan.scenarioJson()).hardware.gpu === gpu, { timeout: STEP_TIMEOUT_MS }, before.hardware.gpu);
            await scrollToTop(page, 900, 500);
            return `${before.hardware.gpu} × ${before.hardware.count} → ${second.gpu} × ${second.gpu_count}`;
        });

        await check('an accuracy band opens the Accuracy panel with its cases', async () => {
            await clickWidget(page, 'accuracy_memory');
            await page.waitForFunction(() => window.gpuplan.shown.accuracy_open === true, { timeout: STEP_TIMEOUT_MS });
            await settle(page);
            await page.screenshot({ path: path.join(out, 'accuracy.png') });
            await clickWidget(page, 'accuracy_close');
            await page.waitForFunction(() => window.gpuplan.shown.accuracy_open === false, { timeout: STEP_TIMEOUT_MS });
            await settle(page);
        });

        await check('an idle page draws no frames', async () => {
            await settle(page);
            const before = await page.evaluate(() => window.gpuplan.frames);
            await new Promise((resolve) => setTimeout(resolve, 1500));
            const after = await page.evaluate(() => window.gpuplan.frames);
            expect(after === before, `${after - before} frames in 1.5 s of idleness`);
        });

        await check('screenshot 1280x800.png (and 1280x800-dpr1.png, the README picture)', async () => {
            const s = await shown(page);
            expect(s.accuracy_open === false, 'the Accuracy panel is still open');
            await page.screenshot({ path: path.join(out, '1280x800.png') });
            await page.setViewport({ ...desktop, deviceScaleFactor: 1 });
            await settle(page);
            await page.screenshot({ path: path.join(out, '1280x800-dpr1.png') });
            await page.setViewport(desktop);
            await settle(page);
        });

        await check('screenshot 390x844.png (one column)', async () => {
            await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 2 });
            await page.waitForFunction(() => window.gpuplan.shown.layout === 'narrow', { timeout: STEP_TIMEOUT_MS });
            await settle(page);
            await page.screenshot({ path: path.join(out, '390x844.png') });
            await scrollTo(page, 'compare', 195, 500, 200);
            await page.screenshot({ path: path.join(out, 'compare-390x844.png') });
            await scrollToTop(page, 195, 500);
        });

        await check('the language toggle switches to Russian', async () => {
            await page.setViewport(desktop);
            await page.waitForFunction(() => window.gpuplan.shown.layout === 'wide', { timeout: STEP_TIMEOUT_MS });
            await settle(page);
            await clickWidget(page, 'language');
            await page.waitForFunction(() => window.gpuplan.shown.language === 'ru', { timeout: STEP_TIMEOUT_MS });
            await settle(page);
            await page.screenshot({ path: path.join(out, '1280x800-ru.png') });
            await scrollTo(page, 'compare', 900, 500, 300);
            await page.screenshot({ path: path.join(out, 'compare-1280x800-ru.png') });
            await scrollToTop(page, 900, 500);
            await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 2 });
            await page.waitForFunction(() => window.gpuplan.shown.layout === 'narrow', { timeout: STEP_TIMEOUT_MS });
            await settle(page);
            await page.screenshot({ path: path.join(out, '390x844-ru.png') });
            await scrollTo(page, 'compare', 195, 500, 200);
            await page.screenshot({ path: path.join(out, 'compare-390x844-ru.png') });
            await scrollToTop(page, 195, 500);
        });

        await check('switching the currency to RUB multiplies the price by the fx rate', async () => {
            const fx = JSON.parse(fs.readFileSync(path.join(web, 'catalogs', 'fx.json'), 'utf8'));
            await page.setViewport(desktop);
            await page.waitForFunction(() => window.gpuplan.shown.layout === 'wide', { timeout: STEP_TIMEOUT_MS });
            await settle(page);
            const before = await shown(page);
            expect(before.currency === 'USD' && before.cost_per_hour > 0, `before: ${before.currency} ${before.cost_per_hour}`);
            await scrollTo(page, 'currency_2', 900, 500, 700); // the Cost panel is below the Compare GPUs table
            await clickWidget(page, 'currency_2');
            await page.waitForFunction(() => window.gpuplan.shown.currency === 'RUB', { timeout: STEP_TIMEOUT_MS });
            await settle(page);
            const after = await shown(page);
            const expected = before.cost_per_hour * fx.rates.RUB;
            expect(Math.abs(after.cost_per_hour - expected) <= 0.01 * fx.rates.RUB, `RUB ${after.cost_per_hour}, expected ${expected}`);
            expect(after.cost_per_hour_text.includes('\u20bd'), `no ruble sign in "${after.cost_per_hour_text}"`);
            const s = await scenarioOf(page);
            expect(s.cost && s.cost.currency === 'RUB', `scenario currency ${JSON.stringify(s.cost)}`);
            return `${before.cost_per_hour} USD → "${after.cost_per_hour_text}"`;
        });

        await check('gpuplan.importPrices: one good and one bad CSV row → 1 imported, the bad row listed', async () => {
            const csv = 'provider,gpu,gpus_per_instance,price_per_gpu_hour,currency,kind,region,instance,source,as_of\n' +
                        'E2E Cloud,h100-sxm,1,0.50,USD,on_demand,eu,1xH100,e2e test,2025-11-01\n' +
                        'Bad Cloud,h100-sxm,1,cheap,USD,on_demand,eu,1xH100,e2e test,2025-11-01\n';
            const reply = await page.evaluate((text) => window.gpuplan.importPrices('e2e.csv', text), csv);
            expect(reply.imported === 1, `imported ${reply.imported}: ${JSON.stringify(reply)}`);
            expect(reply.rejected.length === 1 && /row 3/.test(reply.rejected[0]), `rejected ${JSON.stringify(reply.rejected)}`);
            await settle(page);
            const s = await shown(page);
            expect(s.import && s.import.imported === 1 && s.import.rejected.length === 1, `shown.import ${JSON.stringify(s.import)}`);
            const imported = s.offers.filter((offer) => offer.imported);
            expect(imported.length === 1 && imported[0].provider === 'E2E Cloud', `offers table: ${JSON.stringify(imported)}`);
            expect(s.offers[0].imported === true, `the imported 0.50 USD offer is not the cheapest: ${JSON.stringify(s.offers[0])}`);
            await page.screenshot({ path: path.join(out, 'import.png') });
            return reply.rejected[0];
        });

        await check('no page errors and no request left the origin', async () => {
            expect(main.errors.length === 0, main.errors.join('; '));
        });
        await page.close();

        await check('a broken catalogs/gpus.json falls back to the built-in copy with a notice', async () => {
            const broken = await openPage(browser, `${base}/broken/index.html`, desktop);
            const s = await shown(broken.page);
            expect(s.notices.length >= 1, 'no notice shown');
            expect(s.notices.some((n) => /gpus\.json/.test(n.detail)), `notice does not name gpus.json: ${JSON.stringify(s.notices)}`);
            expect(s.ok === true && s.total_memory_gb > 0, 'the app is not usable after the fallback');
            await broken.page.screenshot({ path: path.join(out, 'catalog-fallback.png') });
            await broken.page.close();
            return s.notices[0].detail;
        });

        await check('Own or rent: the panel purchase, payback, verdict and crossover chart equal gpuplan tco, in English and Russian', async () => {
            const example = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'examples', 'tco', 'inference-2.json'), 'utf8');
            const expected = cliJson(cli, 'tco', example);
            const [lastMonth, ownAtEnd, rentAtEnd] = expected.curve[expected.curve.length - 1];
            // The same figures in either language: the verdict, purchase, payback and the chart's last point.
            const sameAsCli = (s, language) => {
                expect(s.tco.verdict === expected.verdict, `${language}: page verdict "${s.tco.verdict}", CLI "${expected.verdict}"`);
                expect(Math.abs(s.tco.purchase - expected.purchase) <= 1, `${language}: page purchase ${s.tco.purchase}, CLI ${expected.purchase}`);
                expect(Math.abs(s.tco.payback_months - expected.payback_months) <= 0.05, `${language}: page payback ${s.tco.payback_months}, CLI ${expected.payback_months}`);
                expect(s.tco.chart_months === lastMonth, `${language}: crossover chart ends at month ${s.tco.chart_months}, CLI curve at ${lastMonth}`);
                expect(Math.abs(s.tco.chart_own - ownAtEnd) <= 1 && Math.abs(s.tco.chart_rent - rentAtEnd) <= 1,
                    `${language}: chart own ${s.tco.chart_own} / rent ${s.tco.chart_rent} at month ${lastMonth}, CLI ${ownAtEnd} / ${rentAtEnd}`);
                expect(s.tco.verdict_text.length > 0, `${language}: no verdict line printed`);
            };
            const own = await openPage(browser, `${base}/index.html#s=${encodeURIComponent(JSON.stringify(JSON.parse(example)))}`, desktop);
            await settle(own.page);
            await scrollTo(own.page, 'tco_node_price', 900, 500, 700);
            const s = await shown(own.page);
            sameAsCli(s, 'en');
            await own.page.screenshot({ path: path.join(out, 'tco-1280x800.png') });
            await clickWidget(own.page, 'language');
            await own.page.waitForFunction(() => window.gpuplan.shown.language === 'ru', { timeout: STEP_TIMEOUT_MS });
            await settle(own.page);
            await scrollTo(own.page, 'tco_node_price', 900, 500, 700);
            const ru = await shown(own.page);
            sameAsCli(ru, 'ru');
            expect(/[\u0400-\u04FF]/.test(ru.tco.verdict_text) && ru.tco.verdict_text !== s.tco.verdict_text,
                `the Russian page prints the verdict "${ru.tco.verdict_text}" (English: "${s.tco.verdict_text}")`);
            await own.page.screenshot({ path: path.join(out, 'tco-1280x800-ru.png') });
            expect(own.errors.length === 0, own.errors.join('; '));
            await own.page.close();
            return `${expected.verdict}, ${expected.purchase} USD, payback ${expected.payback_months.toFixed(1)} months`;
        });

        await check('a damaged link shows a notice and the default scenario', async () => {
            const damaged = await openPage(browser, `${base}/index.html#s=%7B%22workload%22:%22bogus%22`, desktop);
            const s = await shown(damaged.page);
            expect(s.notices.length >= 1, 'no notice for a damaged link');
            const current = await scenarioOf(damaged.page);
            expect(current.workload === 'inference' && current.inference.concurrency === 1, `scenario is not the default: ${JSON.stringify(current)}`);
            await damaged.page.close();
            return s.notices[0].title;
        });

        await check('training screenshots (1280x800, 390x844, English and Russian)', async () => {
            const hash = '#s=' + encodeURIComponent(JSON.stringify({ schema: 'gpuplan.scenario/1', workload: 'full_finetune', model: 'llama-3.1-8b',
                                                                     hardware: { gpu: 'h100-sxm', count: 8 }, training: { zero_stage: 3 } }));
            const training = await openPage(browser, `${base}/index.html${hash}`, desktop);
            const s = await shown(training.page);
            expect(s.ok === true && s.cost_per_hour > 0, `training scenario: ok=${s.ok}, cost ${s.cost_per_hour_text}`);
            await settle(training.page);
            await training.page.screenshot({ path: path.join(out, '1280x800-training.png') });
            await training.page.setViewport({ width: 390, height: 844, deviceScaleFactor: 2 });
            await training.page.waitForFunction(() => window.gpuplan.shown.layout === 'narrow', { timeout: STEP_TIMEOUT_MS });
            await settle(training.page);
            await training.page.screenshot({ path: path.join(out, '390x844-training.png') });
            await clickWidget(training.page, 'language');
            await training.page.waitForFunction(() => window.gpuplan.shown.language === 'ru', { timeout: STEP_TIMEOUT_MS });
            await settle(training.page);
            await training.page.screenshot({ path: path.join(out, '390x844-training-ru.png') });
            await training.page.setViewport(desktop);
            await training.page.waitForFunction(() => window.gpuplan.shown.layout === 'wide', { timeout: STEP_TIMEOUT_MS });
            await settle(training.page);
            await training.page.screenshot({ path: path.join(out, '1280x800-training-ru.png') });
            await scrollTo(training.page, 'compare', 900, 500, 300);
            const t = await shown(training.page);
            expect(t.compare_rows > 0 && t.compare_first_gpu !== '', `training compare table: ${t.compare_first_gpu}, ${t.compare_rows} rows`);
            await training.page.screenshot({ path: path.join(out, 'compare-1280x800-training-ru.png') });
            expect(training.errors.length === 0, training.errors.join('; '));
            await training.page.close();
        });

        await check('on a touch screen a number field opens the phone keyboard and takes typed digits', async () => {
            const phone = await openPage(browser, `${base}/index.html`, { width: 390, height: 844, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
            const rect = (await widgets(phone.page)).gpu_count;
            expect(rect && rect.w > 0, `gpu_count not on screen: ${JSON.stringify(rect)}`);
            await phone.page.touchscreen.tap(rect.x + rect.w - 6, rect.y + rect.h / 2);
            await phone.page.waitForFunction(() => window.gpuplan.shown.keyboard === 1 && document.activeElement &&
                                                   document.activeElement.id === 'keyboard', { timeout: STEP_TIMEOUT_MS });
            const mode = await phone.page.evaluate(() => document.activeElement.getAttribute('inputmode'));
            expect(mode === 'decimal', `inputmode ${mode}`);
            // What a phone keyboard does: edits of the focused <input> (a deletion, then a character).
            await phone.page.evaluate(() => {
                const input = document.getElementById('keyboard');
                input.value = '';
                input.dispatchEvent(new Event('input'));
            });
            await phone.page.keyboard.sendCharacter('4');
            await phone.page.keyboard.press('Enter');
            await phone.page.waitForFunction(() => JSON.parse(window.gpuplan.scenarioJson()).hardware.count === 4, { timeout: STEP_TIMEOUT_MS })
                .catch(() => {});
            const count = (await scenarioOf(phone.page)).hardware.count;
            expect(count === 4, `hardware.count is ${count} after typing 4 on the phone keyboard`);
            await phone.page.waitForFunction(() => window.gpuplan.shown.keyboard === 0, { timeout: STEP_TIMEOUT_MS });
            expect(phone.errors.length === 0, phone.errors.join('; '));
            await phone.page.close();
        });

        await check('a shared link opens the same scenario', async () => {
            const hash = '#s=' + encodeURIComponent(JSON.stringify({ schema: 'gpuplan.scenario/1', model: 'llama-3.1-8b',
                                                                     hardware: { gpu: 'h100-sxm', count: 2 }, inference: { concurrency: 7 } }));
            const shared = await openPage(browser, `${base}/index.html${hash}`, desktop);
            const current = await scenarioOf(shared.page);
            expect(current.hardware.count === 2 && current.inference.concurrency === 7, `scenario ${JSON.stringify(current)}`);
            const s = await shown(shared.page);
            expect(s.notices.length === 0, `unexpected notice ${JSON.stringify(s.notices)}`);
            await shared.page.close();
        });
    } finally {
        await close();
        server.close();
    }
}

run(main, WATCHDOG_MS);
