// gpuplan end-to-end: hostile input against the built page. Every input here once bricked the page or imported a
// wrong number (issue 11, ../shared/repro/robustness); each must now end in a clear message and a working page.
//
//   node tests/e2e/hostile.test.mjs --web build-wasm/site --out build/screenshots
import fs from 'node:fs';
import path from 'node:path';
import { check, expect, launch, openPage, parseArgs, run, serve, STEP_TIMEOUT_MS } from './harness.mjs';
import { shown } from './page.mjs';

const desktop = { width: 1280, height: 800, deviceScaleFactor: 1 };
const nested = (depth) => '['.repeat(depth) + ']'.repeat(depth);

// A page still draws: a keystroke over the canvas produces a new frame.
async function stillDraws(page) {
    const before = await page.evaluate(() => window.gpuplan.frames);
    await page.mouse.move(640, 400);
    await page.mouse.move(650, 410);
    await page.waitForFunction((n) => window.gpuplan.frames > n, { timeout: STEP_TIMEOUT_MS }, before);
}

// Links whose scenario text is hostile: the page opens, names the problem in a notice, and works.
const HOSTILE_LINKS = [
    ['a number too large for a double', '{"x":1e400}', /overflow/],
    ['20,000 levels of nesting', `{"hardware":{"count":${nested(20000)}}}`, /nested deeper/],
    ['half a UTF-8 character', '%7B%22a%22%3A%C3%7D', /line 1/],
    ['duplicate keys', '{"hardware":{"count":2,"count":3}}', /duplicate key "count"/],
    ['a hex float', '{"hardware":{"count":0x10}}', /line 1/],
    ['a lone UTF-16 surrogate escape', '{"model":"\\ud800x"}', /surrogate/],
];

// Catalog files a site operator might break: the page falls back to its built-in copy and says so.
const HOSTILE_CATALOGS = {
    '/huge': { '/catalogs/gpus.json': '{"schema":"gpuplan.gpus/1","gpus":[{"id":"x","memory_gb":1e400}]}' },
    '/deep': { '/catalogs/models.json': `{"schema":"gpuplan.models/1","models":[{"id":"m","notes":${nested(100000)}}]}` },
    '/dupes': { '/catalogs/fx.json': '{"schema":"gpuplan.fx/1","base":"USD","base":"EUR","rates":{}}' },
};

