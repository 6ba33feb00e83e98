// The Squash panel: a model (the ball and the other seed models) drawn at a progress of its
// animation from rest to the set values (`beztune model --name … --set … --progress P --timing T`),
// a slider and a numeric field per parameter and the pose, onion skin, and a second setting
// overlaid or beside it.

import { svgElement, clear } from "./svg.mjs";
import { InputError, positiveNumber } from "./fields.mjs";
import { shortText } from "./format.mjs";
import { keyArguments } from "./timing-panel.mjs";

/** The pose parameters every plain model takes (`beztune model --set tx=…`). */
export const POSE = [
    { parameter: "tx", default: 0, lower: -500, upper: 500, description: "translation x, model units" },
    { parameter: "ty", default: 0, lower: -500, upper: 500, description: "translation y, model units" },
    { parameter: "scale", default: 1, lower: 0, upper: 4, description: "scale about the model origin" },
    { parameter: "rotation", default: 0, lower: -Math.PI, upper: Math.PI, description: "rotation, radians, counter-clockwise" },
];

/** The models by name, each its parameter rows (`beztune model --list`). */
export function modelCatalog(api) {
    const catalog = new Map();
    for (const row of api.models()) {
        if (!catalog.has(row.model)) catalog.set(row.model, []);
        catalog.get(row.model).push(row);
    }
    return catalog;
}

/** Whether `model` takes a pose: the plain models do, the scenes (several parts on the seed's
 *  own timeline) do not — asked of the library. */
export function takesPose(api, model) {
    try {
        api.modelPath({ model, set: { tx: 0 }, progress: 0 });
        return true;
    } catch (error) {
        if (error.name === "BeztuneError") return false;
        throw error;
    }
}

/** The timing arguments of a state's timing: one timing text, or the per-interval keys. */
export function timingArguments(timing) {
    return timing.keysOn ? { keys: keyArguments(timing.keys) } : { timing: timing.text };
}

/** `NAME=VALUE, …` of the second setting as assignments. */
function compareAssignments(text) {
    const items = text.split(/[,;\s]+/).filter(Boolean);
    for (const item of items) {
        if (!/^[A-Za-z][A-Za-z0-9]*=/.test(item)) {
            throw new InputError(`invalid second setting '${item}': expected NAME=VALUE (e.g. k=0.5555555555555556)`, "compare-set");
        }
    }
    return items;
}

/** The paths the panel draws for state `s` at progress `progress`: this setting, its onion
 *  ghosts and the second setting (y-down SVG path data from the library). */
export function computeSquash(api, state, progress = state.squash.progress) {
    const s = state.squash;
    const timing = timingArguments(state.timing);
    const base = { model: s.model, set: s.set, ...timing };
    const path = api.modelPath({ ...base, progress });
    const ghosts = [];
    if (s.onion) {
        for (const d of [-0.2, -0.1, 0.1, 0.2]) {
            const p = progress + d;
            if (p >= 0 && p <= 1) ghosts.push(api.modelPath({ ...base, progress: p }));
        }
    }
    let second = null;
    if (s.compare) {
        const overrides = compareAssignments(s.compareSet);
        const names = new Set(overrides.map((a) => a.slice(0, a.indexOf("="))));
        const set = Object.entries(s.set).filter(([name]) => !names.has(name)).map(([name, value]) => `${name}=${value}`);
        try {
            second = api.modelPath({ model: s.model, set: [...set, ...overrides], ...timing, progress });
        } catch (error) {
            throw new InputError(`second setting: ${error.message}`, "compare-set");
        }
    }
    return { path, ghosts, second };
}

/** The frame the stage shows: the outlines at 11 progress values (and the second setting's),
 *  measured once per setting so the view holds still while it plays. */
export function computeFrame(api, state) {
    const s = state.squash;
    const frames = api.modelFrames({ model: s.model, set: s.set, ...timingArguments(state.timing), count: 11 });
    return frames.paths;
}

/** Checks the duration field. */
export function durationSeconds(text) {
    return positiveNumber(text, "duration", "duration", { max: 3600 });
}

/** The bounding box of path data texts, measured by the browser in an off-screen SVG. */
export function boundsOf(paths, svg) {
    const group = svgElement("g", { visibility: "hidden" }, svg);
    for (const d of paths) svgElement("path", { d }, group);
    let box;
    try {
        box = group.getBBox();
    } finally {
        svg.removeChild(group);
    }
    return box;
}

