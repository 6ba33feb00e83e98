// The Circle panel: a handle factor's exact errors (`beztune error`), its radial error
// magnified (`beztune magnify`), each criterion's optimum (`beztune optimize`) and the error in
// device pixels (`beztune error --radius R --pixels-per-unit 1,2,3`).

import { figureText, roundTripText, shortText } from "./format.mjs";
import { svgElement, clear, pointsText } from "./svg.mjs";
import { InputError, positiveNumber } from "./fields.mjs";

/** `beztune error`'s table columns in the order its terminal table prints them. */
export const ERROR_COLUMNS = ["k_input", "k", "segments", "max_radial_error", "t_at_max", "min_radial_error", "t_at_min",
    "max_abs_radial_error", "rms_radial_error", "rms_radial_error_angle", "area_error", "arc_length_error",
    "max_tangent_error_deg", "max_curvature_error", "angle_at_max_deg", "angle_at_min_deg", "end_curvature_error"];

const OPTIMUM_COLUMNS = ["criterion", "k", "max_abs_radial_error", "rms_radial_error", "area_error", "arc_length_error",
    "max_tangent_error_deg", "max_curvature_error"];

const PIXEL_COLUMNS = ["pixels_per_unit", "max_abs_radial_error_abs", "max_abs_radial_error_px", "rms_radial_error_px",
    "arc_length_error_px"];

/** Samples of e(t) per segment for the magnified drawing (a 300-pixel picture). */
const CURVE_SAMPLES = 91;
/** The most points the magnified outline is drawn with: more segments are drawn by angle. */
const MAX_OUTLINE_POINTS = 4096;
/** The most segments the page draws (the chart's 161 rows stay a few tens of milliseconds). */
const MAX_SEGMENTS = 10000;

/** What the panel shows for the circle settings `c` (texts as typed); throws a BeztuneError or
 *  InputError naming the control at fault. `cache` keeps what depends on the segment count
 *  only (the optima and the k chart). The device-pixel rows come from ``computePixels``, which
 *  a slider's live changes run after the frame is drawn (`pixels: null` here). */
export function computeCircle(api, c, cache, { deferPixels = false } = {}) {
    const factor = positiveNumber(c.factor, "factor", "magnification", { min: 1, max: 1e9, inclusiveMin: true });
    const count = Number(String(c.segments).trim());
    if (Number.isFinite(count) && count > MAX_SEGMENTS) {
        throw new InputError(`invalid --segments '${c.segments}': Studio draws at most ${MAX_SEGMENTS} segments (beztune error takes up to 1048576)`, "segments");
    }
    const rows = api.errorTable({ k: c.k, segments: c.segments });
    const row = rows[0];
    const segments = row.segments;
    const curve = api.errorCurve({ k: c.k, segments: c.segments, samples: CURVE_SAMPLES });
    const pixels = deferPixels ? null : computePixels(api, c);
    let byCount = cache.get(segments);
    if (!byCount) {
        byCount = segmentData(api, segments);
        cache.set(segments, byCount);
    }
    return { row, segments, factor, curve, pixels, optima: byCount.optima, chart: byCount.chart };
}

/** The rows of `beztune error --k K --segments N --radius R --pixels-per-unit S,…`. */
export function computePixels(api, c) {
    if (String(c.radius).trim() === "") throw new InputError("the radius is empty: give the circle's radius in length units", "radius");
    return api.errorTable({ k: c.k, segments: c.segments, radius: c.radius, pixelsPerUnit: c.ppu });
}

/** The optima of every criterion and the largest |radial error| over a k range about them. */
function segmentData(api, segments) {
    const optima = api.optimize({ segments });
    const ks = optima.map((r) => r.k);
    const centre = (Math.min(...ks) + Math.max(...ks)) / 2;
    const lo = centre * 0.985, hi = centre * 1.015;
    const count = 161;
    const grid = Array.from({ length: count }, (_, i) => lo + (hi - lo) * i / (count - 1));
    const table = api.errorTable({ k: grid, segments });
    return { optima, chart: { lo, hi, k: table.map((r) => r.k), error: table.map((r) => r.max_abs_radial_error) } };
}

/** A table of `rows` with `columns`: header cells, then one row each; every cell carries
 *  data-column (the CSV column) and data-value (every digit), its text the terminal's digits. */
