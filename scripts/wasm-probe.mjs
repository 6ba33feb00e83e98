// Runs the Embedded-Swift probe (.build/embedded/probe.wasm, scripts/build-embedded.sh) in Node
// and compares every number it computes with the native beztune on the same input: the handle
// factor and the circle error table (`beztune error --k K --segments N --csv`), a fit of the ball
// to SVG path data (`beztune fit --path D --free … --csv`), and a CSV column's sum (against
// JavaScript's own parseFloat). Exits 1 naming the first disagreement.
//
// Usage: node scripts/wasm-probe.mjs PROBE.wasm BEZTUNE
import { readFileSync, mkdtempSync, rmSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { webcrypto } from "node:crypto";

const [probePath, beztune] = process.argv.slice(2);
if (!probePath || !beztune) {
    console.error("usage: node scripts/wasm-probe.mjs PROBE.wasm BEZTUNE");
    process.exit(2);
}

// The WASI imports the linked module names (wasi-libc's arc4random_buf asks random_get for the
// hash seed; writes and exits are never reached by the probe, and fail loudly if they are).
let memory;
const wasi = {
    random_get(pointer, length) {
        webcrypto.getRandomValues(new Uint8Array(memory.buffer, pointer, length));
        return 0;
    },
};
const module = await WebAssembly.compile(readFileSync(probePath));
const imports = {};
for (const { module: name, name: field, kind } of WebAssembly.Module.imports(module)) {
    if (kind !== "function") continue;
    imports[name] ??= {};
    imports[name][field] = wasi[field] ?? (() => { throw new Error(`probe.wasm called ${name}.${field}`); });
}
const instance = await WebAssembly.instantiate(module, imports);
const api = instance.exports;
memory = api.memory;

function withText(text, body) {
    const bytes = new TextEncoder().encode(text);
    const pointer = api.bt_alloc(bytes.length);
    new Uint8Array(memory.buffer, pointer, bytes.length).set(bytes);
    try { return body(pointer, bytes.length); } finally { api.bt_free(pointer); }
}

function withDoubles(count, body) {
    const pointer = api.bt_alloc(8 * count);
    try {
        const status = body(pointer);
        return { status, values: Array.from(new Float64Array(memory.buffer, pointer, count)) };
    } finally { api.bt_free(pointer); }
}

const folder = mkdtempSync(join(tmpdir(), "wasm-probe-"));
let failures = 0, compared = 0;
// Agreement within `relative` of max(|native|, 1e-3) (a value near zero, such as a translation
// of 1e-16, is compared on the scale of the figures around it); NaN agrees only with NaN.
function close(what, got, want, relative) {
    compared += 1;
    const scale = Math.max(Math.abs(want), 1e-3);
    if (Number.isNaN(got) && Number.isNaN(want)) return;
    if (!(Math.abs(got - want) <= relative * scale || got === want)) {
        console.error(`wasm-probe: ${what}: wasm ${got}, native ${want} (relative difference ${Math.abs(got - want) / scale})`);
        failures += 1;
    }
}

function nativeCSV(args) {
    const file = join(folder, "out.csv");
    execFileSync(beztune, [...args, "--csv", file], { stdio: ["ignore", "ignore", "inherit"] });
    const [header, row] = readFileSync(file, "utf8").trim().split("\n");
    const names = header.split(","), cells = row.split(",");
    return Object.fromEntries(names.map((n, i) => [n, cells[i]]));
}

try {
    // ArcError: the same arithmetic, libm aside (wasi-libc's musl against glibc): 1e-12.
    for (const k of ["1/1.8", "0.5523", "4/3*(sqrt(2)-1)", "0.55228"]) {
        for (const segments of [4, 8]) {
            const { status, values } = withDoubles(8, (out) => withText(k, (p, n) => api.bt_probe_error(p, n, segments, out)));
            if (status !== 0) { console.error(`wasm-probe: error --k ${k}: status ${status}`); failures += 1; continue; }
            const row = nativeCSV(["error", "--k", k, "--segments", String(segments)]);
            const columns = ["k", "max_radial_error", "t_at_max", "rms_radial_error", "area_error", "arc_length_error",
                             "max_tangent_error_deg", "max_curvature_error"];
            columns.forEach((c, i) => close(`error --k ${k} --segments ${segments}: ${c}`, values[i], Number(row[c]), 1e-12));
        }
    }
    const refused = withDoubles(8, (out) => withText("1/0", (p, n) => api.bt_probe_error(p, n, 4, out))).status;
    if (refused !== 1) { console.error(`wasm-probe: --k 1/0 was not refused (status ${refused})`); failures += 1; }

    // Fitting through LeastSquares' pure-Swift path (natively LAPACK): the same minimum to 1e-8,
    // standard errors to 1e-6.
    const paths = [
        "M 0 0 C 30 0 50 20 50 45 C 50 75 30 90 0 90 C -30 90 -50 75 -50 45 C -50 20 -30 0 0 0 Z",
        "M 10 100 C 70 100 110 80 110 40 C 110 10 70 -10 10 -10 C -50 -10 -90 10 -90 40 C -90 80 -50 100 10 100 Z",
    ];
    for (const d of paths) {
        const { status, values } = withDoubles(64, (out) => withText(d, (p, n) => api.bt_probe_fit(p, n, out)));
        if (status !== 0) { console.error(`wasm-probe: fit --path '${d}': status ${status}`); failures += 1; continue; }
        const row = nativeCSV(["fit", "--path", d, "--free", "xFactor,yFactor,topYFactor,k"]);
        const header = Object.keys(row);
        const names = header.slice(0, header.findIndex((n) => n.endsWith("_stderr")));
        const count = values[0];
        if (count !== names.length) { console.error(`wasm-probe: fit: ${count} values, native ${names.length} (${names})`); failures += 1; continue; }
        names.forEach((name, i) => {
            close(`fit ${name}`, values[1 + i], Number(row[name]), 1e-8);
            close(`fit ${name}_stderr`, values[1 + count + i], Number(row[`${name}_stderr`]), 1e-6);
        });
        close("fit rms", values[1 + 2 * count], Number(row.rms), 1e-8);
        close("fit max_distance", values[2 + 2 * count], Number(row.max_distance), 1e-8);
    }

    // CSV: the sum of a column, against JavaScript's parseFloat, summed in the same order.
    const cells = ["0.1", "0.2", "0.3", "1e-300", "-2.5e10", "123456789.123456789"];
    const csv = "x,y\n" + cells.map((c, i) => `${c},${i}`).join("\n") + "\n";
    const sum = withText(csv, (p, n) => api.bt_probe_csv_sum(p, n));
    close("csv sum", sum, cells.reduce((s, c) => s + parseFloat(c), 0), 0);
    const bad = withText("x\nabc\n", (p, n) => api.bt_probe_csv_sum(p, n));
    if (!Number.isNaN(bad)) { console.error(`wasm-probe: a CSV cell 'abc' summed to ${bad}`); failures += 1; }
} finally {
    rmSync(folder, { recursive: true, force: true });
}

if (failures > 0) {
    console.error(`wasm-probe: ${failures} of ${compared} figures disagree with the native beztune`);
    process.exit(1);
}
console.log(`wasm-probe: ${compared} figures from ${probePath} agree with ${beztune}`);
