// The Timing panel: a timing function as `beztune model --timing` takes it, edited as text, by
// dragging a cubic-bezier's handles, by preset, by spring sliders in Core Animation and SwiftUI
// terms (the settle time drawn), or as per-interval keyframes; its curve from the library.

import { svgElement, clear, pointsText } from "./svg.mjs";
import { shortText } from "./format.mjs";

/** Named timings, as `--timing` spells them. */
export const PRESETS = [
    ["linear", "linear"], ["ease", "ease"], ["ease-in", "ease-in"], ["ease-out", "ease-out"],
    ["ease-in-out", "ease-in-out"], ["back out", "cubic-bezier(0.34,1.56,0.64,1)"],
    ["anticipate", "cubic-bezier(0.36,0,0.66,-0.56)"], ["steps(4)", "steps(4)"],
    ["SwiftUI spring", "swiftui-spring(response:0.55,dampingFraction:0.825)"],
    ["bouncy", "swiftui-spring(response:0.5,dampingFraction:0.55)"],
    ["CA spring", "ca-spring(mass:1,stiffness:170,damping:15)"],
];

/** The plot's frame: progress [0, 1] across 320 units, the change from `lo` to `hi` up 260. */
export function plotScale(lo, hi) {
    const X = (t) => 320 * t;
    const Y = (v) => 260 - 260 * (v - lo) / (hi - lo);
    const invert = (x, y) => [x / 320, lo + (260 - y) * (hi - lo) / 260];
    return { X, Y, invert };
}

/** The curve and facts the panel shows for timing state `t`; throws a BeztuneError. */
export function computeTiming(api, t) {
    if (t.keysOn) {
        const curve = api.timingCurve({ keys: keyArguments(t.keys), samples: 201 });
        return { curve, kind: "keys", spring: null };
    }
    const curve = api.timingCurve({ timing: t.text, samples: 201 });
    const spring = curve.kind === "spring" ? api.springs({ timing: t.text }) : null;
    return { curve, kind: curve.kind, spring };
}

/** The keys as the library takes them (an empty timing is linear). */
export function keyArguments(keys) {
    return keys.map((k) => {
        const key = { time: k.time, value: k.value };
        if (k.timing && String(k.timing).trim()) key.timing = k.timing;
        return key;
    });
}

/** Draws the curve, the handles of a cubic-bezier, the settle time of a spring and the current
 *  progress into `svg`; `onDrag(points, commit)` is called as a handle moves. */
export function drawTiming(svg, computed, progress, onDrag) {
    clear(svg);
    const { curve } = computed;
    const points = computed.kind === "cubic-bezier" ? computed.curve.points : null;
    const values = [...curve.value, 0, 1, ...(points ? [points[1], points[3]] : [])];
    const lo = Math.min(...values) - 0.08, hi = Math.max(...values) + 0.08;
    const { X, Y, invert } = plotScale(lo, hi);
    svgElement("rect", { x: 0, y: 0, width: 320, height: 260, fill: "none", class: "axis" }, svg);
    for (const v of [0, 1]) svgElement("line", { x1: 0, y1: Y(v), x2: 320, y2: Y(v), class: "axis", "stroke-dasharray": "2 3" }, svg);
    for (const [v, text] of [[0, "0"], [1, "1"]]) svgElement("text", { x: -6, y: Y(v) + 4, "text-anchor": "end", class: "label" }, svg).textContent = text;
    svgElement("text", { x: 160, y: 276, "text-anchor": "middle", class: "label" }, svg).textContent = "progress";
    svgElement("text", { x: 0, y: 276, "text-anchor": "middle", class: "label" }, svg).textContent = "0";
    svgElement("text", { x: 320, y: 276, "text-anchor": "middle", class: "label" }, svg).textContent = "1";
    if (computed.spring) {
        const settle = computed.spring.spring.settlingProgress;
        if (settle <= 1) {
            svgElement("line", { x1: X(settle), y1: 0, x2: X(settle), y2: 260, class: "settle-line", "data-test": "settle-line" }, svg);
            svgElement("text", { x: X(settle) + 3, y: 12, class: "label" }, svg).textContent = `settles ${shortText(settle, 3)} s`;
        }
    }
    svgElement("polyline", { points: pointsText(curve.time, curve.value, (t, v) => [X(t), Y(v)]), class: "curve", "data-test": "timing-curve" }, svg);
    // The current progress on the curve.
    const i = Math.round(progress * (curve.time.length - 1));
    svgElement("line", { x1: X(progress), y1: 0, x2: X(progress), y2: 260, class: "axis" }, svg);
    svgElement("circle", { cx: X(curve.time[i]), cy: Y(curve.value[i]), r: 4, fill: "var(--second)" }, svg);
    if (points) drawHandles(svg, points, { X, Y, invert }, onDrag);
}

