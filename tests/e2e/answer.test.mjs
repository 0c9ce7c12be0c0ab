// gpuplan end-to-end: the page gives the answer first and never contradicts itself (issue 10).
//   - Use on each of the first three Compare rows, in each of the five workloads: the Result shows the row's
//     memory and price (the row's whole configuration is applied: GPU, count, layout, batch);
//   - numbers typed as people type them ("1,5", "0,5", "1e6", "128k"), in English and in Russian;
//   - a link with one bad field keeps the rest;
//   - allowed precisions (issue 9): Use on a row sized at another precision applies it, and the Result's p95/p99 TTFT
//     (one queueing model) equal the row's; the "Also try weights in" boxes change the ranking as the CLI does;
//   - the Compare table's captions at 1280×800 and 390×844, in English and Russian (screenshots compare-*.png).
//
//   node tests/e2e/answer.test.mjs --web build-wasm/site --cli build/gpuplan --out build/screenshots
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { check, expect, launch, openPage, parseArgs, run, serve, STEP_TIMEOUT_MS } from './harness.mjs';

const desktop = { width: 1280, height: 800, deviceScaleFactor: 1 };
const phone = { width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true };
const shown = (page) => page.evaluate(() => window.gpuplan.shown);
const widgets = (page) => page.evaluate(() => window.gpuplan.widgets);
const scenarioOf = async (page) => JSON.parse(await page.evaluate(() => window.gpuplan.scenarioJson()));
const link = (scenario) => '#s=' + encodeURIComponent(JSON.stringify(scenario));

const WORKLOADS = [
    ['online serving', { model: 'qwen2.5-32b', precision: { weights: 'int8' }, inference: { target_users: 16, ttft_sla_s: 2, min_tokens_per_s_per_user: 10 } }],
    ['batch inference', { model: 'llama-3.1-8b', inference: { mode: 'batch', batch_requests: 100000 } }],
    ['pre-training', { workload: 'pretrain', model: 'llama-3.1-8b', hardware: { count: 64 }, training: { tokens: 1e11 } }],
    ['full fine-tuning', { workload: 'full_finetune', model: 'llama-3.1-8b', training: { tokens: 1e8 } }],
    ['QLoRA', { workload: 'qlora', model: 'llama-3.1-70b', training: { tokens: 1e7 } }],
];

function plan(cli, scenario) {
    const result = spawnSync(cli, ['plan', '--scenario', '-', '--format', 'json'], { input: JSON.stringify(scenario), encoding: 'utf8', timeout: 120000 });
    if (result.status !== 0) throw new Error(`gpuplan plan exited ${result.status}: ${result.stderr}`);
    return JSON.parse(result.stdout);
}

async function settle(page) {
    let last = await page.evaluate(() => window.gpuplan.frames);
    for (let quiet = 0, i = 0; quiet < 4 && i < 100; ++i) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const now = await page.evaluate(() => window.gpuplan.frames);
        quiet = now === last ? quiet + 1 : 0;
        last = now;
    }
}

// Wheel over (x, y) until widget `id` is in the band 60 … maxY px (bounded).
async function scrollTo(page, id, x, y, maxY = 600) {
    for (let i = 0; i < 150; ++i) {
        const rect = (await widgets(page))[id];
        if (rect && rect.w > 0 && rect.h > 0 && rect.y > 60 && rect.y < maxY) break;
        await page.mouse.move(x, y);
        await page.mouse.wheel({ deltaY: rect && rect.w > 0 && rect.y < 60 ? -120 : 120 });
        await new Promise((resolve) => setTimeout(resolve, 40));
    }
    await settle(page);
    const rect = (await widgets(page))[id];
    expect(rect && rect.w > 0 && rect.h > 0, `widget "${id}" never came on screen`);
    return rect;
}

async function typeInto(page, id, x, text) {
    const rect = await scrollTo(page, id, x, 450);
    await page.mouse.click(rect.x + rect.w / 2, rect.y + rect.h / 2);
    await settle(page);
    await page.keyboard.down('Control');
    await page.keyboard.press('KeyA');
    await page.keyboard.up('Control');
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
    await settle(page);
}

