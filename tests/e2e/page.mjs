// gpuplan end-to-end page helpers shared by the browser tests: what the page shows (its test hooks), mouse and
// wheel driving with bounded waits, and the native CLI the page is checked against.
import { spawnSync } from 'node:child_process';
import { expect, STEP_TIMEOUT_MS } from './harness.mjs';

// The page's test hooks (built when read): the texts it shows, widget rectangles, the scenario as JSON.
export const shown = (page) => page.evaluate(() => window.gpuplan.shown);
export const widgets = (page) => page.evaluate(() => window.gpuplan.widgets);
export const scenarioOf = async (page) => JSON.parse(await page.evaluate(() => window.gpuplan.scenarioJson()));

export async function clickWidget(page, id) {
    const rect = (await widgets(page))[id];
    expect(rect && rect.w > 0 && rect.h > 0, `widget "${id}" is not on screen (${JSON.stringify(rect)})`);
    await page.mouse.click(rect.x + rect.w / 2, rect.y + rect.h / 2);
}

// Frames are drawn on demand and stop shortly after the last input: wait until the page went quiet.
export async function settle(page) {
    const QUIET_MS = 800; // longer than the page keeps drawing after an input
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    let last = await page.evaluate(() => window.gpuplan.frames);
    let quietSince = Date.now();
    while (Date.now() - quietSince < QUIET_MS) {
        if (Date.now() > deadline) throw new Error('the page kept drawing frames');
        await new Promise((resolve) => setTimeout(resolve, 100));
        const now = await page.evaluate(() => window.gpuplan.frames);
        if (now !== last) { last = now; quietSince = Date.now(); }
    }
}

// Turns the mouse wheel over (x, y) until widget `id` is on screen in the band 60 … maxY px from the top: down
// while it is below the band or not drawn, up while it is above (bounded: 150 turns, 120 px each, 240 px where
// the band is wide enough not to be skipped), then lets the page settle. Returns the widget's rectangle, or
// undefined when it never came on screen.
export async function scrollTo(page, id, x, y, maxY = 400) {
    const step = maxY - 60 > 240 ? 240 : 120;
    for (let i = 0; i < 150; ++i) {
        const rect = (await widgets(page))[id];
        if (rect && rect.w > 0 && rect.h > 0 && rect.y > 60 && rect.y < maxY) break;
        await page.mouse.move(x, y);
        await page.mouse.wheel({ deltaY: rect && rect.w > 0 && rect.y <= 60 ? -step : step });
        await new Promise((resolve) => setTimeout(resolve, 60));
    }
    await settle(page);
    return (await widgets(page))[id];
}

export async function scrollToTop(page, x, y) {
    await page.mouse.move(x, y);
    for (let i = 0; i < 12; ++i) await page.mouse.wheel({ deltaY: -1000 });
    await settle(page);
}

// Runs the native CLI with `input` on stdin; returns its stdout, throws with its stderr when it fails.
export function cliText(cli, args, input, timeoutMs = 60000) {
    const result = spawnSync(cli, args, { input, encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 << 20 });
    if (result.error) throw result.error;
    if (result.status !== 0) throw new Error(`gpuplan ${args.join(' ')} exited ${result.status}: ${result.stderr.trim()}`);
    return result.stdout;
}

// `gpuplan <command> --scenario - --format json` (evaluate, plan, tco) on a scenario given as JSON text.
export const cliJson = (cli, command, scenarioJson) =>
    JSON.parse(cliText(cli, [command, '--scenario', '-', '--format', 'json'], scenarioJson));
