// BezierTune Studio: the page's controller. Every number it shows comes from beztune.wasm (the
// library the `beztune` command is built from) through beztune.mjs, exposed as window.beztune.
//
// A change to a control is proposed: the panels it affects are computed from a copy of the
// state, and only when the library accepts it does the copy become the state and get drawn —
// a refusal shows its one line next to the control and leaves the previous state (and drawing)
// as it was. Committed changes (a typed value, a released slider) are undo steps and update
// location.hash, so a shared link restores the session.

import * as beztune from "./beztune.mjs";
import { defaultState, copyState, encodeState, decodeState, History } from "./state.mjs";
import { InputError, showMessage, clearMessages, fieldOfMessage } from "./fields.mjs";
import { clear } from "./svg.mjs";
import { computeCircle, computePixels, drawCircle, drawPixels } from "./circle-panel.mjs";
import { modelCatalog, takesPose, computeSquash, computeFrame, durationSeconds, boundsOf, drawSquash, viewBoxAround,
         buildParameterControls, showParameters } from "./squash-panel.mjs";
import { fileKind, svgChoices, lottieChoices, computeFit, buildFreeToggles, drawFit, MAX_FILE_BYTES,
         computeProfile, drawProfile, drawKeyframe } from "./fit-panel.mjs";
import { FORMATS, exportArguments, fileName, copyText, download } from "./export-panel.mjs";
import { PRESETS, computeTiming, drawTiming, cubicBezierText, springText, showSpring, drawKeys, keyArguments } from "./timing-panel.mjs";

window.beztune = beztune;
const api = beztune;
const $ = (test) => document.querySelector(`[data-test="${test}"]`);

const catalog = modelCatalog(api);
const circleCache = new Map();
const history = new History();
let state = defaultState();
let committed = copyState(state);
let drawn = { circle: null, squash: null, timing: null };
let frameKey = "";
let frameView = null;
let builtModel = "";
let playing = null;

/** What each panel's drawing depends on. */
const slices = {
    circle: (s) => JSON.stringify(s.circle),
    timing: (s) => JSON.stringify(s.timing),
    squash: (s) => JSON.stringify([s.squash, s.timing]),
    frame: (s) => JSON.stringify([s.squash.model, s.squash.set, s.squash.compare && s.squash.compareSet, s.timing]),
};

/** The panels of `next` whose inputs differ from `previous` (all when `previous` is null). */
function changedPanels(previous, next) {
    const out = new Set();
    for (const panel of ["circle", "timing", "squash"]) {
        if (!previous || slices[panel](previous) !== slices[panel](next)) out.add(panel);
    }
    return out;
}

/** Computes the changed panels of `candidate`; throws a BeztuneError or InputError. `live`: a
 *  slider moving, whose device-pixel rows wait until after the frame. */
function computePanels(candidate, panels, { live = false } = {}) {
    const results = {};
    if (panels.has("circle")) results.circle = computeCircle(api, candidate.circle, circleCache, { deferPixels: live });
    if (panels.has("timing")) results.timing = computeTiming(api, candidate.timing);
    if (panels.has("squash")) {
        if (!catalog.has(candidate.squash.model)) {
            throw new InputError(`unknown model '${candidate.squash.model}' (models: ${[...catalog.keys()].join(", ")})`, "model");
        }
        durationSeconds(candidate.squash.duration);
        results.squash = computeSquash(api, candidate);
        // The view is measured again when a setting is committed; a moving slider keeps it.
        const key = slices.frame(candidate);
        if (key !== frameKey && !(live && frameView)) results.frame = { key, paths: computeFrame(api, candidate) };
    }
    return results;
}

/** Draws computed panels. */
function drawPanels(results) {
    if (results.circle) {
        drawn.circle = results.circle;
        drawCircle($("circle-panel"), results.circle, (k) => propose((s) => { s.circle.k = k; }, "k", { sync: true }));
        if (!results.circle.pixels) schedulePixels();
    }
    if (results.frame) {
        const paths = [...results.frame.paths];
        if (results.squash?.second) paths.push(results.squash.second);
        frameView = viewBoxAround(boundsOf(paths, $("stage")));
        frameKey = results.frame.key;
    }
    if (results.squash) {
        drawn.squash = results.squash;
        drawSquash($("squash-panel"), results.squash, state, frameView);
    }
    if (results.timing) drawn.timing = results.timing;
    if (results.timing || results.squash) drawTimingPlot();
}

