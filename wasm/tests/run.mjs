// The JavaScript module's suite, in Node: every function of beztune.mjs against the native
// `beztune` on the same inputs (numbers within 1e-12 of max(|x|, 1e-3): wasi-libc's libm is not
// glibc's; fitted values within 1e-9 relative for targets the model draws exactly, 1e-7 for
// others; texts token by token; messages equal to the command's without its `beztune CMD: `
// prefix and usage hint), the limits, a fuzz loop over malformed SVG and Lottie text and hostile
// numbers (each call answers or throws one BeztuneError, never traps, and the instance answers
// the next call), memory that does not grow over repeated calls, and the TypeScript
// declarations through tsc --strict.
//
// Usage: node wasm/tests/run.mjs WASM_DIR BEZTUNE
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [dir, beztuneArg] = process.argv.slice(2);
if (!dir || !beztuneArg) {
    console.error("usage: node wasm/tests/run.mjs WASM_DIR BEZTUNE");
    process.exit(2);
}
const beztune = resolve(beztuneArg);
const bt = await import(pathToFileURL(resolve(dir, "beztune.mjs")).href);
const scratch = mkdtempSync(join(tmpdir(), "beztune-wasm-"));
const root = resolve(new URL("../..", import.meta.url).pathname);

let failures = 0, checks = 0;
function fail(what, detail) {
    failures++;
    console.error(`FAIL ${what}: ${detail}`);
}
function check(ok, what, detail = "") {
    checks++;
    if (!ok) fail(what, detail);
}
const close = (a, b, rel = 1e-12) =>
    (Number.isNaN(a) && Number.isNaN(b)) || a === b || Math.abs(a - b) <= rel * Math.max(Math.abs(a), Math.abs(b), 1e-3);

/** Runs the native beztune; returns stdout (throws on failure). */
function native(args) {
    return execFileSync(beztune, args, { cwd: scratch, encoding: "utf8", env: { ...process.env } });
}
/** The native command's one-line message, without `beztune CMD: ` and the usage hint. */
function nativeMessage(args) {
    const r = spawnSync(beztune, args, { cwd: scratch, encoding: "utf8" });
    if (r.status === 0) return null;
    const line = r.stderr.trim().split("\n").pop();
    return line.replace(/^beztune [a-z-]+: /, "").replace(/ \(usage: beztune .*\)$/, "");
}
function csv(text) {
    const [header, ...rows] = text.trim().split("\n").map((l) => l.split(","));
    return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}
function compareRows(what, mine, theirs, { textKeys = [], rel = 1e-12 } = {}) {
    check(mine.length === theirs.length, what, `${mine.length} rows, native ${theirs.length}`);
    mine.forEach((row, i) => {
        const other = theirs[i] ?? {};
        check(JSON.stringify(Object.keys(row)) === JSON.stringify(Object.keys(other)), `${what} row ${i} columns`,
              `${Object.keys(row)} vs ${Object.keys(other)}`);
        for (const [key, value] of Object.entries(row)) {
            if (textKeys.includes(key) || typeof value === "string") check(String(value) === other[key], `${what} row ${i} ${key}`, `${value} vs ${other[key]}`);
            else check(close(value, Number(other[key]), rel), `${what} row ${i} ${key}`, `${value} vs ${other[key]}`);
        }
    });
}
/** Texts equal token by token, numbers within the tolerance. */
function compareText(what, mine, theirs) {
    const split = (t) => t.trim().match(/-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?|[^\s\d.-]+|[-.]/gi) ?? [];
    const a = split(mine), b = split(theirs);
    check(a.length === b.length, `${what} token count`, `${a.length} vs ${b.length}`);
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
        const x = Number(a[i]), y = Number(b[i]);
        const same = Number.isFinite(x) && Number.isFinite(y) && /\d/.test(a[i]) ? close(x, y) : a[i] === b[i];
        if (!same) { check(false, `${what} token ${i}`, `${a[i]} vs ${b[i]}`); return; }
    }
    checks++;
}
function expectError(what, thunk, message, kind) {
    try {
        thunk();
        fail(what, "did not throw");
    } catch (e) {
        check(e instanceof bt.BeztuneError, `${what} throws a BeztuneError`, String(e));
        if (message !== undefined) check(e.message === message, `${what} message`, `${JSON.stringify(e.message)} vs ${JSON.stringify(message)}`);
        if (kind !== undefined) check(e.kind === kind, `${what} kind`, `${e.kind} vs ${kind}`);
    }
}

// --- errorTable, optimize, errorCurve, segmentsFor -------------------------------------------
{
    const ks = ["1/1.8", "0.5523", "minimax", "lottie-web", "4/3*tan(pi/8)", "0.3", "1.2"];
    for (const [segments, extra] of [[4, []], [8, ["--radius", "20", "--pixels-per-unit", "1,2,3"]], [3, ["--radius", "7", "--sx", "1.5", "--sy", "0.8"]]]) {
        native(["error", ...ks.flatMap((k) => ["--k", k]), "--segments", String(segments), ...extra, "--csv", "e.csv"]);
        const options = { k: ks, segments };
        for (let i = 0; i < extra.length; i += 2) options[extra[i].slice(2).replace(/-(.)/g, (_, c) => c.toUpperCase())] = extra[i + 1];
        const rows = bt.errorTable(options);
        compareRows(`errorTable segments ${segments}`, rows, csv(readFileSync(join(scratch, "e.csv"), "utf8")), { textKeys: ["k_input"] });
        check(typeof rows[0].k_input === "string" && typeof rows[0].k === "number", "errorTable types");
    }
    native(["optimize", "--segments", "6", "--radius", "3", "--csv", "o.csv"]);
    compareRows("optimize", bt.optimize({ segments: 6, radius: 3 }), csv(readFileSync(join(scratch, "o.csv"), "utf8")));
    const curve = bt.errorCurve({ k: "1/1.8", segments: 5, samples: 41 });
    const nativeCurve = csv(native(["error-curve", "--k", "1/1.8", "--segments", "5", "--samples", "41"]));
    compareRows("errorCurve", curve.t.map((t, i) => ({ t, angle_deg: curve.angle_deg[i], radial_error: curve.radial_error[i] })), nativeCurve);
    for (const [tolerance, radius] of [[1e-4, undefined], [0.01, 100]]) {
        const args = ["segments-for", "--tolerance", String(tolerance), ...(radius ? ["--radius", String(radius)] : [])];
        const pairs = Object.fromEntries(native(args).trim().split("\n").map((l) => l.trim().split(/\s+/)));
        const mine = bt.segmentsFor({ tolerance, radius });
        compareRows(`segmentsFor ${tolerance}`, [mine], [pairs]);
    }
}