function fillTable(table, columns, rows, text, extra = () => {}) {
    clear(table);
    const head = table.createTHead().insertRow();
    for (const column of columns) {
        const th = document.createElement("th");
        th.scope = "col";
        th.textContent = column;
        head.appendChild(th);
    }
    const body = table.createTBody();
    for (const row of rows) {
        const tr = body.insertRow();
        for (const column of columns) {
            const td = tr.insertCell();
            const value = row[column];
            td.dataset.column = column;
            td.dataset.value = typeof value === "number" ? roundTripText(value) : String(value);
            td.textContent = text(column, value);
        }
        extra(tr, row);
    }
}

/** The terminal's text of one error-table cell: k_input as typed, k in round-trip form, the
 *  segment count, every other figure to 6 significant digits (`%.6g`). */
function errorCellText(column, value) {
    if (column === "k_input" || column === "criterion") return String(value);
    if (column === "k") return roundTripText(value);
    if (column === "segments" || column === "pixels_per_unit") return String(value);
    return figureText(value);
}

/** Draws `computed` into the panel `root`; `onPick(k)` is called when an optimum is chosen.
 *  What depends only on the segment count (the optima table, the chart's curve) is redrawn
 *  when that changes; the rest on every call. */
export function drawCircle(root, computed, onPick) {
    const { row, segments, factor, curve, pixels, optima, chart } = computed;
    fillTable(root.querySelector('[data-test="error-table"]'), ERROR_COLUMNS, [row], errorCellText);
    const optimumTable = root.querySelector('[data-test="optimum-table"]');
    if (optimumTable.drawnOptima !== optima) {
        fillTable(optimumTable, OPTIMUM_COLUMNS, optima, errorCellText, (tr, r) => {
            const cell = tr.insertCell();
            const use = document.createElement("button");
            use.type = "button";
            use.textContent = "Use";
            use.setAttribute("aria-label", `Use the ${r.criterion} optimum k = ${roundTripText(r.k)}`);
            use.addEventListener("click", () => onPick(r.criterion));
            cell.appendChild(use);
        });
        optimumTable.drawnOptima = optima;
    }
    optimumTable.querySelectorAll("tbody tr").forEach((tr, i) => {
        tr.classList.toggle("current", Math.abs(optima[i].k - row.k) <= 1e-12 * optima[i].k);
    });
    if (pixels) drawPixels(root, pixels);
    drawMagnifier(root.querySelector('[data-test="magnifier"]'), curve, segments, factor);
    root.querySelector('[data-test="magnifier-caption"]').textContent =
        `k = ${roundTripText(row.k)}, ${segments} segments: max |e| = ${figureText(row.max_abs_radial_error)} of the radius, drawn × ${shortText(factor, 6)}. Dashed: the true circle.`;
    const svg = root.querySelector('[data-test="k-chart"]');
    if (svg.drawnChart !== chart) {
        drawChart(svg, chart, optima, onPick);
        svg.drawnChart = chart;
    }
    placeDot(svg, chart, row);
    const slider = root.querySelector('[data-test="k-slider"]');
    if (document.activeElement !== slider) slider.value = String(row.k);
}

/** The device-pixel table. */
export function drawPixels(root, pixels) {
    fillTable(root.querySelector('[data-test="pixel-table"]'), PIXEL_COLUMNS, pixels, (column, value) =>
        column === "pixels_per_unit" ? `@${value}x` : figureText(value));
}

/** The circle and the approximation at radius 1 + F·e(φ), as `beztune magnify` draws it: the
 *  error curve of one segment repeated around the circle (the segments are equal). */