/** Draws the computed paths into the stage SVGs inside `root`. */
export function drawSquash(root, computed, state, view) {
    const stage = root.querySelector('[data-test="stage"]');
    const side = root.querySelector('[data-test="side"]');
    const sideStage = side.querySelector("svg");
    const sideBySide = state.squash.compare && state.squash.compareMode === "side";
    for (const svg of [stage, sideStage]) {
        clear(svg);
        if (view) svg.setAttribute("viewBox", view);
    }
    for (const d of computed.ghosts) svgElement("path", { d, class: "ghost" }, stage);
    svgElement("path", { d: computed.path, class: "curve", fill: "rgba(10,100,214,0.08)", "data-test": "model-path" }, stage);
    if (computed.second) {
        svgElement("path", { d: computed.second, class: "curve second", "data-test": "second-path" }, sideBySide ? sideStage : stage);
    }
    side.hidden = !sideBySide;
}

/** The view box around `box` with a margin. */
export function viewBoxAround(box) {
    const size = Math.max(box.width, box.height, 1e-9);
    const margin = size * 0.08;
    const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
    const half = size / 2 + margin;
    return `${cx - half} ${cy - half} ${2 * half} ${2 * half}`;
}

/** The parameter rows of `model`: a labelled slider and numeric field each (data-test
 *  `param-NAME`), `onInput(name, text, commit)` called as they change. */
export function buildParameterControls(container, parameters, pose, onInput) {
    clear(container);
    const rows = pose ? [...parameters, ...POSE] : parameters;
    for (const p of rows) {
        const id = `param-${p.parameter}`;
        const label = document.createElement("label");
        label.htmlFor = id;
        label.textContent = p.parameter;
        label.title = p.description;
        const slider = document.createElement("input");
        slider.type = "range";
        const numericDefault = typeof p.default === "number" ? p.default : null;
        // The slider spans the parameter's bounds; an open bound reaches 4× the default (the
        // numeric field takes any value).
        const lower = Number.isFinite(p.lower) ? p.lower : -4 * Math.max(1, Math.abs(numericDefault ?? 1));
        const upper = p.upper != null && Number.isFinite(p.upper) ? p.upper : lower + Math.max(10, 4 * Math.abs(numericDefault ?? 1));
        slider.min = String(lower);
        slider.max = String(upper);
        slider.step = "any";
        slider.dataset.test = `slider-${p.parameter}`;
        slider.setAttribute("aria-label", `${p.parameter} (slider)`);
        const field = document.createElement("input");
        field.type = "text";
        field.id = id;
        field.dataset.test = `param-${p.parameter}`;
        field.dataset.default = numericDefault == null ? "" : String(numericDefault);
        if (numericDefault == null) field.dataset.follows = String(p.default);
        field.placeholder = numericDefault == null ? `= ${p.default}` : String(numericDefault);
        field.spellcheck = false;
        field.setAttribute("aria-describedby", `message-param-${p.parameter}`);
        const message = document.createElement("span");
        message.className = "message";
        message.id = `message-param-${p.parameter}`;
        message.dataset.test = `message-param-${p.parameter}`;
        message.setAttribute("role", "alert");
        slider.addEventListener("input", () => onInput(p.parameter, shortText(Number(slider.value), 6), false, true));
        slider.addEventListener("change", () => onInput(p.parameter, shortText(Number(slider.value), 6), true, true));
        field.addEventListener("input", () => onInput(p.parameter, field.value, false, false));
        field.addEventListener("change", () => onInput(p.parameter, field.value, true, false));
        container.append(label, slider, field, message);
    }
}

/** Shows the set values in the fields and sliders (a control being edited keeps its value
 *  unless `force`). */
export function showParameters(container, set, force = false) {
    for (const field of container.querySelectorAll('input[data-test^="param-"]')) {
        const name = field.dataset.test.slice(6);
        const text = set[name] ?? "";
        if (force || document.activeElement !== field) field.value = text;
        const slider = container.querySelector(`[data-test="slider-${name}"]`);
        // An override left unset follows its parameter: its slider shows that value.
        const follows = field.dataset.follows;
        const fallback = follows ? (set[follows] ?? container.querySelector(`[data-test="param-${follows}"]`)?.dataset.default) : field.dataset.default;
        const value = Number(text !== "" ? text : fallback);
        if (slider && (force || document.activeElement !== slider) && Number.isFinite(value)) slider.value = String(value);
    }
}