// --- models, modelPath, modelPoints, modelFrames ---------------------------------------------
{
    const list = bt.models();
    check(list.some((r) => r.model === "ball" && r.parameter === "yFactor"), "models lists the ball's yFactor");
    const cases = [
        { model: "ball", set: { yFactor: 0.8 }, progress: 0.5, timing: "easeInEaseOut" },
        { model: "ball", set: ["yFactor=0.8", "topYFactor=0.6", "tx=100", "rotation=0.3"], progress: 0.25, timing: "spring(10,0.4)" },
        { model: "fallingLine", set: { squash: 0.7 }, progress: 0.75 },
        { model: "loading", progress: 0.4 },
        { model: "plumBlossom", progress: 0.6, timing: "cubic-bezier(0.3,0.1,0.2,1)" },
        { model: "bubbleReveal", progress: 0.5, yUp: true },
    ];
    for (const c of cases) {
        const set = Array.isArray(c.set) ? c.set : Object.entries(c.set ?? {}).map(([k, v]) => `${k}=${v}`);
        const args = ["model", "--name", c.model, "--progress", String(c.progress), ...set.flatMap((s) => ["--set", s]),
                      ...(c.timing ? ["--timing", c.timing] : [])];
        compareText(`modelPath ${JSON.stringify(c)}`, bt.modelPath(c), native([...args, ...(c.yUp ? ["--y-up"] : [])]));
        if (!c.yUp) {
            const points = bt.modelPoints(c);
            compareRows(`modelPoints ${c.model}`, points, csv(native([...args, "--format", "csv"])));
        }
    }
    const frames = bt.modelFrames({ model: "ball", set: { yFactor: 0.7 }, timing: "easeOut", count: 5 });
    check(frames.paths.length === 5 && frames.progress[4] === 1, "modelFrames count and ends");
    frames.progress.forEach((p, i) => compareText(`modelFrames ${i}`, frames.paths[i],
        native(["model", "--name", "ball", "--set", "yFactor=0.7", "--timing", "easeOut", "--progress", String(p)])));
}

// --- fit ---------------------------------------------------------------------------------------
{
    const free = ["xFactor", "yFactor", "topYFactor", "k"];
    const svg = readFileSync(join(root, "examples/squash-0.5.svg"), "utf8");
    copyFileSync(join(root, "examples/squash-0.5.svg"), join(scratch, "s.svg"));
    const compareFit = (what, mine, file, rel) => {
        const row = csv(readFileSync(join(scratch, file), "utf8"))[0];
        for (const [name, v] of Object.entries(mine.values)) {
            check(close(v, Number(row[name]), rel), `${what} value ${name}`, `${v} vs ${row[name]}`);
            check(close(mine.standardErrors[name], Number(row[`${name}_stderr`]), 1e-6), `${what} stderr ${name}`, `${mine.standardErrors[name]} vs ${row[`${name}_stderr`]}`);
        }
        check(close(mine.rms, Number(row.rms), 1e-6), `${what} rms`, `${mine.rms} vs ${row.rms}`);
        check(close(mine.maxDistance, Number(row.max_distance), 1e-6), `${what} max distance`, `${mine.maxDistance} vs ${row.max_distance}`);
        check(mine.status === row.status, `${what} status`, `${mine.status} vs ${row.status}`);
    };
    native(["fit", "--target", "s.svg", "--radius", "50", "--free", free.join(","), "--csv", "f.csv"]);
    const r = bt.fit({ svg, radius: 50, free });
    check(r.converged && r.residuals.distance.length === 720, "fit converges with 720 residuals");
    compareFit("fit svg", r, "f.csv", 1e-9);
    // Path data the model draws with a pose, fitted with the pose free.
    const cloud = bt.fit({ path: bt.modelPath({ model: "ball", set: { yFactor: 0.8, xFactor: 1.1, tx: 30, ty: -12 } }), free: ["xFactor", "yFactor", "tx", "ty"] });
    writeFileSync(join(scratch, "d.path"), bt.modelPath({ model: "ball", set: { yFactor: 0.8, xFactor: 1.1, tx: 30, ty: -12 } }));
    native(["fit", "--target", "d.path", "--free", "xFactor,yFactor,tx,ty", "--csv", "p.csv"]);
    compareFit("fit path data", cloud, "p.csv", 1e-9);
    writeFileSync(join(scratch, "pts.csv"), "x,y\n" + readFileSync(join(root, "examples/squash-0.5-points.csv"), "utf8").trim().split("\n").slice(1).join("\n") + "\n");
    const table = csv(readFileSync(join(scratch, "pts.csv"), "utf8")).map((p) => [Number(p.x), Number(p.y)]);
    native(["fit", "--target", "pts.csv", "--radius", "50", "--csv", "c.csv"]);
    compareFit("fit points", bt.fit({ points: table, radius: 50 }), "c.csv", 1e-7);
    // A designer's Lottie file at a frame, and an SVG shape chosen by id (--select).
    copyFileSync(join(root, "examples/designer/squash.json"), join(scratch, "squash.json"));
    native(["fit", "--target", "squash.json", "--frame", "12", "--free", "xFactor,yFactor,tx,ty", "--radius", "80", "--csv", "l.csv"]);
    compareFit("fit lottie", bt.fit({ lottie: readFileSync(join(scratch, "squash.json"), "utf8"), frame: 12, free: ["xFactor", "yFactor", "tx", "ty"], radius: 80 }), "l.csv", 1e-7);
    const drawn = `<svg xmlns="http://www.w3.org/2000/svg"><g transform="translate(40 30) scale(1.5)"><path id="other" d="M0 0 L10 0 L10 10 Z"/><path id="ball" d="${bt.modelPath({ model: "ball", set: { yFactor: 0.7 } })}"/></g></svg>`;
    writeFileSync(join(scratch, "drawn.svg"), drawn);
    native(["fit", "--target", "drawn.svg", "--select", "ball", "--free", "yFactor,tx,ty,scale", "--csv", "d.csv"]);
    compareFit("fit svg --select", bt.fit({ svg: drawn, select: "ball", free: ["yFactor", "tx", "ty", "scale"] }), "d.csv", 1e-9);
}