function drawTimingPlot() {
    if (!drawn.timing) return;
    drawTiming($("timing-plot"), drawn.timing, state.squash.progress, (points, commit, focus) => {
        propose((s) => { s.timing.text = cubicBezierText(points); s.timing.keysOn = false; }, "timing", { commit, sync: true });
        if (focus) $(focus)?.focus();
    });
    showSpring($("timing-panel"), drawn.timing.spring, springFamily);
    syncKeys();
    for (const button of $("timing-presets").querySelectorAll("button")) {
        button.setAttribute("aria-pressed", String(!state.timing.keysOn && button.dataset.timing === state.timing.text));
    }
}

let springFamily = "";
let pendingPixels = 0;

/** The device-pixel rows of the current state, after the frame a live change drew (they come
 *  from values the library has just accepted). */
function schedulePixels() {
    clearTimeout(pendingPixels);
    pendingPixels = setTimeout(() => {
        try {
            drawPixels($("circle-panel"), computePixels(api, state.circle));
        } catch (error) {
            if (!(error instanceof beztune.BeztuneError || error instanceof InputError)) throw error;
            showMessage(document, error.field ?? fieldOfMessage(error.message, "radius"), error.message);
        }
    }, 0);
}

/**
 * Proposes a change: `mutate` edits a copy of the state; `field` is the control it came from
 * (its message slot shows a refusal). `commit` makes it an undo step and updates the link;
 * `sync` writes the new state back into the controls (for changes made by buttons and drags).
 */
function propose(mutate, field, { commit = true, sync = false, live = false } = {}) {
    const started = performance.now();
    const candidate = copyState(state);
    mutate(candidate);
    const panels = changedPanels(state, candidate);
    // A committed squash setting is measured for the view again (a moving slider kept it).
    if (!live && slices.frame(candidate) !== frameKey) panels.add("squash");
    let results;
    try {
        results = computePanels(candidate, panels, { live });
    } catch (error) {
        if (!refusal(error)) throw error;
        report(field, error);
        // A checkbox, slider or menu showing the refused value goes back to the state's; a field
        // keeps the text typed into it, beside its message.
        const control = $(field);
        if (sync || (control && control.type !== "text" && control.type !== "number")) syncControls({ force: true });
        return false;
    }
    showMessage(document, field, "");
    state = candidate;
    drawPanels(results);
    if (sync === "k") $("k").value = state.circle.k;
    else if (sync === "params") showParameters(document.getElementById("params"), state.squash.set);
    else if (sync) syncControls();
    else if (field.startsWith("param-")) showParameters(document.getElementById("params"), state.squash.set);
    if (commit) commitState();
    else scheduleHash();
    scheduleExport();
    performance.measure("studio-update", { start: started, end: performance.now() });
    return true;
}

/** True for the library's refusals and the page's own. */
function refusal(error) {
    return error instanceof beztune.BeztuneError || error instanceof InputError;
}

/** Shows a refusal next to its control (`field`, else the control its message names), or in the
 *  status line when neither has a message slot. */
function report(field, error) {
    if (showMessage(document, field, error.message)) return;
    if (showMessage(document, error.field ?? fieldOfMessage(error.message, ""), error.message)) return;
    $("status").textContent = error.message;
}

/** Makes the state an undo step (when it changed since the last one) and the link's hash. */
function commitState() {
    if (JSON.stringify(state) === JSON.stringify(committed)) return;
    history.record(committed);
    committed = copyState(state);
    writeHash();
    updateHistoryButtons();
}

/** The link follows the state: at once for a commit, a quarter second after the last of a run
 *  of live changes (typing, a moving slider) — browsers limit how often a page may replace
 *  its URL (WebKit: 100 times in 30 s). */
function writeHash() {
    clearTimeout(hashTimer);
    const hash = encodeState(state);
    if (location.hash === hash) return;
    try {
        window.history.replaceState(null, "", hash);
    } catch {
        scheduleHash(); // over the browser's limit: again later
    }
}

let hashTimer = 0;
function scheduleHash() {
    clearTimeout(hashTimer);
    hashTimer = setTimeout(writeHash, 250);
}
window.addEventListener("pagehide", writeHash);