function drawMagnifier(svg, curve, segments, factor) {
    clear(svg);
    svgElement("circle", { cx: 0, cy: 0, r: 1, class: "truth" }, svg);
    const angles = [], radii = [];
    if (segments * curve.angle_deg.length <= MAX_OUTLINE_POINTS) {
        for (let j = 0; j < segments; j++) {
            for (let i = j ? 1 : 0; i < curve.angle_deg.length; i++) {
                angles.push((curve.angle_deg[i] + 360 * j / segments) * Math.PI / 180);
                radii.push(1 + factor * curve.radial_error[i]);
            }
        }
    } else {
        // Too many segments to draw each: the outline at evenly spaced angles, e(φ) read off the
        // one segment's samples (periodic with the segment's angle), linearly between them.
        const period = 360 / segments, last = curve.angle_deg.length - 1;
        for (let m = 0; m <= MAX_OUTLINE_POINTS; m++) {
            const phi = 360 * m / MAX_OUTLINE_POINTS;
            const local = phi - period * Math.floor(phi / period);
            let i = 0;
            while (i < last - 1 && curve.angle_deg[i + 1] < local) i++;
            const a = curve.angle_deg[i], b = curve.angle_deg[i + 1];
            const w = b > a ? Math.min(1, Math.max(0, (local - a) / (b - a))) : 0;
            angles.push(phi * Math.PI / 180);
            radii.push(1 + factor * (curve.radial_error[i] + w * (curve.radial_error[i + 1] - curve.radial_error[i])));
        }
    }
    const points = pointsText(angles, radii, (a, r) => [r * Math.cos(a), -r * Math.sin(a)]);
    svgElement("polygon", { points, class: "curve", "data-test": "magnified" }, svg);
    for (let j = 0; j < Math.min(segments, 64); j++) {
        const a = 2 * Math.PI * j / segments;
        svgElement("circle", { cx: Math.cos(a), cy: -Math.sin(a), r: 0.025, fill: "#1d1d1f" }, svg);
    }
}

/** The chart's frame: k across, log₁₀ max |e| up. */
function chartScale(chart) {
    const left = 54, right = 405, top = 62, bottom = 225;
    const logs = chart.error.map((e) => Math.log10(Math.max(e, 1e-300)));
    const yLo = Math.floor(Math.min(...logs)), yHi = Math.ceil(Math.max(...logs));
    const X = (k) => left + (right - left) * (k - chart.lo) / (chart.hi - chart.lo);
    const Y = (l) => bottom - (bottom - top) * (l - yLo) / Math.max(1e-9, yHi - yLo);
    return { left, right, top, bottom, logs, yLo, yHi, X, Y };
}

/** max |e| against k on a log scale, each criterion's optimum as a tick. */
function drawChart(svg, chart, optima, onPick) {
    clear(svg);
    const { left, right, top, bottom, logs, yLo, yHi, X, Y } = chartScale(chart);
    svgElement("line", { x1: left, y1: bottom, x2: right, y2: bottom, class: "axis" }, svg);
    svgElement("line", { x1: left, y1: top, x2: left, y2: bottom, class: "axis" }, svg);
    for (let l = yLo; l <= yHi; l++) {
        svgElement("text", { x: left - 6, y: Y(l) + 4, "text-anchor": "end", class: "label" }, svg).textContent = `1e${l}`;
    }
    for (const [k, anchor] of [[chart.lo, "start"], [(chart.lo + chart.hi) / 2, "middle"], [chart.hi, "end"]]) {
        svgElement("text", { x: X(k), y: bottom + 14, "text-anchor": anchor, class: "label" }, svg).textContent = shortText(k, 5);
    }
    svgElement("text", { x: (left + right) / 2, y: bottom + 28, "text-anchor": "middle", class: "label" }, svg).textContent = "k";
    svgElement("polyline", { points: pointsText(chart.k, logs, (k, l) => [X(k), Y(l)]), class: "curve" }, svg);
    [...optima].sort((a, b) => a.k - b.k).forEach((r, i) => {
        const x = X(r.k);
        if (x < left || x > right) return;
        const tick = svgElement("line", { x1: x, y1: 14 + 10 * (i % 5), x2: x, y2: bottom, class: "optimum", "data-criterion": r.criterion }, svg);
        // Labels staggered in five rows: the optima crowd within a few 1e-4 of each other.
        const label = svgElement("text", { x, y: 12 + 10 * (i % 5), "text-anchor": "middle", class: "optimum-label" }, svg);
        label.textContent = r.criterion;
        for (const element of [tick, label]) element.addEventListener("click", () => onPick(r.criterion));
    });
    svgElement("circle", { r: 4.5, fill: "var(--second)", "data-test": "k-dot" }, svg);
}

/** The current k on the chart (held at the edge when outside its range). */
function placeDot(svg, chart, row) {
    const { left, right, top, bottom, X, Y } = chartScale(chart);
    const dot = svg.querySelector('[data-test="k-dot"]');
    const l = Math.log10(Math.max(row.max_abs_radial_error, 1e-300));
    dot.setAttribute("cx", Math.min(right, Math.max(left, X(row.k))));
    dot.setAttribute("cy", Math.min(bottom, Math.max(top, Y(l))));
}
