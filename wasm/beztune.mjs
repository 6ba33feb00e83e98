// BezierTune's library as one ES module, for a web page, a plug-in or a Node script:
//
//     import { errorTable, modelPath, fit } from "./beztune.mjs";
//     errorTable({ k: ["1/1.8", 0.5523], segments: 4 });
//
// It loads beztune.wasm from beside itself (the same Swift sources as the `beztune` command,
// compiled with Embedded Swift) with top-level `await`, so every export is ready as soon as the
// import resolves. Each function is the command of the same meaning, its arguments the
// command's long options in camelCase (`pixelsPerUnit` for `--pixels-per-unit`), its numbers the
// command's. A refusal throws a `BeztuneError` carrying the command's one-line message (without
// `beztune CMD: ` and a file name): `invalid --k '1/0': the value is not a finite number`.
//
// The module owns the WebAssembly memory: every call copies its arguments in and its answer
// out, and frees both before it returns. Inputs over the stated limits (a text of more than
// MAX_TEXT_BYTES, an outline of more than MAX_POINTS points) are refused before any work.

/** The largest argument text a call takes, in UTF-8 bytes: 32 MiB. */
export const MAX_TEXT_BYTES = 32 * 1024 * 1024;
/** The most points an outline given as points may have. */
export const MAX_POINTS = 1_000_000;

/** A refusal: the command line's one-line message; `kind` is "usage" (the arguments are at
 *  fault: the command line exits with 2) or "runtime" (the input's content: exit 1). */