function updateHistoryButtons() {
    $("undo").disabled = !history.canUndo;
    $("redo").disabled = !history.canRedo;
}

/** Replaces the whole state (undo, redo, a pasted link); false when the library refuses it. */
function load(next, { record = false } = {}) {
    let results;
    try {
        results = computePanels(next, changedPanels(null, next));
        results.frame ??= { key: slices.frame(next), paths: computeFrame(api, next) };
    } catch (error) {
        if (!refusal(error)) throw error;
        return error;
    }
    if (record) history.record(committed);
    clearMessages(document);
    state = next;
    committed = copyState(next);
    frameKey = "";
    drawPanels(results);
    syncControls({ force: true });
    writeHash();
    updateHistoryButtons();
    scheduleExport();
    return null;
}

/** Writes the state into every control (a control being typed in keeps its text, unless
 *  `force`: undo, redo and a link replace it too). */
function syncControls({ force = false } = {}) {
    const set = (test, value) => {
        const control = $(test);
        if (control && (force || document.activeElement !== control)) control.value = value;
    };
    for (const key of ["k", "segments", "radius", "ppu", "factor"]) set(key, state.circle[key]);
    const s = state.squash;
    set("model", s.model);
    if (builtModel !== s.model) buildModelControls(s.model);
    showParameters(document.getElementById("params"), s.set, force);
    set("progress", String(s.progress));
    $("progress-value").textContent = String(Math.round(s.progress * 1000) / 1000);
    set("duration", s.duration);
    $("loop").checked = s.loop;
    $("onion").checked = s.onion;
    $("compare").checked = s.compare;
    set("compare-set", s.compareSet);
    set("compare-mode", s.compareMode);
    set("timing", state.timing.text);
    syncKeys();
}

let drawnKeys = "";

/** The keys table, its switch and button as the state has them (rebuilt only when they
 *  changed; the focused cell keeps the focus). */
function syncKeys() {
    $("keys-on").checked = state.timing.keysOn;
    $("keys-add").disabled = !state.timing.keysOn;
    const key = JSON.stringify([state.timing.keys, state.timing.keysOn]);
    if (key === drawnKeys) return;
    const focused = document.activeElement?.dataset?.test;
    drawKeys($("keys-table"), state.timing.keys, state.timing.keysOn, editKeys);
    drawnKeys = key;
    if (focused?.startsWith("key-")) $(focused)?.focus();
}

function editKeys(keys, commit) {
    propose((s) => { s.timing.keys = keys; }, "keys", { commit, sync: true });
}

function buildModelControls(model) {
    const parameters = catalog.get(model) ?? [];
    buildParameterControls(document.getElementById("params"), parameters, takesPose(api, model), (name, text, commit, fromSlider) => {
        propose((s) => {
            if (text.trim() === "") delete s.squash.set[name];
            else s.squash.set[name] = text.trim();
        }, `param-${name}`, { commit, live: !commit, sync: fromSlider && commit ? "params" : false });
    });
    builtModel = model;
}

// Controls → proposals.

function wireText(test, apply, { live = true } = {}) {
    const control = $(test);
    if (live) control.addEventListener("input", () => propose((s) => apply(s, control.value), test, { commit: false }));
    control.addEventListener("change", () => propose((s) => apply(s, control.value), test));
}

wireText("k", (s, v) => { s.circle.k = v.trim(); });
wireText("segments", (s, v) => { s.circle.segments = v.trim(); });
wireText("radius", (s, v) => { s.circle.radius = v.trim(); });
wireText("ppu", (s, v) => { s.circle.ppu = v.trim(); });
wireText("factor", (s, v) => { s.circle.factor = v.trim(); });
wireText("duration", (s, v) => { s.squash.duration = v.trim(); });
wireText("compare-set", (s, v) => { s.squash.compareSet = v.trim(); });
wireText("timing", (s, v) => { s.timing.text = v.trim(); s.timing.keysOn = false; });

const kSlider = $("k-slider");
kSlider.addEventListener("input", () => propose((s) => { s.circle.k = kSlider.value; }, "k", { commit: false, sync: "k", live: true }));
kSlider.addEventListener("change", () => propose((s) => { s.circle.k = kSlider.value; }, "k", { sync: "k" }));