// --- exportText ----------------------------------------------------------------------------------
for (const format of ["svg", "svg-animated", "css", "swift-uikit", "swiftui", "lottie", "json"]) {
    const base = ["--model", "ball", "--set", "yFactor=0.8", "--set", "tx=10"];
    const still = format === "svg" ? [] : ["--timing", "easeInEaseOut", "--duration", "0.4"];
    native(["export", "--format", format, ...base, ...still, "--out", `x.${format}`]);
    const mine = bt.exportText({ format, model: "ball", set: { yFactor: 0.8, tx: 10 }, ...(format === "svg" ? {} : { timing: "easeInEaseOut", duration: 0.4 }) });
    compareText(`exportText ${format}`, mine, readFileSync(join(scratch, `x.${format}`), "utf8"));
}

// --- fitProfile: the texts fit-profile writes, and exportText replaying them -----------------------
{
    execFileSync("cp", ["-r", join(root, "examples/keyframes"), join(scratch, "keyframes")]);
    copyFileSync(join(root, "examples/squash-keyframes.csv"), join(scratch, "coarse.csv"));
    copyFileSync(join(root, "examples/designer/squash.json"), join(scratch, "squash.json"));
    const compareCSV = (what, mine, theirs, rel) => {
        const a = csv(mine), b = csv(theirs);
        check(a.length === b.length, `${what} rows`, `${a.length} vs ${b.length}`);
        a.forEach((row, i) => {
            for (const [key, value] of Object.entries(row)) {
                const other = b[i]?.[key];
                const x = Number(value), y = Number(other);
                const ok = value === other || (value !== "" && other !== "" && Number.isFinite(x) && Number.isFinite(y) && close(x, y, rel))
                    || key === "seconds" || key === "file"
                    // Which test stopped the solver may differ where the linear algebra rounds differently.
                    || (key.endsWith("status") && value.startsWith("converged_") && other.startsWith("converged_"));
                check(ok, `${what} row ${i} ${key}`, `${value} vs ${other}`);
            }
        });
    };
    // Keyframes given as SVG text, as the manifest's rows name them.
    const rows = csv(readFileSync(join(scratch, "coarse.csv"), "utf8"));
    const keyframes = rows.map((r) => ({ progress: Number(r.progress), svg: readFileSync(join(scratch, r.file), "utf8"), label: r.file }));
    for (const [timing, extra] of [["cubic-bezier", ["--joint"]], ["spring", []]]) {
        native(["fit-profile", "--keyframes", "coarse.csv", "--free", "yFactor", "--timing", timing, ...extra, "--samples", "120", "--size", "32x32", "--out", `p-${timing}`]);
        const mine = bt.fitProfile({ keyframes, free: ["yFactor"], timing, joint: extra.length > 0, samples: 120 });
        for (const file of ["profile", "timing", "settings"]) {
            const theirs = readFileSync(join(scratch, `p-${timing}`, `${file}.csv`), "utf8").replace("32x32", "480x480");
            compareCSV(`fitProfile ${timing} ${file}.csv`, mine[file], theirs, 1e-7);
        }
        // The replay: the native folder's own files, so that only the replay is compared.
        const files = Object.fromEntries(["profile", "timing", "settings"].map((f) => [f, readFileSync(join(scratch, `p-${timing}`, `${f}.csv`), "utf8")]));
        native(["export", "--profile-dir", `p-${timing}`, "--format", "css", "--out", `p-${timing}.css`]);
        compareText(`exportText profile ${timing}`, bt.exportText({ format: "css", profile: files }), readFileSync(join(scratch, `p-${timing}.css`), "utf8"));
        check(bt.exportText({ format: "css", profile: mine }).startsWith("/* BezierTune export"), "exportText replays fitProfile's answer as it is");
    }
    // A Lottie layer's frames, per-interval.
    const lottie = readFileSync(join(scratch, "squash.json"), "utf8");
    native(["fit-profile", "--lottie", "squash.json", "--frames", "0:30:3", "--free", "yFactor,xFactor", "--timing", "per-interval", "--samples", "120", "--size", "32x32", "--out", "p-lottie"]);
    const mine = bt.fitProfile({ lottie, frames: "0:30:3", free: "yFactor,xFactor", timing: "per-interval", samples: 120 });
    for (const file of ["profile", "timing", "settings", "intervals"]) {
        const theirs = readFileSync(join(scratch, "p-lottie", `${file}.csv`), "utf8").replace("32x32", "480x480");
        compareCSV(`fitProfile lottie ${file}.csv`, mine[file], theirs, 1e-7);
    }
    native(["export", "--profile-dir", "p-lottie", "--format", "lottie", "--out", "p-lottie.json"]);
    const lottieFiles = Object.fromEntries(["profile", "timing", "settings", "intervals"].map((f) => [f, readFileSync(join(scratch, "p-lottie", `${f}.csv`), "utf8")]));
    compareText("exportText profile lottie", bt.exportText({ format: "lottie", profile: lottieFiles }), readFileSync(join(scratch, "p-lottie.json"), "utf8"));
    expectError("fitProfile without keyframes", () => bt.fitProfile({ free: ["yFactor"] }), "missing keyframes: give lottie or keyframes", "usage");
    expectError("fitProfile --joint with keyframes timing", () => bt.fitProfile({ keyframes, timing: "keyframes", joint: true }),
                nativeMessage(["fit-profile", "--keyframes", "coarse.csv", "--timing", "keyframes", "--joint", "--out", "q"]));
}

