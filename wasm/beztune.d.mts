// TypeScript declarations of beztune.mjs — the file tsc finds for `import … from "./beztune.mjs"`.
// Each function is the `beztune` command of the same meaning; its options are the command's long
// options in camelCase. A number may be given as a number or as the text the command line takes
// ("1/1.8", "1e-3"); a repeatable option as an array.

/** A number, or its text as the command line takes it. */
export type NumberText = number | string;

/** The largest argument text a call takes, in UTF-8 bytes (32 MiB). */
export const MAX_TEXT_BYTES: number;
/** The most points an outline given as points may have (10⁶). */
export const MAX_POINTS: number;

/** A refusal with the command line's one-line message (without `beztune CMD: ` and a file name). */
export class BeztuneError extends Error {
    /** "usage": the arguments are at fault (the command exits with 2); "runtime": the input (exit 1). */
    readonly kind: "usage" | "runtime";
    constructor(message: string, kind: "usage" | "runtime");
}

/** Calls the library's function `name` with the command's options. */
export function call(name: string, args?: object): unknown;

/** The arc-error options every circle call shares. */
export interface ArcOptions {
    /** Equal segments per circle, N ≥ 2 (default 4). */
    segments?: NumberText;
    /** The radius for the absolute columns (*_abs). */
    radius?: NumberText;
    /** Squash factors (both or neither): adds ellipse_max_distance. */
    sx?: NumberText;
    sy?: NumberText;
}

/** One row of `beztune error --csv`: every figure a number, `k_input` the k as given. */
export type ErrorRow = { k_input: string } & { [column: string]: number | string };

/** `beztune error`: one row per k (and pixel scale). */
export function errorTable(options: ArcOptions & {
    /** Handle factors: numbers, expressions ("1/1.8"), criteria ("minimax") or players' constants ("lottie-web"). */
    k: NumberText | NumberText[];
    /** With `radius`: pixels per unit, "1,2,3" for one row per scale with the *_px columns. */
    pixelsPerUnit?: NumberText;
}): ErrorRow[];

/** `beztune optimize`: one row per criterion, `criterion` then `beztune error`'s columns. */
export function optimize(options: ArcOptions & { segments: NumberText }): Array<{ criterion: string } & { [column: string]: number | string }>;

/** `beztune error-curve`: the radial error along one segment. */
export function errorCurve(options: { k: NumberText; segments?: NumberText; samples?: NumberText }): {
    t: number[]; angle_deg: number[]; radial_error: number[];
};

/** `beztune segments-for`: the fewest segments per circle within a radial tolerance. */
export function segmentsFor(options: { tolerance: NumberText; radius?: NumberText; criterion?: string }): {
    criterion: string; segments: number; k: number; tolerance: number; max_abs_radial_error: number;
    tolerance_abs?: number; max_abs_radial_error_abs?: number;
};

/** `--set` values: `{yFactor: 0.8}` or `["yFactor=0.8", …]`. */
export type Assignments = { [parameter: string]: NumberText } | string[];

/** The options naming a model and its animation. */
export interface ModelOptions {
    /** A model of `models()` (ball, ellipse, fallingLine, …). */
    model: string;
    /** End values at progress 1; a pose (tx, ty, scale, rotation) places the shape throughout. */
    set?: Assignments;
    /** A timing function: linear, easeInEaseOut, cubic-bezier(…), spring(…), steps(…), … */
    timing?: string;
    /** Instead of `timing` (a plain model only): the change (0 at rest, 1 at the set values) at
     *  key times in [0, 1], each key's `timing` the interval to the next (default linear). */
    keys?: TimingKey[];
}

/** One per-interval key: the change `value` at progress `time`, and the timing to the next key. */
export interface TimingKey { time: number; value: number; timing?: string }

/** `beztune model --list`. */
export function models(): Array<{ model: string; parameter: string; default: number | string; lower: number; upper: number; description: string }>;

/** `beztune model --name MODEL`: SVG path data (y-down unless `yUp`). */
export function modelPath(options: ModelOptions & { progress?: NumberText; yUp?: boolean }): string;

/** `beztune model --name MODEL --format csv`: the control points in model space. */
export function modelPoints(options: ModelOptions & { progress?: NumberText }): Array<{ index: number; x: number; y: number; kind: "anchor" | "handle" }>;

/** The outlines `beztune frames --model MODEL` draws: `count` frames from `from` to `to`. */
export function modelFrames(options: ModelOptions & { from?: NumberText; to?: NumberText; count?: NumberText; yUp?: boolean }): {
    progress: number[]; paths: string[];
};

/** `beztune fit`'s options for a target given as text or points (exactly one of svg, lottie, path, points). */
export interface FitOptions {
    svg?: string;
    lottie?: string;
    path?: string;
    points?: Array<[number, number]>;
    /** SVG: the shape by id or number. */
    select?: NumberText;
    /** Lottie: the layer by name or number, and the frame (required for Lottie). */
    layer?: NumberText;
    frame?: NumberText;
    lottieEllipse?: "exact" | "player";
    samples?: NumberText;
    yUp?: boolean;
    yDown?: boolean;
    model?: string;
    radius?: NumberText;
    /** The free parameters: ["xFactor", "yFactor"] or "xFactor,yFactor". */
    free?: string[] | string;
    set?: Assignments;
    loss?: "trivial" | "huber" | "soft-l1" | "cauchy" | "arctan";
    lossScale?: NumberText;
    symmetric?: NumberText;
    starts?: NumberText;
    seed?: NumberText;
    maxEvaluations?: NumberText;
    pixelsPerUnit?: NumberText;
}