for (const button of $("k-presets").querySelectorAll("button")) {
    button.addEventListener("click", () => propose((s) => { s.circle.k = button.dataset.k; }, "k", { sync: true }));
}

$("model").addEventListener("change", () => {
    const model = $("model").value;
    propose((s) => { s.squash.model = model; s.squash.set = {}; s.squash.compareSet = ""; }, "model", { sync: true });
});

const progress = $("progress");
progress.addEventListener("input", () => {
    stop();
    propose((s) => { s.squash.progress = Number(progress.value); }, "progress", { commit: false, live: true });
    $("progress-value").textContent = String(Math.round(state.squash.progress * 1000) / 1000);
});
progress.addEventListener("change", () => propose((s) => { s.squash.progress = Number(progress.value); }, "progress"));

for (const [test, key] of [["loop", "loop"], ["onion", "onion"], ["compare", "compare"]]) {
    $(test).addEventListener("change", () => propose((s) => { s.squash[key] = $(test).checked; }, test === "compare" ? "compare-set" : test));
}
$("compare-mode").addEventListener("change", () => propose((s) => { s.squash.compareMode = $("compare-mode").value; }, "compare-set"));

for (const [label, text] of PRESETS) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    button.dataset.timing = text;
    button.title = text;
    button.addEventListener("click", () => propose((s) => { s.timing.text = text; s.timing.keysOn = false; }, "timing", { sync: true }));
    $("timing-presets").appendChild(button);
}

for (const slider of $("springs").querySelectorAll("input[type=range]")) {
    const family = slider.dataset.spring.slice(0, 2);
    const move = (commit) => {
        springFamily = family;
        propose((s) => { s.timing.text = springText($("timing-panel"), family); s.timing.keysOn = false; }, "timing", { commit, sync: true });
        springFamily = "";
    };
    slider.addEventListener("input", () => move(false));
    slider.addEventListener("change", () => move(true));
}

$("keys-on").addEventListener("change", () => propose((s) => { s.timing.keysOn = $("keys-on").checked; }, "keys", { sync: true }));
$("keys-add").addEventListener("click", () => {
    const keys = state.timing.keys;
    if (keys.length < 2) {
        editKeys([...keys.map((k) => ({ ...k })), { time: 1, value: 1, timing: "" }].filter((k, i, all) => i === 0 || k.time > all[i - 1].time), true);
        return;
    }
    // A new key halfway through the longest interval, on the curve there.
    let at = 0;
    for (let i = 1; i < keys.length; i++) if (keys[i].time - keys[i - 1].time > keys[at + 1].time - keys[at].time) at = i - 1;
    const time = (keys[at].time + keys[at + 1].time) / 2;
    let value;
    try {
        value = api.timingCurve({ keys: keyArguments(keys), samples: 2001 }).value[Math.round(time * 2000)];
    } catch (error) {
        if (!refusal(error)) throw error;
        report("keys", error);
        return;
    }
    const next = keys.map((k) => ({ ...k }));
    next.splice(at + 1, 0, { time: Math.round(time * 1e6) / 1e6, value: Math.round(value * 1e6) / 1e6, timing: keys[at].timing });
    editKeys(next, true);
});

// Playback at the display's frame rate (requestAnimationFrame), over the duration.

function play() {
    if (playing) return;
    let duration;
    try {
        duration = durationSeconds(state.squash.duration) * 1000;
    } catch (error) {
        if (!refusal(error)) throw error;
        report("duration", error);
        return;
    }
    let start = performance.now() - (state.squash.progress >= 1 ? 0 : state.squash.progress * duration);
    $("play").textContent = "Pause";
    $("play").setAttribute("aria-pressed", "true");
    const tick = (now) => {
        let p = (now - start) / duration;
        if (p >= 1) {
            if (state.squash.loop) {
                start = now;
                p = 0;
            } else {
                p = 1;
            }
        }
        propose((s) => { s.squash.progress = p; }, "progress", { commit: false });
        progress.value = String(p);
        $("progress-value").textContent = String(Math.round(p * 1000) / 1000);
        if (p >= 1 && !state.squash.loop) stop();
        else playing = requestAnimationFrame(tick);
    };
    playing = requestAnimationFrame(tick);
}

