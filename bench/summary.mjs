// gpuplan benchmark summary: every figure next to its target (issue 12), and all figures as one JSON file.
//   node bench/summary.mjs build/bench build/bench.json
// Reads native.json, wasm-node.json, page.json (its "engine" part ran inside Chromium) and cli.json when present.
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';

const [dir, outFile] = process.argv.slice(2);
const read = (name) => {
    const file = path.join(dir, name);
    return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
};
const native = read('native.json');
const wasmNode = read('wasm-node.json');
const page = read('page.json');
const cli = read('cli.json');
const chromium = page && page.engine ? page.engine : null;
const wasm = chromium || wasmNode; // wasm figures: inside Chromium when measured there, else node's V8
const us = (set, id) => (set && set.figures[id] ? set.figures[id].us : null);

const rows = [];
function target(name, value, limit, unit, where) {
    const met = value !== null && value !== undefined && value <= limit;
    const by = value === null || value === undefined ? 'not measured'
        : met ? 'met' : `missed by ${(value - limit).toFixed(unit === 'µs' ? 2 : 1)} ${unit} (${(value / limit).toFixed(1)}×)`;
    rows.push({ name, value, limit, unit, where, met, by });
}
const wasmWhere = chromium ? 'wasm in Chromium' : 'wasm under node';
target('evaluation, figures only, inference (Llama 3.1 8B, 1×H100)', us(wasm, 'evaluate_figures_inference_8b'), 1, 'µs', wasmWhere);
target('evaluation, figures only, training with layout search (70B, 64 GPUs)', us(wasm, 'evaluate_figures_pretrain_70b'), 10, 'µs', wasmWhere);
const ms = (v) => (v === null ? null : v / 1000);
target('planner, whole catalog, inference', ms(us(wasm, 'plan_inference')), 1, 'ms', wasmWhere);
target('planner, whole catalog, training', ms(us(wasm, 'plan_training')), 3, 'ms', wasmWhere);
const ratio = (id) => (us(wasm, id) && us(wasm, `${id}_x20`) ? us(wasm, `${id}_x20`) / us(wasm, id) : null);
target('planner at 20× the catalog, inference: time ratio', ratio('plan_inference'), 20, '×', wasmWhere);
target('planner at 20× the catalog, training: time ratio', ratio('plan_training'), 20, '×', wasmWhere);
if (page) {
    target('page: gzip bytes before the first frame', page.gzip_bytes_before_first_frame / 1024, 250, 'KB', 'headless Chromium');
    target('page: requests before the first frame', page.requests_before_first_frame, 6, 'requests', 'headless Chromium');
    target('page: first frame', page.first_frame_ms, 600, 'ms', 'headless Chromium');
    target('page: 5-keystroke edit, main-thread time', page.edit_main_thread_ms, 300, 'ms', 'headless Chromium');
    target('page: frames in 5 s idle', page.frames_in_5s_idle, 0, 'frames', 'headless Chromium');
}

console.log('== targets (issue 12)');
for (const r of rows) {
    const value = r.value === null || r.value === undefined ? 'n/a' : (Math.round(r.value * 100) / 100).toString();
    console.log(`${r.name.padEnd(72)} ${value.padStart(10)} ${r.unit.padEnd(8)} ≤ ${String(r.limit).padEnd(5)} ${r.by}  [${r.where}]`);
}
const all = { date: new Date().toISOString(), native, wasm_node: wasmNode, wasm_chromium: chromium, page, cli, targets: rows };
if (page) delete all.page.engine;
fs.writeFileSync(outFile, JSON.stringify(all, null, 1) + '\n');
console.log(`figures as JSON: ${outFile}`);