/** The two handles of a cubic-bezier: pointer drags and arrow keys (Shift: ×10) move them;
 *  x stays in [0, 1] (CSS), y is free. */
function drawHandles(svg, points, scale, onDrag) {
    const { X, Y, invert } = scale;
    svgElement("line", { x1: X(0), y1: Y(0), x2: X(points[0]), y2: Y(points[1]), class: "axis" }, svg);
    svgElement("line", { x1: X(1), y1: Y(1), x2: X(points[2]), y2: Y(points[3]), class: "axis" }, svg);
    for (const h of [0, 1]) {
        const handle = svgElement("circle", {
            cx: X(points[2 * h]), cy: Y(points[2 * h + 1]), r: 7, fill: "#fff", stroke: "var(--accent)", "stroke-width": 2,
            class: "handle", tabindex: 0, role: "slider", "data-test": `handle-${h + 1}`,
            "aria-label": `Handle ${h + 1} (x${h + 1}, y${h + 1}): arrow keys move it`,
            "aria-valuetext": `x ${shortText(points[2 * h], 3)}, y ${shortText(points[2 * h + 1], 3)}`,
            "aria-valuenow": points[2 * h + 1], "aria-valuemin": -5, "aria-valuemax": 5,
        }, svg);
        const moved = (x, y) => {
            const next = [...points];
            next[2 * h] = Math.round(Math.min(1, Math.max(0, x)) * 1000) / 1000;
            next[2 * h + 1] = Math.round(y * 1000) / 1000;
            return next;
        };
        handle.addEventListener("pointerdown", (event) => {
            // The plot is redrawn as the handle moves: the drag listens on the window.
            event.preventDefault();
            const matrix = svg.getScreenCTM().inverse();
            const at = (e) => {
                const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix);
                return invert(p.x, p.y);
            };
            let last = null;
            const move = (e) => { last = moved(...at(e)); onDrag(last, false); };
            const up = (e) => {
                window.removeEventListener("pointermove", move);
                window.removeEventListener("pointerup", up);
                onDrag(last ?? moved(...at(e)), true);
            };
            window.addEventListener("pointermove", move);
            window.addEventListener("pointerup", up);
        });
        handle.addEventListener("keydown", (event) => {
            const step = event.shiftKey ? 0.1 : 0.01;
            const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] }[event.key];
            if (!delta) return;
            event.preventDefault();
            onDrag(moved(points[2 * h] + delta[0], points[2 * h + 1] + delta[1]), true, `handle-${h + 1}`);
        });
    }
}

/** `cubic-bezier(x1,y1,x2,y2)` of four numbers. */
export function cubicBezierText(points) {
    return `cubic-bezier(${points.map((x) => shortText(x, 6)).join(",")})`;
}