function stop() {
    if (!playing) return;
    cancelAnimationFrame(playing);
    playing = null;
    $("play").textContent = "Play";
    $("play").setAttribute("aria-pressed", "false");
    writeHash();
}

$("play").addEventListener("click", () => (playing ? stop() : play()));

// Undo, redo and the keyboard.

function undo() {
    const previous = history.undo(committed);
    if (previous) { stop(); applyHistory(previous); }
}

function redo() {
    const next = history.redo(committed);
    if (next) { stop(); applyHistory(next); }
}

function applyHistory(next) {
    const refused = load(next);
    if (refused) report("status", refused);
}

$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);

document.addEventListener("keydown", (event) => {
    const target = event.target;
    const typing = target instanceof HTMLInputElement && target.type !== "range" && target.type !== "checkbox";
    const mod = event.ctrlKey || event.metaKey;
    if (mod && !typing && event.key.toLowerCase() === "z") {
        event.preventDefault();
        event.shiftKey ? redo() : undo();
    } else if (mod && !typing && event.key.toLowerCase() === "y") {
        event.preventDefault();
        redo();
    } else if (event.key === " " && !(target instanceof HTMLInputElement) && !(target instanceof HTMLButtonElement)
               && !(target instanceof HTMLSelectElement) && !(target instanceof HTMLTextAreaElement)
               && target.getAttribute?.("role") !== "slider" && !target.isContentEditable) {
        event.preventDefault();
        playing ? stop() : play();
    }
});

window.addEventListener("hashchange", () => {
    if (location.hash === encodeState(state)) return;
    const next = decodeState(location.hash);
    const refused = next ? load(next, { record: true }) : null;
    if (refused) {
        $("status").textContent = `The link's state is refused: ${refused.message}`;
        writeHash(); // the address shows the state the page keeps
    }
});

// The Fit panel: its own state (a file is not part of the link). A change is fitted from a copy
// of it; only a fit the library answers replaces the shown one.

let fitState = { name: "", text: "", kind: "", select: "", frame: "", model: "ball", radius: "50", ppu: "1", free: null };
let fitShown = null;

/** Fits `next` (the panel's settings after a change from `field`); shows the fit, or the
 *  refusal beside the control, the previous fit left as it was. */
function proposeFit(next, field) {
    let computed;
    try {
        computed = computeFit(api, next);
    } catch (error) {
        if (!refusal(error)) throw error;
        report(field, error);
        return false;
    }
    for (const name of ["file", "select", "frame", "fit-radius", "fit-ppu", "fit-free", "fit-run"]) showMessage(document, name, "");
    if (next.text !== fitState.text) {
        profileShown = null;
        drawProfileControls();
    }
    fitState = next;
    fitShown = computed.result;
    drawFit($("fit-panel"), computed);
    $("profile").hidden = fitState.kind !== "lottie";
    $("fit-file-name").textContent = `${fitState.name} (${fitState.kind === "svg" ? "SVG" : "Lottie"})`;
    if (!fitState.free) showFreeToggles(Object.keys(computed.result.values));
    scheduleExport();
    return true;
}

function showFreeToggles(free) {
    const parameters = catalog.get(fitState.model) ?? [];
    buildFreeToggles($("fit-free").querySelector("#fit-free"), parameters, true, free, (names) => {
        proposeFit({ ...fitState, free: names.length ? names.join(",") : "" }, "fit-free");
    });
}

/** A file opened or dropped: read, recognised, its choices listed, fitted. */
async function openFitFile(file) {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
        report("file", new InputError(`${file.name}: ${file.size} bytes, more than the ${MAX_FILE_BYTES} (32 MiB) Studio reads`, "file"));
        return;
    }
    let text;
    try {
        text = await file.text();
    } catch (error) {
        report("file", new InputError(`${file.name}: cannot read it (${error.message})`, "file"));
        return;
    }
    let kind;
    try {
        kind = fileKind(file.name, text);
    } catch (error) {
        if (!refusal(error)) throw error;
        report("file", error);
        return;
    }
    const choices = $("fit-panel").querySelector("#fit-choices");
    clear(choices);
    let frame = "";
    if (kind === "svg") {
        for (const id of svgChoices(text)) choices.appendChild(Object.assign(document.createElement("option"), { value: id }));
        $("select-label").textContent = "Shape";
    } else {
        const layers = lottieChoices(text);
        for (const layer of layers) {
            choices.appendChild(Object.assign(document.createElement("option"), { value: layer.name, label: `layer ${layer.index}, frames ${layer.ip}–${layer.op}` }));
        }
        $("select-label").textContent = "Layer";
        const first = layers.find((layer) => layer.shape) ?? layers[0];
        frame = first ? String(first.ip) : "0";
    }
    const next = { ...fitState, name: file.name, text, kind, select: "", frame };
    $("select").value = "";
    $("frame").value = frame;
    if (!proposeFit(next, "file")) pendingFile = next;
}