// --- springs: the closed forms of Apple's and Android's documentation ---------------------------
{
    // SwiftUI's overview: Spring(duration: 0.5, bounce: 0.3) is mass 1, stiffness 157.9, damping 17.6.
    const s = bt.springs({ bounce: { duration: 0.5, bounce: 0.3 }, duration: 0.5 });
    const ws = 2 * Math.PI / 0.5;
    check(close(s.caSpring.stiffness, ws * ws) && Math.abs(s.caSpring.stiffness - 157.9) < 0.05, "springs stiffness", s.caSpring.stiffness);
    check(close(s.caSpring.damping, 2 * 0.7 * ws) && Math.abs(s.caSpring.damping - 17.6) < 0.05, "springs damping", s.caSpring.damping);
    check(close(s.spring.omega, ws * 0.5) && close(s.spring.zeta, 0.7), "springs ω, ζ per unit of progress");
    check(close(s.android.stiffness, ws * ws) && close(s.swiftUI.response, 0.5) && close(s.swiftUI.bounce, 0.3), "springs android, swiftUI");
    // Spring(mass: 1, stiffness: 100, damping: 10) is duration 0.63, bounce 0.5.
    const c = bt.springs({ timing: "ca-spring(stiffness:100,damping:10)", duration: 2 });
    check(close(c.swiftUI.response, 2 * Math.PI / 10) && close(c.swiftUI.bounce, 0.5), "springs from ca-spring", JSON.stringify(c.swiftUI));
    check(close(c.spring.omega, 20) && close(c.spring.zeta, 0.5) && c.spring.regime === "underdamped", "springs per unit of progress of 2 s");
    const a = bt.springs({ android: { stiffness: 1500, dampingRatio: 1, startVelocity: 2 }, duration: 0.25 });
    check(close(a.spring.omega, Math.sqrt(1500) * 0.25) && close(a.spring.initialVelocity, 0.5) && a.spring.regime === "critically damped", "springs from android");
    expectError("springs of a cubic-bezier", () => bt.springs({ timing: "ease" }), undefined, "usage");
    expectError("springs of a negative stiffness", () => bt.springs({ android: { stiffness: -1, dampingRatio: 1 } }), undefined, "usage");
}

