// Studio's state: what a shared link carries (location.hash) and what undo and redo step through.
//
// The state is plain data — texts as the user typed them, so a link reproduces the same input
// and the library reads it as the command line would:
//   circle: { k, segments, radius, ppu, factor }
//   squash: { model, set: {NAME: text}, progress, duration, loop, onion, compare, compareSet, compareMode }
//   timing: { text, keysOn, keys: [{time, value, timing}] }

/** The state a fresh page starts from: the seed's r/1.8 circle and ball, linear timing. */
export function defaultState() {
    return {
        circle: { k: "1/1.8", segments: "4", radius: "50", ppu: "1,2,3", factor: "200" },
        squash: { model: "ball", set: { yFactor: "0.8" }, progress: 1, duration: "1", loop: true, onion: false,
                  compare: false, compareSet: "k=0.5555555555555556", compareMode: "overlay" },
        timing: { text: "linear", keysOn: false,
                  keys: [{ time: 0, value: 0, timing: "ease-out" }, { time: 0.6, value: 1.15, timing: "ease-in-out" }, { time: 1, value: 1, timing: "" }] },
    };
}

/** A deep copy of `state`. */
export function copyState(state) {
    return JSON.parse(JSON.stringify(state));
}

const CIRCLE_KEYS = ["k", "segments", "radius", "ppu", "factor"];

/** The hash of a shared link: readable `key=value` pairs (URL-encoded). */
export function encodeState(state) {
    const p = new URLSearchParams();
    for (const key of CIRCLE_KEYS) p.set(key, state.circle[key]);
    const s = state.squash;
    p.set("model", s.model);
    for (const [name, value] of Object.entries(s.set)) p.set(`set.${name}`, value);
    p.set("progress", String(s.progress));
    p.set("duration", s.duration);
    p.set("loop", s.loop ? "1" : "0");
    p.set("onion", s.onion ? "1" : "0");
    p.set("compare", s.compare ? s.compareMode : "off");
    p.set("compareSet", s.compareSet);
    p.set("timing", state.timing.text);
    if (state.timing.keysOn) p.set("keys", JSON.stringify(state.timing.keys));
    return "#" + p.toString();
}

/** The state a hash describes, over the defaults (a missing key keeps its default); null when
 *  the hash is empty. Values are not checked here: the page checks them as it draws them. */
export function decodeState(hash) {
    const text = hash.startsWith("#") ? hash.slice(1) : hash;
    if (!text) return null;
    const p = new URLSearchParams(text);
    const state = defaultState();
    for (const key of CIRCLE_KEYS) if (p.has(key)) state.circle[key] = p.get(key);
    const s = state.squash;
    if (p.has("model")) {
        s.model = p.get("model");
        s.set = {};
    }
    for (const [key, value] of p) if (key.startsWith("set.")) s.set[key.slice(4)] = value;
    if (p.has("progress")) {
        const progress = Number(p.get("progress"));
        s.progress = Number.isFinite(progress) ? Math.min(1, Math.max(0, progress)) : 1;
    }
    if (p.has("duration")) s.duration = p.get("duration");
    if (p.has("loop")) s.loop = p.get("loop") === "1";
    if (p.has("onion")) s.onion = p.get("onion") === "1";
    if (p.has("compare")) {
        const mode = p.get("compare");
        s.compare = mode === "overlay" || mode === "side";
        if (s.compare) s.compareMode = mode;
    }
    if (p.has("compareSet")) s.compareSet = p.get("compareSet");
    if (p.has("timing")) state.timing.text = p.get("timing");
    if (p.has("keys")) {
        try {
            const keys = JSON.parse(p.get("keys"));
            if (Array.isArray(keys) && keys.length >= 1 && keys.every((k) => k && typeof k === "object")) {
                state.timing.keys = keys.map((k) => ({ time: Number(k.time), value: Number(k.value), timing: String(k.timing ?? "") }));
                state.timing.keysOn = true;
            }
        } catch {
            // A mangled keys list keeps the default keys, off.
        }
    }
    return state;
}

/** Undo and redo over committed states: each commit pushes the state before it. */
export class History {
    constructor(limit = 200) {
        this.limit = limit;
        this.past = [];
        this.future = [];
    }

    /** Records `previous` (the state a change replaces) as one undo step. */
    record(previous) {
        this.past.push(copyState(previous));
        if (this.past.length > this.limit) this.past.shift();
        this.future = [];
    }

    get canUndo() { return this.past.length > 0; }
    get canRedo() { return this.future.length > 0; }

    /** The state before `current`, or null. */
    undo(current) {
        if (!this.past.length) return null;
        this.future.push(copyState(current));
        return this.past.pop();
    }

    /** The state undone last, or null. */
    redo(current) {
        if (!this.future.length) return null;
        this.past.push(copyState(current));
        return this.future.pop();
    }
}
