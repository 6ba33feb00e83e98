// beztune.wasm in Node against the native build, per call, on the same inputs: a 720-point fit
// of examples/squash-0.5.svg (the native fit on one thread and on every core; the WebAssembly one
// always runs on one), an error table, a model outline and an export. Medians of RUNS runs
// after a second of warm-up per call; the native times come from APICallBench (the same BeztuneAPI calls, release
// build), run here in the same session.
//
// Usage: node wasm/tests/bench.mjs WASM_DIR APICALLBENCH [RUNS] [--csv FILE]
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, cpus } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const csvAt = args.indexOf("--csv");
const csvFile = csvAt >= 0 ? args.splice(csvAt, 2)[1] : null;
const [dir, nativeBench, runsText] = args;
if (!dir || !nativeBench) {
    console.error("usage: node wasm/tests/bench.mjs WASM_DIR APICALLBENCH [RUNS] [--csv FILE]");
    process.exit(2);
}
const runs = Number(runsText ?? 15);
const bt = await import(pathToFileURL(resolve(dir, "beztune.mjs")).href);
const root = resolve(new URL("../..", import.meta.url).pathname);
const svg = readFileSync(join(root, "examples/squash-0.5.svg"), "utf8");
const free = ["xFactor", "yFactor", "topYFactor", "k"];

const calls = [
    { label: "fit 720 points (one thread)", name: "fit", args: { svg, radius: 50, free, serial: true } },
    { label: "fit 720 points (every core natively)", name: "fit", args: { svg, radius: 50, free } },
    { label: "error table (3 k; radius; 3 scales)", name: "errorTable", args: { k: ["1/1.8", "0.5523", "minimax"], segments: 4, radius: 20, pixelsPerUnit: "1,2,3" } },
    { label: "model outline (ball, progress 0.5)", name: "modelPath", args: { model: "ball", set: { yFactor: 0.8 }, progress: 0.5, timing: "easeInEaseOut" } },
    { label: "export swiftui (transition)", name: "exportText", args: { format: "swiftui", model: "ball", set: { yFactor: 0.8 }, timing: "easeOut", duration: 0.3 } },
    { label: "export lottie (transition)", name: "exportText", args: { format: "lottie", model: "ball", set: { yFactor: 0.8 }, timing: "spring(12,0.4)", duration: 0.5 } },
];

const scratch = mkdtempSync(join(tmpdir(), "beztune-bench-"));
writeFileSync(join(scratch, "calls.jsonl"), calls.map((c) => JSON.stringify(c)).join("\n") + "\n");
const nativeRows = execFileSync(resolve(nativeBench), [join(scratch, "calls.jsonl"), String(runs)], { encoding: "utf8" })
    .trim().split("\n").slice(1).map((l) => l.split(",").slice(-3));
rmSync(scratch, { recursive: true, force: true });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [["call", "wasm_median_ms", "native_median_ms", "ratio"]];
// V8 compiles the module with its baseline compiler first and optimises hot functions in the
// background: every call runs for a second before it is timed, so the optimised code is timed.
for (const c of calls) {
    for (const t0 = performance.now(); performance.now() - t0 < 1000;) bt.call(c.name, c.args);
}
for (const [i, c] of calls.entries()) {
    const times = [];
    for (let r = 0; r < runs; r++) {
        const t0 = performance.now();
        bt.call(c.name, c.args);
        times.push(performance.now() - t0);
    }
    const wasm = median(times), native = Number(nativeRows[i][0]) * 1000;
    rows.push([c.label, wasm.toFixed(3), native.toFixed(3), (wasm / native).toFixed(2)]);
}
const width = rows[0].map((_, j) => Math.max(...rows.map((r) => r[j].length)));
for (const r of rows) console.log(r.map((x, j) => (j === 0 ? x.padEnd(width[j]) : x.padStart(width[j]))).join("  "));
console.log(`(${runs} runs each, medians; Node ${process.version}, ${cpus().length} cores, ${cpus()[0]?.model ?? "?"})`);
if (csvFile) writeFileSync(csvFile, rows.map((r) => r.map((x) => (x.includes(",") ? `"${x}"` : x)).join(",")).join("\n") + "\n");
