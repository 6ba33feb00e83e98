// The Fit panel: a designer's SVG or Lottie file fitted in the page (`beztune fit`): the shape,
// layer and frame chosen by the command's rules, free and fixed parameters, the target with the
// fitted outline and its residual whiskers, values ± standard errors, rms and largest distance
// in user units and device pixels, and the solver's verdict.

import { svgElement, clear } from "./svg.mjs";
import { InputError } from "./fields.mjs";
import { roundTripText, figureText } from "./format.mjs";
import { POSE } from "./squash-panel.mjs";

/** The largest file the page reads (the library's own limit on a call's text). */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;

/** What a file holds, from its text: "svg" or "lottie"; anything else is refused. */
export function fileKind(name, text) {
    const head = text.trimStart().slice(0, 512);
    if (head.startsWith("<")) {
        if (/<svg[\s>]/i.test(text.slice(0, 65536))) return "svg";
        throw new InputError(`${name}: not an SVG document (no <svg> element) — Studio reads SVG and Lottie files`, "file");
    }
    if (head.startsWith("{")) {
        let json;
        try {
            json = JSON.parse(text);
        } catch (error) {
            throw new InputError(`${name}: not valid JSON (${error.message}) — Studio reads SVG and Lottie files`, "file");
        }
        if (json && Array.isArray(json.layers)) return "lottie";
        throw new InputError(`${name}: JSON without a 'layers' array is not a Lottie animation`, "file");
    }
    throw new InputError(`${name}: neither SVG nor Lottie JSON — Studio reads SVG and Lottie files`, "file");
}

/** The shapes an SVG document names by id (choices for `select`; a number also selects). */
export function svgChoices(text) {
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    if (doc.querySelector("parsererror")) return [];
    return [...doc.querySelectorAll("path[id], circle[id], ellipse[id], rect[id], polygon[id], polyline[id], line[id], g[id], use[id]")]
        .map((e) => e.getAttribute("id"));
}

/** The layers of a Lottie animation: name, position and frame range (choices for `select`). */
export function lottieChoices(text) {
    const json = JSON.parse(text);
    return json.layers.map((layer, i) => ({ index: i, name: String(layer.nm ?? `layer ${i}`), ip: Number(layer.ip ?? json.ip ?? 0), op: Number(layer.op ?? json.op ?? 0), shape: layer.ty === 4 }));
}

/** The fit's arguments from the panel's settings. */
export function fitArguments(f) {
    const args = { [f.kind]: f.text, model: f.model, radius: f.radius, pixelsPerUnit: f.ppu };
    if (f.free) args.free = f.free;
    if (f.kind === "svg" && f.select.trim()) args.select = f.select.trim();
    if (f.kind === "lottie") {
        if (f.select.trim()) args.layer = f.select.trim();
        args.frame = f.frame.trim();
    }
    return args;
}

/** Runs the fit of the panel's settings `f`; throws a BeztuneError or InputError. */
export function computeFit(api, f) {
    if (!f.text) throw new InputError("open or drop an SVG or Lottie file first", "file");
    if (f.kind === "lottie" && !String(f.frame).trim()) throw new InputError("a Lottie target needs the frame whose outline is fitted", "frame");
    const started = performance.now();
    const result = api.fit(fitArguments(f));
    return { result, milliseconds: performance.now() - started };
}

/** The free-parameter checkboxes of `parameters` (and the pose for a plain model); `onToggle`
 *  gets the names checked. */
export function buildFreeToggles(container, parameters, pose, free, onToggle) {
    clear(container);
    const rows = pose ? [...parameters, ...POSE] : parameters;
    for (const p of rows) {
        const label = document.createElement("label");
        const box = document.createElement("input");
        box.type = "checkbox";
        box.dataset.test = `fit-free-${p.parameter}`;
        box.value = p.parameter;
        box.checked = free.includes(p.parameter);
        box.addEventListener("change", () => onToggle([...container.querySelectorAll("input:checked")].map((b) => b.value)));
        label.append(box, ` ${p.parameter}`);
        label.title = p.description;
        container.appendChild(label);
    }
}

/** Sets `svg`'s view box to the square around the target points `r` (model space, drawn y-down)
 *  with `fraction` of their size as margin; answers the size and margin. */