/** The spring text of the sliders of one family (`ca` or `ui`). */
export function springText(root, family) {
    const value = (name) => shortText(Number(root.querySelector(`[data-spring="${name}"]`).value), 5);
    if (family === "ca") {
        const velocity = Number(root.querySelector('[data-spring="ca-velocity"]').value);
        return `ca-spring(mass:${value("ca-mass")},stiffness:${value("ca-stiffness")},damping:${value("ca-damping")}${velocity ? `,velocity:${value("ca-velocity")}` : ""})`;
    }
    return `swiftui-spring(response:${value("ui-response")},dampingFraction:${value("ui-damping")})`;
}

/** Shows a spring's terms on the sliders (all but those of `family`, the one being moved), its
 *  settle time and regime. */
export function showSpring(root, spring, family) {
    const settle = root.querySelector('[data-test="settle"]');
    if (!spring) {
        settle.textContent = "Not a spring: move a slider to make one.";
        for (const out of root.querySelectorAll("[data-out]")) out.textContent = shortText(Number(root.querySelector(`[data-spring="${out.dataset.out}"]`).value), 4);
        return;
    }
    const set = (name, value) => {
        const slider = root.querySelector(`[data-spring="${name}"]`);
        if (family !== name.slice(0, 2)) slider.value = String(value);
    };
    set("ca-mass", spring.caSpring.mass);
    set("ca-stiffness", spring.caSpring.stiffness);
    set("ca-damping", spring.caSpring.damping);
    set("ca-velocity", spring.caSpring.initialVelocity);
    set("ui-response", spring.swiftUI.response);
    set("ui-damping", spring.swiftUI.dampingFraction);
    for (const out of root.querySelectorAll("[data-out]")) out.textContent = shortText(Number(root.querySelector(`[data-spring="${out.dataset.out}"]`).value), 4);
    settle.textContent = `${spring.spring.regime}; settles within 0.1 % after ${shortText(spring.caSpring.settlingDuration, 4)} s ` +
        `(CASpringAnimation: mass ${shortText(spring.caSpring.mass, 4)}, stiffness ${shortText(spring.caSpring.stiffness, 5)}, damping ${shortText(spring.caSpring.damping, 5)}; ` +
        `SwiftUI: response ${shortText(spring.swiftUI.response, 4)}, dampingFraction ${shortText(spring.swiftUI.dampingFraction, 4)}, bounce ${shortText(spring.swiftUI.bounce, 3)})`;
}

/** The keys table: time, change and the timing to the next key per row, and a remove button;
 *  `onEdit(keys, commit)` gets the edited keys. */
export function drawKeys(table, keys, enabled, onEdit) {
    clear(table);
    const head = table.createTHead().insertRow();
    for (const text of ["time", "change", "timing to the next key", ""]) {
        const th = document.createElement("th");
        th.textContent = text;
        head.appendChild(th);
    }
    const body = table.createTBody();
    keys.forEach((key, i) => {
        const tr = body.insertRow();
        const input = (name, value, label) => {
            const field = document.createElement("input");
            field.type = "text";
            field.value = String(value);
            field.disabled = !enabled || (name === "timing" && i === keys.length - 1);
            field.dataset.test = `key-${name}-${i}`;
            field.setAttribute("aria-label", `key ${i + 1} ${label}`);
            if (name === "timing") field.className = "key-timing";
            const edited = (commit) => {
                const next = keys.map((k) => ({ ...k }));
                next[i][name] = name === "timing" ? field.value : (field.value.trim() === "" ? NaN : Number(field.value));
                onEdit(next, commit);
            };
            field.addEventListener("change", () => edited(true));
            tr.insertCell().appendChild(field);
        };
        input("time", key.time, "time");
        input("value", key.value, "change");
        input("timing", key.timing ?? "", "timing");
        const remove = document.createElement("button");
        remove.type = "button";
        remove.textContent = "Remove";
        remove.disabled = !enabled || keys.length <= 2;
        remove.setAttribute("aria-label", `Remove key ${i + 1}`);
        remove.addEventListener("click", () => onEdit(keys.filter((_, j) => j !== i), true));
        tr.insertCell().appendChild(remove);
    });
}