// --- timingCurve and per-interval keys: CSS's cubic-bezier solved here by bisection ---------------
{
    // x(s) = 3(1−s)²s·x1 + 3(1−s)s²·x2 + s³ is increasing for x1, x2 in [0, 1]: bisect for x, give y(s).
    const bezier = (x1, y1, x2, y2, x) => {
        const at = (a, b, s) => 3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s;
        let lo = 0, hi = 1;
        for (let i = 0; i < 200; i++) { const mid = (lo + hi) / 2; if (at(x1, x2, mid) < x) lo = mid; else hi = mid; }
        return at(y1, y2, (lo + hi) / 2);
    };
    const c = bt.timingCurve({ timing: "cubic-bezier(0.3,1.6,0.7,-0.4)", samples: 21 });
    check(c.kind === "cubic-bezier" && c.points.join() === "0.3,1.6,0.7,-0.4" && c.time.length === 21, "timingCurve cubic-bezier kind and points");
    let worst = 0;
    c.time.forEach((t, i) => { worst = Math.max(worst, Math.abs(c.value[i] - bezier(0.3, 1.6, 0.7, -0.4, t))); });
    check(worst < 1e-12, "timingCurve cubic-bezier against bisection", worst);
    const ease = bt.timingCurve({ timing: "ease" });
    check(ease.text === "cubic-bezier(0.25,0.1,0.25,1)" && ease.time.length === 101, "timingCurve ease's canonical text", ease.text);
    // A spring ω = 20, ζ = 0.5 per unit of progress: 1 − e^(−ζωt)(cos ω_d t + ζω/ω_d sin ω_d t).
    const spring = bt.timingCurve({ timing: "spring(20,0.5)", samples: 11 });
    const wd = 20 * Math.sqrt(1 - 0.25);
    let springWorst = 0;
    spring.time.forEach((t, i) => {
        const exact = 1 - Math.exp(-10 * t) * (Math.cos(wd * t) + 10 / wd * Math.sin(wd * t));
        springWorst = Math.max(springWorst, Math.abs(spring.value[i] - exact));
    });
    check(spring.kind === "spring" && springWorst < 1e-12, "timingCurve spring against the closed form", springWorst);
    // Keys: c(t) = cᵢ + (cᵢ₊₁ − cᵢ)·Tᵢ((t − tᵢ)/(tᵢ₊₁ − tᵢ)).
    const keys = [{ time: 0.1, value: 0, timing: "cubic-bezier(0.3,1.6,0.7,-0.4)" }, { time: 0.6, value: 1.2 }, { time: 0.9, value: 1 }];
    const k = bt.timingCurve({ keys, samples: 11 });
    let keysWorst = 0;
    k.time.forEach((t, i) => {
        const exact = t <= 0.1 ? 0 : t <= 0.6 ? 1.2 * bezier(0.3, 1.6, 0.7, -0.4, (t - 0.1) / 0.5) : t <= 0.9 ? 1.2 - 0.2 * (t - 0.6) / 0.3 : 1;
        keysWorst = Math.max(keysWorst, Math.abs(k.value[i] - exact));
    });
    check(k.text === undefined && keysWorst < 1e-12, "timingCurve keys against the piecewise formula", keysWorst);
    // The two-key track is the timing itself: the model's path is `model --timing`'s.
    for (const p of [0, 0.3, 0.5, 1]) {
        const withKeys = bt.modelPath({ model: "ball", set: { yFactor: 0.7, k: "0.5555555555555556" }, keys: [{ time: 0, value: 0, timing: "ease-in-out" }, { time: 1, value: 1 }], progress: p });
        compareText(`modelPath keys = --timing ease-in-out at ${p}`, withKeys + "\n",
                    native(["model", "--name", "ball", "--set", "yFactor=0.7", "--set", "k=0.5555555555555556", "--timing", "ease-in-out", "--progress", String(p)]));
    }
    // A key's change c draws the shape `model --set` draws at progress c (linear between).
    const middle = bt.modelPath({ model: "ball", set: { yFactor: 0.7 }, keys: [{ time: 0, value: 0 }, { time: 0.5, value: 0.25 }, { time: 1, value: 1 }], progress: 0.5 });
    compareText("modelPath keys at a key", middle + "\n", native(["model", "--name", "ball", "--set", "yFactor=0.7", "--progress", "0.25"]));
    expectError("keys and timing", () => bt.modelPath({ model: "ball", timing: "ease", keys: [{ time: 0, value: 0 }] }), "timing and keys exclude each other: give one", "usage");
    expectError("keys out of order", () => bt.timingCurve({ keys: [{ time: 0.5, value: 0 }, { time: 0.5, value: 1 }] }),
                "invalid --keys: key 2's time 0.5 does not follow 0.5 (times must increase)", "usage");
    expectError("a key's NaN", () => bt.timingCurve({ keys: [{ time: 0, value: NaN }, { time: 1, value: 1 }] }),
                "invalid --keys: key 1's value must be a finite number, not 'NaN'", "usage");
    expectError("a key's bad timing", () => bt.timingCurve({ keys: [{ time: 0, value: 0, timing: "wobble" }, { time: 1, value: 1 }] }), undefined, "usage");
    expectError("keys for a scene", () => bt.modelPath({ model: "loading", keys: [{ time: 0, value: 0 }, { time: 1, value: 1 }] }), undefined, "usage");
    expectError("timingCurve of a bad timing", () => bt.timingCurve({ timing: "cubic-bezier(2,0,0,1)" }),
                nativeMessage(["model", "--name", "ball", "--timing", "cubic-bezier(2,0,0,1)"]));
}

// exportText from a fit result and from a document, given as text.
{
    native(["fit", "--target", "s.svg", "--radius", "50", "--free", "xFactor,yFactor,topYFactor,k", "--csv", "f.csv"]);
    const fitText = readFileSync(join(scratch, "f.csv"), "utf8");
    for (const format of ["svg", "swiftui", "lottie"]) {
        native(["export", "--fit", "f.csv", "--format", format, "--out", `fit.${format}`]);
        compareText(`exportText fit ${format}`, bt.exportText({ format, fit: fitText }), readFileSync(join(scratch, `fit.${format}`), "utf8"));
    }
    native(["export", "--fit", "f.csv", "--timing", "easeOut", "--from", "rest", "--duration", "0.5", "--format", "css", "--out", "t.css"]);
    compareText("exportText fit transition", bt.exportText({ format: "css", fit: fitText, timing: "easeOut", from: "rest", duration: 0.5 }),
                readFileSync(join(scratch, "t.css"), "utf8"));
    native(["export", "--model", "ball", "--set", "yFactor=0.7", "--timing", "spring(12,0.4)", "--format", "json", "--out", "doc.json"]);
    native(["export", "--document", "doc.json", "--format", "svg-animated", "--out", "doc.svg"]);
    compareText("exportText document", bt.exportText({ format: "svg-animated", document: readFileSync(join(scratch, "doc.json"), "utf8") }),
                readFileSync(join(scratch, "doc.svg"), "utf8"));
    // The fit's own `csv` is the file `fit --csv` writes (but for its wall time) and exports alike.
    const mine = bt.fit({ svg: readFileSync(join(scratch, "s.svg"), "utf8"), radius: 50, free: "xFactor,yFactor,topYFactor,k" });
    const withoutSeconds = (text) => {
        const [header, row] = text.trim().split("\n").map((line) => line.split(","));
        const at = header.indexOf("seconds");
        check(at >= 0, "fit csv has a seconds column");
        return [header.join(), row.filter((_, i) => i !== at).join()].join("\n");
    };
    compareText("fit's csv is fit --csv's", withoutSeconds(mine.csv), withoutSeconds(fitText));
    compareText("exportText of the fit's csv", bt.exportText({ format: "swiftui", fit: mine.csv }), readFileSync(join(scratch, "fit.swiftui"), "utf8"));
    compareText("fit's path is the fitted shape", mine.path + "\n", native(["model", "--name", "ball", ...Object.entries(mine.values).flatMap(([n, v]) => ["--set", `${n}=${v}`]), "--set", "radius=50"]));
    const failed = fitText.replace(/converged_[a-z]+/, "max_evaluations");
    writeFileSync(join(scratch, "failed.csv"), failed);
    expectError("exportText of a fit that did not converge", () => bt.exportText({ format: "svg", fit: failed }),
                nativeMessage(["export", "--fit", "failed.csv", "--format", "svg", "--out", "n.svg"]).replace("failed.csv", "fit"), "runtime");
}

