// The Export panel: the text `beztune export` writes for the same inputs and options — the still
// shape of the current model and parameters (`--model … --set …`), its animation with the
// current timing (`--timing … --duration …`), or the last fit (`--fit FIT.csv`) — with copy and
// download.

import { InputError } from "./fields.mjs";

/** `beztune export --format`'s names. */
export const FORMATS = ["svg", "svg-animated", "css", "swift-uikit", "swiftui", "lottie", "json"];

const EXTENSIONS = { "svg": "svg", "svg-animated": "svg", "css": "css", "swift-uikit": "swift", "swiftui": "swift", "lottie": "json", "json": "json" };

/** The export's arguments: `source` is "shape", "animation" or "fit". */
export function exportArguments(e, state, fit, profile = null) {
    const args = { format: e.format };
    if (e.typeName.trim() && e.format.startsWith("swift")) args.typeName = e.typeName.trim();
    const s = state.squash;
    if (e.source === "profile") {
        if (!profile) throw new InputError("no fitted sequence yet: fit a Lottie layer's sequence in the Fit panel", "export-source");
        args.profile = profile;
    } else if (e.source === "fit") {
        if (!fit) throw new InputError("no fit yet: open a file in the Fit panel (a fit that failed is not exported)", "export-source");
        args.fit = fit.csv;
    } else {
        args.model = s.model;
        args.set = s.set;
        if (e.source === "animation") {
            if (state.timing.keysOn) {
                throw new InputError("per-interval keys are not exported yet: turn them off to export the timing above", "export-source");
            }
            args.timing = state.timing.text;
            args.duration = s.duration;
        }
    }
    return args;
}

/** The file a download is saved as: the type's name for Swift, else the model's. */
export function fileName(e, state, text) {
    const ext = EXTENSIONS[e.format] ?? "txt";
    if (ext === "swift") {
        const typeName = e.typeName.trim() || /\b(?:struct|enum|final class|class)\s+([A-Za-z_][A-Za-z0-9_]*)/.exec(text)?.[1] || "Ball";
        return `${typeName}.swift`;
    }
    const model = e.source === "fit" || e.source === "profile" ? e.source : state.squash.model;
    return `${model}${e.source === "animation" ? "-animation" : ""}.${ext}`;
}

/** Copies `text` to the clipboard; resolves to a one-line outcome (never rejects). */
export async function copyText(text, area) {
    try {
        await navigator.clipboard.writeText(text);
        return "copied";
    } catch {
        // Pages from disk or without the permission: the selection's copy.
        area.select();
        try {
            return document.execCommand("copy") ? "copied" : "selected: press Ctrl+C to copy";
        } catch {
            return "selected: press Ctrl+C to copy";
        }
    }
}

/** Starts the download of `text` as `name`. */
export function download(text, name) {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