async function main() {
    const args = parseArgs(process.argv.slice(2), ['web', 'cli', 'out']);
    const out = path.resolve(args.out);
    fs.mkdirSync(out, { recursive: true });
    const cli = path.resolve(args.cli);
    const server = await serve(path.resolve(args.web));
    const base = `http://127.0.0.1:${server.address().port}`;
    const { browser, close } = await launch();
    try {
        for (const [name, scenario] of WORKLOADS) {
            await check(`${name}: Use on each of the first three Compare rows shows that row's memory and price in the Result`, async () => {
                const rows = plan(cli, scenario).rows;
                expect(rows.length >= 1, 'no ranked row');
                const details = [];
                for (let i = 0; i < Math.min(3, rows.length); ++i) {
                    const opened = await openPage(browser, `${base}/index.html${link(scenario)}`, desktop);
                    const page = opened.page;
                    const use = (await widgets(page))[`compare_use_${i}`] ? await scrollTo(page, `compare_use_${i}`, 900, 450) : null;
                    if (use) {
                        await page.mouse.click(use.x + use.w / 2, use.y + use.h / 2);
                        await page.waitForFunction((gpu) => JSON.parse(window.gpuplan.scenarioJson()).hardware.gpu === gpu,
                                                   { timeout: STEP_TIMEOUT_MS }, rows[i].gpu);
                        await settle(page);
                    } else {
                        // The row marked "current" has no Use button: the scenario is already that row.
                        expect((await scenarioOf(page)).hardware.gpu === rows[i].gpu, `row ${i} has no Use and is not the current GPU`);
                    }
                    const s = await shown(page);
                    const current = await scenarioOf(page);
                    expect(s.fits === true, `row ${i} (${rows[i].gpu}) applied does not fit`);
                    expect(current.hardware.count === rows[i].gpu_count, `row ${i}: ${current.hardware.count} GPUs shown, the row has ${rows[i].gpu_count}`);
                    const memory = Math.round(rows[i].memory_per_gpu_bytes / 1e7) / 100;
                    expect(Math.abs(s.total_memory_gb - memory) < 0.011, `row ${i} (${rows[i].gpu}): memory ${s.total_memory_gb} GB shown, ${memory} GB in the row`);
                    expect(Math.abs(s.cost_per_hour - rows[i].per_hour) <= 0.006 * rows[i].per_hour + 0.01,
                           `row ${i} (${rows[i].gpu}): ${s.cost_per_hour} per hour shown, ${rows[i].per_hour} in the row`);
                    if (typeof rows[i].ttft_p95_s === 'number') // online: the row's p95/p99 are the Result's (one queueing model)
                        for (const q of ['ttft_p95_s', 'ttft_p99_s'])
                            expect(Math.abs(s[q] - rows[i][q]) <= 1e-9 + 1e-9 * rows[i][q], `row ${i} (${rows[i].gpu}): ${q} ${s[q]} shown, ${rows[i][q]} in the row`);
                    expect(opened.errors.length === 0, opened.errors.join('; '));
                    details.push(`${rows[i].gpu_count}×${rows[i].gpu}`);
                    if (i === 0) await page.screenshot({ path: path.join(out, `answer-${name.replace(/\W+/g, '-')}.png`) });
                    await page.close();
                }
                return details.join(', ');
            });
        }

        const precisions = { model: 'llama-3.1-70b', precision: { allowed: ['fp8', 'int4'] },
                             inference: { traffic: { requests_per_s: 2 }, ttft_p95_sla_s: 3, min_tokens_per_s_per_user: 10 } };
        await check('allowed precisions: Use applies the row\'s precision, and the Result\'s p95/p99 TTFT equal the row\'s', async () => {
            const rows = plan(cli, precisions).rows;
            expect(rows.length >= 3, 'fewer than three ranked rows');
            expect(rows.slice(0, 3).some((row) => row.precision !== 'bf16'), `the top rows are all bf16: ${rows.slice(0, 3).map((r) => r.precision)}`);
            const details = [];
            for (let i = 0; i < 3; ++i) {
                const opened = await openPage(browser, `${base}/index.html${link(precisions)}`, desktop);
                const page = opened.page;
                const use = await scrollTo(page, `compare_use_${i}`, 900, 450);
                await page.mouse.click(use.x + use.w / 2, use.y + use.h / 2);
                await page.waitForFunction((row) => {
                    const s = JSON.parse(window.gpuplan.scenarioJson());
                    return s.hardware.gpu === row.gpu && ((s.precision && s.precision.weights) || 'bf16') === row.precision;
                }, { timeout: STEP_TIMEOUT_MS }, rows[i]);
                await settle(page);
                const s = await shown(page);
                const current = await scenarioOf(page);
                expect(current.hardware.count === rows[i].gpu_count, `row ${i}: ${current.hardware.count} GPUs, the row has ${rows[i].gpu_count}`);
                expect(((current.precision && current.precision.compute) || 'bf16') === rows[i].compute, `row ${i}: compute ${JSON.stringify(current.precision)} vs ${rows[i].compute}`);
                for (const q of ['ttft_p95_s', 'ttft_p99_s'])
                    expect(s[q] > 0 && Math.abs(s[q] - rows[i][q]) <= 1e-9 * rows[i][q], `row ${i} (${rows[i].gpu} ${rows[i].precision}): ${q} ${s[q]} shown, ${rows[i][q]} in the row`);
                expect(opened.errors.length === 0, opened.errors.join('; '));
                details.push(`${rows[i].gpu_count}×${rows[i].gpu} ${rows[i].precision} p95 ${rows[i].ttft_p95_s.toFixed(3)} s`);
                await page.close();
            }
            return details.join(', ');
        });

        await check('the "Also try weights in" boxes add a precision to the plan, as --allow-precisions does', async () => {
            const bf16 = { model: 'llama-3.1-70b', inference: { target_users: 8, ttft_sla_s: 3, min_tokens_per_s_per_user: 10 } };
            const expected = plan(cli, { ...bf16, precision: { allowed: ['int4'] } }).rows[0];
            const opened = await openPage(browser, `${base}/index.html${link(bf16)}`, desktop);
            const page = opened.page;
            const before = (await shown(page)).compare_first_gpu;
            const box = await scrollTo(page, 'compare_allow_int4', 900, 450);
            await page.mouse.click(box.x + box.h / 2, box.y + box.h / 2);
            await page.waitForFunction(() => {
                const p = JSON.parse(window.gpuplan.scenarioJson()).precision;
                return p && p.allowed && p.allowed.includes('int4');
            }, { timeout: STEP_TIMEOUT_MS });
            await settle(page);
            const after = (await shown(page)).compare_first_gpu;
            expect(after === expected.gpu, `first row ${after} after ticking int4, the CLI ranks ${expected.gpu} first`);
            const hash = await page.evaluate(() => location.hash);
            expect(decodeURIComponent(hash).includes('"allowed":["int4"]'), `the link does not carry the choice: ${decodeURIComponent(hash).slice(0, 200)}`);
            await page.screenshot({ path: path.join(out, 'compare-precisions-en.png') });
            expect(opened.errors.length === 0, opened.errors.join('; '));
            await page.close();
            return `${before} → ${after} (${expected.precision})`;
        });

        for (const [language, viewport, tag] of [['en', desktop, '1280'], ['ru', desktop, '1280'], ['en', phone, '390'], ['ru', phone, '390']]) {
            await check(`Compare table captions at ${tag} px (${language}): screenshot for a look`, async () => {
                const opened = await openPage(browser, `${base}/index.html${link(WORKLOADS[0][1])}&l=${language}`, viewport);
                const page = opened.page;
                const rect = await scrollTo(page, 'compare_use_0', viewport.width / 2, viewport.height / 2, viewport.height - 100);
                const file = path.join(out, `compare-captions-${tag}-${language}.png`);
                await page.screenshot({ path: file });
                expect(opened.errors.length === 0, opened.errors.join('; '));
                await page.close();
                return `${path.basename(file)} (Use at y ${Math.round(rect.y)})`;
            });
        }

        for (const language of ['en', 'ru']) {
            await check(`numbers typed as people type them are read as meant (${language})`, async () => {
                const online = { model: 'llama-3.1-8b', inference: { target_users: 10 } };
                const opened = await openPage(browser, `${base}/index.html${link(online)}&l=${language}`, desktop);
                const page = opened.page;
                await typeInto(page, 'ttft_sla_s', 240, '0,5');
                await typeInto(page, 'context_tokens', 240, '128k');
                await typeInto(page, 'target_users', 240, '1e6');
                let s = await scenarioOf(page);
                expect(s.inference.ttft_sla_s === 0.5, `"0,5" s became ${s.inference.ttft_sla_s}`);
                expect(s.inference.context_tokens === 128000, `"128k" became ${s.inference.context_tokens}`);
                expect(s.inference.target_users === 1e6, `"1e6" became ${s.inference.target_users}`);
                await typeInto(page, 'own_rate', 900, '1,5');
                s = await scenarioOf(page);
                expect(s.cost.price_per_gpu_hour === 1.5, `"1,5" per GPU-hour became ${s.cost.price_per_gpu_hour}`);
                // Switching the currency back and forth converts from the typed amount: no drift.
                for (let i = 0; i < 6; ++i) {
                    for (const id of ['currency_2', 'currency_1', 'currency_0']) {
                        const button = await scrollTo(page, id, 900, 450);
                        await page.mouse.click(button.x + button.w / 2, button.y + button.h / 2);
                        await settle(page);
                    }
                }
                s = await scenarioOf(page);
                expect(s.cost.currency === 'USD' && s.cost.price_per_gpu_hour === 1.5, `after 18 switches: ${s.cost.price_per_gpu_hour} ${s.cost.currency}`);
                // Out of range: clamped, and the field says so.
                await typeInto(page, 'tensor_parallel', 240, '999999');
                const notice = await page.evaluate(() => window.gpuplan.mirror ? JSON.stringify(window.gpuplan.mirror).length : 0);
                s = await scenarioOf(page);
                expect(s.inference.tensor_parallel >= 1 && s.inference.tensor_parallel <= 65536, `TP ${s.inference.tensor_parallel}`);
                await page.screenshot({ path: path.join(out, `typed-${language}.png`) });
                expect(opened.errors.length === 0, opened.errors.join('; '));
                await page.close();
                return `ttft ${s.inference.ttft_sla_s}, context ${s.inference.context_tokens}, users ${s.inference.target_users}, rate ${s.cost.price_per_gpu_hour}${notice ? '' : ''}`;
            });
        }

        for (const [name, bad, field] of [['an unknown currency', { cost: { currency: 'XYZ' } }, 'cost.currency'],
                                          ['a GPU count of 0', { hardware: { count: 0 } }, 'hardware.count'],
                                          ['an unknown model', { model: 'no-such-model' }, 'model']]) {
            await check(`a link with ${name} keeps the rest of the scenario and names the field`, async () => {
                const scenario = { ...bad, inference: { concurrency: 7, context_tokens: 16384 } };
                const opened = await openPage(browser, `${base}/index.html${link(scenario)}`, desktop);
                const s = await shown(opened.page);
                const current = await scenarioOf(opened.page);
                expect(current.inference.concurrency === 7 && current.inference.context_tokens === 16384, `the rest was lost: ${JSON.stringify(current.inference)}`);
                const details = s.notices.map((notice) => notice.detail).join(' | ');
                expect(details.includes(field), `no notice names ${field}: ${details}`);
                const hash = await opened.page.evaluate(() => location.hash);
                expect(hash === link(scenario), 'the address bar was rewritten before the visitor changed anything');
                await opened.page.close();
                return details.slice(0, 90);
            });
        }
    } finally {
        await close();
        server.close();
    }
}

run(main, 560000);