// --- messages ------------------------------------------------------------------------------------
{
    const cases = [
        [() => bt.errorTable({ k: "1/0" }), ["error", "--k", "1/0"]],
        [() => bt.errorTable({ k: "0x10" }), ["error", "--k", "0x10"]],
        [() => bt.errorTable({ k: 0.5, segments: 1 }), ["error", "--k", "0.5", "--segments", "1"]],
        [() => bt.errorTable({ k: 0.5, radius: -1 }), ["error", "--k", "0.5", "--radius", "-1"]],
        [() => bt.errorTable({ k: 0.5, radius: "1e151" }), ["error", "--k", "0.5", "--radius", "1e151"]],
        [() => bt.errorTable({ k: 0.5, radius: 1e151 }), ["error", "--k", "0.5", "--radius", "1e+151"]],
        [() => bt.errorTable({ k: 0.5, sx: 1e-13, sy: 1 }), ["error", "--k", "0.5", "--sx", "1e-13", "--sy", "1"]],
        [() => bt.errorTable({ k: 0.5, pixelsPerUnit: 2 }), ["error", "--k", "0.5", "--pixels-per-unit", "2"]],
        [() => bt.errorTable({ k: 0.5, radius: 2, pixelsPerUnit: "1,,2" }), ["error", "--k", "0.5", "--radius", "2", "--pixels-per-unit", "1,,2"]],
        [() => bt.errorTable({ k: "1/1.8", bogus: 1 }), ["error", "--k", "1/1.8", "--bogus", "1"]],
        [() => bt.errorTable({}), ["error"]],
        [() => bt.optimize({}), ["optimize"]],
        [() => bt.segmentsFor({ tolerance: 1e-16 }), ["segments-for", "--tolerance", "1e-16"]],
        [() => bt.errorCurve({ k: "pi/" }), ["error-curve", "--k", "pi/"]],
        [() => bt.modelPath({ model: "ball", set: { yFactor: 99 } }), ["model", "--name", "ball", "--set", "yFactor=99"]],
        [() => bt.modelPath({ model: "ball", set: { nope: 1 } }), ["model", "--name", "ball", "--set", "nope=1"]],
        [() => bt.modelPath({ model: "ball", timing: "cubic-bezier(2,0,0,1)" }), ["model", "--name", "ball", "--timing", "cubic-bezier(2,0,0,1)"]],
        [() => bt.modelPath({ model: "ball", progress: 2 }), ["model", "--name", "ball", "--progress", "2"]],
        [() => bt.modelPath({ model: "nope" }), ["model", "--name", "nope"]],
        [() => bt.modelFrames({ model: "nope" }), ["frames", "--model", "nope", "--out", "frames-out"]],
        [() => bt.fit({ path: "M0 0 L10 0 L10 10 Z", model: "nope" }), ["fit", "--path", "M0 0 L10 0 L10 10 Z", "--model", "nope"]],
        [() => bt.modelPath({ model: "fallingLine", set: { tx: 1 } }), ["model", "--name", "fallingLine", "--set", "tx=1"]],
        [() => bt.fit({ path: "M0 0 L", free: ["yFactor"] }), null, "invalid path data"],
        [() => bt.fit({ svg: "<svg", free: ["yFactor"] }), null],
        [() => bt.fit({ path: "M0 0 L10 0 L10 10 Z", free: [] }), ["fit", "--path", "M0 0 L10 0 L10 10 Z", "--free", ""]],
        [() => bt.exportText({ format: "gif", model: "ball" }), ["export", "--format", "gif", "--model", "ball", "--out", "x"]],
        [() => bt.exportText({ format: "css", model: "ball", progress: 0.5 }), ["export", "--format", "css", "--model", "ball", "--progress", "0.5", "--out", "x"]],
        [() => bt.exportText({ format: "swiftui", model: "ball", typeName: "1abc" }), ["export", "--format", "swiftui", "--model", "ball", "--type-name", "1abc", "--out", "x"]],
        [() => bt.exportText({ format: "svg", model: "loading" }), ["export", "--format", "svg", "--model", "loading", "--out", "x"]],
        [() => bt.exportText({ format: "svg", fit: "a", document: "b" }), ["export", "--format", "svg", "--fit", "a", "--document", "b", "--out", "x"]],
        [() => bt.exportText({ format: "svg", model: "ball", document: "b" }), ["export", "--format", "svg", "--model", "ball", "--document", "b", "--out", "x"]],
        [() => bt.exportText({ format: "svg", model: "ball", fromSet: { yFactor: 1 } }), ["export", "--format", "svg", "--model", "ball", "--from-set", "yFactor=1", "--out", "x"]],
        [() => bt.exportText({ format: "svg", model: "ball", row: 2 }), ["export", "--format", "svg", "--model", "ball", "--row", "2", "--out", "x"]],
        [() => bt.exportText({ format: "svg" }), ["export", "--format", "svg", "--out", "x"]],
        [() => bt.springs({ timing: "spring(0,1)" }), null],
    ];
    for (const [thunk, args] of cases) {
        const expected = args ? nativeMessage(args) : undefined;
        if (args) check(expected !== null, `native refuses ${args.join(" ")}`);
        expectError(`message of ${args ? args.join(" ") : thunk}`, thunk, expected ?? undefined);
    }
    expectError("arguments not an object", () => bt.call("errorTable", [1]), undefined, "usage");
    expectError("unknown function", () => bt.call("nope", {}), undefined, "usage");
}

