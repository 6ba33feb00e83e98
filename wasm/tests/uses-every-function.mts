// A program using every function of beztune.mjs, for `tsc --noEmit --strict` (wasm/tests/run.mjs):
// the declarations must accept what the README shows and type what comes back.
import {
    BeztuneError, MAX_POINTS, MAX_TEXT_BYTES, call, errorCurve, errorTable, exportText, fit, fitProfile, memoryBytes, modelFrames,
    modelPath, modelPoints, models, optimize, segmentsFor, springs, timingCurve,
} from "./beztune.mjs";

const rows = errorTable({ k: ["1/1.8", 0.5523], segments: 4, radius: 20, pixelsPerUnit: "1,2,3" });
const label: string = rows[0].k_input;
const best = optimize({ segments: 4 });
const curve: number[] = errorCurve({ k: "minimax", samples: 11 }).radial_error;
const count: number = segmentsFor({ tolerance: 1e-4 }).segments;
const list = models().map((m) => `${m.model}.${m.parameter}`);
const d: string = modelPath({ model: "ball", set: { yFactor: 0.8 }, progress: 0.5, timing: "easeInEaseOut" });
const points = modelPoints({ model: "ball", set: ["yFactor=0.8"] }).filter((p) => p.kind === "anchor");
const frames: string[] = modelFrames({ model: "ball", count: 3 }).paths;
const result = fit({ path: d, free: ["yFactor", "tx", "ty"], radius: 50 });
const y: number = result.values["yFactor"] + result.standardErrors["yFactor"] + result.rms + result.maxDistance;
const status: string = result.status;
const fitted: string = exportText({ format: "swiftui", fit: result.csv }) + result.path;
const swift: string = exportText({ format: "swiftui", model: "ball", set: { yFactor: 0.8 }, timing: "easeOut", duration: 0.3 });
const k: number = springs({ timing: "swiftui-spring(response:0.5,dampingFraction:0.7)", duration: 0.5 }).caSpring.stiffness;
const eased: number[] = timingCurve({ keys: [{ time: 0, value: 0, timing: "ease-out" }, { time: 1, value: 1 }], samples: 11 }).value;
const handles = timingCurve({ timing: "ease" }).points;
const profile = fitProfile({ keyframes: [{ progress: 0, path: d }, { progress: 0.5, path: d, label: "mid" }, { progress: 1, path: d }], free: ["yFactor"] });
const replayed: string = exportText({ format: "css", profile: { profile: profile.profile, timing: profile.timing, settings: profile.settings } });
const raw: unknown = call("errorTable", { k: 0.55 });
try {
    errorTable({ k: "1/0" });
} catch (e) {
    if (e instanceof BeztuneError) {
        const kind: "usage" | "runtime" = e.kind;
        console.log(kind, e.message);
    }
}
console.log(replayed, profile.warnings.length, k, label, best.length, curve, count, list, points, frames, y, status, swift, raw, MAX_POINTS, MAX_TEXT_BYTES, memoryBytes());
