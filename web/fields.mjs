// Which control a refusal belongs to, and showing it there.

/** The long options a library message may name, and the control of each panel they belong to. */
const OPTION_FIELDS = {
    "--k": "k", "--segments": "segments", "--radius": "radius", "--pixels-per-unit": "ppu",
    "--timing": "timing", "--keys": "keys", "--progress": "progress", "--duration": "duration",
    "--type-name": "export-type-name", "--select": "select", "--layer": "select", "--frame": "frame",
};

/** The control a message is about: the first `--option` it names that a control stands for,
 *  else `fallback` (the control that was being edited). */
export function fieldOfMessage(message, fallback) {
    const match = /--[a-z-]+/.exec(message);
    return (match && OPTION_FIELDS[match[0]]) || fallback;
}

/** A refusal the page words itself (a value checked before it reaches the library). */
export class InputError extends Error {
    constructor(message, field) {
        super(message);
        this.name = "InputError";
        this.field = field;
    }
}

/** Shows `message` next to the control `field` (empty clears it) and marks the control. */
export function showMessage(root, field, message) {
    const slot = root.querySelector(`[data-test="message-${field}"]`);
    if (slot) slot.textContent = message;
    const control = root.querySelector(`[data-test="${field}"]`);
    if (control) {
        if (message) control.setAttribute("aria-invalid", "true");
        else control.removeAttribute("aria-invalid");
    }
    return Boolean(slot);
}

/** Clears every message and mark in `root`. */
export function clearMessages(root) {
    for (const slot of root.querySelectorAll('[data-test^="message-"]')) slot.textContent = "";
    for (const control of root.querySelectorAll('[aria-invalid="true"]')) control.removeAttribute("aria-invalid");
}

/** A positive finite number typed in a field, or an InputError naming `what`. */
export function positiveNumber(text, field, what, { min = 0, max = Infinity, inclusiveMin = false } = {}) {
    const trimmed = String(text).trim();
    const x = trimmed === "" ? NaN : Number(trimmed);
    if (!Number.isFinite(x)) throw new InputError(`invalid ${what} '${text}': expected a finite number`, field);
    if (inclusiveMin ? x < min : x <= min) throw new InputError(`invalid ${what} '${text}': must be ${inclusiveMin ? "at least" : "more than"} ${min}`, field);
    if (x > max) throw new InputError(`invalid ${what} '${text}': must be at most ${max}`, field);
    return x;
}