// --- limits ----------------------------------------------------------------------------------------
{
    expectError("a text over 32 MiB", () => bt.fit({ svg: "<svg>" + " ".repeat(bt.MAX_TEXT_BYTES) + "</svg>" }), undefined, "usage");
    const many = { length: bt.MAX_POINTS + 1 };
    expectError("more than 10⁶ points", () => bt.fit({ points: Array.from(many, (_, i) => [i, 0]) }), undefined, "usage");
    expectError("more than 10⁴ error-table rows", () => bt.errorTable({ k: Array(5001).fill(0.55), radius: 1, pixelsPerUnit: "1,2" }), undefined, "usage");
    expectError("more than 10⁶ error-curve samples", () => bt.errorCurve({ k: 0.55, samples: 1_000_001 }), undefined, "usage");
    const t0 = performance.now();
    expectError("NaN points", () => bt.fit({ points: [[0, 0], [1, NaN], [1, 1]] }), undefined);
    check(performance.now() - t0 < 60000, "refusals come before the work");
}

// --- fuzz: malformed SVG and Lottie text, hostile numbers ----------------------------------------
{
    let seed = 20261203;
    const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
    const pick = (xs) => xs[Math.floor(random() * xs.length)];
    const svg = readFileSync(join(root, "examples/squash-0.5.svg"), "utf8");
    const lottie = JSON.stringify({ v: "5.7.0", fr: 30, ip: 0, op: 30, w: 100, h: 100, layers: [{ ty: 4, ip: 0, op: 30, ks: {}, shapes: [{ ty: "el", p: { a: 0, k: [50, 50] }, s: { a: 0, k: [40, 30] } }] }] });
    const hostile = [NaN, Infinity, -Infinity, -0, 1e308, -1e308, 5e-324, 2 ** 53 + 1, "", " ", "1e999", "0x1p3", "--", "nan", "inf", "1/0", "pi*1e308", "((((((((((1))))))))))", "é", "\u0000", "9".repeat(400)];
    const mutate = (text) => {
        const chars = [...text];
        for (let n = 1 + Math.floor(random() * 6); n > 0; n--) {
            const at = Math.floor(random() * chars.length);
            switch (Math.floor(random() * 4)) {
                case 0: chars.splice(at, 1 + Math.floor(random() * 20)); break;
                case 1: chars.splice(at, 0, pick(["<", ">", "\"", "{", "}", "[", "]", "-", "e", "9", ".", ",", "NaN", "1e400", "<svg>", "</g>", "&#x0;", "\\u0000"])); break;
                case 2: chars[at] = String.fromCharCode(Math.floor(random() * 128)); break;
                default: chars.splice(at, 0, ...chars.slice(0, Math.floor(random() * 40))); break;
            }
        }
        return chars.join("");
    };
    let answered = 0, refused = 0;
    for (let i = 0; i < 300; i++) {
        const kind = i % 3;
        const args = kind === 0 ? { svg: mutate(svg), radius: 50, free: ["yFactor"] }
            : kind === 1 ? { lottie: mutate(lottie), frame: pick([0, 10, 29.5, pick(hostile)]), free: ["yFactor", "tx", "ty"] }
            : { k: [pick(hostile)], segments: pick([4, pick(hostile)]), radius: pick([undefined, pick(hostile)]) };
        try {
            kind === 2 ? bt.errorTable(args) : bt.fit(args);
            answered++;
        } catch (e) {
            refused++;
            if (!(e instanceof bt.BeztuneError) || e.message.startsWith("internal error")) {
                fail(`fuzz case ${i}`, `${e} for ${JSON.stringify(args).slice(0, 300)}`);
            } else if (e.message.includes("\n") || e.message.length === 0) {
                fail(`fuzz case ${i}`, `not one line: ${JSON.stringify(e.message)}`);
            }
        }
        checks++;
    }
    check(bt.errorTable({ k: "1/1.8" })[0].k === 1 / 1.8, "the instance answers after the fuzz loop");
    console.log(`fuzz: 300 calls, ${answered} answered, ${refused} refused with one line`);
}

// --- memory does not grow over repeated calls -------------------------------------------------------
{
    for (let i = 0; i < 20; i++) bt.fit({ path: bt.modelPath({ model: "ball", set: { yFactor: 0.8 } }), free: ["yFactor"] });
    const before = bt.memoryBytes();
    for (let i = 0; i < 200; i++) {
        bt.fit({ path: bt.modelPath({ model: "ball", set: { yFactor: 0.8 } }), free: ["yFactor"] });
        try { bt.fit({ svg: "<svg><path d='M0 0 L'/></svg>" }); } catch {}
    }
    check(bt.memoryBytes() === before, "memory does not grow over 400 calls", `${before} → ${bt.memoryBytes()} bytes`);
}

// --- TypeScript declarations ----------------------------------------------------------------------
{
    const types = mkdtempSync(join(tmpdir(), "beztune-tsc-"));
    for (const f of ["beztune.mjs", "beztune.d.mts"]) copyFileSync(join(dir, f), join(types, f));
    copyFileSync(join(root, "wasm/tests/uses-every-function.mts"), join(types, "uses.mts"));
    const tsc = spawnSync("tsc", ["--noEmit", "--strict", "--target", "es2022", "--module", "nodenext", "--moduleResolution", "nodenext",
                                  join(types, "uses.mts")], { encoding: "utf8" });
    check(tsc.status === 0, "tsc --noEmit --strict accepts beztune.d.mts and a program using every function", tsc.stdout + tsc.stderr);
    rmSync(types, { recursive: true, force: true });
}