/** What `beztune fit` reports for one target. */
export interface FitResult {
    values: { [parameter: string]: number };
    standardErrors: { [parameter: string]: number };
    rms: number;
    maxDistance: number;
    hausdorff: number;
    areaDifference: number;
    /** The solver's: converged_ftol, converged_xtol, converged_gtol, max_evaluations, … */
    status: string;
    converged: boolean;
    iterations: number;
    evaluations: number;
    pixelsPerUnit: number;
    rmsPx: number;
    maxDistancePx: number;
    hausdorffPx: number;
    /** `--residuals`' columns (model space). */
    residuals: { x: number[]; y: number[]; nearest_x: number[]; nearest_y: number[]; distance: number[]; segment: number[]; t: number[] };
    /** The text `--csv FILE` writes (for `exportText({fit})`; its `seconds` the wall time). */
    csv: string;
    /** The fitted outline as SVG path data, y-down (the target's space). */
    path: string;
}

/** `beztune fit`. */
export function fit(options: FitOptions): FitResult;

/** A keyframe outline for `fitProfile`: at `progress`, one of svg, path and points. */
export interface ProfileKeyframe {
    progress: NumberText;
    svg?: string;
    path?: string;
    points?: Array<[number, number]>;
    select?: NumberText;
    /** Names the keyframe in messages and profile.csv (default "keyframe N"). */
    label?: string;
    /** A per-interval profile's key. */
    key?: boolean;
}

/** The texts of a `beztune fit-profile` folder's CSV files. */
export interface ProfileFiles {
    /** profile.csv */
    profile: string;
    /** timing.csv */
    timing: string;
    /** settings.csv */
    settings: string;
    /** intervals.csv (a per-interval profile) */
    intervals?: string;
}

/** `beztune fit-profile` of a Lottie layer's frames or of keyframe outlines (exactly one of lottie, keyframes). */
export function fitProfile(options: {
    lottie?: string;
    layer?: NumberText;
    /** "A:B" or "A:B:STEP": the Lottie frames fitted. */
    frames?: string;
    keyframes?: ProfileKeyframe[];
    timing?: "cubic-bezier" | "spring" | "linear" | "keyframes" | "per-interval";
    duration?: NumberText;
    joint?: boolean;
    model?: string;
    radius?: NumberText;
    free?: string[] | string;
    set?: Assignments;
    /** "NAME=LOWER:UPPER": a model parameter's bounds or a timing parameter's range (x1 … v0). */
    bound?: string | string[];
    samples?: NumberText;
    yUp?: boolean;
    yDown?: boolean;
    select?: NumberText;
    lottieEllipse?: "exact" | "player";
    starts?: NumberText;
    seed?: NumberText;
    maxEvaluations?: NumberText;
    pixelsPerUnit?: NumberText;
}): ProfileFiles & { warnings: string[] };

/** `beztune export --format FORMAT --model MODEL … --out FILE`: the text it writes. */
export function exportText(options: {
    format: "svg" | "svg-animated" | "css" | "swift-uikit" | "swiftui" | "lottie" | "json" | string;
    model?: string;
    /** A `beztune fit --csv` result's text (`--fit FIT.csv`), `row` its data row. */
    fit?: string;
    row?: NumberText;
    free?: string[] | string;
    /** A fitted profile's files (`--profile-dir DIR`): what `fitProfile` answers; `method` two-stage or joint. */
    profile?: ProfileFiles;
    method?: "two-stage" | "joint";
    /** An `export --format json` document's text (`--document FILE`). */
    document?: string;
    fromFit?: string;
    fromRow?: NumberText;
    set?: Assignments;
    radius?: NumberText;
    duration?: NumberText;
    fps?: NumberText;
    progress?: NumberText;
    tolerance?: NumberText;
    typeName?: string;
    timing?: string;
    from?: "rest";
    fromSet?: Assignments;
}): string;

/** One spring in every platform's terms, for an animation of `duration` seconds (default 1). */
export function springs(options: {
    /** spring(ω,ζ[,v₀]) per unit of progress, ca-spring(…) or swiftui-spring(…). */
    timing?: string;
    /** Android's SpringForce: stiffness, damping ratio, start velocity (progress per second). */
    android?: { stiffness: number; dampingRatio: number; startVelocity?: number };
    /** SwiftUI's Spring(duration:bounce:). */
    bounce?: { duration: number; bounce: number; initialVelocity?: number };
    duration?: NumberText;
}): {
    duration: number;
    spring: { omega: number; zeta: number; initialVelocity: number; regime: "underdamped" | "critically damped" | "overdamped"; settlingProgress: number; text: string };
    caSpring: { mass: number; stiffness: number; damping: number; initialVelocity: number; settlingDuration: number };
    swiftUI: { response: number; dampingFraction: number; duration: number; bounce: number; initialVelocity: number };
    android: { stiffness: number; dampingRatio: number; startVelocity: number };
};

/** A timing function or per-interval keys sampled at `samples` (default 101) progress values
 *  over [0, 1], ends included: the change at each; for a timing its canonical text, kind and (a
 *  cubic-bezier) its control points. */
export function timingCurve(options: { timing?: string; keys?: TimingKey[]; samples?: NumberText }): {
    time: number[];
    value: number[];
    text?: string;
    kind?: "linear" | "cubic-bezier" | "spring" | "steps";
    points?: [number, number, number, number];
};

/** The WebAssembly memory's size in bytes (it grows, never shrinks: a leak shows here). */
export function memoryBytes(): number;