export class BeztuneError extends Error {
    constructor(message, kind) {
        super(message);
        this.name = "BeztuneError";
        this.kind = kind;
    }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const wasmURL = new URL("./beztune.wasm", import.meta.url);

async function wasmBytes() {
    // A one-file page carries the module inline: <script type="application/wasm" id="beztune-wasm">
    // holding it in base64 (Studio's index.html); otherwise it is the file beside this one.
    const inline = globalThis.document?.getElementById?.("beztune-wasm");
    if (inline) return base64Bytes(inline.textContent);
    if (wasmURL.protocol === "file:" && typeof process !== "undefined" && process.versions?.node) {
        const { readFile } = await import("node:fs/promises");
        return readFile(wasmURL);
    }
    const response = await fetch(wasmURL);
    if (!response.ok) throw new Error(`beztune.mjs: cannot load ${wasmURL}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
}

function base64Bytes(text) {
    const binary = atob(text.replace(/\s+/g, ""));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
}

// Web Crypto: a global in browsers and Node ≥ 19; Node 18's is node:crypto's `webcrypto`.
const webCrypto = globalThis.crypto ?? (await import("node:crypto")).webcrypto;

// The WASI functions the linked module imports (wasi_snapshot_preview1). The library does no
// I/O: fd_write only ever carries the Swift runtime's last words before a trap (kept for the
// message), random_get seeds hashing.
let instance;
let runtimeText = "";
const wasi = {
    random_get(pointer, length) {
        const bytes = new Uint8Array(instance.exports.memory.buffer, pointer, length);
        for (let i = 0; i < length; i += 65536) webCrypto.getRandomValues(bytes.subarray(i, Math.min(length, i + 65536)));
        return 0;
    },
    fd_write(fd, iovs, iovsLength, writtenPointer) {
        const view = new DataView(instance.exports.memory.buffer);
        let written = 0;
        for (let i = 0; i < iovsLength; i++) {
            const base = view.getUint32(iovs + 8 * i, true);
            const length = view.getUint32(iovs + 8 * i + 4, true);
            runtimeText += decoder.decode(new Uint8Array(instance.exports.memory.buffer, base, length));
            written += length;
        }
        view.setUint32(writtenPointer, written, true);
        return 0;
    },
    fd_close() { return 0; },
    fd_seek() { return 70; }, // ESPIPE: no file is seekable
    fd_fdstat_get() { return 8; }, // EBADF
    proc_exit(code) { throw new Error(`beztune.wasm exited with ${code}`); },
};
const imports = { wasi_snapshot_preview1: new Proxy(wasi, {
    get(target, name) { return target[name] ?? (() => 52); }, // ENOSYS for anything else
}) };

const compiled = await WebAssembly.compile(await wasmBytes());
instance = await WebAssembly.instantiate(compiled, imports);

function replacer(key, value) {
    // NaN and ±Infinity reach the library as the texts the command line would refuse them by.
    return typeof value === "number" && !Number.isFinite(value) ? String(value) : value;
}

function reviver(key, value) {
    // The library writes NaN and ±Infinity as "\u0000NaN", "\u0000Infinity", "\u0000-Infinity".
    return typeof value === "string" && value.charCodeAt(0) === 0 ? Number(value.slice(1)) : value;
}

function copyIn(bytes) {
    const pointer = instance.exports.bt_alloc(bytes.length);
    if (!pointer) throw new BeztuneError("out of memory", "runtime");
    new Uint8Array(instance.exports.memory.buffer, pointer, bytes.length).set(bytes);
    return pointer;
}

/** Calls the library's function `name` with `args` (an object of the command's options). */
export function call(name, args = {}) {
    if (args === null || typeof args !== "object" || Array.isArray(args)) {
        throw new BeztuneError(`expected the arguments as an object, not ${args === null ? "null" : Array.isArray(args) ? "an array" : typeof args}`, "usage");
    }
    const text = JSON.stringify(args, replacer);
    // UTF-8 is at most 3 bytes per UTF-16 unit: only a text that may be over is measured.
    const argumentBytes = text.length * 3 > MAX_TEXT_BYTES ? encoder.encode(text) : null;
    if (argumentBytes && argumentBytes.length > MAX_TEXT_BYTES) {
        throw new BeztuneError(`the arguments are ${argumentBytes.length} bytes, more than the ${MAX_TEXT_BYTES} (32 MiB) a call reads`, "usage");
    }
    if (!instance) throw new BeztuneError("beztune.wasm is restarting after an internal error; call again", "runtime");
    const nameBytes = encoder.encode(name);
    const argBytes = argumentBytes ?? encoder.encode(text);
    const used = instance;
    let namePointer = 0, argPointer = 0, answer = 0;
    try {
        namePointer = copyIn(nameBytes);
        argPointer = copyIn(argBytes);
        answer = instance.exports.bt_call(namePointer, nameBytes.length, argPointer, argBytes.length);
        const view = new DataView(instance.exports.memory.buffer);
        const status = view.getUint32(answer, true);
        const length = view.getUint32(answer + 4, true);
        const body = decoder.decode(new Uint8Array(instance.exports.memory.buffer, answer + 8, length));
        if (status !== 0) throw new BeztuneError(body, status === 1 ? "usage" : "runtime");
        return JSON.parse(body, reviver);
    } catch (error) {
        if (error instanceof WebAssembly.RuntimeError) {
            // A trap leaves the instance's stack and heap undefined: a fresh one answers next.
            const words = runtimeText.trim();
            runtimeText = "";
            restart();
            throw new BeztuneError(`internal error in beztune.wasm (${words || error.message}); please report it with the input`, "runtime");
        }
        throw error;
    } finally {
        if (instance === used) {
            for (const pointer of [namePointer, argPointer, answer]) if (pointer) instance.exports.bt_free(pointer);
        }
    }
}

function restart() {
    instance = undefined;
    try {
        instance = new WebAssembly.Instance(compiled, imports);
    } catch {
        WebAssembly.instantiate(compiled, imports).then((fresh) => { instance = fresh; });
    }
}

/** `beztune error`: one row per k (and pixel scale), keyed by `beztune error --csv`'s columns. */
export const errorTable = (options) => call("errorTable", options);
/** `beztune optimize`: one row per criterion (`criterion`, then `beztune error`'s columns). */
export const optimize = (options) => call("optimize", options);
/** `beztune error-curve`: the columns t, angle_deg and radial_error as arrays. */
export const errorCurve = (options) => call("errorCurve", options);
/** `beztune segments-for`: the fewest segments for a tolerance, with k and the error reached. */
export const segmentsFor = (options) => call("segmentsFor", options);
/** `beztune model --list`: one row per parameter of every model. */
export const models = () => call("models", {});
/** `beztune model --name MODEL`: the SVG path data of one frame (y-down unless `yUp`). */
export const modelPath = (options) => call("modelPath", options);
/** `beztune model --name MODEL --format csv`: the control points of one frame (model space). */
export const modelPoints = (options) => call("modelPoints", options);
/** The outlines of `beztune frames --model MODEL`: `count` frames from `from` to `to`. */
export const modelFrames = (options) => call("modelFrames", options);
/** `beztune fit` of an outline given as SVG text, Lottie text, path data or points. */
export const fit = (options) => call("fit", options);
/** `beztune fit-profile` of a Lottie layer or of keyframe outlines: the texts of the CSV files it writes. */
export const fitProfile = (options) => call("fitProfile", options);
/** `beztune export --format FORMAT --model MODEL …`: the text it writes. */
export const exportText = (options) => call("exportText", options);
/** One spring in every platform's terms: per unit of progress, CASpringAnimation, SwiftUI, Android. */
export const springs = (options) => call("springs", options);
/** A timing function (any `--timing` form) or per-interval keys sampled over progress [0, 1]. */
export const timingCurve = (options) => call("timingCurve", options);

/** The WebAssembly memory's size in bytes (it grows, never shrinks: a leak shows here). */
export const memoryBytes = () => instance?.exports.memory.buffer.byteLength ?? 0;
