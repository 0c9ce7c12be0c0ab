// gpuplan end-to-end: the page gives the answer first and never contradicts itself (issue 10).
//   - Use on each of the first three Compare rows, in each of the five workloads: the Result shows the row's
//     memory and price (the row's whole configuration is applied: GPU, count, layout, batch);
//   - numbers typed as people type them ("1,5", "0,5", "1e6", "128k"), in English and in Russian;
//   - a link with one bad field keeps the rest.
//
//   node tests/e2e/answer.test.mjs --web build-wasm/site --cli build/gpuplan --out build/screenshots
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { check, expect, launch, openPage, parseArgs, run, serve, STEP_TIMEOUT_MS } from './harness.mjs';

const desktop = { width: 1280, height: 800, deviceScaleFactor: 1 };
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
                    expect(opened.errors.length === 0, opened.errors.join('; '));
                    details.push(`${rows[i].gpu_count}×${rows[i].gpu}`);
                    if (i === 0) await page.screenshot({ path: path.join(out, `answer-${name.replace(/\W+/g, '-')}.png`) });
                    await page.close();
                }
                return details.join(', ');
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