async function main() {
    const args = parseArgs(process.argv.slice(2), ['web', 'out']);
    const out = path.resolve(args.out);
    fs.mkdirSync(out, { recursive: true });
    // Under /broken-module the second module (what the first frame does not run, cmake/app.cmake) is not wasm.
    const server = await serve(path.resolve(args.web), { ...HOSTILE_CATALOGS, '/broken-module': { '/app.deferred.wasm': 'not a wasm module' } });
    const base = `http://127.0.0.1:${server.address().port}`;
    const { browser, close } = await launch();
    try {
        for (const [name, text, pattern] of HOSTILE_LINKS) {
            await check(`a link with ${name} opens the page with a notice`, async () => {
                const encoded = text.startsWith('%') ? text : encodeURIComponent(text);
                const opened = await openPage(browser, `${base}/index.html#s=${encoded}`, desktop);
                const s = await shown(opened.page);
                expect(s.ok === true && s.total_memory_gb > 0, `the app is not usable: ${JSON.stringify(s.error)}`);
                const details = s.notices.map((notice) => notice.detail).join(' | ');
                expect(pattern.test(details), `no notice naming the problem: ${details}`);
                await stillDraws(opened.page);
                expect(opened.errors.length === 0, opened.errors.join('; '));
                await opened.page.close();
                return details.slice(0, 100);
            });
        }

        await check('reloading a page opened from a hostile link works again', async () => {
            const opened = await openPage(browser, `${base}/index.html#s=${encodeURIComponent('{"x":1e400}')}`, desktop);
            await opened.page.reload({ waitUntil: 'load' });
            await opened.page.waitForFunction('window.gpuplan && window.gpuplan.ready === true', { timeout: STEP_TIMEOUT_MS * 4 });
            const s = await shown(opened.page);
            expect(s.ok === true && s.notices.length >= 1, `after reload: ${JSON.stringify(s.notices)}`);
            await opened.page.close();
        });

        for (const prefix of Object.keys(HOSTILE_CATALOGS)) {
            await check(`a catalog file served under ${prefix} falls back to the built-in copy with a notice`, async () => {
                const opened = await openPage(browser, `${base}${prefix}/index.html`, desktop);
                const s = await shown(opened.page);
                expect(s.ok === true && s.total_memory_gb > 0, 'the app is not usable after the fallback');
                expect(s.notices.length >= 1, 'no notice');
                await stillDraws(opened.page);
                await opened.page.close();
                return s.notices[0].detail.slice(0, 100);
            });
        }

        await check('a broken app.deferred.wasm ends in a message naming it, not an abort', async () => {
            const page = await browser.newPage();
            await page.setViewport(desktop);
            await page.goto(`${base}/broken-module/index.html`, { waitUntil: 'load', timeout: STEP_TIMEOUT_MS * 4 });
            await page.waitForFunction('window.gpuplan && window.gpuplan.error', { timeout: STEP_TIMEOUT_MS * 4 });
            const { title, text } = await page.evaluate(() => ({ title: window.gpuplan.error,
                text: (document.querySelector('[role=alert]') || {}).textContent || '' }));
            expect(title === 'gpuplan cannot start', `title: ${title}`);
            expect(/app\.deferred\.wasm could not be loaded/.test(text), `message: ${text}`);
            await page.close();
            return text.slice(0, 100);
        });

        const { page, errors } = await openPage(browser, `${base}/index.html`, desktop);

        await check('gpuplan.evaluate never throws: malformed text, half UTF-8, a lone surrogate give {ok:false, error}', async () => {
            const replies = await page.evaluate(() => [
                JSON.parse(window.gpuplan.evaluate('{"a":é}')),
                JSON.parse(window.gpuplan.evaluate('{"x":1e400}')),
                JSON.parse(window.gpuplan.evaluate('{"model":"x\uD800y"}')),
            ]);
            for (const reply of replies) expect(reply.ok === false && typeof reply.error === 'string', JSON.stringify(reply));
            expect(/x\uFFFDy/.test(replies[2].error), `the character after a lone surrogate was swallowed: ${replies[2].error}`);
            return replies[0].error;
        });

        await check('5,000 failing JS API calls in one page load leave the page drawing', async () => {
            const failures = await page.evaluate(() => {
                let bad = 0;
                for (let i = 0; i < 5000; ++i) {
                    const reply = JSON.parse(window.gpuplan.evaluate(i % 2 ? '{"a":é}' : '{"hardware":{"count":' + '['.repeat(100) + '}}'));
                    if (reply.ok === false) ++bad;
                }
                return bad;
            });
            expect(failures === 5000, `${failures} of 5000 calls reported a failure`);
            const good = await page.evaluate(() => JSON.parse(window.gpuplan.evaluate('{"model":"llama-3.1-8b"}')));
            expect(good.memory_per_gpu_bytes && good.memory_per_gpu_bytes.total > 0, 'a good call after 5,000 failures failed');
            await stillDraws(page);
        });

        await check('gpuplan.importPrices: 1e400 in JSON and odd numbers in CSV are rejected by row and field', async () => {
            const json = '{"schema":"gpuplan.prices/1","provider":{"id":"mine","name":"Mine","currency":"USD"},"as_of":"2026-01-01",' +
                         '"offers":[{"id":"m1","gpu":"h100-sxm","gpus_per_instance":1,"price_per_gpu_hour":1e400,"kind":"on_demand","source":"me"}]}';
            const big = await page.evaluate((text) => window.gpuplan.importPrices('big.json', text), json);
            expect(big.ok === false && big.imported === 0 && /overflow/.test(big.error), JSON.stringify(big));
            const csv = 'provider,gpu,price_per_gpu_hour,currency\nX,h100-sxm,1e400,USD\nY,h100-sxm,nan,USD\nZ,h100-sxm,0x1p3,USD\n';
            const odd = await page.evaluate((text) => window.gpuplan.importPrices('odd.csv', text), csv);
            expect(odd.imported === 0 && odd.rejected.length === 3, JSON.stringify(odd));
            expect(/row 2: price_per_gpu_hour/.test(odd.rejected[0]) && /row 4/.test(odd.rejected[2]), JSON.stringify(odd.rejected));
        });

        await check('a pasted price table over 32,767 bytes is imported whole (1,418 rows, the last at its own price)', async () => {
            let csv = 'provider,gpu,price_per_gpu_hour,currency,source\n';
            for (let i = 0; i < 1418; ++i) csv += `Paste Cloud,h100-sxm,${(1 + (i % 13)).toFixed(2)},USD,e2e paste row ${i}\n`;
            expect(csv.length > 32767, 'the table is not large enough');
            await page.evaluate(() => window.scrollTo(0, 0));
            // Open the import block and focus its paste box.
            for (let i = 0; i < 80; ++i) {
                const rect = (await page.evaluate(() => window.gpuplan.widgets)).import_prices;
                if (rect && rect.w > 0 && rect.y > 60 && rect.y < 700) break;
                await page.mouse.move(640, 400);
                await page.mouse.wheel({ deltaY: 120 });
                await new Promise((resolve) => setTimeout(resolve, 60));
            }
            const toggle = (await page.evaluate(() => window.gpuplan.widgets)).import_prices;
            expect(toggle && toggle.w > 0, 'the import block is not on screen');
            const open = (await page.evaluate(() => window.gpuplan.widgets)).paste_box;
            if (!(open && open.w > 0)) await page.mouse.click(toggle.x + 20, toggle.y + toggle.h / 2); // an import opened it already
            await page.waitForFunction(() => window.gpuplan.widgets.paste_box && window.gpuplan.widgets.paste_box.w > 0, { timeout: STEP_TIMEOUT_MS });
            for (let i = 0; i < 20; ++i) { // bring the box and its buttons on screen
                const rect = (await page.evaluate(() => window.gpuplan.widgets)).paste_box;
                if (rect && rect.y < 400) break;
                await page.mouse.move(640, 400);
                await page.mouse.wheel({ deltaY: 120 });
                await new Promise((resolve) => setTimeout(resolve, 60));
            }
            const box = (await page.evaluate(() => window.gpuplan.widgets)).paste_box;
            await page.mouse.click(box.x + 20, box.y + 10);
            await page.evaluate((text) => {
                const data = new DataTransfer();
                data.setData('text/plain', text);
                document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
            }, csv);
            await page.waitForFunction(() => window.gpuplan.widgets.import_pasted && window.gpuplan.widgets.import_pasted.w > 0, { timeout: STEP_TIMEOUT_MS });
            await new Promise((resolve) => setTimeout(resolve, 500));
            const button = (await page.evaluate(() => window.gpuplan.widgets)).import_pasted;
            await page.mouse.click(button.x + button.w / 2, button.y + button.h / 2);
            await page.waitForFunction(() => window.gpuplan.shown.import && window.gpuplan.shown.import.file === 'pasted.csv', { timeout: STEP_TIMEOUT_MS });
            const s = await shown(page);
            expect(s.import.imported === 1418 && s.import.rejected.length === 0, `imported ${s.import.imported}, rejected ${JSON.stringify(s.import.rejected).slice(0, 200)}`);
            await page.screenshot({ path: path.join(out, 'hostile-paste.png') });
            return `${s.import.imported} rows`;
        });

        await check('no page errors and no request left the origin', async () => {
            expect(errors.length === 0, errors.join('; '));
        });
        await page.close();
    } finally {
        await close();
        server.close();
    }
}

run(main, 420000);