/** A file whose first fit was refused (an ambiguous selection, say): the next choice of shape,
 *  layer or frame is fitted against it. */
let pendingFile = null;

function editFit(field, apply) {
    const base = pendingFile ?? fitState;
    const next = { ...base };
    apply(next);
    if (proposeFit(next, field)) pendingFile = null;
}

$("file").addEventListener("change", () => openFitFile($("file").files[0]));
const drop = $("fit-panel");
drop.addEventListener("dragover", (event) => { event.preventDefault(); $("fit-drop").classList.add("dragging"); });
drop.addEventListener("dragleave", () => $("fit-drop").classList.remove("dragging"));
drop.addEventListener("drop", (event) => {
    event.preventDefault();
    $("fit-drop").classList.remove("dragging");
    openFitFile(event.dataTransfer?.files?.[0]);
});
// Each field fits when its edit ends (change) and a moment after the last keystroke while typing.
let pendingFit = 0;
for (const [test, apply] of [["select", (f, v) => { f.select = v; }], ["frame", (f, v) => { f.frame = v; }],
                             ["fit-radius", (f, v) => { f.radius = v.trim(); }], ["fit-ppu", (f, v) => { f.ppu = v.trim(); }]]) {
    const control = $(test);
    const edit = () => {
        clearTimeout(pendingFit);
        const base = pendingFile ?? fitState;
        if (sameField(base, test, control.value)) return;
        editFit(test, (f) => apply(f, control.value));
    };
    control.addEventListener("change", edit);
    control.addEventListener("input", () => {
        clearTimeout(pendingFit);
        pendingFit = setTimeout(edit, 300);
    });
}

/** True when the field already holds `value` in `f` (nothing to fit again). */
function sameField(f, test, value) {
    const current = { "select": f.select, "frame": f.frame, "fit-radius": f.radius, "fit-ppu": f.ppu }[test];
    return current === (test === "select" || test === "frame" ? value : value.trim());
}
$("fit-run").addEventListener("click", () => editFit("fit-run", () => {}));
$("fit-free-default").addEventListener("click", () => editFit("fit-free", (f) => { f.free = null; }));
showFreeToggles(["xFactor", "yFactor", "topYFactor", "k"]);

// The sequence of a Lottie layer (fit-profile): fitted on request, its keyframes scrubbed and
// played against the designer's frames.

let profileShown = null;
let profilePlaying = 0;

function drawProfileControls() {
    const scrub = $("profile-scrub");
    const count = profileShown?.keyframes.length ?? 0;
    scrub.disabled = count === 0;
    $("profile-play").disabled = count === 0;
    scrub.max = String(Math.max(0, count - 1));
    scrub.value = "0";
    $("profile-scrub-value").textContent = "";
    if (!profileShown) {
        clear($("profile-table"));
        clear($("profile-warnings"));
    }
}

function showKeyframe(index) {
    try {
        const key = drawKeyframe(api, $("fit-panel"), fitState, profileShown, index);
        $("profile-scrub-value").textContent = `frame ${key.frame} (progress ${Math.round(key.progress * 1000) / 1000}): grey the designer's, blue the profile's`;
    } catch (error) {
        if (!refusal(error)) throw error;
        report("profile", error);
    }
}