// --- the README's example prints what the README shows ----------------------------------------------
{
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const block = readme.slice(readme.indexOf("<!-- js-example:begin -->"), readme.indexOf("<!-- js-example:end -->"));
    const [, code, shown] = block.match(/```js\n([\s\S]*?)```\s*```\n([\s\S]*?)```/) ?? [];
    check(code !== undefined, "README has the JavaScript example and its output");
    if (code !== undefined) {
        const example = join(dir, "readme-example.mjs");
        writeFileSync(example, code.replace("./out/wasm/beztune.mjs", "./beztune.mjs"));
        const printed = execFileSync(process.execPath, [example], { encoding: "utf8" });
        rmSync(example);
        check(printed === shown, "the README's example prints what the README shows", `printed:\n${printed}`);
    }
}

// --- the same module in headless Chromium (Debian's, scripts/setup-browser.sh), served over HTTP ----
{
    const chromium = spawnSync("bash", [join(root, "scripts/setup-browser.sh")], { encoding: "utf8" }).stdout.trim();
    check(chromium.length > 0, "chromium is installed (scripts/setup-browser.sh)");
    const calls = [
        ["errorTable", { k: ["1/1.8", 0.5523, "minimax"], segments: 4, radius: 20, pixelsPerUnit: "1,2" }],
        ["modelPath", { model: "ball", set: { yFactor: 0.8 }, progress: 0.5, timing: "easeInEaseOut" }],
        ["fit", { svg: readFileSync(join(root, "examples/squash-0.5.svg"), "utf8"), radius: 50, free: ["xFactor", "yFactor", "topYFactor", "k"] }],
        ["exportText", { format: "lottie", model: "ball", set: { yFactor: 0.8 }, timing: "spring(12,0.4)", duration: 0.5 }],
        ["springs", { timing: "ca-spring(stiffness:100,damping:10)" }],
        ["fit", { svg: "<svg><path d='M0 0 L'/></svg>" }],
        ["errorTable", { k: "1/1.8" }],
    ];
    // The page posts its answers back; until then the server holds an image of the page open, so
    // the load event — after which --dump-dom ends the browser — waits for them (virtual time
    // would not: it does not wait for WebAssembly's background compilation).
    const page = `<!doctype html><meta charset="utf-8"><pre id="out">pending</pre><img src="/hold" alt=""><script type="module">
        let answers;
        try {
            const bt = await import("./beztune.mjs");
            const calls = ${JSON.stringify(calls)};
            answers = calls.map(([name, args]) => {
                try { return { ok: bt.call(name, args) }; } catch (e) { return { error: e.message, kind: e.kind, isError: e instanceof bt.BeztuneError }; }
            });
        } catch (e) { answers = "failed: " + e; }
        const text = JSON.stringify(answers, (k, v) => typeof v === "number" && !Number.isFinite(v) ? String(v) : v);
        document.getElementById("out").textContent = "done";
        await fetch("/answers", { method: "POST", body: text });
    </script>`;
    const files = { "/index.html": ["text/html", page], "/beztune.mjs": ["text/javascript", readFileSync(join(dir, "beztune.mjs"))],
                    "/beztune.wasm": ["application/wasm", readFileSync(join(dir, "beztune.wasm"))] };
    let held, posted = "";
    const answered = new Promise((done) => { held = done; });
    const server = createServer((request, response) => {
        if (request.url === "/hold") {
            const release = () => { response.writeHead(404); response.end(); };
            answered.then(release);
            setTimeout(release, 120000);
            return;
        }
        if (request.url === "/answers") {
            request.on("data", (chunk) => { posted += chunk; });
            request.on("end", () => { response.writeHead(204); response.end(); held(); });
            return;
        }
        const file = files[request.url.split("?")[0]];
        response.writeHead(file ? 200 : 404, { "content-type": file ? file[0] : "text/plain" });
        response.end(file ? file[1] : "not found");
    });
    await new Promise((done) => server.listen(0, "127.0.0.1", done));
    const url = `http://127.0.0.1:${server.address().port}/index.html`;
    const profile = mkdtempSync(join(tmpdir(), "beztune-chromium-"));
    const dom = await new Promise((done) => execFile(chromium, ["--headless", "--no-sandbox", "--disable-gpu", `--user-data-dir=${profile}`,
        "--dump-dom", url], { encoding: "utf8", maxBuffer: 64 << 20, timeout: 180000 }, (error, stdout, stderr) => done({ error, stdout, stderr })));
    server.close();
    rmSync(profile, { recursive: true, force: true });
    const decoded = posted;
    const text = decoded;
    let answers = [];
    try { answers = JSON.parse(decoded); } catch { fail("chromium ran the module", `${text.slice(0, 300)} ${dom.stderr.slice(-300)}`); }
    check(Array.isArray(answers), "chromium ran the module", String(answers).slice(0, 300));
    calls.forEach(([name, args], i) => {
        let mine;
        try { mine = { ok: bt.call(name, args) }; } catch (e) { mine = { error: e.message, kind: e.kind, isError: e instanceof bt.BeztuneError }; }
        const expected = JSON.stringify(mine, (k, v) => typeof v === "number" && !Number.isFinite(v) ? String(v) : v);
        check(JSON.stringify(answers[i]) === expected, `chromium's ${name} #${i} equals Node's`, `${JSON.stringify(answers[i])?.slice(0, 200)} vs ${expected.slice(0, 200)}`);
    });
}

const size = statSync(join(dir, "beztune.wasm")).size;
check(size <= 2 * 1024 * 1024, "beztune.wasm ≤ 2 MiB", `${size} bytes`);
rmSync(scratch, { recursive: true, force: true });
console.log(`wasm suite: ${checks} checks, ${failures} failed; beztune.wasm ${size} bytes (${(size / 1048576).toFixed(2)} MiB)`);
process.exit(failures ? 1 : 0);