function frameTargetPoints(svg, r, fraction) {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (let i = 0; i < r.x.length; i++) {
        x0 = Math.min(x0, r.x[i]); x1 = Math.max(x1, r.x[i]);
        y0 = Math.min(y0, -r.y[i]); y1 = Math.max(y1, -r.y[i]);
    }
    const size = Math.max(x1 - x0, y1 - y0, 1e-9), margin = size * fraction;
    svg.setAttribute("viewBox", `${(x0 + x1) / 2 - size / 2 - margin} ${(y0 + y1) / 2 - size / 2 - margin} ${size + 2 * margin} ${size + 2 * margin}`);
    return { size, margin };
}

/** Shows a fit: the target (points), the fitted outline, the residual whiskers; the values with
 *  their standard errors, the distances, the verdict. */
export function drawFit(root, computed) {
    const { result, milliseconds } = computed;
    const svg = root.querySelector('[data-test="fit-stage"]');
    clear(svg);
    const r = result.residuals;
    const { size, margin } = frameTargetPoints(svg, r, 0.08);
    const target = r.x.map((x, i) => `${x},${-r.y[i]}`).join(" ");
    svgElement("polygon", { points: target, class: "target", "data-test": "fit-target" }, svg);
    svgElement("path", { d: result.path, class: "curve", "data-test": "fit-path" }, svg);
    // Whiskers: each target point to its nearest point on the fit, drawn at least 6 px long
    // (scaled up as `beztune fit --png` does) when the fit is close.
    const longest = Math.max(...r.distance, 0);
    const pixels = longest / (size + 2 * margin) * 380;
    const scale = pixels > 0 && pixels < 6 ? 6 / pixels : 1;
    // One path of segments, one per target point (every other point past 360).
    const step = Math.max(1, Math.floor(r.x.length / 360));
    let d = "";
    for (let i = 0; i < r.x.length; i += step) {
        const x = r.x[i], y = -r.y[i];
        const nx = r.nearest_x[i], ny = -r.nearest_y[i];
        d += `M${nx} ${ny}L${nx + (x - nx) * scale} ${ny + (y - ny) * scale}`;
    }
    svgElement("path", { d, class: "whiskers", "data-test": "fit-whiskers", "data-scale": scale, "data-count": Math.ceil(r.x.length / step) }, svg);
    const table = root.querySelector('[data-test="fit-table"]');
    clear(table);
    const head = table.createTHead().insertRow();
    for (const text of ["parameter", "value", "± standard error"]) {
        const th = document.createElement("th");
        th.textContent = text;
        head.appendChild(th);
    }
    const body = table.createTBody();
    for (const [name, value] of Object.entries(result.values)) {
        const tr = body.insertRow();
        tr.insertCell().textContent = name;
        const v = tr.insertCell();
        v.dataset.test = `fit-value-${name}`;
        v.dataset.value = roundTripText(value);
        v.textContent = figureText(value);
        const e = tr.insertCell();
        const se = result.standardErrors[name];
        e.dataset.test = `fit-stderr-${name}`;
        e.dataset.value = roundTripText(se);
        e.textContent = Number.isFinite(se) ? figureText(se) : "— (on a bound)";
    }
    const set = (test, value, text) => {
        const cell = root.querySelector(`[data-test="${test}"]`);
        cell.dataset.value = roundTripText(value);
        cell.textContent = text;
    };
    set("fit-rms", result.rms, `${figureText(result.rms)} units (${figureText(result.rmsPx)} px at ${result.pixelsPerUnit}×)`);
    set("fit-max", result.maxDistance, `${figureText(result.maxDistance)} units (${figureText(result.maxDistancePx)} px)`);
    const status = root.querySelector('[data-test="fit-status"]');
    status.textContent = result.converged ? "converged" : "failed";
    status.dataset.value = result.status;
    status.className = result.converged ? "good" : "bad";
    root.querySelector('[data-test="fit-detail"]').textContent =
        `${result.status}; ${result.iterations} iterations, ${result.evaluations} evaluations, ${milliseconds.toFixed(1)} ms in this page` +
        (result.converged ? "" : " — the figures describe the last point reached; a failed fit is not exported");
}