$("profile-run").addEventListener("click", () => {
    let computed;
    try {
        computed = computeProfile(api, fitState, { frames: $("profile-frames").value, timing: $("profile-timing-kind").value });
    } catch (error) {
        if (!refusal(error)) throw error;
        report("profile", error);
        return;
    }
    showMessage(document, "profile", "");
    profileShown = computed;
    drawProfile($("fit-panel"), computed);
    drawProfileControls();
    showKeyframe(0);
    scheduleExport();
});
$("profile-scrub").addEventListener("input", () => showKeyframe(Number($("profile-scrub").value)));
$("profile-play").addEventListener("click", () => {
    if (profilePlaying) {
        clearInterval(profilePlaying);
        profilePlaying = 0;
        $("profile-play").textContent = "Play";
        return;
    }
    // At the designer's frame rate when the file says it, one keyframe after another.
    let fps = 30;
    try { fps = Number(JSON.parse(fitState.text).fr) || 30; } catch { /* the default */ }
    $("profile-play").textContent = "Pause";
    profilePlaying = setInterval(() => {
        if (!profileShown) return;
        const next = (Number($("profile-scrub").value) + 1) % profileShown.keyframes.length;
        $("profile-scrub").value = String(next);
        showKeyframe(next);
    }, 1000 / fps);
});

// The Export panel: recomputed after the frame in which its inputs changed (the model, its
// values, duration and timing, the choices, the fit or the sequence shown) — not for a new
// progress, onion skin or second setting, which it does not export.

let exportState = { source: "shape", format: "svg", typeName: "" };
let pendingExport = 0;
let exported = "";
let exportedFor = null;

/** What the export of `choices` is made from. */
function exportInputs(choices) {
    const s = state.squash;
    return { key: JSON.stringify([choices, s.model, s.set, s.duration, state.timing]), fit: fitShown, profile: profileShown };
}

function scheduleExport() {
    const inputs = exportInputs(exportState);
    if (exportedFor && exportedFor.key === inputs.key && exportedFor.fit === inputs.fit && exportedFor.profile === inputs.profile) return;
    clearTimeout(pendingExport);
    pendingExport = setTimeout(() => updateExport(exportState, "export-source"), 0);
}

/** The export of `next` (the panel's choices after a change from `field`); a refusal is shown
 *  beside the control and the previous text and choices stay. */
function updateExport(next, field) {
    // The same inputs give the same text or the same refusal: either way, not asked again.
    exportedFor = exportInputs(next);
    let text;
    try {
        text = api.exportText(exportArguments(next, state, fitShown?.converged ? fitShown : null, profileShown?.folder ?? null));
    } catch (error) {
        if (!refusal(error)) throw error;
        report(error.field ?? fieldOfMessage(error.message, field), error);
        $("export-source").value = exportState.source;
        $("export-format").value = exportState.format;
        return;
    }
    showMessage(document, "export-source", "");
    showMessage(document, "export-type-name", "");
    exportState = next;
    exported = text;
    $("export-text").value = text;
    $("export-file-name").textContent = fileName(exportState, state, text);
}

for (const format of FORMATS) $("export-format").appendChild(Object.assign(document.createElement("option"), { value: format, textContent: format }));
$("export-source").addEventListener("change", () => updateExport({ ...exportState, source: $("export-source").value }, "export-source"));
$("export-format").addEventListener("change", () => updateExport({ ...exportState, format: $("export-format").value }, "export-source"));
$("export-type-name").addEventListener("change", () => updateExport({ ...exportState, typeName: $("export-type-name").value }, "export-type-name"));
$("export-copy").addEventListener("click", async () => {
    $("export-outcome").textContent = exported ? await copyText(exported, $("export-text")) : "nothing to copy";
});
$("export-download").addEventListener("click", () => {
    if (exported) download(exported, fileName(exportState, state, exported));
});

// Start: the models, then the link's state (or the defaults).

for (const model of catalog.keys()) {
    const option = document.createElement("option");
    option.value = model;
    option.textContent = model;
    $("model").appendChild(option);
}

const linked = decodeState(location.hash);
const refused = linked ? load(linked) : load(defaultState());
if (refused && linked) {
    const fallback = load(defaultState());
    if (fallback) throw fallback;
    $("status").textContent = `The link's state is refused (${refused.message}); the defaults are shown.`;
    showMessage(document, refused.field ?? fieldOfMessage(refused.message, ""), refused.message);
} else if (refused) {
    throw refused;
} else {
    $("status").textContent = `Ready: beztune.wasm (${Math.round(beztune.memoryBytes() / 1048576)} MiB of memory) — every number from the library.`;
}
document.documentElement.dataset.studio = "ready";
window.studioReady = true;