/** The rows of CSV text (RFC 4180: quoted fields, doubled quotes) as objects by header. */
export function csvRows(text) {
    const records = [];
    let field = "", record = [], quoted = false;
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (quoted) {
            if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
            else if (c === '"') quoted = false;
            else field += c;
        } else if (c === '"') quoted = true;
        else if (c === ",") { record.push(field); field = ""; }
        else if (c === "\n" || c === "\r") {
            if (c === "\r" && text[i + 1] === "\n") i++;
            record.push(field); field = "";
            records.push(record); record = [];
        } else field += c;
    }
    if (field !== "" || record.length) { record.push(field); records.push(record); }
    const [header, ...rows] = records.filter((r) => r.length > 1 || r[0] !== "");
    return rows.map((r) => Object.fromEntries(header.map((name, i) => [name, r[i] ?? ""])));
}

/** `fitProfile`'s arguments for the Lottie layer of `f` and the sequence settings `p`. */
export function profileArguments(f, p) {
    const args = { lottie: f.text, timing: p.timing, radius: f.radius, pixelsPerUnit: f.ppu };
    if (f.select.trim()) args.layer = f.select.trim();
    if (p.frames.trim()) args.frames = p.frames.trim();
    if (f.free) args.free = f.free;
    return args;
}

/** Fits the layer's keyframe sequence; throws a BeztuneError or InputError. The keyframes'
 *  frames come from profile.csv's `file` column (`… frame F`). */
export function computeProfile(api, f, p) {
    if (f.kind !== "lottie") throw new InputError("a keyframe sequence comes from a Lottie file: open one first", "profile");
    const started = performance.now();
    const files = api.fitProfile(profileArguments(f, p));
    const keyframes = csvRows(files.profile).map((row) => ({
        progress: Number(row.progress), frame: /frame (\S+)$/.exec(row.file)?.[1] ?? "", status: row.status,
    }));
    // What a fit-profile folder holds, as exportText's `profile` takes it.
    const folder = { profile: files.profile, timing: files.timing, settings: files.settings };
    if (files.intervals) folder.intervals = files.intervals;
    return { files, folder, keyframes, timing: csvRows(files.timing), milliseconds: performance.now() - started };
}

const PROFILE_COLUMNS = ["parameter", "start", "end", "timing", "x1", "y1", "x2", "y2", "omega", "zeta", "v0", "rms", "status"];

/** The timing table (timing.csv's columns, every digit in data-value) and the warnings. */
export function drawProfile(root, computed) {
    const table = root.querySelector('[data-test="profile-table"]');
    clear(table);
    const columns = PROFILE_COLUMNS.filter((c) => computed.timing.some((row) => row[c] !== undefined && row[c] !== ""));
    const head = table.createTHead().insertRow();
    for (const column of columns) head.appendChild(Object.assign(document.createElement("th"), { textContent: column }));
    const body = table.createTBody();
    for (const row of computed.timing) {
        const tr = body.insertRow();
        for (const column of columns) {
            const td = tr.insertCell();
            const value = row[column] ?? "";
            td.dataset.column = column;
            td.dataset.value = value;
            const x = Number(value);
            td.textContent = value !== "" && Number.isFinite(x) && /\d/.test(value) ? figureText(x) : value;
        }
    }
    const warnings = root.querySelector('[data-test="profile-warnings"]');
    clear(warnings);
    for (const text of computed.files.warnings) warnings.appendChild(Object.assign(document.createElement("li"), { textContent: text }));
}

/** One keyframe of the sequence drawn: the designer's outline at its frame (the fit target's
 *  points) and the profile's shape at its progress. */
export function drawKeyframe(api, root, f, computed, index) {
    const key = computed.keyframes[index];
    const target = api.fit({ ...fitArguments({ ...f, frame: key.frame }), maxEvaluations: 1 });
    const svgText = api.exportText({ format: "svg", profile: computed.folder, progress: key.progress });
    const d = /\sd="([^"]+)"/.exec(svgText)?.[1] ?? "";
    const svg = root.querySelector('[data-test="fit-stage"]');
    clear(svg);
    const r = target.residuals;
    frameTargetPoints(svg, r, 0.15);
    svgElement("polygon", { points: r.x.map((x, i) => `${x},${-r.y[i]}`).join(" "), class: "target", "data-test": "profile-target" }, svg);
    svgElement("path", { d, class: "curve", "data-test": "profile-path" }, svg);
    return key;
}
